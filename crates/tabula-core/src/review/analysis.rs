//! The review's searches, one position at a time: every position of the game before a move, and
//! the last, each searched on its own (the table cleared) within the review's limits. A caller
//! can run it step by step (the GUI, off its request thread) or at once, with progress and a
//! stop signal that ends the running search.

use super::game::ReviewGame;
use super::judgement::{PositionEval, Review, judge};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::session::GameSession;

/// How each position is searched.
#[derive(Clone, Debug)]
pub struct ReviewSettings {
    pub limits: Limits,
    pub settings: Settings,
    pub hash_mb: usize,
}

/// A review under way: the positions searched so far.
pub struct Reviewer {
    game: ReviewGame,
    /// The next position to search.
    session: Box<dyn GameSession>,
    evals: Vec<PositionEval>,
    settings: ReviewSettings,
    tt: TranspositionTable,
}

impl Reviewer {
    pub fn new(game: ReviewGame, settings: ReviewSettings) -> Result<Reviewer, String> {
        Ok(Reviewer {
            session: game.start_session()?,
            tt: TranspositionTable::try_new(settings.hash_mb)?,
            game,
            evals: Vec::new(),
            settings,
        })
    }

    pub fn game(&self) -> &ReviewGame {
        &self.game
    }

    /// The positions to search: one before each move, and the last.
    pub fn positions(&self) -> usize {
        self.game.moves.len() + 1
    }

    /// The positions searched so far.
    pub fn searched(&self) -> usize {
        self.evals.len()
    }

    /// Searches the next position: true if it did, false when all are done or `signals` stopped
    /// it (the interrupted search is not kept).
    pub fn step(&mut self, signals: &Signals) -> Result<bool, String> {
        let index = self.evals.len();
        if index == self.positions() || signals.stopped() {
            return Ok(false);
        }
        let eval = match self.session.verdict() {
            Some(verdict) => PositionEval::Over(verdict.outcome),
            None => {
                self.tt.clear();
                let summary = self.session.search(
                    &self.settings.limits,
                    self.settings.settings,
                    &self.tt,
                    signals,
                    &mut |_| {},
                );
                if signals.stopped() {
                    return Ok(false);
                }
                let best = summary
                    .best_move
                    .ok_or("the search found no move in a position that goes on")?;
                PositionEval::Searched {
                    score: summary.result.score,
                    best,
                    depth: summary.result.depth,
                }
            }
        };
        self.evals.push(eval);
        if let Some(entry) = self.game.moves.get(index) {
            self.session.play_move(&entry.text)?;
        }
        Ok(true)
    }

    /// Searches every position left, telling `progress` how many are done of how many after each;
    /// true if all are done, false if `signals` stopped it.
    pub fn run(
        &mut self,
        signals: &Signals,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<bool, String> {
        while self.step(signals)? {
            progress(self.searched(), self.positions());
        }
        Ok(self.searched() == self.positions())
    }

    /// What the searches found so far, position by position from the first.
    pub fn evals(&self) -> &[PositionEval] {
        &self.evals
    }

    /// The judgement of the moves whose positions before and after are both searched.
    pub fn review(&self) -> Review {
        judge(&self.game, &self.evals)
    }
}
