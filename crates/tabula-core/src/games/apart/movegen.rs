//! Apart move generation on bitboards: every distinct turn (start, end, captured squares) once.
//!
//! Within one turn the only friendly pieces that matter are the mover's other pieces: captures
//! never change a line length (an enemy piece and an empty square both end a run). So the jumps
//! form a fixed graph for the turn, and a turn is a path in it that never lands twice on a square
//! (the start included), its captures the enemy squares on the path. Paths are never listed one by
//! one (they can be astronomically many); instead:
//! - the turns without captures end on exactly the squares reachable from the first jumps through
//!   empty squares (a shortest route never repeats a square): one flood fill;
//! - the turns with captures come from a depth-first search over paths still able to capture,
//!   emitting after each capture, by flood fill again, every empty square reachable without
//!   another capture. Three rules drop search states, each only when every turn the state could
//!   lead to is listed anyway:
//!   - *shortcuts*: a path that lands where an earlier square since the last capture could have
//!     jumped directly is skipped: the shorter path has the same end and captures and stands on
//!     fewer squares, so it reaches every turn the longer one does;
//!   - *memo*: a state searched already (same square, captures, squares still reachable and
//!     shortcuts among them) is not searched again: what follows depends on nothing else;
//!   - *bound*: a state is dropped when every turn it could still give is listed already. Such a
//!     turn captures enemies e1, ..., ek in that order and ends on ek or on an empty square
//!     reached from it. Each ei+1 is reachable from ei (e1 from the piece) through empty squares
//!     not stood on yet, and so is the end from ek. So per set {e1..ek} of further captures the
//!     possible ends lie in the union, over the orders allowed by that reachability relation, of
//!     ek and the empty squares reachable from ek (a small dynamic programme over subsets, done
//!     when at most `BOUND_ENEMIES` enemies are reachable). For the first capture the bound is
//!     tightened: a square q that every empty route from the piece to e1 crosses (checked by a
//!     flood fill avoiding q, among the squares alone in their layer on all shortest routes) is
//!     stood on by every such turn, so the squares after e1, and e2, are reached avoiding q too.
//!     To make the bound bite early, checking it also lists the turns of one concrete shortest
//!     route to each e1 (real, non-crossing paths). The bound is not checked in small searches
//!     and sparingly where it rarely prunes (it only costs time there); that changes no result.
//!     It composes with the other two rules: a state dropped by it has all its turns listed, so
//!     it covers whatever a shortcut or the memo refers to it as well as a searched state does.
//!
//! The turns of a start square are noted per capture set (scratch table), which finds duplicates
//! and gives the bound the ends listed per set.
//!
//! # Completeness
//! Every turn is listed: the turns without captures by the flood fill, each turn with captures
//! by the search, which follows every path able to capture again except those the three rules
//! above drop, and each of those only drops paths whose turns are listed anyway. There is no
//! budget: the search runs to its end, and no position is refused.
//!
//! # Worst case
//! No polynomial bound exists in general: telling whether one given capture set can be made
//! at all is a path problem through prescribed squares, and the answer itself can be huge (a
//! random fill of a 10 x 10 board, 30% white and 40% black, has 193,447,084 distinct turns,
//! its piece on e7 27,259,765 of them). What bounds the work:
//! - memory: the turns listed, if they are listed ([`count`] only counts them), plus the
//!   scratch table of capture sets of one start square (at most four times that start
//!   square's number of capture sets, `1 + 2W` words each), plus a fixed memo and jump table;
//!   the search's recursion is at most one frame per square of the board;
//! - time: per start square, the search states it expands (the memo expands each state, a
//!   square with a captured set, a reachable set and shortcuts, about once; their number is
//!   what grows exponentially in contrived positions), each costing a few flood fills of the
//!   board (O(squares x words)), plus O(1) per turn found on a path.
//!
//! Positions reached in play stay far below that (random games on 25 x 25 list their turns in
//! milliseconds), and so do boards almost full of both sides (few squares to land on: a 25 x 25
//! board split in halves or in a checkerboard, with holes, lists its turns in 0.1 s). Only
//! contrived position strings with both sides interleaved, with room to land, over the whole
//! board approach it: random fills of a 25 x 25 board (20 to 45% each side), or files of it
//! taken in pairs by each side, do not finish listing within 30 s. Such a position is
//! accepted, and:
//! - perft counts its turns without listing them, in the memory of one start square's capture
//!   sets: the 10 x 10 fill above in 166 s and 2 GB (listing them took 204 s and 8 GB);
//! - a search lists them up to its cutoff (its clock's hard limit, or `stop`) and plays the
//!   best of those listed;
//! - `moves` and perft's divide write them all (there is no shorter true answer), a start square
//!   at a time (see `notation`): where a square has over 16,384 turns, or many whose first
//!   shortest walks are no paths (crowded boards), from one search over paths (`printed_paths`)
//!   that finds the square's turns and their printed paths itself: what they hold is that
//!   search, 60 to 70 bytes per turn of the start square on 10 x 10. Measured when that search
//!   wrote every square, the fill above: `moves` writes its 193,447,084 turns (11.6 GB of text) in 4 min 10 s
//!   holding at most 2.0 GB (the piece on e7 with 27.3 million turns, found by way of 35.5
//!   million paths). A start square with more than that search's memory bound holds (3 GiB,
//!   about 40 million paths on 10 x 10, 15 million on 25 x 25) has its remaining turns written
//!   one by one, about a millisecond each: a 25 x 25 board filled at random, 15% each side, has
//!   a piece with more than 12 million turns, and `moves` there takes hours.
//!
//! We know no count faster than finding each turn: a turn is a pair of an end and a set of
//! captures that some path landing on no square twice makes, and counting even the simple
//! paths of a graph is #P-complete. `scripts/apart-dense.sh` times `moves`, `go perft 1` and
//! perft on dense positions at 10 x 10 and 25 x 25.

