//! The command line: with no subcommand the protocol loop runs on stdin/stdout; `perft` and
//! `bench` run once and exit.

use crate::bounded_read;
use crate::game::BoardSize;
use crate::games::claustro::solution::solve_command;
use crate::games::game_and_size;
use crate::games::{GameKind, open_session};
use crate::interfaces::uci::command::MAX_SEARCH_DEPTH;
use crate::interfaces::uci::engine::Engine;
use crate::interfaces::uci::options::{HASH_RANGE, MULTI_PV_RANGE, THREADS_RANGE};
use crate::interfaces::uci::output::Output;
use crate::level::Level;
use crate::search::Settings;
use crate::search::limits::Limits;
use crate::strength::ELO_RANGE;
use crate::tools::analyse::{AnalyseConfig, analyse};
use crate::tools::bench;
use crate::tools::console::print_line;
use crate::tools::play::{Opponent, PlayConfig, play};
use crate::tools::progress::{self, Progress};
use crate::tools::suite::{SuiteConfig, run_suite};
use clap::{Parser, Subcommand};
use std::time::Instant;

/// tabula: an engine for Joust, Jeson Mor, Claustro and Apart.
///
/// Run without a subcommand, it speaks the UCI/UGI-style protocol on stdin and stdout (type 'help'
/// once it runs; protocol.md documents every command). Logs go to stderr: set RUST_LOG=debug.
#[derive(Parser, Debug)]
#[command(version = tabula_core::version::DESCRIBED, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// Count the leaves of the legal-move tree (perft) and report the speed.
    Perft {
        /// joust, jesonmor, claustro or apart.
        game: String,
        /// Plies to look ahead.
        depth: u32,
        /// A position string (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Board size for the start position: N or WxH.
        #[arg(long)]
        size: Option<String>,
        /// Print the count below each legal first move.
        #[arg(long)]
        divide: bool,
        /// Threads that count, each taking the next first move (as `Threads` does for `perft`
        /// in the protocol).
        #[arg(long, default_value_t = 1, value_parser = in_range(THREADS_RANGE))]
        threads: usize,
    },
    /// Search a fixed set of positions; the node total is the search's signature.
    Bench,
    /// Play engine-vs-engine games, judged by tabula's own rules, with statistics.
    Match(crate::tools::tournament::command::MatchArgs),
    /// Analyse positions, one per input line: `startpos` or a position string, optionally
    /// followed by `moves ...` (# starts a comment). Exit code 1 if any line was bad.
    Analyse(AnalyseArgs),
    /// Write an openings file for `match`: seeded random openings or a file's lines, optionally
    /// only those a fixed-depth search scores near level (--balanced).
    Openings(crate::tools::opening_book::OpeningsArgs),
    /// Play a game in the terminal: against the engine, against a person, or watch.
    Play(PlayArgs),
    /// Run a test suite (EPD-like: position ; bm ... ; am ... ; id "..." ; D1 n ; D2 n ...).
    /// The last line is `N passed, M failed`; exit code 1 if any failed.
    Suite(SuiteArgs),
    /// Solve a game by retrograde analysis and write the table (claustro: the 5 x 5 board).
    Solve(SolveArgs),
    /// Serve a board for the four games in the browser, on this machine: play against the engine
    /// or a person, watch engines play, analyse.
    Gui(crate::interfaces::gui::GuiArgs),
    /// Review a game as lichess does: every position searched, each move's loss in expected
    /// score, inaccuracies, mistakes and blunders with the better move, each side's accuracy.
    Review(crate::tools::review::ReviewArgs),
    /// Fit the evaluation's term weights to the results of fast self-play games (Texel-style).
    Tune(crate::tools::tune::TuneArgs),
    /// Self-play training data for a net: positions with their search scores and the games'
    /// results, in shards that can be resumed.
    Datagen(crate::tools::datagen::DatagenArgs),
    /// Fit a net to datagen files and write it quantised (for EvalFile, or to ship).
    Train(crate::tools::train::TrainArgs),
}

/// Arguments of `tabula solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game: claustro.
    pub game: String,
    /// The table file to write.
    #[arg(long, default_value = crate::games::claustro::solution::DEFAULT_FILE)]
    pub out: std::path::PathBuf,
    /// Pawns per side (4 is the real game; fewer makes a small table for tests).
    #[arg(long, default_value_t = 4)]
    pub pawns: usize,
}

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

/// A parser of a count within one of the engine options' ranges.
fn in_range((low, high): (usize, usize)) -> clap::builder::RangedU64ValueParser<usize> {
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
    fn limits(&self) -> Limits {
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

/// Arguments of `tabula analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub search: PositionSearchArgs,
    /// Report this many best lines.
    #[arg(long, default_value_t = 1, value_parser = in_range(MULTI_PV_RANGE))]
    pub multipv: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = in_range(THREADS_RANGE))]
    pub threads: usize,
    /// One JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// The positions file, or - (the default) for standard input.
    #[arg(default_value = "-")]
    pub file: String,
}

/// Arguments of `tabula suite`.
#[derive(clap::Args, Debug)]
pub struct SuiteArgs {
    #[command(flatten)]
    pub search: PositionSearchArgs,
    /// The suite file.
    pub file: std::path::PathBuf,
}

