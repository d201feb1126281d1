//! Tuning data: positions from fast self-play games, each with its evaluation terms and the game's
//! final result, and the text file that stores them.
//!
//! Every game starts from seeded random opening moves, then both sides play the best move of a
//! short single-threaded search with a fixed node or depth budget and a fresh transposition table,
//! so the games, and the data, depend only on the settings and the seed (not on `--threads`,
//! which only plays several games at once).
//!
//! A position is recorded unless its search score is a proven result or mate, or its static
//! evaluation (or one of its terms) is a decided score (see [`DECIDED_BOUND`]): such scores are
//! not the linear sum the tuner fits. The part of the evaluation that the terms do not explain is
//! kept as the position's *offset* and added unchanged by the model.

use crate::game::{BoardSize, Outcome, Side};
use crate::games::GameKind;
use crate::search::limits::Limits;
use crate::search::score::{DECIDED_BOUND, PROVEN_BOUND, Score};
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::tools::tournament::openings::{Opening, random_openings};
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Transposition table of each game's searches, in MB.
const TABLE_MB: usize = 2;
/// A game still running after this many plies is dropped.
const MAX_PLIES: usize = 2000;
/// The first line of a data file.
const MAGIC: &str = "# tabula tune data";

/// How long each move's search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Nodes(u64),
    Depth(u32),
}

impl Budget {
    pub fn limits(self) -> Limits {
        match self {
            Budget::Nodes(nodes) => Limits {
                nodes: Some(nodes.max(1)),
                ..Limits::default()
            },
            Budget::Depth(depth) => Limits {
                depth: Some(depth.max(1)),
                ..Limits::default()
            },
        }
    }

    /// Reads `nodes N` or `depth D`.
    fn parse(text: &str) -> Option<Budget> {
        let (kind, value) = text.split_once(' ')?;
        match kind {
            "nodes" => value.parse().ok().map(Budget::Nodes),
            "depth" => value.parse().ok().map(Budget::Depth),
            _ => None,
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Nodes(nodes) => write!(f, "nodes {nodes}"),
            Budget::Depth(depth) => write!(f, "depth {depth}"),
        }
    }
}

/// How the self-play data is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSettings {
    pub game: GameKind,
    pub size: BoardSize,
    pub games: usize,
    pub budget: Budget,
    pub random_plies: usize,
    pub seed: u64,
}

impl DataSettings {
    /// The random openings of the first `count` games, one a game. Each game's opening is the
    /// same whatever `count` (they are made one after another from the seed), so a run that
    /// plays only the early games need not make the later ones.
    pub fn openings(&self, count: usize) -> Result<Vec<Opening>, String> {
        random_openings(self.game, self.size, count, self.random_plies, self.seed)
    }
}

/// One recorded position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The index of the game it comes from (the held-out split is by game).
    pub game: usize,
    /// The game's result from white's view: 1, 0.5 or 0.
    pub result: f64,
    /// The evaluation from white's view minus the sum of the terms.
    pub offset: f64,
    /// Each term's white minus black, in the order of [`DataSet::terms`].
    pub diffs: Vec<f64>,
}

/// Positions left out, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// The search score was a proven result or a mate.
    pub proven: usize,
    /// The evaluation or a term was a decided score.
    pub decided: usize,
    /// Games dropped because they had not ended after [`MAX_PLIES`] plies.
    pub unfinished_games: usize,
}

/// The tuning data.
#[derive(Clone, Debug, PartialEq)]
pub struct DataSet {
    pub settings: DataSettings,
    pub terms: Vec<String>,
    pub samples: Vec<Sample>,
    pub skipped: Skipped,
}

/// One position as the game recorded it: (term, white minus black) pairs and the offset.
struct Position {
    diffs: Vec<(&'static str, i32)>,
    offset: i32,
}

/// One played game.
struct GameRecord {
    positions: Vec<Position>,
    /// `None` when the game did not end within [`MAX_PLIES`].
    result: Option<f64>,
    skipped: Skipped,
}

fn white_result(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Side::White) => 1.0,
        Outcome::Win(Side::Black) => 0.0,
        Outcome::Draw => 0.5,
    }
}

fn is_proven(score: Score) -> bool {
    match score {
        Score::Mate(_) => true,
        Score::Centipawns(cp) => cp.abs() >= PROVEN_BOUND,
    }
}

