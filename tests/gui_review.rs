//! The review of a table's game through the GUI's HTTP API: every position searched in the
//! background, each move judged as `tabula review` judges it, the judgement written into the
//! downloaded record, a match's record reviewed with its random opening unjudged and its
//! players and result kept, and no other table held up while a deep review runs.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use gui_support::*;
use matches::{random_against_strong, tags};
use serde_json::Value;
use std::process::Command;
use std::time::Duration;

/// Three legal moves of Jeson Mor 9 x 9, each played a little after the turn began.
const MOVES: [&str; 3] = ["a1b3", "i9h7", "b3c5"];

fn play_moves(gui: &Gui, id: &str) {
    for mv in MOVES {
        std::thread::sleep(Duration::from_millis(30));
        let (status, body) = gui.post(
            &format!("/api/tables/{id}/move"),
            &format!(r#"{{"move":"{mv}"}}"#),
        );
        assert_eq!(status, 200, "{body}");
    }
}

fn review_of(state: &str) -> Value {
    let table: Value = serde_json::from_str(state).unwrap_or_else(|e| panic!("{e}: {state}"));
    table["review"].clone()
}

fn ask_review(gui: &Client, id: &str, body: &str) -> (u16, String) {
    gui.post(&format!("/api/tables/{id}/review"), body)
}

#[test]
fn a_review_judges_every_move_and_goes_into_the_record() {
    let gui = Gui::start(&[]);
    let id = gui.open("jesonmor", "9");
    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":2}"#);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("no moves to review"), "{body}");
    play_moves(&gui, &id);
    for bad in [
        r#"{"on":true,"depth":0}"#,
        r#"{"on":true}"#,
        r#"{"on":true,"depth":3,"deep":1}"#,
        r#"{"on":"yes"}"#,
    ] {
        let (status, body) = ask_review(&gui, &id, bad);
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(
            review_of(&gui.get(&format!("/api/tables/{id}")).1),
            Value::Null
        );
    }
    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":3}"#);
    assert_eq!(status, 200, "{body}");
    let state = wait_for(&gui, &id, "the review to finish", |state| {
        review_of(state)["status"] == "done"
    });
    let review = review_of(&state);
    assert_eq!(review["positions"], 4, "{review}");
    assert_eq!(review["searched"], 4, "{review}");
    let curve = review["curve"].as_array().expect("a curve");
    assert_eq!(curve.len(), 4, "{review}");
    assert!(
        curve
            .iter()
            .all(|v| v.as_f64().is_some_and(|v| (0.0..=1.0).contains(&v))),
        "{review}"
    );
    let moves = review["report"]["moves"].as_array().expect("judged moves");
    let played: Vec<&str> = moves.iter().filter_map(|m| m["move"].as_str()).collect();
    assert_eq!(played, MOVES, "{review}");
    for judged in moves {
        let loss = judged["loss"].as_f64().expect("a loss");
        let mark = match loss {
            l if l >= 0.15 => "blunder",
            l if l >= 0.10 => "mistake",
            l if l >= 0.05 => "inaccuracy",
            _ => "",
        };
        assert_eq!(judged["mark"].as_str().unwrap_or(""), mark, "{judged}");
    }
    assert_eq!(review["report"]["summary"]["white"]["moves"], 2, "{review}");

    let (status, record) = gui.get(&format!("/api/tables/{id}/record"));
    assert_eq!(status, 200, "{record}");
    let date = record
        .lines()
        .find_map(|line| line.strip_prefix("[Date \""))
        .and_then(|rest| rest.strip_suffix("\"]"))
        .unwrap_or_else(|| panic!("no Date tag: {record}"));
    let fields: Vec<&str> = date.split('.').collect();
    assert!(
        fields.len() == 3 && fields.iter().map(|f| f.len()).eq([4, 2, 2]),
        "{date}"
    );
    assert!(record.contains("[White \"Human\"]"), "{record}");
    assert!(
        record.contains("[Annotator \"tabula review, depth 3\"]"),
        "{record}"
    );
    assert_eq!(record.matches("{review ").count(), 3, "{record}");
    assert!(!record.contains("{0ms}"), "30 ms between moves: {record}");

    // `tabula review` reads the record back, as does a table.
    let file = std::env::temp_dir().join(format!("tabula-gui-review-{}.txt", std::process::id()));
    std::fs::write(&file, &record).expect("a temporary file");
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["review", "--game", "jesonmor", "--depth", "1", "--json"])
        .arg(&file)
        .output()
        .expect("tabula review runs");
    let _ = std::fs::remove_file(&file);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    let again: Value = serde_json::from_str(text.trim()).expect("JSON");
    assert_eq!(again["moves"].as_array().map(Vec::len), Some(3), "{again}");
    let other = gui.open("joust", "8");
    let (status, state) = gui.load_record(&other, &record, None);
    assert_eq!(status, 200, "{state}");
    assert_eq!(strings(&field(&state, "moves")), MOVES);

    // A take back changes the moves reviewed: the review goes.
    let (status, state) = gui.post(&format!("/api/tables/{id}/undo"), "");
    assert_eq!(status, 200, "{state}");
    assert_eq!(review_of(&state), Value::Null, "{state}");
}

