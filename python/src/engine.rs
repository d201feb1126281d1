//! `Engine`: tabula's search in python-chess's shape: `analyse` returns one dict per line
//! (`score`, `pv`, `depth`, `seldepth`, `nodes`, `nps`, `time`), `play` the move, and `stop`
//! ends a search from another thread. A search releases the GIL, and checks for signals so that
//! Ctrl-C stops it.

use crate::position::{Position, refused};
use crate::values::PovScore;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabula_core::board::Side;
use tabula_core::games::{GameKind, net_input_count};
use tabula_core::level::{Level, random_move};
use tabula_core::nnue::{load_net_file, registry};
use tabula_core::search::limits::Limits;
use tabula_core::search::tt::TranspositionTable;
use tabula_core::search::{
    HASH_RANGE, Iteration, MULTI_PV_RANGE, Settings, Signals, THREADS_RANGE, usable_threads,
};
use tabula_core::session::GameSession;
use tabula_core::strength::limited::LimitedSearch;
use tabula_core::strength::reach::reach;
use tabula_core::strength::{ELO_RANGE, Strength};

/// How often a search's caller looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// The engine of one game: its hash table, options and the search now running, if any.
#[pyclass(module = "tabula_engine")]
pub struct Engine {
    game: GameKind,
    threads: usize,
    multipv: usize,
    level: Level,
    /// The Elo played (within the game's reach) when one was asked for.
    elo: Option<usize>,
    tt: Arc<TranspositionTable>,
    rng: Mutex<StdRng>,
    busy: AtomicBool,
    signals: Mutex<Arc<Signals>>,
}

