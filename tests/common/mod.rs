//! A driver for the real `tabula` binary: write lines to its stdin, read its stdout with timeouts.

pub mod negamax;
pub mod process;
pub mod solving;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub const TIMEOUT: Duration = Duration::from_secs(20);

/// Time enough for an answer that must come at once (the rule is 100 ms on the development
/// machine) on a loaded machine, far below the searches' own limits; every fault this catches
/// took minutes or forever.
pub const PROMPT: Duration = Duration::from_secs(2);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Engine {
    pub fn start() -> Engine {
        Self::start_with_args(&[])
    }

    /// A fresh engine after `newgame <game>` (`game` may carry a size: `joust 12`).
    pub fn start_game(game: &str) -> Engine {
        let mut engine = Self::start();
        engine.send(&format!("newgame {game}"));
        engine
    }

    pub fn start_with_args(args: &[&str]) -> Engine {
        let mut child = process::start(&mut process::tabula(args), Stdio::piped(), Stdio::piped())
            .expect("the tabula binary starts");
        let stdin = child.stdin.take();
        let stderr = child.stderr.take().map(|mut pipe| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                String::from_utf8_lossy(&bytes).into_owned()
            })
        });
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            stderr,
        }
    }

    /// The engine's peak resident memory so far (VmHWM), in kB, where /proc tells it.
    pub fn peak_memory_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout` or at the end of output.
    pub fn next_line(&self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Every line up to and including the first that starts with `prefix`.
    pub fn read_until(&self, prefix: &str) -> Vec<String> {
        self.read_until_within(prefix, TIMEOUT)
    }

    /// The same, for an answer that must come at once: within `PROMPT`.
    pub fn read_promptly(&self, prefix: &str) -> Vec<String> {
        self.read_until_within(prefix, PROMPT)
    }

    /// Every line up to and including the first that starts with `prefix`; panics if none comes
    /// within `bound` (showing the first 200 characters of each line seen).
    fn read_until_within(&self, prefix: &str, bound: Duration) -> Vec<String> {
        let asked = Instant::now();
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(bound.saturating_sub(asked.elapsed())) {
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
        let shown: Vec<String> = seen.iter().map(|l| l.chars().take(200).collect()).collect();
        panic!("no line starting with '{prefix}' within {bound:?}; saw {shown:#?}");
    }

    /// The `bestmove` line that sending `line` (a `go ...` command, or `stop`) brings.
    pub fn bestmove(&mut self, line: &str) -> String {
        self.search(line).pop().expect("a bestmove line")
    }

    /// Sends `line` (a `go ...` command, or `stop`) and returns the search's lines up to its
    /// `bestmove`.
    pub fn search(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.read_until("bestmove")
    }

    /// Sends `position` (a `position ...` command), then `go`; the search's lines up to its
    /// `bestmove`.
    pub fn search_from(&mut self, position: &str, go: &str) -> Vec<String> {
        self.send(position);
        self.search(go)
    }

    /// Sends a perft command and returns its lines up to its `Nodes searched` total.
    pub fn perft(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.read_until("Nodes searched")
    }

    /// Asserts that `display` shows `line` (the whole line).
    pub fn assert_displays(&mut self, line: &str) {
        assert_shows(&self.display(), line);
    }

    /// Sends `quit` and asserts that the engine exits within `bound`.
    pub fn assert_quits_within(&mut self, bound: Duration) {
        self.send("quit");
        assert!(
            self.exits_within(bound),
            "quit was not obeyed within {bound:?}"
        );
    }

    /// Sends `position` (a `position` or `newgame` command) and asserts the result there as
    /// `query` gives it: `none` in a game not over, else `p1win`, `p2win` or `draw`.
    pub fn assert_result(&mut self, position: &str, result: &str) {
        self.send(position);
        let over = if result == "none" { "false" } else { "true" };
        let answers = [self.ask("query gameover"), self.ask("query result")];
        let expected = [format!("response {over}"), format!("response {result}")];
        assert_eq!(answers, expected.map(|answer| vec![answer]), "{position}");
    }

    /// Like `ask`, for an answer that must come at once: `readyok` within `PROMPT`.
    pub fn ask_promptly(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.read_promptly("readyok");
        lines.pop();
        lines
    }

    /// Sends `line`, then `isready`, and returns what came before `readyok`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.read_until("readyok");
        lines.pop();
        lines
    }

    /// The output of `d`.
    pub fn display(&mut self) -> Vec<String> {
        self.ask("d")
    }

    /// The position string `d` shows, and the first move `moves` lists.
    pub fn position_and_first_move(&mut self) -> (String, String) {
        let position = self
            .display()
            .iter()
            .find_map(|line| line.strip_prefix("Fen: ").map(str::to_string))
            .expect("d shows the position string");
        let moves = self.ask("moves");
        let first = moves[0].split_whitespace().next().expect("a first move");
        (position, first.to_string())
    }

    /// Waits for the process to exit; true if it did within `timeout`.
    pub fn exits_within(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// Everything the engine wrote to stderr; call it once the engine has exited.
    pub fn stderr(&mut self) -> String {
        self.stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default()
    }

    /// Every remaining line until the output closes.
    pub fn rest(&self) -> Vec<String> {
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(TIMEOUT) {
            seen.push(line);
        }
        seen
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The Elo span that `game`'s measured scale reaches, rounded to whole Elo as the engine says
/// it: its weakest skill's rating and full strength's.
pub fn elo_span(game: tabula::games::GameKind) -> (usize, usize) {
    let (weakest, full) = tabula::strength::scale::scale(game).span();
    (weakest.round() as usize, full.round() as usize)
}

/// Asserts that one of a search's `lines` scores it `mate moves` (negative: mated).
pub fn assert_mate(lines: &[String], moves: i32) {
    let score = format!("score mate {moves} ");
    assert!(lines.iter().any(|l| l.contains(&score)), "{lines:#?}");
}

/// The lines among `lines` that start with `prefix`.
pub fn starting_with<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a String> {
    lines.iter().filter(|l| l.starts_with(prefix)).collect()
}

/// The `info string error: ` lines among `lines`.
pub fn errors(lines: &[String]) -> Vec<&String> {
    starting_with(lines, "info string error: ")
}

/// The one `info string error: ` line among `lines`; panics, showing them, if there is not one.
pub fn the_error(lines: &[String]) -> &String {
    match errors(lines)[..] {
        [error] => error,
        _ => panic!("not one error line in {lines:#?}"),
    }
}

/// Asserts that `line` is one of `lines` (the whole line).
pub fn assert_shows(lines: &[String], line: &str) {
    assert!(lines.iter().any(|l| l == line), "{line} in {lines:#?}");
}
