//! The turns of one start square with their printed paths, found in one breadth-first search
//! over paths (what `moves`, perft's divide and the GUI's list of turns are written from where a
//! start square has more turns than `shortest_walks` is meant to hold: a contrived position).
//!
//! A layer of the search holds the paths of one number of landings in printed order (landings
//! compared square by square in (file, rank) order): each path of a layer is extended by the
//! squares it may jump to in that order. Every path is a turn (a turn may stop on any landing),
//! so the first path of the search that makes a turn (end square and captured pieces) is its
//! printed path, and every turn of the start square is met: the search lists them all itself,
//! without the move generator.
//!
//! Paths are pruned by what they may still do. Two paths of one turn that may go on have the
//! same continuations with the same captures if they have stood on the same squares among those
//! that a continuation could jump to (their `blocking` squares: one flood fill from the last
//! landing finds them); the later one has no more of them if its blocking squares include the
//! earlier one's (a continuation of it that first landed on a square the earlier one stood on
//! would have reached that square within the earlier one's flood, so the square would be among
//! the earlier one's blocking squares, hence among its own, and it would have stood there
//! itself), and is dropped. The earlier path followed by any continuation comes before the
//! later one followed by the same continuation (fewer landings, or as many and first in
//! order), so no turn's printed path is dropped, and each layer stays in printed order. What
//! is kept is about one path per turn (1.1
//! to 1.3 on dense 10 x 10 boards), each a record of its turn, blocking squares and links (48
//! bytes on 10 x 10), found again through a table of four-byte slots: time and memory grow with
//! the turns of the start square, about a microsecond (text included) and 60 to 70 bytes a turn
//! on 10 x 10. The squares a path has stood on are not kept: they are read back along its links
//! when the path is extended.
//!
//! Memory is bounded by [`PATH_SEARCH_BYTES`]: a start square with more turns than that holds
//! (a contrived position, tens of millions of turns from one square) ends its search early with
//! [`Search::OverBudget`], and its caller writes the turns not yet met one by one, after them
//! and in the move generator's order, holding the generator's list of the square's turns
//! (about 24 bytes a turn on 10 x 10) beside the search.

use super::Apart;
use super::ApartMove;
use super::movegen::{first_landings, flood, jump_targets};
use super::scratch::{NONE, slot};
use super::tables::Tables;
use crate::board::bitboard::Bitboard;

/// About the most memory one start square's search takes (3 GiB: about 50 million paths on
/// 8 x 8, 40 million up to 11 x 11, 28 million up to 16 x 16, 15 million up to 25 x 25).
const PATH_SEARCH_BYTES: usize = 3 << 30;

/// How a search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Search {
    /// Every turn of the start square was met.
    Complete,
    /// The caller asked it to stop.
    Stopped,
    /// It reached its memory bound: some turns may not have been met.
    OverBudget,
}

/// A path kept: its last landing and captures (its turn), the state before it, whether the turn
/// may go on from it, the squares it stood on that a continuation could jump to, and the next
/// path kept of its turn.
struct PathState<const W: usize> {
    captured: Bitboard<W>,
    blocking: Bitboard<W>,
    before: u32,
    next_of_turn: u32,
    at: u16,
    goes_on: bool,
}

/// The number of slots the table of turns starts with; it doubles whenever half are taken.
const TURN_SLOTS: usize = 1 << 10;

/// Each turn met, as the index of the first state kept of it, in a hash table with open
/// addressing (`NONE` in an empty slot) whose keys, the turns, are read from the states: four
/// bytes a slot.
struct TurnTable {
    slots: Vec<u32>,
    len: usize,
}

impl TurnTable {
    /// The slot of the turn (end, captured): the one holding its first state, or the empty one
    /// where it goes.
    fn slot<const W: usize>(
        &self,
        states: &[PathState<W>],
        at: u16,
        captured: Bitboard<W>,
    ) -> usize {
        slot(&self.slots, at as usize, captured, |index| {
            let state = &states[index as usize];
            (state.at as usize, state.captured)
        })
    }

