//! A match's output directory as it is played, and resuming it: a match (or shard) run again
//! with the same arguments into the directory of an interrupted run continues it. The result
//! file is the authority: the games it lists are kept as they are, `games.txt` is cut back to
//! the records of exactly those games (a record appended just before a kill, with the result
//! file not yet rewritten, goes, and its game is played again from its start), and the
//! standings are rebuilt from its list. Another match's directory is refused, naming what
//! differs, unless the caller asks to start over.

use super::game_entry::GameEntry;
use super::record::GameRecord;
use super::result_file::{GAMES_FILE, RESULT_FILE, ResultFile};
use super::setup::{Digest, MatchSetup, players_of};
use super::standings::{MatchCounts, Standings};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The environment variable that makes a match stop dead at a named point, as a kill would:
/// `after-record:K` (the K-th game of this run is in `games.txt`, the result file not yet
/// rewritten) or `mid-result:K` (the K-th game's result file half written). For the tests.
const FAULT_VARIABLE: &str = "TABULA_MATCH_FAULT";

/// A match's output directory, open for the games still to come.
pub struct MatchOutput {
    dir: PathBuf,
    games_path: PathBuf,
    games_file: File,
    digest: Digest,
    pub result: ResultFile,
    pub standings: Standings,
    /// The games of an earlier run that were kept.
    pub resumed: usize,
    /// The games recorded by this run.
    recorded: usize,
}

/// Why `dir`'s earlier match is not this one, as an error.
fn another_match(path: &Path, differences: &[&str]) -> String {
    let mut text = format!(
        "'{}' holds another match (it differs in: {}); run it with the arguments it was \
         started with to resume it, or give --restart to start it over",
        path.display(),
        differences.join(", ")
    );
    if differences.contains(&"openings") {
        text.push_str(" (without --seed every run makes other openings: give the seed it printed)");
    }
    text
}

/// The digest and length of the first `bytes` bytes of `path`, read in pieces.
fn digest_of_prefix(path: &Path, bytes: u64) -> Result<Digest, String> {
    let problem = |why: String| format!("'{}': {why}", path.display());
    let file = File::open(path).map_err(|e| problem(format!("cannot read: {e}")))?;
    let meta = file.metadata().map_err(|e| problem(e.to_string()))?;
    if !meta.is_file() {
        return Err(problem("not a regular file".to_string()));
    }
    if meta.len() < bytes {
        return Err(problem(format!(
            "{} bytes long, but its result file counts {bytes} bytes of games (cut short?)",
            meta.len()
        )));
    }
    let mut reader = file.take(bytes);
    let mut digest = Digest::EMPTY;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = reader
            .read(&mut buffer)
            .map_err(|e| problem(format!("cannot read: {e}")))?;
        if n == 0 {
            return Ok(digest);
        }
        digest = digest.update(&buffer[..n]);
    }
}

/// Removes `path` if it is there.
fn remove_if_there(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("cannot remove '{}': {e}", path.display()))
        }
        _ => Ok(()),
    }
}

/// The fault this run is asked to stop at, if any: its point and the game it comes after.
fn planned_fault() -> Option<(String, usize)> {
    let text = std::env::var(FAULT_VARIABLE).ok()?;
    let (point, game) = text.split_once(':')?;
    Some((point.to_string(), game.parse().ok()?))
}

