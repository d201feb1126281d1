//! What Python reads back: a game's outcome, and a search's score from either side's view, in
//! python-chess's shape (`Outcome`, `Score`, `PovScore`): values that compare, hash, copy and
//! pickle, and scores that order as python-chess's do. A side is named as python-chess names
//! colours (True white, False black) or by name ("white", "black").

use crate::arguments::{Text, Whole, refused, type_name, wrong_type};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use tabula_core::board::Side;
use tabula_core::game::{Outcome as CoreOutcome, Verdict};
use tabula_core::search::score::Score as CoreScore;

/// How a finished game ended: `winner` is "white", "black" or None (a draw); `reason` is the rule.
#[pyclass(module = "tabula_engine", frozen, eq, hash, get_all, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// "white", "black", or None for a draw.
    pub winner: Option<String>,
    /// The rule that ended the game, in words.
    pub reason: String,
}

#[pymethods]
impl Outcome {
    /// `winner` a side (`"white"` or True, `"black"` or False) or None for a draw.
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn new(winner: Option<SideArg>, reason: Text) -> PyResult<Outcome> {
        Ok(Outcome {
            winner: winner.map(|side| side.0.name().to_string()),
            reason: reason.named("reason")?,
        })
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner.as_deref() {
            Some("white") => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = self
            .winner
            .as_deref()
            .map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let args = (this.winner.clone(), this.reason.clone());
        (slf.get_type(), args).into_pyobject(slf.py())
    }
}

impl From<Verdict> for Outcome {
    fn from(verdict: Verdict) -> Self {
        Outcome {
            winner: match verdict.outcome {
                CoreOutcome::Win(side) => Some(side.name().to_string()),
                CoreOutcome::Draw => None,
            },
            reason: verdict.reason.to_string(),
        }
    }
}

/// A score from one side's view: `cp` centipawns, or `mate` in so many moves (negative: that
/// side is mated); exactly one of them is set. Scores order as python-chess's do: a mate being
/// given is best (the sooner the better), a mate suffered worst (the sooner the worse), and
/// centipawns between.
#[pyclass(
    module = "tabula_engine",
    frozen,
    eq,
    ord,
    hash,
    get_all,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    /// Centipawns, where the score is no mate.
    pub cp: Option<i32>,
    /// Moves to mate: positive where this side mates, negative where it is mated.
    pub mate: Option<i32>,
}

impl Score {
    /// What orders scores: mates suffered, then centipawns, then mates given.
    fn rank(&self) -> (i8, i64) {
        match (self.cp, self.mate) {
            (_, Some(mate)) if mate > 0 => (1, -i64::from(mate)),
            (_, Some(mate)) => (-1, -i64::from(mate)),
            (cp, None) => (0, i64::from(cp.unwrap_or(0))),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

#[pymethods]
impl Score {
    /// `Score(cp=12)` or `Score(mate=-3)`: exactly one of them.
    #[new]
    #[pyo3(signature = (cp = None, mate = None))]
    fn new(cp: Option<Whole>, mate: Option<Whole>) -> PyResult<Score> {
        if cp.is_some() == mate.is_some() {
            return Err(refused("give cp or mate, exactly one".to_string()));
        }
        let number = |value: Option<Whole>, name| {
            value
                .map(|value| value.signed(name, i32::MIN, i32::MAX))
                .transpose()
        };
        Ok(Score {
            cp: number(cp, "cp")?,
            mate: number(mate, "mate")?,
        })
    }

    /// Whether the score is a mate, given or suffered.
    fn is_mate(&self) -> bool {
        self.mate.is_some()
    }

    /// The centipawns; for a mate, None, or with `mate_score` given, `mate_score` less the
    /// moves to mate (negated for a mate suffered), as python-chess's `Score.score` does.
    #[pyo3(signature = (*, mate_score = None))]
    fn score(&self, mate_score: Option<Whole>) -> PyResult<Option<i64>> {
        let mate_score = mate_score
            .map(|best| best.signed("mate_score", i64::MIN, i64::MAX))
            .transpose()?;
        Ok(match (self.cp, self.mate) {
            (_, Some(mate)) if mate > 0 => {
                mate_score.map(|best| best.saturating_sub(i64::from(mate)))
            }
            (_, Some(mate)) => {
                mate_score.map(|best| best.saturating_neg().saturating_sub(i64::from(mate)))
            }
            (cp, None) => cp.map(i64::from),
        })
    }

    fn __neg__(&self) -> Score {
        Score {
            cp: self.cp.map(|cp| -cp),
            mate: self.mate.map(|mate| -mate),
        }
    }

    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(mate)) => format!("Score(mate={mate})"),
            (cp, None) => format!("Score(cp={})", cp.unwrap_or(0)),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.cp, this.mate)).into_pyobject(slf.py())
    }
}

