//! `tabula match merge`: adds up the result files of a match's shards exactly and prints the
//! summary the match would have printed played whole, saying which shards are missing or
//! unfinished (then the merge is partial, which the caller turns into its exit code). Shards of
//! different setups, one shard twice, or a file that is not a sound result stop the merge with
//! an error naming the file; nothing is written then. `tabula match ratings` reads the same
//! files and rates the pool, pinned where the caller says.

use super::ratings::{Anchor, rate_near, ratings_text};
use super::result_file::{ResultFile, find_result_files};
use super::setup::{Digest, MatchSetup, pairings};
use super::standings::MatchCounts;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The sum of a match's shards found.
pub struct Merged {
    pub setup: MatchSetup,
    pub counts: MatchCounts,
    /// The result file of each shard found, by shard number.
    pub shards: BTreeMap<usize, (PathBuf, ResultFile)>,
}

/// Reads the result files under `paths` and adds them up.
pub fn merge_results(paths: &[PathBuf]) -> Result<Merged, String> {
    let results = find_result_files(paths)?
        .into_iter()
        .map(|path| ResultFile::read(&path).map(|result| (path, result)))
        .collect::<Result<Vec<_>, String>>()?;
    let Some((first_path, first)) = results.first() else {
        return Err("no result files to merge".to_string());
    };
    let (first_path, fingerprint, setup) = (
        first_path.clone(),
        first.fingerprint.clone(),
        first.setup.clone(),
    );
    let mut counts = MatchCounts::new(
        &pairings(setup.engines.len(), setup.gauntlet),
        setup.engines.len(),
    );
    let mut shards: BTreeMap<usize, (PathBuf, ResultFile)> = BTreeMap::new();
    for (path, result) in results {
        if result.fingerprint != fingerprint {
            return Err(format!(
                "'{}' is a shard of another match than '{}' (they differ in: {})",
                path.display(),
                first_path.display(),
                setup.differences(&result.setup).join(", ")
            ));
        }
        if let Some((earlier, _)) = shards.get(&result.shard) {
            return Err(format!(
                "'{}' and '{}' are both shard {} of {}",
                earlier.display(),
                path.display(),
                result.shard,
                setup.shards
            ));
        }
        counts
            .add(&result.counts)
            .map_err(|why| format!("'{}': {why}", path.display()))?;
        shards.insert(result.shard, (path, result));
    }
    Ok(Merged {
        setup,
        counts,
        shards,
    })
}

/// "2", "2 and 4", "2, 3 and 4": a list of shard numbers in words, the first ten at most.
fn listed(numbers: &[usize]) -> String {
    let mut words: Vec<String> = numbers.iter().take(10).map(usize::to_string).collect();
    if numbers.len() > 10 {
        words.push(format!("{} more", numbers.len() - 10));
    }
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

impl Merged {
    /// Whether every shard was found and finished its games (or its SPRT).
    pub fn complete(&self) -> bool {
        self.missing().is_empty()
            && (self.shards.values()).all(|(_, result)| result.complete() || result.stopped_by_sprt)
    }

    /// The shard numbers with no result file.
    pub fn missing(&self) -> Vec<usize> {
        (1..=self.setup.shards)
            .filter(|shard| !self.shards.contains_key(shard))
            .collect()
    }

    /// Lines on the shards: how many were found, which are missing, which did not finish.
    pub fn shards_text(&self) -> String {
        let missing = self.missing();
        let mut lines = vec![match missing.len() {
            0 => format!("Merged {0} of {0} shards", self.setup.shards),
            n => format!(
                "Merged {} of {} shards: {} {} missing",
                self.shards.len(),
                self.setup.shards,
                listed(&missing),
                if n == 1 { "is" } else { "are" }
            ),
        }];
        for (shard, (path, result)) in &self.shards {
            if !result.complete() {
                let why = if result.stopped_by_sprt {
                    "stopped by its SPRT"
                } else {
                    "still running or cut off"
                };
                lines.push(format!(
                    "Shard {shard} ({}) played {} of its {} games: {why}",
                    path.display(),
                    result.counts.games_played,
                    result.games_expected
                ));
            }
        }
        lines.join("\n")
    }

    /// The games of every shard found, from the `games.txt` beside each result file (the part
    /// its result file counts), in the order of the whole match.
    pub fn games_text(&self) -> Result<String, String> {
        let mut records: Vec<(usize, String)> = Vec::new();
        for (path, result) in self.shards.values() {
            let games_path = path.with_file_name("games.txt");
            let refuse = |why: String| format!("'{}': {why}", games_path.display());
            let mut text = crate::bounded_read::read_text(&games_path, MAX_GAMES_BYTES)?;
            let counted = usize::try_from(result.games_file_bytes).unwrap_or(usize::MAX);
            if !text.is_char_boundary(counted.min(text.len())) || text.len() < counted {
                return Err(refuse(format!(
                    "shorter than the {counted} bytes of games its result file counts"
                )));
            }
            text.truncate(counted);
            if Digest::EMPTY.update(text.as_bytes()).hex() != result.games_file_digest {
                return Err(refuse(
                    "not the games its result file lists (edited?)".to_string(),
                ));
            }
            for record in split_records(&text) {
                records.push((round_of(&record).unwrap_or(usize::MAX), record));
            }
        }
        records.sort_by_key(|(round, _)| *round);
        Ok(records.into_iter().map(|(_, record)| record).collect())
    }
}

/// A games file larger than this is refused before it is read (a million games' records).
const MAX_GAMES_BYTES: u64 = 4 << 30;

/// The records of a games file: each starts at an `[Event ` line.
fn split_records(text: &str) -> Vec<String> {
    let mut records: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        match records.last_mut() {
            Some(record) if !line.starts_with("[Event ") => record.push_str(line),
            _ => records.push(line.to_string()),
        }
    }
    records
}

