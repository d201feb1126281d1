//! `tabula match`: engine-vs-engine tournaments for every game. The runner never trusts an
//! engine about legality or results: it judges every move with tabula's own rules, keeps the
//! clocks (one per engine at time odds), and records every game. Statistics: W/D/L, Elo with a
//! 95% interval, LOS, pentanomial pair counts, the score of white against black over all games
//! (an opening set that favours a colour shows there), and an optional SPRT that stops the match
//! when a bound is crossed; with three engines or more, ratings of the whole pool by maximum
//! likelihood (`ratings`). A match can be cut into shards played apart (on a cluster) and
//! merged exactly: see `shard`, `result_file` and `merge`. Before the first game every engine is
//! set up once and an option it refuses stops the match (`option_check`); what the engines write
//! for a person, their error lines and stderr, is counted per engine (`crate::engine_process::messages`)
//! and shown with `--debug` or kept with `--log` (`crate::engine_process::log`). Engines of one name are told apart
//! (`tabula`, `tabula-2`) before anything else, from the arguments alone.

pub mod adjudication;
pub mod command;
pub mod game_entry;
pub use crate::protocol::info_line;
pub mod merge;
pub mod openings;
pub mod option_check;
pub mod play;
pub mod ratings;
pub mod record;
pub mod result_file;
pub mod resume;
pub mod setup;
pub mod shard;
pub mod standings;
pub mod stats;

use crate::engine_process::process::{EngineSpec, make_names_unique};
use adjudication::TableTally;
use openings::Opening;
use option_check::check_engine;
use play::{GameJob, GameSettings, play_game};
use record::GameRecord;
use resume::MatchOutput;
use setup::{MatchSetup, pairings};
use shard::Shard;
use standings::MatchCounts;
use stats::Sprt;
use std::collections::{HashSet, VecDeque};
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
    /// Start over in `out_dir` instead of resuming the match there.
    pub restart: bool,
    /// Play on when an engine refuses an option before the first game (else the match stops).
    pub ignore_option_errors: bool,
}

/// What a match run ends with.
pub struct MatchRun {
    pub setup: MatchSetup,
    pub counts: MatchCounts,
    /// The games kept from an earlier, interrupted run.
    pub resumed: usize,
    /// The games a table adjudicated in this run (`--tb`) and what that saved.
    pub table: TableTally,
}

impl MatchRun {
    /// The end-of-match summary, with the games resumed when there were any.
    pub fn summary_text(&self) -> String {
        let mut text = self.setup.summary_text(&self.counts);
        if self.resumed > 0 {
            text.push_str(&format!(
                "\nResumed: {} games kept from an earlier run",
                self.resumed
            ));
        }
        if let Some(line) = self.table.text() {
            text.push('\n');
            text.push_str(&line);
        }
        text
    }
}

/// The games of `config`'s shard, numbered as in the whole match, but those in `finished`:
/// opening pair `p` (opening `p / pairings` against pairing `p mod pairings`) is games `2p + 1`
/// and `2p + 2`, colours reversed.
fn schedule(
    config: &MatchConfig,
    pairing_list: &[(usize, usize)],
    finished: &HashSet<usize>,
) -> VecDeque<GameJob> {
    let mut jobs = VecDeque::new();
    for round in 0..config.games_per_pair / 2 {
        for index in 0..pairing_list.len() {
            let pair = round * pairing_list.len() + index;
            if !config.shard.holds(pair) {
                continue;
            }
            for number in [2 * pair + 1, 2 * pair + 2] {
                let Some((white, black)) = setup::players_of(number, pairing_list) else {
                    continue;
                };
                if !finished.contains(&number) {
                    jobs.push_back(GameJob {
                        number,
                        opening_index: round % config.openings.len(),
                        white,
                        black,
                    });
                }
            }
        }
    }
    jobs
}

