//! Claustro's net: its input features (no net ships yet; `EvalFile` loads one).
//!
//! Features, seen from one side (its perspective): a pawn of that side or of the other on each
//! square, the board turned half round for black (which maps each side's home and goal onto the
//! other's): `2 * W * H` inputs. A step shifts one pawn; a capture also shifts the taken pawn to
//! where it is placed.

use super::Claustro;
use crate::game::{Game, Side};
use crate::nnue::Network;
use crate::nnue::board_net::{BlackView, Planes};

impl<const W: usize> Claustro<W> {
    /// The net the game ships for this board, if any.
    pub(super) fn shipped_net(&self) -> Option<&'static Network> {
        None
    }

    /// The numbering of the inputs on this board.
    pub(super) fn planes(&self) -> Planes {
        let size = self.size();
        Planes {
            width: size.width,
            height: size.height,
            view: BlackView::HalfTurn,
            count: 2,
        }
    }

    /// Calls `push` with every active input seen from `perspective`.
    pub(super) fn features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
        let planes = self.planes();
        for owner in [Side::White, Side::Black] {
            for square in self.pawns(owner).squares() {
                push(planes.piece(perspective, owner, square));
            }
        }
    }
}
