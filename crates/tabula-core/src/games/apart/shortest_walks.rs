//! The turns of one start square, each with its first shortest walk: what `moves`, perft's
//! divide and the board page write the turns along, in time about that of generating them.
//!
//! A *walk* is a path that may land twice on a square. The search here is one breadth-first
//! search over the start square's turns (as the move generator lists them) rather than over
//! paths: a walk stands on a turn after each landing (its end and the pieces it captured so
//! far), may go on from it where the movement was a jump, and each turn, and each turn that may
//! go on, is reached once, along the first walk in printed order (fewest landings, then first
//! when landings are compared square by square in (file, rank) order): a layer of the search
//! holds the walks of one number of landings in that order, and each is extended by the squares
//! it may jump to in (file, rank) order. Only the turns the move generator lists are stood on,
//! so every path of a turn is among the walks (each landing of a path makes a turn of its own,
//! one that may go on where the path goes on).
//!
//! So where a turn's first walk lands on no square twice (the start included) it is the turn's
//! printed path: no path has fewer landings, and none with as many comes first. A turn that
//! captures nothing always has such a walk (a shortest walk through empty squares never comes
//! back to a square). Where the first walk of a capturing turn comes back to a square, the
//! caller finds the turn's printed path another way; in positions reached in play that is rare.
//!
//! Time and memory grow with the start square's turns: a slot of a table per turn that captures,
//! a square's table of the turns that capture nothing, and a few words per turn.

use super::movegen::{first_landings, jump_targets};
use super::printed_paths::is_jump;
use super::scratch::{NONE, slot};
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;

/// A walk: the turn it makes, the walk it extends by one landing (`NONE` for a first landing),
/// and its last landing.
#[derive(Clone, Copy)]
struct Walk {
    turn: u32,
    before: u32,
    at: u16,
}

/// The first walks of the turns of one start square.
pub struct TurnWalks {
    start: usize,
    walks: Vec<Walk>,
    /// For each turn (as given): its first walk, `NONE` if no walk reaches it.
    first_walk: Vec<u32>,
    /// The turns in the order of their first walks.
    order: Vec<u32>,
}

impl TurnWalks {
    /// Searches the walks from `start` through `turns`, every turn of the piece on `start` once
    /// (the move generator's).
    pub fn search<const W: usize>(
        position: &Apart<W>,
        start: usize,
        turns: &[ApartMove<W>],
    ) -> Self {
        let squares = position.geometry.squares();
        let friends = position
            .pieces(position.side)
            .without(Bitboard::from_square(start));
        let enemies = position.pieces(position.side.opponent());
        let index = TurnIndex::new(squares, turns);
        let mut search = TurnWalks {
            start,
            walks: Vec::with_capacity(turns.len()),
            first_walk: vec![NONE; turns.len()],
            order: Vec::with_capacity(turns.len()),
        };
        let mut goes_on = vec![false; turns.len()];
        let order_key = |square: usize| {
            let (x, y) = position.geometry.coords(square);
            x * squares + y
        };
        let in_order = |targets: Bitboard<W>| {
            let mut ordered: Vec<u16> = targets.squares().map(|square| square as u16).collect();
            ordered.sort_unstable_by_key(|&square| order_key(square as usize));
            ordered
        };
        // The squares each square may jump to in (file, rank) order, once computed: where in
        // `ordered_jumps` they are.
        let mut ordered_ranges: Vec<Option<(usize, usize)>> = vec![None; squares];
        let mut ordered_jumps: Vec<u16> = Vec::new();
        let first = first_landings(position.tables, friends, start).without(friends);
        let mut layer = Vec::new();
        for to in in_order(first) {
            let to = to as usize;
            let captured = captured_on(enemies, Bitboard::EMPTY, to);
            let Some(turn) = index.find(turns, to, captured) else {
                continue;
            };
            let walk = search.add(turn, NONE, to);
            if is_jump(position, start, to) {
                goes_on[turn as usize] = true;
                layer.push(walk);
            }
        }
        while !layer.is_empty() {
            let mut next = Vec::new();
            for &walk in &layer {
                let turn = turns[search.walks[walk as usize].turn as usize];
                let at = turn.end as usize;
                let (from, count) = *ordered_ranges[at].get_or_insert_with(|| {
                    let mut targets = jump_targets(position.tables, friends, at);
                    targets.remove(start);
                    let from = ordered_jumps.len();
                    ordered_jumps.extend(in_order(targets));
                    (from, ordered_jumps.len() - from)
                });
                for &to in &ordered_jumps[from..from + count] {
                    let to = to as usize;
                    let captured = captured_on(enemies, turn.captured, to);
                    let Some(onward) = index.find(turns, to, captured) else {
                        continue;
                    };
                    if goes_on[onward as usize] {
                        continue;
                    }
                    goes_on[onward as usize] = true;
                    next.push(search.add(onward, walk, to));
                }
            }
            layer = next;
        }
        search
    }

