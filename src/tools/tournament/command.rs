//! `tabula match` on the command line: its arguments (and those of `match merge` and `match
//! ratings`) and the run that turns them into a [`super::MatchConfig`] and plays it.

use super::adjudication::Tablebase;
use super::merge::{run_merge, run_ratings};
use super::openings::{parse_openings, random_openings};
use super::play::GameSettings;
use super::shard::Shard;
use super::stats::Sprt;
use crate::bounded_read;
use crate::engine_process::log::EngineLog;
use crate::engine_process::process::EngineSpec;
use crate::engine_process::time_control::TimeControl;
use crate::games::load_oracle;
use crate::games::probe::Probe;
use crate::tools::console::print_line;
use crate::tools::game_args::GameArgs;
use clap::Subcommand;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `tabula match`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    pub action: Option<MatchAction>,
    /// An engine, as one argument: its command line and settings separated by spaces, e.g.
    /// "cmd=./tabula name=dev proto=ugi option.Hash=32" (also proto=uci, notation=plain|fsf, and
    /// tc=<time control> for time odds; words without '=' belong to the command). Give --engine
    /// once per engine.
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Time control of every engine without its own tc=: 10+0.1 (seconds plus increment),
    /// movetime=100, depth=4 or nodes=1000.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Games per pairing of engines (rounded up to even: each opening is played twice).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Play only shard K of N (K from 1): every N-th opening pair of the match, numbered as in
    /// the whole match. Every shard needs the same arguments (and --seed or --openings);
    /// `tabula match merge` adds the shards' results up.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Openings file: one position per line (startpos or a position string, optionally followed
    /// by `moves ...`; # starts a comment), e.g. one written by `tabula openings`. Without it,
    /// random openings are made.
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Plies of random moves in generated openings.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Seed of the generated openings (default: from the clock; always reported).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Directory for games.txt, summary.txt and result.json. A match run again into the
    /// directory of an interrupted run with the same arguments continues it (the games played
    /// are kept); a directory of another match is refused.
    #[arg(long, default_value = "match-out")]
    pub out: std::path::PathBuf,
    /// Start over in --out, replacing the match there, instead of resuming it.
    #[arg(long)]
    pub restart: bool,
    /// Stop when an SPRT bound is crossed: elo0=0 elo1=10 alpha=0.05 beta=0.05 (two engines).
    /// A shard never stops: the merge of the shards computes the test.
    #[arg(long, num_args = 1..)]
    pub sprt: Option<Vec<String>>,
    /// The first engine plays every other (instead of a round robin).
    #[arg(long)]
    pub gauntlet: bool,
    /// Milliseconds an engine may overstep its clock before it loses on time.
    #[arg(long, default_value_t = 0)]
    pub time_margin: u64,
    /// Seconds a move under a depth or node limit may take before the engine counts as stalled
    /// (it loses the game, and is started again for the next).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub stall_timeout: f64,
    /// Play on when an engine refuses an option (an `info string error` answer, or an option it
    /// does not declare) in the check before the first game; without it the match stops there.
    #[arg(long)]
    pub ignore_option_errors: bool,
    /// Write every line sent to and read from the engines, their stderr included, on stderr.
    #[arg(long)]
    pub debug: bool,
    /// Append every line sent to and read from the engines, their stderr included, to FILE.
    #[arg(long, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,
    /// Adjudicate a game as soon as this table or proof knows its result (a Claustro table of
    /// `tabula solve claustro`, a Joust proof of `tabula solve joust --proof`), as fastchess
    /// does with Syzygy; the proven Joust starts count too.
    #[arg(long, value_name = "FILE")]
    pub tb: Option<std::path::PathBuf>,
    /// Also adjudicate Joust games the solver proves within this many nodes a position.
    #[arg(long, default_value_t = 0, value_name = "NODES")]
    pub tb_nodes: u64,
}

/// What `tabula match` can do besides playing.
#[derive(Subcommand, Debug)]
pub enum MatchAction {
    /// Add up the result files of a match's shards and print the match's summary.
    Merge(MergeArgs),
    /// Rate the engines of a match (three or more) by maximum likelihood from its result files.
    Ratings(RatingsArgs),
}