use super::scratch::{Scratch, with_scratch};
use super::tables::{AXES, Tables};
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;
use crate::game::{Cutoff, Side};

/// The most enemy pieces the bound on what a search state can still give looks at; a state from
/// which more are within reach is searched.
const BOUND_ENEMIES: usize = 6;

/// The squares a movement of at least `min_length` squares of the piece on `at` can land on,
/// given its other `friends`, friendly squares included.
#[inline]
fn landings<const W: usize>(
    tables: &Tables,
    friends: Bitboard<W>,
    at: usize,
    min_length: usize,
) -> Bitboard<W> {
    let mut landings = Bitboard::EMPTY;
    for axis in 0..AXES.len() {
        let length = tables.line_length(friends, at, axis);
        if length < min_length {
            continue;
        }
        for direction in [2 * axis, 2 * axis + 1] {
            if let Some(to) = tables.landing(at, direction, length) {
                landings.insert(to);
            }
        }
    }
    landings
}

/// The squares the first movement (a single step or a jump) of the piece on `start` can land
/// on, given its other `friends`, friendly squares included.
#[inline]
pub fn first_landings<const W: usize>(
    tables: &Tables,
    friends: Bitboard<W>,
    start: usize,
) -> Bitboard<W> {
    landings(tables, friends, start, 1)
}

/// The squares a jump (line length 2 or more) of a piece on `at` can land on, given its other
/// `friends`.
#[inline]
pub fn jump_targets<const W: usize>(
    tables: &Tables,
    friends: Bitboard<W>,
    at: usize,
) -> Bitboard<W> {
    landings(tables, friends, at, 2).without(friends)
}

/// The squares that paths from `from` can land on without landing on `blocked`, and every square
/// those paths and `from` can jump to, given each square's jump targets.
#[inline]
pub fn flood<const W: usize>(
    from: usize,
    blocked: Bitboard<W>,
    mut jumps: impl FnMut(usize) -> Bitboard<W>,
) -> (Bitboard<W>, Bitboard<W>) {
    let mut touched = jumps(from);
    let mut region = touched.without(blocked);
    let mut frontier = region;
    while let Some(square) = frontier.first() {
        frontier.remove(square);
        let targets = jumps(square);
        touched |= targets;
        let fresh = targets.without(blocked | region);
        region |= fresh;
        frontier |= fresh;
    }
    (region, touched)
}