    /// Puts the first state of a turn in its empty `slot`; doubles the table once half full.
    fn insert<const W: usize>(&mut self, states: &[PathState<W>], slot: usize, index: u32) {
        self.slots[slot] = index;
        self.len += 1;
        if 2 * self.len >= self.slots.len() {
            let grown = vec![NONE; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, grown);
            for index in old.into_iter().filter(|&index| index != NONE) {
                let state = &states[index as usize];
                let slot = self.slot(states, state.at, state.captured);
                self.slots[slot] = index;
            }
        }
    }
}

/// The search over the paths of the piece on one start square.
pub struct PathSearch<const W: usize> {
    start: usize,
    enemies: Bitboard<W>,
    tables: &'static Tables,
    /// The mover's other pieces.
    friends: Bitboard<W>,
    /// The squares each square may jump to, once computed.
    jump_sets: Vec<Option<Bitboard<W>>>,
    /// The same in (file, rank) order, once computed: where in `ordered_jumps` they are.
    ordered_ranges: Vec<Option<(usize, usize)>>,
    ordered_jumps: Vec<u16>,
    states: Vec<PathState<W>>,
    turns: TurnTable,
    max_states: usize,
    /// The landings of the path last reported.
    landings: Vec<usize>,
}

impl<const W: usize> PathSearch<W> {
    /// The search from `start` that keeps at most `max_states` paths.
    pub fn new(position: &Apart<W>, start: usize, max_states: usize) -> Self {
        let squares = position.geometry.squares();
        PathSearch {
            start,
            enemies: position.pieces(position.side.opponent()),
            tables: position.tables,
            friends: position
                .pieces(position.side)
                .without(Bitboard::from_square(start)),
            jump_sets: vec![None; squares],
            ordered_ranges: vec![None; squares],
            ordered_jumps: Vec::new(),
            states: Vec::new(),
            turns: TurnTable {
                slots: vec![NONE; TURN_SLOTS],
                len: 0,
            },
            max_states: max_states.min(NONE as usize - 1),
            landings: Vec::new(),
        }
    }

    /// Reports each turn the first time it is met, with the landings of its printed path, until
    /// `found` returns false or the search ends.
    pub fn run(
        &mut self,
        position: &Apart<W>,
        found: &mut dyn FnMut(ApartMove<W>, &[usize]) -> bool,
    ) -> Search {
        let (start, friends) = (self.start, self.friends);
        let first = first_landings(position.tables, friends, start);
        let visited = Bitboard::from_square(start);
        for to in in_order(position, first.without(friends)) {
            let goes_on = is_jump(position, start, to as usize);
            if let Some(ended) = self.add(to, NONE, goes_on, visited, found) {
                return ended;
            }
        }
        let mut layer = 0..self.states.len();
        while !layer.is_empty() {
            let next = self.states.len();
            for index in layer {
                let state = &self.states[index];
                if !state.goes_on {
                    continue;
                }
                let at = state.at as usize;
                let visited = self.visited(index as u32);
                let (from, count) = self.ordered_range(position, at);
                for jump in from..from + count {
                    let to = self.ordered_jumps[jump];
                    if visited.contains(to as usize) {
                        continue;
                    }
                    if let Some(ended) = self.add(to, index as u32, true, visited, found) {
                        return ended;
                    }
                }
            }
            layer = next..self.states.len();
        }
        Search::Complete
    }

    /// The number of paths kept so far.
    pub fn paths_kept(&self) -> usize {
        self.states.len()
    }

    /// Whether the search has met the turn.
    pub fn has_met(&self, mv: ApartMove<W>) -> bool {
        let slot = self.turns.slot(&self.states, mv.end, mv.captured);
        self.turns.slots[slot] != NONE
    }

    /// The squares `at` may jump to.
    fn jumps(&mut self, at: usize) -> Bitboard<W> {
        *self.jump_sets[at].get_or_insert_with(|| jump_targets(self.tables, self.friends, at))
    }

