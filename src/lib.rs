//! tabula: the binary's crate, the engine's door for people and programs on a command line. It
//! speaks the UCI/UGI-style text protocol and CECP ([`interfaces`], with the browser GUI),
//! and runs the subcommands ([`tools`]: matches, reviews, perft, training, ...) that [`cli`]
//! parses.
//!
//! Everything that knows the rules and plays is the core crate, `tabula_core` (see
//! docs/architecture.md); its modules are re-exported here under their own names, so that
//! `tabula::games` and `tabula_core::games` are one and the same.

pub use tabula_core::{
    board, board_view, bounded_read, clicks, clock, desk, game, games, level, nnue, protocol,
    record, review, search, session, strength, tablebase, threads, words,
};

pub mod cli;
pub mod engine_process;
pub mod interfaces;
pub mod tools;
