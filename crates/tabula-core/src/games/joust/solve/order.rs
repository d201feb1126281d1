//! The order in which the solver tries a node's leaps: a winning leap found first spares the
//! search of every leap after it. A leap is judged by how well it leaves the other knight: the
//! territory it has (the squares each knight reaches before the other, as in Tron's Voronoi
//! evaluation) and the leaps it has. Near the start, where the trees below are largest, each
//! leap is judged after the other knight's best reply instead, ties broken by how the leap
//! itself leaves it.

use super::board::{Board, Node, bit, squares};

/// How much one leap of a knight weighs against one square of territory: of 1, 2, 3, 4 and 8,
/// four did best or nearly on Joust 7 x 7 and 9 x 9 (docs/solved.md).
const LEAP_WEIGHT: i32 = 4;

/// Nodes with at least this many open squares judge each leap after the other's best reply.
const LOOK_AHEAD_SQUARES: u32 = 45;

/// The leaps of `node`, best first: those that leave the other knight standing worst (with
/// `territory` off, those that leave it fewest replies; looking a reply ahead, ties go to the
/// leap that leaves it standing worst before its reply), then those that leave the mover most
/// onward leaps, then the lowest square.
pub fn ordered(board: &Board, node: &Node, territory: bool) -> Vec<u8> {
    let targets = node.targets(board);
    if targets & targets.wrapping_sub(1) == 0 {
        return squares(targets).collect();
    }
    let burned = node.burned | bit(node.mover);
    let look_ahead = territory && (board.all() & !node.closed()).count_ones() >= LOOK_AHEAD_SQUARES;
    let mut leaps: Vec<(i32, i32, u32, u8)> = squares(targets)
        .map(|to| {
            let child = node.after(to);
            let left = if look_ahead {
                squares(child.targets(board))
                    .map(|reply| other_standing(board, &child.after(reply)))
                    .max()
                    .unwrap_or(i32::MIN)
            } else if territory {
                mover_standing(board, &child)
            } else {
                child.targets(board).count_ones() as i32
            };
            let onward = (board.leaps(to) & !burned & !bit(node.other)).count_ones();
            // Looking a reply ahead, many leaps tie: the leap's own standing breaks the tie.
            let second = if look_ahead {
                mover_standing(board, &child)
            } else {
                0
            };
            (left, second, 8 - onward, to)
        })
        .collect();
    leaps.sort_unstable();
    leaps.into_iter().map(|(_, _, _, to)| to).collect()
}

/// How well `node` stands for the side to move: its territory and its leaps.
fn mover_standing(board: &Board, node: &Node) -> i32 {
    mover_territory(board, node) + LEAP_WEIGHT * node.targets(board).count_ones() as i32
}

/// How well `node` stands for the side not to move: its territory and the leaps it will have.
fn other_standing(board: &Board, node: &Node) -> i32 {
    let leaps = board.leaps(node.other) & !node.burned & !bit(node.mover);
    LEAP_WEIGHT * leaps.count_ones() as i32 - mover_territory(board, node)
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
