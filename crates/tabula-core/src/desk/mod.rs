//! A board page's game, with nothing of how the page reaches it: the [`action`]s asked of it,
//! the [`table`] of moves with the rules as referee, the [`state`] of the game as the page
//! chose it (players, limit, [`clocks`], analysis, notes), a study board's side [`lines`], the
//! [`job`]s its engines are asked for and what they are [`told`], the [`review`], the record
//! written and read ([`record_text`], [`loaded_record`]), the [`levels`] offered, the
//! [`requests`] the page makes and the [`view`] it reads. The GUI's server (`tabula gui`) and
//! the browser's module both run their page on it: the same request gets the same answer.

pub mod action;
pub mod analysis;
pub mod clocks;
pub mod job;
pub mod levels;
pub mod lines;
pub mod loaded_record;
pub mod perfect_play;
pub mod record_text;
pub mod requests;
pub mod review;
pub mod reviewing;
pub mod state;
pub mod table;
pub mod told;
pub mod view;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod lines_tests;

#[cfg(test)]
mod perfect_play_tests;
