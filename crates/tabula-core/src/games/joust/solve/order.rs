//! The order in which the solver tries a node's leaps: a winning leap found first spares the
//! search of every leap after it. A leap is judged by the territory it leaves (the squares each
//! knight reaches before the other, as in Tron's Voronoi evaluation) and by the replies it
//! leaves the other knight.

use super::board::{Board, Node, bit, squares};

/// How much one reply left to the other knight weighs against one square of territory: of 1,
/// 2, 3, 4 and 8, four did best or nearly on Joust 7 x 7 and 9 x 9 (docs/solved.md).
const REPLY_WEIGHT: i32 = 4;

/// The leaps of `node`, best first: least territory and fewest replies left to the other knight
/// (with `territory` off, fewest replies alone), then most onward leaps for the mover, then the
/// lowest square.
pub fn ordered(board: &Board, node: &Node, territory: bool) -> Vec<u8> {
    let targets = node.targets(board);
    if targets & targets.wrapping_sub(1) == 0 {
        return squares(targets).collect();
    }
    let burned = node.burned | bit(node.mover);
    let other_open = board.leaps(node.other) & !burned;
    let mut leaps: Vec<(i32, u32, u8)> = squares(targets)
        .map(|to| {
            let replies = (other_open & !bit(to)).count_ones() as i32;
            let onward = (board.leaps(to) & !burned & !bit(node.other)).count_ones();
            let left = if territory {
                mover_territory(board, &node.after(to)) + REPLY_WEIGHT * replies
            } else {
                replies
            };
            (left, 8 - onward, to)
        })
        .collect();
    leaps.sort_unstable();
    leaps.into_iter().map(|(_, _, to)| to).collect()
}

/// The open squares the side to move reaches before the other knight, less those the other
/// reaches first: both spread a leap at a time through open squares, the mover first, and a
/// square belongs to whoever gets there first.
pub fn mover_territory(board: &Board, node: &Node) -> i32 {
    let open = board.all() & !node.closed();
    let (mut mover, mut other) = (bit(node.mover), bit(node.other));
    let mut claimed = mover | other;
    let mut territory = 0;
    while mover | other != 0 {
        mover = board.spread(mover) & open & !claimed;
        claimed |= mover;
        other = board.spread(other) & open & !claimed;
        claimed |= other;
        territory += mover.count_ones() as i32 - other.count_ones() as i32;
    }
    territory
}
