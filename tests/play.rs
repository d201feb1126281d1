//! `tabula play` driven through stdin like a person, mistakes included; its games kept as
//! records that `tabula review` reads.

#[allow(dead_code)]
mod common;

use common::elo_span as span;
use common::process;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use tabula::games::GameKind;

/// The exit code, stdout and stderr of `tabula play <args>` given `input`.
fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let mut command = process::tabula(&["play"]);
    command.args(args);
    let mut child =
        process::start(&mut command, Stdio::piped(), Stdio::piped()).expect("tabula runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let output = child.wait_with_output().expect("tabula ends");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Asserts that `out` says each of `texts`.
fn says(out: &str, texts: &[&str]) {
    for text in texts {
        assert!(out.contains(text), "{text}: {out}");
    }
}

#[test]
fn a_person_makes_mistakes_then_moves_and_takes_back() {
    let (code, out, _) = play(
        &["joust", "--level", "easy"],
        "help\nxx\nd4e5\nmoves d4\nmoves z1\nd4f5\nundo\nhint\nfly away\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    says(
        &out,
        &[
            "you play white against level easy",
            // Help, with the rules.
            "moves [square]",
            "The square a knight leaves is burned",
            "N white knight, n black knight, * burned square",
            "'xx' is not a move",
            // 8 x 8 Joust is a proven win for black (the mirror strategy): said so.
            "black has a proven win",
            "Not a legal move: move 'xx'",
            "Not a legal move: move 'd4e5'",
            "Legal moves: d4c2 d4e2 d4b3 d4f3 d4b5 d4f5 d4c6 d4e6",
            "'z1' is not a square of this 8 x 8 board.",
            // Numbered as the records number it: white's first move is move 1.
            "Last move: 1. d4f5",
            // The engine answers.
            "black plays ",
            "Taken back.",
            "Hint: d4",
            "Unknown command 'fly away'",
        ],
    );
    // Not in centipawns.
    assert!(!out.contains("cp -"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn the_last_move_is_marked_on_the_board() {
    let (_, out, _) = play(&["joust", "--as", "both"], "d4f5\ne5c4\nquit\n");
    says(
        &out,
        &[
            " 5 | . . . . n>N . . |",
            " 4 | . . .>* . . . . |",
            "Last move: 1... e5c4",
        ],
    );
}

#[test]
fn watching_the_engine_play_itself_ends_with_the_result() {
    let (code, out, _) = play(&["joust", "6", "--as", "none", "--level", "greedy"], "");
    assert_eq!(code, 0, "{out}");
    says(
        &out,
        &[
            "the engine against itself (level greedy, about 1000 Elo)",
            "Game over: ",
            "wins (no legal move)",
        ],
    );
}

#[test]
fn a_finished_game_offers_new_and_undo() {
    let (code, out, _) = play(&["joust", "3", "--as", "both"], "d4f5\nundo\nnew\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Game over: black wins (no legal move)"),
        "{out}"
    );
    assert!(
        out.contains("Unknown command 'd4f5'"),
        "moves are refused once the game is over: {out}"
    );
    assert!(out.contains("Nothing to undo."), "{out}");
}

#[test]
fn bad_arguments_are_explained() {
    let (code, _, _) = play(&["joust", "--as", "purple"], "");
    assert_eq!(code, 2);
    let (code, _, _) = play(&["joust", "--level", "godlike"], "");
    assert_eq!(code, 2);
    // A size the game does not have is a bad argument like the others: stderr, exit code 2.
    let (code, out, errors) = play(&["joust", "2"], "");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(errors.contains("joust board 2x2"), "{errors}");
    let (code, _, errors) = play(&["jesonmor", "8"], "");
    assert_eq!(code, 2);
    assert!(errors.contains("jesonmor board 8x8"), "{errors}");
}

#[test]
fn the_engine_plays_at_an_elo_of_the_scale_and_bad_elos_are_refused() {
    let (low, high) = tabula::strength::ELO_RANGE;
    // The weakest Elo watched to the end on a small board: below Joust's weakest play, so it
    // plays there, named by that Elo, and the game says so in one line.
    let (weakest, _) = span(GameKind::Joust);
    let (code, out, _) = play(
        &["joust", "5", "--as", "none", "--elo", &low.to_string()],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("the engine against itself (Elo {weakest})")),
        "{out}"
    );
    let said =
        format!("--elo {low} is below joust's weakest play ({weakest}): playing at {weakest}.");
    assert_eq!(out.lines().nth(1), Some(said.as_str()), "{out}");
    assert!(out.contains("Game over: "), "{out}");
    let (code, out, _) = play(&["joust", "--elo", "1200"], "d4f5\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("you play white against Elo 1200"), "{out}");
    assert!(
        !out.contains("playing at"),
        "1200 is within Joust's span: {out}"
    );
    assert!(out.contains("black plays "), "the engine answers: {out}");
    // Above Jeson Mor's full strength: full strength, said so.
    let (_, full) = span(GameKind::JesonMor);
    let (code, out, _) = play(&["jesonmor", "--elo", &high.to_string()], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("you play white against Elo {full}")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "--elo {high} is above jesonmor's full strength ({full}): playing at {full}."
        )),
        "{out}"
    );
    // Out of range, not a number, or with a level: a bad argument, stderr and exit code 2.
    for args in [
        vec!["joust", "--elo", &(low - 1).to_string()],
        vec!["joust", "--elo", &(high + 1).to_string()],
        vec!["joust", "--elo", "strong"],
        vec!["joust", "--elo", "1500", "--level", "easy"],
    ] {
        let (code, out, errors) = play(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(errors.contains("--elo"), "{args:?}: {errors}");
    }
    // The help says what the Elo is: the game's measured scale, in its range.
    let (code, help, _) = play(&["--help"], "");
    assert_eq!(code, 0);
    assert!(help.contains("--elo <ELO>"), "{help}");
    assert!(help.contains(&format!("({low} to {high})")), "{help}");
    assert!(help.contains("docs/strength.md"), "{help}");
}

#[test]
fn the_levels_are_listed_by_their_elo() {
    let listed = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "claustro", "--levels"])
        .output()
        .expect("tabula runs");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert_eq!(listed.status.code(), Some(0), "{text}");
    // greedy is the scale's anchor, 1000 in every game; random is the weakest level.
    let greedy = text.lines().find(|line| line.contains("--level greedy"));
    assert!(greedy.is_some_and(|line| line.contains(" 1000 ")), "{text}");
    let first = text.lines().nth(1).unwrap_or_default();
    assert!(first.contains("--level random"), "{text}");
}

