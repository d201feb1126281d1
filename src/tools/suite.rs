//! `tabula suite`: test suites in an EPD-like format. Each line is a position string followed by
//! `;`-separated fields: `bm <move>...` (a best move), `am <move>...` (moves to avoid),
//! `id "<name>"`, and perft counts `D<depth> <count>`. Every position is checked; before the
//! last line, `N passed, M failed`, a score line counts the best-move (`bm`/`am`) positions
//! passed, so that engines can be compared. The best moves are searched by tabula's own search,
//! or asked of any engine that speaks the protocol (`--engine`, as `tabula match` takes it), its
//! moves judged by tabula's rules; perft counts are always checked by tabula's rules.

use crate::board::position_text::parse_position_text;
use crate::bounded_read;
use crate::engine_process::log::EngineLog;
use crate::engine_process::player::{
    DEFAULT_STALL_TIMEOUT, Player, clock_go, fixed_go, last_report,
};
use crate::engine_process::process::{EngineFailure, EngineSpec};
use crate::engine_process::time_control::TimeControl;
use crate::game::BoardSize;
use crate::games::{GameKind, game_and_size};
use crate::record::position_line::PositionLine;
use crate::search::limits::{Clock, Limits};
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::session::GameSession;
use crate::tools::console::print_line;
use crate::tools::tournament::option_check::check_engine;
use std::time::Duration;

/// One position of a suite with what is expected of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteEntry {
    pub line_number: usize,
    pub position: String,
    pub id: Option<String>,
    pub best_moves: Vec<String>,
    pub avoid_moves: Vec<String>,
    pub perft: Vec<(u32, u64)>,
}

impl SuiteEntry {
    fn name(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("line {}", self.line_number))
    }
}

/// How many leading tokens of `tokens` form the position string (board, side, maybe counters).
fn position_length(tokens: &[&str]) -> usize {
    let is_number = |t: Option<&&str>| t.is_some_and(|t| t.parse::<u32>().is_ok());
    if is_number(tokens.get(2)) && is_number(tokens.get(3)) {
        4
    } else {
        2.min(tokens.len())
    }
}

fn apply_field(entry: &mut SuiteEntry, tokens: &[&str]) -> Result<(), String> {
    let Some((&keyword, values)) = tokens.split_first() else {
        return Ok(());
    };
    let moves = || values.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    match keyword {
        "bm" => entry.best_moves.extend(moves()),
        "am" => entry.avoid_moves.extend(moves()),
        "id" => entry.id = Some(values.join(" ").trim_matches('"').to_string()),
        _ => {
            let depth = keyword
                .strip_prefix('D')
                .and_then(|d| d.parse::<u32>().ok())
                .ok_or_else(|| format!("unknown field '{keyword}' (bm, am, id or D<depth>)"))
                .and_then(crate::game::check_perft_depth)?;
            let count = match values {
                [count] => count
                    .parse::<u64>()
                    .map_err(|_| format!("bad perft count '{count}'"))?,
                _ => return Err(format!("field '{keyword}' needs one count")),
            };
            entry.perft.push((depth, count));
        }
    }
    Ok(())
}

/// Parses one suite line; `None` for a blank or comment (`#`) line.
pub fn parse_suite_line(line_number: usize, line: &str) -> Result<Option<SuiteEntry>, String> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut segments = trimmed.split(';');
    let first: Vec<&str> = segments.next().unwrap_or("").split_whitespace().collect();
    let split = position_length(&first);
    let mut entry = SuiteEntry {
        line_number,
        position: first[..split].join(" "),
        ..SuiteEntry::default()
    };
    if entry.position != "startpos" {
        parse_position_text(&entry.position)
            .map_err(|problem| format!("bad position '{}': {problem}", entry.position))?;
    }
    apply_field(&mut entry, &first[split..])?;
    for segment in segments {
        apply_field(&mut entry, &segment.split_whitespace().collect::<Vec<_>>())?;
    }
    if entry.best_moves.is_empty() && entry.avoid_moves.is_empty() && entry.perft.is_empty() {
        return Err("no expectation (bm, am or D<depth>)".to_string());
    }
    Ok(Some(entry))
}

/// How to run a suite.
#[derive(Clone, Debug)]
pub struct SuiteConfig {
    pub game: GameKind,
    pub size: BoardSize,
    pub limits: Limits,
    pub hash_mb: usize,
    /// The engine that plays the best-move positions; tabula's own search when `None`.
    pub engine: Option<EngineSpec>,
}

