//! A checker of Claustro solution tables (`tabula solve claustro`), written from the rules of
//! Claustro alone and sharing no code with tabula: [`check`] solves every position the table's
//! header names by its own retrograde analysis and compares the values, position by position.
//!
//! The rules it knows: the board's four corners hold no pawn; white steps one square right or up
//! towards the top right corner, black one square left or down towards `a1`, never onto a
//! neutral corner, and a step into one's goal wins; a capture moves a pawn one square diagonally
//! onto an enemy pawn, which the capturer places at once on any empty square that is not a
//! corner; the player to move with no legal move wins.

pub mod board;
pub mod numbering;
pub mod solve;
pub mod table;

pub use table::{Report, Unreadable, check};

#[cfg(test)]
mod tests;
