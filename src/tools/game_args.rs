//! The arguments several tools share, each one struct that a tool's arguments flatten
//! (`#[command(flatten)]`): the game and its board.

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
