//! Claustro's net: its input features and the net it ships.
//!
//! Features, seen from one side (its perspective): a pawn of that side or of the other on each
//! square, the board turned half round for black (which maps each side's home and goal onto the
//! other's): `2 * W * H` inputs. A step shifts one pawn; a capture also shifts the taken pawn to
//! where it is placed.

use super::Claustro;
use crate::game::{Game, Side};
use crate::nnue::board_net::{BlackView, ShippedNet, net_inputs};

/// The net shipped for 7 x 7, trained by `tabula train` (docs/nnue.md says how it was made).
static SHIPPED_7X7: ShippedNet = ShippedNet::new(7, include_bytes!("claustro-7x7.nnue"));

impl<const W: usize> Claustro<W> {
    net_inputs!([SHIPPED_7X7], BlackView::HalfTurn, 2);

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        self.planes().push_pieces(perspective, self.pawns, push);
    }
}