/// A path of this test's own in the temporary folder (removed first).
fn temporary(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabula-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The exit code and text report of `tabula review` of the record at `path`, at depth 2.
fn review(game: &str, path: &std::path::Path) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["review", "--game", game, "--depth", "2"])
        .arg(path)
        .output()
        .expect("tabula runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let errors = String::from_utf8_lossy(&output.stderr);
    (
        output.status.code().unwrap_or(-1),
        format!("{text}{errors}"),
    )
}

#[test]
fn a_watched_game_is_recorded_when_it_ends_and_review_reads_it() {
    let path = temporary("watched.txt");
    let file = path.to_str().expect("a UTF-8 path");
    let (code, out, _) = play(
        &[
            "joust", "5", "--as", "none", "--level", "greedy", "--record", file,
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("The games are recorded in {file}.")),
        "{out}"
    );
    let record = std::fs::read_to_string(&path).expect("the record is written");
    // The engine's moves played on the board, in order, are the record's moves.
    let played: Vec<&str> = out
        .lines()
        .filter_map(|line| line.split(" plays ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    for tag in [
        "[Event \"tabula play\"]",
        "[White \"tabula (level greedy)\"]",
        "[Black \"tabula (level greedy)\"]",
        "[Game \"joust\"]",
        "[Size \"5x5\"]",
        "[Termination \"no legal move\"]",
    ] {
        assert!(record.contains(tag), "{tag}: {record}");
    }
    assert!(
        record.contains(&format!("[PlyCount \"{}\"]", played.len())),
        "{record}"
    );
    let winner = if played.len() % 2 == 1 { "1-0" } else { "0-1" };
    assert!(
        record.contains(&format!("[Result \"{winner}\"]")),
        "{record}"
    );
    let (code, report) = review("joust", &path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{report}");
    let moves = if played.len() == 1 { "move" } else { "moves" };
    assert!(
        report.starts_with(&format!("review of joust 5x5, {} {moves}", played.len())),
        "{report}"
    );
}

#[test]
fn a_game_is_saved_named_by_its_players_and_hint_and_undo_work_after_the_end() {
    let path = temporary("saved.txt");
    let file = path.to_str().expect("a UTF-8 path");
    // Two people on Joust 4 x 4: after b2a4 c3b1, white's knight on a4 has no move (b2 and c3
    // are burned).
    let (code, out, _) = play(
        &["joust", "4", "--as", "both"],
        &format!("save\nsave {file}\nb2a4\nc3b1\nhint\nsave {file}\nundo\nhint\nquit\n"),
    );
    assert_eq!(code, 0, "{out}");
    says(
        &out,
        &[
            "Nothing to save: no move has been played.",
            "Save to which file? Type 'save FILE'.",
            "Game over: black wins (no legal move)",
            "No hint: the game is over, black wins (no legal move).",
        ],
    );
    assert!(
        out.contains(&format!("Saved the game (2 moves) to {file}.")),
        "{out}"
    );
    assert!(out.contains("Taken back."), "{out}");
    assert!(
        out.contains("Hint: "),
        "a hint once the end is taken back: {out}"
    );
    let record = std::fs::read_to_string(&path).expect("the record is saved");
    for tag in ["[White \"Human\"]", "[Black \"Human\"]", "[Result \"0-1\"]"] {
        assert!(record.contains(tag), "{tag}: {record}");
    }
    let (code, report) = review("joust", &path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{report}");
    assert!(
        report.starts_with("review of joust 4x4, 2 moves"),
        "{report}"
    );
    let unwritable = play(
        &["joust", "4", "--as", "both"],
        "b2a4\nsave /nonexistent-dir/g.txt\n",
    );
    assert!(
        unwritable
            .1
            .contains("Not saved: cannot write '/nonexistent-dir/g.txt'"),
        "{}",
        unwritable.1
    );
    // A --record file that cannot be written is a bad argument: nothing is played.
    let (code, out, errors) = play(&["joust", "--record", "/nonexistent-dir/g.txt"], "");
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        errors.contains("--record '/nonexistent-dir/g.txt'"),
        "{errors}"
    );
}
