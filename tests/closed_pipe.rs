//! Subcommands in pipes: a reader that goes away early (`tabula perft ... | head -1`) ends them
//! quietly (exit code 0, nothing on stderr about the broken pipe), as command-line tools do; and
//! the progress bars drawn on a terminal's stderr are never drawn into a pipe.

#[path = "common/process.rs"]
mod process;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// Runs tabula with `args` (and `input` on stdin), reads `lines` lines of its output, then
/// closes the pipe; returns the exit code and stderr.
fn read_then_close(args: &[&str], input: &str, lines: usize) -> (Option<i32>, String) {
    let mut child = process::start(&mut process::tabula(args), Stdio::piped(), Stdio::piped())
        .expect("tabula starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    for _ in 0..lines {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a line");
    }
    drop(reader);
    let mut errors = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut errors)
        .expect("stderr read");
    (child.wait().expect("tabula ends").code(), errors)
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    let many_positions = "startpos\n".repeat(50);
    let cases: [(&[&str], &str, usize); 5] = [
        (&["perft", "jesonmor", "4", "--divide"], "", 1),
        (
            &["perft", "jesonmor", "5", "--divide", "--threads", "2"],
            "",
            1,
        ),
        // 20,000 lines: far more than a pipe holds, so writing must meet the closed pipe.
        (&["openings", "--game", "joust", "--count", "20000"], "", 1),
        (
            &["analyse", "--game", "joust", "--depth", "2", "-"],
            &many_positions,
            0,
        ),
        (&["bench"], "", 0),
    ];
    for (args, input, lines) in cases {
        let (code, errors) = read_then_close(args, input, lines);
        assert_eq!(code, Some(0), "{args:?}: {errors}");
        assert!(
            !errors.contains("panicked") && !errors.contains("Broken pipe"),
            "{args:?}: {errors}"
        );
    }
}

#[test]
fn progress_bars_are_not_drawn_into_a_pipe() {
    for args in [
        &["perft", "jesonmor", "5"][..],
        &[
            "openings",
            "--game",
            "joust",
            "--count",
            "3",
            "--balanced",
            "300",
            "--depth",
            "4",
        ],
        &["tune", "--game", "joust", "--games", "4", "--nodes", "200"],
    ] {
        let output = Command::new(TABULA)
            .args(args)
            .output()
            .expect("tabula runs");
        assert!(output.status.success(), "{args:?}");
        let errors = String::from_utf8_lossy(&output.stderr);
        assert!(
            !errors.contains(['\r', '\u{1b}']) && !errors.contains("] "),
            "{args:?}: {errors}"
        );
    }
}
