//! `tabula review`: real games of each game reviewed and the JSON report checked against itself
//! and the documented thresholds; a blunder found; the annotated record read back; a match's
//! record reviewed with its random opening unjudged, random play scoring low; bad input refused
//! with one error line and exit code 2, nothing analysed.

#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use common::Engine;
use matches::{random_against_strong, tags};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The marks' least losses (expected score), as docs/strength.md documents them.
const THRESHOLDS: [(&str, f64); 3] = [("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", 0.15)];

/// A file of this test's own in the temporary folder, holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabula-review-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("tabula runs")
}

/// Up to `plies` moves of the engine playing itself at depth 2 from the start of `game`.
fn engine_game(game: &str, plies: usize) -> Vec<String> {
    let mut engine = Engine::start_game(game);
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 2");
        let answer = engine.read_until("bestmove").pop().unwrap_or_default();
        match answer.split_whitespace().nth(1) {
            Some("(none)") | None => break,
            Some(mv) => moves.push(mv.to_string()),
        }
    }
    moves
}

/// The JSON review of `record`, checked for consistency: losses at least 0, marks as the
/// thresholds give them, summaries that count the moves' marks.
fn checked_review(game: &str, record: &Path, extra: &[&str]) -> Value {
    let path = record.to_str().expect("a UTF-8 path");
    let mut args = vec!["review", "--game", game, "--depth", "3", "--json", path];
    args.extend_from_slice(extra);
    let output = tabula(&args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let moves = report["moves"].as_array().expect("a moves array");
    for m in moves.iter().filter(|m| m["book"] == false) {
        let loss = m["loss"].as_f64().expect("a loss");
        let before = m["expected_before"].as_f64().expect("an expected score");
        let after = m["expected_after"].as_f64().expect("an expected score");
        assert!(loss >= 0.0, "{m}");
        assert!(
            (0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after),
            "{m}"
        );
        if m["move"] != m["best"] {
            assert!((loss - (before - after).max(0.0)).abs() < 2e-4, "{m}");
        } else {
            assert_eq!(loss, 0.0, "{m}");
        }
        let expected_mark = THRESHOLDS
            .iter()
            .rev()
            .find(|(_, least)| loss >= *least)
            .map(|(name, _)| *name);
        assert_eq!(m["mark"].as_str(), expected_mark, "{m}");
    }
    for side in ["white", "black"] {
        let all: Vec<&Value> = moves.iter().filter(|m| m["side"] == side).collect();
        let (book, own): (Vec<&Value>, Vec<&Value>) = all.iter().partition(|m| m["book"] == true);
        for m in &book {
            assert!(m["loss"].is_null() && m["accuracy"].is_null(), "{m}");
            assert!(m["mark"].is_null(), "a book move is not judged: {m}");
        }
        let summary = &report["summary"][side];
        assert_eq!(summary["moves"], own.len(), "{side}");
        assert_eq!(summary["book"], book.len(), "{side}");
        for (count, mark) in [
            ("inaccuracies", "inaccuracy"),
            ("mistakes", "mistake"),
            ("blunders", "blunder"),
        ] {
            let marked = own.iter().filter(|m| m["mark"] == mark).count();
            assert_eq!(summary[count], marked, "{side} {count}");
        }
        match summary["accuracy"].as_f64() {
            Some(accuracy) => assert!((0.0..=100.0).contains(&accuracy), "{summary}"),
            None => assert!(own.is_empty(), "{summary}"),
        }
    }
    report
}

#[test]
fn a_match_record_keeps_its_opening_unjudged_and_random_play_scores_low() {
    let games = random_against_strong();
    let record = file("match.txt", &games);
    for (number, random_side) in [(1, "white"), (2, "black")] {
        let report = checked_review("apart", &record, &["--number", &number.to_string()]);
        let game = games
            .split("[Event ")
            .filter(|game| !game.trim().is_empty())
            .nth(number - 1)
            .expect("the game");
        // The record's Opening tag holds the random plies: the review's first moves, book moves.
        let opening: Vec<&str> = tags(game, "Opening")[0]
            .split_whitespace()
            .skip(2)
            .collect();
        assert_eq!(opening.len(), 4, "{game}");
        let moves = report["moves"].as_array().expect("moves");
        let book: Vec<&str> = (moves.iter())
            .take_while(|m| m["book"] == true)
            .filter_map(|m| m["move"].as_str())
            .collect();
        assert_eq!(book, opening, "game {number}");
        assert!(moves[4..].iter().all(|m| m["book"] == false), "{report}");
        // The players, result and ending are the record's.
        let recorded = &report["record"];
        for (field, tag) in [("result", "Result"), ("termination", "Termination")] {
            assert_eq!(recorded[field], tags(game, tag)[0], "{field}: {recorded}");
        }
        // The level of the engine's options, from the record's level tag.
        let strong_side = if random_side == "white" {
            "black"
        } else {
            "white"
        };
        assert_eq!(recorded[random_side], "random (level random)", "{recorded}");
        assert_eq!(recorded[strong_side], "strong", "{recorded}");
        let accuracy = |side: &str| {
            report["summary"][side]["accuracy"]
                .as_f64()
                .unwrap_or_else(|| panic!("{side}'s accuracy: {report}"))
        };
        let (random, strong) = (accuracy(random_side), accuracy(strong_side));
        assert!(
            random < 75.0 && strong - random > 25.0,
            "game {number}: random play's accuracy {random:.1}, full strength's {strong:.1}"
        );
    }
    // The text report names the players and the result, and shows the book moves as such.
    let path = record.to_str().expect("a UTF-8 path");
    let output = tabula(&["review", "--game", "apart", "--depth", "2", path]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("the first 4 are the record's opening"),
        "{text}"
    );
    assert!(
        text.contains("white: random (level random) · black: strong · result 0-1"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" book")).count(),
        4,
        "{text}"
    );
}

