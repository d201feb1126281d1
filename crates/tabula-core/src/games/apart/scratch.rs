//! Scratch space for Apart move generation, one per thread and reused by every generation, so
//! that generating moves allocates nothing: jump targets per square, the capture search's memory
//! of states, and the turns listed for one start square grouped by capture set.

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
    /// The landings of each square's jumps with all the mover's pieces in place, for the
    /// current generation.
    pub base_table: Vec<[u64; MAX_WORDS]>,
    pub seen: SeenStates,
    pub capture_sets: CaptureSets,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        jump_table: vec![[0; MAX_WORDS]; MAX_SIDE * MAX_SIDE],
        base_table: vec![[0; MAX_WORDS]; MAX_SIDE * MAX_SIDE],
        seen: SeenStates {
            slots: vec![0; SEEN_SLOTS],
            epoch: 0,
        },
        capture_sets: CaptureSets::new(),
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

/// No index (of a state, walk or turn), or an empty slot of a table that [`slot`] probes.
pub const NONE: u32 = u32::MAX;

/// The slot of the key (`end`, `captured`) in `slots`, a hash table with open addressing of
/// indices (`NONE` in an empty slot, its length a power of two) whose keys `key_of` reads from
/// what they index: the slot holding it, or the empty one where it goes.
#[inline]
pub fn slot<const W: usize>(
    slots: &[u32],
    end: usize,
    captured: Bitboard<W>,
    key_of: impl Fn(u32) -> (usize, Bitboard<W>),
) -> usize {
    let mask = slots.len() - 1;
    let mut slot = mix(end as u64, &captured.0) as usize & mask;
    while slots[slot] != NONE && key_of(slots[slot]) != (end, captured) {
        slot = (slot + 1) & mask;
    }
    slot
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
/// A hash table with open addressing; a slot is `1 + 2W` words: its stamp (slots of an older
/// stamp are empty), the capture set and the ends listed with it. Holding the set itself lets
/// the table count turns that are never listed (perft) and keeps a probe to one place in memory.
pub struct CaptureSets {
    words: Vec<u64>,
    /// The words of a slot for the current bitboard width.
    stride: usize,
    stamp: u64,
    /// How many slots of the current stamp are taken.
    taken: usize,
}

impl CaptureSets {
    /// An empty table.
    fn new() -> Self {
        CaptureSets {
            words: Vec::new(),
            stride: 0,
            stamp: 0,
            taken: 0,
        }
    }

    /// Empties the table for a new start square of a board `W` words wide.
    pub fn clear<const W: usize>(&mut self) {
        let stride = 1 + 2 * W;
        self.stamp += 1;
        if stride != self.stride {
            self.stride = stride;
            self.words = vec![0; SET_SLOTS * stride];
            self.stamp = 1;
        }
        self.taken = 0;
    }

    #[inline]
    fn slots(&self) -> usize {
        self.words.len() / self.stride
    }

    /// The slot of `captured`: taken by it, or the empty slot where it belongs.
    #[inline]
    fn slot_of<const W: usize>(&self, captured: Bitboard<W>) -> usize {
        let size = self.slots();
        let mut slot = (mix(0, &captured.0) >> 32) as usize % size;
        loop {
            let entry = &self.words[slot * self.stride..][..1 + W];
            if entry[0] != self.stamp || entry[1..].iter().eq(captured.0.iter()) {
                return slot;
            }
            slot = (slot + 1) % size;
        }
    }

    /// Doubles the number of slots, moving the taken ones over.
    fn grow<const W: usize>(&mut self) {
        let doubled = vec![0; 2 * self.words.len()];
        let old = std::mem::replace(&mut self.words, doubled);
        for entry in old.chunks_exact(self.stride) {
            if entry[0] == self.stamp {
                let slot = self.slot_of(Bitboard::<W>::from_words(&entry[1..]));
                let at = slot * self.stride;
                self.words[at..at + self.stride].copy_from_slice(entry);
            }
        }
    }

    /// The ends of the turns listed with `captured`.
    #[inline]
    pub fn ends<const W: usize>(&self, captured: Bitboard<W>) -> Bitboard<W> {
        let at = self.slot_of(captured) * self.stride;
        if self.words[at] == self.stamp {
            Bitboard::from_words(&self.words[at + 1 + W..])
        } else {
            Bitboard::EMPTY
        }
    }

    /// Notes the turn with `captured` and `end`: true if it is new, false if a turn with the
    /// same capture set and end is noted already.
    #[inline]
    pub fn insert<const W: usize>(&mut self, captured: Bitboard<W>, end: usize) -> bool {
        let mut at = self.slot_of(captured) * self.stride;
        if self.words[at] != self.stamp {
            if 2 * (self.taken + 1) > self.slots() {
                self.grow::<W>();
                at = self.slot_of(captured) * self.stride;
            }
            self.words[at] = self.stamp;
            self.words[at + 1..at + 1 + W].copy_from_slice(&captured.0);
            self.words[at + 1 + W..at + 1 + 2 * W].fill(0);
            self.taken += 1;
        }
        let mut ends = Bitboard::<W>::from_words(&self.words[at + 1 + W..]);
        if ends.contains(end) {
            return false;
        }
        ends.insert(end);
        self.words[at + 1 + W..at + 1 + 2 * W].copy_from_slice(&ends.0);
        true
    }
}
