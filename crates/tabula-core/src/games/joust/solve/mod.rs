//! Joust solved: a depth-first proof search that says whether the side to move wins, with a
//! transposition table, the endgame of knights apart settled by their longest paths
//! ([`regions`]), and the leaps that leave the other knight fewest replies tried first.

pub mod board;
mod command;
pub mod proof;
pub mod regions;
mod table;

pub use command::{SolveReport, solve_start};

use board::{Board, Node, Squares, bit, squares};
use table::Table;

/// The ideas the solver uses, each of which can be left out to measure what it saves.
#[derive(Clone, Copy, Debug)]
pub struct Ideas {
    /// Settle nodes whose knights can no longer meet by their longest paths.
    pub split: bool,
    /// Try first the leaps that leave the other knight fewest replies.
    pub order: bool,
    /// The transposition table's size in megabytes (0: none).
    pub table_mb: usize,
}

impl Default for Ideas {
    fn default() -> Ideas {
        Ideas {
            split: true,
            order: true,
            table_mb: 256,
        }
    }
}

/// Keys of the burned squares and of each knight's square, as Zobrist hashing makes them.
struct Keys {
    burned: [u64; board::MAX_SQUARES],
    mover: [u64; board::MAX_SQUARES],
    other: [u64; board::MAX_SQUARES],
}

impl Keys {
    fn new() -> Keys {
        // SplitMix64: fixed keys, so that runs are repeatable.
        let mut state = 0x7AB0_1A5E_ED5E_ED00u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ z >> 31
        };
        Keys {
            burned: std::array::from_fn(|_| next()),
            mover: std::array::from_fn(|_| next()),
            other: std::array::from_fn(|_| next()),
        }
    }

    fn burned(&self, set: Squares) -> u64 {
        squares(set).fold(0, |key, square| key ^ self.burned[square as usize])
    }
}

/// A solver for one board.
pub struct Solver<'b> {
    board: &'b Board,
    ideas: Ideas,
    keys: Keys,
    table: Option<Table>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes settled by the knights' longest paths.
    pub apart: u64,
}

impl<'b> Solver<'b> {
    /// A solver for `board` using `ideas`.
    pub fn new(board: &'b Board, ideas: Ideas) -> Solver<'b> {
        Solver {
            board,
            ideas,
            keys: Keys::new(),
            table: (ideas.table_mb > 0).then(|| Table::new(ideas.table_mb)),
            nodes: 0,
            apart: 0,
        }
    }

    /// Whether the side to move wins `node`.
    pub fn mover_wins(&mut self, node: &Node) -> bool {
        let burned_key = self.keys.burned(node.burned);
        self.wins(node, burned_key)
    }

    /// The leaps of `node` that win, in the order the solver tries them, stopping at the first if
    /// `first_only`.
    pub fn winning_leaps(&mut self, node: &Node, first_only: bool) -> Vec<u8> {
        let mut winners = Vec::new();
        for to in self.ordered(node) {
            if !self.mover_wins(&node.after(to)) {
                winners.push(to);
                if first_only {
                    break;
                }
            }
        }
        winners
    }

    fn wins(&mut self, node: &Node, burned_key: u64) -> bool {
        self.nodes += 1;
        let board = self.board;
        let targets = node.targets(board);
        if targets == 0 {
            return false;
        }
        // A leap after which the other knight cannot move wins at once.
        let other_open = board.leaps(node.other) & !node.burned & !bit(node.mover);
        if squares(targets).any(|to| other_open & !bit(to) == 0) {
            return true;
        }
        let key = burned_key
            ^ self.keys.mover[node.mover as usize]
            ^ self.keys.other[node.other as usize];
        if let Some(wins) = self.table.as_ref().and_then(|table| table.probe(key)) {
            return wins;
        }
        let start = self.nodes;
        let regions = if self.ideas.split {
            regions::apart(board, node)
        } else {
            None
        };
        let wins = if let Some(regions) = regions {
            self.apart += 1;
            regions::mover_wins_apart(board, node, regions)
        } else {
            let child_key = burned_key ^ self.keys.burned[node.mover as usize];
            self.ordered(node)
                .into_iter()
                .any(|to| !self.wins(&node.after(to), child_key))
        };
        if let Some(table) = &mut self.table {
            table.store(key, wins, self.nodes - start + 1);
        }
        wins
    }

    /// The mover's leaps, those that leave the other knight fewest replies first (then those
    /// that leave the mover most onward leaps), or lowest square first without ordering.
    fn ordered(&self, node: &Node) -> Vec<u8> {
        let board = self.board;
        let targets = node.targets(board);
        if !self.ideas.order {
            return squares(targets).collect();
        }
        let burned = node.burned | bit(node.mover);
        let other_open = board.leaps(node.other) & !burned;
        let mut leaps: Vec<(u32, u32, u8)> = squares(targets)
            .map(|to| {
                let replies = (other_open & !bit(to)).count_ones();
                let onward = (board.leaps(to) & !burned & !bit(node.other)).count_ones();
                (replies, 8 - onward, to)
            })
            .collect();
        leaps.sort_unstable();
        leaps.into_iter().map(|(_, _, to)| to).collect()
    }
}

/// The start of Joust on `board`: white's knight on `(ceil(W/2) - 1, ceil(H/2) - 1)`, black's one
/// square up and right, white to move.
pub fn start(board: &Board) -> Node {
    let (x, y) = (board.width.div_ceil(2) - 1, board.height.div_ceil(2) - 1);
    let white = (y * board.width + x) as u8;
    Node {
        burned: 0,
        mover: white,
        other: white + board.width as u8 + 1,
    }
}

#[cfg(test)]
mod tests;
