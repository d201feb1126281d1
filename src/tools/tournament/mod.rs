//! `tabula match`: engine-vs-engine tournaments for every game. The runner never trusts an
//! engine about legality or results: it judges every move with tabula's own rules, keeps the
//! clocks, and records every game. Statistics: W/D/L, Elo with a 95% interval, LOS, pentanomial
//! pair counts, the score of white against black over all games (an opening set that favours a
//! colour shows there), and an optional SPRT that stops the match when a bound is crossed.

pub mod engine_process;
pub mod info_line;
pub mod openings;
pub mod play;
pub mod record;
pub mod stats;
pub mod time_control;

use engine_process::EngineSpec;
use openings::Opening;
use play::{GameJob, GameSettings, check_engine, play_game};
use record::GameRecord;
use stats::{Pentanomial, Sprt, SprtDecision, Tally};
use std::collections::{HashMap, VecDeque};
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
}

/// The results of one pairing, from its first engine's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairResult {
    pub first: usize,
    pub second: usize,
    pub tally: Tally,
    pub pairs: Pentanomial,
}

/// What a match produced.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub pairings: Vec<PairResult>,
    pub games_played: usize,
    /// Every game's result from white's point of view.
    pub colours: Tally,
    pub time_forfeits: Vec<u32>,
    pub sprt_decision: Option<SprtDecision>,
    pub sprt_llr: Option<f64>,
}

fn schedule(config: &MatchConfig) -> (Vec<(usize, usize)>, VecDeque<GameJob>) {
    let count = config.engines.len();
    let pairings: Vec<(usize, usize)> = if config.gauntlet {
        (1..count).map(|j| (0, j)).collect()
    } else {
        (0..count)
            .flat_map(|i| (i + 1..count).map(move |j| (i, j)))
            .collect()
    };
    let mut jobs = VecDeque::new();
    for round in 0..config.games_per_pair.div_ceil(2) {
        for &(first, second) in &pairings {
            for (white, black) in [(first, second), (second, first)] {
                jobs.push_back(GameJob {
                    number: jobs.len() + 1,
                    opening_index: round % config.openings.len(),
                    white,
                    black,
                });
            }
        }
    }
    (pairings, jobs)
}

/// Tracks results as games finish.
struct Standings {
    pairings: Vec<PairResult>,
    /// First game of an opening pair waiting for its partner: (pairing, round) -> points of `first`.
    half_pairs: HashMap<(usize, usize), f64>,
    time_forfeits: Vec<u32>,
    games_played: usize,
    colours: Tally,
}

/// Counts `points` (1, 0.5 or 0) in `tally`.
fn count(tally: &mut Tally, points: f64) {
    match points {
        1.0 => tally.wins += 1,
        0.0 => tally.losses += 1,
        _ => tally.draws += 1,
    }
}

impl Standings {
    fn add(&mut self, record: &GameRecord, round: usize) {
        self.games_played += 1;
        count(
            &mut self.colours,
            record.points_of(record.white).unwrap_or(0.5),
        );
        if let Some(side) = record.time_forfeit {
            let loser = match side {
                crate::game::Side::White => record.white,
                crate::game::Side::Black => record.black,
            };
            self.time_forfeits[loser] += 1;
        }
        let Some(index) = self.pairings.iter().position(|p| {
            (p.first, p.second) == (record.white, record.black)
                || (p.first, p.second) == (record.black, record.white)
        }) else {
            return;
        };
        let pairing = &mut self.pairings[index];
        let points = record.points_of(pairing.first).unwrap_or(0.5);
        count(&mut pairing.tally, points);
        if let Some(partner) = self.half_pairs.remove(&(index, round)) {
            pairing.pairs[((partner + points) * 2.0).round() as usize] += 1;
        } else {
            self.half_pairs.insert((index, round), points);
        }
    }
}

