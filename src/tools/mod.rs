//! What tabula does besides speaking a protocol: the subcommands `analyse`, `suite`, `bench`,
//! `play`, `openings`, `match` (tournament) and `tune`, the position lines they read, and the
//! lines they print.

pub mod analyse;
pub mod bench;
pub mod console;
pub mod opening_book;
pub mod play;
pub mod position_line;
pub mod suite;
pub mod tournament;
pub mod tune;
