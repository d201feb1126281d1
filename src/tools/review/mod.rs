//! `tabula review`: a finished or loaded game reviewed in the manner of lichess's analysis, by
//! the core's review ([`crate::review`]: the searches, the judgement, the report and the
//! annotated record), with the command line's files, progress bar and output.

pub use crate::review::{accuracy, analysis, annotate, game, judgement, report};

use crate::bounded_read;
use crate::games::game_and_size;
use crate::search::limits::Limits;
use crate::search::{Settings, Signals};
use crate::tools::console::print_line;
use crate::tools::progress::Progress;
use analysis::{ReviewSettings, Reviewer};
use game::ReviewGame;
use report::ReviewHead;
use std::path::PathBuf;

/// The depth each position is searched to when no limit is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// Arguments of `tabula review`.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// joust, jesonmor, claustro or apart: the game the record must be (default: the record's
    /// Game tag; a plain line of moves needs it).
    #[arg(long)]
    pub game: Option<String>,
    /// The board the record must be played on: N or WxH (default: the record's, else the
    /// game's).
    #[arg(long)]
    pub size: Option<String>,
    /// Search each position this many plies (the default is 10).
    #[arg(long, conflicts_with_all = ["movetime", "nodes"],
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search each position this many milliseconds.
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search each position this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Transposition table size in MB (cleared for every position).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=32768))]
    pub hash: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Which game of a record file of several (from 1).
    #[arg(long, default_value_t = 1)]
    pub number: usize,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the record with each move's judgement in a comment to this file.
    #[arg(long, value_name = "FILE")]
    pub annotate: Option<PathBuf>,
    /// The game: a record (as `tabula match` and the GUI write) or a line of moves
    /// (`startpos moves ...`, a position string then `moves ...`, or the moves alone).
    pub record: PathBuf,
}

impl ReviewArgs {
    /// The limits of each search, and how the report names them.
    fn limits(&self) -> (Limits, String) {
        let depth = match (self.depth, self.movetime, self.nodes) {
            (None, None, None) => Some(DEFAULT_DEPTH),
            _ => self.depth,
        };
        let name = match (depth, self.movetime, self.nodes) {
            (Some(depth), _, _) => format!("depth {depth}"),
            (_, Some(ms), _) => format!("movetime {ms}"),
            (_, _, nodes) => format!("nodes {}", nodes.unwrap_or(0)),
        };
        let limits = Limits {
            depth,
            nodes: self.nodes,
            movetime_ms: self.movetime,
            ..Limits::default()
        };
        (limits, name)
    }
}

/// Runs `tabula review`: reads and checks the whole game first, then searches, then reports.
pub fn run(args: &ReviewArgs) -> Result<i32, String> {
    let text = bounded_read::read_text(&args.record, bounded_read::MAX_POSITION_FILE)?;
    let kind = match &args.game {
        Some(name) => game_and_size(name, None)?.0,
        None => ReviewGame::named_game(&text, args.number)?,
    };
    let size = args
        .size
        .as_deref()
        .map(crate::game::BoardSize::parse)
        .transpose()?;
    let game = ReviewGame::read(&text, args.number, kind, size)?;
    let (limits, limit) = args.limits();
    let head = ReviewHead::of(&game, limit);
    let settings = ReviewSettings {
        limits,
        settings: Settings {
            threads: args.threads as usize,
            ..Settings::default()
        },
        hash_mb: args.hash as usize,
    };
    let mut reviewer = Reviewer::new(game, settings)?;
    let bar = Progress::new(reviewer.positions() as u64, "review: positions");
    reviewer.run(&Signals::default(), &mut |done, _| bar.set(done as u64))?;
    drop(bar);
    let review = reviewer.review();
    if let Some(path) = &args.annotate {
        let record = annotate::annotated_record(reviewer.game(), &review, &head.limit);
        std::fs::write(path, record)
            .map_err(|error| format!("cannot write '{}': {error}", path.display()))?;
    }
    print_line(
        if args.json {
            report::json_report(&head, &review)
        } else {
            report::text_report(&head, &review)
        }
        .trim_end(),
    );
    Ok(0)
}