/// Arguments of `tabula match ratings`.
#[derive(clap::Args, Debug)]
pub struct RatingsArgs {
    /// The match's output directory (or its shards' directories, or result files).
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// Pin engine NAME at rating ELO (`NAME=ELO`; `NAME` alone is 0). Without it the average
    /// of the engines is 0. Intervals are relative to the anchor.
    #[arg(long, value_name = "NAME=ELO")]
    pub anchor: Option<String>,
    /// Rate again from only the pairings of engines that the ratings of every pairing put
    /// within ELO of each other (and each engine's nearest): for pools whose far pairings,
    /// decided all but entirely, pull near engines together (docs/strength.md, "The Elo scale").
    #[arg(long, value_name = "ELO")]
    pub within: Option<f64>,
}

/// Arguments of `tabula match merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Shards' output directories (each with a result.json), directories of them, or result
    /// files.
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// Also write the merged summary.txt and games.txt (all shards' games in match order) here.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Exit 0 even when a shard is missing or unfinished (without it, such a merge exits 1
    /// after printing what it has).
    #[arg(long)]
    pub partial: bool,
}

pub fn run_command(args: &MatchArgs) -> Result<i32, String> {
    match &args.action {
        Some(MatchAction::Merge(merge)) => {
            let (text, complete) = run_merge(&merge.paths, merge.out.as_deref())?;
            print_line(&text);
            return Ok(if complete || merge.partial { 0 } else { 1 });
        }
        Some(MatchAction::Ratings(ratings)) => {
            print_line(&run_ratings(
                &ratings.paths,
                ratings.anchor.as_deref(),
                ratings.within,
            )?);
            return Ok(0);
        }
        None => {}
    }
    let (game, size) = args.game.game_and_size()?;
    let engines = args
        .engines
        .iter()
        .map(|text| {
            EngineSpec::parse(
                &text
                    .split_whitespace()
                    .map(String::from)
                    .collect::<Vec<_>>(),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if sprt.is_some() && engines.len() != 2 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    let shard = Shard::from_option(args.shard.as_deref())?;
    if args.shard.is_some() && args.seed.is_none() && args.openings.is_none() {
        return Err(
            "--shard needs --seed or --openings, so that every shard plays the same openings"
                .to_string(),
        );
    }
    let games_per_pair = args.games.max(1).div_ceil(2) * 2;
    let stall_timeout = Some(args.stall_timeout)
        .filter(|s| s.is_finite() && (0.001..=86_400.0).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            format!(
                "bad --stall-timeout '{}' (seconds, 0.001 to 86400)",
                args.stall_timeout
            )
        })?;
    let (openings, openings_origin) = match &args.openings {
        Some(path) => {
            let text = bounded_read::read_text(path, bounded_read::MAX_POSITION_FILE)?;
            (
                parse_openings(&text, game, size)?,
                format!("file {}", path.display()),
            )
        }
        None => {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            });
            let openings =
                random_openings(game, size, games_per_pair / 2, args.random_plies, seed)?;
            (
                openings,
                format!(
                    "random, {}, seed {seed}",
                    crate::words::counted(args.random_plies, "ply")
                ),
            )
        }
    };
    let config = super::MatchConfig {
        engines,
        settings: GameSettings {
            game,
            size,
            time_control: TimeControl::parse(&args.tc)?,
            time_margin_ms: args.time_margin,
            stall_timeout,
            engine_log: EngineLog::open(args.debug, args.log.as_deref())?,
            tablebase: tablebase(args)?,
        },
        games_per_pair,
        concurrency: args.concurrency,
        openings,
        out_dir: args.out.clone(),
        sprt,
        gauntlet: args.gauntlet,
        openings_origin,
        shard,
        restart: args.restart,
        ignore_option_errors: args.ignore_option_errors,
    };
    eprintln!("openings: {}", config.openings_origin);
    if shard != Shard::WHOLE {
        eprintln!("shard {shard}");
    }
    let run = super::run_match(&config, &mut |line| eprintln!("{line}"))?;
    print_line(&run.summary_text());
    Ok(0)
}

/// The adjudication `--tb` and `--tb-nodes` ask for, if any.
fn tablebase(args: &MatchArgs) -> Result<Option<Tablebase>, String> {
    if args.tb.is_none() && args.tb_nodes == 0 {
        return Ok(None);
    }
    let loaded = args.tb.as_deref().map(load_oracle).transpose()?;
    Ok(Some(Tablebase {
        tables: Arc::new(Probe::new(loaded, 0)),
        solver: (args.tb_nodes > 0).then(|| Arc::new(Probe::new(None, args.tb_nodes))),
    }))
}
