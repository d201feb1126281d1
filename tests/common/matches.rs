//! Helpers of the `tabula match` tests: fake engines, scratch output directories, running a
//! match, and reading the tags of its games file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// The `--engine` argument of a fake engine of tests/fake_engines.
pub fn fake(name: &str) -> String {
    format!(
        "cmd=bash {}/tests/fake_engines/{name}.sh name={name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A fresh scratch directory name for `test` (removed if it exists, not created).
pub fn out_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-match-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `tabula` with `args`.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(TABULA)
        .args(args)
        .output()
        .expect("tabula runs")
}

/// Runs `tabula <command> <args>`; returns (exit code, stdout, stderr).
pub fn run_command(command: &str, args: &[&str]) -> (i32, String, String) {
    outcome(&tabula(&[&[command], args].concat()))
}

/// What a `tabula match` run left: its exit code, stdout, stderr and games file.
pub struct Played {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub games: String,
}

/// Runs `tabula match` with `args` in a fresh output directory (removed afterwards).
pub fn play_match(test: &str, args: &[&str]) -> Played {
    let out = out_dir(test);
    let output = Command::new(TABULA)
        .arg("match")
        .args(args)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("tabula runs");
    let games = std::fs::read_to_string(out.join("games.txt")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&out);
    Played {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        games,
    }
}

/// Runs a match of the tabula under test against itself, with `args` after the two engines.
pub fn self_match(test: &str, args: &[&str]) -> Played {
    let engine = format!("cmd={TABULA}");
    play_match(
        test,
        &[&["--engine", &engine, "--engine", &engine], args].concat(),
    )
}

/// Runs `tabula match` with `args`; returns (exit code, stdout, games.txt).
pub fn run_match(test: &str, args: &[&str]) -> (i32, String, String) {
    let played = play_match(test, args);
    (played.code, played.stdout, played.games)
}

/// The count of engine `name` in the summary's list that starts with `prefix` (`Time forfeits: `,
/// `stalls: `: a line, or a part of one after `; `).
pub fn summary_count(stdout: &str, prefix: &str, name: &str) -> u32 {
    let list = stdout
        .lines()
        .find_map(|line| line.split("; ").find_map(|part| part.strip_prefix(prefix)))
        .unwrap_or_else(|| panic!("no '{prefix}' in {stdout}"));
    let entry = list
        .split(" (")
        .next()
        .unwrap_or(list)
        .split(", ")
        .find_map(|entry| entry.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no {name} in {list}"));
    entry.parse().expect("a count")
}

/// The values of tag `tag` in a games file, in order.
pub fn tags<'a>(games: &'a str, tag: &str) -> Vec<&'a str> {
    let prefix = format!("[{tag} \"");
    games
        .lines()
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .map(|rest| rest.trim_end_matches("\"]"))
        .collect()
}

/// The arguments of a small deterministic match (a node limit, fixed openings), in `out`.
pub fn match_args(games: usize, seed: u64, out: &Path) -> Vec<String> {
    [
        "match".to_string(),
        "--engine".to_string(),
        format!("cmd={TABULA} name=full"),
        "--engine".to_string(),
        format!("cmd={TABULA} name=easy option.Level=easy"),
        "--game".to_string(),
        "joust".to_string(),
        "--tc".to_string(),
        "nodes=300".to_string(),
        "--games".to_string(),
        games.to_string(),
        "--seed".to_string(),
        seed.to_string(),
        "--out".to_string(),
        out.display().to_string(),
    ]
    .to_vec()
}

/// Runs tabula with `args` and `extra`; returns (exit code, stdout, stderr).
pub fn run(args: &[String], extra: &[&str]) -> (i32, String, String) {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend(extra);
    outcome(&tabula(&all))
}

/// A finished process's exit code, stdout and stderr.
pub fn outcome(output: &Output) -> (i32, String, String) {
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The records of a games file without the move times (which vary from run to run), in match
/// order.
pub fn records_without_times(games: &str) -> Vec<String> {
    let mut records: Vec<(usize, String)> = games
        .split("[Event ")
        .filter(|record| !record.trim().is_empty())
        .map(|record| {
            let words: Vec<&str> = record
                .split_whitespace()
                .map(|word| match word.strip_suffix("ms}") {
                    Some(number) if number.trim_start_matches('{').parse::<u64>().is_ok() => {
                        if word.starts_with('{') { "{}" } else { "}" }
                    }
                    _ => word,
                })
                .collect();
            let round = tags(record, "Round")[0].parse().expect("a game number");
            (round, words.join(" "))
        })
        .collect();
    records.sort();
    records.into_iter().map(|(_, record)| record).collect()
}

/// Two games of Apart between the random level and full strength (node-limited, so that the
/// games are always the same), each starting from the match's 4 random plies.
pub fn random_against_strong() -> String {
    let random = format!("cmd={TABULA} name=random option.Level=random");
    let strong = format!("cmd={TABULA} name=strong");
    let args = [
        "--engine",
        &random,
        "--engine",
        &strong,
        "--game",
        "apart",
        "--tc",
        "nodes=3000",
        "--games",
        "2",
        "--seed",
        "2",
        "--random-plies",
        "4",
    ];
    let (code, stdout, games) = run_match("review-random", &args);
    assert_eq!(code, 0, "{stdout}");
    games
}

/// Merges the match directories `shards` into `merged` and asserts that the merge is the whole
/// match: its summary `whole_summary` (then the merge's line) and its records `whole_records`;
/// then removes the shards' directories and the merge's.
pub fn assert_merge_is_whole(
    shards: &[PathBuf],
    merged: &Path,
    whole_summary: &str,
    whole_records: &[String],
) {
    let count = shards.len();
    let mut merge = vec!["match".to_string(), "merge".to_string()];
    merge.extend(shards.iter().map(|dir| dir.display().to_string()));
    let (code, stdout, errors) = run(&merge, &["--out", &merged.display().to_string()]);
    assert_eq!(code, 0, "{errors}");
    // The same summary, line for line (score, Elo, LOS, pairs, colours, forfeits), then the
    // shards.
    let expected = format!("{whole_summary}Merged {count} of {count} shards\n");
    assert_eq!(stdout, expected, "{count} shards");
    let games = std::fs::read_to_string(merged.join("games.txt")).expect("games");
    assert_eq!(
        records_without_times(&games),
        whole_records,
        "{count} shards"
    );
    for dir in shards.iter().map(PathBuf::as_path).chain([merged]) {
        let _ = std::fs::remove_dir_all(dir);
    }
}
