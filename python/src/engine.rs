//! `Engine`: tabula's search in python-chess's shape: `analyse` returns an `InfoDict` (a list
//! of them when several lines are asked for), `play` a `PlayResult`, and `stop` ends a search
//! from another thread. A search runs without the GIL, and Ctrl-C stops it; a second search
//! asked of an engine meanwhile waits for the first to end. Each engine owns its evaluation
//! (`use_nnue`, `eval_file`): nothing it is given changes another engine. `quit` (or the end of
//! a `with` block) frees its hash table; a later call raises `EngineTerminatedError`.

use crate::arguments::{Flag, Seconds, Size, Text, Whole, optional, refused};
use crate::evaluation::{Evaluation, evaluation_dict};
use crate::interrupt::without_gil;
use crate::limit::{PlayResult, bounded, read_limits};
use crate::player::Player;
use crate::position::Position;
use crate::turns::Turns;
use crate::values::PovScore;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use tabula_core::board::Side;
use tabula_core::game::BoardSize;
use tabula_core::games::probe::{ProvenAnswer, proven_answer};
use tabula_core::games::{GameKind, game_and_size, net_input_count, open_session};
use tabula_core::nnue::{Network, load_net_file, registry};
use tabula_core::search::limits::Limits;
use tabula_core::search::tt::TranspositionTable;
use tabula_core::search::{
    HASH_RANGE, Iteration, MULTI_PV_RANGE, Settings, Signals, THREADS_RANGE, usable_threads,
};
use tabula_core::session::{GameSession, SharedOracle};

/// A seed: any whole number a `u64` holds.
const SEED_RANGE: (usize, usize) = (0, usize::MAX);

create_exception!(
    tabula_engine,
    EngineTerminatedError,
    PyRuntimeError,
    "A call to an `Engine` after its `quit()` (python-chess's name for a call to an engine \
     that has ended)."
);

/// The engine of one game: its hash table, options, evaluation and the search now running, if
/// any.
#[pyclass(module = "tabula_engine")]
pub struct Engine {
    game: GameKind,
    /// The one board size it plays, where one was given.
    size: Option<BoardSize>,
    threads: usize,
    multipv: usize,
    /// The level or Elo `play` plays at.
    player: Player,
    evaluation: Evaluation,
    rng: Mutex<StdRng>,
    /// The hash table, None once the engine has quit.
    tt: Mutex<Option<Arc<TranspositionTable>>>,
    /// The Claustro table or Joust proof `table` names: `play` at full strength plays from it
    /// where it covers the position, and every search probes it inside its tree (`tbhits`).
    solution: Option<SharedOracle>,
    /// Who searches now; others wait.
    turns: Turns,
    signals: Mutex<Arc<Signals>>,
}

