//! Learned evaluations (NNUE): shared inference and training code; each game's features and net
//! live beside the game (`games/<game>/nnue.rs`).
//!
//! A net maps a position's sparse features, seen from each side, to one accumulator per side
//! (the same weights for both), applies a squared clipped ReLU to both, and weighs the side to
//! move's half and the opponent's half into one score. The accumulators are kept in the position
//! and updated by the features a move adds and removes, so a node costs a few hundred integer
//! additions; `network` holds the quantised net and its file format, `registry` which net a new
//! position uses (`UseNNUE`, `EvalFile`), `train` the trainer that makes nets.

pub mod board_net;
pub mod network;
pub mod registry;
pub mod train;

pub use network::{Accumulator, HIDDEN, Network};

use crate::board::BoardSize;
use std::path::Path;

/// Reads the net of the file at `path` (`EvalFile`), for the game and board its header names,
/// or says what is wrong, naming the file: not a regular file, too large, not a net, cut short or
/// corrupt, or a net whose inputs are not those of its game and board (`inputs_of` gives them, or
/// why that game and board have none).
pub fn load_net_file(
    path: &Path,
    inputs_of: impl Fn(&str, BoardSize) -> Result<usize, String>,
) -> Result<Network, String> {
    let shown = path.display();
    let bytes = crate::bounded_read::read_bytes(path, network::MAX_FILE_BYTES)?;
    let net = Network::from_bytes(&bytes).map_err(|why| format!("'{shown}': {why}"))?;
    let (game, size) = (net.game.as_str(), net.size);
    let inputs = inputs_of(game, size)
        .map_err(|why| format!("'{shown}' is a net for {game} {size}: {why}"))?;
    if net.inputs != inputs {
        return Err(format!(
            "'{shown}' has {} inputs; {game} {size} has {inputs}",
            net.inputs
        ));
    }
    Ok(net)
}
