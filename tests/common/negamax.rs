//! A plain negamax over the rules, knowing nothing of the solver, proofs or tables: the
//! independent figure that proven values are checked against on boards small enough to walk.

use tabula::game::Outcome;
use tabula::session::GameSession;

/// Whether the side to move wins, by trying every line to the game's end.
pub fn mover_wins(session: &dyn GameSession) -> bool {
    if let Some(verdict) = session.verdict() {
        return verdict.outcome == Outcome::Win(session.side_to_move());
    }
    session.legal_moves().iter().any(|text| {
        let mut child = session.boxed_clone();
        child.play_move(text).expect("a legal move");
        !mover_wins(child.as_ref())
    })
}
