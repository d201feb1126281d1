//! A checker of Joust proof files (docs/solved.md gives the format), written from the rules of
//! Joust alone and sharing no code with tabula's solver: [`check`] walks a proof and says what it
//! proves.

mod rules;
mod walk;

pub use walk::check;
