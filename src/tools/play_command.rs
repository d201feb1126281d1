//! `tabula play`'s arguments and what it runs: a game in the terminal (tools/play.rs).

use crate::games::game_and_size;
use crate::level::Level;
use crate::strength::ELO_RANGE;
use crate::tools::console::print_line;
use crate::tools::play::{Opponent, PlayConfig, play};
use crate::tools::search_args::in_range;

/// Arguments of `tabula play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// joust, jesonmor, claustro or apart.
    pub game: String,
    /// Board size: N or WxH (default: the game's).
    pub size: Option<String>,
    /// The engine's level: random, greedy, novice, easy, medium, hard, ultra, demigod or max.
    #[arg(long, default_value = "medium")]
    pub level: String,
    /// Play the engine at this Elo instead of a level (400 to 3000): a point of the game's own
    /// Elo scale, measured in round robins between the engine's strengths (docs/strength.md), so
    /// not comparable with chess ratings or across games. Each game reaches part of the range
    /// (--levels shows it): an Elo outside plays at the nearest end, and the game says so. The
    /// engine plays as with the UCI options UCI_LimitStrength and UCI_Elo: the best few lines
    /// of a capped search, one drawn.
    #[arg(long, conflicts_with = "level", value_parser = in_range(ELO_RANGE))]
    pub elo: Option<usize>,
    /// Which side you play: white, black, both (two people) or none (watch the engine).
    #[arg(long = "as", default_value = "white")]
    pub side: String,
    /// Thinking time of the max level, of --elo and of hints, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// List the engine's levels of the game by their measured Elo, and what --elo spans, then
    /// exit.
    #[arg(long)]
    pub levels: bool,
    /// Seed of the random level and of the draws of --elo.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Keep the session's games in FILE, in the record format of `tabula match` (`tabula
    /// review` and the GUI read it), after what FILE held before; each game's record is
    /// rewritten as it goes, so a game that ends is in the file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
}

/// Plays the game asked for (or lists the levels); exit code 0.
pub fn run(args: &PlayArgs) -> Result<i32, String> {
    use std::io::IsTerminal;
    let (game, size) = game_and_size(&args.game, args.size.as_deref())?;
    if args.levels {
        print_line(&crate::tools::level_list::level_list(game));
        return Ok(0);
    }
    let humans = match args.side.as_str() {
        "white" => [true, false],
        "black" => [false, true],
        "both" => [true, true],
        "none" => [false, false],
        other => {
            return Err(format!(
                "unknown side '{other}' (white, black, both or none)"
            ));
        }
    };
    let config = PlayConfig {
        game,
        size,
        opponent: match args.elo {
            Some(elo) => Opponent::Elo(elo),
            None => Opponent::Level(Level::parse(&args.level)?),
        },
        humans,
        movetime_ms: args.movetime.max(1),
        seed: args.seed,
        colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        record: args.record.clone(),
    };
    play(
        config,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
    )
    .map(|()| 0)
}
