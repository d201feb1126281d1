//! `tabula perft`: the leaves of the legal-move tree counted, with the speed.

use crate::game::BoardSize;
use crate::games::{GameKind, open_session};
use crate::interfaces::uci::options::THREADS_RANGE;
use crate::tools::console::print_line;
use crate::tools::progress::{self, Progress};
use crate::tools::search_args::in_range;
use std::time::Instant;

/// Arguments of `tabula perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// joust, jesonmor, claustro or apart.
    pub game: String,
    /// Plies to look ahead.
    pub depth: u32,
    /// A position string (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Board size for the start position: N or WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Print the count below each legal first move.
    #[arg(long)]
    pub divide: bool,
    /// Threads that count, each taking the next first move (as `Threads` does for `perft`
    /// in the protocol).
    #[arg(long, default_value_t = 1, value_parser = in_range(THREADS_RANGE))]
    pub threads: usize,
}

/// Counts and prints; exit code 0.
pub fn run(args: &PerftArgs) -> Result<i32, String> {
    perft(
        &args.game,
        args.depth,
        args.fen.as_deref(),
        args.size.as_deref(),
        args.divide,
        args.threads,
    )
    .map(|()| 0)
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
