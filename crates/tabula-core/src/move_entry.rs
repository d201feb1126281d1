//! Entering a move square by square, as a board's clicks or an agent's actions do: the squares
//! that may be picked next after those already picked, and the move they make once whole.
//!
//! In Apart every movement of a turn ends a whole turn (a turn may stop after any movement), so
//! the rules are asked about squares: the continuations of a path are the squares that make the
//! path plus the square a legal turn, and a move may start from a piece from which some square
//! makes one. Its contrived positions have hundreds of millions of turns, too many to read. In
//! the other games a move's first squares need not make a whole move (a Claustro capture goes
//! on with a placement), so the legal moves are read, one by one, and never kept.

use crate::board::geometry::{Geometry, geometry};
use crate::board::position_text::{Cell, parse_position_text};
use crate::game::Side;
use crate::games::GameKind;
use crate::session::GameSession;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The most legal moves read to answer one question about moves by their squares (the games
/// other than Apart have far fewer).
const SCANNED_MOVES: usize = 1_000_000;

/// What may be picked next while a move is entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// The squares that may come next, by name, by file then rank.
    pub next: Vec<String>,
    /// The move's text if the squares picked are already a whole legal move.
    pub complete: Option<String>,
}

/// Move entry in one position, with what it has worked out once (the squares a move may start
/// from): keep one per position, and a new one when the position changes.
#[derive(Clone, Debug, Default)]
pub struct MoveEntry {
    starts: OnceLock<Vec<usize>>,
}

impl MoveEntry {
    /// The squares a move of `session` may continue with after the squares `path` (names, one
    /// each), and the move's text if `path` is already a whole legal move; or why `path` is not a
    /// list of squares of the board, or too many moves to read.
    pub fn targets(&self, session: &dyn GameSession, path: &[String]) -> Result<Targets, String> {
        let geometry = board_geometry(session);
        let picked = if path.is_empty() {
            Vec::new()
        } else {
            geometry
                .parse_square_path(&path.concat())
                .ok()
                .filter(|squares| squares.len() == path.len())
                .ok_or_else(|| format!("'{}' is not a list of squares", path.join(" ")))?
        };
        let apart = GameKind::from_name(session.game_name()) == Some(GameKind::Apart);
        let mut next = match (apart, picked.is_empty()) {
            (true, true) => self.start_squares(session).clone(),
            (true, false) => squares_making_a_move(session, &path.concat()),
            (false, true) if self.starts.get().is_some() => self.start_squares(session).clone(),
            (false, _) => {
                let next = continuations(session, &picked)?;
                if picked.is_empty() {
                    let _ = self.starts.set(next.clone());
                }
                next
            }
        };
        next.sort_unstable_by_key(|&square| geometry.coords(square));
        next.dedup();
        let complete = (picked.len() >= 2)
            .then(|| session.canonical_move(&path.concat()).ok())
            .flatten();
        Ok(Targets {
            next: next
                .into_iter()
                .map(|square| geometry.square_name(square))
                .collect(),
            complete,
        })
    }

    /// The squares a move may start from, worked out once.
    fn start_squares(&self, session: &dyn GameSession) -> &Vec<usize> {
        self.starts.get_or_init(|| {
            let geometry = board_geometry(session);
            let Ok(parsed) = parse_position_text(&session.position_text()) else {
                return Vec::new();
            };
            let mover = session.side_to_move();
            (0..parsed.cells.len())
                .filter(|&square| match parsed.cells[square] {
                    Cell::Piece(letter) => letter.is_ascii_uppercase() == (mover == Side::White),
                    _ => false,
                })
                .filter(|&square| {
                    let from = geometry.square_name(square);
                    (0..parsed.cells.len()).any(|to| makes_a_move(session, &from, to))
                })
                .collect()
        })
    }
}

fn board_geometry(session: &dyn GameSession) -> &'static Geometry {
    let size = session.size();
    geometry(size.width, size.height)
}

/// The squares that follow `picked` in some legal move, read from the moves one by one.
fn continuations(session: &dyn GameSession, picked: &[usize]) -> Result<Vec<usize>, String> {
    let geometry = board_geometry(session);
    let mut next = Vec::new();
    let mut read = 0;
    let mut too_many = false;
    session.write_legal_moves(&mut |text| {
        read += 1;
        if read > SCANNED_MOVES {
            too_many = true;
            return ControlFlow::Break(());
        }
        if let Ok(squares) = geometry.parse_square_path(text)
            && squares.len() > picked.len()
            && squares[..picked.len()] == picked[..]
            && !next.contains(&squares[picked.len()])
        {
            next.push(squares[picked.len()]);
        }
        ControlFlow::Continue(())
    });
    if too_many {
        return Err(format!(
            "this position has more than {SCANNED_MOVES} legal moves; type the move instead"
        ));
    }
    Ok(next)
}

/// The squares whose name after `prefix` makes a legal move.
fn squares_making_a_move(session: &dyn GameSession, prefix: &str) -> Vec<usize> {
    let size = session.size();
    (0..size.width * size.height)
        .filter(|&square| makes_a_move(session, prefix, square))
        .collect()
}

/// Whether `prefix` and the name of `square` make a legal move.
fn makes_a_move(session: &dyn GameSession, prefix: &str, square: usize) -> bool {
    let text = format!("{prefix}{}", board_geometry(session).square_name(square));
    session.canonical_move(&text).is_ok()
}
