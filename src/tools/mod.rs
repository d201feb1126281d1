//! What tabula does besides speaking a protocol: the subcommands `analyse`, `suite`, `bench`,
//! `play`, `openings`, `match` (tournament) and `tune`, and the position lines they read.

pub mod analyse;
pub mod bench;
pub mod opening_book;
pub mod play;
pub mod position_line;
pub mod suite;
pub mod tournament;
pub mod tune;
