//! What the property-based fuzzers (tests/fuzz*.rs) share: how many cases and for how long,
//! where failing cases are kept, the counts they report, running the binary with a bound, and
//! the bad tokens and slips they mix into their input.
//!
//! `cargo test` runs a few cases (well under a minute on two cores). `TABULA_FUZZ_CASES=N`
//! runs N cases per round, and `TABULA_FUZZ_SECONDS=S` runs rounds (each from a fresh random
//! seed) until S seconds have passed; `scripts/fuzz.sh MINUTES` sets both. A failing case is
//! shrunk and kept in `tests/<fuzzer>.proptest-regressions`, which every later run replays first.

use crate::process;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use std::io::Read;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Sequences (or files) tried, and commands (or lines) sent, over a fuzzer's whole run.
#[derive(Default)]
pub struct Counts {
    sequences: AtomicU64,
    commands: AtomicU64,
}

impl Counts {
    /// One more sequence (or file) tried.
    pub fn sequence(&self) -> u64 {
        self.sequences.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// `n` more commands (or lines) sent.
    pub fn commands(&self, n: u64) {
        self.commands.fetch_add(n, Ordering::Relaxed);
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|text| text.parse().ok())
}

/// Runs `test` on values of `strategy`: `cases` of them, or `TABULA_FUZZ_CASES` a round for
/// `TABULA_FUZZ_SECONDS`; failures are shrunk and kept beside `source_file`. Prints the counts
/// as one line `fuzz <name>: S sequences, C commands, F failures` on stderr.
pub fn run<S: Strategy>(
    name: &str,
    source_file: &'static str,
    cases: u32,
    strategy: S,
    test: impl Fn(&Counts, S::Value) -> Result<(), TestCaseError>,
) {
    let counts = Counts::default();
    let cases = env_number("TABULA_FUZZ_CASES").map_or(cases, |n| n as u32);
    let seconds = env_number("TABULA_FUZZ_SECONDS").unwrap_or(0);
    let shrink = env_number("TABULA_FUZZ_SHRINK").map_or(64, |n| n as u32);
    let started = Instant::now();
    let mut failures = 0;
    loop {
        let config = Config {
            cases,
            max_shrink_iters: shrink,
            failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
                "proptest-regressions",
            ))),
            source_file: Some(source_file),
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        if let Err(failure) = runner.run(&strategy, |value| test(&counts, value)) {
            failures += 1;
            report(name, &counts, started, failures);
            panic!("fuzz {name}: {failure}");
        }
        if started.elapsed() >= Duration::from_secs(seconds) {
            break;
        }
    }
    report(name, &counts, started, failures);
}

fn report(name: &str, counts: &Counts, started: Instant, failures: u32) {
    eprintln!(
        "fuzz {name}: {} sequences, {} commands, {failures} failures in {:.0} s",
        counts.sequences.load(Ordering::Relaxed),
        counts.commands.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// All that `pipe` gives, bytes that are not UTF-8 replaced.
fn read_all(pipe: &mut impl Read) -> String {
    let mut bytes = Vec::new();
    let _ = pipe.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs `tabula` with `args`, killed if it runs past `bound`: (exit code, stdout lines, stderr).
pub fn run_tabula(
    args: &[&str],
    bound: Duration,
) -> Result<(i32, Vec<String>, String), TestCaseError> {
    let mut child = process::start(&mut process::tabula(args), Stdio::null(), Stdio::piped())
        .map_err(|e| TestCaseError::fail(format!("tabula does not start: {e}")))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || read_all(&mut stdout));
    let err = std::thread::spawn(move || read_all(&mut stderr));
    let started = Instant::now();
    let status = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break status;
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            return Err(TestCaseError::fail(format!("{args:?} ran past {bound:?}")));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    let code = status.code().unwrap_or(-1);
    Ok((code, out.lines().map(String::from).collect(), err))
}

/// Checks that `command` did not panic and ended with one of `codes`.
pub fn check_exit(
    command: &str,
    (code, errors): (i32, &str),
    codes: &[i32],
) -> Result<(), TestCaseError> {
    prop_assert!(
        !errors.contains("panicked"),
        "{} panicked: {}",
        command,
        errors
    );
    prop_assert!(
        codes.contains(&code),
        "{} exit code {}: {}",
        command,
        code,
        errors
    );
    Ok(())
}

/// A token that no command takes: numbers beyond every type, words of ten thousand
/// characters, control characters, invalid UTF-8 (sent as the bytes it names), an empty one.
pub fn bad_token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("184467440737095516160".to_string()),
        Just("-99999999999999999999".to_string()),
        Just("4294967296".to_string()),
        Just("-1".to_string()),
        Just("NaN".to_string()),
        Just("1e9".to_string()),
        Just("x".repeat(10_000)),
        Just("\u{1b}[2J".to_string()),
        Just("\u{0}".to_string()),
        Just("\u{7f}\u{9b}".to_string()),
        Just("é€".to_string()),
        Just(INVALID_UTF8.to_string()),
        // Never a command's name, and never a plain number (`perft 15` is a valid and long
        // command, not a bad one): it starts with a sign.
        "[*/=.-][a-z0-9*/=.-]{0,11}",
    ]
}

