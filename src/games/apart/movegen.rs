//! Apart move generation on bitboards: every distinct turn (start, end, captured squares) once.
//!
//! Within one turn the only friendly pieces that matter are the mover's other pieces: captures
//! never change a line length (an enemy piece and an empty square both end a run). So the jumps
//! form a fixed graph for the turn, and a turn is a path in it that never lands twice on a square
//! (the start included), its captures the enemy squares on the path. Paths are never listed one by
//! one (they can be astronomically many); instead:
//! - the turns without captures end on exactly the squares reachable from the first jumps through
//!   empty squares (a shortest route never repeats a square): one flood fill;
//! - the turns with captures come from a depth-first search that only follows paths still able
//!   to capture, emitting after each capture, by flood fill again, every empty square reachable
//!   without another capture. It skips a path that lands where an earlier square since the last
//!   capture could have jumped directly: the shorter path has the same end and captures and stands
//!   on fewer squares, so it reaches every turn the longer one does. A state it has searched
//!   already (same square, captures, squares still reachable and shortcuts among them) is not
//!   searched again.
//!
//! A budget bounds the capture search in contrived, crowded positions; `generate` then says that
//! turns may be missing, and such position strings are refused.

use super::scratch::{MAX_TURNS_PER_START, Scratch, with_scratch};
use super::tables::{AXES, Tables};
use super::{Apart, ApartMove};
use crate::bitboard::Bitboard;
use crate::game::Side;

/// How many positions the capture search of one position may visit before it gives up (only
/// contrived, crowded positions come near it).
const CAPTURE_SEARCH_BUDGET: u32 = 1 << 18;
/// Up to this many turns listed for a start square, a duplicate is looked for in the list itself.
const LINEAR_SCAN: usize = 32;

/// The squares a jump (line length 2 or more) of a piece on `at` can land on, given its other
/// `friends`.
#[inline]
pub fn jump_targets<const W: usize>(
    tables: &Tables,
    friends: Bitboard<W>,
    at: usize,
) -> Bitboard<W> {
    let mut targets = Bitboard::EMPTY;
    for axis in 0..AXES.len() {
        let length = tables.line_length(friends, at, axis);
        if length < 2 {
            continue;
        }
        for direction in [2 * axis, 2 * axis + 1] {
            if let Some(to) = tables.landing(at, direction, length) {
                targets.insert(to);
            }
        }
    }
    targets.without(friends)
}

/// The turns of the side to move being collected. Those of the current start square sit at the
/// end of `moves`, from index `first`; `ends` holds their end squares, so most new turns are known
/// to be new without looking through the list.
struct TurnCollector<'a, const W: usize> {
    tables: &'static Tables,
    own: Bitboard<W>,
    enemies: Bitboard<W>,
    moves: &'a mut Vec<ApartMove<W>>,
    scratch: &'a mut Scratch,
    /// The squares whose jump targets the scratch table holds for the current start square.
    known: Bitboard<W>,
    /// What is left of the capture search's budget.
    budget: u32,
    start: usize,
    /// The mover's other pieces: the moving piece has left its start.
    friends: Bitboard<W>,
    first: usize,
    ends: Bitboard<W>,
}

