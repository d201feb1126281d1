//! The command line: with no subcommand the protocol loop runs on stdin/stdout; each subcommand
//! is a tool's, with its arguments and run function in the tool's module (src/tools/).

use crate::interfaces::uci::engine::Engine;
use crate::interfaces::uci::output::Output;
use crate::tools::bench;
use crate::tools::console::print_line;
use clap::{Parser, Subcommand};

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
    Perft(crate::tools::perft::PerftArgs),
    /// Search a fixed set of positions; the node total is the search's signature.
    Bench,
    /// Play engine-vs-engine games, judged by tabula's own rules, with statistics.
    Match(crate::tools::tournament::command::MatchArgs),
    /// Analyse positions, one per input line: `startpos` or a position string, optionally
    /// followed by `moves ...` (# starts a comment). Exit code 1 if any line was bad.
    Analyse(crate::tools::analyse::AnalyseArgs),
    /// Write an openings file for `match`: seeded random openings or a file's lines, optionally
    /// only those a fixed-depth search scores near level (--balanced).
    Openings(crate::tools::opening_book::OpeningsArgs),
    /// Play a game in the terminal: against the engine, against a person, or watch.
    Play(crate::tools::play_command::PlayArgs),
    /// Run a test suite (EPD-like: position ; bm ... ; am ... ; id "..." ; D1 n ; D2 n ...)
    /// with tabula's search, or score any engine on it (--engine). Before the last line, where
    /// there are bm/am positions, `score: K of B best-move positions (P %)`; the last line is
    /// `N passed, M failed`; exit code 1 if any failed.
    Suite(crate::tools::suite::SuiteArgs),
    /// Solve a game by retrograde analysis and write the table (claustro: the 5 x 5 board).
    Solve(crate::tools::solve::SolveArgs),
    /// Each legal move of a position with its proven value (win, loss, draw, in plies where
    /// known), best first: from a table or proof (--table), the proven starts and the Joust
    /// solver.
    Probe(crate::tools::probe::ProbeArgs),
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
        Some(CliCommand::Analyse(args)) => exit_code(crate::tools::analyse::run_command(&args)),
        Some(CliCommand::Suite(args)) => exit_code(crate::tools::suite::run_command(&args)),
        Some(CliCommand::Play(args)) => exit_code(crate::tools::play_command::run(&args)),
        Some(CliCommand::Openings(args)) => exit_code(crate::tools::opening_book::run(&args)),
        Some(CliCommand::Gui(args)) => exit_code(crate::interfaces::gui::run(&args).map(|()| 0)),
        Some(CliCommand::Review(args)) => exit_code(crate::tools::review::run(&args)),
        Some(CliCommand::Tune(args)) => exit_code(crate::tools::tune::run(&args)),
        Some(CliCommand::Datagen(args)) => exit_code(crate::tools::datagen::run_command(&args)),
        Some(CliCommand::Train(args)) => exit_code(crate::tools::train::run_command(&args)),
        Some(CliCommand::Solve(args)) => exit_code(crate::tools::solve::run(&args)),
        Some(CliCommand::Probe(args)) => exit_code(crate::tools::probe::run(&args)),
        Some(CliCommand::Match(args)) => {
            exit_code(crate::tools::tournament::command::run_command(&args))
        }
        Some(CliCommand::Perft(args)) => exit_code(crate::tools::perft::run(&args)),
    }
}
