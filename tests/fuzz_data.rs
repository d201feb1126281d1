//! Property-based fuzzing of `tabula datagen`'s continuation and of `tabula train`'s input: the
//! file of a small datagen run, damaged (lines slipped, doubled, dropped, swapped or replaced by
//! junk, extra `# end` lines, runs of NUL bytes, bytes that are not UTF-8, lines past the
//! longest valid one, the file cut anywhere), then given to both, `train` now and then with a
//! bad argument. The laws:
//!
//! - both end within a bound far below any fault's, with exit code 0 or 2, and never panic;
//! - a refusal is one short printable line on stderr, and a line it blames is in the file;
//! - `datagen` refuses without changing a byte of the file, or continues it into its earlier
//!   whole games followed by exactly the games of the undamaged run that came after them;
//! - `datagen` continues no file in which `train` refuses a line other than a last line cut
//!   short (which `datagen` cuts off);
//! - `train` refuses a bad argument, naming it, before it prints a line.
//!
//! How long it runs and where failing files are kept: tests/common/fuzzing.rs.

#[allow(dead_code)]
#[path = "common/fuzzing.rs"]
mod fuzzing;
#[path = "common/process.rs"]
mod process;

use fuzzing::{Slip, apply, bad_token, run_tabula, slip, to_bytes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The bound on one run of either command on a fuzzed file.
const RUN_BOUND: Duration = Duration::from_secs(60);
/// The games of the run whose file is damaged.
const GAMES: usize = 6;

/// `datagen`'s arguments for the run, less `--out`.
fn datagen_args() -> Vec<String> {
    let games = GAMES.to_string();
    [
        "datagen", "--game", "jesonmor", "--games", &games, "--nodes", "300", "--seed", "5",
    ]
    .map(String::from)
    .to_vec()
}

/// A scratch directory of this process.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-fuzz-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creates");
    dir
}

/// The undamaged run's file, made once.
fn undamaged() -> &'static [u8] {
    static FILE: OnceLock<Vec<u8>> = OnceLock::new();
    FILE.get_or_init(|| {
        let path = scratch().join("undamaged.txt");
        let mut args = datagen_args();
        args.extend(["--out".to_string(), path.display().to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, errors) = run_tabula(&args, RUN_BOUND).expect("datagen runs");
        assert_eq!(code, 0, "{errors}");
        std::fs::read(&path).expect("the data")
    })
}

/// One damage to the file's lines (positions are taken modulo the number of lines).
#[derive(Clone, Debug)]
enum Damage {
    Slip(usize, Slip),
    Double(usize),
    Drop(usize),
    Swap(usize, usize),
    Replace(usize, String),
    Insert(usize, String),
    Nul(usize, usize),
    /// The file cut after this many bytes (modulo its length).
    Cut(usize),
}

fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        bad_token(),
        (0..GAMES + 2).prop_map(|game| format!("# end {game}")),
        Just("# end".to_string()),
        Just("# a comment".to_string()),
        Just(String::new()),
        Just("y".repeat(5000)),
        Just("9/9/9/9/9/9/9/9/9 w 0 1 | 12 | 1 | 0".to_string()),
    ]
}

fn damage() -> impl Strategy<Value = Damage> {
    let at = any::<usize>;
    prop_oneof![
        4 => (at(), slip()).prop_map(|(at, slip)| Damage::Slip(at, slip)),
        1 => at().prop_map(Damage::Double),
        1 => at().prop_map(Damage::Drop),
        1 => (at(), at()).prop_map(|(a, b)| Damage::Swap(a, b)),
        2 => (at(), junk()).prop_map(|(at, line)| Damage::Replace(at, line)),
        2 => (at(), junk()).prop_map(|(at, line)| Damage::Insert(at, line)),
        1 => (at(), 1usize..10_000).prop_map(|(at, length)| Damage::Nul(at, length)),
        1 => at().prop_map(Damage::Cut),
    ]
}

/// A bad argument of `train` and the word its refusal must hold.
fn bad_argument() -> impl Strategy<Value = Option<[&'static str; 3]>> {
    prop::option::weighted(
        0.2,
        prop::sample::select(vec![
            ["--epochs", "0", "--epochs"],
            ["--score-weight", "nan", "--score-weight"],
            ["--score-weight", "1.5", "--score-weight"],
            ["--learning-rate", "inf", "--learning-rate"],
            ["--batch-size", "0", "--batch-size"],
            ["--validation-every", "0", "--validation-every"],
            ["--out", "/nonexistent/net.nnue", "--out"],
        ]),
    )
}

