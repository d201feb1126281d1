//! What a search is given and gives back, in python-chess's shape: `Limit` (how long to search)
//! and `PlayResult` (the move played, with the line that chose it). `analyse` and `play` read any
//! object with `Limit`'s attributes, python-chess's own `chess.engine.Limit` included.

use crate::arguments::{Flag, Seconds, Text, Whole, optional, refused, type_name, wrong_type};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabula_core::search::limits::{Clock, Limits};

/// The deepest search asked for.
pub const DEPTH_RANGE: (usize, usize) = (1, 255);
/// The most nodes a search is asked for.
const NODES_RANGE: (usize, usize) = (1, usize::MAX);
/// The moves a mate is searched for at most.
const MATE_RANGE: (usize, usize) = (1, 255);
/// The moves to the next time control at most.
const MOVES_RANGE: (usize, usize) = (1, 10_000);

/// How long a search runs: as deep as `depth`, as many `nodes`, `time` seconds, until a mate in
/// `mate` moves is found, or on the clock (`white_clock` and `black_clock` seconds left,
/// `white_inc` and `black_inc` seconds a move, `remaining_moves` to the next control); the
/// first limit reached ends it. Its fields come in python-chess's order, so that `Limit(3)` is
/// three seconds.
#[pyclass(module = "tabula_engine", frozen, eq, get_all, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct Limit {
    /// Seconds to search.
    pub time: Option<f64>,
    /// Plies to search.
    pub depth: Option<i64>,
    /// Nodes to search.
    pub nodes: Option<i64>,
    /// Moves within which to look for a mate.
    pub mate: Option<i64>,
    /// Seconds left on white's clock.
    pub white_clock: Option<f64>,
    /// Seconds left on black's clock.
    pub black_clock: Option<f64>,
    /// White's increment, seconds a move.
    pub white_inc: Option<f64>,
    /// Black's increment, seconds a move.
    pub black_inc: Option<f64>,
    /// Moves to the next time control.
    pub remaining_moves: Option<i64>,
}

#[pymethods]
impl Limit {
    /// Each field as python-chess's `Limit` has it, in its order; each checked as a search
    /// checks it (a `TypeError` for a wrong type, a `ValueError` out of range).
    #[new]
    #[pyo3(signature = (time = None, depth = None, nodes = None, mate = None,
        white_clock = None, black_clock = None, white_inc = None, black_inc = None,
        remaining_moves = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        time: Option<Seconds>,
        depth: Option<Whole>,
        nodes: Option<Whole>,
        mate: Option<Whole>,
        white_clock: Option<Seconds>,
        black_clock: Option<Seconds>,
        white_inc: Option<Seconds>,
        black_inc: Option<Seconds>,
        remaining_moves: Option<Whole>,
    ) -> PyResult<Limit> {
        let seconds = |value: Option<Seconds>, name, least| {
            value
                .map(|value| {
                    let seconds = value.named(name)?;
                    milliseconds(name, seconds, least).map(|_| seconds)
                })
                .transpose()
        };
        Ok(Limit {
            time: seconds(time, "time", Least::AboveZero)?,
            depth: optional(depth, "depth", DEPTH_RANGE)?,
            nodes: optional(nodes, "nodes", NODES_RANGE)?,
            mate: optional(mate, "mate", MATE_RANGE)?,
            white_clock: seconds(white_clock, "white_clock", Least::AboveZero)?,
            black_clock: seconds(black_clock, "black_clock", Least::AboveZero)?,
            white_inc: seconds(white_inc, "white_inc", Least::Zero)?,
            black_inc: seconds(black_inc, "black_inc", Least::Zero)?,
            remaining_moves: optional(remaining_moves, "remaining_moves", MOVES_RANGE)?,
        })
    }

    fn __repr__(&self) -> String {
        let fields = [
            ("time", self.time.map(|v| v.to_string())),
            ("depth", self.depth.map(|v| v.to_string())),
            ("nodes", self.nodes.map(|v| v.to_string())),
            ("mate", self.mate.map(|v| v.to_string())),
            ("white_clock", self.white_clock.map(|v| v.to_string())),
            ("black_clock", self.black_clock.map(|v| v.to_string())),
            ("white_inc", self.white_inc.map(|v| v.to_string())),
            ("black_inc", self.black_inc.map(|v| v.to_string())),
            (
                "remaining_moves",
                self.remaining_moves.map(|v| v.to_string()),
            ),
        ];
        let given: Vec<String> = fields
            .iter()
            .filter_map(|(name, value)| value.as_ref().map(|value| format!("{name}={value}")))
            .collect();
        format!("Limit({})", given.join(", "))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let fields = PyDict::new(py);
        fields.set_item("time", this.time)?;
        fields.set_item("depth", this.depth)?;
        fields.set_item("nodes", this.nodes)?;
        fields.set_item("mate", this.mate)?;
        fields.set_item("white_clock", this.white_clock)?;
        fields.set_item("black_clock", this.black_clock)?;
        fields.set_item("white_inc", this.white_inc)?;
        fields.set_item("black_inc", this.black_inc)?;
        fields.set_item("remaining_moves", this.remaining_moves)?;
        reduced(slf.as_any(), &fields, PyTuple::empty(py))
    }
}

