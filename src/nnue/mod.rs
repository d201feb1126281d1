//! Learned evaluations (NNUE): shared inference and training code; each game's features and net
//! live beside the game (`games/<game>/nnue.rs`).
//!
//! A net maps a position's sparse features, seen from each side, to one accumulator per side
//! (the same weights for both), applies a squared clipped ReLU to both, and weighs the side to
//! move's half and the opponent's half into one score. The accumulators are kept in the position
//! and updated by the features a move adds and removes, so a node costs a few hundred integer
//! additions; `network` holds the quantised net and its file format, `registry` which net a new
//! position uses (`UseNNUE`, `EvalFile`), `train` the trainer that makes nets.

pub mod network;
pub mod registry;
pub mod train;

pub use network::{Accumulator, HIDDEN, Network};