fn canonical(session: &dyn GameSession, moves: &[String]) -> Result<Vec<String>, String> {
    moves.iter().map(|m| session.canonical_move(m)).collect()
}

/// The limit of an engine's search with `limits` (one of depth, nodes or move time, as
/// `tabula suite` takes them; a second by default).
fn engine_limit(limits: &Limits) -> TimeControl {
    if let Some(clock) = limits.white_clock {
        return TimeControl::Clock {
            base_ms: clock.time_left_ms,
            increment_ms: clock.increment_ms,
        };
    }
    match (limits.depth, limits.nodes, limits.movetime_ms) {
        (Some(depth), _, _) => TimeControl::Depth(depth),
        (_, Some(nodes), _) => TimeControl::Nodes(nodes),
        (_, _, ms) => TimeControl::MoveTime(ms.unwrap_or(1000)),
    }
}

/// Who plays the best-move positions.
enum Mover {
    /// tabula's own search, with its table.
    Search(TranspositionTable),
    /// An engine process.
    Engine(Box<Player>),
}

/// A move played in a best-move position: its text as played (`None` when no move was named),
/// and the score given for it.
struct Played {
    text: Option<String>,
    score: Option<String>,
}

/// What checking an entry comes to: `Ok(description)` when it passes, `Err(description)` when
/// it fails.
type Checked = Result<String, String>;

/// Why a suite stopped: its engine failed.
type Stopped = String;

impl Mover {
    /// The move played in `session` (the position of `entry`): searched, or asked of the engine.
    /// `Err` when the engine failed, which stops the suite.
    fn play(
        &mut self,
        config: &SuiteConfig,
        session: &dyn GameSession,
        entry: &SuiteEntry,
    ) -> Result<Played, Stopped> {
        let player = match self {
            Mover::Search(tt) => {
                tt.clear();
                let summary = session.search(
                    &config.limits,
                    Settings::default(),
                    tt,
                    &Signals::default(),
                    &mut |_| {},
                );
                return Ok(Played {
                    text: summary.best_move,
                    score: Some(summary.result.score.to_string()),
                });
            }
            Mover::Engine(player) => player,
        };
        let default_start =
            entry.position == "startpos" && config.size == config.game.default_size();
        let position = if default_start {
            "position startpos".to_string()
        } else {
            format!(
                "position fen {}",
                player.outgoing_position(&session.position_text())
            )
        };
        let limit = engine_limit(&config.limits);
        let (go, patience) = fixed_go(limit, DEFAULT_STALL_TIMEOUT).unwrap_or_else(|| {
            let (base_ms, increment_ms) = match limit {
                TimeControl::Clock {
                    base_ms,
                    increment_ms,
                } => (base_ms, increment_ms),
                _ => (1000, 0),
            };
            let clock = (base_ms as i64, increment_ms);
            let go = clock_go(player.spec.protocol, [clock, clock]);
            (go, Duration::from_millis(base_ms + increment_ms + 5000))
        });
        let answer = player
            .new_game()
            .and_then(|()| player.ask(&position, &go, patience))
            .map_err(|failure| {
                let how = match failure {
                    EngineFailure::Timeout => {
                        format!("stalls: no bestmove within {} ms", patience.as_millis())
                    }
                    _ => format!(
                        "disconnects: {}",
                        (player.process.exit_text()).unwrap_or_else(|| failure.to_string())
                    ),
                };
                format!(
                    "engine '{}' {how}, at {} (line {})",
                    player.spec.name,
                    entry.name(),
                    entry.line_number
                )
            })?;
        Ok(Played {
            text: answer.best_move,
            score: last_report(&answer.lines).0,
        })
    }
}

