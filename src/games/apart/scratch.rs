//! Scratch space for Apart move generation, one per thread and reused by every generation, so
//! that generating moves allocates nothing: jump targets per square, the capture search's memory
//! of states, and an index of the turns listed for one start square.

use super::ApartMove;
use crate::bitboard::{Bitboard, MAX_WORDS};
use crate::geometry::MAX_SIDE;
use std::cell::RefCell;

/// The number of states the capture search remembers.
const SEEN_SLOTS: usize = 1 << 16;
/// The number of slots of the turn index; a start square may list at most half as many turns.
const INDEX_SLOTS: usize = 1 << 17;
/// The most turns one start square may list.
pub const MAX_TURNS_PER_START: usize = INDEX_SLOTS / 2;

/// The scratch space of one thread.
pub struct Scratch {
    /// The jump targets of each square for the current start square, `MAX_WORDS` words each.
    pub jump_table: Vec<[u64; MAX_WORDS]>,
    pub seen: SeenStates,
    pub turn_index: TurnIndex,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        jump_table: vec![[0; MAX_WORDS]; MAX_SIDE * MAX_SIDE],
        seen: SeenStates {
            slots: vec![0; SEEN_SLOTS],
            epoch: 0,
        },
        turn_index: TurnIndex {
            slots: vec![(0, 0); INDEX_SLOTS],
            stamp: 0,
            indexed: 0,
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

/// A hash index of the turns listed for one start square (the same start in all of them), for
/// finding a duplicate without looking through a long list.
pub struct TurnIndex {
    /// (stamp, position in the list) per slot; slots of an older stamp are empty.
    slots: Vec<(u32, u32)>,
    stamp: u32,
    /// How many turns of the list are indexed.
    indexed: usize,
}

impl TurnIndex {
    /// Empties the index for a new list.
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
        self.indexed = 0;
    }

    fn slot_of<const W: usize>(turn: &ApartMove<W>) -> usize {
        let digest = mix(turn.end as u64, &turn.captured.0);
        (digest >> 32) as usize % INDEX_SLOTS
    }

    /// Whether `turns` (at most `MAX_TURNS_PER_START` of them) holds `candidate`; indexes first
    /// the turns added to the list since the last call.
    pub fn contains<const W: usize>(
        &mut self,
        turns: &[ApartMove<W>],
        candidate: &ApartMove<W>,
    ) -> bool {
        while self.indexed < turns.len() {
            let mut slot = Self::slot_of(&turns[self.indexed]);
            while self.slots[slot].0 == self.stamp {
                slot = (slot + 1) % INDEX_SLOTS;
            }
            self.slots[slot] = (self.stamp, self.indexed as u32);
            self.indexed += 1;
        }
        let mut slot = Self::slot_of(candidate);
        while self.slots[slot].0 == self.stamp {
            if turns[self.slots[slot].1 as usize] == *candidate {
                return true;
            }
            slot = (slot + 1) % INDEX_SLOTS;
        }
        false
    }
}
