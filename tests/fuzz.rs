//! Property-based protocol fuzzing (proptest): sessions of commands built from the protocol's
//! grammar, for every game and both protocols (UCI/UGI and CECP), real moves of the position
//! among them, with slips, bad tokens, huge numbers, long lines and bytes that are not UTF-8,
//! sent to the real binary. The laws, after every command:
//!
//! - the engine never panics, and ends on `quit` (within a bound far below any fault's);
//! - a command gives at most one error line;
//! - a refused command leaves the game as it was (UCI: `d` before and after; CECP has no
//!   command that shows the position);
//! - `isready` (CECP: `ping`) is answered within its bound;
//! - every accepted UCI `go` gets exactly one `bestmove`.
//!
//! How long it runs, and where failing sequences are kept: tests/common/fuzzing.rs.

#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/fuzzing.rs"]
mod fuzzing;

use common::{Engine, process};
use fuzzing::{Slip, apply, bad_token, slip, to_bytes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::time::{Duration, Instant};

/// The bound on `isready` and `ping` after any command: the engine answers within 100 ms on an
/// idle machine; this leaves room for a loaded one.
const READY_BOUND: Duration = Duration::from_secs(3);
/// The bound on the process's end after `quit`.
const QUIT_BOUND: Duration = Duration::from_secs(3);

/// The games the engine offers (its `UCI_Variant` values), so that a new game is fuzzed too.
fn games() -> Vec<String> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            if let Some(mut input) = child.stdin.take() {
                input.write_all(b"uci\nquit\n")?;
            }
            child.wait_with_output()
        })
        .expect("tabula runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let games: Vec<String> = text
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .map(|l| l.split(" var ").skip(1).map(String::from).collect())
        .unwrap_or_default();
    assert!(games.len() >= 4, "{text}");
    games
}
const SIZES: [&str; 13] = [
    "", "5", "6", "7", "8", "9", "10", "6x5", "3x4", "2", "26", "8x", "x",
];

/// One step of a session, before the position it meets is known (moves are picked then).
#[derive(Clone, Debug)]
enum Step {
    /// A command as written.
    Say(String),
    /// Play the `n`-th legal move (modulo their number): `position ... moves ...` in UCI,
    /// `usermove` in CECP.
    Play(usize),
    /// `position fen` of the current position (UCI).
    SetFen,
    /// A command with a slip.
    Slipped(Box<Step>, Slip),
    /// Raw bytes of a bad token as a whole line.
    Junk(String),
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u32..5).prop_map(|n| n.to_string()),
        1 => bad_token(),
    ]
}

fn uci_step(games: Vec<String>) -> impl Strategy<Value = Step> {
    let game = prop::sample::select(games);
    let size = prop::sample::select(SIZES.to_vec());
    let go = prop_oneof![
        (1u32..4).prop_map(|d| format!("go depth {d}")),
        (0u32..3000).prop_map(|n| format!("go nodes {n}")),
        (0u32..40).prop_map(|t| format!("go movetime {t}")),
        (0i32..300, 0u32..300, 0u32..20)
            .prop_map(|(w, b, i)| format!("go wtime {} btime {b} winc {i} binc {i}", w - 50)),
        (0u32..200, 0u32..200).prop_map(|(a, b)| format!("go p1time {a} p2time {b}")),
        Just("go infinite".to_string()),
        (1u32..3).prop_map(|d| format!("go perft {d}")),
        (1u32..3).prop_map(|m| format!("go mate {m} depth 3")),
        Just("go ponder movetime 20".to_string()),
        number().prop_map(|n| format!("go depth {n}")),
        number().prop_map(|n| format!("go depth 2 searchmoves {n}")),
    ];
    let option = prop_oneof![
        prop_oneof![Just("1"), Just("2"), Just("4096"), Just("32768")]
            .prop_map(|n| format!("Hash value {n}")),
        prop_oneof![Just("1"), Just("2"), Just("256")].prop_map(|n| format!("Threads value {n}")),
        prop::sample::select(vec![
            "random",
            "greedy",
            "novice",
            "hard",
            "max",
            "Max",
            "",
            "grandmaster",
        ])
        .prop_map(|l| format!("Level value {l}")),
        prop_oneof![Just("1"), Just("3"), Just("256")].prop_map(|n| format!("MultiPV value {n}")),
        Just("EngineDraws value false".to_string()),
        Just("Ponder value true".to_string()),
        number().prop_map(|n| format!("Seed value {n}")),
        Just("Clear Hash".to_string()),
        game.clone().prop_map(|g| format!("UCI_Variant value {g}")),
        prop_oneof![Just("0"), Just("5000")].prop_map(|n| format!("Move Overhead value {n}")),
        prop_oneof![
            Just("/dev/zero"),
            Just("/"),
            Just("/nonexistent"),
            Just("<empty>")
        ]
        .prop_map(|p| format!("SolutionFile value {p}")),
        bad_token().prop_map(|t| format!("{t} value {t}")),
    ]
    .prop_map(|o| format!("setoption name {o}"));
    let look = prop::sample::select(vec![
        "d",
        "moves",
        "eval",
        "help",
        "ucinewgame",
        "uginewgame",
        "uci",
        "ugi",
        "debug on",
        "debug off",
        "query p1turn",
        "query gameover",
        "query result",
        "stop",
        "ponderhit",
        "isready",
        "perft 1",
        "perft 2",
        "perft 0",
        "bench x",
    ])
    .prop_map(String::from);
    let base = prop_oneof![
        8 => (game, size).prop_map(|(g, s)| Step::Say(format!("newgame {g} {s}"))),
        20 => (0usize..1000).prop_map(Step::Play),
        3 => Just(Step::SetFen),
        12 => go.prop_map(Step::Say),
        8 => option.prop_map(Step::Say),
        10 => look.prop_map(Step::Say),
        2 => bad_token().prop_map(|t| Step::Say(format!("position fen {t} w 0 1"))),
        2 => bad_token().prop_map(|t| Step::Say(format!("perft {t}"))),
        1 => bad_token().prop_map(Step::Junk),
    ];
    (base, prop::option::weighted(0.3, slip())).prop_map(|(step, slip)| match slip {
        Some(slip) => Step::Slipped(Box::new(step), slip),
        None => step,
    })
}