#[pymethods]
impl Engine {
    /// An engine for `game`. `threads`, `hash_mb` and `multipv` are the protocol's `Threads`,
    /// `Hash` and `MultiPV`; `level` a named level (`novice` ... `max`) and `elo` a `UCI_Elo`
    /// (at most one), both for `play`; `use_nnue` and `eval_file` the protocol's `UseNNUE` and
    /// `EvalFile`, which hold for the whole process, as in the binary; `seed` seeds the draws
    /// of the weaker levels.
    #[new]
    #[pyo3(signature = (game, size = None, threads = 1, hash_mb = 16, multipv = 1, level = None,
        elo = None, use_nnue = true, eval_file = None, seed = 0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        size: Option<&str>,
        threads: usize,
        hash_mb: usize,
        multipv: usize,
        level: Option<&str>,
        elo: Option<usize>,
        use_nnue: bool,
        eval_file: Option<&str>,
        seed: u64,
    ) -> PyResult<Engine> {
        let (game, _) = tabula_core::games::game_and_size(game, size).map_err(refused)?;
        if level.is_some() && elo.is_some() {
            return Err(refused("give level or elo, not both".to_string()));
        }
        let level = level.map(Level::parse).transpose().map_err(refused)?;
        let elo = elo.map(|elo| elo_played(game, elo)).transpose()?;
        within("hash_mb", hash_mb, HASH_RANGE)?;
        within("threads", threads, THREADS_RANGE)?;
        within("multipv", multipv, MULTI_PV_RANGE)?;
        let tt = TranspositionTable::try_new(hash_mb).map_err(refused)?;
        registry::set_enabled(use_nnue);
        if let Some(path) = eval_file {
            let net =
                load_net_file(std::path::Path::new(path), net_input_count).map_err(refused)?;
            registry::choose(net).map_err(|why| refused(format!("'{path}': {why}")))?;
        }
        Ok(Engine {
            game,
            threads: usable_threads(threads),
            multipv,
            level: level.unwrap_or(Level::Max),
            elo,
            tt: Arc::new(tt),
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            busy: AtomicBool::new(false),
            signals: Mutex::new(Arc::default()),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The Elo `play` plays at, if one was asked for (the nearest end of the game's measured
    /// span for one outside it).
    #[getter]
    fn elo(&self) -> Option<usize> {
        self.elo
    }

    /// Searches `position` at full strength within the limits given (at least one) and returns
    /// its lines, best first, each a dict: `score` (a `PovScore`), `pv`, `depth`, `seldepth`,
    /// `nodes`, `nps`, `time` (seconds) and `multipv`.
    #[pyo3(signature = (position, depth = None, movetime = None, nodes = None, multipv = None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        position: &Position,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
        multipv: Option<usize>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let limits = limits(depth, movetime, nodes, true)?;
        let session = self.session_of(position)?;
        let turn = session.side_to_move();
        let settings = self.settings(multipv.unwrap_or(self.multipv));
        within("multipv", settings.multipv, MULTI_PV_RANGE)?;
        let lines = self.run(py, move |tt, signals| {
            let mut lines: Vec<Iteration> = Vec::new();
            session.search(&limits, settings, tt, signals, &mut |line| {
                if line.multipv == 1 {
                    lines.clear();
                }
                lines.push(line.clone());
            });
            lines
        })?;
        lines.iter().map(|line| line_dict(py, line, turn)).collect()
    }

    /// The move the engine plays in `position` at its level or Elo, within the limits given
    /// (at least one, unless the level caps the depth itself); None only where the rules leave
    /// no move in a game that goes on.
    #[pyo3(signature = (position, depth = None, movetime = None, nodes = None))]
    fn play(
        &self,
        py: Python<'_>,
        position: &Position,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Option<String>> {
        let session = self.session_of(position)?;
        let seed = self.lock_rng().random::<u64>();
        let mut rng = StdRng::seed_from_u64(seed);
        match self.level {
            Level::Random if self.elo.is_none() => {
                return Ok(random_move(session.as_ref(), &[], &mut rng));
            }
            Level::Greedy if self.elo.is_none() => return Ok(session.greedy_move(&[])),
            _ => {}
        }
        let asked = self
            .elo
            .map_or(Strength::FULL, |elo| Strength::from_elo(self.game, elo));
        let strength = self.level.limited_strength(self.game, asked);
        let mut limits = limits(depth, movetime, nodes, false)?;
        limits.depth = self.level.cap_depth(self.game, limits.depth);
        let settings = self.settings(1);
        let limited =
            strength.map(|strength| LimitedSearch::new(strength, limits.clone(), settings, seed));
        let bounds = limited.as_ref().map_or(&limits, LimitedSearch::limits);
        if bounds.runs_until_stopped(session.side_to_move()) {
            return Err(PyValueError::new_err("give depth, movetime or nodes"));
        }
        self.run(py, move |tt, signals| match limited {
            Some(search) => {
                search
                    .run(session.as_ref(), tt, signals, &mut |_| {})
                    .best_move
            }
            None => {
                session
                    .search(&limits, settings, tt, signals, &mut |_| {})
                    .best_move
            }
        })
    }

    /// Stops the search now running (from another thread); it returns what it has found.
    fn stop(&self) {
        let signals = self.signals.lock().unwrap_or_else(|p| p.into_inner());
        signals.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (the hash table), as before a new game.
    fn clear_hash(&self) -> PyResult<()> {
        if self.busy.load(Ordering::Acquire) {
            return Err(PyRuntimeError::new_err("a search is running"));
        }
        self.tt.clear();
        Ok(())
    }

    fn __repr__(&self) -> String {
        let strength = match self.elo {
            Some(elo) => format!("elo={elo}"),
            None => format!("level='{}'", self.level.name()),
        };
        format!("Engine('{}', {strength})", self.game.name())
    }
}

impl Engine {
    fn lock_rng(&self) -> std::sync::MutexGuard<'_, StdRng> {
        self.rng.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn settings(&self, multipv: usize) -> Settings {
        Settings {
            threads: self.threads,
            multipv,
            ..Settings::default()
        }
    }

    /// A copy of `position`'s session, checked to be this engine's game and not over, with the
    /// net now chosen.
    fn session_of(&self, position: &Position) -> PyResult<Box<dyn GameSession>> {
        let state = position.state();
        if state.kind != self.game {
            return Err(refused(format!(
                "this engine plays {}, not {}",
                self.game.name(),
                state.kind.name()
            )));
        }
        if let Some(verdict) = state.session.verdict() {
            return Err(refused(format!("game over: {}", verdict.reason)));
        }
        let mut session = state.session.boxed_clone();
        session.select_network();
        Ok(session)
    }

    /// Runs `search` on a thread of its own with fresh signals, without the GIL; meanwhile the
    /// caller looks for Ctrl-C (and stops the search on it) every `SIGNAL_CHECK`.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        search: impl FnOnce(&TranspositionTable, &Signals) -> T + Send,
    ) -> PyResult<T> {
        if self.busy.swap(true, Ordering::AcqRel) {
            return Err(PyRuntimeError::new_err("this engine is already searching"));
        }
        let signals = Arc::new(Signals::default());
        *self.signals.lock().unwrap_or_else(|p| p.into_inner()) = Arc::clone(&signals);
        let tt = Arc::clone(&self.tt);
        let result = py.detach(|| {
            std::thread::scope(|scope| {
                let worker = scope.spawn(|| search(&tt, &signals));
                let mut interrupted = None;
                while !worker.is_finished() {
                    std::thread::sleep(SIGNAL_CHECK);
                    if interrupted.is_none()
                        && let Err(error) = Python::attach(|py| py.check_signals())
                    {
                        signals.stop.store(true, Ordering::Relaxed);
                        interrupted = Some(error);
                    }
                }
                let found = worker
                    .join()
                    .map_err(|_| PyRuntimeError::new_err("the search failed"));
                match interrupted {
                    Some(error) => Err(error),
                    None => found,
                }
            })
        });
        self.busy.store(false, Ordering::Release);
        result
    }
}

/// Refuses an option `name` whose `value` is outside `range`.
fn within(name: &str, value: usize, (low, high): (usize, usize)) -> PyResult<()> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(refused(format!(
            "{name} {value} is outside {low} to {high}"
        )))
    }
}

/// The limits of a search, checked; where `needed`, at least one, so that it ends.
fn limits(
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    needed: bool,
) -> PyResult<Limits> {
    if needed && depth.is_none() && movetime.is_none() && nodes.is_none() {
        return Err(PyValueError::new_err("give depth, movetime or nodes"));
    }
    let movetime_ms = movetime
        .map(|seconds| {
            if seconds.is_finite() && seconds > 0.0 {
                Ok((seconds * 1000.0).ceil() as u64)
            } else {
                Err(refused(format!(
                    "movetime {seconds} is not a positive number of seconds"
                )))
            }
        })
        .transpose()?;
    if depth == Some(0) || depth.is_some_and(|d| d > 255) {
        return Err(refused(format!(
            "depth {} is outside 1 to 255",
            depth.unwrap_or(0)
        )));
    }
    Ok(Limits {
        depth,
        nodes,
        movetime_ms,
        ..Limits::default()
    })
}

/// The Elo `game` plays for `elo`: checked against the option's range, and within the game's
/// measured span (a warning says where it is not).
fn elo_played(game: GameKind, elo: usize) -> PyResult<usize> {
    if !(ELO_RANGE.0..=ELO_RANGE.1).contains(&elo) {
        return Err(refused(format!(
            "elo {elo} is outside {} to {}",
            ELO_RANGE.0, ELO_RANGE.1
        )));
    }
    let reached = reach(game, elo);
    if let Some(note) = reached.note {
        Python::attach(|py| -> PyResult<()> {
            py.import("warnings")?
                .call_method1("warn", (format!("elo {note}"),))?;
            Ok(())
        })?;
    }
    Ok(reached.elo)
}

/// One line of a search as python-chess's `InfoDict`.
fn line_dict<'py>(py: Python<'py>, line: &Iteration, turn: Side) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("score", PovScore::new(line.score, turn))?;
    dict.set_item("pv", line.pv.clone())?;
    dict.set_item("depth", line.depth)?;
    dict.set_item("seldepth", line.seldepth)?;
    dict.set_item("nodes", line.nodes)?;
    dict.set_item("nps", line.nps)?;
    dict.set_item("time", line.time_ms as f64 / 1000.0)?;
    dict.set_item("multipv", line.multipv)?;
    dict.set_item("hashfull", line.hashfull)?;
    Ok(dict)
}
