//! The Claustro solver through the real binary: `tabula solve claustro` on a reduced case (two
//! pawns a side, seconds at most), then the engine answering `go` from that table.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::solving::solve_into;
use common::{Engine, assert_mate, assert_shows};
use std::path::PathBuf;
use std::process::Command;

/// Solves 5 x 5 with two pawns a side into a file of this test's own; returns its path and the
/// command's standard output.
fn solve_two_pawns(name: &str) -> (PathBuf, String) {
    solve_into(&["solve", "claustro", "--pawns", "2"], "--out", name)
}

fn engine_with_table(path: &std::path::Path) -> Engine {
    let mut engine = Engine::start_game("claustro");
    engine.send(&format!(
        "setoption name SolutionFile value {}",
        path.display()
    ));
    let loaded = engine.read_until("info string solution table loaded");
    assert!(
        loaded
            .last()
            .is_some_and(|l| l.ends_with("claustro 5x5, 71820 positions")),
        "{loaded:#?}"
    );
    engine
}

#[test]
fn solve_writes_a_table_of_every_position() {
    let (path, report) = solve_two_pawns("count");
    // C(21,2) white sets * C(19,2) black sets * 2 sides = 210 * 171 * 2, plus a 24-byte header.
    assert!(report.contains("solved 71820 positions"), "{report}");
    let size = std::fs::metadata(&path).map(|m| m.len());
    let _ = std::fs::remove_file(&path);
    assert_eq!(size.ok(), Some(71820 + 24));
    assert!(report.contains("longest win: "), "{report}");
    let refused = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "jesonmor"])
        .output()
        .expect("the tabula binary runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("cannot solve 'jesonmor' (claustro or joust)"),
        "{refused:?}"
    );
}

#[test]
fn go_plays_from_the_table() {
    let (path, _) = solve_two_pawns("play");
    let mut engine = engine_with_table(&path);
    // White e4 steps into its goal e5 at once: a win in one ply, mate 1.
    let lines = engine.search_from("position fen 2p2/4P/1p3/5/2P2 w 0 1", "go depth 5");
    assert_mate(&lines, 1);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove e4e5"));
    // Black to move there: no black pawn is next to a1 and none stands diagonal to e4 (d5, d3),
    // and e5 is a corner no pawn can be placed on, so white steps into e5 whatever black does:
    // a loss in two plies, mate -1.
    let lines = engine.search_from("position fen 2p2/4P/1p3/5/2P2 b 0 1", "go depth 5");
    assert_mate(&lines, -1);
    assert_shows(&lines, "info string solution table");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn positions_outside_the_table_are_searched() {
    let (path, _) = solve_two_pawns("outside");
    let mut engine = engine_with_table(&path);
    // The start position has four pawns a side: the two-pawn table does not cover it.
    let lines = engine.search_from("position startpos", "go depth 2");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:#?}"
    );
    assert!(!lines.contains(&"info string solution table".to_string()));
    let _ = std::fs::remove_file(&path);
}

/// Sets `SolutionFile` to `path`, which must be refused with an error that says `reason`.
fn assert_table_refused(engine: &mut Engine, path: &str, reason: &str) {
    engine.send(&format!("setoption name SolutionFile value {path}"));
    let lines = engine.read_until("info string error");
    assert!(
        lines.last().is_some_and(|l| l.contains(reason)),
        "{lines:#?}"
    );
}

#[test]
fn bad_tables_are_refused_and_the_loaded_one_stays() {
    let (path, _) = solve_two_pawns("bad");
    let mut engine = engine_with_table(&path);
    engine.send("uci");
    let lines = engine.read_until("uciok");
    assert_shows(
        &lines,
        "option name SolutionFile type string default <empty>",
    );
    let bad = std::env::temp_dir().join(format!("tabula-{}-not-a-table.tbl", std::process::id()));
    std::fs::write(&bad, b"JOUST table").expect("a temporary file");
    assert_table_refused(&mut engine, &bad.display().to_string(), "wrong magic");
    assert_table_refused(&mut engine, "/nonexistent/claustro.tbl", "cannot read");
    let lines = engine.search_from("position fen 2p2/4P/1p3/5/2P2 w 0 1", "go depth 5");
    assert_shows(&lines, "info string solution table");
    engine.send("setoption name SolutionFile value <empty>");
    let lines = engine.search("go depth 1");
    assert!(
        !lines.contains(&"info string solution table".to_string()),
        "{lines:#?}"
    );
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn table_play_heeds_the_repetition_rule() {
    let (path, _) = solve_two_pawns("repetition");
    let mut engine = engine_with_table(&path);
    // White b2 takes c3 and places the pawn on d4; black d4 takes c3 back and places white's pawn
    // on b2: the position is the same again. The table knows positions only, and calls b2c3d4 a
    // drawing move here every time.
    let start = "position fen 1p3/P4/2p2/1P3/5 w 0 1 moves";
    engine.send(&format!("{start} b2c3d4 d4c3b2 b2c3d4 d4c3b2"));
    let lines = engine.search("go depth 3");
    // A third b2c3d4 would let black's third d4c3b2 win by the repetition rule (the last mover wins).
    assert_shows(&lines, "info string solution table");
    assert_ne!(
        lines.last().map(String::as_str),
        Some("bestmove b2c3d4"),
        "{lines:#?}"
    );
    engine.send(&format!("{start} b2c3d4 d4c3b2 b2c3d4 d4c3b2 b2c3d4"));
    let lines = engine.search("go depth 3");
    // Now black's third d4c3b2 wins at once.
    assert_mate(&lines, 1);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove d4c3b2"));
    let _ = std::fs::remove_file(&path);
}
