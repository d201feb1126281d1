//! `result.json`: the machine-readable result of a match or of one shard of it: the setup and
//! its fingerprint, which shard, how many games it was to play, the counts, every finished
//! game in one short line, and how much of `games.txt` holds their records (its length and
//! digest). Written again after every game (to a temporary file, then renamed), so that a kill
//! at any instant leaves the old or the new file whole; it is what a resumed match continues
//! from. Reading one checks it through: a file cut short, a setup that does not match its
//! fingerprint, or a count that its list of games does not give is refused, naming the file and
//! the field.

use super::game_entry::GameEntry;
use super::setup::{Digest, MatchSetup, pairings, players_of};
use super::shard::Shard;
use super::standings::{MatchCounts, Standings};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in a match's output directory.
pub const RESULT_FILE: &str = "result.json";
/// The format's name and version, the file's first field.
const FORMAT: &str = "tabula match result 3";
/// The games file beside it.
pub const GAMES_FILE: &str = "games.txt";

/// One match's or shard's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultFile {
    pub format: String,
    pub fingerprint: String,
    pub setup: MatchSetup,
    /// Which shard (1 to setup.shards).
    pub shard: usize,
    /// The games of this shard's slice.
    pub games_expected: u32,
    /// Whether an SPRT ended the match before all its games (only a match played whole stops).
    pub stopped_by_sprt: bool,
    pub counts: MatchCounts,
    /// The finished games in the order they finished, one `GameEntry` line each.
    pub games: Vec<String>,
    /// The length of `games.txt` that holds the records of exactly these games: a kill after
    /// a record was appended but before this file was rewritten leaves more, cut on resume.
    pub games_file_bytes: u64,
    /// The FNV-1a digest of those bytes, so that an edited games file is noticed.
    pub games_file_digest: String,
}

impl ResultFile {
    /// A result of `setup`'s shard `shard`, with the counts so far.
    pub fn new(
        setup: &MatchSetup,
        shard: usize,
        games_expected: u32,
        counts: &MatchCounts,
    ) -> ResultFile {
        ResultFile {
            format: FORMAT.to_string(),
            fingerprint: setup.fingerprint(),
            setup: setup.clone(),
            shard,
            games_expected,
            stopped_by_sprt: false,
            counts: counts.clone(),
            games: Vec::new(),
            games_file_bytes: 0,
            games_file_digest: Digest::EMPTY.hex(),
        }
    }

    /// Whether every game of the shard was played.
    pub fn complete(&self) -> bool {
        self.counts.games_played == self.games_expected
    }

