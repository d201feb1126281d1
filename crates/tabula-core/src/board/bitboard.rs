//! Fixed-width bitboards: `W` 64-bit words, enough for boards of up to `64 * W` squares.
//!
//! A square's index is `y * width + x`. Every game picks the smallest width that holds its board
//! (1, 2, 4 or 10 words), so the common sizes pay for nothing they do not use.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

/// The largest number of words any board needs: 25 x 25 = 625 squares.
pub const MAX_WORDS: usize = 10;

/// The word counts that games are compiled for.
pub const WORD_CLASSES: [usize; 4] = [1, 2, 4, 10];

/// The smallest supported word count holding `squares` squares.
pub fn words_for(squares: usize) -> usize {
    WORD_CLASSES
        .into_iter()
        .find(|&w| w * 64 >= squares)
        .unwrap_or(MAX_WORDS)
}

/// Calls `wrap(Holder::<Game<W>>::new(args))` with `W` the word class `words` names (one of
/// [`WORD_CLASSES`], as [`words_for`] gives it): how a game type is picked at the word count its
/// board needs.
#[macro_export]
macro_rules! at_word_class {
    ($words:expr, $wrap:ident($holder:ident::<$game:ident>::$new:ident($($args:expr),*))) => {
        match $words {
            1 => $wrap($holder::<$game<1>>::$new($($args),*)),
            2 => $wrap($holder::<$game<2>>::$new($($args),*)),
            4 => $wrap($holder::<$game<4>>::$new($($args),*)),
            _ => $wrap($holder::<$game<10>>::$new($($args),*)),
        }
    };
}

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bitboard<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bitboard<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard([0; W]);

    /// The set holding only `square`.
    #[inline]
    pub fn from_square(square: usize) -> Self {
        let mut board = Self::EMPTY;
        board.insert(square);
        board
    }

    /// The first `W` words of a wider row of words (tables are stored `MAX_WORDS` wide).
    #[inline]
    pub fn from_words(words: &[u64]) -> Self {
        let mut board = Self::EMPTY;
        board.0.copy_from_slice(&words[..W]);
        board
    }

    /// Whether `square` is in the set.
    #[inline]
    pub fn contains(self, square: usize) -> bool {
        self.0[square / 64] >> (square % 64) & 1 != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: usize) {
        self.0[square / 64] |= 1 << (square % 64);
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: usize) {
        self.0[square / 64] &= !(1 << (square % 64));
    }

    /// The number of squares in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub fn without(self, other: Self) -> Self {
        let mut out = self;
        for (word, other) in out.0.iter_mut().zip(other.0) {
            *word &= !other;
        }
        out
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// Every square index moved up by `n` (bits past the last word are lost).
    #[inline]
    pub fn shifted_up(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = Self::EMPTY;
        for i in (words..W).rev() {
            let low = self.0[i - words];
            let carry = if bits > 0 && i > words {
                self.0[i - words - 1] >> (64 - bits)
            } else {
                0
            };
            out.0[i] = (low << bits) | carry;
        }
        out
    }

    /// Every square index moved down by `n` (bits below 0 are lost).
    #[inline]
    pub fn shifted_down(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = Self::EMPTY;
        for i in 0..W.saturating_sub(words) {
            let high = self.0[i + words];
            let carry = if bits > 0 && i + words + 1 < W {
                self.0[i + words + 1] << (64 - bits)
            } else {
                0
            };
            out.0[i] = (high >> bits) | carry;
        }
        out
    }

    /// The squares in increasing order.
    #[inline]
    pub fn squares(self) -> Squares<W> {
        Squares {
            words: self,
            word: 0,
            bits: self.0[0],
        }
    }
}

/// Iterator over the squares of a bitboard, lowest first (pops the lowest bit of the word it is
/// on, kept apart from the words so that it can live in a register).
pub struct Squares<const W: usize> {
    words: Bitboard<W>,
    word: usize,
    bits: u64,
}

impl<const W: usize> Iterator for Squares<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.word += 1;
            if self.word >= W {
                return None;
            }
            self.bits = self.words.0[self.word];
        }
        let square = self.word * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(square)
    }
}

macro_rules! word_wise_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $assign_op:tt) => {
        impl<const W: usize> $assign_trait for Bitboard<W> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                for (word, other) in self.0.iter_mut().zip(rhs.0) {
                    *word $assign_op other;
                }
            }
        }
        impl<const W: usize> $trait for Bitboard<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, rhs: Self) -> Self {
                self $assign_op rhs;
                self
            }
        }
    };
}

word_wise_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
word_wise_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
word_wise_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_count_and_iterate_across_words() {
        let mut board = Bitboard::<10>::EMPTY;
        for square in [0, 63, 64, 200, 624] {
            board.insert(square);
        }
        assert_eq!(board.count(), 5);
        assert!(board.contains(200));
        board.remove(200);
        assert!(!board.contains(200));
        assert_eq!(board.squares().collect::<Vec<_>>(), vec![0, 63, 64, 624]);
        assert_eq!(board.first(), Some(0));
    }

    #[test]
    fn set_operations() {
        let a = Bitboard::<2>([0b1100, 1]);
        let b = Bitboard::<2>([0b1010, 3]);
        assert_eq!(a & b, Bitboard([0b1000, 1]));
        assert_eq!(a | b, Bitboard([0b1110, 3]));
        assert_eq!(a ^ b, Bitboard([0b0110, 2]));
        assert_eq!(a.without(b), Bitboard([0b0100, 0]));
    }

    #[test]
    fn shifts_carry_across_words() {
        let board = Bitboard::<3>::from_square(63) | Bitboard::from_square(100);
        assert_eq!(
            board.shifted_up(1).squares().collect::<Vec<_>>(),
            vec![64, 101]
        );
        assert_eq!(
            board.shifted_up(100).squares().collect::<Vec<_>>(),
            vec![163]
        );
        assert_eq!(
            board.shifted_down(64).squares().collect::<Vec<_>>(),
            vec![36]
        );
        assert_eq!(
            board.shifted_down(1).squares().collect::<Vec<_>>(),
            vec![62, 99]
        );
        assert_eq!(board.shifted_down(101).squares().count(), 0);
    }

    #[test]
    fn word_classes_cover_every_board() {
        assert_eq!(words_for(64), 1);
        assert_eq!(words_for(65), 2);
        assert_eq!(words_for(81), 2);
        assert_eq!(words_for(256), 4);
        assert_eq!(words_for(625), 10);
    }
}