/// Sets every engine up once before the first game ([`option_check`]): an engine that cannot
/// be set up stops the match, and so does one that refuses an option, unless the match plays on
/// (then each refusal is a warning).
fn check_engines(config: &MatchConfig, progress: &mut dyn FnMut(&str)) -> Result<(), String> {
    let mut problems = Vec::new();
    for spec in &config.engines {
        problems.extend(
            check_engine(spec, config.settings.game, &config.settings.engine_log)
                .map_err(|problem| format!("cannot start a match: {problem}"))?,
        );
    }
    if problems.is_empty() {
        return Ok(());
    }
    let texts: Vec<String> = problems.iter().map(ToString::to_string).collect();
    if !config.ignore_option_errors {
        return Err(format!(
            "{}; no game played (--ignore-option-errors plays on)",
            texts.join("; ")
        ));
    }
    for text in texts {
        progress(&format!(
            "warning: {text}; playing on (--ignore-option-errors)"
        ));
    }
    Ok(())
}

/// Warns of the first `info string error` of each engine in this run, once.
fn warn_of_errors(record: &GameRecord, warned: &mut [bool], progress: &mut dyn FnMut(&str)) {
    let players = [
        (record.white, &record.white_name),
        (record.black, &record.black_name),
    ];
    for ((engine, name), first) in players.into_iter().zip(&record.first_errors) {
        let (Some(message), Some(done)) = (first, warned.get_mut(engine)) else {
            continue;
        };
        if !*done {
            *done = true;
            progress(&format!(
                "warning: {name} wrote an error line in game {}: {message} (its error lines \
                 are counted in the summary; --debug or --log FILE shows every line)",
                record.number
            ));
        }
    }
}

/// Plays the match (its shard), or what is left of it in the output directory, calling
/// `progress` after every game; writes `games.txt`, `result.json` (after every game) and
/// `summary.txt` into the output directory.
pub fn run_match(config: &MatchConfig, progress: &mut dyn FnMut(&str)) -> Result<MatchRun, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two engines".to_string());
    }
    if config.openings.is_empty() {
        return Err("a match needs at least one opening".to_string());
    }
    let mut config = config.clone();
    for (index, given, unique) in make_names_unique(&mut config.engines) {
        progress(&format!(
            "engine {} is also called '{given}': it is '{unique}' in this match",
            index + 1
        ));
    }
    let config = &config;
    check_engines(config, progress)?;
    let setup = MatchSetup::of(config);
    let pairing_list = pairings(config.engines.len(), config.gauntlet);
    let total = schedule(config, &pairing_list, &HashSet::new()).len();
    let mut output = MatchOutput::open(
        &config.out_dir,
        &setup,
        config.shard.index,
        total as u32,
        config.restart,
    )?;
    // Only a match played whole stops on its SPRT: a shard plays its whole slice, so that the
    // merge of all shards is exactly the whole match.
    let sprt_stops = config.shard.count == 1;
    let decided = |counts: &MatchCounts| {
        sprt_stops
            && setup
                .sprt_state(counts)
                .is_some_and(|(_, decision)| decision.is_some())
    };
    let jobs = if output.result.stopped_by_sprt || decided(&output.standings.counts) {
        VecDeque::new()
    } else {
        schedule(config, &pairing_list, &output.finished())
    };
    if output.resumed > 0 {
        progress(&format!(
            "resumed: {} of {total} games kept from '{}', {} to play",
            output.resumed,
            config.out_dir.display(),
            jobs.len()
        ));
    }
    let mut warned = vec![false; config.engines.len()];
    let mut table = TableTally::default();
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
            output.record(&record, &pairing_list)?;
            table.add(&record);
            if !output.result.stopped_by_sprt && decided(&output.standings.counts) {
                stop.store(true, Ordering::Relaxed);
                output.result.stopped_by_sprt = true;
                output.save()?;
            }
            let counts = &output.standings.counts;
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
            warn_of_errors(&record, &mut warned, progress);
        }
        Ok(())
    })?;
    let run = MatchRun {
        setup,
        counts: output.standings.counts.clone(),
        resumed: output.resumed,
        table,
    };
    result_file::replace_file(
        &config.out_dir.join("summary.txt"),
        format!("{}\n", run.summary_text()).as_bytes(),
    )
    .map_err(|e| format!("cannot write the summary: {e}"))?;
    Ok(run)
}
