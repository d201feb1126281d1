//! The transposition table: a fixed array of lock-free entries shared by every search thread.
//!
//! Each entry is two atomic words: a check word and the data (move tag, score, depth, bound,
//! generation). The check word holds the table's epoch (high 32 bits) and a 32-bit fold of the
//! position's key XOR its data (low 32 bits). A torn write from another thread makes the check
//! fail, so a probe never returns another position's data.
//!
//! An entry of zeros is empty, so a table is allocated zeroed (bytemuck asks the allocator for
//! zeroed memory, which the system gives as untouched pages): a large Hash costs only the memory
//! the search touches, not seconds of writing zeros. Clearing costs nothing either: it moves the
//! table to a new epoch, and an entry of an older epoch counts as empty. Only when the 32-bit
//! epoch wraps round (after four billion clears) is the table written through.

use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub move_tag: u32,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// An entry: `[epoch << 32 | fold(key XOR data), data]`.
type Entry = [AtomicU64; 2];
const KEYED: usize = 0;
const DATA: usize = 1;

/// The shared table.
pub struct TranspositionTable {
    entries: Box<[Entry]>,
    generation: AtomicU8,
    /// Entries written before the last clear belong to an older epoch and count as empty.
    epoch: AtomicU32,
}

/// The check word of an entry holding `data` for `key` in `epoch`.
fn check_word(key: u64, data: u64, epoch: u32) -> u64 {
    let mixed = key ^ data;
    ((epoch as u64) << 32) | ((mixed ^ (mixed >> 32)) & 0xFFFF_FFFF)
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

fn pack(tag: u32, score: i32, depth: u32, bound: Bound, generation: u8) -> u64 {
    let bound_bits = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    tag as u64
        | ((score as i16 as u16 as u64) << 32)
        | ((depth.min(255) as u64) << 48)
        | (bound_bits << 56)
        | (((generation & 0x3F) as u64) << 58)
}

fn unpack(data: u64) -> Option<(TtHit, u8)> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let hit = TtHit {
        move_tag: data as u32,
        score: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 0xFF) as u32,
        bound,
    };
    Some((hit, (data >> 58) as u8))
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one entry), for sizes the program chooses;
    /// a size that comes from outside goes through [`Self::try_new`].
    pub fn new(megabytes: usize) -> Self {
        Self::try_new(megabytes).unwrap_or_else(|problem| panic!("{problem}"))
    }

    /// A table of about `megabytes` MB, or an error if the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<Self, String> {
        let entries = bytemuck::try_zeroed_slice_box::<Entry>(Self::entry_count(megabytes))
            .map_err(|()| format!("cannot allocate a {megabytes} MB hash table"))?;
        Ok(TranspositionTable {
            entries,
            generation: AtomicU8::new(0),
            epoch: AtomicU32::new(1),
        })
    }

    fn entry_count(megabytes: usize) -> usize {
        (megabytes.saturating_mul(1024 * 1024) / ENTRY_BYTES).max(1)
    }

    fn entry(&self, key: u64) -> &Entry {
        let index = ((key as u128 * self.entries.len() as u128) >> 64) as usize;
        &self.entries[index]
    }

    /// Empties the table at no cost: every entry stored so far is of an older epoch now, which
    /// a probe or a store takes for an empty slot. Only when the epoch wraps round (after 2^32
    /// clears) is the table written through, so that no entry of a reused epoch survives.
    pub fn clear(&self) {
        let next = self.epoch.load(Ordering::Relaxed).wrapping_add(1);
        if next == 0 {
            for entry in self.entries.iter() {
                entry[KEYED].store(0, Ordering::Relaxed);
                entry[DATA].store(0, Ordering::Relaxed);
            }
            self.epoch.store(1, Ordering::Relaxed);
        } else {
            self.epoch.store(next, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    fn epoch(&self) -> u32 {
        self.epoch.load(Ordering::Relaxed)
    }

    /// The data of `entry` if it was written in the current epoch (else it counts as empty),
    /// and whether it is `key`'s.
    fn current_data(&self, entry: &Entry, key: u64) -> Option<(u64, bool)> {
        let data = entry[DATA].load(Ordering::Relaxed);
        let check = entry[KEYED].load(Ordering::Relaxed);
        let epoch = self.epoch();
        if (check >> 32) as u32 != epoch {
            return None;
        }
        Some((data, check == check_word(key, data, epoch)))
    }

    /// Starts a new search: entries from older searches become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & 0x3F
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        match self.current_data(self.entry(key), key) {
            Some((data, true)) => unpack(data).map(|(hit, _)| hit),
            _ => None,
        }
    }

    /// Stores a search result for `key`, unless the slot holds something more valuable.
    pub fn store(&self, key: u64, move_tag: u32, score: i32, depth: u32, bound: Bound) {
        let entry = self.entry(key);
        let epoch = self.epoch();
        let (old_data, same_position) = self.current_data(entry, key).unwrap_or((0, false));
        if let Some((old, old_generation)) = unpack(old_data) {
            let current = old_generation == self.generation();
            if current && bound != Bound::Exact && old.depth > depth + 2 {
                return;
            }
            if same_position && move_tag == 0 && old.move_tag != 0 {
                let data = pack(old.move_tag, score, depth, bound, self.generation());
                entry[DATA].store(data, Ordering::Relaxed);
                entry[KEYED].store(check_word(key, data, epoch), Ordering::Relaxed);
                return;
            }
        }
        let data = pack(move_tag, score, depth, bound, self.generation());
        entry[DATA].store(data, Ordering::Relaxed);
        entry[KEYED].store(check_word(key, data, epoch), Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let current = self.generation();
        let epoch = self.epoch();
        let used = self.entries[..sample]
            .iter()
            .filter(|e| (e[KEYED].load(Ordering::Relaxed) >> 32) as u32 == epoch)
            .filter_map(|e| unpack(e[DATA].load(Ordering::Relaxed)))
            .filter(|&(_, generation)| generation == current)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_round_trip() {
        let table = TranspositionTable::new(1);
        table.store(0xDEAD_BEEF, 77, -1234, 9, Bound::Lower);
        let hit = table.probe(0xDEAD_BEEF).expect("stored entry");
        assert_eq!(
            (hit.move_tag, hit.score, hit.depth, hit.bound),
            (77, -1234, 9, Bound::Lower)
        );
        assert!(table.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn clear_empties_and_hashfull_counts() {
        let table = TranspositionTable::new(1);
        assert_eq!(table.hashfull(), 0);
        for key in 0..100_000u64 {
            table.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                1,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(table.hashfull() > 0);
        table.clear();
        assert_eq!(table.hashfull(), 0);
    }

    #[test]
    fn a_cleared_table_behaves_as_an_empty_one() {
        let table = TranspositionTable::new(1);
        let keys: Vec<u64> = (1..5000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &key in &keys {
            table.store(key, 5, 100, 40, Bound::Exact);
        }
        table.clear();
        for &key in &keys {
            assert!(table.probe(key).is_none());
            // A deep entry from before the clear does not keep a shallow one out.
            table.store(key, 6, 7, 1, Bound::Upper);
            let hit = table.probe(key).expect("stored after the clear");
            assert_eq!((hit.move_tag, hit.score, hit.depth), (6, 7, 1));
        }
    }

    #[test]
    fn an_epoch_that_wraps_round_empties_the_table() {
        let table = TranspositionTable::new(1);
        table.store(42, 5, 100, 4, Bound::Exact);
        table.epoch.store(u32::MAX, Ordering::Relaxed);
        table.store(43, 5, 100, 4, Bound::Exact);
        table.clear();
        assert_eq!(table.epoch(), 1);
        assert!(table.probe(42).is_none());
        assert!(table.probe(43).is_none());
    }
}
