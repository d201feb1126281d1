//! The tables of one Claustro board size: corners, goals, step and diagonal neighbours, distances.
//!
//! A layout is built once per size and kept for the life of the process (like [`Geometry`]), so
//! positions hold a plain `&'static Layout` and stay cheap to copy.

use crate::board::bitboard::{Bitboard, MAX_WORDS};
use crate::board::built_once::BuiltOnce;
use crate::board::geometry::{Geometry, geometry};
use crate::game::Side;

/// Marks a missing neighbour in the step and diagonal tables.
pub const NONE: u16 = u16::MAX;

/// The four diagonal directions (captures go any of them).
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The fixed facts of a Claustro board of one size.
#[derive(Debug)]
pub struct Layout {
    pub geometry: &'static Geometry,
    /// The squares where a pawn may stand or be placed: every square but the four corners.
    placeable: [u64; MAX_WORDS],
    /// Each side's goal (white's is the top right corner, black's `a1`).
    goals: [usize; 2],
    /// Each side's home corner (the other side's goal).
    homes: [usize; 2],
    /// The two neutral corners, `(W-1, 0)` and `(0, H-1)`.
    neutral: [usize; 2],
    /// Per side and square: the (at most two) squares a step goes to, neutral corners left out.
    steps: [Vec<[u16; 2]>; 2],
    /// Per square: its on-board diagonal neighbours.
    diagonals: Vec<[u16; 4]>,
    /// Per side and square: the number of steps to that side's goal (Manhattan distance).
    distances: [Vec<u8>; 2],
    /// Per side: the placeable squares, farthest from that side's goal first.
    remote_first: [Vec<u16>; 2],
    /// Per side: the squares one step from its goal.
    doors: [[u64; MAX_WORDS]; 2],
}

static LAYOUTS: BuiltOnce<(usize, usize), Layout> = BuiltOnce::new();

/// The layout of a `width` x `height` board (both from 1 to 25), built on first use.
pub fn layout(width: usize, height: usize) -> &'static Layout {
    LAYOUTS.get((width, height), || Layout::build(width, height))
}

impl Layout {
    fn build(width: usize, height: usize) -> Self {
        let g = geometry(width, height);
        let top_right = g.square(width - 1, height - 1);
        let neutral = [g.square(width - 1, 0), g.square(0, height - 1)];
        let mut placeable = Bitboard::<MAX_WORDS>::EMPTY;
        for square in 0..g.squares() {
            if ![0, top_right, neutral[0], neutral[1]].contains(&square) {
                placeable.insert(square);
            }
        }
        let step_table = |forward: i32| -> Vec<[u16; 2]> {
            (0..g.squares())
                .map(|square| {
                    let target = |dx, dy| {
                        g.offset(square, dx, dy)
                            .filter(|t| !neutral.contains(t))
                            .map_or(NONE, |t| t as u16)
                    };
                    [target(forward, 0), target(0, forward)]
                })
                .collect()
        };
        let diagonals = (0..g.squares())
            .map(|square| {
                DIAGONALS.map(|(dx, dy)| g.offset(square, dx, dy).map_or(NONE, |t| t as u16))
            })
            .collect();
        let distance_to = |goal: usize| -> Vec<u8> {
            let (gx, gy) = g.coords(goal);
            (0..g.squares())
                .map(|square| {
                    let (x, y) = g.coords(square);
                    (x.abs_diff(gx) + y.abs_diff(gy)) as u8
                })
                .collect()
        };
        let distances = [distance_to(top_right), distance_to(0)];
        let remote_first = distances.clone().map(|distance| {
            let mut squares: Vec<u16> = placeable.squares().map(|s| s as u16).collect();
            squares.sort_by_key(|&s| std::cmp::Reverse(distance[s as usize]));
            squares
        });
        let doors = distances.clone().map(|distance| {
            let mut door = Bitboard::<MAX_WORDS>::EMPTY;
            for square in placeable.squares().filter(|&s| distance[s] == 1) {
                door.insert(square);
            }
            door.0
        });
        Layout {
            geometry: g,
            placeable: placeable.0,
            goals: [top_right, 0],
            homes: [0, top_right],
            neutral,
            steps: [step_table(1), step_table(-1)],
            diagonals,
            distances,
            remote_first,
            doors,
        }
    }

    /// Every square but the four corners.
    #[inline]
    pub fn placeable<const W: usize>(&self) -> Bitboard<W> {
        Bitboard::from_words(&self.placeable)
    }

    /// The goal of `side`: the corner its pawns race to.
    #[inline]
    pub fn goal(&self, side: Side) -> usize {
        self.goals[side.index()]
    }

    /// The home corner of `side` (the other side's goal); its own pawns never stand there.
    #[inline]
    pub fn home(&self, side: Side) -> usize {
        self.homes[side.index()]
    }

    /// The two neutral corners, where no pawn ever stands.
    pub fn neutral_corners(&self) -> [usize; 2] {
        self.neutral
    }

    /// The squares a pawn of `side` on `square` could step to on an empty board ([`NONE`] where
    /// there is none).
    #[inline]
    pub fn steps(&self, side: Side, square: usize) -> [u16; 2] {
        self.steps[side.index()][square]
    }

    /// The diagonal neighbours of `square` ([`NONE`] where off the board).
    #[inline]
    pub fn diagonals(&self, square: usize) -> [u16; 4] {
        self.diagonals[square]
    }

    /// The steps from one home corner to the other: the longest race.
    #[inline]
    pub fn span(&self) -> i32 {
        (self.geometry.width + self.geometry.height) as i32 - 2
    }

    /// The number of steps a pawn of `side` on `square` needs to reach its goal.
    #[inline]
    pub fn distance(&self, side: Side, square: usize) -> u32 {
        self.distances[side.index()][square] as u32
    }

    /// The placeable squares, farthest from the goal of `side` first: where a captured pawn of
    /// `side` is sent back to.
    #[inline]
    pub fn remote_first(&self, side: Side) -> &[u16] {
        &self.remote_first[side.index()]
    }

    /// The squares one step from the goal of `side` (a pawn there wins on its next move).
    #[inline]
    pub fn doors<const W: usize>(&self, side: Side) -> Bitboard<W> {
        Bitboard::from_words(&self.doors[side.index()])
    }
}
