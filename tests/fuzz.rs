//! Seeded protocol fuzzing: random sessions of real and mangled commands for every game, sent to
//! the real binary. Whatever comes in, the engine must stay alive and answer every line, give at
//! most one error line per command and leave the game as it was when it refuses one, give exactly
//! one `bestmove` per accepted `go`, exit cleanly at the end of input, and never panic.

#[allow(dead_code)]
mod common;

use common::Engine;
use std::time::Duration;

/// A small deterministic generator (xorshift64*), so that a failing seed can be replayed.
struct Dice(u64);

impl Dice {
    fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// The engine with every search line (`info`, `bestmove`) it has printed, whenever it printed it.
struct Session {
    engine: Engine,
    search_lines: Vec<String>,
    /// How many replies have been asked for.
    asked: usize,
    /// The games the engine offers (its `UCI_Variant` values), so that every game is fuzzed.
    variants: Vec<String>,
}

impl Session {
    /// The reply to `text`, without the lines of a search running meanwhile.
    ///
    /// The reply ends at the error line of a unique unknown command sent after `text`: the engine
    /// keeps it in order behind commands that wait for a running search (`isready` is no such
    /// marker, being answered at once).
    fn ask(&mut self, text: &str) -> Vec<String> {
        self.asked += 1;
        let marker = format!("fuzz-marker-{}", self.asked);
        self.engine.send(text);
        self.engine.send(&marker);
        let end = format!("info string error: unknown command '{marker}'");
        let mut lines = self.engine.read_until(&end);
        lines.pop();
        let (search, reply): (Vec<String>, Vec<String>) = lines
            .into_iter()
            .partition(|l| l.starts_with("bestmove") || l.starts_with("info ") && !is_error(l));
        self.search_lines.extend(search);
        reply
    }

    fn games(&self) -> Vec<&str> {
        self.variants.iter().map(String::as_str).collect()
    }

