//! `tabula probe`: each legal move of a position with its proven value, best first, and the
//! position's, from a loaded table or proof (`--table`), the proven Joust starts and the Joust
//! solver; the same values as the protocol's `probe`, for scripts.

use crate::game::BoardSize;
use crate::games::joust::solve::{DEFAULT_LIVE_NODES, DEFAULT_LIVE_TABLE_MB};
use crate::games::probe::{Probe, value_text};
use crate::games::{GameKind, load_oracle, open_session};
use crate::tools::console::print_line;
use crate::tools::perfect_suite::{
    SuiteRecipe, positions_of_lines, write_suite, write_suite_of_positions,
};
use crate::tools::progress::Progress;

/// Arguments of `tabula probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// joust, jesonmor, claustro or apart.
    pub game: String,
    /// A position string (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Board size for the start position: N or WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Moves played from the position before probing.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// A Claustro table (`tabula solve claustro`) or Joust proof (`tabula solve joust --proof`).
    #[arg(long)]
    pub table: Option<std::path::PathBuf>,
    /// The nodes the Joust solver may spend on a position before it calls it unknown (0: none).
    #[arg(long, default_value_t = DEFAULT_LIVE_NODES)]
    pub nodes: u64,
    /// The Joust solver's transposition table in megabytes (as chess engines' `Hash`), kept
    /// from one move's proof to the next; each thread has one, --threads times as much in all.
    #[arg(long, default_value_t = DEFAULT_LIVE_TABLE_MB as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub hash: u32,
    /// Threads proving a position's moves at once, dealt out in turn (as chess engines'
    /// `Threads`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Write a perfect-play suite of this many positions instead (for `tabula suite`), taken
    /// from the engine's games where every move's value is proven.
    #[arg(long, conflicts_with_all = ["fen", "moves"])]
    pub suite: Option<usize>,
    /// Write a perfect-play suite of the positions this file's lines reach instead: each line the
    /// moves of one position from the start, blank lines and `#` comments skipped; a position
    /// is kept where every move's value is proven within --nodes and some move throws it away.
    #[arg(long, conflicts_with_all = ["fen", "moves", "suite"])]
    pub suite_lines: Option<std::path::PathBuf>,
    /// With --suite: the plies at which a game's position may be taken (A-B).
    #[arg(long, default_value = "10-30", requires = "suite")]
    pub plies: String,
    /// With --suite: random first plies of each game.
    #[arg(long, default_value_t = 4, requires = "suite")]
    pub random_plies: usize,
    /// With --suite: nodes of each search that plays a game's move after those.
    #[arg(long, default_value_t = 2000, requires = "suite")]
    pub search_nodes: u64,
    /// With --suite: the seed of the games.
    #[arg(long, default_value_t = 1, requires = "suite")]
    pub seed: u64,
    /// With --suite: games to play at most.
    #[arg(long, default_value_t = 10_000, requires = "suite")]
    pub max_games: usize,
}

/// The plies `A-B` of --plies.
fn ply_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad --plies '{text}' (A-B, A at most B)");
    let (first, last) = text.split_once('-').ok_or_else(bad)?;
    let first: usize = first.parse().map_err(|_| bad())?;
    let last: usize = last.parse().map_err(|_| bad())?;
    (first <= last).then_some((first, last)).ok_or_else(bad)
}

/// ` --hash N` and ` --threads N` for a suite's header where they are not the defaults: with a
/// budget of nodes, the table's size and which moves share one decide which moves are proven,
/// so the suite depends on them.
fn solver_words(args: &ProbeArgs) -> String {
    let mut words = String::new();
    if args.hash as usize != DEFAULT_LIVE_TABLE_MB {
        words += &format!(" --hash {}", args.hash);
    }
    if args.threads != 1 {
        words += &format!(" --threads {}", args.threads);
    }
    words
}

/// What the Joust solver cost, on stderr (stdout keeps the values alone), where it was asked:
/// `solver: N nodes in T s (R nodes/s)`, as `tabula solve` reports its own.
fn solver_report(probe: &Probe, started: std::time::Instant) {
    let nodes = probe.solver_nodes();
    if nodes > 0 {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "solver: {nodes} nodes in {seconds:.2} s ({:.0} nodes/s)",
            nodes as f64 / seconds.max(1e-9)
        );
    }
}