#[pymethods]
impl Engine {
    /// An engine for `game`, on any board of it or only on `size` (an int for a square board, or
    /// text such as `"10x8"`). `threads`, `hash_mb` and `multipv` are the protocol's `Threads`,
    /// `Hash` and `MultiPV`; `level` a named level (`novice` ... `max`) and `elo` a `UCI_Elo`
    /// (at most one), both for `play`; `use_nnue` and `eval_file` choose this engine's
    /// evaluation (the hand-written one, or a net file for the game at one size), whatever
    /// other engines choose; `seed` seeds the draws of the weaker levels; `table` a Claustro
    /// table or Joust proof (the protocol's `SolutionFile`, loaded once per process): `play` at
    /// full strength plays from it where it covers the position, as from the proven Joust
    /// starts, and every search probes it inside its tree (`tbhits`).
    #[new]
    #[pyo3(signature = (game, size = None, threads = Whole::Fits(1), hash_mb = Whole::Fits(16),
        multipv = Whole::Fits(1), level = None, elo = None, use_nnue = Flag(true), eval_file = None,
        seed = Whole::Fits(0), table = None),
        text_signature = "(game, size=None, threads=1, hash_mb=16, multipv=1, level=None, \
            elo=None, use_nnue=True, eval_file=None, seed=0, table=None)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: Text,
        size: Option<Size>,
        threads: Whole,
        hash_mb: Whole,
        multipv: Whole,
        level: Option<Text>,
        elo: Option<Whole>,
        use_nnue: Flag,
        eval_file: Option<Text>,
        seed: Whole,
        table: Option<Text>,
    ) -> PyResult<Engine> {
        let game = game.named("game")?;
        let level = Text::optional(level, "level")?;
        let eval_file = Text::optional(eval_file, "eval_file")?;
        let (game, board) = game_and_size(&game, Size::text(&size)).map_err(refused)?;
        // The rules check the size, as a position of it would.
        open_session(game, board, None, &[], false).map_err(refused)?;
        let size = size.map(|_| board);
        let player = Player::new(game, "level", level.as_deref(), elo)?;
        let hash_mb: usize = hash_mb.within("hash_mb", HASH_RANGE)?;
        let threads: usize = threads.within("threads", THREADS_RANGE)?;
        let multipv = multipv.within("multipv", MULTI_PV_RANGE)?;
        let seed: u64 = seed.within("seed", SEED_RANGE)?;
        let tt = TranspositionTable::try_new(hash_mb).map_err(refused)?;
        let solution = Text::optional(table, "table")?
            .map(|path| crate::tables::table(&path))
            .transpose()
            .map_err(refused)?;
        let loaded = eval_file
            .as_deref()
            .map(|path| load_net(game, size, path).map(|net| (net, path.to_string())))
            .transpose()?;
        Ok(Engine {
            game,
            size,
            threads: usable_threads(threads),
            multipv,
            player,
            evaluation: Evaluation {
                nets: use_nnue.0,
                loaded,
            },
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            tt: Mutex::new(Some(Arc::new(tt))),
            solution,
            turns: Turns::default(),
            signals: Mutex::new(Arc::default()),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The board size it plays (`WxH`), or None for any.
    #[getter]
    fn size(&self) -> Option<String> {
        self.size.map(|size| size.to_string())
    }

    /// The Elo `play` plays at, if one was asked for (the nearest end of the game's measured
    /// span for one outside it).
    #[getter]
    fn elo(&self) -> Option<usize> {
        self.player.elo()
    }

    /// Whether `play` needs a limit: False only at the levels that bound their own search.
    #[getter]
    fn needs_limit(&self) -> bool {
        self.player.needs_limit(&Limits::default())
    }

    /// Searches `position` at full strength within `limit` (a `Limit`, or python-chess's) or
    /// the keywords `depth`, `movetime` (seconds) and `nodes`, at least one. Returns the best
    /// line as an `InfoDict` (`score` a `PovScore`, `pv`, `depth`, `seldepth`, `nodes`, `nps`,
    /// `time` in seconds, `multipv`, `hashfull`, `tbhits`); with `multipv` given (or the engine's own
    /// above 1), a list of that many lines, best first, as python-chess does.
    #[pyo3(signature = (position, limit = None, *, depth = None, movetime = None, nodes = None,
        multipv = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        position: &Position,
        limit: Option<&Bound<'py, PyAny>>,
        depth: Option<Whole>,
        movetime: Option<Seconds>,
        nodes: Option<Whole>,
        multipv: Option<Whole>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let limits = read_limits(limit, depth, movetime, nodes)?;
        if !bounded(&limits) {
            return Err(PyValueError::new_err(NO_LIMIT));
        }
        let asked: Option<usize> = optional(multipv, "multipv", MULTI_PV_RANGE)?;
        let mut session = self.session_of(position)?;
        session.set_tablebase(self.solution.clone());
        let turn = session.side_to_move();
        let settings = self.settings(asked.unwrap_or(self.multipv));
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
        if asked.is_none() && self.multipv == 1 {
            return match lines.first() {
                Some(line) => Ok(line_dict(py, line, turn)?.into_any()),
                None => Ok(PyDict::new(py).into_any()),
            };
        }
        let listed = PyList::empty(py);
        for line in &lines {
            listed.append(line_dict(py, line, turn)?)?;
        }
        Ok(listed.into_any())
    }

    /// The move the engine plays in `position` at its level or Elo, within `limit` or the
    /// keywords `depth`, `movetime` and `nodes` (at least one, unless the level bounds its own
    /// search), as a `PlayResult`: its `move` (None only where the rules leave no move in a
    /// game that goes on), the `ponder` reply and the `info` of the line that chose it.
    #[pyo3(signature = (position, limit = None, *, depth = None, movetime = None, nodes = None))]
    fn play(
        &self,
        py: Python<'_>,
        position: &Position,
        limit: Option<&Bound<'_, PyAny>>,
        depth: Option<Whole>,
        movetime: Option<Seconds>,
        nodes: Option<Whole>,
    ) -> PyResult<PlayResult> {
        let limits = read_limits(limit, depth, movetime, nodes)?;
        let mut session = self.session_of(position)?;
        if self.player.needs_limit(&limits) {
            return Err(PyValueError::new_err(NO_LIMIT));
        }
        let turn = session.side_to_move();
        if self.player.is_full_strength()
            && let Some(answer) = proven_answer(self.solution.as_ref(), session.as_ref())
        {
            return proven_play(py, answer, turn);
        }
        session.set_tablebase(self.solution.clone());
        let seed = self.lock_rng().random::<u64>();
        let (player, settings) = (self.player, self.settings(1));
        let chosen = self.run(py, move |tt, signals| {
            player.choose(session.as_ref(), &limits, settings, seed, tt, signals)
        })?;
        let info = match &chosen.line {
            Some(line) => line_dict(py, line, turn)?,
            None => PyDict::new(py),
        };
        Ok(PlayResult {
            chosen: chosen.best_move,
            ponder: chosen.reply,
            info: info.unbind(),
            draw_offered: false,
            resigned: false,
        })
    }

    /// The static evaluation of `position` as this engine evaluates it (its `use_nnue` and
    /// `eval_file`), as `Position.eval` writes it; `evaluator` says what evaluated it
    /// (`hand-written`, `shipped net (...)` or `net from '...'`).
    fn eval<'py>(&self, py: Python<'py>, position: &Position) -> PyResult<Bound<'py, PyDict>> {
        self.table()?;
        let session = position.state().session.boxed_clone();
        evaluation_dict(py, session, &self.evaluation)
    }

    /// Stops the search now running (from another thread); it returns what it has found.
    fn stop(&self) {
        let signals = self.signals.lock().unwrap_or_else(|p| p.into_inner());
        signals.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (the hash table), as before a new game; waits for
    /// a search running to end.
    fn clear_hash(&self, py: Python<'_>) -> PyResult<()> {
        let _turn = self.turns.take(py)?;
        self.table()?.clear();
        Ok(())
    }

    /// Ends the engine, as python-chess's `quit`: stops the search running, if any, and frees
    /// the hash table once it ends. Any later call but `quit` and `stop` raises
    /// `EngineTerminatedError`.
    fn quit(&self) {
        self.stop();
        self.tt.lock().unwrap_or_else(|p| p.into_inner()).take();
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// Quits at the end of a `with` block; an exception in it goes on.
    #[pyo3(signature = (*_exception))]
    fn __exit__(&self, _exception: &Bound<'_, PyTuple>) -> bool {
        self.quit();
        false
    }

    /// An engine holds a hash table and maybe a search running: it is not pickled or copied.
    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "an Engine cannot be pickled or copied (it holds a hash table and a running search); \
             make a new Engine with the same options instead",
        ))
    }

    fn __repr__(&self) -> String {
        let strength = match self.player.elo() {
            Some(elo) => format!("elo={elo}"),
            None => format!("level='{}'", self.player.name()),
        };
        format!("Engine('{}', {strength})", self.game.name())
    }
}

