//! Claustro's solution table (whole, or a page's pieces of it) as the session's [`Oracle`]:
//! perfect answers for a session's position, with what the game's history decides at once put
//! first. It lives beside the registry, at the session's layer, since it reads sessions; the
//! table itself (`claustro::solution`, `claustro::pieces`) knows only positions.

use super::GameKind;
use super::claustro::Claustro;
use super::claustro::pieces::TablePieces;
use super::claustro::solution::{SolutionTable, score};
use super::claustro::solve::Value;
use crate::board::position_text::parse_position_text;
use crate::game::{Game, Outcome};
use crate::search::score::Score;
use crate::session::{GameSession, Oracle};
use crate::tablebase::Proven;
use crate::words::counted;
use std::any::Any;

impl Oracle for SolutionTable {
    fn description(&self) -> String {
        format!(
            "claustro {}, {}",
            self.space().size(),
            counted(self.space().len(), "position")
        )
    }

    /// The fastest win, else a drawing move, else the slowest loss, for a Claustro position of
    /// the table's board size and pawn counts. A move that the game's history decides at once
    /// (by the repetition rule, or the 400-ply draw) counts as that result instead of its table
    /// value.
    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)> {
        let position = claustro_position(session)?;
        let (mv, value) = self.best_move(&position, |mv| {
            decided_by_history(session, &position.move_text(mv))
        })?;
        Some((position.move_text(mv), score(value)))
    }

    /// The table's value of the position (the game's history aside).
    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        Some(self.value(&claustro_position(session)?)?.proven())
    }

    fn tablebase_source(&self) -> Option<&dyn Any> {
        Some(self)
    }
}

/// The pieces of a table a page loaded: the values of the positions whose rows it has, for the
/// probes; `go` never asks them (a page's engine runs apart from its table).
impl Oracle for TablePieces {
    fn description(&self) -> String {
        format!("claustro table pieces {}", self.folder())
    }

    fn answer(&self, _session: &dyn GameSession) -> Option<(String, Score)> {
        None
    }

    /// The value where the position's row is loaded; a missing row is kept as wanted.
    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        Some(self.value(&claustro_position(session)?)?.proven())
    }
}

/// The session's position, if it is Claustro's on a board of at most 64 squares (every board a
/// table is solved for).
fn claustro_position(session: &dyn GameSession) -> Option<Claustro<1>> {
    if session.game_name() != GameKind::Claustro.name() {
        return None;
    }
    let parsed = parse_position_text(&session.position_text()).ok()?;
    Claustro::<1>::from_text(&parsed).ok()
}

/// The value of playing `text` in `session` when the game ends at once, on that move or on the
/// opponent's best reply: a win or a draw if the move ends the game so, a loss in two plies if
/// the opponent can then end it with a win. `None` if the game goes on either way.
fn decided_by_history(session: &dyn GameSession, text: &str) -> Option<Value> {
    let mover = session.side_to_move();
    let mut child = session.boxed_clone();
    child.play_move(text).ok()?;
    if let Some(verdict) = child.verdict() {
        return Some(match verdict.outcome {
            Outcome::Win(side) if side == mover => Value::Win(1),
            Outcome::Win(_) => Value::Loss(1),
            Outcome::Draw => Value::Draw,
        });
    }
    let opponent_wins_at_once = child.legal_moves().iter().any(|reply| {
        let mut grandchild = child.boxed_clone();
        grandchild.play_move(reply).is_ok()
            && grandchild
                .verdict()
                .is_some_and(|verdict| verdict.outcome == Outcome::Win(mover.opponent()))
    });
    opponent_wins_at_once.then_some(Value::Loss(2))
}