/// The undamaged file with `damages` made, as bytes.
fn damaged(damages: &[Damage]) -> Vec<u8> {
    let text = String::from_utf8_lossy(undamaged()).into_owned();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut cut = None;
    for damage in damages {
        let n = lines.len().max(1);
        match damage {
            Damage::Slip(at, slip) if !lines.is_empty() => {
                lines[at % n] = apply(slip, &lines[at % n])
            }
            Damage::Double(at) if !lines.is_empty() => lines.insert(at % n, lines[at % n].clone()),
            Damage::Drop(at) if !lines.is_empty() => {
                lines.remove(at % n);
            }
            Damage::Swap(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
            Damage::Replace(at, line) if !lines.is_empty() => lines[at % n] = line.clone(),
            Damage::Insert(at, line) => lines.insert(at % (lines.len() + 1), line.clone()),
            Damage::Nul(at, length) if !lines.is_empty() => lines[at % n] = "\0".repeat(*length),
            Damage::Cut(at) => cut = Some(*at),
            _ => {}
        }
    }
    let mut bytes: Vec<u8> = lines
        .iter()
        .flat_map(|l| to_bytes(l).into_iter().chain([b'\n']))
        .collect();
    if let Some(at) = cut {
        bytes.truncate(at % (bytes.len() + 1));
    }
    bytes
}

/// The number of the line that `error` blames in `file`, if it blames one.
fn blamed_line(error: &str, file: &Path) -> Option<usize> {
    let rest = error.split(&format!("'{}' line ", file.display())).nth(1)?;
    rest.split(':').next()?.parse().ok()
}

/// Checks a refusal's form: one short printable line, blaming a line of `bytes` if any.
fn check_refusal(error: &str, file: &Path, bytes: &[u8]) -> Result<Option<usize>, TestCaseError> {
    prop_assert_eq!(error.lines().count(), 1, "{}", error);
    prop_assert!(error.len() < 600, "{} bytes: {:.600}", error.len(), error);
    prop_assert!(
        !error
            .trim_end()
            .chars()
            .any(|c| c.is_control() || c == '\u{fffd}'),
        "{:?}",
        error
    );
    let blamed = blamed_line(error, file);
    let lines = bytes.split(|&b| b == b'\n').count();
    prop_assert!(
        blamed.is_none_or(|n| n >= 1 && n <= lines),
        "{} of {} lines",
        error,
        lines
    );
    Ok(blamed)
}

/// Whether line `number` of `bytes` is its last and has no line feed after it.
fn is_cut_last_line(bytes: &[u8], number: usize) -> bool {
    !bytes.ends_with(b"\n") && bytes.split(|&b| b == b'\n').count() == number
}

/// Whether `result` is a whole-line prefix of `before` (its header or an end line last) followed
/// by the undamaged run's games after the games of that prefix.
fn is_continued(before: &[u8], result: &[u8]) -> bool {
    let whole = undamaged();
    let header_end = whole
        .iter()
        .position(|&b| b == b'\n')
        .map_or(0, |at| at + 1);
    let ends_in = |text: &[u8]| {
        text.split(|&b| b == b'\n')
            .filter(|l| l.starts_with(b"# end "))
            .count()
    };
    let after_games = |games: usize| -> &[u8] {
        if games == 0 {
            return &whole[header_end..];
        }
        let end = format!("# end {}\n", games - 1);
        let at = whole.windows(end.len()).position(|w| w == end.as_bytes());
        at.map_or(&[], |at| &whole[at + end.len()..])
    };
    let boundaries = (0..=before.len()).filter(|&at| at == 0 || before[at - 1] == b'\n');
    boundaries.into_iter().any(|at| {
        let prefix = if at == 0 {
            &whole[..header_end]
        } else {
            &before[..at]
        };
        prefix.starts_with(&whole[..header_end])
            && result.len() >= prefix.len()
            && result.starts_with(prefix)
            && result[prefix.len()..] == *after_games(ends_in(prefix))
    })
}

fn check(
    counts: &fuzzing::Counts,
    damages: &[Damage],
    bad: Option<[&str; 3]>,
) -> Result<(), TestCaseError> {
    let number = counts.sequence();
    counts.commands(damages.len() as u64);
    let dir = scratch();
    let file = dir.join(format!("damaged-{number}.txt"));
    let bytes = damaged(damages);
    std::fs::write(&file, &bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (shown, net) = (
        file.display().to_string(),
        dir.join(format!("net-{number}.nnue")),
    );
    let net = net.display().to_string();

    let mut train = vec!["train", "--game", "jesonmor", "--data", &shown];
    match bad {
        Some([flag, value, _]) if flag == "--out" => train.extend([flag, value]),
        Some([flag, value, _]) => train.extend([flag, value, "--out", &net]),
        None => train.extend(["--out", &net]),
    }
    let (code, out, errors) = run_tabula(&train, RUN_BOUND)?;
    fuzzing::check_exit("train", (code, &errors), &[0, 2])?;
    let train_blamed = if code == 2 {
        check_refusal(&errors, &file, &bytes)?
    } else {
        None
    };
    if let Some([_, _, named]) = bad {
        prop_assert!(code == 2 && errors.contains(named), "{:?}: {}", bad, errors);
        prop_assert!(out.is_empty(), "{:?}: {:?}", bad, out);
    }
    let _ = std::fs::remove_file(&net);

    let mut datagen = datagen_args();
    datagen.extend(["--out".to_string(), shown.clone()]);
    let datagen: Vec<&str> = datagen.iter().map(String::as_str).collect();
    let (code, _, errors) = run_tabula(&datagen, RUN_BOUND)?;
    fuzzing::check_exit("datagen", (code, &errors), &[0, 2])?;
    let result = std::fs::read(&file).map_err(|e| TestCaseError::fail(e.to_string()))?;
    if code == 2 {
        check_refusal(&errors, &file, &bytes)?;
        prop_assert!(
            result == bytes,
            "datagen refused ({}) but changed the file",
            errors
        );
    } else {
        if let Some(line) = train_blamed.filter(|_| bad.is_none()) {
            prop_assert!(
                is_cut_last_line(&bytes, line),
                "datagen continued a file whose line {} train refused",
                line
            );
        }
        prop_assert!(
            is_continued(&bytes, &result),
            "not the run's games after the kept ones"
        );
    }
    let _ = std::fs::remove_file(&file);
    Ok(())
}

#[test]
fn datagen_continuation_and_train_input_keep_the_laws() {
    let cases = (prop::collection::vec(damage(), 0..4), bad_argument());
    fuzzing::run("data", file!(), 24, cases, |counts, (damages, bad)| {
        check(counts, &damages, bad)
    });
}