/// The refusal of a search with nothing to end it.
const NO_LIMIT: &str = "give a limit: depth, movetime or nodes (or a Limit)";

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

    /// A copy of `position`'s session, checked to be this engine's game (and size, where it has
    /// one) and not over, evaluating with this engine's choice.
    fn session_of(&self, position: &Position) -> PyResult<Box<dyn GameSession>> {
        self.table()?;
        let state = position.state();
        if state.kind != self.game {
            return Err(refused(format!(
                "this engine plays {}, not {}",
                self.game.name(),
                state.kind.name()
            )));
        }
        if let Some(size) = self.size.filter(|size| *size != state.session.size()) {
            return Err(refused(format!(
                "this engine plays {} {size}, not {}",
                self.game.name(),
                state.session.size()
            )));
        }
        if let Some(verdict) = state.session.verdict() {
            return Err(refused(format!("game over: {}", verdict.reason)));
        }
        let mut session = state.session.boxed_clone();
        self.evaluation.apply(session.as_mut());
        Ok(session)
    }

    /// The hash table, unless the engine has quit.
    fn table(&self) -> PyResult<Arc<TranspositionTable>> {
        let tt = self.tt.lock().unwrap_or_else(|p| p.into_inner());
        tt.clone().ok_or_else(|| {
            EngineTerminatedError::new_err(
                "this engine has quit (quit() or the end of a with block)",
            )
        })
    }

    /// Runs `search` with fresh signals, without the GIL, stopped by Ctrl-C, once any search
    /// running has ended.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        search: impl FnOnce(&TranspositionTable, &Signals) -> T + Send,
    ) -> PyResult<T> {
        let _turn = self.turns.take(py)?;
        let tt = self.table()?;
        let signals = Arc::new(Signals::default());
        *self.signals.lock().unwrap_or_else(|p| p.into_inner()) = Arc::clone(&signals);
        without_gil(py, &signals.stop, || search(&tt, &signals))
    }
}

/// The net in the file at `path`, for `game` (at `size`, where the engine has one), kept for
/// the rest of the process.
fn load_net(game: GameKind, size: Option<BoardSize>, path: &str) -> PyResult<&'static Network> {
    let net = load_net_file(std::path::Path::new(path), net_input_count).map_err(refused)?;
    if net.game != game.name() || size.is_some_and(|size| size != net.size) {
        let wanted = size.map_or(String::new(), |size| format!(" {size}"));
        return Err(refused(format!(
            "'{path}' is a net for {} {}, not {}{wanted}",
            net.game,
            net.size,
            game.name()
        )));
    }
    registry::keep(net).map_err(|why| refused(format!("'{path}': {why}")))
}

/// `play`'s result where something proven gave the move at once, its `info` as the protocol's
/// `go` writes it (depth 1, no nodes, a `tbhits` of 1 where a table or proof gave it).
fn proven_play(py: Python<'_>, answer: ProvenAnswer, turn: Side) -> PyResult<PlayResult> {
    let line = Iteration {
        depth: 1,
        multipv: 1,
        seldepth: 1,
        score: answer.score,
        nodes: 0,
        nps: 0,
        time_ms: 0,
        hashfull: 0,
        tbhits: u64::from(answer.from_table),
        pv: vec![answer.best_move.clone()],
    };
    Ok(PlayResult {
        chosen: Some(answer.best_move),
        ponder: None,
        info: line_dict(py, &line, turn)?.unbind(),
        draw_offered: false,
        resigned: false,
    })
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
    dict.set_item("tbhits", line.tbhits)?;
    Ok(dict)
}
