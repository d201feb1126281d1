//! `Position`: a game in progress in python-chess's shape (`push`, `pop`, `peek`,
//! `legal_moves`, `fen`, `outcome`, ...), over the core's session: it compares and hashes by
//! game, size, start and moves, and copies and pickles as a value. Every refusal is a
//! `ValueError` carrying the protocol's own message; long work (`perft`, `legal_moves`) runs
//! without the GIL and stops on Ctrl-C.

use crate::arguments::{Flag, Size, Text, Texts, Whole, refused};
use crate::evaluation::{Evaluation, evaluation_dict};
use crate::interrupt::{looking_without_gil, without_gil};
use crate::values::{Outcome, SideArg};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, MutexGuard, OnceLock};
use tabula_core::board::Side;
use tabula_core::board::position_text::{Cell, parse_position_text};
use tabula_core::clicks::{move_squares, targets};
use tabula_core::game::{BoardSize, MAX_PERFT_DEPTH};
use tabula_core::games::joust::solve::DEFAULT_LIVE_NODES;
use tabula_core::games::probe::Probe;
use tabula_core::games::{GameKind, game_and_size, open_session};
use tabula_core::search::THREADS_RANGE;
use tabula_core::session::GameSession;
use tabula_core::tablebase::Proven;

/// A move, its result for the side that plays it (`win`, `loss`, `draw`, None: unknown) and
/// the plies to the end where known.
type MoveValue = (String, Option<&'static str>, Option<u32>);

/// How many moves a listing writes between looks at Ctrl-C.
const MOVES_BETWEEN_LOOKS: usize = 4096;

/// The game, where it started, the moves since, and the session they make.
pub struct State {
    pub kind: GameKind,
    size: BoardSize,
    /// The position string given, if the game did not start from its start position.
    start: Option<String>,
    /// The position string it started from, as the rules write it (what positions compare by).
    start_text: String,
    moves: Vec<String>,
    pub session: Box<dyn GameSession>,
}

impl State {
    /// The game `game` from the position string `fen`, or from its start on a board of `size`
    /// (the game's default if None).
    pub fn open(game: &str, size: Option<&str>, fen: Option<&str>) -> Result<State, String> {
        let (kind, size) = game_and_size(game, size)?;
        let session = open_session(kind, size, fen, &[], true)?;
        Ok(State {
            kind,
            size: session.size(),
            start: fen.map(str::to_string),
            start_text: session.position_text(),
            moves: Vec::new(),
            session,
        })
    }

    /// Plays `mv`, written any legal way, and keeps it as the rules write it.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        let text = self.session.canonical_move(mv)?;
        self.session.play_move(&text)?;
        self.moves.push(text);
        Ok(())
    }

    /// What positions compare and hash by: the game, the size, the start and the moves.
    fn identity(&self) -> (&'static str, String, &str, &[String]) {
        (
            self.kind.name(),
            self.size.to_string(),
            &self.start_text,
            &self.moves,
        )
    }

    fn clone_state(&self) -> State {
        State {
            kind: self.kind,
            size: self.size,
            start: self.start.clone(),
            start_text: self.start_text.clone(),
            moves: self.moves.clone(),
            session: self.session.boxed_clone(),
        }
    }
}

/// Every legal move of `session`, in tabula's notation, in the binary's order: listed without
/// the GIL, and stopped by Ctrl-C.
pub fn list_moves(py: Python<'_>, session: Box<dyn GameSession>) -> PyResult<Vec<String>> {
    looking_without_gil(py, move |interrupted| {
        let mut moves = Vec::new();
        session.write_legal_moves(&mut |text| {
            if moves.len() % MOVES_BETWEEN_LOOKS == MOVES_BETWEEN_LOOKS - 1 && interrupted() {
                return ControlFlow::Break(());
            }
            moves.push(text.to_string());
            ControlFlow::Continue(())
        });
        moves
    })
}

/// A game in progress: its position, the moves that led there, and its rules.
#[pyclass(module = "tabula_engine")]
pub struct Position {
    state: Mutex<State>,
}

