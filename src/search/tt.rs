//! The transposition table: a fixed array of lock-free entries shared by every search thread.
//!
//! Each entry is two atomic words: the position's key XOR its data, and the data (move tag, score,
//! depth, bound, generation). A torn write from another thread makes the XOR check fail, so a
//! probe never returns another position's data. An entry of zeros is empty, so a table is
//! allocated zeroed (bytemuck asks the allocator for zeroed memory, which the system gives as
//! untouched pages): a large Hash costs only the memory the search touches, not seconds of
//! writing zeros.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

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

/// An entry: `[key XOR data, data]`.
type Entry = [AtomicU64; 2];
const KEYED: usize = 0;
const DATA: usize = 1;

/// The shared table.
pub struct TranspositionTable {
    entries: Box<[Entry]>,
    generation: AtomicU8,
    /// Whether anything was stored since the table was made or cleared.
    used: AtomicBool,
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
            used: AtomicBool::new(false),
        })
    }

    fn entry_count(megabytes: usize) -> usize {
        (megabytes.saturating_mul(1024 * 1024) / ENTRY_BYTES).max(1)
    }

    fn entry(&self, key: u64) -> &Entry {
        let index = ((key as u128 * self.entries.len() as u128) >> 64) as usize;
        &self.entries[index]
    }

    /// Empties the table (at no cost if nothing was stored since it was made or cleared).
    pub fn clear(&self) {
        if self.used.swap(false, Ordering::Relaxed) {
            for entry in self.entries.iter() {
                entry[KEYED].store(0, Ordering::Relaxed);
                entry[DATA].store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
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
        let entry = self.entry(key);
        let data = entry[DATA].load(Ordering::Relaxed);
        if entry[KEYED].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data).map(|(hit, _)| hit)
    }

    /// Stores a search result for `key`, unless the slot holds something more valuable.
    pub fn store(&self, key: u64, move_tag: u32, score: i32, depth: u32, bound: Bound) {
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
        let entry = self.entry(key);
        let old_data = entry[DATA].load(Ordering::Relaxed);
        let same_position = entry[KEYED].load(Ordering::Relaxed) ^ old_data == key;
        if let Some((old, old_generation)) = unpack(old_data) {
            let current = old_generation == self.generation();
            if current && bound != Bound::Exact && old.depth > depth + 2 {
                return;
            }
            if same_position && move_tag == 0 && old.move_tag != 0 {
                let data = pack(old.move_tag, score, depth, bound, self.generation());
                entry[DATA].store(data, Ordering::Relaxed);
                entry[KEYED].store(key ^ data, Ordering::Relaxed);
                return;
            }
        }
        let data = pack(move_tag, score, depth, bound, self.generation());
        entry[DATA].store(data, Ordering::Relaxed);
        entry[KEYED].store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let current = self.generation();
        let used = self.entries[..sample]
            .iter()
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
}