/// Checks one entry, `Err` when the engine failed.
fn check(config: &SuiteConfig, mover: &mut Mover, entry: &SuiteEntry) -> Result<Checked, Stopped> {
    let line = PositionLine {
        position: (entry.position != "startpos").then(|| entry.position.clone()),
        moves: vec![],
    };
    let session = match line.build(config.game, config.size) {
        Ok(session) => session,
        Err(problem) => return Ok(Err(problem)),
    };
    let mut passed = Vec::new();
    for &(depth, expected) in &entry.perft {
        let counted = session.perft(depth, 1);
        if counted != expected {
            return Ok(Err(format!(
                "perft {depth}: expected {expected}, counted {counted}"
            )));
        }
        passed.push(format!("D{depth} {counted}"));
    }
    if entry.best_moves.is_empty() && entry.avoid_moves.is_empty() {
        return Ok(Ok(passed.join(", ")));
    }
    let expected = canonical(session.as_ref(), &entry.best_moves)
        .and_then(|best| Ok((best, canonical(session.as_ref(), &entry.avoid_moves)?)));
    let (best, avoid) = match expected {
        Ok(expected) => expected,
        Err(problem) => return Ok(Err(problem)),
    };
    let played = mover.play(config, session.as_ref(), entry)?;
    let text = match played
        .text
        .as_deref()
        .map(|text| session.canonical_move(text))
    {
        Some(Ok(text)) => text,
        Some(Err(problem)) => return Ok(Err(format!("played an illegal move: {problem}"))),
        None => return Ok(Err("played no move (a bare bestmove)".to_string())),
    };
    if !best.is_empty() && !best.contains(&text) {
        return Ok(Err(format!("bm {}: played {text}", best.join(" "))));
    }
    if avoid.contains(&text) {
        return Ok(Err(format!("am {}: played {text}", avoid.join(" "))));
    }
    passed.push(match played.score {
        Some(score) => format!("played {text} ({score})"),
        None => format!("played {text}"),
    });
    Ok(Ok(passed.join(", ")))
}

/// The score line: how many of the `total` best-move positions passed, `None` without any.
fn score_line(passed: usize, total: usize) -> Option<String> {
    (total > 0).then(|| {
        let percent = 100.0 * passed as f64 / total as f64;
        format!("score: {passed} of {total} best-move positions ({percent:.1} %)")
    })
}

/// Starts the engine of `spec` for `game` once its options are checked as `tabula match`
/// checks them: a refused option stops the suite before it starts.
fn start_engine(spec: &EngineSpec, game: GameKind) -> Result<Player, String> {
    let log = EngineLog::default();
    let problems = check_engine(spec, game, &log)
        .map_err(|problem| format!("cannot run the suite: {problem}"))?;
    if !problems.is_empty() {
        let texts: Vec<String> = problems.iter().map(ToString::to_string).collect();
        return Err(texts.join("; "));
    }
    Player::start(spec, game, &log).map_err(|failure| format!("engine '{}': {failure}", spec.name))
}

