//! `tabula probe --suite` and `--suite-lines` through the real binary: every `bm` of a Joust
//! 5 x 5 suite is exactly the set of moves that a plain negamax over the rules (no solver, no
//! proof) finds winning, `tabula suite` runs the file it writes, and a line of moves is kept
//! exactly where the negamax finds some move winning and some losing, on one thread or several.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::negamax::mover_wins;
use common::process::tabula;
use tabula::board::position_text::parse_position_text;
use tabula::game::BoardSize;
use tabula::games::{GameKind, build_session};
use tabula::session::{GameSession, Setup};

#[test]
fn a_joust_suite_s_best_moves_are_every_winning_move() {
    let output = tabula(&[
        "probe", "joust", "--size", "5", "--suite", "6", "--plies", "3-9", "--seed", "7",
    ])
    .output()
    .expect("tabula runs");
    let suite = written_suite(&output);
    let lines = suite_positions(&suite);
    assert_eq!(lines.len(), 6, "{suite}");
    for line in &lines {
        let (best, winning, moves) = best_and_winning_moves(line);
        assert!(!winning.is_empty() && winning.len() < moves, "{line}");
        assert_eq!(best, winning, "{line}");
    }
    let path = std::env::temp_dir().join(format!("tabula-suite-{}.epd", std::process::id()));
    std::fs::write(&path, &suite).expect("the suite is written");
    let run = tabula(&["suite", "--game", "joust", "--size", "5", "--depth", "12"])
        .arg(&path)
        .output()
        .expect("tabula runs");
    let printed = String::from_utf8_lossy(&run.stdout).into_owned();
    let _ = std::fs::remove_file(&path);
    let last = printed.lines().last().unwrap_or_default();
    let (passed, failed) = last.split_once(" passed, ").expect("the totals line");
    let failed = failed.trim_end_matches(" failed");
    assert_eq!(
        passed.parse::<usize>().unwrap_or(0) + failed.parse::<usize>().unwrap_or(0),
        6,
        "{printed}"
    );
}

/// The suite a successful `tabula probe` printed.
fn written_suite(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A suite's position lines, its `#` comments left out.
fn suite_positions(suite: &str) -> Vec<&str> {
    suite
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect()
}

/// A suite line's `bm` moves, the moves the negamax finds winning in its position (both
/// sorted), and how many legal moves the position has.
fn best_and_winning_moves(line: &str) -> (Vec<String>, Vec<String>, usize) {
    let (position, rest) = line.split_once(" ; bm ").expect("a bm field");
    let mut best: Vec<String> = rest
        .split(" ; ")
        .next()
        .expect("moves")
        .split(' ')
        .map(str::to_string)
        .collect();
    best.sort_unstable();
    let parsed = parse_position_text(position).expect("a position string");
    let session =
        build_session(GameKind::Joust, Setup::Text(&parsed), &[], false).expect("a joust position");
    (
        best,
        winning_moves(session.as_ref()),
        session.legal_moves().len(),
    )
}

/// The moves of `session`'s position after which the side to move has won, by the negamax.
fn winning_moves(session: &dyn GameSession) -> Vec<String> {
    let mut winning: Vec<String> = session
        .legal_moves()
        .into_iter()
        .filter(|text| {
            let mut child = session.boxed_clone();
            child.play_move(text).expect("a legal move");
            !mover_wins(child.as_ref())
        })
        .collect();
    winning.sort_unstable();
    winning
}

#[test]
fn a_suite_of_lines_keeps_each_position_where_some_move_wins_and_some_loses() {
    // On one thread, and with each position's moves proven on three at once.
    for threads in ["1", "3"] {
        suite_of_lines_is_the_negamax_s(threads);
    }
}

/// The suite `tabula probe --suite-lines --threads THREADS` writes keeps each line whose
/// position the negamax finds won with some move losing, its `bm` the winning moves.
fn suite_of_lines_is_the_negamax_s(threads: &str) {
    // Won with one losing move; won whatever is played; lost; won with one losing move.
    let lines = ["c3e4 d4c2", "c3e4 d4b5", "c3b1 d4c2", "c3d1 d4b3"];
    let file = format!(
        "# hand-picked\n{}\n\n{}\n{}\n{}\n",
        lines[0], lines[1], lines[2], lines[3]
    );
    let path = std::env::temp_dir().join(format!("tabula-suite-{}.lines", std::process::id()));
    std::fs::write(&path, file).expect("the lines are written");
    let output = tabula(&["probe", "joust", "--size", "5", "--threads", threads])
        .arg("--suite-lines")
        .arg(&path)
        .output()
        .expect("tabula runs");
    let _ = std::fs::remove_file(&path);
    let suite = written_suite(&output);
    let written = suite_positions(&suite);
    let mut expected = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let moves: Vec<&str> = line.split(' ').collect();
        let session = build_session(
            GameKind::Joust,
            Setup::Start(BoardSize {
                width: 5,
                height: 5,
            }),
            &moves,
            false,
        )
        .expect("the line's moves");
        let winning = winning_moves(session.as_ref());
        if !winning.is_empty() && winning.len() < session.legal_moves().len() {
            // The file's line number: a comment and a blank line come before some lines.
            let number = index + 2 + usize::from(index > 0);
            expected.push((format!("line {number} ply 2"), winning));
        }
    }
    assert!(!expected.is_empty(), "some line qualifies");
    let found: Vec<(String, Vec<String>)> = written
        .iter()
        .map(|line| {
            let (best, winning, _) = best_and_winning_moves(line);
            assert_eq!(best, winning, "{line}");
            let id = line.split("id \"").nth(1).expect("an id");
            (id.split(':').next().expect("a name").to_string(), best)
        })
        .collect();
    assert_eq!(found, expected, "{suite}");
}

#[test]
fn a_suite_of_lines_refuses_a_bad_move_naming_its_line_and_token() {
    let path = std::env::temp_dir().join(format!("tabula-bad-{}.lines", std::process::id()));
    std::fs::write(&path, "c3e4 d4c2\n\nc3e4 zz9\n").expect("the lines are written");
    let output = tabula(&["probe", "joust", "--size", "5", "--suite-lines"])
        .arg(&path)
        .output()
        .expect("tabula runs");
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{output:?}");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("line 3") && error.contains("'zz9'"),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "{error}");
}