/// A match's game loaded and reviewed: the 4 random plies of its opening are book moves, never
/// marked; the record's players, result and ending are shown and written back; random play's
/// accuracy is far below full strength's.
#[test]
fn a_match_record_is_reviewed_with_its_opening_unjudged() {
    let games = random_against_strong();
    let game = games.split("[Event ").nth(1).expect("the first game");
    let opening: Vec<&str> = tags(game, "Opening")[0]
        .split_whitespace()
        .skip(2)
        .collect();
    let gui = Gui::start(&[]);
    let id = gui.open("joust", "8");
    let (status, state) = gui.load_record(&id, &games, Some(1));
    assert_eq!(status, 200, "{state}");
    let table: Value = serde_json::from_str(&state).expect("a Table");
    assert_eq!(
        table["players"]["black"]["kind"], "human",
        "a record is studied"
    );
    let record = &table["record"];
    assert_eq!(record["white"], "random (level random)", "{record}");
    assert_eq!(record["black"], "strong", "{record}");
    assert_eq!(record["book"], 4, "{record}");
    assert_eq!(record["result"], tags(game, "Result")[0], "{record}");
    assert_eq!(
        record["termination"],
        tags(game, "Termination")[0],
        "{record}"
    );

    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":3}"#);
    assert_eq!(status, 200, "{body}");
    let state = wait_for(&gui, &id, "the review to finish", |state| {
        review_of(state)["status"] == "done"
    });
    let report = &review_of(&state)["report"];
    let moves = report["moves"].as_array().expect("moves");
    for (ply, judged) in moves.iter().enumerate() {
        let book = ply < opening.len();
        assert_eq!(judged["book"], book, "{judged}");
        assert_eq!(judged["loss"].is_null(), book, "{judged}");
        if book {
            assert_eq!(judged["move"], opening[ply], "{judged}");
            assert!(judged["mark"].is_null(), "{judged}");
        }
    }
    assert_eq!(
        report["record"]["white"], "random (level random)",
        "{report}"
    );
    let accuracy = |side: &str| {
        report["summary"][side]["accuracy"]
            .as_f64()
            .expect("judged")
    };
    assert!(
        accuracy("black") - accuracy("white") > 25.0,
        "random {} against strong {}",
        accuracy("white"),
        accuracy("black")
    );

    // The record written back is the match's: its players (with their levels, as the GUI names
    // its own), opening and result.
    let (status, written) = gui.get(&format!("/api/tables/{id}/record"));
    assert_eq!(status, 200, "{written}");
    assert_eq!(
        tags(&written, "White"),
        ["random (level random)"],
        "{written}"
    );
    for tag in ["Black", "Opening", "Result", "Termination"] {
        assert_eq!(tags(&written, tag), tags(game, tag), "{tag}: {written}");
    }
    assert_eq!(
        written.matches("{review ").count(),
        moves.len() - 4,
        "{written}"
    );

    // A move taken back: the game is no longer the record's, its book stays.
    let (status, state) = gui.post(&format!("/api/tables/{id}/undo"), "");
    assert_eq!(status, 200, "{state}");
    let table: Value = serde_json::from_str(&state).expect("a Table");
    assert_eq!(table["record"]["book"], 4, "{state}");
    assert!(table["record"]["result"].is_null(), "{state}");
    let (_, written) = gui.get(&format!("/api/tables/{id}/record"));
    assert_eq!(tags(&written, "Result"), ["*"], "{written}");
}

#[test]
fn a_deep_review_holds_up_no_other_table_and_a_second_replaces_it() {
    let gui = Gui::start(&[]);
    let id = gui.open("jesonmor", "9");
    play_moves(&gui, &id);
    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":30}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(review_of(&body)["status"], "running", "{body}");

    // Another table is opened, moved on and asked about while the review searches.
    let other = gui.open("joust", "8");
    let (status, body) = gui.post(&format!("/api/tables/{other}/move"), r#"{"move":"d4f5"}"#);
    assert_eq!(status, 200, "{body}");
    let (status, body) = gui.post(&format!("/api/tables/{other}/targets"), r#"{"path":[]}"#);
    assert_eq!(status, 200, "{body}");
    let (status, _) = gui.get("/api/info");
    assert_eq!(status, 200);
    let (_, state) = gui.get(&format!("/api/tables/{id}"));
    let review = review_of(&state);
    assert_eq!(
        review["status"], "running",
        "the other table answered while the review of the first was still searching: {review}"
    );
    assert!(review["searched"].as_u64() < Some(4), "{review}");

    // A second review replaces the first, which stops.
    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":2}"#);
    assert_eq!(status, 200, "{body}");
    let state = wait_for(&gui, &id, "the second review to finish", |state| {
        review_of(state)["status"] == "done"
    });
    assert_eq!(review_of(&state)["depth"], 2, "{state}");

    // A review stopped keeps what it found.
    let (status, body) = ask_review(&gui, &id, r#"{"on":true,"depth":30}"#);
    assert_eq!(status, 200, "{body}");
    let (status, body) = ask_review(&gui, &id, r#"{"on":false}"#);
    assert_eq!(status, 200, "{body}");
    let state = wait_for(&gui, &id, "the review to stop", |state| {
        review_of(state)["status"] == "stopped"
    });
    assert_eq!(review_of(&state)["depth"], 30, "{state}");
}

#[test]
fn reviews_at_once_are_bounded() {
    let gui = Gui::start(&[]);
    let tables: Vec<String> = (0..5).map(|_| gui.open("jesonmor", "9")).collect();
    for id in &tables {
        let (status, body) = gui.post(&format!("/api/tables/{id}/move"), r#"{"move":"a1b3"}"#);
        assert_eq!(status, 200, "{body}");
    }
    for id in &tables[..4] {
        let (status, body) = ask_review(&gui, id, r#"{"on":true,"depth":30}"#);
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = ask_review(&gui, &tables[4], r#"{"on":true,"depth":30}"#);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("4 reviews are running"), "{body}");
    assert_eq!(
        review_of(&gui.get(&format!("/api/tables/{}", tables[4])).1),
        Value::Null
    );
    for id in &tables[..4] {
        let (status, body) = ask_review(&gui, id, r#"{"on":false}"#);
        assert_eq!(status, 200, "{body}");
    }
}