impl Position {
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[pymethods]
impl Position {
    /// A new game of `game` (`joust`, `jesonmor`, `claustro` or `apart`), from its start on a
    /// board of `size` (`8` or `"8"` for a square board, `"10x8"`; the game's default if None),
    /// or from the position string `fen`.
    #[new]
    #[pyo3(signature = (game, size = None, fen = None))]
    fn new(game: Text, size: Option<Size>, fen: Option<Text>) -> PyResult<Position> {
        if size.is_some() && fen.is_some() {
            return Err(refused("give size or fen, not both".to_string()));
        }
        let (game, fen) = (game.named("game")?, Text::optional(fen, "fen")?);
        let state = State::open(&game, Size::text(&size), fen.as_deref()).map_err(refused)?;
        Ok(Position {
            state: Mutex::new(state),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.state().kind.name()
    }

    /// The board's size, `WxH`.
    #[getter]
    fn size(&self) -> String {
        self.state().size.to_string()
    }

    /// The side to move: "white" or "black".
    #[getter]
    fn turn(&self) -> &'static str {
        self.state().session.side_to_move().name()
    }

    /// The moves played since the start, oldest first, as the rules write them.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.state().moves.clone()
    }

    /// Every legal move, in tabula's notation, in the binary's order; listed without the GIL,
    /// and stopped by Ctrl-C.
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let session = self.state().session.boxed_clone();
        list_moves(py, session)
    }

