//! Joust solved: a depth-first proof search that says whether the side to move wins, with a
//! transposition table (whose key counts as burned the squares neither knight can reach), the
//! endgame of knights apart settled by their longest paths ([`regions`]), a leap that leaves the
//! other knight mirrored winning at once ([`board::Board::mirroring_leap`]), and the leaps that
//! leave the other knight least territory and fewest replies tried first ([`order`]).

pub mod board;
mod command;
mod dfpn;
mod live;
mod loaded;
mod merge;
mod order;
pub mod proof;
pub mod regions;
mod table;

pub use command::{SolveOrder, SolveReport, WrittenProof, solve_position};
pub use live::{CarriedTable, DEFAULT_LIVE_NODES, DEFAULT_LIVE_TABLE_MB, LiveSolver};
pub use loaded::{LoadedProof, PROOF_MAGIC};
pub use merge::{Merged, merge_shards, shard_lines};

use board::{Board, Node, Squares, bit, squares};
use table::Table;

/// How the solver searches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// Depth-first, each node's leaps in order until one wins.
    DepthFirst,
    /// Depth-first proof-number search ([`dfpn`]).
    ProofNumbers,
}

/// The ideas the solver uses, each of which can be left out to measure what it saves.
#[derive(Clone, Copy, Debug)]
pub struct Ideas {
    pub method: Method,
    /// Settle nodes whose knights can no longer meet by their longest paths.
    pub split: bool,
    /// Try first the leaps that leave the other knight fewest replies.
    pub order: bool,
    /// In that order, weigh too the squares each knight reaches first ([`order`]).
    pub territory: bool,
    /// The depth-first search: settle as won a position with a leap that leaves the other knight
    /// lost to a mirror ([`Board::mirroring_leap`]).
    pub mirror: bool,
    /// The transposition table's size in megabytes (0: none).
    pub table_mb: usize,
    /// Give up after this many nodes (0: never).
    pub max_nodes: u64,
}

impl Default for Ideas {
    fn default() -> Ideas {
        Ideas {
            method: Method::DepthFirst,
            split: true,
            order: true,
            territory: true,
            mirror: true,
            table_mb: 256,
            max_nodes: 0,
        }
    }
}

/// A node's key in a transposition table: its closed squares hashed, and a key for each
/// knight's square.
struct Keys {
    mover: [u64; board::MAX_SQUARES],
    other: [u64; board::MAX_SQUARES],
}

/// SplitMix64's finaliser: every bit of `z` stirred into every bit of the result.
fn stir(mut z: u64) -> u64 {
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ z >> 31
}

impl Keys {
    fn new() -> Keys {
        // SplitMix64: fixed keys, so that runs are repeatable.
        let mut state = 0x7AB0_1A5E_ED5E_ED00u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            stir(state)
        };
        Keys {
            mover: std::array::from_fn(|_| next()),
            other: std::array::from_fn(|_| next()),
        }
    }

    /// The key of `node` where the squares of `dead` count as burned too.
    fn of(&self, node: &Node, dead: Squares) -> u64 {
        let gone = node.burned | dead;
        stir(gone as u64 ^ stir((gone >> 64) as u64 ^ 0x005E_ED0F_DEAD))
            ^ self.mover[node.mover as usize]
            ^ self.other[node.other as usize]
    }
}

/// A solver for one board.
pub struct Solver<'b> {
    board: &'b Board,
    ideas: Ideas,
    keys: Keys,
    table: Option<Table>,
    numbers: Option<dfpn::NumberTable>,
    paths: regions::PathCache,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes settled by the knights' longest paths.
    pub apart: u64,
    /// Nodes settled by the mirror.
    pub mirrored: u64,
    /// Whether the solve gave up at its node limit: its answers are then worthless.
    pub gave_up: bool,
    /// The line being searched: at each ply, the leap's number among the mover's leaps and how
    /// many there are (1-based), for progress reports.
    line: Vec<(u8, u8)>,
    /// Told the line every [`REPORT_EVERY`] nodes.
    progress: Option<Box<Report<'b>>>,
}

/// What a long solve tells now and then: the nodes so far and the line being searched.
type Report<'b> = dyn FnMut(u64, &[(u8, u8)]) + 'b;

/// How often, in nodes, a long solve says where it is.
const REPORT_EVERY: u64 = 1 << 26;