fn perft(
    game: &str,
    depth: u32,
    fen: Option<&str>,
    size: Option<&str>,
    divide: bool,
    threads: usize,
) -> Result<(), String> {
    let kind = GameKind::parse(game)?;
    crate::game::check_perft_depth(depth)?;
    if fen.is_some() && size.is_some() {
        return Err("give --fen or --size, not both".to_string());
    }
    let size = size.map(BoardSize::parse).transpose()?;
    let session = open_session(kind, size.unwrap_or(kind.default_size()), fen, &[], true)?;
    let started = Instant::now();
    // Deep counts take minutes: where a bar is drawn, it counts the first moves done.
    let bar = (depth >= 2 && progress::drawn())
        .then(|| Progress::new(session.perft(1, 1), &format!("perft {depth}: first moves")));
    let total = if divide || bar.is_some() {
        session.perft_divide(depth, threads, &mut |mv, count| {
            if divide {
                print_line(&format!("{mv}: {count}"));
            }
            if let Some(bar) = &bar {
                bar.advance(1);
            }
        })
    } else {
        session.perft(depth, threads)
    };
    drop(bar);
    let seconds = started.elapsed().as_secs_f64();
    print_line(&format!("Nodes searched: {total}"));
    print_line(&format!(
        "Time: {:.3} s, {:.0} nodes/s",
        seconds,
        total as f64 / seconds.max(1e-9)
    ));
    Ok(())
}

fn run_analyse(args: &AnalyseArgs) -> Result<i32, String> {
    let search = &args.search;
    let (game, size) = game_and_size(&search.game, search.size.as_deref())?;
    let config = AnalyseConfig {
        game,
        size,
        limits: search.limits.limits(),
        settings: Settings {
            threads: args.threads,
            multipv: args.multipv,
            ..Settings::default()
        },
        hash_mb: search.limits.hash,
        json: args.json,
    };
    let mut out = |line: &str| print_line(line);
    let mut progress = |line: &str| eprintln!("{line}");
    let bad = if args.file == "-" {
        analyse(&config, std::io::stdin().lock(), &mut out, &mut progress)?
    } else {
        let (file, _) = bounded_read::open(
            std::path::Path::new(&args.file),
            bounded_read::MAX_POSITION_FILE,
        )?;
        analyse(
            &config,
            std::io::BufReader::new(file),
            &mut out,
            &mut progress,
        )?
    };
    Ok(i32::from(bad > 0))
}

fn run_suite_file(args: &SuiteArgs) -> Result<i32, String> {
    let search = &args.search;
    let (game, size) = game_and_size(&search.game, search.size.as_deref())?;
    let text = bounded_read::read_text(&args.file, bounded_read::MAX_POSITION_FILE)?;
    let config = SuiteConfig {
        game,
        size,
        limits: search.limits.limits(),
        hash_mb: search.limits.hash,
    };
    let (_, failed) = run_suite(&config, &text, &mut |line| print_line(line))?;
    Ok(i32::from(failed > 0))
}

fn run_play(args: &PlayArgs) -> Result<i32, String> {
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

/// `tabula solve <game>`: the report on stdout, progress on stderr.
fn run_solve(args: &SolveArgs) -> Result<i32, String> {
    if args.game != "claustro" {
        return Err(format!("cannot solve '{}' (only claustro)", args.game));
    }
    let mut bar: Option<Progress> = None;
    let report = solve_command(args.pawns, &args.out, &mut |step| {
        let bar =
            bar.get_or_insert_with(|| Progress::new(step.positions as u64, "positions solved"));
        bar.line(step.line);
        bar.set(step.resolved as u64);
    })?;
    drop(bar);
    print_line(&report);
    Ok(0)
}

fn exit_code(result: Result<i32, String>) -> i32 {
    result.unwrap_or_else(|problem| {
        eprintln!("error: {problem}");
        2
    })
}

/// Runs the command line; returns the process exit code.
pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        None => {
            crate::engine_process::parent_watch::start_if_asked();
            crate::interfaces::run_stdin(
                Engine::new(Output::stdout()),
                std::io::BufReader::new(std::io::stdin()),
            );
            0
        }
        Some(CliCommand::Bench) => {
            bench::run(&|line| print_line(line));
            0
        }
        Some(CliCommand::Analyse(args)) => exit_code(run_analyse(&args)),
        Some(CliCommand::Suite(args)) => exit_code(run_suite_file(&args)),
        Some(CliCommand::Play(args)) => exit_code(run_play(&args)),
        Some(CliCommand::Openings(args)) => exit_code(crate::tools::opening_book::run(&args)),
        Some(CliCommand::Gui(args)) => exit_code(crate::interfaces::gui::run(&args).map(|()| 0)),
        Some(CliCommand::Review(args)) => exit_code(crate::tools::review::run(&args)),
        Some(CliCommand::Tune(args)) => exit_code(crate::tools::tune::run(&args)),
        Some(CliCommand::Datagen(args)) => exit_code(crate::tools::datagen::run_command(&args)),
        Some(CliCommand::Train(args)) => exit_code(crate::tools::train::run_command(&args)),
        Some(CliCommand::Solve(args)) => exit_code(run_solve(&args)),
        Some(CliCommand::Match(args)) => {
            exit_code(crate::tools::tournament::command::run_command(&args))
        }
        Some(CliCommand::Perft {
            game,
            depth,
            fen,
            size,
            divide,
            threads,
        }) => match perft(
            &game,
            depth,
            fen.as_deref(),
            size.as_deref(),
            divide,
            threads,
        ) {
            Ok(()) => 0,
            Err(problem) => {
                eprintln!("error: {problem}");
                2
            }
        },
    }
}
