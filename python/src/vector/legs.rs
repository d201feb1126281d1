//! How moves are entered leg by leg, as the PettingZoo environment enters them: the legal next
//! legs of a path of squares and the move a whole path makes, read from the squares each game's
//! moves visit ([`Game::move_path`]) or, where a game's moves are entered by asking the rules
//! ([`Game::ENTERED_BY_ASKING`]: Apart), from the game's own answers
//! ([`Game::asked_next_squares`]); and the board kept for the planes, as each game's moves change
//! it ([`Game::move_changes`]). No game is named here: what is each game's own lives with it.

use super::shape::{BLACK, BURNED, EMPTY, Shape, WHITE, side_code};
use tabula_core::game::{Game, Left};

/// Fills `legs` with the legal actions of `position` once the squares `path` are entered this
/// turn (`moves` are its legal moves, listed unless the game is entered by asking), and returns
/// the move that `path` makes if it is whole (the pass for an empty path where that is the only
/// move).
pub(super) fn legs<G: Game>(
    position: &G,
    moves: &[G::Move],
    path: &[u16],
    shape: Shape,
    legs: &mut Vec<u32>,
) -> Option<G::Move> {
    if G::ENTERED_BY_ASKING {
        asked_legs(position, path, shape, legs)
    } else {
        legs_by_squares(position, moves, path, shape, legs)
    }
}

/// [`legs`] for a game whose moves each visit a fixed run of squares ([`Game::move_path`]).
fn legs_by_squares<G: Game>(
    position: &G,
    moves: &[G::Move],
    path: &[u16],
    shape: Shape,
    legs: &mut Vec<u32>,
) -> Option<G::Move> {
    let mut complete = None;
    for &mv in moves {
        let Some(run) = position.move_path(mv) else {
            continue;
        };
        // Element by element: a slice comparison calls memcmp, slow for three squares.
        let run = run.squares();
        let follows = run.len() >= path.len() && path.iter().zip(run).all(|(a, b)| a == b);
        let leg = if path.is_empty() {
            shape.leg(run[0], run[1])
        } else if !follows {
            continue;
        } else if run.len() == path.len() {
            complete = Some(mv);
            continue;
        } else {
            shape.leg(run[path.len() - 1], run[path.len()])
        };
        // A capture's placements follow each other: one leg for them all.
        if legs.last() != Some(&leg) {
            legs.push(leg);
        }
    }
    legs.sort_unstable();
    legs.dedup();
    if complete.is_some() {
        legs.push(shape.stop());
    }
    complete
}

/// [`legs`] for a game whose moves are entered by asking the rules square by square: an Apart
/// turn movement by movement, a turn being its start, end and captures, not one run of squares.
fn asked_legs<G: Game>(
    position: &G,
    path: &[u16],
    shape: Shape,
    legs: &mut Vec<u32>,
) -> Option<G::Move> {
    let mut complete = None;
    if path.is_empty() {
        for from in position.asked_next_squares(&[]) {
            for to in position.asked_next_squares(&[from]) {
                legs.push(shape.leg(from as u16, to as u16));
            }
        }
        legs.sort_unstable();
        legs.dedup();
        if legs.is_empty() {
            complete = position.parse_move("0000").ok();
        }
    } else {
        let squares: Vec<usize> = path.iter().map(|&square| square as usize).collect();
        let last = path[path.len() - 1];
        for to in position.asked_next_squares(&squares) {
            legs.push(shape.leg(last, to as u16));
        }
        legs.sort_unstable();
        legs.dedup();
        if path.len() >= 2 {
            let mut text = String::new();
            for &square in &squares {
                shape.geometry.push_square_name(square, &mut text);
            }
            complete = position.parse_move(&text).ok();
        }
    }
    if complete.is_some() {
        legs.push(shape.stop());
    }
    complete
}

/// Updates `board` (cell codes) for `mv`, about to be played in `position`.
pub(super) fn move_board<G: Game>(position: &G, mv: G::Move, board: &mut [u8]) {
    let mover = side_code(position.side_to_move());
    position.move_changes(mv, &mut |square, left| {
        if let Some(cell) = board.get_mut(square) {
            *cell = match left {
                Left::Empty => EMPTY,
                Left::Burned => BURNED,
                Left::Mover => mover,
                Left::Opponent => WHITE + BLACK - mover,
            };
        }
    });
}