    fn fen(&mut self) -> String {
        self.ask("d")
            .iter()
            .find_map(|l| l.strip_prefix("Fen: ").map(str::to_string))
            .unwrap_or_default()
    }
}

/// Where the session's position came from, as the engine was last told it.
struct Line {
    base: String,
    moves: Vec<String>,
}

impl Line {
    fn command(&self) -> String {
        if self.moves.is_empty() {
            format!("position {}", self.base)
        } else {
            format!("position {} moves {}", self.base, self.moves.join(" "))
        }
    }
}

const SIZES: [&str; 12] = [
    "", "5", "6", "7", "8", "9", "6x5", "3x4", "2", "26", "8x", "x",
];
const GARBAGE: [&str; 9] = ["é", "€", "\t", "-", "/", "*", "x", "  ", "\u{0}"];

/// A command a user might send, built from the protocol's grammar and the position's real moves.
fn command(dice: &mut Dice, session: &mut Session, line: &Line) -> (String, Option<Line>) {
    match dice.below(16) {
        0 => {
            let game = dice.pick(&session.games());
            let size = dice.pick(&SIZES);
            let base = "startpos".to_string();
            let next = Line {
                base,
                moves: Vec::new(),
            };
            (format!("newgame {game} {size}"), Some(next))
        }
        1..=4 => {
            let moves = session.ask("moves");
            let legal: Vec<&str> = moves
                .first()
                .map(|l| l.split_whitespace().collect())
                .unwrap_or_default();
            let mut next = Line {
                base: line.base.clone(),
                moves: line.moves.clone(),
            };
            if !legal.is_empty() && legal[0] != "(none)" {
                next.moves.push(dice.pick(&legal).to_string());
            }
            (next.command(), Some(next))
        }
        5 => {
            let next = Line {
                base: format!("fen {}", session.fen()),
                moves: Vec::new(),
            };
            (next.command(), Some(next))
        }
        6..=8 => {
            let limit = match dice.below(11) {
                0 => format!("depth {}", 1 + dice.below(4)),
                1 => format!("nodes {}", dice.below(5000)),
                2 => format!("movetime {}", dice.below(40)),
                3 => format!(
                    "wtime {} btime {} winc {} binc {}",
                    dice.below(300) as i64 - 50,
                    dice.below(300),
                    dice.below(20),
                    dice.below(20)
                ),
                4 => format!("p1time {} p2time {}", dice.below(200), dice.below(200)),
                5 => "infinite".to_string(),
                6 => format!("perft {}", 1 + dice.below(2)),
                7 => format!("mate {}", 1 + dice.below(3)),
                8 => {
                    let moves = session.ask("moves");
                    let legal: Vec<&str> = moves
                        .first()
                        .map(|l| l.split_whitespace().collect())
                        .unwrap_or_default();
                    let chosen = if legal.is_empty() {
                        "a1b3"
                    } else {
                        dice.pick(&legal)
                    };
                    format!("depth {} searchmoves {chosen}", 1 + dice.below(3))
                }
                9 => format!("ponder wtime {} btime {}", dice.below(300), dice.below(300)),
                _ => String::new(),
            };
            (format!("go {limit}"), None)
        }
        9 => {
            let option = match dice.below(9) {
                0 => format!("Hash value {}", 1 + dice.below(4)),
                1 => format!("Threads value {}", 1 + dice.below(2)),
                2 => format!(
                    "Level value {}",
                    dice.pick(&["random", "greedy", "novice", "hard", "max"])
                ),
                3 => format!("MultiPV value {}", 1 + dice.below(3)),
                4 => format!("EngineDraws value {}", dice.pick(&["true", "false"])),
                5 => format!("Seed value {}", dice.below(1000)),
                6 => "Clear Hash".to_string(),
                7 => format!("UCI_Variant value {}", dice.pick(&session.games())),
                _ => "Move Overhead value 0".to_string(),
            };
            (format!("setoption name {option}"), None)
        }
        10 | 11 => (dice.pick(&["stop", "stop", "ponderhit"]).to_string(), None),
        12 => {
            let query = dice.pick(&["p1turn", "gameover", "result"]);
            (format!("query {query}"), None)
        }
        13 => {
            let look = dice.pick(&[
                "d",
                "moves",
                "eval",
                "help",
                "ucinewgame",
                "uci",
                "ugi",
                "debug on",
                "debug off",
            ]);
            (look.to_string(), None)
        }
        14 => (format!("perft {}", dice.below(2)), None),
        _ => (line.command(), None),
    }
}

/// The command with a random slip: a character lost, doubled or replaced, words swapped or cut.
/// Digits are never added, so that a slip cannot turn `perft 1` into a legitimately long `perft 11`.
fn mangle(dice: &mut Dice, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut words: Vec<&str> = text.split(' ').collect();
    match dice.below(5) {
        0 if !chars.is_empty() => {
            chars.remove(dice.below(chars.len()));
            chars.into_iter().collect()
        }
        1 if chars.iter().any(|c| !c.is_ascii_digit()) => {
            let mut at = dice.below(chars.len());
            while chars[at].is_ascii_digit() {
                at = (at + 1) % chars.len();
            }
            chars.insert(at, chars[at]);
            chars.into_iter().collect()
        }
        2 if !chars.is_empty() => {
            let at = dice.below(chars.len());
            let garbage: Vec<char> = dice.pick(&GARBAGE).chars().collect();
            chars.splice(at..=at, garbage);
            chars.into_iter().collect()
        }
        3 if words.len() > 1 => {
            let a = dice.below(words.len());
            let b = dice.below(words.len());
            words.swap(a, b);
            words.join(" ")
        }
        _ => {
            words.truncate(dice.below(words.len() + 1));
            words.join(" ")
        }
    }
}

fn is_error(line: &str) -> bool {
    line.starts_with("info string error: ")
}

/// Whether a sent line, as the engine reads it, starts a search that ends with a `bestmove`.
fn starts_a_search(text: &str) -> bool {
    let mut words = text.split_ascii_whitespace();
    words.next() == Some("go") && words.next() != Some("perft")
}

fn fuzz(seed: u64, commands: usize) {
    let mut dice = Dice::new(seed);
    let mut session = Session {
        engine: Engine::start(),
        search_lines: Vec::new(),
        asked: 0,
        variants: Vec::new(),
    };
    session.variants = session
        .ask("uci")
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .map(|l| l.split(" var ").skip(1).map(String::from).collect())
        .unwrap_or_default();
    assert!(session.variants.len() >= 4, "{:?}", session.variants);
    let mut line = Line {
        base: "startpos".to_string(),
        moves: Vec::new(),
    };
    let mut searches = 0;
    for _ in 0..commands {
        let (mut text, mut next) = command(&mut dice, &mut session, &line);
        if dice.chance(30) {
            text = mangle(&mut dice, &text);
            next = None;
        }
        eprintln!("seed {seed} sends: {text}");
        let before = session.ask("d");
        let reply = session.ask(&text);
        let after = session.ask("d");
        let errors = reply.iter().filter(|l| is_error(l)).count();
        assert!(errors <= 1, "seed {seed}: '{text}' gave {reply:#?}");
        if errors == 1 {
            assert_eq!(
                after, before,
                "seed {seed}: '{text}' was refused but changed the game"
            );
            continue;
        }
        if starts_a_search(&text) {
            searches += 1;
        }
        if let Some(next) = next {
            line = next;
        } else if after != before {
            line = Line {
                base: format!("fen {}", session.fen()),
                moves: Vec::new(),
            };
        }
    }
    let engine = &mut session.engine;
    engine.close_input();
    session.search_lines.extend(engine.rest());
    assert!(
        engine.exits_within(Duration::from_secs(10)),
        "seed {seed}: no exit"
    );
    let stderr = engine.stderr();
    assert!(
        !stderr.contains("panicked"),
        "seed {seed}: the engine panicked:\n{stderr}"
    );
    let bestmoves = session
        .search_lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .count();
    assert_eq!(bestmoves, searches, "seed {seed}: one bestmove per search");
}

#[test]
fn random_sessions_never_break_the_engine() {
    for seed in 1..=40 {
        fuzz(seed, 200);
    }
}