    /// Notes the walk `before` extended to `turn`: its first walk if it has none yet.
    fn add(&mut self, turn: u32, before: u32, at: usize) -> u32 {
        let walk = self.walks.len() as u32;
        self.walks.push(Walk {
            turn,
            before,
            at: at as u16,
        });
        if self.first_walk[turn as usize] == NONE {
            self.first_walk[turn as usize] = walk;
            self.order.push(turn);
        }
        walk
    }

    /// The turns reached, as indices of the turns given, in the order of their first walks.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Whether some walk reaches the turn with index `turn` (each of the move generator's
    /// turns is reached; the caller need not rely on it).
    pub fn reaches(&self, turn: u32) -> bool {
        self.first_walk[turn as usize] != NONE
    }

    /// Sets `landings` to those of the first walk of the turn with index `turn` (reached).
    pub fn first_walk(&self, turn: u32, landings: &mut Vec<usize>) {
        landings.clear();
        let mut walk = self.first_walk[turn as usize];
        while walk != NONE {
            let step = self.walks[walk as usize];
            landings.push(step.at as usize);
            walk = step.before;
        }
        landings.reverse();
    }

    /// Whether the first walk of the turn with index `turn` (reached) is a path: whether it
    /// lands on no square twice, the start included (always, for a turn that captures nothing).
    pub fn first_walk_is_path<const W: usize>(&self, turns: &[ApartMove<W>], turn: u32) -> bool {
        if turns[turn as usize].captured.is_empty() {
            return true;
        }
        let mut stood = Bitboard::<W>::from_square(self.start);
        let mut walk = self.first_walk[turn as usize];
        while walk != NONE {
            let step = self.walks[walk as usize];
            if stood.contains(step.at as usize) {
                return false;
            }
            stood.insert(step.at as usize);
            walk = step.before;
        }
        true
    }
}

/// The pieces captured by a walk that had captured `captured` and lands on `to`.
#[inline]
fn captured_on<const W: usize>(
    enemies: Bitboard<W>,
    mut captured: Bitboard<W>,
    to: usize,
) -> Bitboard<W> {
    if enemies.contains(to) {
        captured.insert(to);
    }
    captured
}

/// Each turn of a start square found by its end and captures: those that capture nothing by
/// their end, the others in a hash table with open addressing (`NONE` in an empty slot) whose
/// keys are read from the turns.
struct TurnIndex {
    without_captures: Vec<u32>,
    slots: Vec<u32>,
}

impl TurnIndex {
    fn new<const W: usize>(squares: usize, turns: &[ApartMove<W>]) -> Self {
        let capturing = turns
            .iter()
            .filter(|turn| !turn.captured.is_empty())
            .count();
        let mut index = TurnIndex {
            without_captures: vec![NONE; squares],
            slots: vec![NONE; (2 * capturing).next_power_of_two().max(2)],
        };
        for (number, turn) in turns.iter().enumerate() {
            if turn.captured.is_empty() {
                index.without_captures[turn.end as usize] = number as u32;
            } else {
                let slot = index.slot(turns, turn.end as usize, turn.captured);
                index.slots[slot] = number as u32;
            }
        }
        index
    }

    /// The slot of the turn ending on `end` with `captured`: the one holding it, or the empty
    /// one where it goes.
    fn slot<const W: usize>(
        &self,
        turns: &[ApartMove<W>],
        end: usize,
        captured: Bitboard<W>,
    ) -> usize {
        slot(&self.slots, end, captured, |number| {
            let turn = &turns[number as usize];
            (turn.end as usize, turn.captured)
        })
    }

    /// The index of the turn ending on `end` with `captured`, if it is among the turns.
    #[inline]
    fn find<const W: usize>(
        &self,
        turns: &[ApartMove<W>],
        end: usize,
        captured: Bitboard<W>,
    ) -> Option<u32> {
        let number = if captured.is_empty() {
            self.without_captures[end]
        } else {
            self.slots[self.slot(turns, end, captured)]
        };
        (number != NONE).then_some(number)
    }
}
