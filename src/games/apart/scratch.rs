//! Scratch space for Apart move generation, one per thread and reused by every generation, so
//! that generating moves allocates nothing: jump targets per square, the capture search's memory
//! of states, and the turns listed for one start square grouped by capture set.

use super::ApartMove;
use crate::board::bitboard::{Bitboard, MAX_WORDS};
use crate::board::geometry::MAX_SIDE;
use std::cell::RefCell;

/// The number of states the capture search remembers.
const SEEN_SLOTS: usize = 1 << 16;
/// The number of slots the table of capture sets starts with; it doubles whenever half its
/// slots are taken (so that probes stay short), and keeps its size for later generations.
const SET_SLOTS: usize = 1 << 12;

/// The scratch space of one thread.
pub struct Scratch {
    /// The jump targets of each square for the current start square, `MAX_WORDS` words each.
    pub jump_table: Vec<[u64; MAX_WORDS]>,
    pub seen: SeenStates,
    pub capture_sets: CaptureSets,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        jump_table: vec![[0; MAX_WORDS]; MAX_SIDE * MAX_SIDE],
        seen: SeenStates {
            slots: vec![0; SEEN_SLOTS],
            epoch: 0,
        },
        capture_sets: CaptureSets {
            slots: vec![(0, 0); SET_SLOTS],
            ends: vec![[0; MAX_WORDS]; SET_SLOTS],
            stamp: 0,
            taken: 0,
        },
    });
}

/// Runs `work` with this thread's scratch space.
pub fn with_scratch<R>(work: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with_borrow_mut(work)
}

/// Mixes `words` into `digest`, each through the SplitMix64 finaliser, whose shifts spread every
/// input bit over the whole word (multiplication alone would only carry differences upwards, and
/// bitboards differing in one bit per word would collide).
pub fn mix(digest: u64, words: &[u64]) -> u64 {
    words.iter().fold(digest, |digest, &word| {
        let mut z = digest ^ word;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

/// States of the capture search already searched, remembered by a 64-bit digest in a table that
/// forgets on collision (then a state is searched again, which costs time but loses nothing).
pub struct SeenStates {
    slots: Vec<u64>,
    /// Mixed into the digests and changed for every start square, so older entries never match.
    epoch: u64,
}

impl SeenStates {
    /// Forgets every state (by changing the epoch).
    pub fn forget(&mut self) {
        self.epoch = self.epoch.wrapping_add(0xD1B5_4A32_D192_ED03);
    }

    /// Whether the state described by `at` and `parts` is new; remembers it.
    pub fn first_visit<const W: usize>(&mut self, at: usize, parts: [Bitboard<W>; 3]) -> bool {
        let mut digest = mix(self.epoch, &[at as u64]);
        for part in parts {
            digest = mix(digest, &part.0);
        }
        let digest = digest | 1;
        let slot = &mut self.slots[(digest >> 40) as usize % SEEN_SLOTS];
        let fresh = *slot != digest;
        *slot = digest;
        fresh
    }
}

/// The turns listed for one start square, grouped by capture set: per set, the end squares.
/// A hash table with open addressing whose slots hold the position in the turn list of one turn
/// with the set (to compare sets exactly) and the ends listed with it.
pub struct CaptureSets {
    /// (stamp, position in the list) per slot; slots of an older stamp are empty.
    slots: Vec<(u32, u32)>,
    /// The ends listed with the capture set of each slot, `MAX_WORDS` words each.
    ends: Vec<[u64; MAX_WORDS]>,
    stamp: u32,
    /// How many slots of the current stamp are taken.
    taken: usize,
}

impl CaptureSets {
    /// Empties the table for a new start square.
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
        self.taken = 0;
    }

    /// The slot of `captured`: taken by it, or the empty slot where it belongs.
    fn slot_of<const W: usize>(&self, turns: &[ApartMove<W>], captured: Bitboard<W>) -> usize {
        let size = self.slots.len();
        let mut slot = (mix(0, &captured.0) >> 32) as usize % size;
        while self.slots[slot].0 == self.stamp
            && turns[self.slots[slot].1 as usize].captured != captured
        {
            slot = (slot + 1) % size;
        }
        slot
    }

    /// Doubles the number of slots, moving the taken ones over.
    fn grow<const W: usize>(&mut self, turns: &[ApartMove<W>]) {
        let size = 2 * self.slots.len();
        let slots = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        let ends = std::mem::replace(&mut self.ends, vec![[0; MAX_WORDS]; size]);
        for (&(stamp, turn), ends) in slots.iter().zip(ends) {
            if stamp == self.stamp {
                let slot = self.slot_of(turns, turns[turn as usize].captured);
                self.slots[slot] = (stamp, turn);
                self.ends[slot] = ends;
            }
        }
    }

    /// The ends of the turns with `captured` listed in `turns`.
    pub fn ends<const W: usize>(
        &self,
        turns: &[ApartMove<W>],
        captured: Bitboard<W>,
    ) -> Bitboard<W> {
        let slot = self.slot_of(turns, captured);
        if self.slots[slot].0 == self.stamp {
            Bitboard::from_words(&self.ends[slot])
        } else {
            Bitboard::EMPTY
        }
    }

    /// Notes the turn with `captured` and `end` that would be listed at the end of `turns`:
    /// true if it is new, false if a turn with the same capture set and end is listed already.
    pub fn insert<const W: usize>(
        &mut self,
        turns: &[ApartMove<W>],
        captured: Bitboard<W>,
        end: usize,
    ) -> bool {
        let mut slot = self.slot_of(turns, captured);
        let mut ends = if self.slots[slot].0 == self.stamp {
            Bitboard::<W>::from_words(&self.ends[slot])
        } else {
            if 2 * (self.taken + 1) > self.slots.len() {
                self.grow(turns);
                slot = self.slot_of(turns, captured);
            }
            self.slots[slot] = (self.stamp, turns.len() as u32);
            self.taken += 1;
            Bitboard::EMPTY
        };
        if ends.contains(end) {
            return false;
        }
        ends.insert(end);
        self.ends[slot][..W].copy_from_slice(&ends.0);
        true
    }
}