    /// Where in `ordered_jumps` the squares `at` may jump to are, in (file, rank) order: the
    /// first and how many.
    fn ordered_range(&mut self, position: &Apart<W>, at: usize) -> (usize, usize) {
        if let Some(range) = self.ordered_ranges[at] {
            return range;
        }
        let targets = in_order(position, self.jumps(at));
        let range = (self.ordered_jumps.len(), targets.len());
        self.ordered_jumps.extend(targets);
        self.ordered_ranges[at] = Some(range);
        range
    }

    /// The squares the path ending in state `index` has stood on, the start included.
    fn visited(&self, mut index: u32) -> Bitboard<W> {
        let mut visited = Bitboard::from_square(self.start);
        while index != NONE {
            let state = &self.states[index as usize];
            visited.insert(state.at as usize);
            index = state.before;
        }
        visited
    }

    /// Keeps the path of state `before` (standing on `visited`) landing on `to` unless a path
    /// kept before has all its continuations; reports its turn if new. `Some` once the search
    /// is to end.
    fn add(
        &mut self,
        to: u16,
        before: u32,
        goes_on: bool,
        mut visited: Bitboard<W>,
        found: &mut dyn FnMut(ApartMove<W>, &[usize]) -> bool,
    ) -> Option<Search> {
        visited.insert(to as usize);
        let captured = visited & self.enemies;
        let blocking = if goes_on {
            let (_, touched) = flood(to as usize, visited, |square| self.jumps(square));
            touched & visited
        } else {
            Bitboard::EMPTY
        };
        let index = self.states.len() as u32;
        let slot = self.turns.slot(&self.states, to, captured);
        let first_of_turn = self.turns.slots[slot];
        let mut kept = first_of_turn;
        while kept != NONE {
            let state = &self.states[kept as usize];
            if state.goes_on >= goes_on && state.blocking.without(blocking).is_empty() {
                return None;
            }
            kept = state.next_of_turn;
        }
        if self.states.len() >= self.max_states {
            return Some(Search::OverBudget);
        }
        let mut state = PathState {
            captured,
            blocking,
            before,
            next_of_turn: NONE,
            at: to,
            goes_on,
        };
        if first_of_turn != NONE {
            let first = &mut self.states[first_of_turn as usize];
            state.next_of_turn = std::mem::replace(&mut first.next_of_turn, index);
            self.states.push(state);
            return None;
        }
        self.states.push(state);
        self.turns.insert(&self.states, slot, index);
        self.trace(index);
        let turn = ApartMove {
            start: self.start as u16,
            end: to,
            captured,
        };
        (!found(turn, &self.landings)).then_some(Search::Stopped)
    }

    /// Sets `landings` to those of the path ending in state `index`.
    fn trace(&mut self, mut index: u32) {
        self.landings.clear();
        while index != NONE {
            let state = &self.states[index as usize];
            self.landings.push(state.at as usize);
            index = state.before;
        }
        self.landings.reverse();
    }
}

/// The table of turns' bytes per path kept, at most: four-byte slots, at most four per turn (six
/// while it doubles, rounded up to eight here), and at least one path per turn.
const TABLE_BYTES_PER_PATH: usize = 32;

/// The most paths a search keeps within [`PATH_SEARCH_BYTES`].
pub fn max_states<const W: usize>() -> usize {
    PATH_SEARCH_BYTES / (size_of::<PathState<W>>() + TABLE_BYTES_PER_PATH)
}

/// The squares of `targets` in (file, rank) order.
fn in_order<const W: usize>(position: &Apart<W>, targets: Bitboard<W>) -> Vec<u16> {
    let mut ordered: Vec<u16> = targets.squares().map(|square| square as u16).collect();
    ordered.sort_unstable_by_key(|&square| position.geometry.coords(square as usize));
    ordered
}

/// Whether the first movement from `start` to `to` is a jump (so that the turn may go on).
pub fn is_jump<const W: usize>(position: &Apart<W>, start: usize, to: usize) -> bool {
    let g = position.geometry;
    let ((x0, y0), (x1, y1)) = (g.coords(start), g.coords(to));
    x0.abs_diff(x1).max(y0.abs_diff(y1)) >= 2 && !position.is_first_turn()
}