/// The limits asked for: those of `limit` (any object with `Limit`'s attributes, or None), with
/// the keywords `depth`, `movetime` and `nodes` of the older calls added.
pub fn read_limits(
    limit: Option<&Bound<'_, PyAny>>,
    depth: Option<Whole>,
    movetime: Option<Seconds>,
    nodes: Option<Whole>,
) -> PyResult<Limits> {
    let mut limits = Limits::default();
    if let Some(limit) = limit {
        limits.depth = whole_attribute(limit, "depth", DEPTH_RANGE)?;
        limits.nodes = whole_attribute(limit, "nodes", NODES_RANGE)?;
        limits.mate = whole_attribute(limit, "mate", MATE_RANGE)?;
        limits.moves_to_go = whole_attribute(limit, "remaining_moves", MOVES_RANGE)?;
        limits.movetime_ms = seconds_attribute(limit, "time", Least::AboveZero)?;
        let clock = |left: &str, increment: &str| -> PyResult<Option<Clock>> {
            let left = seconds_attribute(limit, left, Least::AboveZero)?;
            let increment = seconds_attribute(limit, increment, Least::Zero)?.unwrap_or(0);
            Ok(left.map(|time_left_ms| Clock {
                time_left_ms,
                increment_ms: increment,
            }))
        };
        limits.white_clock = clock("white_clock", "white_inc")?;
        limits.black_clock = clock("black_clock", "black_inc")?;
    }
    if let Some(depth) = depth {
        limits.depth = Some(depth.within("depth", DEPTH_RANGE)?);
    }
    if let Some(nodes) = nodes {
        limits.nodes = Some(nodes.within("nodes", NODES_RANGE)?);
    }
    if let Some(seconds) = movetime {
        let seconds = seconds.named("movetime")?;
        limits.movetime_ms = Some(milliseconds("movetime", seconds, Least::AboveZero)?);
    }
    Ok(limits)
}

/// Whether `limits` ends a search by itself.
pub fn bounded(limits: &Limits) -> bool {
    limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.movetime_ms.is_some()
        || limits.mate.is_some()
        || limits.white_clock.is_some()
        || limits.black_clock.is_some()
}

/// The whole number `limit.name`, if set, within `range`.
fn whole_attribute<T: TryFrom<i64>>(
    limit: &Bound<'_, PyAny>,
    name: &str,
    range: (usize, usize),
) -> PyResult<Option<T>> {
    match optional_attribute(limit, name)? {
        None => Ok(None),
        Some(value) => Ok(Some(value.extract::<Whole>()?.within(name, range)?)),
    }
}

/// The seconds `limit.name`, if set, in whole milliseconds (rounded up).
fn seconds_attribute(limit: &Bound<'_, PyAny>, name: &str, least: Least) -> PyResult<Option<u64>> {
    optional_attribute(limit, name)?
        .map(|value| milliseconds(name, value.extract::<Seconds>()?.named(name)?, least))
        .transpose()
}

/// `limit.name`, None where it is missing or None.
fn optional_attribute<'py>(
    limit: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    match limit.getattr_opt(name)? {
        Some(value) if !value.is_none() => Ok(Some(value)),
        _ => Ok(None),
    }
}

/// The least number of seconds a limit takes: above zero for a time to search or left on a
/// clock, zero too for an increment.
#[derive(Clone, Copy, PartialEq)]
enum Least {
    AboveZero,
    Zero,
}

