//! How moves are numbered: who makes the move after `ply` moves and its number, from the side
//! and number of the first (a position string's side to move and fullmove).

use crate::game::Side;
use crate::session::GameSession;

/// The side making move `ply` (from 0) of a game whose first move is `first`, and its number.
pub fn numbered(first: (Side, u32), ply: usize) -> (Side, u32) {
    let (side, number) = first;
    let offset = u32::from(side == Side::Black);
    let half = u32::try_from(ply)
        .unwrap_or(u32::MAX)
        .saturating_add(offset);
    let mover = if half % 2 == 0 {
        Side::White
    } else {
        Side::Black
    };
    (mover, number.saturating_add(half / 2))
}

/// Who is to move in `session` and the move's number (the position string's fullmove).
pub fn first_move(session: &dyn GameSession) -> (Side, u32) {
    let text = session.position_text();
    let number = text.split_whitespace().nth(3).and_then(|n| n.parse().ok());
    (session.side_to_move(), number.unwrap_or(1))
}
