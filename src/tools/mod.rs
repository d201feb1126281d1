//! What tabula does besides speaking a protocol: the subcommands `analyse`, `suite`, `bench`,
//! `perft`, `play` (and its `--levels` list), `openings`, `match` (tournament), `review`,
//! `solve`, `tune`, `datagen` and `train` (and the data file between them), each with its own
//! arguments and run function, the position lines and game records
//! they read, the arguments they share, the lines they print and the progress they show.

pub mod analyse;
pub use tabula_core::bench;
pub mod console;
pub mod datagen;
pub mod datagen_file;
pub mod game_args;
pub mod level_list;
pub mod linear;
pub mod opening_book;
pub mod perfect_suite;
pub mod perft;
pub mod play;
pub mod play_command;
pub mod play_record;
pub mod play_text;
pub mod probe;
pub mod progress;
pub mod review;
pub mod search_args;
pub mod solve;
pub mod suite;
#[cfg(test)]
pub mod test_support;
pub mod tournament;
pub mod train;
pub mod tune;
