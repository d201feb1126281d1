//! The solver as an oracle: a Joust position of any board proved when asked, within a budget of
//! nodes, so that the probes can show a value beside each move where no proof was loaded (every
//! position of 5 x 5 and 7 x 7 fits the default budget, and 9 x 9 once a game is well under way).

use super::board::Board;
use super::loaded::node_of;
use super::{Ideas, Solver};
use crate::board::position_text::parse_position_text;
use crate::game::Game;
use crate::games::joust::Joust;
use crate::search::score::{PROVEN, Score};
use crate::session::{GameSession, Oracle};
use crate::tablebase::Proven;
use crate::words::counted;

/// The nodes a position may take by default: about a second on one core, the whole 7 x 7 start.
pub const DEFAULT_LIVE_NODES: u64 = 4_000_000;
/// The transposition table of each live solve, in megabytes.
const LIVE_TABLE_MB: usize = 16;

/// Proves Joust positions on demand, giving up on any that takes more than `max_nodes`.
pub struct LiveSolver {
    pub max_nodes: u64,
}

impl Default for LiveSolver {
    fn default() -> LiveSolver {
        LiveSolver {
            max_nodes: DEFAULT_LIVE_NODES,
        }
    }
}

impl LiveSolver {
    /// The winning leaps of the session's position (the first found), or none if it loses;
    /// `None` if it is not a Joust position or its proof would take more than the budget.
    fn solve(&self, session: &dyn GameSession) -> Option<Vec<String>> {
        if session.game_name() != "joust" {
            return None;
        }
        let position =
            Joust::<2>::from_text(&parse_position_text(&session.position_text()).ok()?).ok()?;
        let size = position.size();
        let board = Board::new(size.width, size.height).ok()?;
        let node = node_of(&position);
        let mut solver = Solver::new(
            &board,
            Ideas {
                table_mb: LIVE_TABLE_MB,
                max_nodes: self.max_nodes,
                ..Ideas::default()
            },
        );
        let leaps = solver.winning_leaps(&node, true);
        (!solver.gave_up).then(|| {
            leaps
                .iter()
                .map(|&to| format!("{}{}", board.square_name(node.mover), board.square_name(to)))
                .collect()
        })
    }
}

impl Oracle for LiveSolver {
    fn description(&self) -> String {
        format!(
            "joust solver, up to {} a position",
            counted(self.max_nodes as usize, "node")
        )
    }

    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)> {
        let first = self.solve(session)?.into_iter().next()?;
        Some((first, Score::Centipawns(PROVEN - 1)))
    }

    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        let leaps = self.solve(session)?;
        Some(if leaps.is_empty() {
            Proven::Loss(None)
        } else {
            Proven::Win(None)
        })
    }
}
