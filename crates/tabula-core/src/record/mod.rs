//! Game records as text (PGN-like, docs/records.md): the games a text holds and their moves,
//! the position line a game may start from, and the lines every writer of records writes.

pub mod games;
pub mod lines;
pub mod position_line;
