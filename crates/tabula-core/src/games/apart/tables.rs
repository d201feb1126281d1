//! Tables of one Apart board size: steps to the edge in the eight directions, the neighbourhood
//! of every square, and line lengths measured with them.

use crate::board::bitboard::{Bitboard, MAX_WORDS};
use crate::board::built_once::BuiltOnce;

/// The four axes as (dx, dy): horizontal, vertical, diagonal, anti-diagonal. Direction
/// `2 * axis` goes along (dx, dy), direction `2 * axis + 1` against it.
pub const AXES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Tables of one N x N board size.
#[derive(Debug)]
pub struct Tables {
    /// For every square and direction, how many steps fit before the board's edge.
    reach: Vec<[u8; 8]>,
    /// The change of square index of one step in each direction.
    delta: [isize; 8],
    /// The eight neighbours of every square, `MAX_WORDS` words per square.
    neighbourhood: Vec<u64>,
}

static TABLES: BuiltOnce<usize, Tables> = BuiltOnce::new();

/// The tables of the `n` x `n` board, built on first use.
pub fn tables(n: usize) -> &'static Tables {
    TABLES.get(n, || Tables::build(n))
}

impl Tables {
    fn build(n: usize) -> Self {
        let size = n as i32;
        let directions: Vec<(i32, i32)> = AXES
            .iter()
            .flat_map(|&(dx, dy)| [(dx, dy), (-dx, -dy)])
            .collect();
        let mut delta = [0; 8];
        for (d, &(dx, dy)) in directions.iter().enumerate() {
            delta[d] = (dy * size + dx) as isize;
        }
        let mut reach = vec![[0u8; 8]; n * n];
        let mut neighbourhood = vec![0u64; n * n * MAX_WORDS];
        for square in 0..n * n {
            let (x, y) = ((square % n) as i32, (square / n) as i32);
            for (d, &(dx, dy)) in directions.iter().enumerate() {
                let mut steps = 0;
                while (0..size).contains(&(x + dx * (steps + 1)))
                    && (0..size).contains(&(y + dy * (steps + 1)))
                {
                    steps += 1;
                }
                reach[square][d] = steps as u8;
                if steps > 0 {
                    let neighbour = (square as isize + delta[d]) as usize;
                    neighbourhood[square * MAX_WORDS + neighbour / 64] |= 1 << (neighbour % 64);
                }
            }
        }
        Tables {
            reach,
            delta,
            neighbourhood,
        }
    }

    /// The squares touching `square`, diagonals included.
    #[inline]
    pub fn neighbourhood<const W: usize>(&self, square: usize) -> Bitboard<W> {
        Bitboard::from_words(&self.neighbourhood[square * MAX_WORDS..])
    }

    /// The square `steps` steps from `square` in `direction`, if it is on the board.
    #[inline]
    pub fn landing(&self, square: usize, direction: usize, steps: usize) -> Option<usize> {
        (steps <= self.reach[square][direction] as usize)
            .then(|| (square as isize + self.delta[direction] * steps as isize) as usize)
    }

    /// How many pieces of `friends` follow `square` without a gap in `direction`.
    #[inline]
    fn run<const W: usize>(&self, friends: Bitboard<W>, square: usize, direction: usize) -> usize {
        let mut count = 0;
        let mut at = square as isize;
        while count < self.reach[square][direction] as usize {
            at += self.delta[direction];
            if !friends.contains(at as usize) {
                break;
            }
            count += 1;
        }
        count
    }

    /// The line length of a piece on `square` along `axis`: itself and the pieces of `friends`
    /// in the unbroken run through it.
    #[inline]
    pub fn line_length<const W: usize>(
        &self,
        friends: Bitboard<W>,
        square: usize,
        axis: usize,
    ) -> usize {
        1 + self.run(friends, square, 2 * axis) + self.run(friends, square, 2 * axis + 1)
    }
}
