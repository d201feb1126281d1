//! A desk's review of its game (docs/gui.md, "Review"): every position of the moves played so
//! far is searched by tabula's own search ([`crate::review`], as `tabula review` does) and the
//! moves are judged. The searches run elsewhere (a thread of the server, a Web Worker of the
//! browser) and report what they found position by position; the desk keeps what the page and
//! the downloaded record make of it.
//!
//! A review asked while one runs replaces it. A review covers the moves it was asked for: it
//! is kept while the game begins with them (moves played after it are not reviewed) and
//! dropped once a take back, a new game or a record loaded changes them. A review dropped
//! stops its search.

use super::table::Table;
use crate::games::GameKind;
use crate::review::analysis::{ReviewSettings, Reviewer};
use crate::review::annotate::annotated_record;
use crate::review::game::ReviewGame;
use crate::review::judgement::{PositionEval, Review, judge, white_curve};
use crate::review::report::{ReviewHead, json_report};
use crate::search::limits::Limits;
use crate::search::{Settings, Signals};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The transposition table of each review, in MB.
pub const HASH_MB: usize = 8;
/// The deepest search a review may ask for each position.
pub const MAX_DEPTH: u32 = 30;

/// A review asked for: the game's record as text, and the game it covers.
pub struct ReviewAsked {
    pub serial: u64,
    pub game: GameKind,
    pub record: String,
    pub depth: u32,
    pub signals: Arc<Signals>,
}

impl ReviewAsked {
    /// The searches of the review, ready to run one position at a time.
    pub fn reviewer(&self) -> Result<Reviewer, String> {
        reviewer(self.game, &self.record, self.depth)
    }
}

/// The searches of a review of the record `text` (a game of `game`), each position searched to
/// `depth` on one thread.
pub fn reviewer(game: GameKind, text: &str, depth: u32) -> Result<Reviewer, String> {
    let record = ReviewGame::read(text, 1, game, None)?;
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
    Reviewer::new(record, settings)
}

/// A table's review: the game it covers and what it found so far.
pub struct TableReview {
    /// The number of the review on its desk, so that a replaced review is not heard.
    pub serial: u64,
    /// The position the reviewed game starts from, and its moves.
    pub start: String,
    pub moves: Vec<String>,
    pub depth: u32,
    pub signals: Arc<Signals>,
    /// The game reviewed, and the head of its report.
    game: ReviewGame,
    head: ReviewHead,
    /// `running`, `done`, `stopped` or `failed: <why>`.
    pub status: String,
    /// White's expected score in each position searched so far.
    pub curve: Vec<f64>,
    /// The judgement of the moves whose positions are searched, and its JSON report.
    pub judged: Review,
    pub report: Value,
}

impl Drop for TableReview {
    /// A review dropped (replaced, stale, its desk closed) stops its search.
    fn drop(&mut self) {
        self.signals.stop.store(true, Ordering::Relaxed);
    }
}

/// The status of a review after a step of its searches: `stepped` says whether a position was
/// searched (or why the step failed), with `searched` of `positions` done.
pub fn status_after_step(
    stepped: &Result<bool, String>,
    searched: usize,
    positions: usize,
) -> String {
    match stepped {
        Ok(true) if searched < positions => "running".to_string(),
        Ok(_) if searched == positions => "done".to_string(),
        Ok(_) => "stopped".to_string(),
        Err(problem) => format!("failed: {problem}"),
    }
}

impl TableReview {
    /// The review `serial` of `table`'s game (`game`, read from its record), each position
    /// searched to `depth`; nothing found yet.
    pub fn new(
        serial: u64,
        table: &Table,
        game: ReviewGame,
        depth: u32,
        signals: Arc<Signals>,
    ) -> TableReview {
        let head = ReviewHead::of(&game, limit_name(depth));
        let judged = judge(&game, &[]);
        TableReview {
            serial,
            start: table.start.clone(),
            moves: table.moves.clone(),
            depth,
            signals,
            game,
            head,
            status: "running".to_string(),
            curve: Vec::new(),
            judged,
            report: Value::Null,
        }
    }

    /// What the searches found so far (`evals`, position by position from the first), and the
    /// review's `status`.
    pub fn absorb(&mut self, status: &str, evals: &[PositionEval]) {
        self.judged = judge(&self.game, evals);
        self.report =
            serde_json::from_str(&json_report(&self.head, &self.judged)).unwrap_or(Value::Null);
        self.curve = white_curve(&self.game, evals);
        self.status = status.to_string();
    }

    /// The review as the page reads it: `{status, depth, positions, searched, curve, report}`,
    /// the report as `tabula review --json` writes it.
    pub fn view(&self) -> Value {
        json!({
            "status": self.status,
            "depth": self.depth,
            "positions": self.game.moves.len() + 1,
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
