//! Depth-first proof-number search (df-pn, Nagai 2002): the solver's other method. Each node
//! holds a proof number (how many leaves at least must still be proven for the mover to win) and
//! a disproof number (for the mover to lose); the search always goes down to the most-proving
//! child, and backs out when a number passes the threshold its parent gave it. A new node's
//! numbers are 1 and its leap count, so that a leap leaving the other knight few replies is tried
//! first, as in the depth-first search.

use super::board::{Board, Node, bit, squares};
use super::regions;
use super::table::{bucket_count, too_large};

/// A number that cannot be reached: a proven (0) or disproven node's other number.
pub const INFINITE: u32 = u32::MAX / 4;

/// A node's proof and disproof numbers, the mover's view.
#[derive(Clone, Copy, Debug)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

const WON: Numbers = Numbers {
    proof: 0,
    disproof: INFINITE,
};
const LOST: Numbers = Numbers {
    proof: INFINITE,
    disproof: 0,
};

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    proof: u32,
    disproof: u32,
    /// Nodes the entry's numbers took, saturating: the least worked entry of a bucket goes.
    work: u32,
}

/// The proof numbers of nodes met, in buckets of four.
pub struct NumberTable {
    buckets: Vec<[Entry; 4]>,
}

impl NumberTable {
    /// A table of `megabytes` (at least one bucket), or an error if the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<NumberTable, String> {
        let count = bucket_count(megabytes, std::mem::size_of::<[Entry; 4]>());
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| too_large(megabytes))?;
        buckets.resize(count, [Entry::default(); 4]);
        Ok(NumberTable { buckets })
    }

    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    fn probe(&self, key: u64) -> Option<Numbers> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|entry| entry.key == key && entry.work > 0)
            .map(|entry| Numbers {
                proof: entry.proof,
                disproof: entry.disproof,
            })
    }

    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let slot = match bucket.iter().position(|entry| entry.key == key) {
            Some(slot) => slot,
            None => (0..4).min_by_key(|&slot| bucket[slot].work).unwrap_or(0),
        };
        bucket[slot] = Entry {
            key,
            proof: numbers.proof,
            disproof: numbers.disproof,
            work: work.clamp(1, u64::from(u32::MAX)) as u32,
        };
    }
}

/// What df-pn needs of its solver: the board, the keys, the table and the counters.
pub struct ProofSearch<'a> {
    pub board: &'a Board,
    pub table: &'a mut NumberTable,
    pub key_of: &'a dyn Fn(&Node) -> u64,
    pub split: bool,
    pub paths: &'a mut regions::PathCache,
    /// Stop once this many nodes are searched (0: never); the numbers are then unfinished.
    pub max_nodes: u64,
    pub nodes: &'a mut u64,
    pub apart: &'a mut u64,
    pub progress: &'a mut dyn FnMut(u64),
}

impl ProofSearch<'_> {
    /// The numbers of `node` once one of them reaches its threshold.
    pub fn search(&mut self, node: &Node, limit: Numbers) -> Numbers {
        *self.nodes += 1;
        if (*self.nodes).is_multiple_of(super::REPORT_EVERY) {
            (self.progress)(*self.nodes);
        }
        let start = *self.nodes;
        let key = (self.key_of)(node);
        if let Some(settled) = self.settled(node) {
            self.table.store(key, settled, 1);
            return settled;
        }
        let children: Vec<(Node, u64)> = squares(node.targets(self.board))
            .map(|to| {
                let child = node.after(to);
                let key = (self.key_of)(&child);
                (child, key)
            })
            .collect();
        let mut numbers;
        loop {
            let child_numbers: Vec<Numbers> = children
                .iter()
                .map(|(child, key)| self.known(child, *key))
                .collect();
            numbers = Numbers {
                proof: child_numbers
                    .iter()
                    .map(|n| n.disproof)
                    .min()
                    .unwrap_or(INFINITE),
                disproof: child_numbers
                    .iter()
                    .fold(0u32, |sum, n| sum.saturating_add(n.proof))
                    .min(INFINITE),
            };
            let gave_up = self.max_nodes > 0 && *self.nodes >= self.max_nodes;
            if gave_up || numbers.proof >= limit.proof || numbers.disproof >= limit.disproof {
                break;
            }
            let (best, second) = two_smallest(&child_numbers);
            let chosen = child_numbers[best];
            let child_limit = Numbers {
                proof: (limit.disproof - numbers.disproof)
                    .saturating_add(chosen.proof)
                    .min(INFINITE),
                // 1 + epsilon (Pawlewicz and Lew): a little past the second best, so that the
                // search does not hop between two close children.
                disproof: limit.proof.min(second.saturating_add(1 + second / 4)),
            };
            self.search(&children[best].0, child_limit);
        }
        self.table.store(key, numbers, *self.nodes - start + 1);
        numbers
    }

    /// The numbers of a node known to the table, else settled at once, else a new node's.
    fn known(&mut self, node: &Node, key: u64) -> Numbers {
        if let Some(numbers) = self.table.probe(key) {
            return numbers;
        }
        let leaps = node.targets(self.board).count_ones();
        if leaps == 0 {
            return LOST;
        }
        Numbers {
            proof: 1,
            disproof: leaps,
        }
    }

    /// A node's numbers if no search is needed: no leap (lost), a leap leaving the other knight
    /// none (won), or the knights apart where their longest paths are quick to compare.
    fn settled(&mut self, node: &Node) -> Option<Numbers> {
        let board = self.board;
        let targets = node.targets(board);
        if targets == 0 {
            return Some(LOST);
        }
        let other_open = board.leaps(node.other) & !node.burned & !bit(node.mover);
        if squares(targets).any(|to| other_open & !bit(to) == 0) {
            return Some(WON);
        }
        if !self.split {
            return None;
        }
        let reach = regions::Reach::of(board, node);
        let wins = regions::settled(board, node, &reach, self.paths)?;
        *self.apart += 1;
        Some(if wins { WON } else { LOST })
    }
}

/// The index of the child with the smallest disproof number (the mover's most-proving leap),
/// and the second smallest disproof number.
fn two_smallest(children: &[Numbers]) -> (usize, u32) {
    let mut best = 0;
    let mut second = INFINITE;
    for (index, numbers) in children.iter().enumerate().skip(1) {
        if numbers.disproof < children[best].disproof {
            second = children[best].disproof;
            best = index;
        } else if numbers.disproof < second {
            second = numbers.disproof;
        }
    }
    (best, second)
}
