//! A Joust solve cut into shards and merged exactly. Each shard is a position a few plies below
//! the root, the start or a position after some moves (`shard_lines` lists them), solved apart
//! with its proof (a Slurm array or GNU parallel, docs/cluster.md); the merge walks the root with
//! the shards' moves and writes one proof from the root, which the checker verifies like any
//! other.

use super::board::{Board, Node, squares};
use super::command::game_after;
use super::loaded::{LoadedProof, node_of};
use super::proof::{Strategy, proof_file, prove_with};
use crate::board::BoardSize;
use crate::game::{Game, Side};
use std::collections::{HashMap, HashSet};

/// The move lines from the start of a `size` board, through the root's moves `root`, to every
/// position `plies` below the root where the game goes on, one shard each, in the order the
/// rules list the moves.
pub fn shard_lines(size: BoardSize, root: &[String], plies: usize) -> Result<Vec<String>, String> {
    let mut lines = vec![(game_after(size, root)?, root.to_vec())];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (game, line) in lines {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            for mv in moves {
                let mut child = game.clone();
                child.play(mv);
                if child.verdict().is_none() {
                    let mut longer: Vec<String> = line.clone();
                    longer.push(game.move_text(mv));
                    next.push((child, longer));
                }
            }
        }
        lines = next;
    }
    Ok(lines.into_iter().map(|(_, line)| line.join(" ")).collect())
}

/// The winner's moves of every shard, and the positions they reach with the loser to move.
struct Shards<'b> {
    moves: HashMap<Node, u8>,
    lost: HashSet<Node>,
    board: &'b Board,
}

impl Strategy for Shards<'_> {
    /// A shard's move, else a leap after which every reply reaches a shard (or none is left).
    fn leap(&mut self, node: &Node) -> Option<u8> {
        if let Some(&to) = self.moves.get(node) {
            return Some(to);
        }
        squares(node.targets(self.board)).find(|&to| {
            let child = node.after(to);
            self.lost.contains(&child)
                || squares(child.targets(self.board))
                    .all(|reply| self.moves.contains_key(&child.after(reply)))
        })
    }
}

/// What a merge wrote: the proof file, who wins, and the positions its walk visited.
pub struct Merged {
    pub file: Vec<u8>,
    pub winner: Side,
    pub positions: u64,
}

/// Merges the proofs `shards` (each named for messages) of positions of a `size` board into one
/// proof from the root, the position after the moves `root` (none: the start). Each shard is
/// walked through first, so one that does not hold is refused. A shard may prove either side the
/// winner (a first move that loses is a shard of the other side's); the merge tries white's
/// shards, then black's, and keeps the first that covers the root.
pub fn merge_shards(
    size: BoardSize,
    root: &[String],
    shards: &[(String, Vec<u8>)],
) -> Result<Merged, String> {
    let board = Board::new(size.width, size.height)?;
    let mut sides = [Side::White, Side::Black].map(|_| Shards {
        moves: HashMap::new(),
        lost: HashSet::new(),
        board: &board,
    });
    for (name, bytes) in shards {
        let proof =
            LoadedProof::from_bytes(bytes).map_err(|problem| format!("{name}: {problem}"))?;
        if (proof.board.width, proof.board.height) != (size.width, size.height) {
            return Err(format!("{name}: a proof of another board"));
        }
        let side = &mut sides[proof.winner.index()];
        side.moves.extend(proof.moves);
        side.lost.extend(proof.lost);
    }
    let position = game_after(size, root)?;
    let mut problems = Vec::new();
    for (winner, mut strategy) in [Side::White, Side::Black].into_iter().zip(sides) {
        if strategy.moves.is_empty() && strategy.lost.is_empty() {
            continue;
        }
        let mover_wins = position.side_to_move() == winner;
        match prove_with(&mut strategy, &board, &node_of(&position), mover_wins) {
            Ok(proof) => {
                return Ok(Merged {
                    file: proof_file(&board, &position.to_text(), winner.name(), &proof),
                    winner,
                    positions: proof.positions,
                });
            }
            Err(problem) => problems.push(format!("{}'s shards: {problem}", winner.name())),
        }
    }
    if problems.is_empty() {
        return Err("no shard to merge".to_string());
    }
    let what = if root.is_empty() {
        "the start".to_string()
    } else {
        format!("the position after {}", root.join(" "))
    };
    Err(format!(
        "the shards do not cover {what} ({})",
        problems.join("; ")
    ))
}
