//! The solver's transposition table: each node's key and whether the mover wins, in buckets of
//! two, one kept for the node that took the most work to solve and one always replaced.

/// An entry: the key's high 56 bits, the work (log2 of the nodes its proof took) in bits 1-7,
/// and the result in bit 0. Zero is an empty entry (a stored entry's work is at least 1).
type Entry = u64;

const KEY_BITS: u64 = !0xFF;

/// A fixed-size table of solved nodes.
pub struct Table {
    buckets: Box<[[Entry; 2]]>,
}

/// How many buckets of `bucket_bytes` fill `megabytes` (at least one).
pub fn bucket_count(megabytes: usize, bucket_bytes: usize) -> usize {
    (megabytes.saturating_mul(1 << 20) / bucket_bytes).max(1)
}

/// The error of a table of `megabytes` the machine cannot give.
pub fn too_large(megabytes: usize) -> String {
    format!("cannot allocate a {megabytes} MB solver table (--hash)")
}

impl Table {
    /// A table of `megabytes` (at least one bucket), or an error if the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<Table, String> {
        let count = bucket_count(megabytes, std::mem::size_of::<[Entry; 2]>());
        let buckets = bytemuck::try_zeroed_slice_box(count).map_err(|()| too_large(megabytes))?;
        Ok(Table { buckets })
    }

    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Whether the mover wins the node of `key`, if it is in the table.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<bool> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|&&entry| entry != 0 && entry & KEY_BITS == key & KEY_BITS)
            .map(|&entry| entry & 1 == 1)
    }

    /// Keeps the result of the node of `key`, which took `nodes` nodes to solve.
    pub fn store(&mut self, key: u64, wins: bool, nodes: u64) {
        let work = u64::from(64 - nodes.leading_zeros()).min(127);
        let entry = key & KEY_BITS | work << 1 | u64::from(wins);
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let kept_work = bucket[0] >> 1 & 0x7F;
        if bucket[0] == 0 || work >= kept_work {
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}