impl MatchOutput {
    /// Opens `dir` for `setup`'s shard `shard` of `games_expected` games: continues the match
    /// there, or starts it when there is none (or when `restart`).
    pub fn open(
        dir: &Path,
        setup: &MatchSetup,
        shard: usize,
        games_expected: u32,
        restart: bool,
    ) -> Result<MatchOutput, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
        let result_path = dir.join(RESULT_FILE);
        let games_path = dir.join(GAMES_FILE);
        if restart {
            for name in [RESULT_FILE, GAMES_FILE, "summary.txt"] {
                remove_if_there(&dir.join(name))?;
            }
        }
        let result = if result_path.exists() {
            let earlier = ResultFile::read(&result_path)
                .map_err(|why| format!("{why}; give --restart to start the match over"))?;
            let mut differences = setup.differences(&earlier.setup);
            if earlier.shard != shard {
                differences.push("shard");
            }
            if !differences.is_empty() || earlier.fingerprint != setup.fingerprint() {
                return Err(another_match(&result_path, &differences));
            }
            earlier
        } else if std::fs::metadata(&games_path).is_ok_and(|m| m.len() > 0) {
            return Err(format!(
                "'{}' is there without a {RESULT_FILE}: not a match that can be resumed; give \
                 --restart to start over in '{}', or another --out",
                games_path.display(),
                dir.display()
            ));
        } else {
            let pairing_list = super::setup::pairings(setup.engines.len(), setup.gauntlet);
            let counts = MatchCounts::new(&pairing_list, setup.engines.len());
            let fresh = ResultFile::new(setup, shard, games_expected, &counts);
            fresh.write(dir)?;
            fresh
        };
        let bytes = result.games_file_bytes;
        if bytes == 0 && !games_path.exists() {
            File::create(&games_path)
                .map_err(|e| format!("cannot write '{}': {e}", games_path.display()))?;
        }
        let digest = digest_of_prefix(&games_path, bytes)?;
        if digest.hex() != result.games_file_digest {
            return Err(format!(
                "'{}' does not hold the games its {RESULT_FILE} lists (edited?); give \
                 --restart to start the match over",
                games_path.display()
            ));
        }
        let mut games_file = OpenOptions::new()
            .write(true)
            .open(&games_path)
            .map_err(|e| format!("cannot write '{}': {e}", games_path.display()))?;
        games_file
            .set_len(bytes)
            .and_then(|()| games_file.seek(SeekFrom::End(0)).map(|_| ()))
            .map_err(|e| format!("cannot write '{}': {e}", games_path.display()))?;
        let standings = result
            .standings()
            .map_err(|why| format!("'{}': {why}", result_path.display()))?;
        Ok(MatchOutput {
            dir: dir.to_path_buf(),
            games_path,
            games_file,
            digest,
            resumed: result.games.len(),
            result,
            standings,
            recorded: 0,
        })
    }

    /// The numbers of the games already played.
    pub fn finished(&self) -> std::collections::HashSet<usize> {
        (self.result.games.iter())
            .filter_map(|text| GameEntry::parse(text).ok())
            .map(|entry| entry.number)
            .collect()
    }

    /// Records a finished game: its record appended to `games.txt`, then the result file
    /// rewritten with it counted.
    pub fn record(
        &mut self,
        record: &GameRecord,
        pairing_list: &[(usize, usize)],
    ) -> Result<(), String> {
        let text = record.to_text();
        self.games_file
            .write_all(text.as_bytes())
            .and_then(|()| self.games_file.flush())
            .map_err(|e| format!("cannot write '{}': {e}", self.games_path.display()))?;
        self.recorded += 1;
        let fault = planned_fault().filter(|(_, game)| *game == self.recorded);
        if fault
            .as_ref()
            .is_some_and(|(point, _)| point == "after-record")
        {
            std::process::exit(137);
        }
        let entry = GameEntry::of(record);
        let (white, black) =
            players_of(entry.number, pairing_list).unwrap_or((record.white, record.black));
        self.standings.add(&entry, white, black);
        self.digest = self.digest.update(text.as_bytes());
        let result = &mut self.result;
        result.games.push(entry.to_text());
        result.games_file_bytes += text.len() as u64;
        result.games_file_digest = self.digest.hex();
        result.counts = self.standings.counts.clone();
        if fault.is_some_and(|(point, _)| point == "mid-result") {
            let json = serde_json::to_string_pretty(result).unwrap_or_default();
            let _ = std::fs::write(
                self.dir.join(format!("{RESULT_FILE}.partial")),
                &json.as_bytes()[..json.len() / 2],
            );
            std::process::exit(137);
        }
        result.write(&self.dir)
    }

    /// Rewrites the result file (after a change of `result` other than a game).
    pub fn save(&self) -> Result<(), String> {
        self.result.write(&self.dir)
    }
}
