//! `tabula solve`: a game solved. Claustro 5 x 5 by retrograde analysis, its table written;
//! Joust from the start of a board by proof search.

use crate::games::claustro::solution::solve_command;
use crate::tools::console::print_line;
use crate::tools::progress::Progress;
use tabula_core::board::BoardSize;
use tabula_core::game::Side;
use tabula_core::games::joust::solve::{
    Ideas, Method, SolveOrder, merge_shards, shard_lines, solve_position,
};

/// Arguments of `tabula solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game: claustro or joust.
    pub game: String,
    /// Joust's board: `7` or `7x7`.
    pub size: Option<String>,
    /// Claustro: the table file to write.
    #[arg(long, default_value = crate::games::claustro::solution::DEFAULT_FILE)]
    pub out: std::path::PathBuf,
    /// Claustro: also write the table in pieces into this folder, a piece for each row, for
    /// a page that fetches only the rows it needs (docs/solved.md).
    #[arg(long, value_name = "DIR")]
    pub pieces: Option<std::path::PathBuf>,
    /// Claustro: pawns per side (4 is the real game; fewer makes a small table for tests).
    #[arg(long, default_value_t = 4)]
    pub pawns: usize,
    /// Joust: the transposition table's size in megabytes (0: none).
    #[arg(long, default_value_t = 256)]
    pub hash: usize,
    /// Joust: give up after this many nodes (0: never).
    #[arg(long, default_value_t = 0)]
    pub max_nodes: u64,
    /// Joust: solve the position after these moves from the start (`--moves "d4f3 e5c6"`).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Joust: prove every move of the side to move, not only the first winning one found.
    #[arg(long)]
    pub all: bool,
    /// Joust: leave out an idea to measure what it saves (split: the knights-apart endgame;
    /// order: trying the leaps that leave fewest replies first; territory: weighing in that
    /// order the squares each knight reaches first; mirror: a position the other knight mirrors
    /// through the centre settled as lost for the mover).
    #[arg(long, value_parser = ["split", "order", "territory", "mirror"])]
    pub without: Vec<String>,
    /// Joust: search depth-first (dfs) or by proof numbers (pns).
    #[arg(long, default_value = "dfs", value_parser = ["dfs", "pns"])]
    pub method: String,
    /// Joust: write the winner's strategy to this proof file (docs/solved.md gives its format;
    /// `joust-proof-check FILE` verifies it).
    #[arg(long)]
    pub proof: Option<std::path::PathBuf>,
    /// Joust: list the shards of a solve instead, the move lines to every position this many
    /// plies below the start (or below the position after --moves), one a line
    /// (docs/cluster.md).
    #[arg(long, value_name = "PLIES", conflicts_with = "merge")]
    pub shards: Option<usize>,
    /// Joust: merge the proofs of shards into one proof from the start (or from the position
    /// after --moves), written to --proof.
    #[arg(long, num_args = 1.., value_name = "PROOF", requires = "proof")]
    pub merge: Vec<std::path::PathBuf>,
}

/// `--merge`: the shards' proofs read and merged into `--proof`.
fn merge(size: BoardSize, args: &SolveArgs) -> Result<i32, String> {
    let mut shards = Vec::new();
    for path in &args.merge {
        let bytes = crate::bounded_read::read_bytes(path, MAX_SHARD_BYTES)?;
        shards.push((path.display().to_string(), bytes));
    }
    let root = moves(args);
    let merged = merge_shards(size, &root, &shards)?;
    let winner = if merged.winner == Side::White {
        "first player (white)"
    } else {
        "second player (black)"
    };
    let from = if root.is_empty() {
        String::new()
    } else {
        format!(" after {}", root.join(" "))
    };
    print_line(&format!(
        "joust {size}{from}: the {winner} wins with perfect play (merged from {} shards)",
        shards.len()
    ));
    if let Some(path) = &args.proof {
        std::fs::write(path, &merged.file)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        print_line(&format!(
            "proof: {} bytes, {} positions walked; written to {}",
            merged.file.len(),
            merged.positions,
            path.display()
        ));
    }
    Ok(0)
}

/// The moves of `--moves`.
fn moves(args: &SolveArgs) -> Vec<String> {
    args.moves.split_whitespace().map(str::to_string).collect()
}

/// The largest shard proof `--merge` reads.
const MAX_SHARD_BYTES: u64 = 1 << 32;

/// `tabula solve <game>`: the report on stdout, progress on stderr.
pub fn run(args: &SolveArgs) -> Result<i32, String> {
    match args.game.as_str() {
        "claustro" => solve_claustro(args),
        "joust" => solve_joust(args),
        other => Err(format!("cannot solve '{other}' (claustro or joust)")),
    }
}

fn solve_claustro(args: &SolveArgs) -> Result<i32, String> {
    let mut bar: Option<Progress> = None;
    let report = solve_command(args.pawns, &args.out, args.pieces.as_deref(), &mut |step| {
        let bar =
            bar.get_or_insert_with(|| Progress::new(step.positions as u64, "positions solved"));
        bar.line(step.line);
        bar.set(step.resolved as u64);
    })?;
    drop(bar);
    print_line(&report);
    Ok(0)
}

fn solve_joust(args: &SolveArgs) -> Result<i32, String> {
    let size = BoardSize::parse(args.size.as_deref().unwrap_or("7"))?;
    if let Some(plies) = args.shards {
        for line in shard_lines(size, &moves(args), plies)? {
            print_line(&line);
        }
        return Ok(0);
    }
    if !args.merge.is_empty() {
        return merge(size, args);
    }
    let ideas = Ideas {
        method: if args.method == "pns" {
            Method::ProofNumbers
        } else {
            Method::DepthFirst
        },
        split: !args.without.iter().any(|idea| idea == "split"),
        order: !args.without.iter().any(|idea| idea == "order"),
        territory: !args.without.iter().any(|idea| idea == "territory"),
        mirror: !args.without.iter().any(|idea| idea == "mirror"),
        table_mb: args.hash,
        max_nodes: args.max_nodes,
    };
    let bar = Progress::new(1, "solved");
    let order = SolveOrder {
        size,
        moves: moves(args),
        ideas,
        all_moves: args.all,
        with_proof: args.proof.is_some(),
    };
    let report = solve_position(&order, |line| bar.line(&line))?;
    bar.set(1);
    drop(bar);
    for line in report.lines() {
        print_line(&line);
    }
    match (&args.proof, &report.proof) {
        (Some(path), Some(Ok(written))) => {
            std::fs::write(path, &written.file)
                .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
            print_line(&format!("proof written to {}", path.display()));
        }
        (_, Some(Err(problem))) => return Err(format!("the proof was not written: {problem}")),
        _ => {}
    }
    Ok(0)
}