/// The turns of the side to move being collected: noted per start square in the scratch table
/// of capture sets, counted, and if `listing`, appended to `moves`.
struct TurnCollector<'a, const W: usize> {
    tables: &'static Tables,
    own: Bitboard<W>,
    enemies: Bitboard<W>,
    moves: &'a mut Vec<ApartMove<W>>,
    listing: bool,
    /// The distinct turns found so far.
    counted: u64,
    scratch: &'a mut Scratch,
    /// The squares whose landings of jumps with every piece of the mover in place (`own`) the
    /// scratch's base table holds: the same for every start square of one generation.
    base_known: Bitboard<W>,
    /// The squares whose jumps change when the current start square's piece leaves: those of
    /// the mover's unbroken runs through it, and the first square past each run's ends.
    stale: Bitboard<W>,
    /// The stale squares whose jump targets the scratch table holds for the current start square.
    known: Bitboard<W>,
    start: usize,
    /// The mover's other pieces: the moving piece has left its start.
    friends: Bitboard<W>,
    /// How often the bound of the current start square pruned a state, and failed to.
    bound_hits: u32,
    bound_misses: u32,
    /// How many states the capture search of the current start square has come to.
    searched: u32,
    /// When the capture search must give up, if ever; then whether it did, and how many states
    /// it has come to in all (the cutoff is checked every `CUTOFF_CHECK_STATES`).
    cutoff: Cutoff<'a>,
    interrupted: bool,
    states: u32,
}

