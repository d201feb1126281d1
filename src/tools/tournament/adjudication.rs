//! A match's games ended by tables and proofs (`--tb`), as fastchess ends them by Syzygy
//! tablebases: what adjudicates, and the tally of the play that saved.

use super::record::GameRecord;
use crate::games::probe::Probe;
use crate::session::GameSession;
use crate::tablebase::Proven;
use std::sync::Arc;

/// The tables and proofs that end a game as soon as they know its result (`--tb`), as
/// fastchess adjudicates by Syzygy tablebases, and the Joust solver within a budget
/// (`--tb-nodes`).
#[derive(Clone)]
pub struct Tablebase {
    /// The table or proof loaded, and the proven starts: asked before every move.
    pub tables: Arc<Probe>,
    /// The solver, asked on a [`SolverSchedule`].
    pub solver: Option<Arc<Probe>>,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Tablebase")
    }
}

/// The most plies a game waits between two asks of the solver.
const MAX_SOLVER_GAP: usize = 8;

/// When a game next asks the solver. A position that the solver gives up on within its budget
/// is seldom proven a ply later, so after each give-up the game waits twice as many plies as
/// before (1, 2, 4, then 8 at most): the budget is spent a few times in the opening rather than
/// before every move, and a proven result is found at most 8 plies late.
#[derive(Debug, Default)]
pub struct SolverSchedule {
    next_ply: usize,
    gap: usize,
}

impl Tablebase {
    /// The proven value of the session's position at `ply` of its game, if the tables know it
    /// or the solver, when it is due, proves it.
    pub fn value(
        &self,
        session: &dyn GameSession,
        ply: usize,
        schedule: &mut SolverSchedule,
    ) -> Option<Proven> {
        if let Some(value) = self.tables.value(session) {
            return Some(value);
        }
        let solver = self.solver.as_ref().filter(|_| ply >= schedule.next_ply)?;
        let value = solver.value(session);
        if value.is_none() {
            schedule.gap = (schedule.gap * 2).clamp(1, MAX_SOLVER_GAP);
            schedule.next_ply = ply + schedule.gap;
        }
        value
    }
}

/// The games a table or proof adjudicated (`--tb`), and the play they saved: the plies perfect
/// play had left where the table counts them, and the engines' time those plies would have
/// taken, at each game's own mean time a move (at the match's, for a game ended before its
/// engines moved).
#[derive(Clone, Debug, Default)]
pub struct TableTally {
    pub games: usize,
    pub counted_games: usize,
    pub plies: u64,
    /// The time saved in games with moves of their own, in milliseconds.
    pub saved_ms: f64,
    /// The plies left in games ended before any engine moved.
    pub untimed_plies: u64,
    /// Every move's time and count in the match's games, for those.
    pub spent_ms: u64,
    pub moves: u64,
}

impl TableTally {
    /// Counts `record`, its moves' time, and the play saved if a table ended it.
    pub fn add(&mut self, record: &GameRecord) {
        let spent: u64 = record.moves.iter().map(|mv| mv.time_ms).sum();
        self.spent_ms += spent;
        self.moves += record.moves.len() as u64;
        let Some(plies) = record.adjudicated_by_table else {
            return;
        };
        self.games += 1;
        let Some(plies) = plies else { return };
        self.counted_games += 1;
        self.plies += u64::from(plies);
        if record.moves.is_empty() {
            self.untimed_plies += u64::from(plies);
        } else {
            self.saved_ms += spent as f64 / record.moves.len() as f64 * f64::from(plies);
        }
    }

    /// The summary's line, if a table ended any game.
    pub fn text(&self) -> Option<String> {
        (self.games > 0).then(|| {
            let mut line = format!(
                "Adjudicated by the table: {} games; in the {} whose distance it counts, {} plies \
                 left unplayed",
                self.games, self.counted_games, self.plies
            );
            if self.moves > 0 {
                let mean = self.spent_ms as f64 / self.moves as f64;
                let saved = self.saved_ms + mean * self.untimed_plies as f64;
                line.push_str(&format!(
                    ", about {:.1} s of engine time at the games' mean time a move",
                    saved / 1000.0
                ));
            }
            line
        })
    }
}
