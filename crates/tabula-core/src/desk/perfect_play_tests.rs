//! The `probe` action: every legal move with the value [`Probe`] gives it, best first, and a
//! bad request refused with its reason.

use super::action::{Action, Applied};
use super::perfect_play::{PROBE_NODES, PROBE_SEARCH_NODES, table_probe_json};
use super::state::Desk;
use super::table::Table;
use crate::game::Outcome;
use crate::games::probe::{Probe, best_of, value_text};
use crate::session::GameSession;
use serde_json::Value;

/// The desk's answer to `probe` with `body`, as JSON.
fn probe(desk: &mut Desk, body: &str) -> Result<Value, String> {
    let action = Action::parse("probe", body.as_bytes(), &["tabula".to_string()])?;
    match desk.apply(action)? {
        Applied::Answer(json) => serde_json::from_str(&json).map_err(|e| e.to_string()),
        _ => Err("probe changed the desk".to_string()),
    }
}

/// A value of the answer (`result` and `plies`) in `value_text`'s words.
fn words(result: &Value, plies: &Value) -> String {
    match (result.as_str(), plies.as_u64()) {
        (Some(word), Some(n)) => format!("{word} in {n}"),
        (Some(word), None) => word.to_string(),
        (None, _) => "unknown".to_string(),
    }
}

#[test]
fn every_legal_move_of_joust_5x5_is_listed_with_the_probes_value() {
    let mut desk = Desk::new(Table::new("joust", Some("5x5")).expect("joust 5x5"));
    desk.person_moves("c3b1", true).expect("a legal first move");
    let version = desk.version;
    let answer = probe(&mut desk, "{}").expect("a probe");
    assert_eq!(desk.version, version, "a probe changes nothing");

    let session = desk.table.session();
    let expected = Probe::new(None, PROBE_NODES)
        .with_search(PROBE_SEARCH_NODES)
        .move_values(session);
    let moves = answer["moves"].as_array().expect("moves");
    let listed: Vec<(String, String)> = moves
        .iter()
        .map(|entry| {
            let text = entry["move"].as_str().expect("a move").to_string();
            (text, words(&entry["result"], &entry["plies"]))
        })
        .collect();
    let wanted: Vec<(String, String)> = expected
        .iter()
        .map(|entry| (entry.text.clone(), value_text(entry.value)))
        .collect();
    assert_eq!(listed, wanted);
    let mut legal = session.legal_moves();
    let mut shown: Vec<String> = listed.into_iter().map(|(text, _)| text).collect();
    legal.sort();
    shown.sort();
    assert_eq!(shown, legal, "every legal move, once");
    assert_eq!(
        words(&answer["position"], &answer["plies"]),
        value_text(best_of(&expected))
    );
    assert!(
        moves.iter().any(|entry| entry["result"].is_string()),
        "the solver proves some moves of Joust 5x5: {answer}"
    );
}

