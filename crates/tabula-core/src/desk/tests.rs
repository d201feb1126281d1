//! The desk's game as the page plays it: whose turn it is, what the engines are asked for, an
//! engine's move (legal or not), the clocks, taking back, and a review run step by step.

use super::job::Purpose;
use super::levels::Setting;
use super::review::status_after_step;
use super::state::{ANALYSER, Desk, MoveNote};
use super::table::{AnalysisSettings, Limit, Player, Table};
use crate::game::Side;
use crate::search::Signals;

fn engine(level: &str) -> Player {
    Player::Engine {
        engine: 0,
        level: Some(level.to_string()),
        elo: None,
    }
}

/// Joust on 8 x 8, the person white against the engine at `medium`.
fn against_the_engine() -> Desk {
    let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
    desk.set_players([Player::Human, engine("medium")], Limit::Depth { depth: 3 });
    desk.committed();
    desk
}

#[test]
fn the_engine_is_asked_for_its_move_only_on_its_turn() {
    let mut desk = against_the_engine();
    assert!(
        desk.wanted().iter().all(Option::is_none),
        "white is the person's"
    );
    desk.person_moves("d4f5", true).expect("a legal first move");
    desk.committed();
    let [white, black, analyser] = desk.wanted();
    assert!(white.is_none() && analyser.is_none());
    let (index, job) = black.expect("black's engine is asked");
    assert_eq!(index, 0);
    assert_eq!(job.purpose, Purpose::Play(Side::Black));
    assert_eq!(job.setting, Setting::Level("medium".to_string()));
    assert_eq!(job.go, "go depth 3");
    assert_eq!(
        job.position,
        format!("position fen {} moves d4f5", desk.table.start)
    );
    assert!(
        desk.why_no_move().is_some(),
        "the person waits for the engine"
    );
    assert!(desk.person_moves("e5c4", true).is_err());
}

#[test]
fn an_engine_move_that_is_not_legal_is_refused_and_not_asked_again() {
    let mut desk = against_the_engine();
    desk.person_moves("d4f5", true).expect("legal");
    desk.committed();
    let version = desk.version;
    let note = MoveNote::default();
    assert!(
        desk.engine_moved(version, Side::Black, "tabula", "a1a1", note.clone())
            .is_err()
    );
    assert_eq!(desk.table.moves.len(), 1, "nothing played");
    assert!(
        desk.wanted()[1].is_none(),
        "not asked again at the same version"
    );
    desk.engine_moved(version, Side::Black, "tabula", "e5c4", note)
        .expect("a legal reply");
    desk.committed();
    assert_eq!(desk.table.moves, ["d4f5", "e5c4"]);
    assert!(desk.why_no_move().is_none(), "the person's turn again");
}

#[test]
fn taking_back_against_the_engine_goes_back_to_the_persons_turn() {
    let mut desk = against_the_engine();
    desk.person_moves("d4f5", true).expect("legal");
    desk.engine_moved(
        desk.version,
        Side::Black,
        "tabula",
        "e5c4",
        MoveNote::default(),
    )
    .expect("legal");
    desk.take_back().expect("two plies back");
    assert!(desk.table.moves.is_empty());
}

#[test]
fn the_analyser_follows_the_position_shown() {
    let mut desk = Desk::new(Table::new("jesonmor", Some("5")).expect("jeson mor"));
    desk.person_moves("a1b3", true).expect("legal");
    desk.table.goto(0).expect("the start");
    desk.analysis = AnalysisSettings {
        on: true,
        engine: 0,
        multipv: 2,
    };
    desk.committed();
    let (_, job) = desk.wanted()[ANALYSER].clone().expect("analysis asked");
    assert_eq!(job.purpose, Purpose::Analyse(2));
    assert_eq!(job.go, "go infinite");
    assert_eq!(job.position, format!("position fen {}", desk.table.start));
}