impl From<CoreScore> for Score {
    fn from(score: CoreScore) -> Self {
        match score {
            CoreScore::Centipawns(cp) => Score {
                cp: Some(cp),
                mate: None,
            },
            CoreScore::Mate(moves) => Score {
                cp: None,
                mate: Some(moves),
            },
        }
    }
}

/// A score with the side whose view it is: `relative` is `turn`'s (the side to move);
/// `white()` and `black()` turn it to either side's view. Two compare equal, as in
/// python-chess, where their scores from white's view do.
#[pyclass(module = "tabula_engine", frozen, eq, hash, get_all, from_py_object)]
#[derive(Clone)]
pub struct PovScore {
    /// The score from the view of `turn`.
    pub relative: Score,
    /// The side whose view `relative` is: "white" or "black".
    pub turn: String,
}

impl PartialEq for PovScore {
    fn eq(&self, other: &Self) -> bool {
        self.white() == other.white()
    }
}

impl Eq for PovScore {}

impl Hash for PovScore {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.white().hash(state);
    }
}

#[pymethods]
impl PovScore {
    /// `relative`, from the view of `turn` (`"white"` or True, `"black"` or False).
    #[new]
    fn py_new(relative: Score, turn: SideArg) -> PovScore {
        PovScore {
            relative,
            turn: turn.0.name().to_string(),
        }
    }

    /// The score from `side`'s view (`"white"` or True, `"black"` or False).
    fn pov(&self, side: SideArg) -> Score {
        self.seen_by(side.0)
    }

    /// The score from white's view.
    fn white(&self) -> Score {
        self.seen_by(Side::White)
    }

    /// The score from black's view.
    fn black(&self) -> Score {
        self.seen_by(Side::Black)
    }

    /// Whether the score is a mate, given or suffered.
    fn is_mate(&self) -> bool {
        self.relative.is_mate()
    }

    fn __repr__(&self) -> String {
        format!("PovScore({}, '{}')", self.relative.__repr__(), self.turn)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.relative, this.turn.clone())).into_pyobject(slf.py())
    }
}

impl PovScore {
    pub fn new(score: CoreScore, turn: Side) -> Self {
        PovScore {
            relative: score.into(),
            turn: turn.name().to_string(),
        }
    }

    fn seen_by(&self, side: Side) -> Score {
        if side.name() == self.turn {
            self.relative
        } else {
            self.relative.__neg__()
        }
    }
}

/// A side as given: python-chess's colour (True white, False black) or its name.
pub struct SideArg(pub Side);

impl<'a, 'py> FromPyObject<'a, 'py> for SideArg {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyBool>() {
            let white: bool = value.extract()?;
            return Ok(SideArg(if white { Side::White } else { Side::Black }));
        }
        let Ok(name) = value.cast::<PyString>() else {
            let given = type_name(&value);
            return Err(wrong_type(
                "a side",
                "'white', 'black', True or False",
                &given,
            ));
        };
        match name.to_str()? {
            "white" => Ok(SideArg(Side::White)),
            "black" => Ok(SideArg(Side::Black)),
            other => Err(refused(format!("unknown side '{other}' (white or black)"))),
        }
    }
}
