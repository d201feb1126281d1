//! The solver as an oracle: a Joust position of any board proved when asked, within a budget of
//! nodes, so that the probes can show a value beside each move where no proof was loaded (every
//! position of 5 x 5 and 7 x 7 fits the default budget, and 9 x 9 once a game is well under way).

use super::board::Board;
use super::loaded::node_of;
use super::table::Table;
use super::{Ideas, Solver};
use crate::board::position_text::parse_position_text;
use crate::game::{BoardSize, Game};
use crate::games::joust::Joust;
use crate::search::score::{PROVEN, Score};
use crate::session::{GameSession, Oracle};
use crate::tablebase::Proven;
use crate::words::counted;
use std::sync::atomic::{AtomicU64, Ordering};

/// The nodes a position may take by default: about a second on one core, the whole 7 x 7 start.
pub const DEFAULT_LIVE_NODES: u64 = 4_000_000;
/// The live solver's transposition table by default, in megabytes: enough for the default
/// budget, and small enough for every door that probes (the board, Python, the page).
pub const DEFAULT_LIVE_TABLE_MB: usize = 16;

/// Proves Joust positions on demand, giving up on any that takes more than `max_nodes`.
pub struct LiveSolver {
    pub max_nodes: u64,
    /// The transposition table of each solve, in megabytes: a solve of billions of nodes needs
    /// hundreds (`tabula probe --hash`).
    pub table_mb: usize,
    /// Nodes its solves have visited, all threads together: what a long probe cost.
    nodes: AtomicU64,
}

impl Default for LiveSolver {
    fn default() -> LiveSolver {
        LiveSolver {
            max_nodes: DEFAULT_LIVE_NODES,
            table_mb: DEFAULT_LIVE_TABLE_MB,
            nodes: AtomicU64::new(0),
        }
    }
}

impl LiveSolver {
    /// A solver giving up on a position after `max_nodes`, its table `table_mb` large.
    pub fn new(max_nodes: u64, table_mb: usize) -> LiveSolver {
        LiveSolver {
            max_nodes,
            table_mb,
            ..LiveSolver::default()
        }
    }

    /// The nodes its solves have visited so far, given up or not.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Whether `count` solves at once can each have their table: an error naming the size if
    /// the machine cannot give that much, so that a long probe is refused before it begins
    /// rather than finding every move unknown.
    pub fn check_tables(&self, count: usize) -> Result<(), String> {
        let tables: Result<Vec<Table>, String> =
            (0..count).map(|_| Table::try_new(self.table_mb)).collect();
        tables.map(drop)
    }

    /// The winning leaps of the session's position (the first found), or none if it loses;
    /// `None` if it is not a Joust position or its proof would take more than the budget. The
    /// solve starts from the table `carried` holds where it is of the same board, and leaves
    /// its own there.
    fn solve(&self, session: &dyn GameSession, carried: &mut CarriedTable) -> Option<Vec<String>> {
        if session.game_name() != "joust" {
            return None;
        }
        let position =
            Joust::<2>::from_text(&parse_position_text(&session.position_text()).ok()?).ok()?;
        let size = position.size();
        let board = Board::new(size.width, size.height).ok()?;
        let node = node_of(&position);
        let ideas = Ideas {
            table_mb: self.table_mb,
            max_nodes: self.max_nodes,
            ..Ideas::default()
        };
        let mut solver = match carried.kept.take() {
            Some((kept_size, table)) if kept_size == size => {
                Solver::with_table(&board, ideas, table)
            }
            _ => Solver::new(&board, ideas).ok()?,
        };
        let leaps = solver.winning_leaps(&node, true);
        self.nodes.fetch_add(solver.nodes, Ordering::Relaxed);
        let gave_up = solver.gave_up;
        carried.kept = solver.into_table().map(|table| (size, table));
        (!gave_up).then(|| {
            leaps
                .iter()
                .map(|&to| format!("{}{}", board.square_name(node.mover), board.square_name(to)))
                .collect()
        })
    }

    /// The session's value for its side to move, as [`Oracle::value`] gives it, the solve
    /// starting from the table `carried` holds and leaving its own there.
    pub fn value_carrying(
        &self,
        session: &dyn GameSession,
        carried: &mut CarriedTable,
    ) -> Option<Proven> {
        let leaps = self.solve(session, carried)?;
        Some(if leaps.is_empty() {
            Proven::Loss(None)
        } else {
            Proven::Win(None)
        })
    }
}

/// A solver's table carried from one live solve to the next, as a chess engine keeps its hash
/// between searches: what one proof learnt (every entry a proven result) serves the next on
/// the same board, where the moves of one position share much of their trees. One a thread.
#[derive(Default)]
pub struct CarriedTable {
    kept: Option<(BoardSize, Table)>,
}

impl Oracle for LiveSolver {
    fn description(&self) -> String {
        format!(
            "joust solver, up to {} a position",
            counted(self.max_nodes as usize, "node")
        )
    }

    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)> {
        let first = self
            .solve(session, &mut CarriedTable::default())?
            .into_iter()
            .next()?;
        Some((first, Score::Centipawns(PROVEN - 1)))
    }

    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        self.value_carrying(session, &mut CarriedTable::default())
    }
}
