//! The endgame of Joust where the knights are apart: once no square is reachable by both
//! knights, each plays alone in its own region, and the side to move wins exactly when its
//! longest path is longer than the other's (the two take turns; whoever runs out first loses).
//! Longest paths are hard to find in large regions, so there quick bounds decide or the search
//! goes on.

use super::board::{Board, Node, Squares, bit};
use std::collections::HashMap;

/// The longest paths found so far, by region and starting square: a knight's region stays the
/// same while the other knight plays on in its own, so the same question comes again and again.
/// A length found under a cap is kept as at least that long.
#[derive(Default)]
pub struct PathCache {
    lengths: HashMap<(Squares, u8), Length>,
}

/// A longest path's length, exact or (where the search stopped at a cap) a lower bound.
#[derive(Clone, Copy)]
struct Length {
    leaps: u32,
    exact: bool,
}

/// The most paths a cache keeps before it starts afresh (some 100 MB).
const CACHE_LIMIT: usize = 1 << 21;

impl PathCache {
    /// The longest path of a lone knight on `from` through `region`, in leaps, or `cap` if it
    /// is at least that long.
    pub fn longest(&mut self, board: &Board, from: u8, region: Squares, cap: u32) -> u32 {
        if let Some(known) = self.lengths.get(&(region, from))
            && (known.exact || known.leaps >= cap)
        {
            return known.leaps.min(cap);
        }
        let leaps = longest_path(board, from, region, cap);
        if self.lengths.len() >= CACHE_LIMIT {
            self.lengths.clear();
        }
        let exact = leaps < cap;
        self.lengths.insert((region, from), Length { leaps, exact });
        leaps
    }
}

/// The squares a knight on `from` can ever reach by leaps through `open`.
pub fn reach(board: &Board, from: u8, open: Squares) -> Squares {
    let mut reached = 0;
    let mut frontier = bit(from);
    while frontier != 0 {
        frontier = board.spread(frontier) & open & !reached;
        reached |= frontier;
    }
    reached
}

/// The squares each knight can ever reach from a node, and those open to either.
pub struct Reach {
    open: Squares,
    mover: Squares,
    other: Squares,
}

impl Reach {
    /// What each knight of `node` can reach.
    pub fn of(board: &Board, node: &Node) -> Reach {
        let open = board.all() & !node.closed();
        Reach {
            open,
            mover: reach(board, node.mover, open),
            other: reach(board, node.other, open),
        }
    }

    /// The open squares neither knight can reach.
    pub fn dead(&self) -> Squares {
        self.open & !(self.mover | self.other)
    }

    /// The two knights' regions, mover's first, if no square is reachable by both.
    pub fn apart(&self) -> Option<(Squares, Squares)> {
        (self.mover & self.other == 0).then_some((self.mover, self.other))
    }

    /// Whether the mover wins because one knight outlasts the other whatever is played: the
    /// squares only one knight can reach stay open to it, so a path through them longer than any
    /// the other could make through all it can reach (counted by colour) decides. The mover,
    /// leaping first, needs one leap more than the other could make; the other as many. (Letting
    /// a knight's path also take squares it lands on before the other could was tried: on ten
    /// Joust 9 x 9 positions it settled not one node more.)
    pub fn outlasted(&self, board: &Board, node: &Node) -> Option<bool> {
        // A path is no longer than its knight's most leaps: the paths are looked for only where
        // that bound leaves them a chance.
        let mover_most = board.most_leaps(node.mover, self.mover);
        let other_most = board.most_leaps(node.other, self.other);
        if mover_most > other_most
            && greedy_path(board, node.mover, self.mover & !self.other) > other_most
        {
            return Some(true);
        }
        (other_most >= mover_most
            && greedy_path(board, node.other, self.other & !self.mover) >= mover_most)
            .then_some(false)
    }
}

/// The longest path a lone knight on `from` can leap through `open`, counted in leaps, or
/// `cap` if it is at least that long.
pub fn longest_path(board: &Board, from: u8, open: Squares, cap: u32) -> u32 {
    let mut best = 0;
    extend(board, from, open, 0, cap, &mut best);
    best.min(cap)
}

fn extend(board: &Board, at: u8, open: Squares, length: u32, cap: u32, best: &mut u32) {
    *best = (*best).max(length);
    if *best >= cap || length + board.most_leaps(at, reach(board, at, open)) <= *best {
        return;
    }
    let targets = board.leaps(at) & open;
    // Warnsdorff's order: the square with the fewest onward leaps first finds long paths soon.
    let mut order: Vec<(u32, u8)> = super::board::squares(targets)
        .map(|to| ((board.leaps(to) & open & !bit(to)).count_ones(), to))
        .collect();
    order.sort_unstable();
    for (_, to) in order {
        extend(board, to, open & !bit(to), length + 1, cap, best);
        if *best >= cap {
            return;
        }
    }
}

/// Regions of at most this many squares together have their longest paths found exactly; in
/// larger ones that search can take seconds, so they are settled only where quick bounds decide.
const EXACT_SQUARES: u32 = 36;

/// Whether the mover wins `node`, if its knights' paths decide it quickly: a knight that can
/// leap on through squares the other can never reach longer than the other could ever leap wins
/// however the other plays ([`Reach::outlasted`]); knights apart in small enough regions are
/// settled by their longest paths.
pub fn settled(board: &Board, node: &Node, reach: &Reach, cache: &mut PathCache) -> Option<bool> {
    reach.outlasted(board, node).or_else(|| {
        reach
            .apart()
            .and_then(|regions| mover_wins_apart(board, node, regions, cache))
    })
}

/// Whether the mover wins a node whose knights are in the regions `apart` gave (its longest path
/// must be longer than the other's), if the regions are small enough to search.
fn mover_wins_apart(
    board: &Board,
    node: &Node,
    regions: (Squares, Squares),
    cache: &mut PathCache,
) -> Option<bool> {
    let (mover_region, other_region) = regions;
    (mover_region.count_ones() + other_region.count_ones() <= EXACT_SQUARES).then(|| {
        // The other's path only as far as the mover's could ever go, then the mover's only as
        // far as one leap beyond the other's.
        let mover_most = board.most_leaps(node.mover, mover_region);
        let other_leaps = cache.longest(board, node.other, other_region, mover_most);
        cache.longest(board, node.mover, mover_region, other_leaps + 1) > other_leaps
    })
}

/// The length of the path a knight on `from` makes through `open` by Warnsdorff's rule: always to
/// the square with the fewest onward leaps.
fn greedy_path(board: &Board, from: u8, open: Squares) -> u32 {
    let (mut at, mut open, mut length) = (from, open, 0);
    while let Some((_, to)) = super::board::squares(board.leaps(at) & open)
        .map(|to| ((board.leaps(to) & open & !bit(to)).count_ones(), to))
        .min()
    {
        open &= !bit(to);
        at = to;
        length += 1;
    }
    length
}