#[test]
fn a_clock_that_runs_out_loses_the_game() {
    let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
    desk.set_players(
        [Player::Human, Player::Human],
        Limit::Clock {
            base_ms: 1,
            inc_ms: 0,
        },
    );
    desk.committed();
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(desk.flag_fall());
    let result = desk.table.result().expect("over");
    assert_eq!(result.winner, Some("black"));
    assert!(desk.person_moves("d4f5", true).is_err());
}

#[test]
fn a_review_runs_step_by_step_and_a_replaced_one_is_not_heard() {
    let mut desk = Desk::new(Table::new("jesonmor", Some("5")).expect("jeson mor"));
    assert!(desk.start_review(4, |_| String::new()).is_err(), "no moves");
    desk.person_moves("a1b3", true).expect("legal");
    assert!(desk.start_review(0, |_| String::new()).is_err(), "depth 0");
    let first = desk.start_review(2, |_| String::new()).expect("a review");
    let asked = desk.start_review(2, |_| String::new()).expect("another");
    assert!(first.signals.stopped(), "the review replaced is stopped");
    let mut reviewer = asked.reviewer().expect("its searches");
    let signals = Signals::default();
    loop {
        let stepped = reviewer.step(&signals);
        let status = status_after_step(&stepped, reviewer.searched(), reviewer.positions());
        assert!(!desk.review_found(first.serial, &status, reviewer.evals()));
        assert!(desk.review_found(asked.serial, &status, reviewer.evals()));
        if status != "running" {
            assert_eq!(status, "done");
            break;
        }
    }
    let view = desk.review.as_ref().expect("kept").view();
    assert_eq!(view["searched"], 2, "the start and the position after a1b3");
    assert_eq!(view["positions"], 2);
}

#[test]
fn a_new_limit_after_a_loss_on_time_reopens_the_game() {
    let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
    let clock = Limit::Clock {
        base_ms: 1,
        inc_ms: 0,
    };
    desk.set_players([Player::Human, Player::Human], clock);
    desk.committed();
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(desk.flag_fall(), "white's millisecond is gone");
    desk.committed();
    assert!(desk.table.end_result().is_some());
    desk.set_players(
        [Player::Human, Player::Human],
        Limit::Clock {
            base_ms: 60_000,
            inc_ms: 0,
        },
    );
    desk.committed();
    assert!(
        desk.table.end_result().is_none(),
        "full clocks with a loss on time"
    );
    assert_eq!(
        desk.clocks.as_ref().and_then(|clocks| clocks.running()),
        Some(Side::White)
    );
}

/// A move put back on a study board is not timed: its comment is the `{0ms}` of a move with no
/// note (as a loaded record's), while a person's move shows the time it took.
#[test]
fn a_move_put_back_on_a_study_board_has_no_thinking_time() {
    let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
    std::thread::sleep(std::time::Duration::from_millis(5));
    desk.person_moves("d4f5", true).expect("legal");
    desk.committed();
    std::thread::sleep(std::time::Duration::from_millis(5));
    desk.person_moves("e5c4", false).expect("legal");
    desk.committed();
    let record = super::record_text::write_record(&desk, |_| "tabula".to_string());
    let movetext = record.lines().last().unwrap_or("");
    assert!(
        movetext.starts_with("1. d4f5 {") && !movetext.starts_with("1. d4f5 {0ms}"),
        "the person's move is timed: {movetext}"
    );
    assert!(
        movetext.ends_with("e5c4 {0ms} *"),
        "the move put back is not: {movetext}"
    );
}

#[test]
fn the_view_names_the_boards_own_squares() {
    let desk = Desk::new(Table::new("claustro", Some("5")).expect("claustro"));
    let view = super::view::table_view_json("t", &desk, Vec::new(), None);
    let view: serde_json::Value = serde_json::from_str(&view).expect("JSON");
    assert_eq!(
        view["marks"][0],
        serde_json::json!({"x": 4, "y": 4, "kind": "goal-white"})
    );
    assert_eq!(view["marks"].as_array().map(Vec::len), Some(4));
    assert_eq!(view["board"][4], "gPP.#");
}
