//! One search an engine of a board page is asked for: the position and `go` of a player's move
//! or of the analysis, with how strongly to play and how long to wait before the engine counts
//! as hung.

use super::levels::Setting;
use super::state::Desk;
use super::table::Limit;
use crate::game::{BoardSize, Side};
use std::time::Duration;

/// The engines of a desk: white's player, black's player, the analyser.
pub const ROLES: usize = 3;
/// How long a fixed-depth search may take before the engine counts as hung.
const DEPTH_PATIENCE: Duration = Duration::from_secs(600);

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

impl Job {
    /// The search of `purpose` on `desk`: a player plays at the end of the game, the analysis
    /// is of the position shown.
    pub fn of(desk: &Desk, purpose: Purpose, setting: Setting) -> Job {
        let table = &desk.table;
        let (moves, session) = match purpose {
            Purpose::Play(_) => (&table.moves[..], table.end_session()),
            Purpose::Analyse(_) => (&table.moves[..table.ply], table.session()),
        };
        let position = if moves.is_empty() {
            format!("position fen {}", table.start)
        } else {
            format!("position fen {} moves {}", table.start, moves.join(" "))
        };
        let (go, patience) = match (purpose, desk.limit, &desk.clocks) {
            (Purpose::Analyse(_), _, _) => ("go infinite".to_string(), Duration::MAX),
            (_, Limit::Movetime { ms }, _) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms.saturating_mul(2).saturating_add(5000)),
            ),
            (_, Limit::Depth { depth }, _) => (format!("go depth {depth}"), DEPTH_PATIENCE),
            (_, Limit::Clock { .. }, Some(clocks)) => {
                let (white, black) = (
                    clocks.left_ms(Side::White).max(0),
                    clocks.left_ms(Side::Black).max(0),
                );
                let inc = clocks.increment_ms();
                (
                    format!("go wtime {white} btime {black} winc {inc} binc {inc}"),
                    Duration::from_millis(white.max(black) as u64 + 5000),
                )
            }
            (_, Limit::Clock { .. }, None) => ("go movetime 1000".to_string(), DEPTH_PATIENCE),
        };
        Job {
            version: desk.version,
            purpose,
            variant: table.game.name(),
            size: session.size(),
            side_to_move: session.side_to_move(),
            position,
            go,
            setting,
            patience,
        }
    }
}
