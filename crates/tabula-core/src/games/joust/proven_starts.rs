//! The starts of Joust that `tabula solve joust N` has proven (docs/solved.md): `go` at such a
//! start answers at once with the proven result and a winning first move. Even boards need no
//! entry: there the second player mirrors every leap, which the search knows from the position.

use super::Joust;
use crate::game::{BoardSize, Game};
use crate::search::score::{PROVEN, Score};
use crate::session::{GameSession, Oracle};
use crate::tablebase::Proven;

/// Square boards whose start is a proven first-player win, and a winning first move there.
pub const PROVEN_STARTS: [(usize, &str); 2] = [(5, "c3d1"), (7, "d4f3")];

/// The proven starts as an oracle.
pub struct ProvenStarts;

impl Oracle for ProvenStarts {
    fn description(&self) -> String {
        let boards: Vec<String> = PROVEN_STARTS
            .iter()
            .map(|(n, _)| format!("{n}x{n}"))
            .collect();
        format!(
            "joust starts proven first-player wins: {}",
            boards.join(", ")
        )
    }

    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)> {
        proven_first_move(session)
            .map(|first_move| (first_move.to_string(), Score::Centipawns(PROVEN - 1)))
    }

    /// A win for the side to move (white) at a proven start.
    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        proven_first_move(session).map(|_| Proven::Win(None))
    }
}

/// A winning first move, if the session stands at a proven start.
fn proven_first_move(session: &dyn GameSession) -> Option<&'static str> {
    if session.game_name() != "joust" {
        return None;
    }
    let size = session.size();
    let (_, first_move) = PROVEN_STARTS.iter().find(|(n, _)| {
        size == BoardSize {
            width: *n,
            height: *n,
        }
    })?;
    let start = Joust::<2>::start(size).ok()?.to_text();
    (board_and_side(&session.position_text()) == board_and_side(&start)).then_some(*first_move)
}

/// A position string without its move counters.
fn board_and_side(text: &str) -> Vec<&str> {
    text.split_whitespace().take(2).collect()
}
