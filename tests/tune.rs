//! `tabula tune` run as a program: the report's shape, reproducible data, clear errors.

#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use std::path::PathBuf;

fn tune(args: &[&str]) -> (i32, String, String) {
    matches::run_command("tune", args)
}

/// A fresh path in a directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

const TINY: [&str; 8] = [
    "--game", "claustro", "--games", "4", "--nodes", "200", "--seed", "5",
];

#[test]
fn a_tiny_tune_reports_every_term_and_its_data_is_reproducible() {
    let first = scratch("first.txt");
    let second = scratch("second.txt");
    let mut args = TINY.to_vec();
    args.extend(["--data", first.to_str().expect("utf-8 path")]);
    let (code, out, err) = tune(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("tune claustro 5x5: 4 games"), "{out}");
    assert!(out.contains("K = "), "{out}");
    for term in ["progress", "race tempo", "mobility", "stalemate danger"] {
        assert!(
            out.lines().any(|line| line.starts_with(term)),
            "{term}: {out}"
        );
    }
    assert!(out.contains("log loss      train"), "{out}");

    let mut args = TINY.to_vec();
    args.extend([
        "--threads",
        "2",
        "--data",
        second.to_str().expect("utf-8 path"),
    ]);
    let (code, again, err) = tune(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, again);
    let data = std::fs::read_to_string(&first).expect("data written");
    assert_eq!(
        data,
        std::fs::read_to_string(&second).expect("data written")
    );
    assert!(data.lines().any(|line| line == "data"), "{data}");

    // Read back: the same report without playing.
    let (code, reread, err) = tune(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, reread);
    assert!(err.contains("read "), "{err}");
}

#[test]
fn bad_input_is_one_clear_line_and_a_failure() {
    let (code, _, err) = tune(&["--game", "chess"]);
    assert_ne!(code, 0);
    assert_eq!(err.trim(), "error: unknown game 'chess'");

    let bad = scratch("bad.txt");
    std::fs::write(&bad, "not data\n").expect("write");
    let (code, _, err) = tune(&["--game", "claustro", "--data", bad.to_str().expect("utf-8")]);
    assert_ne!(code, 0);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a tune data file"), "{err}");
}
