//! `tabula match`: engine-vs-engine tournaments for every game. The runner never trusts an
//! engine about legality or results: it judges every move with tabula's own rules, keeps the
//! clocks (one per engine at time odds), and records every game. Statistics: W/D/L, Elo with a
//! 95% interval, LOS, pentanomial pair counts, the score of white against black over all games
//! (an opening set that favours a colour shows there), and an optional SPRT that stops the match
//! when a bound is crossed. A match can be cut into shards played apart (on a cluster) and
//! merged exactly: see `shard`, `result_file` and `merge`.

pub mod engine_process;
pub mod info_line;
pub mod merge;
pub mod openings;
pub mod play;
pub mod record;
pub mod result_file;
pub mod setup;
pub mod shard;
pub mod standings;
pub mod stats;
pub mod time_control;

use engine_process::EngineSpec;
use openings::Opening;
use play::{GameJob, GameSettings, check_engine, play_game};
use record::GameRecord;
use result_file::ResultFile;
use setup::{MatchSetup, pairings};
use shard::Shard;
use standings::{MatchCounts, Standings};
use stats::Sprt;
use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub settings: GameSettings,
    /// Games per pairing of engines (each opening twice, colours reversed).
    pub games_per_pair: usize,
    pub concurrency: usize,
    pub openings: Vec<Opening>,
    /// Where `games.txt` and `summary.txt` go.
    pub out_dir: PathBuf,
    pub sprt: Option<Sprt>,
    /// Engine 0 plays every other engine (otherwise everyone plays everyone).
    pub gauntlet: bool,
    /// How the openings were chosen, for the summary.
    pub openings_origin: String,
    /// The slice of the match's opening pairs this process plays.
    pub shard: Shard,
}

/// The games of `config`'s shard, numbered as in the whole match: opening pair `p` (opening
/// `p / pairings` against pairing `p mod pairings`) is games `2p + 1` and `2p + 2`, colours
/// reversed.
fn schedule(config: &MatchConfig, pairing_list: &[(usize, usize)]) -> VecDeque<GameJob> {
    let mut jobs = VecDeque::new();
    for round in 0..config.games_per_pair / 2 {
        for (index, &(first, second)) in pairing_list.iter().enumerate() {
            let pair = round * pairing_list.len() + index;
            if !config.shard.holds(pair) {
                continue;
            }
            for (game, (white, black)) in [(first, second), (second, first)].into_iter().enumerate()
            {
                jobs.push_back(GameJob {
                    number: 2 * pair + game + 1,
                    opening_index: round % config.openings.len(),
                    white,
                    black,
                });
            }
        }
    }
    jobs
}

/// Plays the match (its shard), calling `progress` after every game; writes `games.txt`,
/// `result.json` (after every game) and `summary.txt` into the output directory; returns the
/// setup and the counts.
pub fn run_match(
    config: &MatchConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<(MatchSetup, MatchCounts), String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two engines".to_string());
    }
    if config.openings.is_empty() {
        return Err("a match needs at least one opening".to_string());
    }
    for spec in &config.engines {
        check_engine(spec, config.settings.game)
            .map_err(|problem| format!("cannot start a match: {problem}"))?;
    }
    std::fs::create_dir_all(&config.out_dir)
        .map_err(|e| format!("cannot create '{}': {e}", config.out_dir.display()))?;
    let games_path = config.out_dir.join("games.txt");
    let mut games_file = std::fs::File::create(&games_path)
        .map_err(|e| format!("cannot write '{}': {e}", games_path.display()))?;
    let setup = MatchSetup::of(config);
    let pairing_list = pairings(config.engines.len(), config.gauntlet);
    let jobs = schedule(config, &pairing_list);
    let total = jobs.len();
    let mut standings = Standings::new(MatchCounts::new(&pairing_list, config.engines.len()));
    let mut result = ResultFile::new(&setup, config.shard.index, total as u32, &standings.counts);
    result.write(&config.out_dir)?;
    // Only a match played whole stops on its SPRT: a shard plays its whole slice, so that the
    // merge of all shards is exactly the whole match.
    let sprt_stops = config.shard.count == 1;
    let queue = Mutex::new(jobs);
    let stop = AtomicBool::new(false);
    let (sender, results) = channel::<GameRecord>();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let job = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front();
                    let Some(job) = job else { break };
                    let opening = &config.openings[job.opening_index];
                    let record = play_game(&config.settings, &config.engines, &job, opening);
                    if sender.send(record).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for record in results {
            games_file
                .write_all(record.to_text().as_bytes())
                .and_then(|()| games_file.flush())
                .map_err(|e| format!("cannot write '{}': {e}", games_path.display()))?;
            standings.add(&record);
            let counts = &standings.counts;
            let decided = setup
                .sprt_state(counts)
                .is_some_and(|(_, decision)| decision.is_some());
            if sprt_stops && decided {
                stop.store(true, Ordering::Relaxed);
                result.stopped_by_sprt = true;
            }
            result.counts = counts.clone();
            result.write(&config.out_dir)?;
            let mut line = format!(
                "[{}/{}] {} - {}: {} ({})",
                counts.games_played,
                total,
                record.white_name,
                record.black_name,
                record.result_text(),
                record.reason
            );
            if let Some(pairing) = setup.progress_text(counts) {
                line.push_str(&format!(" | {pairing}"));
            }
            progress(&line);
        }
        Ok(())
    })?;
    let text = setup.summary_text(&standings.counts);
    std::fs::write(config.out_dir.join("summary.txt"), format!("{text}\n"))
        .map_err(|e| format!("cannot write the summary: {e}"))?;
    Ok((setup, standings.counts))
}
