//! Property-based fuzzing of what `tabula match merge` reads: the `result.json` and `games.txt`
//! of a real two-shard match, altered by random edits (a number replaced by a bad or huge one, a
//! span cut out, a bad token put in, a game entry changed, the games file cut or edited). The
//! laws:
//!
//! - the merge ends at once and never panics, with exit code 0 (all there), 1 (a shard missing or
//!   unfinished) or 2 (refused);
//! - refused: one `error:` line naming a file of the shards, nothing on stdout, nothing written;
//! - accepted: the summary counts as many games as the accepted files list, and says how many
//!   shards it merged.
//!
//! How long it runs and where failing cases are kept: tests/common/fuzzing.rs.

#[allow(dead_code)]
#[path = "common/fuzzing.rs"]
mod fuzzing;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;
#[path = "common/process.rs"]
mod process;

use fuzzing::bad_token;
use matches::{match_args, out_dir, run};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The two shards of a small real match, played once per run of the tests.
fn template() -> &'static [PathBuf; 2] {
    static SHARDS: OnceLock<[PathBuf; 2]> = OnceLock::new();
    SHARDS.get_or_init(|| {
        [1, 2].map(|k| {
            let dir = out_dir(&format!("fuzz-merge-template-{k}"));
            let (code, _, errors) = run(&match_args(6, 9, &dir), &["--shard", &format!("{k}/2")]);
            assert_eq!(code, 0, "{errors}");
            dir
        })
    })
}

/// One edit of a file's text.
#[derive(Clone, Debug)]
enum Edit {
    /// The `n`-th number (counted from the start, modulo their count) becomes `with`.
    Number { n: usize, with: String },
    /// The bytes from `at` (a fraction of the length) for `len` bytes go.
    Cut { at: f64, len: usize },
    /// `token` goes in at `at` (a fraction of the length).
    Insert { at: f64, token: String },
    /// The `n`-th game entry (modulo their count) becomes `entry`.
    Entry { n: usize, entry: String },
}

fn edit() -> impl Strategy<Value = Edit> {
    let number = prop_oneof![
        (0u64..40).prop_map(|n| n.to_string()),
        Just("-1".to_string()),
        Just("4294967296".to_string()),
        Just("1e3".to_string()),
        bad_token(),
    ];
    let entry = prop_oneof![
        (
            0usize..20,
            prop::sample::select(vec!["1-0", "0-1", "1/2-1/2", "2-0"])
        )
            .prop_map(|(n, r)| format!("{n} {r}")),
        (1usize..12).prop_map(|n| format!("{n} 1-0 white:stall")),
        (1usize..12).prop_map(|n| format!("{n} 0-1 black:slow")),
        bad_token(),
    ];
    prop_oneof![
        (0usize..200, number).prop_map(|(n, with)| Edit::Number { n, with }),
        (0.0f64..1.0, 1usize..40).prop_map(|(at, len)| Edit::Cut { at, len }),
        (0.0f64..1.0, bad_token()).prop_map(|(at, token)| Edit::Insert { at, token }),
        (0usize..10, entry).prop_map(|(n, entry)| Edit::Entry { n, entry }),
    ]
}

