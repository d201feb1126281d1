//! Property-based fuzzing of the files `tabula analyse` and `tabula suite` read: files of
//! position lines and suite lines built from their grammar for every game, with slips, bad
//! tokens, huge numbers and depths, long lines, bytes that are not UTF-8, comments and blank
//! lines. The laws:
//!
//! - the process ends within a bound far below any fault's, and never panics;
//! - `analyse`: exit code 0, or 1 when a line was bad; one numbered output line per position
//!   line, in input order;
//! - `suite`: exit code 0 or 1, a line per entry and the totals `N passed, M failed` last, with
//!   N + M the number of entries; a file that is not UTF-8 is refused whole (exit code 2).
//!
//! How long it runs and where failing files are kept: tests/common/fuzzing.rs.

#[allow(dead_code)]
#[path = "common/fuzzing.rs"]
mod fuzzing;
#[path = "common/process.rs"]
mod process;

use fuzzing::{apply, bad_token, slip, to_bytes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::time::Duration;

/// The bound on a whole run of a fuzzed file (each position is searched to depth 1).
const RUN_BOUND: Duration = Duration::from_secs(60);

/// Positions of each game (and broken ones), for position lines.
const POSITIONS: [(&str, &str); 8] = [
    ("joust", "8/8/8/4n3/3N4/8/8/8 w 0 1"),
    ("joust", "3N/4/2*1/n3 w 0 1"),
    ("jesonmor", "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0 1"),
    ("jesonmor", "2n2/5/5/5/1N3 b 3 9"),
    ("claustro", "2pp1/4p/P3p/P4/1PP2 w 0 1"),
    ("claustro", "3P1/5/2p2/1P3/1p3 w 0 1"),
    ("apart", "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 1"),
    ("apart", "8/8/3p4/8/8/4P3/8/8 b 0 7"),
];

const MOVES: [&str; 10] = [
    "d4f5", "e5c4", "b1c3", "e1d3", "b1b2", "a2b2", "b2b4", "c2c4", "0000", "a1a1a1",
];

/// One line of a file: a position line (with optional suite fields), a comment, a blank line or
/// junk.
fn file_line(game: &'static str) -> impl Strategy<Value = String> {
    let position = prop_oneof![
        2 => Just("startpos".to_string()),
        4 => prop::sample::select(POSITIONS.to_vec())
            .prop_map(|(_, fen)| fen.to_string()),
        1 => bad_token().prop_map(|t| format!("{t} w 0 1")),
    ];
    let moves =
        prop::collection::vec(prop::sample::select(MOVES.to_vec()), 0..4).prop_map(|moves| {
            if moves.is_empty() {
                String::new()
            } else {
                format!(" moves {}", moves.join(" "))
            }
        });
    let field = prop_oneof![
        prop::sample::select(MOVES.to_vec()).prop_map(|m| format!("bm {m}")),
        prop::sample::select(MOVES.to_vec()).prop_map(|m| format!("am {m}")),
        "[a-z ]{0,12}".prop_map(|name| format!("id \"{name}\"")),
        (1u32..3, 0u64..2000).prop_map(|(d, n)| format!("D{d} {n}")),
        prop_oneof![Just("D31 5"), Just("D99999 5"), Just("D-1 5"), Just("D 5")]
            .prop_map(String::from),
        bad_token().prop_map(|t| format!("D1 {t}")),
        bad_token(),
    ];
    let fields = prop::collection::vec(field, 0..3)
        .prop_map(|fields| fields.iter().map(|f| format!(" ; {f}")).collect::<String>());
    let line = (position, moves, fields).prop_map(move |(p, m, f)| {
        let _ = game;
        format!("{p}{m}{f}")
    });
    let line = (line, prop::option::weighted(0.3, slip())).prop_map(|(line, slip)| match slip {
        Some(slip) => apply(&slip, &line),
        None => line,
    });
    prop_oneof![
        10 => line,
        1 => Just(String::new()),
        1 => Just("# a comment ; bm d4f5".to_string()),
        1 => bad_token(),
        1 => Just("y".repeat(2 << 20)),
    ]
}

fn file() -> impl Strategy<Value = (&'static str, Vec<String>)> {
    prop::sample::select(vec!["joust", "jesonmor", "claustro", "apart"])
        .prop_flat_map(|game| (Just(game), prop::collection::vec(file_line(game), 0..8)))
}

/// Runs `tabula` with `args` and the file; returns (exit code, stdout lines, stderr).
fn run(args: &[&str], path: &std::path::Path) -> Result<(i32, Vec<String>, String), TestCaseError> {
    let path = path.display().to_string();
    let mut args = args.to_vec();
    args.push(&path);
    fuzzing::run_tabula(&args, RUN_BOUND)
}

/// Whether a line of a file is a position line (not blank, not a comment).
fn is_entry(line: &str) -> bool {
    let content = line.split('#').next().unwrap_or("");
    !content.trim().is_empty()
}

fn check_file(counts: &fuzzing::Counts, game: &str, lines: &[String]) -> Result<(), TestCaseError> {
    let number = counts.sequence();
    counts.commands(lines.len() as u64);
    let dir = std::env::temp_dir().join(format!("tabula-fuzz-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let path = dir.join(format!("{game}-{number}.txt"));
    let mut bytes = Vec::new();
    for line in lines {
        bytes.extend(to_bytes(line));
        bytes.push(b'\n');
    }
    std::fs::write(&path, &bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let entries = lines.iter().filter(|l| is_entry(l)).count();

    let analyse = ["analyse", "--game", game, "--depth", "1", "--hash", "1"];
    let (code, out, err) = run(&analyse, &path)?;
    fuzzing::check_exit("analyse", (code, &err), &[0, 1])?;
    let numbers: Vec<usize> = out
        .iter()
        .filter_map(|l| l.split(':').next()?.parse().ok())
        .collect();
    prop_assert_eq!(numbers.len(), out.len(), "unnumbered lines: {:#?}", out);
    prop_assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{:?}", numbers);
    prop_assert!(
        out.len() <= entries,
        "{} lines for {} entries",
        out.len(),
        entries
    );

    let suite = ["suite", "--game", game, "--depth", "1", "--hash", "1"];
    let (code, out, err) = run(&suite, &path)?;
    prop_assert!(!err.contains("panicked"), "suite panicked: {}", err);
    if std::str::from_utf8(&bytes).is_err() {
        prop_assert!(code == 2 && err.contains("UTF-8"), "{}: {}", code, err);
        let _ = std::fs::remove_file(&path);
        return Ok(());
    }
    prop_assert!(code == 0 || code == 1, "suite exit code {}: {}", code, err);
    let last = out.last().cloned().unwrap_or_default();
    let totals: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    prop_assert!(
        last.ends_with(" failed") && totals.len() == 2,
        "last line '{}'",
        last
    );
    // The score line of the best-move positions, where there are any, comes before the totals.
    let scored = out
        .iter()
        .filter(|line| line.starts_with("score: "))
        .count();
    prop_assert!(scored <= 1, "{:#?}", out);
    prop_assert_eq!(totals[0] + totals[1], out.len() - 1 - scored, "{:#?}", out);
    let _ = std::fs::remove_file(&path);
    Ok(())
}

#[test]
fn analyse_and_suite_files_keep_the_laws() {
    fuzzing::run("files", file!(), 48, file(), |counts, (game, lines)| {
        check_file(counts, game, &lines)
    });
}

/// Files that are not regular files, or never end, are refused at once by both.
#[test]
fn analyse_and_suite_refuse_what_is_not_a_regular_file() {
    let dir = std::env::temp_dir();
    for tool in ["analyse", "suite"] {
        for path in [std::path::Path::new("/dev/zero"), dir.as_path()] {
            let args = [tool, "--game", "joust", "--depth", "1"];
            let (code, out, err) = run(&args, path).expect("it runs");
            assert_eq!(code, 2, "{tool} {}: {out:?} {err}", path.display());
            assert!(err.contains("not a regular file"), "{err}");
        }
    }
}