/// `seconds` (named `name` in a refusal) in whole milliseconds, rounded up.
fn milliseconds(name: &str, seconds: f64, least: Least) -> PyResult<u64> {
    let enough = seconds > 0.0 || (least == Least::Zero && seconds == 0.0);
    if seconds.is_finite() && enough && seconds < 1e12 {
        Ok((seconds * 1000.0).ceil() as u64)
    } else {
        let wanted = match least {
            Least::AboveZero => "a positive number of seconds",
            Least::Zero => "a number of seconds, zero or more",
        };
        Err(refused(format!("{name} {seconds} is not {wanted}")))
    }
}

/// What `Engine.play` gives: the `move` (None only where the rules leave no move in a game that
/// goes on), the reply it expects (`ponder`), the `info` of the line that chose it (empty for
/// the levels that do not search), and python-chess's `draw_offered` and `resigned` (tabula
/// offers no draw and never resigns). As python-chess's, two compare equal only if they are
/// the same object.
#[pyclass(module = "tabula_engine", frozen, get_all, skip_from_py_object)]
pub struct PlayResult {
    /// The move played, or None where the rules leave none.
    #[pyo3(name = "move")]
    pub chosen: Option<String>,
    /// The reply the engine expects, if its line reaches that far.
    pub ponder: Option<String>,
    /// The line that chose the move (an `InfoDict`; empty where no search chose it).
    pub info: Py<PyDict>,
    /// Whether the engine offered a draw before moving: False from tabula's engine.
    pub draw_offered: bool,
    /// Whether the engine resigned: False from tabula's engine.
    pub resigned: bool,
}

#[pymethods]
impl PlayResult {
    /// python-chess's signature: `move`, `ponder` and `info`, then `draw_offered` and
    /// `resigned` by keyword.
    #[new]
    #[pyo3(signature = (r#move, ponder = None, info = None, *, draw_offered = Flag(false),
        resigned = Flag(false)),
        text_signature = "(move, ponder=None, info=None, *, draw_offered=False, resigned=False)")]
    fn new(
        py: Python<'_>,
        r#move: Option<Text>,
        ponder: Option<Text>,
        info: Option<&Bound<'_, PyAny>>,
        draw_offered: Flag,
        resigned: Flag,
    ) -> PyResult<PlayResult> {
        let info = match info {
            None => PyDict::new(py),
            Some(info) => info
                .cast::<PyDict>()
                .map_err(|_| wrong_type("info", "a dict", &type_name(&info.as_borrowed())))?
                .clone(),
        };
        Ok(PlayResult {
            chosen: Text::optional(r#move, "move")?,
            ponder: Text::optional(ponder, "ponder")?,
            info: info.unbind(),
            draw_offered: draw_offered.0,
            resigned: resigned.0,
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let shown =
            |text: &Option<String>| text.as_ref().map_or("None".into(), |t| format!("'{t}'"));
        Ok(format!(
            "PlayResult(move={}, ponder={}, info={}, draw_offered={}, resigned={})",
            shown(&self.chosen),
            shown(&self.ponder),
            self.info.bind(py).repr()?,
            python_bool(self.draw_offered),
            python_bool(self.resigned),
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let py = slf.py();
        let args = (
            this.chosen.clone(),
            this.ponder.clone(),
            this.info.clone_ref(py),
        );
        let flags = PyDict::new(py);
        flags.set_item("draw_offered", this.draw_offered)?;
        flags.set_item("resigned", this.resigned)?;
        reduced(slf.as_any(), &flags, args)
    }
}

/// What `__reduce__` answers for `slf`, a class whose keyword-only fields are `keywords` and
/// whose positional ones are `args`: `functools.partial(type(slf), **keywords)` and `args`, as
/// pickle wants them (a pickled call cannot name keywords).
fn reduced<'py, A: IntoPyObject<'py>>(
    slf: &Bound<'py, PyAny>,
    keywords: &Bound<'py, PyDict>,
    args: A,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = slf.py();
    let build = py
        .import("functools")?
        .getattr("partial")?
        .call((slf.get_type(),), Some(keywords))?;
    (build, args).into_pyobject(py)
}

/// `flag` as Python writes it.
fn python_bool(flag: bool) -> &'static str {
    if flag { "True" } else { "False" }
}
