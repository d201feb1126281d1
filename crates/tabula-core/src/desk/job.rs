//! One search an engine of a board page is asked for: the position and `go` of a player's move
//! or of the analysis, with how strongly to play and how long to wait before the engine counts
//! as hung.

use super::levels::Setting;
use crate::game::{BoardSize, Side};
use std::time::Duration;

/// The engines of a desk: white's player, black's player, the analyser.
pub const ROLES: usize = 3;
/// How long a fixed-depth search may take before the engine counts as hung.
pub const DEPTH_PATIENCE: Duration = Duration::from_secs(600);

/// Why the engine searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Find the move of `side`, to be played.
    Play(Side),
    /// Analyse without limit, with this many lines.
    Analyse(u32),
}

impl Purpose {
    /// The lines of analysis asked for (one for a player's move).
    pub fn lines(self) -> u32 {
        match self {
            Purpose::Analyse(lines) => lines,
            Purpose::Play(_) => 1,
        }
    }
}

/// One search to run.
#[derive(Clone, Debug)]
pub struct Job {
    /// The table's version this search is for.
    pub version: u64,
    pub purpose: Purpose,
    /// The game's protocol name, for `UCI_Variant`.
    pub variant: &'static str,
    pub size: BoardSize,
    pub side_to_move: Side,
    /// `position fen ... moves ...`.
    pub position: String,
    /// `go ...` in UCI form; `p1`/`p2` replace `w`/`b` for a UGI engine.
    pub go: String,
    /// How strongly to play, set where the engine has the options (`Level`, `UCI_LimitStrength`
    /// and `UCI_Elo`).
    pub setting: Setting,
    /// After this long without `bestmove` the engine counts as hung.
    pub patience: Duration,
}