impl<const W: usize> TurnCollector<'_, W> {
    /// Lists the turn ending on `end` with `captured`, unless another path already listed it.
    #[inline]
    fn record(&mut self, end: usize, captured: Bitboard<W>) {
        let turn = ApartMove {
            start: self.start as u16,
            end: end as u16,
            captured,
        };
        let listed = &self.moves[self.first..];
        let duplicate = self.ends.contains(end)
            && if listed.len() <= LINEAR_SCAN {
                listed.contains(&turn)
            } else {
                self.scratch.turn_index.contains(listed, &turn)
            };
        if duplicate {
            return;
        }
        if listed.len() >= MAX_TURNS_PER_START {
            self.budget = 0;
            return;
        }
        self.ends.insert(end);
        self.moves.push(turn);
    }

    /// The jump targets of `at`, computed once per start square.
    #[inline]
    fn jumps(&mut self, at: usize) -> Bitboard<W> {
        if self.known.contains(at) {
            return Bitboard::from_words(&self.scratch.jump_table[at]);
        }
        let targets = jump_targets(self.tables, self.friends, at);
        self.scratch.jump_table[at][..W].copy_from_slice(&targets.0);
        self.known.insert(at);
        targets
    }

    /// Every turn of the piece on `start`, continuation jumps included if `continuation`.
    fn turns_from(&mut self, start: usize, continuation: bool) {
        self.start = start;
        self.friends = self.own.without(Bitboard::from_square(start));
        self.first = self.moves.len();
        self.ends = Bitboard::EMPTY;
        self.known = Bitboard::EMPTY;
        self.scratch.seen.forget();
        self.scratch.turn_index.clear();
        let mut first_jumps = Bitboard::EMPTY;
        for axis in 0..AXES.len() {
            let length = self.tables.line_length(self.friends, start, axis);
            for direction in [2 * axis, 2 * axis + 1] {
                let Some(to) = self.tables.landing(start, direction, length) else {
                    continue;
                };
                if self.friends.contains(to) {
                    continue;
                }
                let captured = self.captured_on(to);
                self.record(to, captured);
                if length >= 2 {
                    first_jumps.insert(to);
                }
            }
        }
        if continuation && !first_jumps.is_empty() {
            self.continuations(first_jumps);
        }
    }

    /// The turns going on after a first jump to one of `first_jumps`.
    fn continuations(&mut self, first_jumps: Bitboard<W>) {
        let started = Bitboard::from_square(self.start);
        let reach = self.reach(self.start, started);
        let can_capture = !(reach & self.enemies).is_empty();
        let without_captures = if can_capture {
            self.free_reach(first_jumps.without(self.enemies), started)
        } else {
            reach
        };
        for end in without_captures.squares() {
            self.record(end, Bitboard::EMPTY);
        }
        if !can_capture {
            return;
        }
        for to in first_jumps.squares() {
            let mut visited = started;
            visited.insert(to);
            if self.enemies.contains(to) {
                self.after_capture(to, visited, Bitboard::from_square(to));
            } else {
                self.toward_captures(to, visited, Bitboard::EMPTY, first_jumps);
            }
        }
    }

    /// Having just captured on `at`: the turns that end on an empty square without capturing
    /// again, then those that capture again.
    fn after_capture(&mut self, at: usize, visited: Bitboard<W>, captured: Bitboard<W>) {
        let seeds = self.jumps(at).without(visited | self.enemies);
        for end in self.free_reach(seeds, visited).squares() {
            self.record(end, captured);
        }
        self.toward_captures(at, visited, captured, Bitboard::EMPTY);
    }

    /// The paths from `at` that capture again, having stood on `visited` and captured `captured`.
    /// `shortcuts`: the squares an earlier landing since the last capture could jump to.
    fn toward_captures(
        &mut self,
        at: usize,
        visited: Bitboard<W>,
        captured: Bitboard<W>,
        shortcuts: Bitboard<W>,
    ) {
        if self.budget == 0 {
            return;
        }
        let reach = self.reach(at, visited);
        if (reach & self.enemies).is_empty() || !self.first_visit(at, captured, reach, shortcuts) {
            return;
        }
        self.budget -= 1;
        let jumps = self.jumps(at);
        let onward_shortcuts = shortcuts | jumps;
        for to in jumps.without(visited | shortcuts).squares() {
            let mut visited = visited;
            visited.insert(to);
            if self.enemies.contains(to) {
                let mut captured = captured;
                captured.insert(to);
                self.record(to, captured);
                self.after_capture(to, visited, captured);
            } else {
                self.toward_captures(to, visited, captured, onward_shortcuts);
            }
        }
    }

    /// `seeds` and every empty square reachable from them by jumps onto empty squares not in
    /// `visited`.
    fn free_reach(&mut self, seeds: Bitboard<W>, visited: Bitboard<W>) -> Bitboard<W> {
        let blocked = visited | self.enemies;
        let mut reached = seeds;
        let mut frontier = seeds;
        while let Some(at) = frontier.first() {
            frontier.remove(at);
            let fresh = self.jumps(at).without(blocked | reached);
            reached |= fresh;
            frontier |= fresh;
        }
        reached
    }

    /// Every square some path from `at` can land on without landing on `visited`.
    fn reach(&mut self, at: usize, visited: Bitboard<W>) -> Bitboard<W> {
        let mut reached = Bitboard::EMPTY;
        let mut frontier = Bitboard::from_square(at);
        while let Some(square) = frontier.first() {
            frontier.remove(square);
            let fresh = self.jumps(square).without(visited | reached);
            reached |= fresh;
            frontier |= fresh;
        }
        reached
    }

    /// Whether the capture search comes to this state for the first time since the start square
    /// was set. What follows a state depends only on where the piece stands, what it captured,
    /// the squares it can still reach and the shortcuts among them, so a state seen before has
    /// nothing new to give.
    fn first_visit(
        &mut self,
        at: usize,
        captured: Bitboard<W>,
        reach: Bitboard<W>,
        shortcuts: Bitboard<W>,
    ) -> bool {
        self.scratch
            .seen
            .first_visit(at, [captured, reach, shortcuts & reach])
    }

    #[inline]
    fn captured_on(&self, to: usize) -> Bitboard<W> {
        if self.enemies.contains(to) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        }
    }
}

/// Appends every turn of the side to move (without the pass). False if the capture search ran
/// out of budget, so that some turns with captures may be missing.
pub fn generate<const W: usize>(position: &Apart<W>, moves: &mut Vec<ApartMove<W>>) -> bool {
    let own = position.pieces(position.side);
    let continuation = !position.is_first_turn();
    with_scratch(|scratch| {
        let mut collector = TurnCollector {
            tables: position.tables,
            own,
            enemies: position.pieces(position.side.opponent()),
            moves,
            scratch,
            known: Bitboard::EMPTY,
            budget: CAPTURE_SEARCH_BUDGET,
            start: 0,
            friends: own,
            first: 0,
            ends: Bitboard::EMPTY,
        };
        for start in own.squares() {
            collector.turns_from(start, continuation);
        }
        collector.budget > 0
    })
}

/// The number of first movements (single steps and first jumps) of `side`'s pieces: a cheap
/// measure of mobility.
pub fn first_movements<const W: usize>(position: &Apart<W>, side: Side) -> u32 {
    let own = position.pieces(side);
    let tables = position.tables;
    let mut count = 0;
    for start in own.squares() {
        for axis in 0..AXES.len() {
            let length = tables.line_length(own, start, axis);
            for direction in [2 * axis, 2 * axis + 1] {
                let lands = tables
                    .landing(start, direction, length)
                    .is_some_and(|to| !own.contains(to));
                count += lands as u32;
            }
        }
    }
    count
}