/// The game number of a record (its `Round` tag).
fn round_of(record: &str) -> Option<usize> {
    record
        .lines()
        .find_map(|line| line.strip_prefix("[Round \""))
        .and_then(|rest| rest.trim_end_matches("\"]").parse().ok())
}

/// `tabula match merge`: the merged summary, and whether every shard is there and finished;
/// with `out`, also writes the merged `summary.txt` and `games.txt` there (only once everything
/// was read).
pub fn run_merge(paths: &[PathBuf], out: Option<&Path>) -> Result<(String, bool), String> {
    let merged = merge_results(paths)?;
    let text = format!(
        "{}\n{}",
        merged.setup.summary_text(&merged.counts),
        merged.shards_text()
    );
    if let Some(dir) = out {
        let games = merged.games_text()?;
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join("games.txt"), games))
            .and_then(|()| std::fs::write(dir.join("summary.txt"), format!("{text}\n")))
            .map_err(|e| format!("cannot write into '{}': {e}", dir.display()))?;
    }
    Ok((text, merged.complete()))
}

/// `tabula match ratings`: the ratings of the engines of the match (or shards) under `paths`,
/// with `anchor` as `NAME=ELO` (or `NAME`, at 0) pinning one engine, else the average at 0;
/// says so when shards are missing or unfinished.
pub fn run_ratings(
    paths: &[PathBuf],
    anchor: Option<&str>,
    within: Option<f64>,
) -> Result<String, String> {
    if let Some(reach) = within.filter(|reach| !(reach.is_finite() && *reach > 0.0)) {
        return Err(format!(
            "bad --within '{reach}': not a positive number of Elo"
        ));
    }
    let merged = merge_results(paths)?;
    let anchor = match anchor {
        None => Anchor::Average,
        Some(text) => {
            let (name, value) = text.split_once('=').unwrap_or((text, "0"));
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| {
                    format!("bad --anchor '{text}': the rating '{value}' is not a number")
                })?;
            let engine = merged.setup.engine_index(name).ok_or_else(|| {
                let names: Vec<&str> = merged
                    .setup
                    .engines
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect();
                format!(
                    "bad --anchor '{text}': no engine '{name}' ({})",
                    names.join(", ")
                )
            })?;
            Anchor::Engine(engine, value)
        }
    };
    let mut text = match within {
        None => merged.setup.ratings_text(&merged.counts, &anchor),
        Some(reach) => {
            let names = merged.setup.names();
            let (ratings, left_out) =
                rate_near(names.len(), &merged.counts.pairings, &anchor, reach)?;
            format!(
                "{}\nRated again on the pairings whose engines every pairing's ratings put within \
                 {reach} Elo of each other, and each engine's nearest: {left_out} pairings \
                 played further apart left out",
                ratings_text(&ratings, &names, &anchor)
            )
        }
    };
    if !merged.complete() {
        text.push_str(&format!("\n{}", merged.shards_text()));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_numbers_in_words() {
        assert_eq!(listed(&[2]), "2");
        assert_eq!(listed(&[2, 4]), "2 and 4");
        assert_eq!(listed(&[1, 2, 3]), "1, 2 and 3");
        let many: Vec<usize> = (1..=12).collect();
        assert_eq!(listed(&many), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more");
    }

    #[test]
    fn splits_a_games_file_into_records() {
        let text = "[Event \"tabula match\"]\n[Round \"3\"]\n\n1. a1b3 1-0\n\n\
                    [Event \"tabula match\"]\n[Round \"1\"]\n\n1. a1c2 0-1\n\n";
        let records = split_records(text);
        assert_eq!(records.len(), 2);
        assert_eq!(
            records.iter().map(|r| round_of(r)).collect::<Vec<_>>(),
            [Some(3), Some(1)]
        );
        assert_eq!(records.concat(), text);
    }
}
