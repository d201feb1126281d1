//! The review of a table's game on the server (docs/gui.md, "Review"): the desk keeps the
//! review ([`crate::desk::review`]); its positions are searched on a thread of its own, never on
//! a request's, and what was found is published with the table's state after each position.
//! At most [`MAX_REVIEWS`] run on the server at once.

use super::room::Room;
use crate::desk::review::status_after_step;
use crate::review::analysis::Reviewer;
use crate::search::Signals;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

/// The most reviews running on the server at once (the server's other tables ask for more).
pub const MAX_REVIEWS: usize = 4;

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

/// Starts a review of the game on `room`'s table, each position searched to `depth`, replacing
/// the one that runs; answers the table's state.
pub fn start(room: &Arc<Room>, depth: u32) -> Result<String, String> {
    let mut state = room.lock();
    // A review replaced keeps its place until its thread has seen the stop.
    let slot = Slot::take()?;
    let asked = state.start_review(depth, |engine| room.engine_name(engine))?;
    let reviewer = match asked.reviewer() {
        Ok(reviewer) => reviewer,
        Err(problem) => {
            state.review = None;
            return Err(problem);
        }
    };
    let room_handle = room.weak();
    let (serial, signals) = (asked.serial, asked.signals);
    let spawned = std::thread::Builder::new()
        .name("gui review".to_string())
        .spawn(move || review_positions(room_handle, serial, reviewer, &signals, slot));
    if let Err(problem) = spawned {
        state.review = None;
        return Err(format!("cannot start the review: {problem}"));
    }
    Ok(room.send_state(&mut state))
}

/// Stops the review that runs on the table, keeping what it found; answers the table's state.
pub fn stop(room: &Room) -> Result<String, String> {
    let mut state = room.lock();
    state.stop_review();
    Ok(room.send_state(&mut state))
}

/// The review's thread: searches the positions one by one and publishes each step, until all
/// are done, it is stopped, or its room or review is gone.
fn review_positions(
    room: Weak<Room>,
    serial: u64,
    mut reviewer: Reviewer,
    signals: &Signals,
    _slot: Slot,
) {
    loop {
        let stepped = reviewer.step(signals);
        let status = status_after_step(&stepped, reviewer.searched(), reviewer.positions());
        let Some(room) = room.upgrade() else {
            return;
        };
        let mut state = room.lock();
        if !state.review_found(serial, &status, reviewer.evals()) {
            return;
        }
        room.send_state(&mut state);
        if status != "running" {
            return;
        }
    }
}