fn cecp_step(games: Vec<String>) -> impl Strategy<Value = Step> {
    let mut variants: Vec<String> = [
        "7x7_jesonmor",
        "10x10_apart",
        "6x6_joust",
        "3x3_joust",
        "chess",
        "26x26_apart",
    ]
    .map(String::from)
    .to_vec();
    variants.extend(games);
    let variant = prop::sample::select(variants);
    let word = prop::sample::select(vec![
        "new",
        "force",
        "go",
        "playother",
        "undo",
        "remove",
        "result 1-0",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "?",
        "draw",
        "hint",
        "bk",
        "random",
        "hard",
        "easy",
        "computer",
        "accepted",
        "rejected",
        "lift e4",
        "lift a1",
        "lift z9",
        "put e4",
        "hover d5",
    ])
    .prop_map(String::from);
    let setting = prop_oneof![
        (1u32..4).prop_map(|d| format!("sd {d}")),
        Just("st 1".to_string()),
        number().prop_map(|n| format!("time {n}")),
        number().prop_map(|n| format!("otim {n}")),
        Just("level 40 0:01 0".to_string()),
        Just("level 0 1 0.1".to_string()),
        prop_oneof![Just("1"), Just("4096"), Just("32768")].prop_map(|n| format!("memory {n}")),
        prop_oneof![Just("1"), Just("2"), Just("256")].prop_map(|n| format!("cores {n}")),
        prop::sample::select(vec!["random", "greedy", "max", "grandmaster", ""])
            .prop_map(|l| format!("option Level={l}")),
        prop_oneof![Just("1"), Just("3"), Just("0")].prop_map(|n| format!("option MultiPV={n}")),
        bad_token().prop_map(|t| format!("sd {t}")),
        bad_token().prop_map(|t| format!("setboard {t} w 0 1")),
    ];
    let base = prop_oneof![
        4 => variant.prop_map(|v| Step::Say(format!("variant {v}"))),
        12 => (0usize..1000).prop_map(Step::Play),
        10 => word.prop_map(Step::Say),
        6 => setting.prop_map(Step::Say),
        2 => bad_token().prop_map(|t| Step::Say(format!("usermove {t}"))),
        1 => bad_token().prop_map(Step::Junk),
    ];
    (base, prop::option::weighted(0.3, slip())).prop_map(|(step, slip)| match slip {
        Some(slip) => Step::Slipped(Box::new(step), slip),
        None => step,
    })
}

/// The engine and what the session has seen.
struct Session<'a> {
    counts: &'a fuzzing::Counts,
    engine: Engine,
    /// `bestmove` lines, and `info` lines that are not errors, seen so far.
    search_lines: Vec<String>,
    asked: usize,
    cecp: bool,
}

fn is_error(line: &str) -> bool {
    line.starts_with("info string error: ")
        || line.starts_with("Error (")
        || line.starts_with("Illegal move")
}

