//! Which net a new position evaluates with: none when `UseNNUE` is off; else a net loaded by
//! `EvalFile` for its game and board size, if any; else the net the game ships for that size.
//! Positions keep the net they were built with (their accumulators are the net's), so a change
//! here takes effect in the positions built after it.
//!
//! Loaded nets live as long as the process (positions refer to them by plain references, which
//! cost nothing to copy as the search copies positions); at most [`MAX_LOADED`] different ones
//! are kept, so that loading nets again and again cannot fill the memory.

use super::network::Network;
use crate::board::BoardSize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most different nets one process loads.
pub const MAX_LOADED: usize = 16;

static ENABLED: AtomicBool = AtomicBool::new(true);
/// Every net loaded, in the order loaded; the chosen one for each game and size is `CHOSEN`'s.
static LOADED: Mutex<Vec<&'static Network>> = Mutex::new(Vec::new());
/// The loaded net chosen for each game and size.
static CHOSEN: Mutex<Vec<&'static Network>> = Mutex::new(Vec::new());

/// Turns the nets on or off (`UseNNUE`).
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, Ordering::Relaxed);
}

/// Whether nets are on.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Keeps `net` for the rest of the process, without choosing it for anyone (an engine of the
/// Python door holds its own); a net equal to one loaded before is not kept twice.
pub fn keep(net: Network) -> Result<&'static Network, String> {
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    match loaded.iter().find(|known| ***known == net) {
        Some(known) => Ok(*known),
        None if loaded.len() >= MAX_LOADED => Err(format!(
            "{MAX_LOADED} different nets were loaded already; start tabula again"
        )),
        None => {
            let leaked: &'static Network = Box::leak(Box::new(net));
            loaded.push(leaked);
            Ok(leaked)
        }
    }
}

/// Makes `net` the one for its game and size (`EvalFile`), kept as [`keep`] keeps it.
pub fn choose(net: Network) -> Result<(), String> {
    let kept = keep(net)?;
    let mut chosen = CHOSEN.lock().unwrap_or_else(|p| p.into_inner());
    chosen.retain(|other| (other.game.as_str(), other.size) != (kept.game.as_str(), kept.size));
    chosen.push(kept);
    Ok(())
}

/// Goes back to the shipped net for `game` at `size` (`EvalFile` set to `<empty>`).
pub fn forget(game: &str, size: BoardSize) {
    let mut chosen = CHOSEN.lock().unwrap_or_else(|p| p.into_inner());
    chosen.retain(|other| (other.game.as_str(), other.size) != (game, size));
}

/// The net a position of `game` at `size` evaluates with, given the game's own (`shipped`).
pub fn net_for(
    game: &str,
    size: BoardSize,
    shipped: Option<&'static Network>,
) -> Option<&'static Network> {
    if !enabled() {
        return None;
    }
    let chosen = CHOSEN.lock().unwrap_or_else(|p| p.into_inner());
    let loaded = chosen
        .iter()
        .find(|net| (net.game.as_str(), net.size) == (game, size));
    loaded.copied().or(shipped)
}
