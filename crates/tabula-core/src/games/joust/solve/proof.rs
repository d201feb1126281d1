//! A Joust proof: the winner's strategy from a position, its move in every position the loser
//! can reach, written so that a checker that knows only the rules can verify it.
//!
//! The file is a text header, one `key value` pair a line, then a line `---`, then the body:
//!
//! ```text
//! tabula joust proof 1
//! board 7x7
//! position 7/7/7/4n2/3N3/7/7 w 0 1
//! winner white
//! choices 1234
//! ---
//! <choices bytes>
//! ```
//!
//! The body is one byte for each of the winner's choices, in the order of a walk from the
//! position: where the winner is to move, the next byte is the index of its leap among its legal
//! leaps ordered by target square (`y * width + x`, so `a1`, `b1`, ... then `a2`), and the walk
//! goes on from the position after it; where the loser is to move, the walk goes on from the
//! position after each of its legal leaps, in that same order. A position (who is to move
//! included) met before in the walk is not walked again (it is proven already). The proof holds
//! if every byte names a legal leap, the winner always has one, every line ends with the loser to
//! move and unable to move, and no byte is left over.

use super::Solver;
use super::board::{Board, Node, squares};
use std::collections::HashSet;

/// A proof's body and what it says.
pub struct Proof {
    /// Whether the side to move at the root wins (else the other side does).
    pub mover_wins: bool,
    /// The winner's choices, in the walk's order.
    pub choices: Vec<u8>,
    /// Positions the walk visited (each once).
    pub positions: u64,
}

/// Where a proof's walk takes the winner's leaps from.
pub trait Strategy {
    /// The winner's leap at `node` (the winner to move), if this strategy has one.
    fn leap(&mut self, node: &Node) -> Option<u8>;
}

impl Strategy for Solver<'_> {
    /// The mirroring leap where there is one (it wins, and its walk stays mirrored), else the
    /// first winning leap the solver finds.
    fn leap(&mut self, node: &Node) -> Option<u8> {
        self.mirroring_leap(node)
            .or_else(|| self.winning_leaps(node, true).first().copied())
    }
}

/// The proof of the winner's strategy from `root`, found with `solver`.
pub fn prove(solver: &mut Solver, board: &Board, root: &Node) -> Result<Proof, String> {
    let mover_wins = solver.mover_wins(root);
    prove_with(solver, board, root, mover_wins)
}

/// The proof of `strategy` from `root`, where the side to move wins if `mover_wins`: an error
/// names a position of the winner's where the strategy has no leap.
pub fn prove_with(
    strategy: &mut dyn Strategy,
    board: &Board,
    root: &Node,
    mover_wins: bool,
) -> Result<Proof, String> {
    let mut walk = Walk {
        strategy,
        board,
        seen: HashSet::new(),
        choices: Vec::new(),
    };
    walk.visit(root, mover_wins)?;
    Ok(Proof {
        mover_wins,
        positions: walk.seen.len() as u64,
        choices: walk.choices,
    })
}

struct Walk<'a> {
    strategy: &'a mut dyn Strategy,
    board: &'a Board,
    seen: HashSet<(Node, bool)>,
    choices: Vec<u8>,
}

impl Walk<'_> {
    /// Walks `node`, where the winner is to move if `winner_to_move`.
    fn visit(&mut self, node: &Node, winner_to_move: bool) -> Result<(), String> {
        // A proof too large for the memory is refused with a clear error, not an abort.
        let walked = self.seen.len();
        let full = |_| format!("out of memory after {walked} positions walked");
        self.seen.try_reserve(1).map_err(full)?;
        self.choices.try_reserve(1).map_err(full)?;
        if !self.seen.insert((*node, winner_to_move)) {
            return Ok(());
        }
        let targets = node.targets(self.board);
        if winner_to_move {
            let Some(to) = self.strategy.leap(node) else {
                return Err(format!(
                    "no winning leap known for the winner with the knights on {} and {}",
                    self.board.square_name(node.mover),
                    self.board.square_name(node.other)
                ));
            };
            let index = squares(targets)
                .position(|square| square == to)
                .unwrap_or(0);
            self.choices.push(index as u8);
            self.visit(&node.after(to), false)
        } else {
            squares(targets).try_for_each(|to| self.visit(&node.after(to), true))
        }
    }
}

/// The proof file: the header for `board`, the root's position string and `proof`, then its
/// body.
pub fn proof_file(board: &Board, position: &str, winner: &str, proof: &Proof) -> Vec<u8> {
    let mut file = format!(
        "tabula joust proof 1\nboard {}x{}\nposition {position}\nwinner {winner}\nchoices {}\n---\n",
        board.width,
        board.height,
        proof.choices.len()
    )
    .into_bytes();
    file.extend_from_slice(&proof.choices);
    file
}
