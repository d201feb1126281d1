//! The text protocol (UCI and UGI) for every door: command parsing, engine options, output, and
//! the engine that acts on commands. A door feeds it lines and gives it somewhere to write: the
//! binary's command loop reads standard input (and runs searches on threads of their own), the
//! browser module hands it one line at a time and the search runs on the calling thread
//! ([`crate::threads::can_start`]).

pub mod command;
pub mod engine;
pub mod event;
pub mod info_line;
pub mod options;
pub mod output;
pub mod progress;
pub mod watch;
