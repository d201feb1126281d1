//! Apart's net: its input features and the nets it ships for 8 x 8 and 12 x 12 (`EvalFile` loads
//! others).
//!
//! Features, seen from one side (its perspective): a piece of that side or of the other on each
//! square, the board turned upside down for black so that every side sees itself at the bottom:
//! `2 * N * N` inputs. A turn shifts one piece and takes the pieces it captured.

use super::Apart;
use crate::game::{Game, Side};
use crate::nnue::board_net::{BlackView, ShippedNet, net_inputs};

/// The nets shipped for 8 x 8 and 12 x 12, trained by `tabula train` (docs/nnue.md says how each
/// was made).
static SHIPPED_8X8: ShippedNet = ShippedNet::new(8, include_bytes!("apart-8x8.nnue"));
static SHIPPED_12X12: ShippedNet = ShippedNet::new(12, include_bytes!("apart-12x12.nnue"));

impl<const W: usize> Apart<W> {
    net_inputs!([SHIPPED_8X8, SHIPPED_12X12], BlackView::Ranks, 2);

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        self.planes().push_pieces(perspective, self.pieces, push);
    }
}
