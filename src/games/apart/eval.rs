//! Apart evaluation: how far each side is from having all its pieces apart.
//!
//! Per side: the pieces still touching a friend, the clusters they form, a lower bound on the
//! turns needed to separate them (a maximal matching of touching pairs: every touching pair needs
//! one of its two pieces moved, and matched pairs share no piece), mobility (single steps and
//! first jumps), and the pieces themselves. Every piece is one more to keep apart, so a capture
//! helps its victim: the pieces term makes capturing cost the capturer, and move ordering tries
//! captures of touching pieces late.

use super::movegen::first_movements;
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;
use crate::game::{EvalTerm, Side};

// The weights are the multipliers `tabula tune` fitted (3000 self-play games, 3000 nodes a move)
// applied to the first guesses (40, 12, 6, 8, 2, 10).

/// Per turn of the separation bound.
const SEPARATION: i32 = 13;
/// Per piece touching a friend.
const TOUCHING: i32 = 40;
/// Per cluster of touching pieces: negative as fitted, since for as many touching pieces, more
/// and smaller clusters come apart more easily.
const CLUSTER: i32 = -9;
/// Per piece on the board.
const PIECE: i32 = 18;
/// Per first movement.
const MOBILITY: i32 = 2;
/// For being the side to move.
const TEMPO: i32 = 31;

/// What the evaluation measures for one side.
struct SideFeatures {
    pieces: i32,
    touching: i32,
    clusters: i32,
    separation: i32,
    mobility: i32,
}

impl SideFeatures {
    /// How far from winning the side is, in centipawns (lower is better).
    fn distance(&self) -> i32 {
        SEPARATION * self.separation
            + TOUCHING * self.touching
            + CLUSTER * self.clusters
            + PIECE * self.pieces
            - MOBILITY * self.mobility
    }
}

/// The pieces of `pieces` touching another of them.
fn touching<const W: usize>(position: &Apart<W>, pieces: Bitboard<W>) -> Bitboard<W> {
    let mut found = Bitboard::EMPTY;
    for square in pieces.squares() {
        if !(position.tables.neighbourhood::<W>(square) & pieces).is_empty() {
            found.insert(square);
        }
    }
    found
}

/// The number of groups of touching pieces (each of two or more).
fn clusters<const W: usize>(position: &Apart<W>, touching: Bitboard<W>) -> i32 {
    let mut unseen = touching;
    let mut count = 0;
    while let Some(seed) = unseen.first() {
        count += 1;
        let mut frontier = Bitboard::from_square(seed);
        unseen.remove(seed);
        while let Some(square) = frontier.first() {
            frontier.remove(square);
            let reached = position.tables.neighbourhood::<W>(square) & unseen;
            frontier |= reached;
            unseen = unseen.without(reached);
        }
    }
    count
}

/// The size of a greedy maximal matching of touching pairs: a lower bound on the turns needed.
fn separation<const W: usize>(position: &Apart<W>, touching: Bitboard<W>) -> i32 {
    let mut unmatched = touching;
    let mut pairs = 0;
    for square in touching.squares() {
        if !unmatched.contains(square) {
            continue;
        }
        let partners = position.tables.neighbourhood::<W>(square) & unmatched;
        if let Some(partner) = partners.first() {
            unmatched.remove(square);
            unmatched.remove(partner);
            pairs += 1;
        }
    }
    pairs
}

fn side_features<const W: usize>(position: &Apart<W>, side: Side) -> SideFeatures {
    let pieces = position.pieces(side);
    let touching = touching(position, pieces);
    SideFeatures {
        pieces: pieces.count() as i32,
        touching: touching.count() as i32,
        clusters: clusters(position, touching),
        separation: separation(position, touching),
        mobility: first_movements(position, side) as i32,
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate<const W: usize>(position: &Apart<W>) -> i32 {
    let mover = side_features(position, position.side);
    let other = side_features(position, position.side.opponent());
    other.distance() - mover.distance() + TEMPO
}

/// The evaluation's terms, from white's point of view (each side's share, larger is better).
pub fn terms<const W: usize>(position: &Apart<W>) -> Vec<EvalTerm> {
    let white = side_features(position, Side::White);
    let black = side_features(position, Side::Black);
    let term = |name, weight: i32, value: fn(&SideFeatures) -> i32| EvalTerm {
        name,
        white: weight * value(&white),
        black: weight * value(&black),
    };
    let (white_tempo, black_tempo) = match position.side {
        Side::White => (TEMPO, 0),
        Side::Black => (0, TEMPO),
    };
    vec![
        term("separation turns", -SEPARATION, |f| f.separation),
        term("pieces touching a friend", -TOUCHING, |f| f.touching),
        term("clusters", -CLUSTER, |f| f.clusters),
        term("pieces", -PIECE, |f| f.pieces),
        term("mobility", MOBILITY, |f| f.mobility),
        EvalTerm {
            name: "tempo",
            white: white_tempo,
            black: black_tempo,
        },
    ]
}

/// Move ordering: moving a piece out of contact first, into contact last, and captures of pieces
/// that touch their friends late (removing them helps the victim).
pub fn move_order_hint<const W: usize>(position: &Apart<W>, mv: ApartMove<W>) -> i32 {
    if mv.is_pass() {
        return 0;
    }
    let tables = position.tables;
    let (start, end) = (mv.start as usize, mv.end as usize);
    let friends = position
        .pieces(position.side)
        .without(Bitboard::from_square(start));
    let enemies = position.pieces(position.side.opponent());
    let leaves_contact = !(tables.neighbourhood::<W>(start) & friends).is_empty();
    let makes_contact = !(tables.neighbourhood::<W>(end) & friends).is_empty();
    let helpful_captures = mv
        .captured
        .squares()
        .filter(|&square| !(tables.neighbourhood::<W>(square) & enemies).is_empty())
        .count() as i32;
    16 * leaves_contact as i32 - 16 * makes_contact as i32 - 8 * helpful_captures
}
