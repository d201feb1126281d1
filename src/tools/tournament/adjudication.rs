//! A match's games ended by tables and proofs (`--tb`), as fastchess ends them by Syzygy
//! tablebases: what adjudicates, and the tally of the play that saved.

use super::record::GameRecord;
use crate::games::probe::Probe;
use std::sync::Arc;

/// The tables and proofs that end a game as soon as they know its result (`--tb`), as
/// fastchess adjudicates by Syzygy tablebases.
#[derive(Clone)]
pub struct Tablebase {
    pub probe: Arc<Probe>,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Tablebase")
    }
}

/// The games a table or proof adjudicated (`--tb`), and the play they saved: the plies perfect
/// play had left where the table counts them, and the engines' time those plies would have
/// taken at each game's own mean time a move.
#[derive(Clone, Debug, Default)]
pub struct TableTally {
    pub games: usize,
    pub counted_games: usize,
    pub plies: u64,
    pub saved_ms: f64,
}

impl TableTally {
    /// Counts `record` if a table ended it.
    pub fn add(&mut self, record: &GameRecord) {
        let Some(plies) = record.adjudicated_by_table else {
            return;
        };
        self.games += 1;
        let Some(plies) = plies else { return };
        self.counted_games += 1;
        self.plies += u64::from(plies);
        let spent: u64 = record.moves.iter().map(|mv| mv.time_ms).sum();
        let mean = spent as f64 / record.moves.len().max(1) as f64;
        self.saved_ms += mean * f64::from(plies);
    }

    /// The summary's line, if a table ended any game.
    pub fn text(&self) -> Option<String> {
        (self.games > 0).then(|| {
            format!(
                "Adjudicated by the table: {} games; in the {} whose distance it counts, {} plies \
                 left unplayed, about {:.1} s of engine time at those games' mean time a move",
                self.games,
                self.counted_games,
                self.plies,
                self.saved_ms / 1000.0
            )
        })
    }
}