    /// Writes the file into `dir`, replacing the one there at once (never half written).
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join(RESULT_FILE);
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        replace_file(&path, format!("{text}\n").as_bytes())
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))
    }

    /// Reads and checks a result file.
    pub fn read(path: &Path) -> Result<ResultFile, String> {
        let refuse = |why: String| format!("'{}': {why}", path.display());
        let text = crate::bounded_read::read_text(path, MAX_RESULT_BYTES)?;
        // Another version's file is named as such, before its fields are read.
        let format = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|value| value.get("format")?.as_str().map(str::to_string));
        if let Some(format) = format.filter(|format| format != FORMAT) {
            return Err(refuse(format_problem(&format)));
        }
        let file: ResultFile = serde_json::from_str(&text).map_err(|e| {
            refuse(format!(
                "not a whole tabula match result ({e}; cut short or edited?)"
            ))
        })?;
        file.problem().map_or(Ok(file), |why| Err(refuse(why)))
    }

    /// What is wrong with a result that parsed, if anything.
    fn problem(&self) -> Option<String> {
        if self.format != FORMAT {
            return Some(format_problem(&self.format));
        }
        if self.fingerprint != self.setup.fingerprint() {
            return Some("its setup does not match its fingerprint (was it edited?)".to_string());
        }
        let setup = &self.setup;
        if setup.shards == 0 || self.shard == 0 || self.shard > setup.shards {
            return Some(format!(
                "shard {} of {} is not a shard",
                self.shard, setup.shards
            ));
        }
        if let Some(Err(why)) = setup.sprt.map(|sprt| sprt.checked()) {
            return Some(why);
        }
        let counted: Vec<(usize, usize)> = (self.counts.pairings.iter())
            .map(|p| (p.first, p.second))
            .collect();
        if counted != pairings(setup.engines.len(), setup.gauntlet)
            || self.counts.engine_count() != Some(setup.engines.len())
        {
            return Some("its counts are not of the setup's pairings of engines".to_string());
        }
        let shard = Shard {
            index: self.shard,
            count: setup.shards,
        };
        let games = 2 * shard.pairs_of(setup.pair_count());
        if self.games_expected as usize != games {
            return Some(format!(
                "it expects {} games, but shard {shard} of this setup has {games}",
                self.games_expected
            ));
        }
        if self.counts.games_played > self.games_expected {
            return Some(format!(
                "it counts {} games of {} expected",
                self.counts.games_played, self.games_expected
            ));
        }
        if self.stopped_by_sprt && setup.shards > 1 {
            return Some("a shard never stops on its SPRT, but it says it did".to_string());
        }
        if self.counts.engine_count() != Some(setup.engines.len()) {
            return Some("its per-engine counts are not one per engine".to_string());
        }
        let replayed = match self.standings() {
            Ok(standings) => standings.counts,
            Err(why) => return Some(why),
        };
        self.counts.first_difference(&replayed).map(|field| {
            format!("its count '{field}' is not what its list of games gives (was it edited?)")
        })
    }

    /// The standings its list of games gives, checking that every game is one of this shard's,
    /// listed once.
    pub fn standings(&self) -> Result<Standings, String> {
        let setup = &self.setup;
        let pairing_list = pairings(setup.engines.len(), setup.gauntlet);
        let shard = Shard {
            index: self.shard,
            count: setup.shards,
        };
        let mut standings = Standings::new(MatchCounts::new(&pairing_list, setup.engines.len()));
        let mut seen = std::collections::HashSet::new();
        for (index, text) in self.games.iter().enumerate() {
            let entry = GameEntry::parse(text).map_err(|why| format!("games[{index}]: {why}"))?;
            let in_match = entry.number <= 2 * setup.pair_count();
            let players = players_of(entry.number, &pairing_list)
                .filter(|_| in_match && shard.holds((entry.number - 1) / 2));
            let Some((white, black)) = players else {
                return Err(format!(
                    "games[{index}]: game {} is not one of shard {shard}'s",
                    entry.number
                ));
            };
            if !seen.insert(entry.number) {
                return Err(format!(
                    "games[{index}]: game {} is listed twice",
                    entry.number
                ));
            }
            standings.add(&entry, white, black);
        }
        Ok(standings)
    }
}

/// Why a result file of `format` is not read.
fn format_problem(format: &str) -> String {
    format!("format '{format}' is not '{FORMAT}' (written by another version of tabula?)")
}

/// A result file larger than this is not one: 100,000 games of one shard take about 2 MB.
const MAX_RESULT_BYTES: u64 = 64 << 20;

/// The file beside `path` that [`replace_file`] writes before it renames it over `path`.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Replaces `path` by a file holding `bytes`: written beside it, then renamed over it, so that
/// a kill at any instant leaves the old or the new file whole. (Not flushed to the disk: a
/// killed process's writes survive it, and a flush per game would cost more than a fast game.)
pub fn replace_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = partial_path(path);
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, path)
}

/// The result files named by `paths`: each a result file, a match's output directory, or a
/// directory of such directories (one level down).
pub fn find_result_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    for path in paths {
        if path.is_file() {
            found.push(path.clone());
            continue;
        }
        if !path.is_dir() {
            return Err(format!("'{}': no such file or directory", path.display()));
        }
        if path.join(RESULT_FILE).is_file() {
            found.push(path.join(RESULT_FILE));
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|e| format!("'{}': {e}", path.display()))?;
        let mut inside: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path().join(RESULT_FILE)))
            .filter(|candidate| candidate.is_file())
            .collect();
        if inside.is_empty() {
            return Err(format!(
                "'{}': no {RESULT_FILE} in it or in its folders",
                path.display()
            ));
        }
        inside.sort();
        found.extend(inside);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_another_format_is_refused_by_its_format() {
        let path = std::env::temp_dir().join(format!("tabula-result-{}.json", std::process::id()));
        std::fs::write(
            &path,
            r#"{"format": "tabula match result 2", "counts": {"time_forfeits": []}}"#,
        )
        .unwrap();
        let error = ResultFile::read(&path).unwrap_err();
        let _ = std::fs::remove_file(&path);
        assert!(
            error.contains("format 'tabula match result 2' is not 'tabula match result 3'"),
            "{error}"
        );
    }
}
