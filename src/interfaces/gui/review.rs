//! The review of a table's game (docs/gui.md, "Review"): every position of the moves played so
//! far is searched by tabula's own search ([`crate::tools::review`], as `tabula review` does) on
//! a thread of its own, never on a request's, and the moves are judged. The progress and what
//! was found are published with the table's state after each position.
//!
//! At most [`MAX_REVIEWS`] reviews run on the server at once, each with a transposition table
//! of [`HASH_MB`] MB, so that memory stays bounded. A review asked while one runs on the same
//! table replaces it (the first is stopped). A review covers the moves it was asked for: it is
//! kept while the game begins with them (moves played after it are not reviewed) and dropped
//! once a take back, a new game or a record loaded changes them.

use super::room::{Room, RoomState};
use crate::games::GameKind;
use crate::search::limits::Limits;
use crate::search::{Settings, Signals};
use crate::tools::review::analysis::{ReviewSettings, Reviewer};
use crate::tools::review::annotate::annotated_record;
use crate::tools::review::game::ReviewGame;
use crate::tools::review::judgement::{Review, white_curve};
use crate::tools::review::report::{ReviewHead, json_report};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

/// The most reviews running on the server at once (the server's other tables ask for more).
pub const MAX_REVIEWS: usize = 4;
/// The transposition table of each review, in MB.
pub const HASH_MB: usize = 8;
/// The deepest search a review may ask for each position.
pub const MAX_DEPTH: u32 = 30;

/// Reviews whose thread has not ended yet, on the whole server.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// A place among the [`MAX_REVIEWS`] running reviews, given back when dropped.
struct Slot;

impl Slot {
    fn take() -> Result<Slot, String> {
        RUNNING
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |running| {
                (running < MAX_REVIEWS).then_some(running + 1)
            })
            .map(|_| Slot)
            .map_err(|_| {
                format!("{MAX_REVIEWS} reviews are running on this server; try again when one ends")
            })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A table's review: the game it covers and what it found so far.
pub struct TableReview {
    serial: u64,
    /// The position the reviewed game starts from, and its moves.
    start: String,
    moves: Vec<String>,
    depth: u32,
    signals: Arc<Signals>,
    /// `running`, `done`, `stopped` or `failed: <why>`.
    status: String,
    positions: usize,
    /// White's expected score in each position searched so far.
    curve: Vec<f64>,
    /// The judgement of the moves whose positions are searched, and its JSON report.
    judged: Review,
    report: Value,
}

impl Drop for TableReview {
    /// A review dropped (replaced, stale, its room closed) stops its search.
    fn drop(&mut self) {
        self.signals.stop.store(true, Ordering::Relaxed);
    }
}

impl TableReview {
    /// The review as the page reads it: `{status, depth, positions, searched, curve, report}`,
    /// the report as `tabula review --json` writes it.
    pub fn view(&self) -> Value {
        json!({
            "status": self.status,
            "depth": self.depth,
            "positions": self.positions,
            "searched": self.curve.len(),
            "curve": self.curve,
            "report": self.report,
        })
    }

    /// The record `text` of the table's game (a game of `game`) with the review's judgement in
    /// comments, as `tabula review --annotate` writes them (moves not yet judged keep theirs).
    pub fn annotate(&self, text: &str, game: GameKind) -> Result<String, String> {
        if self.judged.moves.is_empty() {
            return Ok(text.to_string());
        }
        let record = ReviewGame::read(text, 1, game, None)?;
        Ok(annotated_record(
            &record,
            &self.judged,
            &limit_name(self.depth),
        ))
    }
}

fn limit_name(depth: u32) -> String {
    format!("depth {depth}")
}

/// Drops the review once the table's game no longer begins with the moves it covers.
pub fn drop_if_stale(state: &mut RoomState) {
    let stale = state.review.as_ref().is_some_and(|review| {
        review.start != state.table.start || !state.table.moves.starts_with(&review.moves)
    });
    if stale {
        state.review = None;
    }
}

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
    let head = ReviewHead {
        game: game.name().to_string(),
        size: record.size.to_string(),
        limit: limit_name(depth),
    };
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
    std::thread::Builder::new()
        .name("gui review".to_string())
        .spawn(move || review_positions(room_handle, serial, reviewer, &signals, &head, slot))
        .map_err(|problem| format!("cannot start the review: {problem}"))?;
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
