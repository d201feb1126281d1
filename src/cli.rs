//! The command line: with no subcommand the protocol loop runs on stdin/stdout; `perft` and
//! `bench` run once and exit.

use crate::bench;
use crate::game::BoardSize;
use crate::games::{GameKind, build_session};
use crate::position_text::parse_position_text;
use crate::protocol::command::{MAX_PERFT_DEPTH, parse_board_size};
use crate::protocol::engine::Engine;
use crate::protocol::output::Output;
use crate::session::Setup;
use clap::{Parser, Subcommand};
use std::time::Instant;

/// tabula: an engine for Joust, Jeson Mor, Claustro and Apart.
///
/// Run without a subcommand, it speaks the UCI/UGI-style protocol on stdin and stdout (type 'help'
/// once it runs; protocol.md documents every command). Logs go to stderr: set RUST_LOG=debug.
#[derive(Parser, Debug)]
#[command(version, about, long_about)]
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
    },
    /// Search a fixed set of positions; the node total is the search's signature.
    Bench,
}

fn perft(
    game: &str,
    depth: u32,
    fen: Option<&str>,
    size: Option<&str>,
    divide: bool,
) -> Result<(), String> {
    let kind = GameKind::from_name(game).ok_or_else(|| format!("unknown game '{game}'"))?;
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("perft depth '{depth}' is above {MAX_PERFT_DEPTH}"));
    }
    let session = match (fen, size) {
        (Some(_), Some(_)) => return Err("give --fen or --size, not both".to_string()),
        (Some(fen), None) => {
            let text = parse_position_text(fen).map_err(|p| format!("position '{fen}': {p}"))?;
            build_session(kind, Setup::Text(&text), &[], true)?
        }
        (None, size) => {
            let size: BoardSize = size
                .map(parse_board_size)
                .transpose()?
                .unwrap_or(kind.default_size());
            build_session(kind, Setup::Start(size), &[], true)?
        }
    };
    let started = Instant::now();
    let total = if divide {
        let split = session.perft_divide(depth);
        for (mv, count) in &split {
            println!("{mv}: {count}");
        }
        if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else {
        session.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    println!(
        "Time: {:.3} s, {:.0} nodes/s",
        seconds,
        total as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// Runs the command line; returns the process exit code.
pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        None => {
            Engine::new(Output::stdout()).run(std::io::stdin().lock());
            0
        }
        Some(CliCommand::Bench) => {
            bench::run(&|line| println!("{line}"));
            0
        }
        Some(CliCommand::Perft {
            game,
            depth,
            fen,
            size,
            divide,
        }) => match perft(&game, depth, fen.as_deref(), size.as_deref(), divide) {
            Ok(()) => 0,
            Err(problem) => {
                eprintln!("error: {problem}");
                2
            }
        },
    }
}