/// Stands for the bytes `0xff 0xfe` (not UTF-8) in generated text; [`to_bytes`] puts them in.
pub const INVALID_UTF8: &str = "<ff>";

/// The line's bytes, with every [`INVALID_UTF8`] made the bytes it stands for.
pub fn to_bytes(line: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (i, part) in line.split(INVALID_UTF8).enumerate() {
        if i > 0 {
            bytes.extend_from_slice(&[0xff, 0xfe]);
        }
        bytes.extend_from_slice(part.as_bytes());
    }
    bytes
}

/// A slip in a command: a character lost, doubled or replaced by a bad one, two words swapped,
/// the line cut, a bad token put in. Digits are never added, so that a slip cannot turn
/// `perft 1` into a legitimately long `perft 11`.
#[derive(Clone, Debug)]
pub enum Slip {
    Lose(usize),
    Double(usize),
    Replace(usize, String),
    Swap(usize, usize),
    Cut(usize),
    Insert(usize, String),
}

pub fn slip() -> impl Strategy<Value = Slip> {
    prop_oneof![
        any::<usize>().prop_map(Slip::Lose),
        any::<usize>().prop_map(Slip::Double),
        (
            any::<usize>(),
            prop_oneof![Just("\t"), Just("é"), Just("/"), Just("*"), Just("\u{0}")]
        )
            .prop_map(|(at, text)| Slip::Replace(at, text.to_string())),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Slip::Swap(a, b)),
        any::<usize>().prop_map(Slip::Cut),
        (any::<usize>(), bad_token()).prop_map(|(at, token)| Slip::Insert(at, token)),
    ]
}

/// `text` with `slip` made.
pub fn apply(slip: &Slip, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut words: Vec<String> = text.split(' ').map(String::from).collect();
    let n = chars.len().max(1);
    match slip {
        Slip::Lose(at) if !chars.is_empty() => {
            chars.remove(at % n);
        }
        Slip::Double(at) if !chars.is_empty() && !chars[at % n].is_ascii_digit() => {
            chars.insert(at % n, chars[at % n]);
        }
        Slip::Replace(at, by) if !chars.is_empty() => {
            let at = at % n;
            chars.splice(at..=at, by.chars());
        }
        Slip::Swap(a, b) => {
            let count = words.len();
            words.swap(a % count, b % count);
            return words.join(" ");
        }
        Slip::Cut(at) => {
            words.truncate(at % (words.len() + 1));
            return words.join(" ");
        }
        Slip::Insert(at, token) => {
            let at = at % (words.len() + 1);
            words.insert(at, token.clone());
            return words.join(" ");
        }
        _ => {}
    }
    chars.into_iter().collect()
}
