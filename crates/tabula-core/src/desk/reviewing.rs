//! A desk's review asked for, stopped, and heard from as its searches go (see [`super::review`]).

use super::record_text::write_record;
use super::review::{MAX_DEPTH, ReviewAsked, TableReview};
use super::state::Desk;
use crate::review::game::ReviewGame;
use crate::review::judgement::PositionEval;
use crate::search::Signals;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Desk {
    /// Starts a review of the game, each position searched to `depth`, replacing the one that
    /// runs; `engine_name` names the engines in the record the review reads.
    pub fn start_review(
        &mut self,
        depth: u32,
        engine_name: impl Fn(usize) -> String,
    ) -> Result<ReviewAsked, String> {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(format!("depth {depth} is not 1 to {MAX_DEPTH}"));
        }
        let table = &self.table;
        if table.moves.is_empty() {
            return Err("there are no moves to review".to_string());
        }
        let text = write_record(self, engine_name);
        let game = ReviewGame::read(&text, 1, table.game, None)?;
        self.review_serial += 1;
        let signals = Arc::new(Signals::default());
        // The review replaced, if any, is dropped here: its search stops.
        self.review = Some(TableReview::new(
            self.review_serial,
            table,
            game,
            depth,
            signals.clone(),
        ));
        Ok(ReviewAsked {
            serial: self.review_serial,
            game: self.table.game,
            record: text,
            depth,
            signals,
        })
    }

    /// Stops the review that runs, keeping what it found.
    pub fn stop_review(&mut self) {
        if let Some(review) = &self.review {
            review.signals.stop.store(true, Ordering::Relaxed);
        }
    }

    /// What the review `serial` found so far (`evals`, position by position from the first)
    /// and its `status`; false if that review is no longer the desk's.
    pub fn review_found(&mut self, serial: u64, status: &str, evals: &[PositionEval]) -> bool {
        let Some(review) = self.review.as_mut().filter(|r| r.serial == serial) else {
            return false;
        };
        review.absorb(status, evals);
        true
    }
}
