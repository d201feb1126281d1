//! `tabula probe --suite` through the real binary: every `bm` of a Joust 5 x 5 suite is exactly
//! the set of moves that a plain negamax over the rules (no solver, no proof) finds winning, and
//! `tabula suite` runs the file it writes.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::negamax::mover_wins;
use common::process::tabula;
use tabula::board::position_text::parse_position_text;
use tabula::games::{GameKind, build_session};
use tabula::session::Setup;

#[test]
fn a_joust_suite_s_best_moves_are_every_winning_move() {
    let output = tabula(&[
        "probe", "joust", "--size", "5", "--suite", "6", "--plies", "3-9", "--seed", "7",
    ])
    .output()
    .expect("tabula runs");
    assert!(output.status.success(), "{output:?}");
    let suite = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = suite
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), 6, "{suite}");
    for line in &lines {
        let (position, rest) = line.split_once(" ; bm ").expect("a bm field");
        let mut best: Vec<&str> = rest
            .split(" ; ")
            .next()
            .expect("moves")
            .split(' ')
            .collect();
        best.sort_unstable();
        let parsed = parse_position_text(position).expect("a position string");
        let session = build_session(GameKind::Joust, Setup::Text(&parsed), &[], false)
            .expect("a joust position");
        let mut winning: Vec<String> = session
            .legal_moves()
            .into_iter()
            .filter(|text| {
                let mut child = session.boxed_clone();
                child.play_move(text).expect("a legal move");
                !mover_wins(child.as_ref())
            })
            .collect();
        assert!(!winning.is_empty() && winning.len() < session.legal_moves().len());
        winning.sort_unstable();
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
