//! Helpers of the `tabula match` tests: fake engines, scratch output directories, running a
//! match, and reading the tags of its games file.

use std::path::PathBuf;
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

/// Runs `tabula match` with `args`; returns (exit code, stdout, games.txt).
pub fn run_match(test: &str, args: &[&str]) -> (i32, String, String) {
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
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        games,
    )
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
