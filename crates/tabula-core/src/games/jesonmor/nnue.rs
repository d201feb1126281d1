//! Jeson Mor's net: its input features and the net it ships.
//!
//! Features, seen from one side (its perspective): a knight of that side or of the other on each
//! square, the board turned upside down for black so that every side sees itself at the bottom:
//! `2 * N * N` inputs, with at most 2 N active. A move shifts one knight (one feature of each
//! perspective) and may capture one (one more).

use super::JesonMor;
use crate::game::{Game, Side};
use crate::nnue::board_net::{BlackView, ShippedNet, net_inputs};

/// The net shipped for 9 x 9, trained by `tabula train` (docs/nnue.md says how it was made).
static SHIPPED_9X9: ShippedNet = ShippedNet::new(9, include_bytes!("jesonmor-9x9.nnue"));

impl<const W: usize> JesonMor<W> {
    net_inputs!([SHIPPED_9X9], BlackView::Ranks, 2);

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        self.planes().push_pieces(perspective, self.knights, push);
    }
}
