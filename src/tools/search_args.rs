//! The arguments of the tools that search positions (`analyse`, `suite`), and the parser of a
//! count within one of the engine options' ranges that every tool's counts use.

use crate::interfaces::uci::command::MAX_SEARCH_DEPTH;
use crate::interfaces::uci::options::HASH_RANGE;
use crate::search::limits::Limits;

/// A parser of a count within one of the engine options' ranges.
pub fn in_range((low, high): (usize, usize)) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(low as u64..=high as u64)
}

/// How long each search of `analyse` and `suite` runs.
#[derive(clap::Args, Debug)]
pub struct SearchLimitArgs {
    /// Search this many plies.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"],
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SEARCH_DEPTH)))]
    pub depth: Option<u32>,
    /// Search this many milliseconds (the default is 1000).
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Transposition table size in MB (cleared for every position).
    #[arg(long, default_value_t = 16, value_parser = in_range(HASH_RANGE))]
    pub hash: usize,
}

impl SearchLimitArgs {
    pub fn limits(&self) -> Limits {
        let movetime_ms = match (self.depth, self.movetime, self.nodes) {
            (None, None, None) => Some(1000),
            _ => self.movetime,
        };
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms,
            ..Limits::default()
        }
    }
}

/// What `tabula analyse` and `tabula suite` search: the game, the size of its `startpos` lines,
/// and the limits of each position's search.
#[derive(clap::Args, Debug)]
pub struct PositionSearchArgs {
    /// joust, jesonmor, claustro or apart.
    #[arg(long)]
    pub game: String,
    /// Board size for `startpos` lines: N or WxH.
    #[arg(long)]
    pub size: Option<String>,
    #[command(flatten)]
    pub limits: SearchLimitArgs,
}
