//! Board geometry shared by every game: sizes, square names, leap tables and Zobrist keys.
//!
//! Geometries are built once per board size and kept for the life of the process, so positions can
//! refer to them by a plain `&'static` reference and stay cheap to copy.

use crate::board::bitboard::{Bitboard, MAX_WORDS};
use crate::board::built_once::BuiltOnce;

/// The largest width or height of any board.
pub const MAX_SIDE: usize = 25;

/// The chess knight's eight leaps.
pub const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A board of `width` x `height` squares and the tables that depend only on its size.
#[derive(Debug)]
pub struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Knight targets of every square, `MAX_WORDS` words per square.
    knight_targets: Vec<u64>,
    /// For each file step dx = -2..=2 (index dx + 2), the squares a leap with that dx may land
    /// on without wrapping round the board's edge, `MAX_WORDS` words each.
    landing_masks: Vec<u64>,
    /// The squares with x + y odd (one colour of a chequered board), `MAX_WORDS` words.
    odd_squares: Vec<u64>,
    /// Every square of the board, `MAX_WORDS` words.
    board_squares: Vec<u64>,
}

static GEOMETRIES: BuiltOnce<(usize, usize), Geometry> = BuiltOnce::new();

/// The geometry of a `width` x `height` board (both from 1 to `MAX_SIDE`), built on first use.
pub fn geometry(width: usize, height: usize) -> &'static Geometry {
    assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
    GEOMETRIES.get((width, height), || Geometry::build(width, height))
}

impl Geometry {
    fn build(width: usize, height: usize) -> Self {
        let mut geometry = Geometry {
            width,
            height,
            knight_targets: vec![0; width * height * MAX_WORDS],
            landing_masks: vec![0; 5 * MAX_WORDS],
            odd_squares: vec![0; MAX_WORDS],
            board_squares: vec![0; MAX_WORDS],
        };
        for square in 0..width * height {
            geometry.board_squares[square / 64] |= 1 << (square % 64);
        }
        for square in (0..width * height).filter(|s| (s % width + s / width) % 2 == 1) {
            geometry.odd_squares[square / 64] |= 1 << (square % 64);
        }
        for dx in -2i32..=2 {
            for square in 0..width * height {
                let x = (square % width) as i32;
                if (0..width as i32).contains(&(x - dx)) {
                    geometry.landing_masks[(dx + 2) as usize * MAX_WORDS + square / 64] |=
                        1 << (square % 64);
                }
            }
        }
        for square in 0..width * height {
            let targets = geometry.leap_targets(square, &KNIGHT_LEAPS);
            for target in targets {
                geometry.knight_targets[square * MAX_WORDS + target / 64] |= 1 << (target % 64);
            }
        }
        geometry
    }

    /// The number of squares.
    pub fn squares(&self) -> usize {
        self.width * self.height
    }

    /// The square at file `x`, rank index `y`.
    #[inline]
    pub fn square(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// The `(x, y)` coordinates of `square`.
    #[inline]
    pub fn coords(&self, square: usize) -> (usize, usize) {
        (square % self.width, square / self.width)
    }

    /// The square reached from `square` by `(dx, dy)`, if it is on the board.
    #[inline]
    pub fn offset(&self, square: usize, dx: i32, dy: i32) -> Option<usize> {
        let (x, y) = self.coords(square);
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        let on_board =
            (0..self.width as i32).contains(&nx) && (0..self.height as i32).contains(&ny);
        on_board.then(|| self.square(nx as usize, ny as usize))
    }

    /// The on-board squares reached from `square` by `leaps`.
    pub fn leap_targets(&self, square: usize, leaps: &[(i32, i32)]) -> Vec<usize> {
        leaps
            .iter()
            .filter_map(|&(dx, dy)| self.offset(square, dx, dy))
            .collect()
    }

    /// The knight targets of `square`.
    #[inline]
    pub fn knight_targets<const W: usize>(&self, square: usize) -> Bitboard<W> {
        Bitboard::from_words(&self.knight_targets[square * MAX_WORDS..])
    }

    /// Every square a knight on any square of `set` attacks (a whole set at once, by shifts).
    #[inline]
    pub fn knight_spread<const W: usize>(&self, set: Bitboard<W>) -> Bitboard<W> {
        let mut spread = Bitboard::EMPTY;
        for (dx, dy) in KNIGHT_LEAPS {
            let step = dy * self.width as i32 + dx;
            let moved = if step > 0 {
                set.shifted_up(step as usize)
            } else {
                set.shifted_down((-step) as usize)
            };
            spread |=
                moved & Bitboard::from_words(&self.landing_masks[(dx + 2) as usize * MAX_WORDS..]);
        }
        spread
    }

    /// The squares of the same colour as `square` on a chequered board.
    #[inline]
    pub fn same_colour<const W: usize>(&self, square: usize) -> Bitboard<W> {
        let odd = Bitboard::from_words(&self.odd_squares);
        let (x, y) = self.coords(square);
        if (x + y) % 2 == 1 {
            odd
        } else {
            self.all_squares::<W>().without(odd)
        }
    }

    /// Every square of the board.
    #[inline]
    pub fn all_squares<const W: usize>(&self) -> Bitboard<W> {
        Bitboard::from_words(&self.board_squares)
    }

    /// The square's name: file letter then rank number, `a1`, `c10`.
    pub fn square_name(&self, square: usize) -> String {
        let mut name = String::with_capacity(3);
        self.push_square_name(square, &mut name);
        name
    }

    /// Appends the name of `square` to `text` (writing long move lists without a string per
    /// square).
    pub fn push_square_name(&self, square: usize, text: &mut String) {
        let (x, y) = self.coords(square);
        text.push((b'a' + x as u8) as char);
        let rank = y + 1;
        if rank >= 10 {
            text.push((b'0' + (rank / 10) as u8) as char);
        }
        text.push((b'0' + (rank % 10) as u8) as char);
    }

    /// The square named `text` (e.g. `e5`), if it is on this board.
    pub fn parse_square(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let rank: usize = chars.as_str().parse().ok()?;
        if !file.is_ascii_lowercase() || chars.as_str().starts_with(['0', '+']) {
            return None;
        }
        let x = (file as u8 - b'a') as usize;
        (x < self.width && (1..=self.height).contains(&rank)).then(|| self.square(x, rank - 1))
    }

    /// Splits a move such as `a10b12` into the squares it names, or says which part is wrong.
    pub fn parse_square_path(&self, text: &str) -> Result<Vec<usize>, String> {
        if text == "0000" {
            return Err("'0000' is a pass, and this game has none".to_string());
        }
        if !is_square_path_shaped(text) {
            return Err(format!(
                "'{text}' is not a move: a move names the squares it visits, e.g. d4f5"
            ));
        }
        let mut squares = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            // A square is one character (the file) and the digits after it.
            let digits_end = rest
                .char_indices()
                .skip(1)
                .find(|&(_, c)| !c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            let (name, tail) = rest.split_at(digits_end);
            let square = self
                .parse_square(name)
                .ok_or_else(|| format!("'{name}' is not a square of this board"))?;
            squares.push(square);
            rest = tail;
        }
        Ok(squares)
    }

    /// The square's image under a half turn of the board.
    #[inline]
    pub fn rotate_half_turn(&self, square: usize) -> usize {
        self.squares() - 1 - square
    }
}

/// Whether `text` is a run of square names shaped like `a1` or `b12` (a lower-case letter, then
/// digits), whether or not they are on the board.
fn is_square_path_shaped(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_lowercase)
        && bytes.last().is_some_and(u8::is_ascii_digit)
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && bytes
            .windows(2)
            .all(|pair| !(pair[0].is_ascii_lowercase() && pair[1].is_ascii_lowercase()))
}

