//! Joust's net: its input features and the net it ships for 9 x 9 (`EvalFile` loads others).
//!
//! Features, seen from one side (its perspective): its own knight, the other knight and the
//! burned squares, the board turned half round for black (which maps the start of each side onto
//! the other's): `3 * W * H` inputs, with at most two knights and the burned squares active. A
//! move shifts the mover's knight and burns the square it left.

use super::Joust;
use crate::game::{Game, Side};
use crate::nnue::board_net::{BlackView, ShippedNet, net_inputs};

/// The plane of the burned squares.
pub const BURNED_PLANE: usize = 2;

/// The net shipped for 9 x 9, trained by `tabula train` (docs/nnue.md says how it was made).
/// 8 x 8, where the first player keeps the opposition, has none: no match there could tell a
/// net's gain from the colours' (docs/nnue.md).
static SHIPPED_9X9: ShippedNet = ShippedNet::new(9, include_bytes!("joust-9x9.nnue"));

impl<const W: usize> Joust<W> {
    net_inputs!([SHIPPED_9X9], BlackView::HalfTurn, 3);

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        let planes = self.planes();
        for owner in [Side::White, Side::Black] {
            push(planes.piece(perspective, owner, self.knight(owner)));
        }
        for square in self.burned.squares() {
            push(planes.mark(perspective, BURNED_PLANE, square));
        }
    }
}