impl Session<'_> {
    fn send(&mut self, line: &str) {
        self.counts.commands(1);
        let mut bytes = to_bytes(line);
        bytes.push(b'\n');
        self.engine.send_bytes(&bytes);
    }

    /// The reply to `text`, ended by a marker that the engine answers in order: an unknown
    /// command (UCI) or a `ping` (CECP). Search lines are set aside.
    fn ask(&mut self, text: &str) -> Result<Vec<String>, TestCaseError> {
        self.asked += 1;
        let (marker, end) = if self.cecp {
            let n = 1_000_000 + self.asked;
            (format!("ping {n}"), format!("pong {n}"))
        } else {
            let marker = format!("fuzz-marker-{}", self.asked);
            let end = format!("info string error: unknown command '{marker}'");
            (marker, end)
        };
        self.send(text);
        self.send(&marker);
        let deadline = Instant::now() + common::TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.engine.next_line(left) {
                Some(line) if line.starts_with(&end) => break,
                Some(line) => lines.push(line),
                None => {
                    return Err(TestCaseError::fail(format!(
                        "no reply to '{}' within {:?}",
                        shown(text),
                        common::TIMEOUT
                    )));
                }
            }
        }
        let (search, reply): (Vec<String>, Vec<String>) = lines.into_iter().partition(|l| {
            l.starts_with("bestmove")
                || l.starts_with("info ") && !is_error(l)
                || self.cecp && !is_error(l) && !l.starts_with("highlight")
        });
        self.search_lines.extend(search);
        Ok(reply)
    }

    /// `isready` is answered within [`READY_BOUND`] (UCI only: CECP's `ping` is the marker).
    fn check_ready(&mut self, after: &str) -> Result<(), TestCaseError> {
        if self.cecp {
            return Ok(());
        }
        self.send("isready");
        let asked = Instant::now();
        loop {
            let left = READY_BOUND.saturating_sub(asked.elapsed());
            match self.engine.next_line(left) {
                Some(line) if line == "readyok" => return Ok(()),
                Some(line) => self.search_lines.push(line),
                None => {
                    return Err(TestCaseError::fail(format!(
                        "no readyok within {READY_BOUND:?} after '{}'",
                        shown(after)
                    )));
                }
            }
        }
    }

    fn display(&mut self) -> Result<Vec<String>, TestCaseError> {
        if self.cecp {
            return Ok(Vec::new());
        }
        self.ask("d")
    }

    fn legal_moves(&mut self) -> Result<Vec<String>, TestCaseError> {
        if self.cecp {
            return Ok(Vec::new());
        }
        let reply = self.ask("moves")?;
        Ok(reply
            .first()
            .filter(|l| *l != "(none)")
            .map(|l| l.split_whitespace().map(String::from).collect())
            .unwrap_or_default())
    }
}

/// A line shown in a failure, cut to a readable length.
fn shown(text: &str) -> String {
    text.chars().take(200).collect()
}

/// The text of `step` in the session's current state; `None` for a step that sends nothing.
fn text_of(session: &mut Session<'_>, step: &Step, line: &Line) -> Result<String, TestCaseError> {
    Ok(match step {
        Step::Say(text) | Step::Junk(text) => text.clone(),
        Step::Play(n) if session.cecp => {
            // CECP cannot list moves: play the start's first moves of the default game, or a
            // move that may be illegal (refused with `Illegal move`).
            let guesses = ["d4f5", "e5c4", "d4e6", "e5f7", "b1c3", "a2a3", "c1d3"];
            format!("usermove {}", guesses[n % guesses.len()])
        }
        Step::Play(n) => {
            let legal = session.legal_moves()?;
            let mut moves = line.moves.clone();
            if !legal.is_empty() {
                moves.push(legal[n % legal.len()].clone());
            }
            if moves.is_empty() {
                format!("position {}", line.base)
            } else {
                format!("position {} moves {}", line.base, moves.join(" "))
            }
        }
        Step::SetFen => {
            let fen = session
                .display()?
                .iter()
                .find_map(|l| l.strip_prefix("Fen: ").map(String::from))
                .unwrap_or_default();
            format!("position fen {fen}")
        }
        Step::Slipped(inner, slip) => {
            let text = text_of(session, inner, line)?;
            apply(slip, &text)
        }
    })
}

/// The last `position` command the engine took, as a start (`startpos` or `fen ...`) and moves.
struct Line {
    base: String,
    moves: Vec<String>,
}

impl Line {
    fn start() -> Line {
        Line {
            base: "startpos".to_string(),
            moves: Vec::new(),
        }
    }

