//! Apart evaluation: how many turns each side is from having all its pieces apart.
//!
//! Apart is a race: each turn moves one piece, and the first side apart wins. Per side the
//! evaluation counts, in turns, the pieces that must move for the rest to stand apart (a cover
//! of the touching pairs), then the pieces still touching a friend, the pieces themselves and
//! mobility (single steps and first jumps: the room to move pieces out later).
//! Every piece is one more to keep apart, so a capture helps its victim: the pieces term makes
//! capturing cost the capturer, and move ordering tries captures of touching pieces late. The
//! main terms count turns and pieces, not squares, so one set of weights carries across board
//! sizes.

use super::movegen::first_movements;
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;
use crate::game::{EvalTerm, Side};

// The weights are fitted by `tabula tune` (self-play at 3000 nodes a move): on 8 x 8 (1500
// games), 12 x 12 (800) and 16 x 16 (400) the pieces to move came out at 88, 110 and 88, the
// tempo at 47, 56 and 52. The matching bound of earlier versions fitted to about zero beside
// them and was dropped. Mobility fitted to about zero too, but matters in play: without it,
// 16 x 16 scored 33% against the evaluation before (100 games), with it about even; it keeps
// the weight it had.

/// Per piece that must move for the rest to stand apart (see [`cover`]): about a turn.
const COVER: i32 = 100;
/// Per piece touching a friend.
const TOUCHING: i32 = 10;
/// Per piece on the board.
const PIECE: i32 = 28;
/// Per first movement (single steps and first jumps).
const MOBILITY: i32 = 2;
/// For being the side to move: in a race, half a turn.
const TEMPO: i32 = 52;

/// What the evaluation measures for one side.
struct SideFeatures {
    pieces: i32,
    touching: i32,
    cover: i32,
    mobility: i32,
}

impl SideFeatures {
    /// How far from winning the side is, in centipawns (lower is better).
    fn distance(&self) -> i32 {
        COVER * self.cover + TOUCHING * self.touching + PIECE * self.pieces
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

/// How many of the touching pieces must move for the rest to stand apart: the touching pieces
/// minus an independent set of them kept in place (no two touching), chosen greedily: again and
/// again the piece touching fewest of those still undecided is kept and its neighbours are
/// moved. Every turn moves one piece, so this estimates the turns needed where clusters are dense
/// better than a matching of touching pairs does (a 2 x 2 block needs three turns, not two).
fn cover<const W: usize>(position: &Apart<W>, touching: Bitboard<W>) -> i32 {
    let neighbourhood = |square| position.tables.neighbourhood::<W>(square);
    let mut undecided = touching;
    let mut kept = 0;
    while !undecided.is_empty() {
        let mut choice = None;
        let mut fewest = u32::MAX;
        for square in undecided.squares() {
            let degree = (neighbourhood(square) & undecided).count();
            if degree < fewest {
                (choice, fewest) = (Some(square), degree);
                // A piece touching at most one undecided piece is in some largest independent
                // set: no better choice exists.
                if degree <= 1 {
                    break;
                }
            }
        }
        let Some(square) = choice else { break };
        kept += 1;
        undecided = undecided.without(neighbourhood(square));
        undecided.remove(square);
    }
    touching.count() as i32 - kept
}

fn side_features<const W: usize>(position: &Apart<W>, side: Side) -> SideFeatures {
    let pieces = position.pieces(side);
    let touching = touching(position, pieces);
    SideFeatures {
        pieces: pieces.count() as i32,
        touching: touching.count() as i32,
        cover: cover(position, touching),
        mobility: first_movements(position, side) as i32,
    }
}

/// How many turns the side that needs fewer has to make before its pieces stand apart, by the
/// cover (captures can make it fewer): the moves a game has left, give or take.
pub fn turns_to_finish<const W: usize>(position: &Apart<W>) -> u32 {
    let turns = |side| {
        let pieces = position.pieces(side);
        cover(position, touching(position, pieces)) as u32
    };
    turns(Side::White).min(turns(Side::Black))
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
        term("pieces to move", -COVER, |f| f.cover),
        term("pieces touching a friend", -TOUCHING, |f| f.touching),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position_text::parse_position_text;
    use crate::game::Game;

    /// The pieces white must move, by [`cover`], in a position string of an 8 x 8 board.
    fn white_cover(text: &str) -> i32 {
        let position = Apart::<1>::from_text(&parse_position_text(text).unwrap()).unwrap();
        let white = position.pieces(Side::White);
        cover(&position, touching(&position, white))
    }

    /// Each figure is the smallest set of pieces that leaves the rest apart (a minimum vertex
    /// cover of the touching pairs), counted by hand.
    #[test]
    fn cover_counts_the_pieces_that_must_move() {
        // Apart already, and a lone pair: nothing, then one.
        assert_eq!(white_cover("7p/8/8/8/8/8/8/P1P1P3 w 0 2"), 0);
        assert_eq!(white_cover("7p/8/8/8/8/8/8/PP6 w 0 2"), 1);
        // A line of three: its middle; of four: two.
        assert_eq!(white_cover("7p/8/8/8/8/8/8/PPP5 w 0 2"), 1);
        assert_eq!(white_cover("7p/8/8/8/8/8/8/PPPP4 w 0 2"), 2);
        // A 2 x 2 block: all but one (a matching of touching pairs would say two).
        assert_eq!(white_cover("7p/8/8/8/8/8/PP6/PP6 w 0 2"), 3);
        // b1 c1 d1 under c2 under c3: keeping b1, d1 and c3 moves c1 and c2.
        assert_eq!(white_cover("7p/8/8/8/8/2P5/2P5/1PPP4 w 0 2"), 2);
        // The start: two ranks of six, three pieces kept (one per pair of files), nine moved.
        assert_eq!(white_cover(START), 9);
    }

    #[test]
    fn the_nearer_side_sets_the_turns_to_finish() {
        let parse = |text| Apart::<1>::from_text(&parse_position_text(text).unwrap()).unwrap();
        assert_eq!(turns_to_finish(&parse(START)), 9);
        // White: a pair (one turn); black: a 2 x 2 block (three turns).
        assert_eq!(turns_to_finish(&parse("pp6/pp6/8/8/8/8/8/PP6 w 0 2")), 1);
        assert_eq!(turns_to_finish(&parse("pp6/pp6/8/8/8/8/8/P1P1P3 b 0 2")), 0);
    }

    const START: &str = "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 1";
}