/// The byte index nearest `fraction` of `text` that is a character boundary.
fn boundary(text: &str, fraction: f64) -> usize {
    let mut at = ((text.len() as f64) * fraction) as usize;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(edit: &Edit, text: &str) -> String {
    match edit {
        Edit::Number { n, with } => {
            let spans: Vec<(usize, usize)> = text
                .char_indices()
                .filter(|&(i, c)| {
                    c.is_ascii_digit() && !text[..i].ends_with(|p: char| p.is_ascii_digit())
                })
                .map(|(i, _)| {
                    let len = text[i..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
                    (i, i + len)
                })
                .collect();
            match spans.get(n % spans.len().max(1)) {
                Some(&(start, end)) => format!("{}{with}{}", &text[..start], &text[end..]),
                None => text.to_string(),
            }
        }
        Edit::Cut { at, len } => {
            let start = boundary(text, *at);
            let end = boundary(
                text,
                ((start + len) as f64 / text.len().max(1) as f64).min(1.0),
            );
            format!("{}{}", &text[..start], &text[end.max(start)..])
        }
        Edit::Insert { at, token } => {
            let at = boundary(text, *at);
            format!("{}{token}{}", &text[..at], &text[at..])
        }
        Edit::Entry { n, entry } => {
            let entries: Vec<usize> = text.match_indices("\n    \"").map(|(i, _)| i).collect();
            let in_games = text.find("\"games\": [").unwrap_or(text.len());
            let games: Vec<usize> = entries.into_iter().filter(|&i| i > in_games).collect();
            match games.get(n % games.len().max(1)) {
                Some(&i) => {
                    let start = i + "\n    \"".len();
                    let end = start + text[start..].find('"').unwrap_or(0);
                    format!("{}{entry}{}", &text[..start], &text[end..])
                }
                None => text.to_string(),
            }
        }
    }
}

/// Which files an alteration edits: shard 1's result file, its games file, or both shards'.
#[derive(Clone, Debug)]
struct Alteration {
    result_edits: Vec<Edit>,
    games_edits: Vec<Edit>,
    second_too: bool,
}

fn alteration() -> impl Strategy<Value = Alteration> {
    (
        prop::collection::vec(edit(), 0..3),
        prop::collection::vec(edit(), 0..2),
        any::<bool>(),
    )
        .prop_map(|(result_edits, games_edits, second_too)| Alteration {
            result_edits,
            games_edits,
            second_too,
        })
}

/// Copies the template shards into fresh directories with `alteration` applied.
fn altered(alteration: &Alteration, case: u64) -> Result<[PathBuf; 2], TestCaseError> {
    let fail = |e: std::io::Error| TestCaseError::fail(e.to_string());
    let mut dirs = Vec::new();
    for (index, source) in template().iter().enumerate() {
        let dir = out_dir(&format!("fuzz-merge-{case}-{index}"));
        std::fs::create_dir_all(&dir).map_err(fail)?;
        for (file, edits) in [
            ("result.json", &alteration.result_edits),
            ("games.txt", &alteration.games_edits),
        ] {
            let mut text = std::fs::read_to_string(source.join(file)).map_err(fail)?;
            if index == 0 || alteration.second_too {
                for edit in edits.iter() {
                    text = apply(edit, &text);
                }
            }
            std::fs::write(dir.join(file), text).map_err(fail)?;
        }
        dirs.push(dir);
    }
    Ok([dirs[0].clone(), dirs[1].clone()])
}

/// The game entries of a result file as the merge would accept it.
fn listed_games(dir: &Path) -> usize {
    let text = std::fs::read_to_string(dir.join("result.json")).unwrap_or_default();
    let Some(start) = text.find("\"games\": [") else {
        return 0;
    };
    let end = text[start..].find(']').map_or(text.len(), |e| start + e);
    text[start..end].matches("\n    \"").count()
}

fn check(counts: &fuzzing::Counts, alteration: Alteration) -> Result<(), TestCaseError> {
    let case = counts.sequence();
    counts.commands(1);
    let dirs = altered(&alteration, case)?;
    let out = out_dir(&format!("fuzz-merge-{case}-out"));
    let args: Vec<String> = ["match", "merge"]
        .into_iter()
        .map(String::from)
        .chain(dirs.iter().map(|d| d.display().to_string()))
        .chain(["--out".to_string(), out.display().to_string()])
        .collect();
    let (code, stdout, errors) = run(&args, &[]);
    prop_assert!(!errors.contains("panicked"), "{}", errors);
    match code {
        2 => {
            prop_assert_eq!(errors.lines().count(), 1, "{}", errors);
            prop_assert!(errors.starts_with("error: "), "{}", errors);
            prop_assert!(
                dirs.iter()
                    .any(|d| errors.contains(&d.display().to_string())),
                "no file named: {}",
                errors
            );
            prop_assert!(stdout.is_empty() && !out.exists(), "{}", stdout);
        }
        0 | 1 => {
            let games: usize = dirs.iter().map(|d| listed_games(d)).sum();
            let played = format!(", {games} games played,");
            prop_assert!(stdout.contains(&played), "{} not in {}", played, stdout);
            prop_assert!(stdout.contains("Merged 2 of 2 shards"), "{}", stdout);
        }
        other => prop_assert!(false, "exit code {}: {}", other, errors),
    }
    for dir in dirs.iter().chain([&out]) {
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(())
}

#[test]
fn merge_inputs_keep_the_laws() {
    fuzzing::run("merge", file!(), 64, alteration(), check);
}