impl<'b> Solver<'b> {
    /// A solver for `board` using `ideas`, or an error if its table cannot be allocated.
    pub fn new(board: &'b Board, ideas: Ideas) -> Result<Solver<'b>, String> {
        let depth_first = ideas.method == Method::DepthFirst;
        let table = (ideas.table_mb > 0 && depth_first)
            .then(|| Table::try_new(ideas.table_mb))
            .transpose()?;
        let numbers = (!depth_first)
            .then(|| dfpn::NumberTable::try_new(ideas.table_mb.max(1)))
            .transpose()?;
        Ok(Solver::with_tables(board, ideas, table, numbers))
    }

    /// A depth-first solver for `board` using `ideas` that starts from `table`, an earlier
    /// solver's of the same board ([`Solver::into_table`]): each of its entries a proven
    /// result, it still holds.
    fn with_table(board: &'b Board, ideas: Ideas, table: Table) -> Solver<'b> {
        let ideas = Ideas {
            method: Method::DepthFirst,
            ..ideas
        };
        Solver::with_tables(board, ideas, Some(table), None)
    }

    fn with_tables(
        board: &'b Board,
        ideas: Ideas,
        table: Option<Table>,
        numbers: Option<dfpn::NumberTable>,
    ) -> Solver<'b> {
        Solver {
            board,
            ideas,
            keys: Keys::new(),
            table,
            numbers,
            paths: regions::PathCache::default(),
            nodes: 0,
            apart: 0,
            mirrored: 0,
            gave_up: false,
            line: Vec::new(),
            progress: None,
        }
    }

    /// The solver's transposition table, for the next solver of the same board.
    fn into_table(self) -> Option<Table> {
        self.table
    }

    /// Tells `progress` the nodes so far and the line being searched, every so many nodes.
    pub fn report_progress(&mut self, progress: impl FnMut(u64, &[(u8, u8)]) + 'b) {
        self.progress = Some(Box::new(progress));
    }

    /// Whether the side to move wins `node`.
    pub fn mover_wins(&mut self, node: &Node) -> bool {
        match self.numbers.as_mut() {
            None => {
                let wins = self.solve(node, self.node_limit());
                self.gave_up |= wins.is_none();
                wins.unwrap_or(false)
            }
            Some(table) => {
                let keys = &self.keys;
                let key_of = |node: &Node| keys.of(node, 0);
                let progress = &mut self.progress;
                let mut report = |nodes: u64| {
                    if let Some(progress) = progress {
                        progress(nodes, &[]);
                    }
                };
                let mut search = dfpn::ProofSearch {
                    board: self.board,
                    table,
                    key_of: &key_of,
                    split: self.ideas.split,
                    paths: &mut self.paths,
                    max_nodes: self.ideas.max_nodes,
                    nodes: &mut self.nodes,
                    apart: &mut self.apart,
                    progress: &mut report,
                };
                let limit = dfpn::Numbers {
                    proof: dfpn::INFINITE,
                    disproof: dfpn::INFINITE,
                };
                let wins = search.search(node, limit).proof == 0;
                self.gave_up |= self.ideas.max_nodes > 0 && self.nodes >= self.ideas.max_nodes;
                wins
            }
        }
    }

    /// The leaps of `node` that win, in the order the solver tries them, stopping at the first if
    /// `first_only`.
    pub fn winning_leaps(&mut self, node: &Node, first_only: bool) -> Vec<u8> {
        let mut winners = Vec::new();
        let leaps = self.ordered(node);
        let count = leaps.len() as u8;
        for (index, to) in leaps.into_iter().enumerate() {
            // The progress line begins with the root's leap.
            self.line.clear();
            self.line.push((index as u8 + 1, count));
            let wins = self.mover_wins(&node.after(to));
            self.line.clear();
            if !wins {
                winners.push(to);
                if first_only {
                    break;
                }
            }
        }
        winners
    }

    /// The leap after which the other knight is mirrored ([`Board::mirroring_leap`]), where the
    /// solver uses the mirror.
    fn mirroring_leap(&self, node: &Node) -> Option<u8> {
        self.ideas
            .mirror
            .then(|| self.board.mirroring_leap(node))
            .flatten()
    }

    /// The mover's leaps in the order they are tried ([`order`]), or lowest square first
    /// without ordering.
    fn ordered(&self, node: &Node) -> Vec<u8> {
        if self.ideas.order {
            order::ordered(self.board, node, self.ideas.territory)
        } else {
            squares(node.targets(self.board)).collect()
        }
    }

    /// The node count at which a solve gives up.
    fn node_limit(&self) -> u64 {
        match self.ideas.max_nodes {
            0 => u64::MAX,
            limit => limit,
        }
    }

    /// Whether the side to move wins `node`, or `None` if that is not known when the node count
    /// reaches `until`.
    fn solve(&mut self, node: &Node, until: u64) -> Option<bool> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(REPORT_EVERY)
            && let Some(progress) = &mut self.progress
        {
            progress(self.nodes, &self.line);
        }
        if self.nodes >= until {
            return None;
        }
        let board = self.board;
        let targets = node.targets(board);
        if targets == 0 {
            return Some(false);
        }
        // A leap after which the other knight cannot move wins at once.
        let other_open = board.leaps(node.other) & !node.burned & !bit(node.mover);
        if squares(targets).any(|to| other_open & !bit(to) == 0) {
            return Some(true);
        }
        // So does a leap after which the other knight is mirrored.
        if self.mirroring_leap(node).is_some() {
            self.mirrored += 1;
            return Some(true);
        }
        let reach = regions::Reach::of(board, node);
        // Squares neither knight can reach play no part: positions that differ only there are
        // one position to the table.
        let key = self.keys.of(node, reach.dead());
        if let Some(wins) = self.table.as_ref().and_then(|table| table.probe(key)) {
            return Some(wins);
        }
        let start = self.nodes;
        let settled = if self.ideas.split {
            regions::settled(board, node, &reach, &mut self.paths)
        } else {
            None
        };
        let wins = if let Some(wins) = settled {
            self.apart += 1;
            wins
        } else {
            let leaps = self.ordered(node);
            let count = leaps.len() as u8;
            let mut wins = false;
            for (index, to) in leaps.into_iter().enumerate() {
                self.line.push((index as u8 + 1, count));
                let child_wins = self.solve(&node.after(to), until);
                self.line.pop();
                if !child_wins? {
                    wins = true;
                    break;
                }
            }
            wins
        };
        if let Some(table) = &mut self.table {
            table.store(key, wins, self.nodes - start + 1);
        }
        Some(wins)
    }
}

#[cfg(test)]
mod tests;