impl<const W: usize> TurnCollector<'_, W> {
    /// Lists the turn ending on `end` with `captured`, unless another path already listed it.
    #[inline]
    fn record(&mut self, end: usize, captured: Bitboard<W>) {
        if self.scratch.capture_sets.insert(captured, end) {
            self.counted += 1;
            if self.listing {
                self.moves.push(ApartMove {
                    start: self.start as u16,
                    end: end as u16,
                    captured,
                });
                self.interrupted |= self.moves.len() >= self.cutoff.max_moves;
            }
        }
    }

    /// The ends of the turns listed for the current start square with `captured`.
    #[inline]
    fn listed_ends(&self, captured: Bitboard<W>) -> Bitboard<W> {
        self.scratch.capture_sets.ends(captured)
    }

    /// The jump targets of `at`: a line length counts only the mover's unbroken run through a
    /// square, so the piece leaving its start changes the jumps of the stale squares alone
    /// (computed once per start square); the others' landings are computed once per generation.
    #[inline]
    fn jumps(&mut self, at: usize) -> Bitboard<W> {
        if !self.stale.contains(at) {
            if !self.base_known.contains(at) {
                let landings = landings(self.tables, self.own, at, 2);
                self.scratch.base_table[at][..W].copy_from_slice(&landings.0);
                self.base_known.insert(at);
            }
            return Bitboard::from_words(&self.scratch.base_table[at]).without(self.friends);
        }
        if self.known.contains(at) {
            return Bitboard::from_words(&self.scratch.jump_table[at]);
        }
        let targets = jump_targets(self.tables, self.friends, at);
        self.scratch.jump_table[at][..W].copy_from_slice(&targets.0);
        self.known.insert(at);
        targets
    }

    /// Makes `start` the current start square: its piece leaves, the others are its friends.
    fn set_start(&mut self, start: usize) {
        self.start = start;
        self.friends = self.own.without(Bitboard::from_square(start));
        self.known = Bitboard::EMPTY;
        self.stale = Bitboard::EMPTY;
        for direction in 0..2 * AXES.len() {
            let mut at = start;
            while let Some(next) = self.tables.landing(at, direction, 1) {
                self.stale.insert(next);
                if !self.friends.contains(next) {
                    break;
                }
                at = next;
            }
        }
    }

    /// Every turn of the piece on `start`, continuation jumps included if `continuation`.
    fn turns_from(&mut self, start: usize, continuation: bool) {
        self.set_start(start);
        self.bound_hits = 0;
        self.bound_misses = 0;
        self.searched = 0;
        self.scratch.seen.forget();
        self.scratch.capture_sets.clear::<W>();
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

    /// The turns of the piece on `start` that capture nothing: its single movements onto empty
    /// squares and, if `continuation`, every empty square its paths through empty squares reach
    /// (the turns that [`Self::turns_from`] lists with an empty captured set).
    fn turns_without_captures(&mut self, start: usize, continuation: bool) {
        self.set_start(start);
        let occupied = self.friends | self.enemies;
        let mut ends = first_landings(self.tables, self.friends, start).without(occupied);
        if continuation {
            ends |= self.free_region(start, Bitboard::from_square(start)).0;
        }
        for end in ends.squares() {
            self.moves.push(ApartMove {
                start: start as u16,
                end: end as u16,
                captured: Bitboard::EMPTY,
            });
        }
    }

    /// The turns going on after a first jump to one of `first_jumps`.
    fn continuations(&mut self, first_jumps: Bitboard<W>) {
        let started = Bitboard::from_square(self.start);
        let reach = self.reach(self.start, started);
        let can_capture = !(reach & self.enemies).is_empty();
        let without_captures = if can_capture {
            self.free_region(self.start, started).0
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
        for end in self.free_region(at, visited).0.squares() {
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
        if self.cut_off() {
            return;
        }
        let reach = self.reach(at, visited);
        if (reach & self.enemies).is_empty()
            || !self.first_visit(at, captured, reach, shortcuts)
            || self.pruned_by_bound(at, visited, captured)
        {
            return;
        }
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

    /// The empty squares not in `visited` that paths from `from` can land on without capturing,
    /// and every square those paths and `from` can jump to (the next capture is among them).
    fn free_region(&mut self, from: usize, visited: Bitboard<W>) -> (Bitboard<W>, Bitboard<W>) {
        let blocked = visited | self.enemies;
        flood(from, blocked, |square| self.jumps(square))
    }

    /// Whether the capture search has reached its cutoff (checked now and then).
    #[inline]
    fn cut_off(&mut self) -> bool {
        if self.cutoff.is_set() && !self.interrupted {
            self.states = self.states.wrapping_add(1);
            self.interrupted =
                self.states.is_multiple_of(CUTOFF_CHECK_STATES) && self.cutoff.reached();
        }
        self.interrupted
    }

    /// [`Self::nothing_new`], tried once the start square has searched `BOUND_WARMUP` states (small
    /// searches would not repay it), then at every state while it prunes often enough and at one
    /// in `BOUND_SPARSELY` otherwise (where it rarely prunes, it would only cost time).
    fn pruned_by_bound(&mut self, at: usize, visited: Bitboard<W>, captured: Bitboard<W>) -> bool {
        self.searched += 1;
        let worth = self.bound_misses < BOUND_TRIAL + BOUND_PAYBACK * self.bound_hits;
        if self.searched <= BOUND_WARMUP
            || !worth && !(self.bound_misses + self.bound_hits).is_multiple_of(BOUND_SPARSELY)
        {
            self.bound_misses += 1;
            return false;
        }
        let pruned = self.nothing_new(at, visited, captured);
        if pruned {
            self.bound_hits += 1;
        } else {
            self.bound_misses += 1;
        }
        pruned
    }

    /// Whether every turn that can follow the piece on `at`, having stood on `visited` and
    /// captured `captured`, and capture again is listed already; on the way, lists some of those
    /// turns found cheaply (see the module doc for the bound and why it holds).
    fn nothing_new(&mut self, at: usize, visited: Bitboard<W>, captured: Bitboard<W>) -> bool {
        let mut layers = Layers::new();
        if !self.layer(at, visited, &mut layers) {
            return false;
        }
        let first = (layers.all_touched() & self.enemies).without(visited);
        let mut enemies = [0; BOUND_ENEMIES];
        let mut alone = [Bitboard::EMPTY; BOUND_ENEMIES];
        let mut ends = [Bitboard::EMPTY; BOUND_ENEMIES];
        let mut next = [Bitboard::EMPTY; BOUND_ENEMIES];
        let mut next_alone = [Bitboard::EMPTY; BOUND_ENEMIES];
        let mut found = first;
        let mut count = 0;
        while let Some(enemy) = found.without(squares_of(&enemies[..count])).first() {
            if count == BOUND_ENEMIES {
                return false;
            }
            let mut blocked = visited;
            blocked.insert(enemy);
            let (region, touched) = self.free_region(enemy, blocked);
            enemies[count] = enemy;
            ends[count] = region | Bitboard::from_square(enemy);
            next[count] = (touched & self.enemies).without(blocked);
            if first.contains(enemy) {
                (alone[count], next_alone[count]) =
                    self.first_capture(&layers, visited, captured, enemy);
            }
            found |= next[count];
            count += 1;
        }
        let enemies = &enemies[..count];
        let firsts = mask_of(enemies.iter().map(|&enemy| first.contains(enemy)));
        let mut before = [0u8; BOUND_ENEMIES];
        let mut second = [0u8; BOUND_ENEMIES];
        for (last, &enemy) in enemies.iter().enumerate() {
            before[last] = mask_of(next[..count].iter().map(|next| next.contains(enemy)));
            second[last] = mask_of(next_alone[..count].iter().map(|next| next.contains(enemy)));
        }
        let mut lasts = [0u8; 1 << BOUND_ENEMIES];
        for set in 1..1usize << count {
            let mut bound = Bitboard::EMPTY;
            let mut all_captured = captured;
            for last in (0..count).filter(|&last| set >> last & 1 != 0) {
                all_captured.insert(enemies[last]);
                let rest = set & !(1 << last);
                let (possible, ends) = match rest.count_ones() {
                    0 => (firsts >> last & 1 != 0, alone[last]),
                    1 => (lasts[rest] & second[last] != 0, ends[last]),
                    _ => (lasts[rest] & before[last] != 0, ends[last]),
                };
                if possible {
                    lasts[set] |= 1 << last;
                    bound |= ends;
                }
            }
            if !bound.without(self.listed_ends(all_captured)).is_empty() {
                return false;
            }
        }
        true
    }

    /// Sorts the empty squares not in `visited` that paths from `at` can land on without
    /// capturing by their distance from `at` (layer 0 holds `at`). False if there are too many
    /// layers.
    fn layer(&mut self, at: usize, visited: Bitboard<W>, layers: &mut Layers<W>) -> bool {
        let blocked = visited | self.enemies;
        let mut layer = Bitboard::from_square(at);
        let mut reached = layer;
        while !layer.is_empty() {
            if layers.count == MAX_LAYERS {
                return false;
            }
            let mut touched = Bitboard::EMPTY;
            for square in layer.squares() {
                touched |= self.jumps(square);
            }
            layers.squares[layers.count] = layer;
            layers.touched[layers.count] = touched;
            layers.count += 1;
            layer = touched.without(blocked | reached);
            reached |= layer;
        }
        true
    }

    /// For an `enemy` that the piece on layer 0 of `layers` can capture next: lists the turns of
    /// one shortest path to it (capturing it, then ending there or on the empty squares reachable
    /// from it), and returns every end that a turn capturing only it next can have: it and the
    /// empty squares reachable from it avoiding `visited` and the squares every path to it
    /// crosses; and the enemies reachable from it the same way (those that can be captured next).
    fn first_capture(
        &mut self,
        layers: &Layers<W>,
        visited: Bitboard<W>,
        captured: Bitboard<W>,
        enemy: usize,
    ) -> (Bitboard<W>, Bitboard<W>) {
        let (path, on_all_shortest) = self.shortest_path(layers, enemy);
        let mut crossed = visited;
        crossed.insert(enemy);
        for square in on_all_shortest.squares() {
            let mut avoided = visited;
            avoided.insert(square);
            if !self.free_region(layers.at(), avoided).1.contains(enemy) {
                crossed.insert(square);
            }
        }
        let mut all_captured = captured;
        all_captured.insert(enemy);
        let listed = self.listed_ends(all_captured);
        let witnessed = self.free_region(enemy, crossed | path).0 | Bitboard::from_square(enemy);
        for end in witnessed.without(listed).squares() {
            self.record(end, all_captured);
        }
        let (region, touched) = self.free_region(enemy, crossed);
        (
            region | Bitboard::from_square(enemy),
            (touched & self.enemies).without(crossed),
        )
    }

    /// The squares strictly between `at` (layer 0) and `target` on one shortest path, and those
    /// on every shortest path.
    fn shortest_path(&mut self, layers: &Layers<W>, target: usize) -> (Bitboard<W>, Bitboard<W>) {
        let distance = layers.touched[..layers.count]
            .iter()
            .position(|touched| touched.contains(target))
            .expect("the target is reachable");
        let mut path = Bitboard::EMPTY;
        let mut on_all = Bitboard::EMPTY;
        let mut onward = Bitboard::from_square(target);
        let mut next = target;
        for layer in layers.squares[1..=distance].iter().rev() {
            let mut before = Bitboard::EMPTY;
            let mut step = None;
            for square in layer.squares() {
                let jumps = self.jumps(square);
                if !(jumps & onward).is_empty() {
                    before.insert(square);
                }
                if step.is_none() && jumps.contains(next) {
                    step = Some(square);
                }
            }
            next = step.expect("a layer's square jumps to the next");
            path.insert(next);
            if before.count() == 1 {
                on_all |= before;
            }
            onward = before;
        }
        (path, on_all)
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

/// How many capture-search states pass between checks of the cutoff (a state costs a few flood
/// fills: microseconds).
const CUTOFF_CHECK_STATES: u32 = 64;
/// The bound is tried at every state of a start square while it has failed fewer than
/// `BOUND_TRIAL` times plus `BOUND_PAYBACK` per success, then at one state in `BOUND_SPARSELY`.
const BOUND_TRIAL: u32 = 64;
/// The bound is not tried in the first `BOUND_WARMUP` states of a start square's search.
const BOUND_WARMUP: u32 = 32;
const BOUND_PAYBACK: u32 = 4;
const BOUND_SPARSELY: u32 = 16;
/// The most layers [`Layers`] holds; a search state with more is searched without the bound.
const MAX_LAYERS: usize = 64;

/// The empty squares reachable from a square, by distance: layer 0 holds the square itself.
struct Layers<const W: usize> {
    squares: [Bitboard<W>; MAX_LAYERS],
    /// Every square the squares of the layer can jump to.
    touched: [Bitboard<W>; MAX_LAYERS],
    count: usize,
}

impl<const W: usize> Layers<W> {
    fn new() -> Self {
        Layers {
            squares: [Bitboard::EMPTY; MAX_LAYERS],
            touched: [Bitboard::EMPTY; MAX_LAYERS],
            count: 0,
        }
    }

    /// The square of layer 0.
    fn at(&self) -> usize {
        self.squares[0].first().expect("layer 0 holds the square")
    }

    /// Every square the layers can jump to.
    fn all_touched(&self) -> Bitboard<W> {
        self.touched[..self.count]
            .iter()
            .fold(Bitboard::EMPTY, |all, &touched| all | touched)
    }
}

/// The set of `squares`.
fn squares_of<const W: usize>(squares: &[usize]) -> Bitboard<W> {
    squares.iter().fold(Bitboard::EMPTY, |mut set, &square| {
        set.insert(square);
        set
    })
}

/// The mask with bit `i` set where `flags` yields true at position `i`.
fn mask_of(flags: impl Iterator<Item = bool>) -> u8 {
    flags
        .enumerate()
        .fold(0, |mask, (i, flag)| mask | (flag as u8) << i)
}

/// Which turns [`generate`] lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turns {
    All,
    /// The turns that capture nothing: one flood fill per piece.
    WithoutCaptures,
    /// The turns that capture: the capture search.
    WithCaptures,
}

/// Appends the turns of the side to move that `which` asks for (never the pass). With a
/// `cutoff`, the capture search gives up when it is reached, and the answer is false: the turns
/// listed are legal, but not all of them.
pub fn generate<const W: usize>(
    position: &Apart<W>,
    which: Turns,
    moves: &mut Vec<ApartMove<W>>,
    cutoff: Cutoff,
) -> bool {
    let own = position.pieces(position.side);
    collect(position, which, own, Some(moves), cutoff).0
}

/// Appends the turns of the piece of the side to move on `start`, stopping once `moves` holds
/// `max_moves`: false then (the turns appended are legal, but not all of them).
pub fn generate_from<const W: usize>(
    position: &Apart<W>,
    start: usize,
    moves: &mut Vec<ApartMove<W>>,
    max_moves: usize,
) -> bool {
    let starts = Bitboard::from_square(start);
    let cutoff = Cutoff {
        max_moves,
        ..Cutoff::NEVER
    };
    collect(position, Turns::All, starts, Some(moves), cutoff).0
}

/// The number of turns of the side to move (the pass not included), found as [`generate`]
/// finds them but never listed: memory stays that of one start square's capture sets, however
/// many turns there are.
pub fn count<const W: usize>(position: &Apart<W>) -> u64 {
    let own = position.pieces(position.side);
    collect(position, Turns::All, own, None, Cutoff::NEVER).1
}

/// What [`generate`] and [`count`] share: the turns of the pieces on `starts`; whether the
/// search ran to its end, and the number of turns found (appended to `moves` if given;
/// `WithoutCaptures` needs them).
fn collect<const W: usize>(
    position: &Apart<W>,
    which: Turns,
    starts: Bitboard<W>,
    moves: Option<&mut Vec<ApartMove<W>>>,
    cutoff: Cutoff,
) -> (bool, u64) {
    let own = position.pieces(position.side);
    let continuation = !position.is_first_turn();
    let listing = moves.is_some();
    let mut unlisted = Vec::new();
    let moves = moves.unwrap_or(&mut unlisted);
    with_scratch(|scratch| {
        let mut collector = TurnCollector {
            tables: position.tables,
            own,
            enemies: position.pieces(position.side.opponent()),
            moves,
            listing,
            counted: 0,
            scratch,
            base_known: Bitboard::EMPTY,
            stale: Bitboard::EMPTY,
            known: Bitboard::EMPTY,
            start: 0,
            friends: own,
            bound_hits: 0,
            bound_misses: 0,
            searched: 0,
            cutoff,
            interrupted: false,
            states: 0,
        };
        for start in (own & starts).squares() {
            if collector.interrupted {
                break;
            }
            match which {
                Turns::All => collector.turns_from(start, continuation),
                Turns::WithoutCaptures => collector.turns_without_captures(start, continuation),
                Turns::WithCaptures => {
                    let before = collector.moves.len();
                    collector.turns_from(start, continuation);
                    let mut kept = before;
                    for index in before..collector.moves.len() {
                        if !collector.moves[index].captured.is_empty() {
                            collector.moves[kept] = collector.moves[index];
                            kept += 1;
                        }
                    }
                    collector.moves.truncate(kept);
                }
            }
        }
        (!collector.interrupted, collector.counted)
    })
}

/// Where the piece of the side to move on `start` lands in a turn of one leg (a single step or
/// one jump), found without the capture search: at most one square a direction. Whether the game
/// is over is the caller's to check.
pub fn one_leg_targets<const W: usize>(position: &Apart<W>, start: usize) -> Vec<usize> {
    let own = position.pieces(position.side);
    if !own.contains(start) {
        return Vec::new();
    }
    let tables = position.tables;
    let mut targets = Vec::new();
    for axis in 0..AXES.len() {
        let length = tables.line_length(own, start, axis);
        for direction in [2 * axis, 2 * axis + 1] {
            if let Some(to) = tables.landing(start, direction, length)
                && !own.contains(to)
            {
                targets.push(to);
            }
        }
    }
    targets
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
