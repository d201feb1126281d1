//! The two sides and the size of a board.

use nom::character::complete::{char, digit1};
use nom::combinator::{all_consuming, map_res, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// One of the two players.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for white, 1 for black: the index of per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The letter used in position strings.
    pub fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The word shown to people.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// A board size as given to `newgame`: `N` (square) or `WxH`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardSize {
    pub width: usize,
    pub height: usize,
}

impl BoardSize {
    /// Parses a board size such as `9` or `10x8`.
    pub fn parse(text: &str) -> Result<BoardSize, String> {
        board_size(text)
            .map(|(_, size)| size)
            .map_err(|_| format!("bad board size '{text}' (N or WxH)"))
    }

    /// A square board of side `n`.
    pub fn square(n: usize) -> Self {
        BoardSize {
            width: n,
            height: n,
        }
    }
}

impl std::fmt::Display for BoardSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// `N` or `WxH`, each from 1 to 99 (games check their own limits).
fn board_size(input: &str) -> IResult<&str, BoardSize> {
    let side = || map_res(digit1, |d: &str| d.parse::<usize>().map_err(|_| ()));
    all_consuming((side(), opt(preceded(char('x'), side()))))
        .map(|(width, height)| BoardSize {
            width,
            height: height.unwrap_or(width),
        })
        .parse(input)
}
