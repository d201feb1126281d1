//! Retrograde analysis of Claustro: every position of a board with a fixed number of pawns per
//! side gets its value with perfect play (win or loss in so many plies, or draw).
//!
//! Only the rules that depend on the position count: entering the goal wins, and the player to
//! move with no legal move wins. The move-history rules (the `m n m n m n` repetition win and the
//! 400-ply engine-policy draw) are ignored, so "draw" means that neither side can force a win and
//! play can go on for ever.
//!
//! Positions are numbered as [`Space`] says; positions with a pawn on a goal are finished and not
//! numbered.
//!
//! The solver counts each position's legal moves, seeds the finished ones (no legal move: a win
//! in 0; a pawn next to its goal: a win in 1), then works outward level by level through
//! predecessors (un-steps, and un-captures: the capturer goes back diagonally and the placed
//! victim returns to the capture square). A predecessor of a loss is a win one ply longer; a
//! predecessor all of whose moves lead to wins is a loss once its last move is resolved.

use super::space::Space;
use crate::tablebase::Proven;
use crate::words::counted;

/// What the side to move gets with perfect play, by the position alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Neither side can force a win.
    Draw,
    /// The side to move wins; the game ends after this many plies (0: it has no legal move).
    Win(u32),
    /// The side to move loses; the game ends after this many plies.
    Loss(u32),
}

/// The longest win one byte records.
pub const MAX_WIN: u32 = 126;
/// The longest loss one byte records.
pub const MAX_LOSS: u32 = 128;

impl Value {
    /// The value as perfect play's value of a position, with its distance.
    pub fn proven(self) -> Proven {
        match self {
            Value::Win(n) => Proven::Win(Some(n)),
            Value::Loss(n) => Proven::Loss(Some(n)),
            Value::Draw => Proven::Draw,
        }
    }

    /// The value in one byte: 0 draw, `1 + n` a win in `n`, `127 + n` a loss in `n`; `None` if
    /// the distance does not fit.
    pub fn encode(self) -> Option<u8> {
        match self {
            Value::Draw => Some(0),
            Value::Win(n) if n <= MAX_WIN => Some(1 + n as u8),
            Value::Loss(n) if (1..=MAX_LOSS).contains(&n) => Some((127 + n) as u8),
            Value::Win(_) | Value::Loss(_) => None,
        }
    }

    /// The value of a byte written by [`Value::encode`] (every byte means something).
    pub fn decode(byte: u8) -> Value {
        match byte {
            0 => Value::Draw,
            1..=127 => Value::Win(u32::from(byte) - 1),
            _ => Value::Loss(u32::from(byte) - 127),
        }
    }
}

/// [`Value::Win`] in 0 and in 1 plies, encoded.
const WIN_IN_NONE: u8 = 1;
const WIN_IN_ONE: u8 = 2;

/// What the solver says as it goes: a line for people, and how many of the positions have a
/// value so far (the rest, once no level is left, are draws).
pub struct SolveProgress<'a> {
    pub line: &'a str,
    pub resolved: usize,
    pub positions: usize,
}

/// The solved values of every position of a [`Space`], one byte each ([`Value::encode`]).
pub fn solve(space: &Space, progress: &mut dyn FnMut(&SolveProgress)) -> Result<Vec<u8>, String> {
    let mut values = vec![0u8; space.len()];
    let mut counters = vec![0u8; space.len()];
    let (mut current, mut next) = seed(space, &mut values, &mut counters)?;
    let mut resolved = current.len() + next.len();
    progress(&SolveProgress {
        line: &format!(
            "{}: {} without a legal move, {} with a pawn next to its goal",
            counted(space.len(), "position"),
            current.len(),
            next.len()
        ),
        resolved,
        positions: space.len(),
    });
    let mut plies = 0;
    while !current.is_empty() || !next.is_empty() {
        let win = Value::Win(plies + 1)
            .encode()
            .ok_or_else(|| format!("a win longer than {MAX_WIN} plies does not fit the table"))?;
        let loss = Value::Loss(plies + 1)
            .encode()
            .ok_or_else(|| format!("a loss longer than {MAX_LOSS} plies does not fit the table"))?;
        for &index in &current {
            let is_loss = matches!(Value::decode(values[index as usize]), Value::Loss(_));
            space.predecessors(space.position(index as usize), |parent| {
                let parent = space.index(parent);
                if values[parent] != 0 {
                    return;
                }
                if is_loss {
                    values[parent] = win;
                } else {
                    counters[parent] -= 1;
                    if counters[parent] != 0 {
                        return;
                    }
                    values[parent] = loss;
                }
                next.push(parent as u32);
                resolved += 1;
            });
        }
        progress(&SolveProgress {
            line: &format!(
                "{} resolved at {}",
                counted(current.len(), "position"),
                counted(plies, "ply")
            ),
            resolved,
            positions: space.len(),
        });
        current = std::mem::take(&mut next);
        plies += 1;
    }
    Ok(values)
}

/// Marks the positions decided at once (no legal move: a win in 0; a pawn next to its goal: a win
/// in 1) and counts the moves of the others; returns the two first levels.
fn seed(
    space: &Space,
    values: &mut [u8],
    counters: &mut [u8],
) -> Result<(Vec<u32>, Vec<u32>), String> {
    let mut stuck = Vec::new();
    let mut doors = Vec::new();
    for index in 0..space.len() {
        let pawns = space.position(index);
        if space.wins_at_once(pawns) {
            values[index] = WIN_IN_ONE;
            doors.push(index as u32);
            continue;
        }
        match space.count_moves(pawns) {
            0 => {
                values[index] = WIN_IN_NONE;
                stuck.push(index as u32);
            }
            moves => {
                counters[index] = u8::try_from(moves)
                    .map_err(|_| format!("a position with {moves} moves overflows the counters"))?;
            }
        }
    }
    Ok((stuck, doors))
}
