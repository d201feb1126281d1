//! This checker's own retrograde analysis of every position of one board and pawn count.
//!
//! Values count plies to the end of the game with perfect play, by the position alone (no
//! repetition rule, no move limit): the side to move with no legal move has won at once (a win
//! in 0); one that can step into its goal wins in 1; a position wins in `n + 1` if some move
//! leads to a loss in `n` (the smallest such `n`), and loses in `n + 1` if every move leads to a
//! win, the longest of them in `n`. What no level reaches is a draw.
//!
//! It works outward level by level: level `n` holds the positions of value `n`; each parent (by
//! [`Board::parents`]) of a loss is a win one ply longer, and a parent whose moves all lead to
//! wins is a loss once the last of them is settled (a count of unsettled moves per position).

use crate::board::Board;
use crate::numbering::Numbering;

/// What the side to move gets with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Draw,
    /// A win; the game ends after this many plies.
    Win(u32),
    /// A loss; the game ends after this many plies.
    Loss(u32),
}

/// Not settled yet (a draw once no level is left).
const OPEN: u16 = 0;

/// A settled value in the solver's array: `2n + 1` a win in `n`, `2n + 2` a loss in `n`.
fn stored(outcome: Outcome) -> u16 {
    match outcome {
        Outcome::Draw => OPEN,
        Outcome::Win(n) => 2 * n as u16 + 1,
        Outcome::Loss(n) => 2 * n as u16 + 2,
    }
}

fn outcome(value: u16) -> Outcome {
    match value {
        OPEN => Outcome::Draw,
        v if v % 2 == 1 => Outcome::Win(u32::from(v / 2)),
        v => Outcome::Loss(u32::from(v / 2 - 1)),
    }
}

/// The outcome of every position, in this checker's own numbering.
pub struct Solution {
    values: Vec<u16>,
}

impl Solution {
    /// The outcome of the position with this checker's number `index`.
    pub fn outcome(&self, index: usize) -> Outcome {
        outcome(self.values[index])
    }
}

/// Solves every position that `numbering` counts on `board`; `progress` hears a line per level.
pub fn solve(
    board: &Board,
    numbering: &Numbering,
    progress: &mut dyn FnMut(&str),
) -> Result<Solution, String> {
    let len = numbering.len();
    let mut values = vec![OPEN; len];
    let mut unsettled = vec![0u32; len];
    let mut level: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    for (index, count) in unsettled.iter_mut().enumerate() {
        let position = numbering.position(index);
        if board.can_enter_goal(position) {
            values[index] = stored(Outcome::Win(1));
            next.push(index as u32);
            continue;
        }
        *count = board.count_moves(position) as u32;
        if *count == 0 {
            values[index] = stored(Outcome::Win(0));
            level.push(index as u32);
        }
    }
    let mut plies: u32 = 0;
    while !level.is_empty() || !next.is_empty() {
        if plies >= 30_000 {
            return Err("more levels than this checker counts".to_string());
        }
        let (win, loss) = (
            stored(Outcome::Win(plies + 1)),
            stored(Outcome::Loss(plies + 1)),
        );
        for &index in &level {
            let child_lost = matches!(outcome(values[index as usize]), Outcome::Loss(_));
            board.parents(numbering.position(index as usize), |parent| {
                let parent = numbering.index(parent);
                if values[parent] != OPEN {
                    return;
                }
                if child_lost {
                    values[parent] = win;
                } else {
                    unsettled[parent] -= 1;
                    if unsettled[parent] > 0 {
                        return;
                    }
                    values[parent] = loss;
                }
                next.push(parent as u32);
            });
        }
        progress(&format!(
            "{} positions settled at {plies} plies",
            level.len()
        ));
        level = std::mem::take(&mut next);
        plies += 1;
    }
    Ok(Solution { values })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcomes by plain iteration to a fixpoint over every position's moves, a second
    /// method: a position's value is recomputed from its children's until nothing changes.
    fn by_fixpoint(board: &Board, numbering: &Numbering) -> Vec<Outcome> {
        let len = numbering.len();
        let mut values = vec![Outcome::Draw; len];
        loop {
            let mut changed = false;
            for index in 0..len {
                let position = numbering.position(index);
                let value = if board.can_enter_goal(position) {
                    Outcome::Win(1)
                } else {
                    let mut children = Vec::new();
                    board.children(position, |c| children.push(values[numbering.index(c)]));
                    let fastest_win = children
                        .iter()
                        .filter_map(|v| match v {
                            Outcome::Loss(n) => Some(n + 1),
                            _ => None,
                        })
                        .min();
                    let longest_loss = children.iter().try_fold(0, |m, v| match v {
                        Outcome::Win(n) => Some(m.max(n + 1)),
                        _ => None,
                    });
                    match (children.is_empty(), fastest_win, longest_loss) {
                        (true, _, _) => Outcome::Win(0),
                        (_, Some(n), _) => Outcome::Win(n),
                        (_, None, Some(n)) => Outcome::Loss(n),
                        _ => Outcome::Draw,
                    }
                };
                if value != values[index] {
                    values[index] = value;
                    changed = true;
                }
            }
            if !changed {
                return values;
            }
        }
    }

    #[test]
    fn the_levels_agree_with_a_fixpoint_on_small_cases() {
        for (width, height, pawns) in [(5, 5, [1, 1]), (4, 3, [2, 1]), (3, 3, [2, 2])] {
            let board = Board::new(width, height).expect("a board");
            let numbering = Numbering::new(board.cells(), pawns).expect("a numbering");
            let solution = solve(&board, &numbering, &mut |_| {}).expect("solved");
            let fixpoint = by_fixpoint(&board, &numbering);
            for (index, expected) in fixpoint.into_iter().enumerate() {
                assert_eq!(solution.outcome(index), expected, "position {index}");
            }
        }
    }
}
