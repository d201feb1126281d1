//! Jeson Mor's net: its input features and the net it ships.
//!
//! Features, seen from one side (its perspective): a knight of that side or of the other on each
//! square, the board turned upside down for black so that every side sees itself at the bottom:
//! `2 * N * N` inputs, with at most 2 N active. A move shifts one knight (one feature of each
//! perspective) and may capture one (one more).

use super::JesonMor;
use crate::game::Side;
use crate::nnue::Network;
use std::sync::OnceLock;

/// The net shipped for 9 x 9, trained by `tabula train` (docs/nnue.md says how it was made).
const SHIPPED_9X9: &[u8] = include_bytes!("jesonmor-9x9.nnue");

/// The net the game ships for an N x N board, if any.
pub fn shipped_net(n: usize) -> Option<&'static Network> {
    static NET_9X9: OnceLock<Option<Network>> = OnceLock::new();
    match n {
        9 => NET_9X9
            .get_or_init(|| Network::from_bytes(SHIPPED_9X9).ok())
            .as_ref(),
        _ => None,
    }
}

/// The number of inputs on an N x N board.
pub fn input_count(n: usize) -> usize {
    2 * n * n
}

/// The input of a knight of `owner` on `square` (as `y * n + x`) seen from `perspective`.
#[inline]
pub fn feature(n: usize, perspective: Side, owner: Side, square: usize) -> usize {
    let (x, y) = (square % n, square / n);
    let y = match perspective {
        Side::White => y,
        Side::Black => n - 1 - y,
    };
    let relative = usize::from(owner != perspective);
    relative * n * n + y * n + x
}

impl<const W: usize> JesonMor<W> {
    /// The board's side.
    fn side_length(&self) -> usize {
        self.geometry.width
    }

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn knight_features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        let n = self.side_length();
        for owner in [Side::White, Side::Black] {
            for square in self.knights(owner).squares() {
                push(feature(n, perspective, owner, square));
            }
        }
    }

    /// Both accumulators computed from scratch.
    pub(super) fn refresh_accumulators(&mut self) {
        let Some(net) = self.net else { return };
        for perspective in [Side::White, Side::Black] {
            let mut features = Vec::with_capacity(4 * self.side_length());
            self.knight_features(perspective, &mut |f| features.push(f));
            net.refresh(&mut self.accumulator, perspective, features.into_iter());
        }
    }

    /// Updates both accumulators for a knight of `mover` leaping from `from` to `to`, taking
    /// the enemy knight there if `captured`.
    #[inline]
    pub(super) fn update_accumulators(
        &mut self,
        mover: Side,
        (from, to): (usize, usize),
        captured: bool,
    ) {
        let Some(net) = self.net else { return };
        let n = self.side_length();
        for perspective in [Side::White, Side::Black] {
            let gone = feature(n, perspective, mover, from);
            let come = feature(n, perspective, mover, to);
            net.shift(&mut self.accumulator, perspective, gone, come);
            if captured {
                let taken = feature(n, perspective, mover.opponent(), to);
                net.remove(&mut self.accumulator, perspective, taken);
            }
        }
    }
}
