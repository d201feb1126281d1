//! The review of a table's game (docs/gui.md, "Review"): every position of the moves played so
//! far is searched by tabula's own search ([`crate::tools::review`], as `tabula review` does) on
//! a thread of its own, never on a request's, and the moves are judged. The progress and what
//! was found are published with the table's state after each position.
//!
//! A review asked while one runs on the same table replaces it (the first is stopped). A review
//! covers the moves it was asked for: it is kept while the game begins with them (moves played
//! after it are not reviewed) and dropped once a take back, a new game or a record loaded
//! changes them. How many run at once, and with how much memory: see `table_review`.

use super::room::Room;
use super::table_review::{HASH_MB, MAX_DEPTH, Slot, TableReview, limit_name};
use crate::search::limits::Limits;
use crate::search::{Settings, Signals};
use crate::tools::review::analysis::{ReviewSettings, Reviewer};
use crate::tools::review::game::ReviewGame;
use crate::tools::review::judgement::white_curve;
use crate::tools::review::report::{ReviewHead, json_report};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};

/// Starts a review of the game on `room`'s table, each position searched to `depth`, replacing
/// the one that runs; answers the table's state.
pub fn start(room: &Arc<Room>, depth: u32) -> Result<String, String> {
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("depth {depth} is not 1 to {MAX_DEPTH}"));
    }
    let (text, game, start, moves) = {
        let state = room.lock();
        let table = &state.table;
        if table.moves.is_empty() {
            return Err("there are no moves to review".to_string());
        }
        let text = super::record_text::write_record(&state, |engine| room.engine_name(engine));
        (text, table.game, table.start.clone(), table.moves.clone())
    };
    // The game is read and the table made before the room is locked again.
    let record = ReviewGame::read(&text, 1, game, None)?;
    let head = ReviewHead::of(&record, limit_name(depth));
    let settings = ReviewSettings {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        settings: Settings {
            threads: 1,
            ..Settings::default()
        },
        hash_mb: HASH_MB,
    };
    let mut state = room.lock();
    if state.table.start != start || state.table.moves != moves {
        return Err("the game changed meanwhile; ask for the review again".to_string());
    }
    // A review replaced keeps its place until its thread has seen the stop.
    let slot = Slot::take()?;
    let reviewer = Reviewer::new(record, settings)?;
    state.review_serial += 1;
    let signals = Arc::new(Signals::default());
    // The review replaced, if any, is dropped here: its search stops.
    state.review = Some(TableReview {
        serial: state.review_serial,
        start,
        moves,
        depth,
        signals: signals.clone(),
        status: "running".to_string(),
        positions: reviewer.positions(),
        curve: Vec::new(),
        judged: reviewer.review(),
        report: Value::Null,
    });
    let serial = state.review_serial;
    let room_handle = room.weak();
    let spawned = std::thread::Builder::new()
        .name("gui review".to_string())
        .spawn(move || review_positions(room_handle, serial, reviewer, &signals, &head, slot));
    if let Err(problem) = spawned {
        state.review = None;
        return Err(format!("cannot start the review: {problem}"));
    }
    Ok(room.send_state(&mut state))
}

/// Stops the review that runs on the table, keeping what it found; answers the table's state.
pub fn stop(room: &Room) -> Result<String, String> {
    let mut state = room.lock();
    if let Some(review) = &state.review {
        review.signals.stop.store(true, Ordering::Relaxed);
    }
    Ok(room.send_state(&mut state))
}

/// The review's thread: searches the positions one by one and publishes each step, until all
/// are done, it is stopped, or its room or review is gone.
fn review_positions(
    room: Weak<Room>,
    serial: u64,
    mut reviewer: Reviewer,
    signals: &Signals,
    head: &ReviewHead,
    _slot: Slot,
) {
    loop {
        let stepped = reviewer.step(signals);
        let status = match &stepped {
            Ok(true) if reviewer.searched() < reviewer.positions() => "running".to_string(),
            Ok(true) => "done".to_string(),
            Ok(false) if reviewer.searched() == reviewer.positions() => "done".to_string(),
            Ok(false) => "stopped".to_string(),
            Err(problem) => format!("failed: {problem}"),
        };
        let judged = reviewer.review();
        let report = serde_json::from_str(&json_report(head, &judged)).unwrap_or(Value::Null);
        let curve = white_curve(reviewer.game(), reviewer.evals());
        let Some(room) = room.upgrade() else {
            return;
        };
        let mut state = room.lock();
        let Some(review) = state.review.as_mut().filter(|r| r.serial == serial) else {
            return;
        };
        let finished = status != "running";
        review.status = status;
        review.curve = curve;
        review.judged = judged;
        review.report = report;
        room.send_state(&mut state);
        if finished {
            return;
        }
    }
}
