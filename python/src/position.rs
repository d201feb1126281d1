//! `Position`: a game in progress in python-chess's shape (`push`, `pop`, `legal_moves`, `fen`,
//! `outcome`, ...), over the core's session. Every refusal is a `ValueError` carrying the
//! protocol's own message.

use crate::values::Outcome;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::{Mutex, MutexGuard, OnceLock};
use tabula_core::board::position_text::{Cell, parse_position_text};
use tabula_core::clicks::targets;
use tabula_core::game::{BoardSize, check_perft_depth};
use tabula_core::games::{GameKind, game_and_size, open_session};
use tabula_core::search::THREADS_RANGE;
use tabula_core::session::GameSession;

/// A core refusal as Python's `ValueError`.
pub fn refused(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// The game, where it started, the moves since, and the session they make.
pub struct State {
    pub kind: GameKind,
    size: BoardSize,
    start: Option<String>,
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

    fn clone_state(&self) -> State {
        State {
            kind: self.kind,
            size: self.size,
            start: self.start.clone(),
            moves: self.moves.clone(),
            session: self.session.boxed_clone(),
        }
    }
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
    /// board of `size` (`"8"`, `"10x8"`; the game's default if None), or from the position string
    /// `fen`.
    #[new]
    #[pyo3(signature = (game, size = None, fen = None))]
    fn new(game: &str, size: Option<&str>, fen: Option<&str>) -> PyResult<Position> {
        if size.is_some() && fen.is_some() {
            return Err(refused("give size or fen, not both".to_string()));
        }
        let state = State::open(game, size, fen).map_err(refused)?;
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

    /// Every legal move, in tabula's notation.
    fn legal_moves(&self) -> Vec<String> {
        self.state().session.legal_moves()
    }

    /// Plays `move` (any legal way of writing it).
    #[pyo3(signature = (r#move))]
    fn push(&self, r#move: &str) -> PyResult<()> {
        self.state().play(r#move).map_err(refused)
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

    /// The position string.
    fn fen(&self) -> String {
        self.state().session.position_text()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.state().session.verdict().map(Outcome::from)
    }

    fn is_game_over(&self) -> bool {
        self.state().session.verdict().is_some()
    }

    /// The leaves of the tree of legal moves `depth` plies deep, counted in Rust without the
    /// GIL, on `threads` threads (at most the machine's cores), as `tabula perft` counts them.
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> PyResult<u64> {
        check_perft_depth(depth).map_err(refused)?;
        let (low, high) = THREADS_RANGE;
        if !(low..=high).contains(&threads) {
            return Err(refused(format!(
                "threads {threads} is outside {low} to {high}"
            )));
        }
        let session = self.state().session.boxed_clone();
        Ok(py.detach(move || session.perft(depth, threads)))
    }

    /// The static evaluation: its terms (centipawns for each side), their total and the net's
    /// score (both from the side to move's view; the net's None where the game has no net or
    /// UseNNUE is off), and the hand-written evaluation's.
    fn eval<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = self.state();
        let (terms, total) = state.session.evaluation();
        let listed = PyList::empty(py);
        for term in terms {
            let entry = PyDict::new(py);
            entry.set_item("name", term.name)?;
            entry.set_item("white", term.white)?;
            entry.set_item("black", term.black)?;
            listed.append(entry)?;
        }
        let answer = PyDict::new(py);
        answer.set_item("terms", listed)?;
        answer.set_item("total", total)?;
        let net = state.session.net_and_hand_written();
        answer.set_item("net", net.map(|(net, _)| net))?;
        answer.set_item("hand_written", net.map_or(total, |(_, hand)| hand))?;
        answer.set_item("turn", state.session.side_to_move().name())?;
        Ok(answer)
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

    /// Entering a move square by square: the squares that may come after the squares `path`
    /// already picked, and the move's text if `path` is already a whole legal move.
    fn targets(&self, path: Vec<String>) -> PyResult<(Vec<String>, Option<String>)> {
        let state = self.state();
        let live = state.session.verdict().is_none();
        let session = state.session.as_ref();
        let found = targets(session, state.kind, &path, live, &OnceLock::new()).map_err(refused)?;
        Ok((found.next, found.complete))
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
