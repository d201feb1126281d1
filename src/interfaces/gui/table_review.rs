//! A table's review as the room keeps it (see `review` for how it runs): the game it covers,
//! what it found so far, its place among the reviews the server runs at once, and what the page
//! and the downloaded record make of it. A review dropped stops its search.

use super::table::Table;
use crate::games::GameKind;
use crate::search::Signals;
use crate::tools::review::annotate::annotated_record;
use crate::tools::review::game::ReviewGame;
use crate::tools::review::judgement::Review;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most reviews running on the server at once (the server's other tables ask for more).
pub const MAX_REVIEWS: usize = 4;
/// The transposition table of each review, in MB.
pub const HASH_MB: usize = 8;
/// The deepest search a review may ask for each position.
pub const MAX_DEPTH: u32 = 30;

/// Reviews whose thread has not ended yet, on the whole server.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// A place among the [`MAX_REVIEWS`] running reviews, given back when dropped.
pub struct Slot;

impl Slot {
    pub fn take() -> Result<Slot, String> {
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
    /// The number of the review on its table, so that a replaced review is not heard.
    pub serial: u64,
    /// The position the reviewed game starts from, and its moves.
    pub start: String,
    pub moves: Vec<String>,
    pub depth: u32,
    pub signals: Arc<Signals>,
    /// `running`, `done`, `stopped` or `failed: <why>`.
    pub status: String,
    pub positions: usize,
    /// White's expected score in each position searched so far.
    pub curve: Vec<f64>,
    /// The judgement of the moves whose positions are searched, and its JSON report.
    pub judged: Review,
    pub report: Value,
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

    /// Whether `table`'s game still begins with the moves reviewed.
    pub fn covers(&self, table: &Table) -> bool {
        self.start == table.start && table.moves.starts_with(&self.moves)
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

/// How a review's limit is named in its report and in the record's `Annotator` tag.
pub fn limit_name(depth: u32) -> String {
    format!("depth {depth}")
}