    /// The line that `position` command `text` sets, if it is one.
    fn of(text: &str) -> Option<Line> {
        let rest = text.strip_prefix("position ")?;
        let (base, moves) = match rest.split_once(" moves ") {
            Some((base, moves)) => (base, moves.split(' ').map(String::from).collect()),
            None => (rest, Vec::new()),
        };
        Some(Line {
            base: base.to_string(),
            moves,
        })
    }
}

/// Whether `text` asks for work that is valid and long by the protocol's own rules (a slip can
/// make `perft 1e9` into `perft 19`): a perft deeper than 4, a search deeper than 6 plies, more
/// than 100000 nodes or 5 s (CECP's clocks are left alone: `ping` is answered while the engine
/// thinks). Such a command is not sent: it would be answered correctly, but
/// after the session's time.
fn long_by_design(text: &str) -> bool {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    words.windows(2).any(|pair| {
        let Ok(n) = pair[1].parse::<u64>() else {
            return false;
        };
        match pair[0] {
            "perft" => n > 4,
            "depth" | "sd" | "mate" => n > 6,
            "nodes" => n > 100_000,
            "movetime" | "wtime" | "btime" | "winc" | "binc" | "p1time" | "p2time" | "p1inc"
            | "p2inc" => n > 5_000,
            _ => false,
        }
    })
}

/// Whether a sent line, as the UCI engine reads it, starts a search that ends with `bestmove`.
fn starts_a_search(text: &str) -> bool {
    let mut words = text.split_ascii_whitespace();
    words.next() == Some("go") && words.next() != Some("perft")
}

/// Runs one session and checks the laws.
fn session(counts: &fuzzing::Counts, cecp: bool, steps: &[Step]) -> Result<(), TestCaseError> {
    counts.sequence();
    let mut session = Session {
        counts,
        engine: Engine::start(),
        search_lines: Vec::new(),
        asked: 0,
        cecp,
    };
    if cecp {
        session.send("xboard");
        session.ask("protover 2")?;
        session.ask("sd 2")?;
        session.ask("force")?;
    }
    let mut line = Line::start();
    let mut searches = 0;
    for step in steps {
        let text = text_of(&mut session, step, &line)?;
        if long_by_design(&text) {
            continue;
        }
        let before = session.display()?;
        let reply = session.ask(&text)?;
        session.check_ready(&text)?;
        let errors = reply.iter().filter(|l| is_error(l)).count();
        prop_assert!(
            errors <= 1,
            "'{}' gave {} error lines: {:#?}",
            shown(&text),
            errors,
            reply
        );
        let after = session.display()?;
        if errors == 1 {
            prop_assert_eq!(
                &after,
                &before,
                "'{}' was refused but changed the game",
                shown(&text)
            );
            continue;
        }
        if !cecp && starts_a_search(&text) {
            searches += 1;
        }
        if let Some(next) = Line::of(&text).filter(|_| !cecp) {
            line = next;
        } else if after != before {
            // The position changed some other way (a new game): go on from it as a string.
            if let Some(fen) = after.iter().find_map(|l| l.strip_prefix("Fen: ")) {
                line = Line {
                    base: format!("fen {fen}"),
                    moves: Vec::new(),
                };
            }
        }
    }
    session.send("quit");
    prop_assert!(
        session.engine.exits_within(QUIT_BOUND),
        "no exit within {QUIT_BOUND:?} of quit"
    );
    session.search_lines.extend(session.engine.rest());
    let stderr = session.engine.stderr();
    prop_assert!(
        !stderr.contains("panicked"),
        "the engine panicked:\n{}",
        stderr
    );
    if !cecp {
        let bestmoves = session
            .search_lines
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count();
        // `quit` may cut off the last search before it answers.
        prop_assert!(
            bestmoves == searches || bestmoves + 1 == searches,
            "{} bestmoves for {} searches",
            bestmoves,
            searches
        );
    }
    Ok(())
}

/// Sessions of `protocol` (CECP where `cecp`), `cases` of them, each of steps drawn by `step`.
fn sessions_keep_the_laws(
    protocol: &str,
    cases: u32,
    step: impl Strategy<Value = Step>,
    cecp: bool,
) {
    fuzzing::run(
        protocol,
        file!(),
        cases,
        prop::collection::vec(step, 1..40),
        |counts, steps| session(counts, cecp, &steps),
    );
}

#[test]
fn uci_sessions_keep_the_laws() {
    sessions_keep_the_laws("uci", 64, uci_step(games()), false);
}

#[test]
fn cecp_sessions_keep_the_laws() {
    sessions_keep_the_laws("cecp", 32, cecp_step(games()), true);
}