/// Plays one game from `opening` and records its positions.
fn play_game(settings: &DataSettings, opening: &Opening) -> Result<GameRecord, String> {
    let mut session = opening.build(settings.game, settings.size)?;
    let tt = TranspositionTable::new(TABLE_MB);
    let signals = Signals::default();
    let limits = settings.budget.limits();
    let mut record = GameRecord {
        positions: Vec::new(),
        result: None,
        skipped: Skipped::default(),
    };
    for _ in 0..MAX_PLIES {
        if let Some(verdict) = session.verdict() {
            record.result = Some(white_result(verdict.outcome));
            return Ok(record);
        }
        let summary = session.search(&limits, Settings::default(), &tt, &signals, &mut |_| {});
        if is_proven(summary.result.score) {
            record.skipped.proven += 1;
        } else {
            let (terms, stm_eval) = session.evaluation();
            let sign = if session.side_to_move() == Side::White {
                1
            } else {
                -1
            };
            let diffs: Vec<_> = terms.iter().map(|t| (t.name, t.white - t.black)).collect();
            let explained: i32 = diffs.iter().map(|&(_, d)| d).sum();
            if stm_eval.abs() >= DECIDED_BOUND
                || diffs.iter().any(|&(_, d)| d.abs() >= DECIDED_BOUND)
            {
                record.skipped.decided += 1;
            } else {
                let offset = sign * stm_eval - explained;
                record.positions.push(Position { diffs, offset });
            }
        }
        let mv = summary
            .best_move
            .ok_or("the search found no move in a game that is not over")?;
        session.play_move(&mv)?;
    }
    record.skipped.unfinished_games = 1;
    record.positions.clear();
    Ok(record)
}

/// Plays every game on `threads` threads, telling `progress` how many are finished after each;
/// the records come back in game order.
fn play_games(
    settings: &DataSettings,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameRecord>, String> {
    let openings = settings.openings(settings.games)?;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<GameRecord, String>>>> =
        openings.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(opening) = openings.get(index) else {
                        break;
                    };
                    let record = play_game(settings, opening);
                    if let Ok(mut slot) = slots[index].lock() {
                        *slot = Some(record);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .ok()
                .flatten()
                .unwrap_or_else(|| Err("a game thread failed".to_string()))
        })
        .collect()
}

/// Plays the games of `settings` and gathers their positions.
pub fn generate(
    settings: &DataSettings,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<DataSet, String> {
    let records = play_games(settings, threads, progress)?;
    Ok(gather(settings.clone(), records))
}

/// Turns the games' records into a data set; term columns in order of first appearance.
fn gather(settings: DataSettings, records: Vec<GameRecord>) -> DataSet {
    let mut terms: Vec<String> = Vec::new();
    let mut skipped = Skipped::default();
    let mut rows = Vec::new();
    for (game, record) in records.into_iter().enumerate() {
        skipped.proven += record.skipped.proven;
        skipped.decided += record.skipped.decided;
        skipped.unfinished_games += record.skipped.unfinished_games;
        let Some(result) = record.result else {
            continue;
        };
        for position in record.positions {
            let mut columns = Vec::new();
            for (name, diff) in position.diffs {
                let column = terms.iter().position(|t| t == name).unwrap_or_else(|| {
                    terms.push(name.to_string());
                    terms.len() - 1
                });
                columns.push((column, diff));
            }
            rows.push((game, result, position.offset, columns));
        }
    }
    let samples = rows
        .into_iter()
        .map(|(game, result, offset, columns)| {
            let mut diffs = vec![0.0; terms.len()];
            for (column, diff) in columns {
                diffs[column] += diff as f64;
            }
            Sample {
                game,
                result,
                offset: offset as f64,
                diffs,
            }
        })
        .collect();
    DataSet {
        settings,
        terms,
        samples,
        skipped,
    }
}

fn result_text(result: f64) -> &'static str {
    if result >= 0.75 {
        "1"
    } else if result <= 0.25 {
        "0"
    } else {
        "0.5"
    }
}

impl DataSet {
    /// The data file's text: a header of `key value` lines, `data`, then one line per position:
    /// game index, result for white, offset, each term's white minus black.
    pub fn to_text(&self) -> String {
        let s = &self.settings;
        let mut text = format!(
            "{MAGIC}: per position: game, result for white (1, 0.5, 0), offset (evaluation \
             minus terms), each term's white minus black (centipawns)\n\
             game {}\nsize {}\ngames {}\nsearch {}\nrandom-plies {}\nseed {}\n\
             skipped proven {} decided {} unfinished-games {}\nterms {}\ndata\n",
            s.game.name(),
            s.size,
            s.games,
            s.budget,
            s.random_plies,
            s.seed,
            self.skipped.proven,
            self.skipped.decided,
            self.skipped.unfinished_games,
            self.terms.join(";"),
        );
        for sample in &self.samples {
            text.push_str(&format!(
                "{} {} {}",
                sample.game,
                result_text(sample.result),
                sample.offset
            ));
            for diff in &sample.diffs {
                text.push_str(&format!(" {diff}"));
            }
            text.push('\n');
        }
        text
    }

    /// Reads a data file's text, or says which line is wrong.
    pub fn from_text(text: &str) -> Result<DataSet, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.starts_with(MAGIC) => {}
            _ => return Err(format!("not a tune data file (no '{MAGIC}' line)")),
        }
        let mut header = Header::default();
        for (index, line) in lines.by_ref() {
            if line.trim() == "data" {
                break;
            }
            header
                .read(line)
                .map_err(|problem| format!("line {}: {problem}", index + 1))?;
        }
        let (settings, terms, skipped) = header.finish()?;
        let mut samples = Vec::new();
        for (index, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let sample = parse_sample(line, terms.len())
                .map_err(|problem| format!("line {}: {problem}", index + 1))?;
            samples.push(sample);
        }
        Ok(DataSet {
            settings,
            terms,
            samples,
            skipped,
        })
    }
}

