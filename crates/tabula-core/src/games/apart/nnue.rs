//! Apart's net: its input features (no net ships yet; `EvalFile` loads one).
//!
//! Features, seen from one side (its perspective): a piece of that side or of the other on each
//! square, the board turned upside down for black so that every side sees itself at the bottom:
//! `2 * N * N` inputs. A turn shifts one piece and takes the pieces it captured.

use super::Apart;
use crate::game::{Game, Side};
use crate::nnue::Network;
use crate::nnue::board_net::{BlackView, Planes};

impl<const W: usize> Apart<W> {
    /// The net the game ships for this board, if any.
    pub(super) fn shipped_net(&self) -> Option<&'static Network> {
        None
    }

    /// The numbering of the inputs on this board.
    pub(super) fn planes(&self) -> Planes {
        Planes::new(self.size(), BlackView::Ranks, 2)
    }

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        self.planes().push_pieces(perspective, self.pieces, push);
    }
}