/// Prints `move <move> <value>` for each legal move, best first, then `position <value>`;
/// exit code 0.
pub fn run(args: &ProbeArgs) -> Result<i32, String> {
    let kind = GameKind::parse(&args.game)?;
    if args.fen.is_some() && args.size.is_some() {
        return Err("give --fen or --size, not both".to_string());
    }
    let size = args.size.as_deref().map(BoardSize::parse).transpose()?;
    let moves: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    let session = open_session(
        kind,
        size.unwrap_or(kind.default_size()),
        args.fen.as_deref(),
        &moves,
        true,
    )?;
    let loaded = args.table.as_deref().map(load_oracle).transpose()?;
    let probe = Probe::new(loaded, args.nodes)
        .with_threads(usize::from(args.threads))
        .with_hash(args.hash as usize);
    probe.check_memory()?;
    let started = std::time::Instant::now();
    if let Some(path) = &args.suite_lines {
        let code = suite_of_lines(args, session.size(), path, &probe)?;
        solver_report(&probe, started);
        return Ok(code);
    }
    if let Some(count) = args.suite {
        let recipe = SuiteRecipe {
            game: kind,
            size: session.size(),
            count,
            plies: ply_range(&args.plies)?,
            random_plies: args.random_plies,
            nodes: args.search_nodes,
            seed: args.seed,
            max_games: args.max_games,
        };
        let table = args.table.as_deref().map_or(String::new(), |path| {
            let name = path.file_name().unwrap_or(path.as_os_str());
            format!(" --table {}", name.to_string_lossy())
        });
        let solver = solver_words(args);
        print_line(&format!(
            "# {} {} perfect-play suite, written by `tabula probe {} --size {} --suite {count} \
             --plies {} --seed {} --nodes {}{solver}{table}`: each bm is every move keeping the \
             value.",
            kind.name(),
            recipe.size,
            kind.name(),
            recipe.size,
            args.plies,
            args.seed,
            args.nodes,
        ));
        let progress = Progress::new(count as u64, "suite positions");
        let written = write_suite(
            &recipe,
            &probe,
            &mut |line| print_line(line),
            &mut |_, found| progress.set(found as u64),
        )?;
        progress.line(&format!("{written} positions written"));
        solver_report(&probe, started);
        return Ok(0);
    }
    let values = probe.move_values(session.as_ref());
    for entry in &values {
        print_line(&format!("move {} {}", entry.text, value_text(entry.value)));
    }
    let position = probe.position_value(session.as_ref(), &values);
    print_line(&format!("position {}", value_text(position)));
    solver_report(&probe, started);
    Ok(0)
}

/// `--suite-lines`: the suite of the positions a file's lines of moves reach.
fn suite_of_lines(
    args: &ProbeArgs,
    size: BoardSize,
    path: &std::path::Path,
    probe: &Probe,
) -> Result<i32, String> {
    let kind = GameKind::parse(&args.game)?;
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read '{}': {error}", path.display()))?;
    let positions = positions_of_lines(kind, size, &text)
        .map_err(|problem| format!("'{}' {problem}", path.display()))?;
    let name = path.file_name().unwrap_or(path.as_os_str());
    print_line(&format!(
        "# {} {size} perfect-play suite, written by `tabula probe {} --size {size} --suite-lines {} \
         --nodes {}{}`: each bm is every move keeping the value.",
        kind.name(),
        kind.name(),
        name.to_string_lossy(),
        args.nodes,
        solver_words(args),
    ));
    let progress = Progress::new(positions.len() as u64, "positions probed");
    let written =
        write_suite_of_positions(&positions, probe, &mut |line| print_line(line), &|| {
            progress.advance(1)
        });
    progress.line(&format!(
        "{written} of {} positions written",
        positions.len()
    ));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::ply_range;
    use crate::tools::test_support::assert_refusals;

    #[test]
    fn plies_are_a_range_from_low_to_high() {
        assert_eq!(ply_range("10-30"), Ok((10, 30)));
        assert_eq!(ply_range("4-4"), Ok((4, 4)));
        assert_refusals(
            ply_range,
            &[("30-10", "'30-10'"), ("ten", "'ten'"), ("1-x", "'1-x'")],
        );
    }
}