/// The header lines read so far.
#[derive(Default)]
struct Header {
    game: Option<GameKind>,
    size: Option<BoardSize>,
    games: Option<usize>,
    budget: Option<Budget>,
    random_plies: Option<usize>,
    seed: Option<u64>,
    terms: Option<Vec<String>>,
    skipped: Skipped,
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))
}

impl Header {
    fn read(&mut self, line: &str) -> Result<(), String> {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => self.game = Some(GameKind::parse(value)?),
            "size" => self.size = Some(crate::board::BoardSize::parse(value)?),
            "games" => self.games = Some(number(value)?),
            "search" => {
                self.budget =
                    Some(Budget::parse(value).ok_or_else(|| format!("bad search '{value}'"))?)
            }
            "random-plies" => self.random_plies = Some(number(value)?),
            "seed" => self.seed = Some(number(value)?),
            "terms" => self.terms = Some(value.split(';').map(String::from).collect()),
            "skipped" => self.skipped = parse_skipped(value)?,
            _ if key.starts_with('#') || key.is_empty() => {}
            _ => return Err(format!("unknown header line '{line}'")),
        }
        Ok(())
    }

    fn finish(self) -> Result<(DataSettings, Vec<String>, Skipped), String> {
        let missing = |what: &str| format!("the header has no '{what}' line");
        let settings = DataSettings {
            game: self.game.ok_or_else(|| missing("game"))?,
            size: self.size.ok_or_else(|| missing("size"))?,
            games: self.games.ok_or_else(|| missing("games"))?,
            budget: self.budget.ok_or_else(|| missing("search"))?,
            random_plies: self.random_plies.ok_or_else(|| missing("random-plies"))?,
            seed: self.seed.ok_or_else(|| missing("seed"))?,
        };
        let terms = self.terms.ok_or_else(|| missing("terms"))?;
        Ok((settings, terms, self.skipped))
    }
}

fn parse_skipped(text: &str) -> Result<Skipped, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut skipped = Skipped::default();
    for pair in words.chunks(2) {
        let [key, value] = pair else {
            return Err(format!("bad skipped line '{text}'"));
        };
        let value = number(value)?;
        match *key {
            "proven" => skipped.proven = value,
            "decided" => skipped.decided = value,
            "unfinished-games" => skipped.unfinished_games = value,
            _ => return Err(format!("bad skipped line '{text}'")),
        }
    }
    Ok(skipped)
}

fn parse_sample(line: &str, terms: usize) -> Result<Sample, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != 3 + terms {
        return Err(format!(
            "{} values, expected {} (game, result, offset and {terms} terms)",
            words.len(),
            3 + terms
        ));
    }
    let result: f64 = number(words[1])?;
    if ![0.0, 0.5, 1.0].contains(&result) {
        return Err(format!("result '{}' is not 1, 0.5 or 0", words[1]));
    }
    Ok(Sample {
        game: number(words[0])?,
        result,
        offset: number(words[2])?,
        diffs: words[3..]
            .iter()
            .map(|w| number(w))
            .collect::<Result<_, _>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(games: usize) -> DataSettings {
        DataSettings {
            game: GameKind::JesonMor,
            size: BoardSize::square(7),
            games,
            budget: Budget::Nodes(100),
            random_plies: 2,
            seed: 3,
        }
    }

    #[test]
    fn text_round_trips() {
        let data = DataSet {
            settings: settings(2),
            terms: vec!["material".into(), "side to move".into()],
            samples: vec![
                Sample {
                    game: 0,
                    result: 0.5,
                    offset: -3.0,
                    diffs: vec![100.0, -15.0],
                },
                Sample {
                    game: 1,
                    result: 1.0,
                    offset: 0.0,
                    diffs: vec![0.0, 15.0],
                },
            ],
            skipped: Skipped {
                proven: 4,
                decided: 1,
                unfinished_games: 0,
            },
        };
        assert_eq!(DataSet::from_text(&data.to_text()), Ok(data));
    }

    #[test]
    fn bad_files_name_the_line() {
        assert!(
            DataSet::from_text("hello")
                .unwrap_err()
                .contains("not a tune")
        );
        let mut text = DataSet {
            settings: settings(1),
            terms: vec!["a".into()],
            samples: Vec::new(),
            skipped: Skipped::default(),
        }
        .to_text();
        text.push_str("0 1 0\n");
        let problem = DataSet::from_text(&text).unwrap_err();
        assert!(problem.starts_with("line 11:"), "{problem}");
    }

    #[test]
    fn self_play_is_reproducible_and_terms_add_up() {
        let quiet = |_: usize| {};
        let first = generate(&settings(3), 2, &quiet).unwrap();
        assert_eq!(first, generate(&settings(3), 1, &quiet).unwrap());
        assert!(!first.samples.is_empty());
        assert!(first.samples.iter().all(|s| s.offset == 0.0));
        assert!(first.terms.iter().any(|t| t == "material"));
    }
}