#[test]
fn a_real_game_of_each_game_is_reviewed_consistently() {
    for game in ["joust", "jesonmor", "claustro", "apart"] {
        let moves = engine_game(game, 8);
        assert!(moves.len() >= 2, "{game}: {moves:?}");
        let line = file(
            &format!("{game}.txt"),
            &format!("startpos moves {}\n", moves.join(" ")),
        );
        let report = checked_review(game, &line, &[]);
        let reviewed: Vec<&str> = report["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(|m| m["move"].as_str())
            .collect();
        assert_eq!(reviewed, moves, "{game}: every move reviewed, in order");
    }
}

/// Jeson Mor 5 x 5: black's knight stands on the centre c3, white's b1 knight can take it (the
/// last black knight: white wins). White's e5c4 walks away, and black wins by leaving the centre.
const BLUNDER: &str = "[Event \"test\"]\n[Game \"jesonmor\"]\n[Size \"5x5\"]\n\
                       [Opening \"4N/5/2n2/5/1N3 w 0 1\"]\n[Result \"0-1\"]\n\n\
                       1. e5c4 {3ms} c3a2 0-1\n";

#[test]
fn walking_away_from_a_winning_capture_is_a_blunder_and_the_annotation_reads_back() {
    let record = file("blunder.txt", BLUNDER);
    let annotated = std::env::temp_dir().join(format!(
        "tabula-review-{}-annotated.txt",
        std::process::id()
    ));
    let annotated_path = annotated.to_str().expect("a UTF-8 path");
    let report = checked_review("jesonmor", &record, &["--annotate", annotated_path]);
    let first = &report["moves"][0];
    assert_eq!(first["move"], "e5c4");
    assert_eq!(first["side"], "white");
    assert_eq!(first["mark"], "blunder");
    assert_eq!(first["best"], "b1c3");
    assert_eq!(report["summary"]["white"]["blunders"], 1);
    // The annotated record keeps the record's comments, adds the review's, and reads back as the
    // same game (by the review itself and by the GUI's reader, through the same record parser).
    let text = std::fs::read_to_string(&annotated).expect("the annotated record");
    assert!(text.contains("e5c4 {3ms} {review "), "{text}");
    assert!(text.contains("blunder best b1c3"), "{text}");
    let again = checked_review("jesonmor", &annotated, &[]);
    assert_eq!(again["moves"], report["moves"]);
    // Annotated again, it says one review: the earlier one's comments are replaced.
    let twice = annotated.with_extension("again.txt");
    let twice_path = twice.to_str().expect("a UTF-8 path");
    checked_review("jesonmor", &annotated, &["--annotate", twice_path]);
    let text = std::fs::read_to_string(&twice).expect("the record annotated again");
    let _ = std::fs::remove_file(&twice);
    assert_eq!(text.matches("{review ").count(), 2, "{text}");
    assert_eq!(text.matches("[Annotator ").count(), 1, "{text}");
    // Without --game, the record's Game tag says which game it is.
    let output = tabula(&["review", "--depth", "3", "--json", annotated_path]);
    assert!(output.status.success(), "{output:?}");
    let untold: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(untold["moves"], report["moves"]);
}

#[test]
fn side_lines_and_comments_are_kept_in_the_annotated_record() {
    let with_side_line = BLUNDER.replace(
        "1. e5c4 {3ms} c3a2",
        "{before} 1. e5c4 {3ms} {walks away} (1. b1c3 {takes the last knight}) c3a2",
    );
    let record = file("side-line.txt", &with_side_line);
    let annotated = std::env::temp_dir().join(format!(
        "tabula-review-{}-side-line-annotated.txt",
        std::process::id()
    ));
    let annotated_path = annotated.to_str().expect("a UTF-8 path");
    let report = checked_review("jesonmor", &record, &["--annotate", annotated_path]);
    let played: Vec<&Value> = report["moves"].as_array().expect("moves").iter().collect();
    assert_eq!(played.len(), 2, "the main line only: {report}");
    assert_eq!(played[0]["move"], "e5c4");
    let text = std::fs::read_to_string(&annotated).expect("the annotated record");
    assert!(
        text.contains("\n\n{before} 1. e5c4 {3ms} {walks away} {review "),
        "{text}"
    );
    assert!(
        text.contains("(1. b1c3 {takes the last knight}) 1... c3a2 {review "),
        "{text}"
    );
    let again = checked_review("jesonmor", &annotated, &[]);
    assert_eq!(again["moves"], report["moves"]);
    // A side line's move that is not legal refuses the record, named.
    let illegal = file(
        "bad-side-line.txt",
        &BLUNDER.replace("c3a2", "(1. b1b2) c3a2"),
    );
    let line = refused(&["review", illegal.to_str().unwrap()]);
    assert!(
        line.contains("move 1 (white) 'b1b2' of a side line"),
        "{line}"
    );
}

/// Runs a review expected to fail, and returns its one error line.
fn refused(args: &[&str]) -> String {
    let output = tabula(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}: nothing reported");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    lines[0].to_string()
}

#[test]
fn bad_input_is_refused_with_one_line_naming_it() {
    let illegal = file(
        "illegal.txt",
        "[Game \"jesonmor\"]\n\n1. e1f3 e9d7 2. f3e5 d7c9 *\n",
    );
    let line = refused(&["review", "--game", "jesonmor", illegal.to_str().unwrap()]);
    assert!(line.contains("move 2 (black) 'd7c9'"), "{line}");
    let not_a_game = file("prose.txt", "Dear diary, today I won.\n");
    let line = refused(&["review", "--game", "joust", not_a_game.to_str().unwrap()]);
    assert!(line.contains("move 1 (white) 'Dear'"), "{line}");
    let empty = file("empty.txt", "# nothing\n");
    let line = refused(&["review", "--game", "joust", empty.to_str().unwrap()]);
    assert!(line.contains("no moves"), "{line}");
    let record = file("other.txt", BLUNDER);
    let record = record.to_str().unwrap();
    let line = refused(&["review", "--game", "joust", record]);
    assert!(line.contains("'jesonmor'"), "{line}");
    let line = refused(&["review", "--game", "jesonmor", "--size", "7", record]);
    assert!(line.contains("5x5") && line.contains("7x7"), "{line}");
    let line = refused(&["review", "--game", "jesonmor", "--number", "2", record]);
    assert!(line.contains("no game 2"), "{line}");
    let missing = std::env::temp_dir().join("tabula-review-no-such-file");
    let line = refused(&["review", "--game", "joust", missing.to_str().unwrap()]);
    assert!(line.contains("tabula-review-no-such-file"), "{line}");
    let folder = std::env::temp_dir();
    let line = refused(&["review", "--game", "joust", folder.to_str().unwrap()]);
    assert!(line.contains("directory"), "{line}");
    let line_of_moves = file("line.txt", "startpos moves d4f5 e5c4\n");
    let line = refused(&["review", line_of_moves.to_str().unwrap()]);
    assert!(line.contains("names no game: give --game"), "{line}");
    let untagged = file("untagged.txt", "[Event \"x\"]\n\n1. d4f5 e5c4 *\n");
    let line = refused(&["review", untagged.to_str().unwrap()]);
    assert!(line.contains("no Game tag"), "{line}");
    let line = refused(&["review", "--number", "2", record]);
    assert!(line.contains("no game 2"), "{line}");
}