    /// Plays `move` (any legal way of writing it); returns None, as python-chess's `push`.
    #[pyo3(signature = (r#move))]
    fn push(&self, r#move: Text) -> PyResult<()> {
        self.push_uci(r#move).map(drop)
    }

    /// Plays `move`, as python-chess's `push_uci` does (tabula's notation is the only one), and
    /// returns it as the rules write it (python-chess returns the `Move`).
    #[pyo3(signature = (r#move))]
    fn push_uci(&self, r#move: Text) -> PyResult<String> {
        let mut state = self.state();
        state.play(&r#move.named("move")?).map_err(refused)?;
        Ok(state.moves.last().cloned().unwrap_or_default())
    }

    /// Whether `move` (any way of writing it) is legal here; False once the game is over.
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: Text) -> PyResult<bool> {
        let text = r#move.named("move")?;
        let state = self.state();
        Ok(state.session.verdict().is_none() && state.session.is_legal_move(&text))
    }

    /// Sets the position from the position string `fen` and forgets the moves, as
    /// python-chess's `set_fen`; a refused string leaves the position as it was.
    fn set_fen(&self, fen: Text) -> PyResult<()> {
        let (kind, fen) = (self.state().kind, fen.named("fen")?);
        let state = State::open(kind.name(), None, Some(&fen)).map_err(refused)?;
        *self.state() = state;
        Ok(())
    }

    /// Goes back to the game's start position on this board and forgets the moves, as
    /// python-chess's `reset`.
    fn reset(&self) -> PyResult<()> {
        let (kind, size) = {
            let state = self.state();
            (state.kind, state.size.to_string())
        };
        let state = State::open(kind.name(), Some(&size), None).map_err(refused)?;
        *self.state() = state;
        Ok(())
    }

    /// The result as python-chess's `result` writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while
    /// the game goes on. `claim_draw` is taken for python-chess's sake and changes nothing:
    /// every draw in these games comes by rule, unclaimed.
    #[pyo3(signature = (*, claim_draw = Flag(false)),
        text_signature = "($self, *, claim_draw=False)")]
    fn result(&self, claim_draw: Flag) -> &'static str {
        let Flag(_by_rule_alone) = claim_draw;
        self.outcome().map_or("*", |outcome| outcome.result())
    }

    /// The last move played, as the rules write it.
    fn peek(&self) -> PyResult<String> {
        self.state()
            .moves
            .last()
            .cloned()
            .ok_or_else(|| PyIndexError::new_err("peek at a position with no moves"))
    }

    /// The plies played since the game's start, as python-chess counts them: from the position
    /// string's move number (`2 * (fullmove - 1)`, plus one with black to move).
    fn ply(&self) -> usize {
        let state = self.state();
        let fullmove = parse_position_text(&state.session.position_text())
            .map_or(1, |parsed| parsed.fullmove.max(1) as usize);
        let black_to_move = usize::from(state.session.side_to_move() == Side::Black);
        2 * (fullmove - 1) + black_to_move
    }

    /// Takes back the last move and returns it.
    fn pop(&self) -> PyResult<String> {
        let mut state = self.state();
        let Some(last) = state.moves.last().cloned() else {
            return Err(PyIndexError::new_err("pop from a position with no moves"));
        };
        let before: Vec<&str> = state.moves[..state.moves.len() - 1]
            .iter()
            .map(String::as_str)
            .collect();
        let session = open_session(
            state.kind,
            state.size,
            state.start.as_deref(),
            &before,
            true,
        )
        .map_err(refused)?;
        state.session = session;
        state.moves.pop();
        Ok(last)
    }

    /// An independent copy.
    fn copy(&self) -> Position {
        Position {
            state: Mutex::new(self.state().clone_state()),
        }
    }

    fn __copy__(&self) -> Position {
        self.copy()
    }

    #[pyo3(signature = (_memo))]
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.copy()
    }

    /// Pickled as its game, its start and its moves, played again when read back.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.borrow();
        let state = this.state();
        let size = state.start.is_none().then(|| state.size.to_string());
        let args = (state.kind.name(), size, state.start.clone());
        (slf.get_type(), args, state.moves.clone()).into_pyobject(slf.py())
    }

    /// Plays `moves` (a pickled position's), from where this position stands.
    fn __setstate__(&self, moves: Vec<String>) -> PyResult<()> {
        let mut state = self.state();
        let mut played = state.clone_state();
        for mv in &moves {
            played.play(mv).map_err(refused)?;
        }
        *state = played;
        Ok(())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Position>() else {
            return false;
        };
        let other = other.borrow();
        if std::ptr::eq(self, &*other) {
            return true;
        }
        // Both locks are taken holding the GIL, which no other comparison can hold meanwhile.
        let (mine, theirs) = (self.state(), other.state());
        mine.identity() == theirs.identity()
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.state().identity().hash(&mut hasher);
        hasher.finish()
    }

    /// The position string.
    fn fen(&self) -> String {
        self.state().session.position_text()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.state().session.verdict().map(Outcome::from)
    }

    /// Whether the game is over (`outcome()` is not None).
    fn is_game_over(&self) -> bool {
        self.state().session.verdict().is_some()
    }

    /// The leaves of the tree of legal moves `depth` plies deep, counted in Rust without the
    /// GIL, on `threads` threads (at most the machine's cores), as `tabula perft` counts them;
    /// Ctrl-C stops the count.
    #[pyo3(signature = (depth, threads = Whole::Fits(1)),
        text_signature = "($self, depth, threads=1)")]
    fn perft(&self, py: Python<'_>, depth: Whole, threads: Whole) -> PyResult<u64> {
        let depth: u32 = depth.within("perft depth", (0, MAX_PERFT_DEPTH as usize))?;
        let threads: usize = threads.within("threads", THREADS_RANGE)?;
        let session = self.state().session.boxed_clone();
        let stop = AtomicBool::new(false);
        let stopped = &stop;
        let counted = without_gil(py, &stop, move || {
            session.perft_until(depth, threads, stopped)
        })?;
        counted.ok_or_else(|| PyValueError::new_err("perft was stopped"))
    }

    /// The static evaluation with the game's own choice of evaluation (its shipped net where
    /// it has one for the board): its hand-written terms (centipawns for each side), their total
    /// and the net's score (both from the side to move's view; the net's None where no net
    /// evaluates it), the hand-written evaluation's, and `evaluator`, what evaluated it
    /// (`hand-written` or `shipped net (...)`). `Engine.eval` gives an engine's view.
    fn eval<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let session = self.state().session.boxed_clone();
        evaluation_dict(py, session, &Evaluation::default())
    }

    /// Each square's content, rank by rank from a1 (`a1`, `b1`, ...): "" empty, "*" burned,
    /// else the piece letter (upper case white).
    fn cells(&self) -> PyResult<Vec<String>> {
        let text = self.state().session.position_text();
        let parsed = parse_position_text(&text).map_err(refused)?;
        Ok(parsed
            .cells
            .iter()
            .map(|cell| match cell {
                Cell::Empty => String::new(),
                Cell::Burned => "*".to_string(),
                Cell::Piece(letter) => letter.to_string(),
            })
            .collect())
    }

    /// The squares `side` (`"white"` or True, `"black"` or False) makes for, as `(x, y)` from
    /// a1: Jeson Mor's centre, its Claustro goal; none in the other games. The board's own
    /// marks, as the board pages draw them and the learning environments' planes give them.
    fn goals(&self, side: SideArg) -> Vec<(usize, usize)> {
        let marks = self.state().session.board_marks();
        marks
            .into_iter()
            .filter(|mark| mark.kind.made_for(side.0))
            .map(|mark| mark.square)
            .collect()
    }

    /// Entering a move square by square: the squares that may come after the squares `path`
    /// already picked, and the move's text if `path` is already a whole legal move.
    fn targets(&self, path: Texts) -> PyResult<(Vec<String>, Option<String>)> {
        let path = path.named("path")?;
        let state = self.state();
        let live = state.session.verdict().is_none();
        let session = state.session.as_ref();
        let found = targets(session, &path, live, &OnceLock::new()).map_err(refused)?;
        Ok((found.next, found.complete))
    }

    /// The first legs of the legal moves as they are entered square by square: `(from, to)`
    /// square indices (`y * width + x` from a1), ascending; none once the game is over. A move
    /// of several legs (a Claustro capture, an Apart turn of jumps) is entered by its first leg,
    /// then by `targets`.
    fn first_legs(&self) -> Vec<(usize, usize)> {
        self.state().session.first_legs()
    }

    /// The square indices (`y * width + x` from a1) that the text of `move` visits, in order;
    /// none for a pass.
    #[pyo3(signature = (r#move))]
    fn move_squares(&self, r#move: Text) -> PyResult<Vec<usize>> {
        let text = r#move.named("move")?;
        let state = self.state();
        if text == "0000" {
            return Ok(Vec::new());
        }
        move_squares(&text, state.session.size())
            .ok_or_else(|| refused(format!("'{text}' is not a run of squares of this board")))
    }

    /// Each legal move with its proven value for the side to move, best first (as `tabula
    /// probe` lists them): `(move, result, plies)` with `result` "win", "loss", "draw" or None
    /// where nothing proves it, and `plies` to the end under perfect play where known. Values
    /// come from `table` (a Claustro table or Joust proof, loaded once per process), the proven
    /// Joust starts, and the Joust solver, which gives up on a position after `nodes` (0: no
    /// solver). Runs without the GIL.
    #[pyo3(signature = (table = None, nodes = Whole::Fits(DEFAULT_LIVE_NODES as i64)),
        text_signature = "($self, table=None, nodes=4000000)")]
    fn probe(&self, py: Python<'_>, table: Option<Text>, nodes: Whole) -> PyResult<Vec<MoveValue>> {
        let nodes: u64 = nodes.within("nodes", (0, i64::MAX as usize))?;
        let loaded = Text::optional(table, "table")?
            .map(|path| crate::tables::table(&path))
            .transpose()
            .map_err(refused)?;
        let session = self.state().session.boxed_clone();
        let probe = Probe::new(loaded, nodes);
        let stop = AtomicBool::new(false);
        let values = without_gil(py, &stop, move || probe.move_values(session.as_ref()))?;
        Ok(values
            .into_iter()
            .map(|entry| match entry.value.map(Proven::parts) {
                Some((result, plies)) => (entry.text, Some(result), plies),
                None => (entry.text, None, None),
            })
            .collect())
    }

    /// The board as the protocol's `d` shows it.
    fn __str__(&self) -> String {
        self.state().session.display_lines().join("\n")
    }

    fn __repr__(&self) -> String {
        let state = self.state();
        format!(
            "Position('{}', fen='{}')",
            state.kind.name(),
            state.session.position_text()
        )
    }
}
