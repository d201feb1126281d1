//! The numbering of Claustro positions for the solver: the non-corner squares as "compact"
//! squares (numbered in board order), each side's pawns as a mask of them, and the combinatorial
//! number system over those masks (the side to move, the rank of the white set, then the rank of
//! the black set among the squares white leaves free). Also the solver's move counting and
//! predecessor generation on masks.

use super::Claustro;
use super::layout::{NONE, layout};
use crate::game::{BoardSize, Game, Side};

/// A position as the solver sees it: the side to move (0 white, 1 black) and each side's pawns
/// as a mask of compact squares (the board's non-corner squares, numbered in board order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pawns {
    /// The side to move: 0 white, 1 black.
    pub side: usize,
    /// Each side's pawns (white, black) as masks of compact squares.
    pub masks: [u64; 2],
}

/// The most compact squares a mask holds.
const MAX_SQUARES: usize = 64;

/// The board in compact squares, and the numbering of its positions.
#[derive(Debug)]
pub struct Space {
    size: BoardSize,
    /// Compact square -> board square.
    squares: Vec<usize>,
    /// Board square -> compact square (`u8::MAX` for corners).
    compact: Vec<u8>,
    /// Per side and compact square: the compact squares a step goes to.
    steps: [Vec<u64>; 2],
    /// Per side and compact square: the compact squares a step to it comes from.
    unsteps: [Vec<u64>; 2],
    /// Per side: the compact squares one step from its goal.
    doors: [u64; 2],
    /// Per compact square: its diagonal neighbours (corners left out: no pawn stands there).
    diagonals: Vec<u64>,
    /// Pawns per side.
    pawns: [usize; 2],
    /// `binomial[n][k]` for `n <= squares`, `k <= max pawns`.
    binomial: Vec<Vec<u64>>,
    /// The number of white sets and of black sets (among the squares white leaves).
    sets: [u64; 2],
}

