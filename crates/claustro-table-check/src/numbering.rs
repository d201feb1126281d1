//! Two numberings of the positions with `white` and `black` pawns on a board's cells.
//!
//! - This checker's own, used by its solver: the side to move, then the set of occupied cells,
//!   then which of those cells hold white pawns.
//! - The file's position order, as the table format describes it: the side to move (white
//!   first), then the set of white cells, then the set of black cells among the cells white
//!   leaves free, each set ranked in the combinatorial number system. In full: with the white
//!   cells `w1 < w2 < ...` ranked as `r_w = C(w1, 1) + C(w2, 2) + ...`, and each black cell
//!   renumbered as its cell number minus the white cells below it (`b1 < b2 < ...`,
//!   `r_b = C(b1, 1) + C(b2, 2) + ...`), position number
//!   `(side * C(n, white) + r_w) * C(n - white, black) + r_b`, where `n` is the number of cells.
//!
//! Both are bijections onto `0..len`; the checker confirms the file order is one on every
//! position it compares.

use crate::board::{Position, cells_of};

/// Binomial coefficients and the two numberings for one board and pawn count.
#[derive(Debug)]
pub struct Numbering {
    cells: usize,
    pawns: [usize; 2],
    /// `choose[n][k]` for `n <= cells`, `k <= cells`.
    choose: Vec<Vec<u64>>,
}

impl Numbering {
    /// The numberings of `pawns` (white, black) on `cells` cells, or why there are none (a side
    /// without pawns, more pawns than cells, more positions than a `u32` counts).
    pub fn new(cells: usize, pawns: [usize; 2]) -> Result<Numbering, String> {
        if pawns[0] == 0 || pawns[1] == 0 || pawns[0] + pawns[1] > cells {
            return Err(format!(
                "{} white and {} black pawns do not fit on {cells} cells",
                pawns[0], pawns[1]
            ));
        }
        let mut choose = vec![vec![0u64; cells + 1]; cells + 1];
        for n in 0..=cells {
            choose[n][0] = 1;
            for k in 1..=n {
                choose[n][k] = choose[n - 1][k - 1].saturating_add(choose[n - 1][k]);
            }
        }
        let numbering = Numbering {
            cells,
            pawns,
            choose,
        };
        let total = numbering.total();
        if total > u128::from(u32::MAX) {
            return Err(format!(
                "{total} positions are more than this checker numbers"
            ));
        }
        Ok(numbering)
    }

    /// The number of positions, exactly.
    fn total(&self) -> u128 {
        let [white, black] = self.pawns;
        2 * u128::from(self.choose[self.cells][white + black])
            * u128::from(self.choose[white + black][white])
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.total() as usize
    }

    /// Whether there are none (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The combinatorial rank of a set of slots.
    fn rank(&self, mask: u64) -> u64 {
        cells_of(mask)
            .enumerate()
            .map(|(i, slot)| self.choose[slot][i + 1])
            .sum()
    }

    /// The set of `k` slots with this rank.
    fn unrank(&self, mut rank: u64, k: usize) -> u64 {
        let mut mask = 0;
        for i in (1..=k).rev() {
            let mut slot = i - 1;
            while self.choose[slot + 1][i] <= rank {
                slot += 1;
            }
            rank -= self.choose[slot][i];
            mask |= 1 << slot;
        }
        mask
    }

    /// This checker's number of a position.
    pub fn index(&self, position: Position) -> usize {
        let [white, black] = self.pawns;
        let occupied = position.pawns[0] | position.pawns[1];
        let pattern = cells_of(occupied)
            .enumerate()
            .filter(|&(_, cell)| position.pawns[0] >> cell & 1 == 1)
            .fold(0, |m, (slot, _)| m | 1 << slot);
        let sets = self.choose[self.cells][white + black];
        let patterns = self.choose[white + black][white];
        ((position.side as u64 * sets + self.rank(occupied)) * patterns + self.rank(pattern))
            as usize
    }

    /// The position with this checker's number `index` (below [`Numbering::len`]).
    pub fn position(&self, index: usize) -> Position {
        let [white, black] = self.pawns;
        let sets = self.choose[self.cells][white + black];
        let patterns = self.choose[white + black][white];
        let index = index as u64;
        let pattern = self.unrank(index % patterns, white);
        let occupied = self.unrank(index / patterns % sets, white + black);
        let side = (index / patterns / sets) as usize;
        let mut pawns = [0; 2];
        for (slot, cell) in cells_of(occupied).enumerate() {
            pawns[usize::from(pattern >> slot & 1 == 0)] |= 1 << cell;
        }
        Position { side, pawns }
    }

    /// The position's number in the file's position order.
    pub fn file_index(&self, position: Position) -> usize {
        let [white, black] = self.pawns;
        let white_cells = position.pawns[0];
        let squeezed = cells_of(position.pawns[1]).fold(0u64, |m, cell| {
            m | 1 << (cell - (white_cells & ((1 << cell) - 1)).count_ones() as usize)
        });
        let white_sets = self.choose[self.cells][white];
        let black_sets = self.choose[self.cells - white][black];
        ((position.side as u64 * white_sets + self.rank(white_cells)) * black_sets
            + self.rank(squeezed)) as usize
    }
}
