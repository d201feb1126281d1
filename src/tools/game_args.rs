//! The arguments several tools share, each one struct that a tool's arguments flatten
//! (`#[command(flatten)]`): the game and its board, and how self-play games are played.

use crate::game::BoardSize;
use crate::games::{GameKind, game_and_size};

/// The game a tool plays and its board (`--game`, `--size`).
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// joust, jesonmor, claustro or apart.
    #[arg(long, required = true)]
    pub game: Option<String>,
    /// Board size: N or WxH (default: the game's).
    #[arg(long)]
    pub size: Option<String>,
}

impl GameArgs {
    /// The game and board size asked for.
    pub fn game_and_size(&self) -> Result<(GameKind, BoardSize), String> {
        let game = self.game.as_deref().ok_or("--game is required")?;
        game_and_size(game, self.size.as_deref())
    }
}

/// How the self-play games of `datagen` and `tune` are played: each move's search and each
/// game's random opening.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfPlayArgs {
    /// Nodes searched per move (datagen's default is 5000, tune's 1000).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth searched per move, instead of nodes.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Random plies of each game's opening (its positions are not recorded).
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