#[test]
fn a_look_at_the_tables_alone_runs_neither_the_solver_nor_the_search() {
    // Joust 5 x 5 after one move: past the proven start, so only the solver (or a search)
    // knows its moves' values, and the full probe shows some.
    let mut desk = Desk::new(Table::new("joust", Some("5x5")).expect("joust 5x5"));
    desk.person_moves("c3b1", true).expect("a legal first move");
    let session = desk.table.session();
    let look: Value =
        serde_json::from_str(&table_probe_json(session, None).expect("a look")).expect("JSON");
    let moves = look["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), session.legal_moves().len(), "{look}");
    assert!(
        moves.iter().all(|entry| entry["result"].is_null()) && look["position"].is_null(),
        "{look}"
    );
    let full = probe(&mut desk, "{}").expect("a probe");
    assert!(
        full["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .any(|entry| entry["result"].is_string()),
        "{full}"
    );
}

/// Whether the side to move forces a win within `plies` plies, by trying every line (a plain
/// negamax over the rules, knowing nothing of the search).
fn wins_within(session: &dyn GameSession, plies: u32) -> bool {
    if let Some(verdict) = session.verdict() {
        return verdict.outcome == Outcome::Win(session.side_to_move());
    }
    plies > 0
        && session.legal_moves().iter().any(|text| {
            let mut child = session.boxed_clone();
            child.play_move(text).expect("a legal move");
            loses_within(child.as_ref(), plies - 1)
        })
}

/// Whether the side to move loses within `plies` plies whatever it plays.
fn loses_within(session: &dyn GameSession, plies: u32) -> bool {
    if let Some(verdict) = session.verdict() {
        return verdict.outcome == Outcome::Win(session.side_to_move().opponent());
    }
    plies > 0
        && session.legal_moves().iter().all(|text| {
            let mut child = session.boxed_clone();
            child.play_move(text).expect("a legal move");
            wins_within(child.as_ref(), plies - 1)
        })
}

#[test]
fn the_search_s_own_proofs_show_where_no_table_or_solver_knows() {
    // Jeson Mor 5 x 5: white's knight on b1 reaches the centre, c3, which black's knight on e5
    // cannot take, and leaves it next move, winning (rules.md).
    let mut desk = Desk::new(Table::new("jesonmor", Some("5")).expect("jeson mor 5x5"));
    let action = Action::parse(
        "position",
        br#"{"position": "4n/5/5/5/1N3 w 0 1"}"#,
        &["tabula".to_string()],
    )
    .expect("a position request");
    let action = action.set_up(desk.table.game).expect("a position");
    desk.apply(action).expect("set up");
    let answer = probe(&mut desk, "{}").expect("a probe");
    let first = &answer["moves"][0];
    assert_eq!(first["move"], "b1c3", "{answer}");
    assert_eq!(words(&first["result"], &first["plies"]), "win in 3");
    assert_eq!(words(&answer["position"], &answer["plies"]), "win in 3");
    let session = desk.table.session();
    assert!(wins_within(session, 3) && !wins_within(session, 2));
    for entry in answer["moves"].as_array().expect("moves") {
        let mut child = session.boxed_clone();
        child
            .play_move(entry["move"].as_str().expect("a move"))
            .expect("legal");
        let plies = entry["plies"].as_u64().map(|n| n as u32);
        match (entry["result"].as_str(), plies) {
            (Some("win"), Some(n)) => assert!(loses_within(child.as_ref(), n - 1), "{entry}"),
            (Some("loss"), Some(n)) => assert!(wins_within(child.as_ref(), n - 1), "{entry}"),
            (None, _) => {}
            _ => panic!("a search proves wins and losses with their plies: {entry}"),
        }
    }
}

#[test]
fn a_game_over_has_no_moves_and_the_verdict_for_its_value() {
    let mut desk = Desk::new(Table::new("joust", Some("5x5")).expect("joust 5x5"));
    // The first legal move each turn, until the game ends (25 squares: at most 25 plies).
    for _ in 0..25 {
        let Some(first) = desk.table.session().legal_moves().into_iter().next() else {
            break;
        };
        if desk.table.session().verdict().is_some() {
            break;
        }
        desk.person_moves(&first, true).expect("a legal move");
    }
    assert!(desk.table.session().verdict().is_some(), "the game ended");
    let answer = probe(&mut desk, "{}").expect("a probe");
    assert_eq!(answer["moves"], serde_json::json!([]));
    assert_eq!(answer["position"], "loss", "{answer}");
    assert_eq!(answer["plies"], 0);
}

#[test]
fn a_bad_probe_request_is_refused_with_its_reason() {
    let mut desk = Desk::new(Table::new("joust", Some("5x5")).expect("joust 5x5"));
    let refused = probe(&mut desk, r#"{"depth": 3}"#).expect_err("no fields");
    assert!(
        refused.starts_with("bad JSON: unknown field `depth`"),
        "{refused}"
    );
    let refused = probe(&mut desk, "not json").expect_err("not JSON");
    assert!(refused.starts_with("bad JSON: "), "{refused}");
}
