//! Game records as text (PGN-like, docs/records.md): the games a text holds and their move
//! trees (main line, side lines, comments and each move's record data), the position line a
//! game may start from, and the lines every writer of records writes.

pub mod games;
pub mod lines;
pub mod position_line;
pub mod tree;
