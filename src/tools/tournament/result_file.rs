//! `result.json`: the machine-readable result of a match or of one shard of it: the setup and
//! its fingerprint, which shard, how many games it was to play, and the counts. Written again
//! after every game (to a temporary file, then renamed), so a shard cut off keeps what it
//! played. Reading one checks it through: a file cut short, hand-edited into counts no games
//! could give, or with a setup that does not match its fingerprint is refused, naming the file.

use super::setup::{MatchSetup, pairings};
use super::shard::Shard;
use super::standings::MatchCounts;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in a match's output directory.
pub const RESULT_FILE: &str = "result.json";
/// The format's name and version, the file's first field.
const FORMAT: &str = "tabula match result 1";

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
        }
    }

    /// Whether every game of the shard was played.
    pub fn complete(&self) -> bool {
        self.counts.games_played == self.games_expected
    }

    /// Writes the file into `dir`, replacing the one there at once (never half written).
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join(RESULT_FILE);
        let partial = dir.join(format!("{RESULT_FILE}.partial"));
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        std::fs::write(&partial, format!("{text}\n"))
            .and_then(|()| std::fs::rename(&partial, &path))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))
    }

    /// Reads and checks a result file.
    pub fn read(path: &Path) -> Result<ResultFile, String> {
        let refuse = |why: String| format!("'{}': {why}", path.display());
        // A result of a million pairings is a few hundred MB; a pipe or device is refused unread.
        let text = crate::bounded_read::read_text(path, 1 << 30)?;
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
            return Some(format!(
                "format '{}' is not '{FORMAT}' (written by another version of tabula?)",
                self.format
            ));
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
            || self.counts.time_forfeits.len() != setup.engines.len()
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
        self.counts.inconsistency()
    }
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