fn describe_pairing(config: &MatchConfig, pairing: &PairResult) -> String {
    let tally = pairing.tally;
    let (elo, margin) = tally.elo_with_margin();
    format!(
        "{} vs {}: games {}, +{} ={} -{}, score {:.1}%, Elo {:+.1} +- {:.1}, LOS {:.1}%, pairs {:?}",
        config.engines[pairing.first].name,
        config.engines[pairing.second].name,
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        elo,
        margin,
        100.0 * tally.los(),
        pairing.pairs
    )
}

/// The end-of-match table.
pub fn summary_text(config: &MatchConfig, summary: &MatchSummary) -> String {
    let mut lines = vec![format!(
        "Match: {} {}, tc {}, {} games played, openings: {}",
        config.settings.game.name(),
        config.settings.size,
        config.settings.time_control,
        summary.games_played,
        config.openings_origin
    )];
    lines.extend(summary.pairings.iter().map(|p| describe_pairing(config, p)));
    let colours = summary.colours;
    lines.push(format!(
        "White vs black: +{} ={} -{}, white scores {:.1}%",
        colours.wins,
        colours.draws,
        colours.losses,
        100.0 * colours.score()
    ));
    let forfeits: Vec<String> = config
        .engines
        .iter()
        .zip(&summary.time_forfeits)
        .map(|(engine, n)| format!("{} {n}", engine.name))
        .collect();
    lines.push(format!("Time forfeits: {}", forfeits.join(", ")));
    if let (Some(sprt), Some(llr)) = (config.sprt, summary.sprt_llr) {
        let (lower, upper) = sprt.bounds();
        let verdict = match summary.sprt_decision {
            Some(SprtDecision::AcceptH0) => "H0 accepted",
            Some(SprtDecision::AcceptH1) => "H1 accepted",
            None => "no decision",
        };
        lines.push(format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} ({lower:.3}, {upper:.3}): {verdict}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        ));
    }
    lines.join("\n")
}

/// Plays the match, calling `progress` after every game; returns the summary.
pub fn run_match(
    config: &MatchConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<MatchSummary, String> {
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
    let (pairing_list, jobs) = schedule(config);
    let total = jobs.len();
    let rounds_of: HashMap<usize, usize> = jobs
        .iter()
        .map(|job| (job.number, (job.number - 1) / (2 * pairing_list.len())))
        .collect();
    let queue = Mutex::new(jobs);
    let stop = AtomicBool::new(false);
    let mut standings = Standings {
        pairings: pairing_list
            .iter()
            .map(|&(first, second)| PairResult {
                first,
                second,
                ..PairResult::default()
            })
            .collect(),
        half_pairs: HashMap::new(),
        time_forfeits: vec![0; config.engines.len()],
        games_played: 0,
        colours: Tally::default(),
    };
    let mut summary = MatchSummary::default();
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
            standings.add(&record, rounds_of.get(&record.number).copied().unwrap_or(0));
            let mut line = format!(
                "[{}/{}] {} - {}: {} ({})",
                standings.games_played,
                total,
                record.white_name,
                record.black_name,
                record.result_text(),
                record.reason
            );
            if let [pairing] = standings.pairings.as_slice() {
                line.push_str(&format!(" | {}", describe_pairing(config, pairing)));
                if let Some(sprt) = config.sprt {
                    let llr = sprt.llr(&pairing.pairs);
                    line.push_str(&format!(" | LLR {llr:.2}"));
                    summary.sprt_llr = Some(llr);
                    summary.sprt_decision = sprt.decision(&pairing.pairs);
                    if summary.sprt_decision.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            progress(&line);
        }
        Ok(())
    })?;
    summary.pairings = standings.pairings;
    summary.games_played = standings.games_played;
    summary.colours = standings.colours;
    summary.time_forfeits = standings.time_forfeits;
    let text = summary_text(config, &summary);
    std::fs::write(config.out_dir.join("summary.txt"), format!("{text}\n"))
        .map_err(|e| format!("cannot write the summary: {e}"))?;
    Ok(summary)
}
