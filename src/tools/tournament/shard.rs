//! Shards: a match cut into N disjoint slices of whole opening pairs (`--shard K/N`), so that
//! N processes on N machines play every game of the match exactly once between them.

/// Shard `index` of `count` (numbered from 1). Opening pair `p` of the match (games `2p + 1` and
/// `2p + 2`) belongs to the shard with `p mod count = index - 1`, so every shard plays every
/// N-th pair from all over the opening list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// More shards than any cluster runs: a typo, not a plan.
pub const MAX_SHARDS: usize = 100_000;

impl Shard {
    /// The whole match as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The shard `--shard` names (parsed as `parse` does), or the whole run where it is not given.
    pub fn from_option(text: Option<&str>) -> Result<Shard, String> {
        text.map_or(Ok(Shard::WHOLE), Shard::parse)
    }

    /// Parses `K/N` with 1 <= K <= N <= MAX_SHARDS.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = |why: String| format!("bad shard '{text}': {why}");
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| bad("write K/N, e.g. 2/4 for the second of four".to_string()))?;
        let number = |part: &str, what: &str| {
            part.parse::<usize>()
                .map_err(|_| bad(format!("'{part}' is not a {what}")))
        };
        let (index, count) = (
            number(index, "shard number")?,
            number(count, "shard count")?,
        );
        if count == 0 || count > MAX_SHARDS {
            return Err(bad(format!("the count must be 1 to {MAX_SHARDS}")));
        }
        if index == 0 || index > count {
            return Err(bad(format!("shards are numbered 1 to {count}")));
        }
        Ok(Shard { index, count })
    }

    /// Whether opening pair `pair` (from 0) is this shard's.
    pub fn holds(&self, pair: usize) -> bool {
        pair % self.count == self.index - 1
    }

    /// The number of the match's `pairs` opening pairs that are this shard's.
    pub fn pairs_of(&self, pairs: usize) -> usize {
        pairs / self.count + usize::from(self.index - 1 < pairs % self.count)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::assert_refusals;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        assert_refusals(
            Shard::parse,
            &[
                ("5/4", "numbered 1 to 4"),
                ("0/4", "numbered 1 to 4"),
                ("a/b", "'a' is not a shard number"),
                ("2/x", "'x' is not a shard count"),
                ("3", "K/N"),
                ("1/0", "count"),
                ("-1/4", "'-1'"),
                ("1/1000000", "count"),
            ],
        );
    }

    #[test]
    fn every_pair_belongs_to_exactly_one_shard() {
        for count in 1..=5 {
            for pair in 0..23 {
                let owners = (1..=count)
                    .filter(|&index| Shard { index, count }.holds(pair))
                    .count();
                assert_eq!(owners, 1, "pair {pair} of {count} shards");
            }
            let total: usize = (1..=count)
                .map(|index| Shard { index, count }.pairs_of(23))
                .sum();
            assert_eq!(total, 23);
        }
    }
}