/// Zobrist keys: one random 64-bit key per (piece kind, square), and one for the side to move.
pub mod zobrist {
    use super::MAX_SIDE;
    use std::sync::LazyLock;

    /// The number of piece kinds with keys.
    pub const KINDS: usize = 4;

    static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        (0..KINDS * MAX_SIDE * MAX_SIDE)
            .map(|_| split_mix(&mut state))
            .collect()
    });

    /// The key for the side to move being black.
    pub const BLACK_TO_MOVE: u64 = 0xF1B7_6E2C_3A5D_9087;

    fn split_mix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The key of piece `kind` (below `KINDS`) on `square`.
    #[inline]
    pub fn key(kind: usize, square: usize) -> u64 {
        KEYS[kind * MAX_SIDE * MAX_SIDE + square]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let board = geometry(25, 25);
        for square in 0..board.squares() {
            assert_eq!(board.parse_square(&board.square_name(square)), Some(square));
        }
        assert_eq!(board.square_name(board.square(24, 24)), "y25");
    }

    #[test]
    fn bad_square_names_are_rejected() {
        let board = geometry(8, 8);
        for name in ["", "a", "a0", "a9", "i1", "A1", "a01", "a+1", "1a", "aa"] {
            assert_eq!(board.parse_square(name), None, "{name}");
        }
    }

    #[test]
    fn paths_split_on_file_letters() {
        let board = geometry(12, 12);
        let squares = board.parse_square_path("a10b12c1").unwrap();
        assert_eq!(
            squares,
            vec![board.square(0, 9), board.square(1, 11), board.square(2, 0)]
        );
        assert!(board.parse_square_path("a10z1").is_err());
        assert!(
            board
                .parse_square_path("é1c3")
                .unwrap_err()
                .contains("'é1c3' is not a move")
        );
        assert!(
            board
                .parse_square_path("a1€")
                .unwrap_err()
                .contains("'a1€'")
        );
        assert!(
            board
                .parse_square_path("foo")
                .unwrap_err()
                .contains("not a move")
        );
        assert!(
            board
                .parse_square_path("a1b")
                .unwrap_err()
                .contains("not a move")
        );
        assert!(
            board
                .parse_square_path("0000")
                .unwrap_err()
                .contains("pass")
        );
    }

    #[test]
    fn knight_spread_is_the_union_of_knight_targets() {
        for (width, height) in [(8, 8), (9, 9), (25, 25), (5, 13), (13, 5)] {
            let board = geometry(width, height);
            let set: Vec<usize> = (0..board.squares())
                .filter(|s| s % 7 == 3 || s % 11 == 0)
                .collect();
            let mut bits = Bitboard::<10>::EMPTY;
            let mut expected = Bitboard::<10>::EMPTY;
            for &square in &set {
                bits.insert(square);
                expected |= board.knight_targets::<10>(square);
            }
            assert_eq!(board.knight_spread(bits), expected, "{width}x{height}");
        }
    }

    #[test]
    fn knight_targets_from_corner_and_centre() {
        let board = geometry(8, 8);
        assert_eq!(board.knight_targets::<1>(0).count(), 2);
        assert_eq!(board.knight_targets::<1>(board.square(3, 3)).count(), 8);
        let small = geometry(3, 3);
        assert_eq!(small.knight_targets::<1>(small.square(1, 1)).count(), 0);
    }
}