/// Runs every entry of the suite `text`, writing a line per position, the score of the
/// best-move positions (where there are any) and the totals last; returns (passed, failed), or
/// why the suite could not be run or was stopped (its engine failed to start or to answer).
/// Unparsable lines count as failed.
pub fn run_suite(
    config: &SuiteConfig,
    text: &str,
    out: &mut dyn FnMut(&str),
) -> Result<(usize, usize), String> {
    let mut mover = match &config.engine {
        None => Mover::Search(TranspositionTable::try_new(config.hash_mb)?),
        Some(spec) => Mover::Engine(Box::new(start_engine(spec, config.game)?)),
    };
    let (mut passed, mut failed) = (0, 0);
    let (mut scored, mut best_move_entries) = (0, 0);
    for (index, line) in text.lines().enumerate() {
        let entry = match parse_suite_line(index + 1, line) {
            Ok(Some(entry)) => entry,
            Ok(None) => continue,
            Err(problem) => {
                failed += 1;
                out(&format!("FAIL line {}: {problem}", index + 1));
                continue;
            }
        };
        let best_move = !entry.best_moves.is_empty() || !entry.avoid_moves.is_empty();
        best_move_entries += usize::from(best_move);
        match check(config, &mut mover, &entry)? {
            Ok(description) => {
                passed += 1;
                scored += usize::from(best_move);
                out(&format!("pass {}: {description}", entry.name()));
            }
            Err(description) => {
                failed += 1;
                out(&format!("FAIL {}: {description}", entry.name()));
            }
        }
    }
    if let Mover::Engine(player) = mover {
        player.process.shut_down();
    }
    if let Some(score) = score_line(scored, best_move_entries) {
        out(&score);
    }
    out(&format!("{passed} passed, {failed} failed"));
    Ok((passed, failed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::assert_refusals;

    #[test]
    fn parses_fields_with_and_without_a_leading_semicolon() {
        let entry = parse_suite_line(3, "8/8/8/4n3/3N4/8/8/8 w 0 1 D1 8; D2 62 ;id \"start\"")
            .unwrap()
            .unwrap();
        assert_eq!(entry.position, "8/8/8/4n3/3N4/8/8/8 w 0 1");
        assert_eq!(entry.perft, vec![(1, 8), (2, 62)]);
        assert_eq!(entry.id.as_deref(), Some("start"));
        let entry = parse_suite_line(4, "3N/4/2*1/n3 w ; bm d4b3 ; am d4c2")
            .unwrap()
            .unwrap();
        assert_eq!(entry.position, "3N/4/2*1/n3 w");
        assert_eq!(
            (entry.best_moves, entry.avoid_moves),
            (vec!["d4b3".into()], vec!["d4c2".into()])
        );
        assert_eq!(parse_suite_line(5, "# comment").unwrap(), None);
    }

    #[test]
    fn bad_lines_name_the_problem() {
        assert_refusals(
            |line| parse_suite_line(1, line),
            &[
                ("8/8 w ; xx 3", "'xx'"),
                ("8/8 w ; D2 many", "'many'"),
                ("8/8 w", "no expectation"),
                ("this is not a suite line", "bad position 'this is'"),
            ],
        );
    }

    #[test]
    fn runs_perft_and_best_move_checks() {
        let config = SuiteConfig {
            game: GameKind::Joust,
            size: BoardSize::square(8),
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            hash_mb: 1,
            engine: None,
        };
        let text = "8/8/8/4n3/3N4/8/8/8 w 0 1 ; D1 8 ; D3 356\n\
                    8/8/8/4n3/3N4/8/8/8 w 0 1 ; D2 63 ; id wrong\n\
                    3N/4/2*1/n3 w 0 1 ; bm d4b3\n\
                    3N/4/2*1/n3 w 0 1 ; am d4b3 ; id avoid\n";
        let mut lines = Vec::new();
        let totals = run_suite(&config, text, &mut |l| lines.push(l.to_string()));
        let totals = totals.expect("a 1 MB table");
        assert_eq!(totals, (2, 2), "{lines:#?}");
        assert!(lines[1].starts_with("FAIL wrong: perft 2: expected 63, counted 62"));
        assert_eq!(
            lines[lines.len() - 2..],
            [
                "score: 1 of 2 best-move positions (50.0 %)",
                "2 passed, 2 failed"
            ]
        );
    }

    #[test]
    fn the_score_counts_best_move_positions_only() {
        assert_eq!(score_line(0, 0), None);
        assert_eq!(
            score_line(2, 3).as_deref(),
            Some("score: 2 of 3 best-move positions (66.7 %)")
        );
    }

    #[test]
    fn an_engine_searches_under_the_suites_limit() {
        let limits = |depth, nodes, movetime_ms| Limits {
            depth,
            nodes,
            movetime_ms,
            ..Limits::default()
        };
        assert_eq!(
            engine_limit(&limits(Some(4), None, None)),
            TimeControl::Depth(4)
        );
        assert_eq!(
            engine_limit(&limits(None, Some(900), None)),
            TimeControl::Nodes(900)
        );
        assert_eq!(
            engine_limit(&limits(None, None, Some(50))),
            TimeControl::MoveTime(50)
        );
        assert_eq!(
            engine_limit(&limits(None, None, None)),
            TimeControl::MoveTime(1000)
        );
    }

    #[test]
    fn engine_settings_are_those_of_match_without_a_time_control() {
        let words = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
        let spec = engine_spec(&words("cmd=./tabula option.Level=easy")).expect("an engine");
        assert_eq!(spec.command, ["./tabula"]);
        assert_eq!(spec.options, [("Level".to_string(), "easy".to_string())]);
        let spec = engine_spec(&["cmd=./tabula name=easy".to_string()]).expect("one argument");
        assert_eq!(spec.name, "easy");
        assert_refusals(
            |text| engine_spec(&words(text)),
            &[
                ("cmd=./tabula tc=10+0.1", "'tc=10+0.1'"),
                ("cmd=./tabula proto=xboard", "'xboard'"),
                ("name=lonely", "needs a command"),
            ],
        );
    }

    #[test]
    fn an_illegal_move_of_an_engine_fails_naming_it() {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_engines/illegal.sh");
        let engine = EngineSpec::parse(&["bash".to_string(), script.to_string()]);
        let config = SuiteConfig {
            game: GameKind::Joust,
            size: BoardSize::square(8),
            limits: Limits::default(),
            hash_mb: 1,
            engine: Some(engine.expect("an engine")),
        };
        let text = "3N/4/2*1/n3 w 0 1 ; bm d4b3 ; id trap\n";
        let mut lines = Vec::new();
        let totals = run_suite(&config, text, &mut |l| lines.push(l.to_string()));
        assert_eq!(totals, Ok((0, 1)), "{lines:#?}");
        assert!(
            lines[0].starts_with("FAIL trap: played an illegal move: move 'a1a1'"),
            "{lines:#?}"
        );
        assert_eq!(lines[1], "score: 0 of 1 best-move positions (0.0 %)");
    }
}

/// Arguments of `tabula suite`.
#[derive(clap::Args, Debug)]
pub struct SuiteArgs {
    #[command(flatten)]
    pub search: crate::tools::search_args::PositionSearchArgs,
    /// Ask this engine for the best moves instead of tabula's own search: its command line and
    /// settings as `tabula match --engine` takes them (cmd=<command line>, name=, proto=uci|ugi,
    /// notation=plain|fsf, option.<Name>=<value>), as one argument or several, after FILE. Each
    /// position is a new game: ucinewgame (uginewgame), position, then go depth, go nodes or go
    /// movetime by --depth, --nodes or --movetime; its move is judged by tabula's rules. Perft
    /// fields (D<depth>) are counted by tabula's rules, not the engine's. E.g. --engine
    /// cmd=./tabula option.Level=easy
    #[arg(long, num_args = 1.., value_name = "SETTING", conflicts_with = "hash")]
    pub engine: Option<Vec<String>>,
    /// Search each position as the first move of a game on this clock (BASE+INC in seconds,
    /// e.g. 1+0.01: `go wtime 1000 btime 1000 winc 10 binc 10`), instead of --depth, --nodes
    /// or --movetime.
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["depth", "nodes", "movetime"])]
    pub clock: Option<String>,
    /// The suite file.
    pub file: std::path::PathBuf,
}

