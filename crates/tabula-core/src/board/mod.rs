//! The board types every game shares: bitboards sized for the board, square geometry and Zobrist
//! keys, the position string's parser, text pictures, and the board's size and the two sides.

pub mod bitboard;
pub mod built_once;
pub mod geometry;
pub mod position_text;
pub mod render;
mod size;

pub use size::{BoardSize, Side};
