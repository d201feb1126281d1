//! A game reviewed in the manner of lichess's analysis: every position of the game is searched
//! within one limit; each move is judged by the expected score it gave up against the engine's
//! best move, marked inaccuracy, mistake or blunder, and each side summed up with lichess's
//! accuracy ([`judgement`] documents the scale, [`accuracy`] lichess's formulas). The moves of a
//! record's opening are book moves, shown but not judged.
//!
//! [`game`] reads and checks the game, [`analysis`] searches its positions one at a time (a
//! caller can run it in the background, a step at a time), [`judgement`] judges the moves,
//! [`report`] writes text or JSON and [`annotate`] the record with the judgement in its
//! comments. `tabula review` and the board page's review both run on it.

pub mod accuracy;
pub mod analysis;
pub mod annotate;
pub mod game;
pub mod judgement;
pub mod report;