/// The engine of `--engine`'s words (each may hold several settings, split at spaces), or why
/// not: a time control (`tc=`) has no place in a suite, whose limits are its own.
fn engine_spec(words: &[String]) -> Result<EngineSpec, String> {
    let tokens: Vec<String> = (words.iter())
        .flat_map(|word| word.split_whitespace().map(String::from))
        .collect();
    if let Some(tc) = tokens.iter().find(|token| token.starts_with("tc=")) {
        return Err(format!(
            "--engine setting '{tc}': a suite's limits are --depth, --movetime or --nodes"
        ));
    }
    EngineSpec::parse(&tokens).map_err(|problem| format!("--engine: {problem}"))
}

/// The limits of `--clock BASE+INC`: both clocks full, as at a game's first move.
fn clock_limits(text: &str) -> Result<Limits, String> {
    match TimeControl::parse(text) {
        Ok(TimeControl::Clock {
            base_ms,
            increment_ms,
        }) => {
            let clock = Some(Clock {
                time_left_ms: base_ms,
                increment_ms,
            });
            Ok(Limits {
                white_clock: clock,
                black_clock: clock,
                ..Limits::default()
            })
        }
        _ => Err(format!(
            "bad --clock '{text}' (BASE+INC in seconds, e.g. 1+0.01)"
        )),
    }
}

/// `tabula suite FILE`: exit code 1 if any position failed.
pub fn run_command(args: &SuiteArgs) -> Result<i32, String> {
    let search = &args.search;
    let (game, size) = game_and_size(&search.game, search.size.as_deref())?;
    let engine = args.engine.as_deref().map(engine_spec).transpose()?;
    let text = bounded_read::read_text(&args.file, bounded_read::MAX_POSITION_FILE)?;
    let config = SuiteConfig {
        game,
        size,
        limits: match args.clock.as_deref() {
            Some(clock) => clock_limits(clock)?,
            None => search.limits.limits(),
        },
        hash_mb: search.limits.hash,
        engine,
    };
    let (_, failed) = run_suite(&config, &text, &mut |line| print_line(line))?;
    Ok(i32::from(failed > 0))
}
