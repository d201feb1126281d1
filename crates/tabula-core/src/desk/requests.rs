//! What a board page asks of its desk, as JSON (the bodies of docs/gui.md's API), and the checks
//! every home of the page makes of it: the same request gets the same answer, and the same
//! refusal, from the GUI's server and from the browser's module.

use super::levels;
use super::table::{Limit, Player};
use crate::games::GameKind;
use crate::level::Level;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The most squares of a move being entered.
const MAX_PATH: usize = 64;
/// The most characters of a comment on a move.
const MAX_COMMENT: usize = 2000;
/// The most lines of analysis.
const MAX_MULTIPV: u32 = 8;

/// A body read as `T`, or why not.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    serde_json::from_slice(body).map_err(|problem| format!("bad JSON: {problem}"))
}

/// A table to open: its game and who plays it (people on both sides unless said).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenTable {
    pub game: String,
    #[serde(default)]
    pub size: Option<String>,
    #[serde(default = "human")]
    pub white: Player,
    #[serde(default = "human")]
    pub black: Player,
}

fn human() -> Player {
    Player::Human
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub game: String,
    #[serde(default)]
    pub size: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    pub position: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub text: String,
    /// A move the page puts back on a study board (going back to a line it keeps): its thinking
    /// time is not the person's, so none is noted.
    #[serde(default)]
    pub put_back: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsRequest {
    pub path: Vec<String>,
}

impl TargetsRequest {
    /// The squares picked so far, if there are not too many.
    pub fn checked(self) -> Result<Vec<String>, String> {
        if self.path.len() > MAX_PATH {
            return Err(format!("a move has at most {MAX_PATH} squares"));
        }
        Ok(self.path)
    }
}

/// A probe of the position shown (`probe`): it takes no fields, `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbeRequest {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GotoRequest {
    pub ply: usize,
}

/// A node of the move tree, by its place in the Table's flat form (`line`, `promote`,
/// `delete`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeRequest {
    pub node: usize,
}

/// A comment on a node of the move tree (`comment`): its text, none if empty.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommentRequest {
    pub node: usize,
    pub text: String,
}

impl CommentRequest {
    /// The node and the comment trimmed, if it is not too long.
    pub fn checked(self) -> Result<(usize, String), String> {
        let text = self.text.trim();
        let count = text.chars().count();
        if count > MAX_COMMENT {
            return Err(format!(
                "a comment has at most {MAX_COMMENT} characters, not {count}"
            ));
        }
        Ok((self.node, text.to_string()))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersRequest {
    pub white: Player,
    pub black: Player,
    pub limit: Limit,
    /// The time each side has left, for a game set up again under a clock limit (the page
    /// kept it over a reload); without it new clocks start full.
    #[serde(default)]
    pub clocks: Option<ClockTimes>,
}

/// The time left of each side, in milliseconds.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockTimes {
    pub white_ms: u64,
    pub black_ms: u64,
}

/// The clock times if they are within reason: at most a day each.
pub fn check_clock_times(times: Option<ClockTimes>) -> Result<(), String> {
    const DAY_MS: u64 = 86_400_000;
    match times {
        Some(t) if t.white_ms > DAY_MS || t.black_ms > DAY_MS => {
            Err("clock times are at most a day".to_string())
        }
        _ => Ok(()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    pub on: bool,
    #[serde(default)]
    pub depth: Option<u32>,
}

/// A record's text, and which of its games to load (from 1; the first when absent).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordText {
    pub text: String,
    #[serde(default = "first_game")]
    pub game: usize,
}

fn first_game() -> usize {
    1
}

/// A record's text, to list its games.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordGames {
    pub text: String,
}

/// The player if it may play: an engine among `engines` (their names), at a level or an Elo it
/// may play (`levels::checked`).
pub fn checked_player(player: Player, engines: &[String]) -> Result<Player, String> {
    match player {
        Player::Human => Ok(Player::Human),
        Player::Engine { engine, level, elo } => {
            let Some(name) = engines.get(engine) else {
                return Err(format!("no engine {engine} (there are {})", engines.len()));
            };
            let (level, elo) = levels::checked(engine, name, level, elo)?;
            Ok(Player::Engine { engine, level, elo })
        }
    }
}

/// Both players, checked.
pub fn checked_players(
    white: Player,
    black: Player,
    engines: &[String],
) -> Result<[Player; 2], String> {
    Ok([
        checked_player(white, engines)?,
        checked_player(black, engines)?,
    ])
}

/// The limit if it is within reason: clocks and move times of 1 ms to a day, depths 1 to 64.
pub fn check_limit(limit: Limit) -> Result<(), String> {
    const DAY_MS: u64 = 86_400_000;
    match limit {
        Limit::Clock { base_ms, inc_ms } if (1..=DAY_MS).contains(&base_ms) && inc_ms <= DAY_MS => {
            Ok(())
        }
        Limit::Movetime { ms } if (1..=DAY_MS).contains(&ms) => Ok(()),
        Limit::Depth { depth } if (1..=64).contains(&depth) => Ok(()),
        _ => Err(
            "the limit is out of range (clock and movetime 1 ms to a day, depth 1 to 64)"
                .to_string(),
        ),
    }
}

/// The analysis asked for, if its engine is one of `engines` and its lines 1 to 8.
pub fn check_analysis(
    analysis: &super::table::AnalysisSettings,
    engines: usize,
) -> Result<(), String> {
    if analysis.engine >= engines {
        return Err(format!("no engine {}", analysis.engine));
    }
    if !(1..=MAX_MULTIPV).contains(&analysis.multipv) {
        return Err(format!(
            "multipv {} is not 1 to {MAX_MULTIPV}",
            analysis.multipv
        ));
    }
    Ok(())
}

/// What GET /api/info answers: the games with their sizes and levels, the `engines` (their
/// names, tabula's first) and the named levels.
pub fn info_json(engines: &[String]) -> String {
    let games: Vec<_> = GameKind::ALL
        .iter()
        .map(|&kind| {
            serde_json::json!({
                "name": kind.name(),
                "title": kind.title(),
                "default_size": kind.default_size().to_string(),
                "sizes": kind.sizes(),
                "levels": levels::choices(kind),
            })
        })
        .collect();
    let engines: Vec<_> = engines
        .iter()
        .enumerate()
        .map(|(index, name)| {
            serde_json::json!({
                "index": index,
                "name": name,
                "elo": levels::takes_elo(index),
            })
        })
        .collect();
    let levels: Vec<&str> = Level::names().collect();
    serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "games": games,
        "engines": engines,
        "levels": levels,
    })
    .to_string()
}
