//! Claustro moves: the packed move type, move generation (steps, and captures with every
//! placement of the captured pawn) and copy-make.

use super::Claustro;
use super::layout::NONE;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::zobrist;
use crate::game::{GameMove, Side};

/// Bits per square in a packed move (625 squares fit in 10 bits).
const SQUARE_BITS: u32 = 10;
const SQUARE_MASK: u32 = (1 << SQUARE_BITS) - 1;

/// A move packed in 32 bits: `from` in bits 0-9, `to` in bits 10-19, and in bits 20-29 the
/// placement square plus one for a capture, zero for a step. `from != to`, so it is never zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClaustroMove(u32);

impl ClaustroMove {
    /// A step from `from` to `to`.
    #[inline]
    pub fn step(from: usize, to: usize) -> Self {
        ClaustroMove(from as u32 | (to as u32) << SQUARE_BITS)
    }

    /// A capture from `from` onto the pawn on `to`, which is placed on `placement`.
    #[inline]
    pub fn capture(from: usize, to: usize, placement: usize) -> Self {
        ClaustroMove(
            from as u32 | (to as u32) << SQUARE_BITS | (placement as u32 + 1) << (2 * SQUARE_BITS),
        )
    }

    /// The square the moving pawn leaves.
    #[inline]
    pub fn from(self) -> usize {
        (self.0 & SQUARE_MASK) as usize
    }

    /// The square the moving pawn goes to.
    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> SQUARE_BITS & SQUARE_MASK) as usize
    }

    /// Where a capture places the captured pawn; `None` for a step.
    #[inline]
    pub fn placement(self) -> Option<usize> {
        (self.0 >> (2 * SQUARE_BITS))
            .checked_sub(1)
            .map(|p| p as usize)
    }

    /// Whether the move captures.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.0 >> (2 * SQUARE_BITS) != 0
    }
}

impl std::fmt::Debug for ClaustroMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.placement() {
            Some(p) => write!(f, "capture({}, {}, {p})", self.from(), self.to()),
            None => write!(f, "step({}, {})", self.from(), self.to()),
        }
    }
}

impl GameMove for ClaustroMove {
    #[inline]
    fn tag(self) -> u32 {
        self.0
    }
}

impl<const W: usize> Claustro<W> {
    /// The empty squares where a captured pawn may be placed, before the capturer moves (the
    /// capturer's own square is added per capture).
    #[inline]
    pub(super) fn free_placements(&self) -> Bitboard<W> {
        self.layout
            .placeable::<W>()
            .without(self.pawns[0] | self.pawns[1])
    }

    /// The step targets of the pawn of `side` on `from` that are free now.
    #[inline]
    pub(super) fn free_steps(&self, side: Side, from: usize) -> impl Iterator<Item = usize> {
        let occupied = self.pawns[0] | self.pawns[1];
        self.layout
            .steps(side, from)
            .into_iter()
            .filter(move |&to| to != NONE && !occupied.contains(to as usize))
            .map(usize::from)
    }

    /// The enemy pawns the pawn of `side` on `from` can capture.
    #[inline]
    pub(super) fn capture_targets(&self, side: Side, from: usize) -> impl Iterator<Item = usize> {
        let enemy = self.pawns[side.opponent().index()];
        self.layout
            .diagonals(from)
            .into_iter()
            .filter(move |&to| to != NONE && enemy.contains(to as usize))
            .map(usize::from)
    }

    /// Appends the legal moves of `side`, ignoring whether the game is over.
    pub(super) fn generate(&self, side: Side, moves: &mut Vec<ClaustroMove>) {
        let free = self.free_placements();
        for from in self.pawns[side.index()].squares() {
            moves.extend(
                self.free_steps(side, from)
                    .map(|to| ClaustroMove::step(from, to)),
            );
            for to in self.capture_targets(side, from) {
                let mut placements = free;
                placements.insert(from);
                moves.extend(
                    placements
                        .squares()
                        .map(|placement| ClaustroMove::capture(from, to, placement)),
                );
            }
        }
    }

    /// The number of legal moves of `side`, ignoring whether the game is over: every capture has
    /// the same number of placements (the free squares and the capturer's own).
    pub(super) fn count_moves(&self, side: Side) -> usize {
        let placements = self.free_placements().count() as usize + 1;
        self.pawns[side.index()]
            .squares()
            .map(|from| {
                self.free_steps(side, from).count()
                    + self.capture_targets(side, from).count() * placements
            })
            .sum()
    }

    /// Whether `side` has any legal move, ignoring whether the game is over.
    pub(super) fn has_move(&self, side: Side) -> bool {
        self.pawns[side.index()].squares().any(|from| {
            self.free_steps(side, from).next().is_some()
                || self.capture_targets(side, from).next().is_some()
        })
    }

    /// Plays `mv` for the side to move (copy-make: the caller plays on a clone to keep the
    /// original).
    #[inline]
    pub(super) fn make(&mut self, mv: ClaustroMove) {
        let mover = self.side.index();
        let (from, to) = (mv.from(), mv.to());
        let planes = self.planes();
        self.net.shift(&planes, self.side, (from, to));
        if let Some(placement) = mv.placement() {
            self.net
                .shift(&planes, self.side.opponent(), (to, placement));
        }
        self.pawns[mover].remove(from);
        self.pawns[mover].insert(to);
        self.hash ^= zobrist::key(mover, from) ^ zobrist::key(mover, to) ^ zobrist::BLACK_TO_MOVE;
        match mv.placement() {
            Some(placement) => {
                let victim = 1 - mover;
                self.pawns[victim].remove(to);
                self.pawns[victim].insert(placement);
                self.hash ^= zobrist::key(victim, to) ^ zobrist::key(victim, placement);
                self.halfmove = 0;
            }
            None => self.halfmove = self.halfmove.saturating_add(1),
        }
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
    }
}