impl Space {
    /// The positions of a `size` board with `white` and `black` pawns, or why they cannot be
    /// numbered (a board too large, too many pawns, more positions than a `u32` counts).
    pub fn new(size: BoardSize, white: usize, black: usize) -> Result<Self, String> {
        if !(5..=25).contains(&size.width) || !(5..=25).contains(&size.height) {
            return Err(format!(
                "claustro board {size} is not allowed (5 to 25 each way)"
            ));
        }
        let layout = layout(size.width, size.height);
        let g = layout.geometry;
        let squares: Vec<usize> = layout
            .placeable::<{ crate::board::bitboard::MAX_WORDS }>()
            .squares()
            .collect();
        if squares.len() > MAX_SQUARES {
            return Err(format!(
                "the solver handles at most {MAX_SQUARES} squares, {size} has {}",
                squares.len()
            ));
        }
        let n = squares.len();
        if white == 0 || black == 0 || white + black > n {
            return Err(format!(
                "{white} white and {black} black pawns do not fit on {size}"
            ));
        }
        let mut compact = vec![u8::MAX; g.squares()];
        for (c, &square) in squares.iter().enumerate() {
            compact[square] = c as u8;
        }
        let mask_of = |board: usize| -> u64 {
            match compact.get(board) {
                Some(&c) if c != u8::MAX => 1 << c,
                _ => 0,
            }
        };
        let mut steps = [vec![0; n], vec![0; n]];
        let mut unsteps = [vec![0; n], vec![0; n]];
        let mut doors = [0; 2];
        for (s, side) in [Side::White, Side::Black].into_iter().enumerate() {
            for (c, &square) in squares.iter().enumerate() {
                for target in layout.steps(side, square) {
                    if target == NONE {
                        continue;
                    }
                    if usize::from(target) == layout.goal(side) {
                        doors[s] |= 1 << c;
                    }
                    let to = mask_of(usize::from(target));
                    steps[s][c] |= to;
                    if to != 0 {
                        unsteps[s][to.trailing_zeros() as usize] |= 1 << c;
                    }
                }
            }
        }
        let diagonals = squares
            .iter()
            .map(|&square| {
                layout
                    .diagonals(square)
                    .iter()
                    .filter(|&&d| d != NONE)
                    .fold(0, |m, &d| m | mask_of(usize::from(d)))
            })
            .collect();
        let k_max = white.max(black);
        let binomial: Vec<Vec<u64>> = (0..=n)
            .map(|row| (0..=k_max).map(|k| binomial(row, k)).collect())
            .collect();
        let sets = [binomial[n][white], binomial[n - white][black]];
        sets[0]
            .checked_mul(sets[1])
            .and_then(|t| t.checked_mul(2))
            .filter(|&t| t <= u64::from(u32::MAX))
            .ok_or_else(|| {
                format!("{white} and {black} pawns on {size} are too many positions to number")
            })?;
        Ok(Space {
            size,
            squares,
            compact,
            steps,
            unsteps,
            doors,
            diagonals,
            pawns: [white, black],
            binomial,
            sets,
        })
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Pawns per side (white, black).
    pub fn pawns(&self) -> [usize; 2] {
        self.pawns
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        (2 * self.sets[0] * self.sets[1]) as usize
    }

    /// Whether there are no positions (never: both sides have pawns).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The compact square of a board square (`None` for corners and squares off the board).
    pub fn compact_square(&self, square: usize) -> Option<usize> {
        self.compact
            .get(square)
            .filter(|&&c| c != u8::MAX)
            .map(|&c| usize::from(c))
    }

    /// The board square of a compact square.
    pub fn board_square(&self, compact: usize) -> usize {
        self.squares[compact]
    }

    /// The rank of a set of compact squares among the sets of its size.
    fn rank(&self, mut mask: u64) -> u64 {
        let mut rank = 0;
        let mut k = 1;
        while mask != 0 {
            rank += self.binomial[mask.trailing_zeros() as usize][k];
            mask &= mask - 1;
            k += 1;
        }
        rank
    }

    /// The set of `k` squares with this rank.
    fn unrank(&self, mut rank: u64, k: usize) -> u64 {
        let mut mask = 0;
        let mut top = self.squares.len();
        for i in (1..=k).rev() {
            top -= 1;
            while self.binomial[top][i] > rank {
                top -= 1;
            }
            rank -= self.binomial[top][i];
            mask |= 1 << top;
        }
        mask
    }

    /// The position number of `pawns`; its masks must hold the right counts on distinct squares.
    #[inline]
    /// The positions of one row: those with the same side to move and white set, one for each
    /// black set, numbered in a row (the table's pieces, [`super::pieces`]).
    pub fn row_len(&self) -> usize {
        self.sets[1] as usize
    }

    /// The solver's view of `position`, if it is a position of this space: of its board size
    /// and pawn counts.
    pub fn pawns_of<const W: usize>(&self, position: &Claustro<W>) -> Option<Pawns> {
        if position.size() != self.size {
            return None;
        }
        let mut masks = [0u64; 2];
        for (s, side) in [Side::White, Side::Black].into_iter().enumerate() {
            let squares = position.pawns(side);
            if squares.count() as usize != self.pawns[s] {
                return None;
            }
            for square in squares.squares() {
                masks[s] |= 1 << self.compact_square(square)?;
            }
        }
        let side = usize::from(position.side_to_move() == Side::Black);
        Some(Pawns { side, masks })
    }

    pub fn index(&self, pawns: Pawns) -> usize {
        let [white, black] = pawns.masks;
        let black_rank = self.rank(squeeze(black, white));
        let white_rank = self.rank(white);
        ((pawns.side as u64 * self.sets[0] + white_rank) * self.sets[1] + black_rank) as usize
    }

    /// The position with number `index` (below [`Space::len`]).
    pub fn position(&self, index: usize) -> Pawns {
        let index = index as u64;
        let black_rank = index % self.sets[1];
        let white_rank = index / self.sets[1] % self.sets[0];
        let side = (index / self.sets[1] / self.sets[0]) as usize;
        let white = self.unrank(white_rank, self.pawns[0]);
        let black = spread(self.unrank(black_rank, self.pawns[1]), white);
        Pawns {
            side,
            masks: [white, black],
        }
    }

    /// Whether the side to move has a pawn next to its goal (it wins with its next step).
    #[inline]
    pub fn wins_at_once(&self, pawns: Pawns) -> bool {
        pawns.masks[pawns.side] & self.doors[pawns.side] != 0
    }

    /// The number of legal moves of the side to move (goal steps included).
    pub fn count_moves(&self, pawns: Pawns) -> usize {
        let own = pawns.masks[pawns.side];
        let enemy = pawns.masks[1 - pawns.side];
        let occupied = own | enemy;
        let placements = self.squares.len() - occupied.count_ones() as usize + 1;
        let mut count = 0;
        for from in bits(own) {
            let steps = self.steps[pawns.side][from];
            count += (steps & !occupied).count_ones() as usize;
            count += usize::from(self.doors[pawns.side] >> from & 1 == 1);
            count += (self.diagonals[from] & enemy).count_ones() as usize * placements;
        }
        count
    }

    /// Calls `visit` with every position from which one move leads to `pawns`, once per such
    /// move.
    pub fn predecessors(&self, pawns: Pawns, mut visit: impl FnMut(Pawns)) {
        let mover = 1 - pawns.side;
        let own = pawns.masks[mover];
        let enemy = pawns.masks[pawns.side];
        let occupied = own | enemy;
        let parent = |own: u64, enemy: u64| {
            let mut masks = [0; 2];
            masks[mover] = own;
            masks[pawns.side] = enemy;
            Pawns { side: mover, masks }
        };
        for to in bits(own) {
            let arrived = own & !(1 << to);
            for from in bits(self.unsteps[mover][to] & !occupied) {
                visit(parent(arrived | 1 << from, enemy));
            }
            for from in bits(self.diagonals[to]) {
                let before = arrived | 1 << from;
                if enemy >> from & 1 == 1 {
                    visit(parent(before, enemy & !(1 << from) | 1 << to));
                } else if occupied >> from & 1 == 0 {
                    for placed in bits(enemy) {
                        visit(parent(before, enemy & !(1 << placed) | 1 << to));
                    }
                }
            }
        }
    }
}

/// `n` choose `k`, or `u64::MAX` if it does not fit.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let exact = (0..k).try_fold(1u128, |acc, i| {
        acc.checked_mul((n - i) as u128)
            .map(|product| product / (i + 1) as u128)
    });
    exact
        .and_then(|c| u64::try_from(c).ok())
        .unwrap_or(u64::MAX)
}

/// The squares of a mask, lowest first.
#[inline]
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let square = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            square
        })
    })
}

/// `mask` renumbered among the squares `removed` leaves free (a square's new number is its old one
/// minus the removed squares below it).
#[inline]
fn squeeze(mask: u64, removed: u64) -> u64 {
    bits(mask).fold(0, |out, square| {
        out | 1 << (square - (removed & ((1 << square) - 1)).count_ones() as usize)
    })
}

/// The inverse of [`squeeze`]: the free squares (not in `removed`) picked by `mask`.
fn spread(mask: u64, removed: u64) -> u64 {
    let mut out = 0;
    let mut free = !removed;
    let mut next = 0;
    for picked in bits(mask) {
        while next < picked {
            free &= free - 1;
            next += 1;
        }
        out |= 1 << free.trailing_zeros();
    }
    out
}
