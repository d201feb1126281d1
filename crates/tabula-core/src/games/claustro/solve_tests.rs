//! Tests of the Claustro solver and its table: numbering, move counts and predecessors against the
//! game's own move generation, solved values against a plain depth-limited minimax, table files
//! and their pieces.

use super::Claustro;
use super::pieces::{TablePieces, piece_name, write_pieces};
use super::solution::{SolutionTable, score};
use super::solve::{Value, solve};
use super::space::{Pawns, Space};
use crate::board::bitboard::Bitboard;
use crate::board::position_text::parse_position_text;
use crate::game::{BoardSize, Game, Side};
use crate::search::score::Score;
use std::path::Path;

fn five() -> BoardSize {
    BoardSize::square(5)
}

/// The game's position for the solver's view of it.
fn game_position(space: &Space, pawns: Pawns) -> Claustro<1> {
    let mut boards = [Bitboard::<1>::EMPTY; 2];
    for (board, mask) in boards.iter_mut().zip(pawns.masks) {
        for c in (0..64).filter(|c| mask >> c & 1 == 1) {
            board.insert(space.board_square(c));
        }
    }
    let side = [Side::White, Side::Black][pawns.side];
    Claustro::from_pawns(space.size(), boards[0], boards[1], side).expect("a numbered position")
}

/// The solver's view of a game position.
fn solver_view(space: &Space, position: &Claustro<1>) -> Pawns {
    let mut masks = [0; 2];
    for (mask, side) in masks.iter_mut().zip([Side::White, Side::Black]) {
        for square in position.pawns(side).squares() {
            *mask |= 1 << space.compact_square(square).expect("a non-corner square");
        }
    }
    let side = usize::from(position.side_to_move() == Side::Black);
    Pawns { side, masks }
}

#[test]
fn the_real_game_has_c21_4_times_c17_4_times_2_positions() {
    // 21 non-corner squares: C(21,4) = 5985 white sets, C(17,4) = 2380 black sets, two sides.
    let space = Space::new(five(), 4, 4).expect("5 x 5 with 4 pawns");
    assert_eq!(space.len(), 5985 * 2380 * 2);
    assert_eq!(space.len(), 28_488_600);
}

#[test]
fn numbering_round_trips() {
    let space = Space::new(five(), 2, 2).expect("5 x 5 with 2 pawns");
    // C(21,2) * C(19,2) * 2.
    assert_eq!(space.len(), 210 * 171 * 2);
    for index in 0..space.len() {
        let pawns = space.position(index);
        assert_eq!(pawns.masks[0].count_ones(), 2);
        assert_eq!(pawns.masks[1].count_ones(), 2);
        assert_eq!(pawns.masks[0] & pawns.masks[1], 0);
        assert_eq!(space.index(pawns), index);
    }
    let space = Space::new(five(), 4, 4).expect("5 x 5 with 4 pawns");
    for index in (0..space.len()).step_by(9973).chain([space.len() - 1]) {
        assert_eq!(space.index(space.position(index)), index);
    }
}

#[test]
fn move_counts_and_predecessors_agree_with_move_generation() {
    let space = Space::new(five(), 3, 3).expect("5 x 5 with 3 pawns");
    let mut moves = Vec::new();
    for index in (0..space.len()).step_by(7919) {
        let parent = space.position(index);
        let position = game_position(&space, parent);
        moves.clear();
        position.legal_moves(&mut moves);
        assert_eq!(
            space.count_moves(parent),
            moves.len(),
            "{}",
            position.to_text()
        );
        for &mv in &moves {
            let mut child = position.clone();
            child.play(mv);
            if child.goal_winner().is_some() {
                continue;
            }
            let mut found = 0;
            space.predecessors(solver_view(&space, &child), |p| {
                found += usize::from(p == parent);
                let before = game_position(&space, p);
                let mut back = Vec::new();
                before.legal_moves(&mut back);
                assert!(
                    back.iter().any(|&m| {
                        let mut again = before.clone();
                        again.play(m);
                        again.hash() == child.hash()
                    }),
                    "{} is no predecessor of {}",
                    before.to_text(),
                    child.to_text()
                );
            });
            assert_eq!(found, 1, "{} after {mv:?}", position.to_text());
        }
    }
}

/// Plain minimax: `Some(true)` if the side to move can force a win within `depth` plies,
/// `Some(false)` if the opponent can, `None` if neither.
fn forced_within(position: &Claustro<1>, depth: u32) -> Option<bool> {
    if let Some(verdict) = position.verdict() {
        return Some(verdict.outcome == crate::game::Outcome::Win(position.side_to_move()));
    }
    if depth == 0 {
        return None;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut all_lose = true;
    for mv in moves {
        let mut child = position.clone();
        child.play(mv);
        match forced_within(&child, depth - 1) {
            Some(false) => return Some(true),
            Some(true) => {}
            None => all_lose = false,
        }
    }
    all_lose.then_some(false)
}

/// What [`forced_within`] must say at `depth` for a position of value `value`.
fn expected_within(value: Value, depth: u32) -> Option<bool> {
    match value {
        Value::Win(n) if n <= depth => Some(true),
        Value::Loss(n) if n <= depth => Some(false),
        _ => None,
    }
}

/// Checks the solved values of every `step`-th position against minimax at `depth` plies, and
/// the exact distance of the results found that deep.
fn check_against_minimax(white: usize, black: usize, depth: u32, step: usize) {
    let space = Space::new(five(), white, black).expect("a small case");
    let values = solve(&space, &mut |_| {}).expect("solves");
    let mut decided = 0;
    for index in (0..space.len()).step_by(step) {
        let position = game_position(&space, space.position(index));
        let value = Value::decode(values[index]);
        let text = position.to_text();
        assert_eq!(
            forced_within(&position, depth),
            expected_within(value, depth),
            "{text} {value:?}"
        );
        if let Value::Win(n) | Value::Loss(n) = value
            && (1..=depth).contains(&n)
        {
            decided += 1;
            assert_eq!(forced_within(&position, n - 1), None, "{text} {value:?}");
        }
    }
    assert!(decided > 0);
}

#[test]
fn one_pawn_each_matches_minimax() {
    check_against_minimax(1, 1, 9, 1);
}

#[test]
fn two_pawns_each_match_minimax() {
    check_against_minimax(2, 2, 4, 211);
}

#[test]
fn one_against_two_matches_minimax() {
    check_against_minimax(1, 2, 6, 13);
}

#[test]
fn a_pawn_next_to_its_goal_wins_in_one() {
    // White on e4 steps into e5.
    let space = Space::new(five(), 1, 1).expect("5 x 5 with 1 pawn");
    let values = solve(&space, &mut |_| {}).expect("solves");
    let e4 = 4 + 3 * 5;
    let b2 = 1 + 5;
    let white = 1 << space.compact_square(e4).expect("e4");
    let black = 1 << space.compact_square(b2).expect("b2");
    let index = space.index(Pawns {
        side: 0,
        masks: [white, black],
    });
    assert_eq!(Value::decode(values[index]), Value::Win(1));
}

#[test]
fn values_encode_and_decode() {
    for value in [
        Value::Draw,
        Value::Win(0),
        Value::Win(126),
        Value::Loss(1),
        Value::Loss(128),
    ] {
        assert_eq!(value.encode().map(Value::decode), Some(value));
    }
    assert_eq!(Value::Win(127).encode(), None);
    assert_eq!(Value::Loss(0).encode(), None);
    assert_eq!(score(Value::Win(1)), Score::Mate(1));
    assert_eq!(score(Value::Win(3)), Score::Mate(2));
    assert_eq!(score(Value::Loss(2)), Score::Mate(-1));
    assert_eq!(score(Value::Draw), Score::Centipawns(0));
}

#[test]
fn tables_round_trip_and_bad_files_are_refused() {
    let table = SolutionTable::solve(five(), 1, &mut |_| {}).expect("solves");
    let bytes = table.to_bytes();
    assert_eq!(bytes.len(), 24 + 21 * 20 * 2);
    let again = SolutionTable::from_bytes(&bytes).expect("reads back");
    assert_eq!(again.to_bytes(), bytes);
    let refused = |bytes: &[u8]| SolutionTable::from_bytes(bytes).expect_err("refused");
    assert!(refused(&bytes[..10]).contains("too short"));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(refused(&magic).contains("magic"));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(refused(&version).contains("version 9"));
    let mut size = bytes.clone();
    size[12] = 3;
    assert!(refused(&size).contains("3x5"));
    let mut pawns = bytes.clone();
    pawns[14] = 2;
    assert!(refused(&pawns).contains("positions"));
    assert!(refused(&bytes[..bytes.len() - 1]).contains("positions"));
    let missing = SolutionTable::read(std::path::Path::new("/nonexistent/claustro.tbl"));
    assert!(missing.expect_err("no file").contains("cannot read"));
}

#[test]
fn best_moves_keep_the_value() {
    let table = SolutionTable::solve(five(), 2, &mut |_| {}).expect("solves");
    let space = table.space();
    for index in (0..space.len()).step_by(211) {
        let position = game_position(space, space.position(index));
        let value = table.value_at(index);
        let Some((mv, move_value)) = table.best_move(&position, |_| None) else {
            assert_eq!(value, Value::Win(0), "{}", position.to_text());
            continue;
        };
        assert_eq!(move_value, value, "{}", position.to_text());
        let mut child = position.clone();
        child.play(mv);
        let after = table.value(&child).expect("covered");
        let expected = match value {
            Value::Win(n) => Value::Loss(n - 1),
            Value::Loss(n) => Value::Win(n - 1),
            Value::Draw => Value::Draw,
        };
        assert_eq!(after, expected, "{}", position.to_text());
    }
}

/// A Claustro position from its position string.
fn parsed(text: &str) -> Claustro<1> {
    Claustro::from_text(&parse_position_text(text).expect("a position")).expect("claustro")
}

#[test]
fn pieces_answer_as_the_whole_table_once_their_rows_are_loaded() {
    let table = SolutionTable::solve(BoardSize::square(5), 2, &mut |_| {}).expect("solved");
    let dir = std::env::temp_dir().join(format!("tabula-pieces-{}", std::process::id()));
    let (folder, count) = write_pieces(table.space(), table.bytes(), &dir).expect("written");
    assert_eq!(count * table.space().row_len(), table.space().len());
    let pieces = TablePieces::new(BoardSize::square(5), 2).expect("pieces");
    assert_eq!(Path::new(&folder), dir.join("claustro-5x5-2"));
    for text in [
        "3P1/5/1p3/1P3/1p3 w 0 1",
        "5/1p1p1/5/1P1P1/5 w 0 1",
        "5/2p2/1P1p1/2P2/5 b 0 1",
    ] {
        let shown = parsed(text);
        assert_eq!(pieces.value(&shown), None, "{text}: nothing loaded yet");
        let wanted = pieces.take_wanted();
        assert_eq!(wanted.len(), 1, "{text}");
        let path = Path::new(&folder).join(piece_name(wanted[0]));
        let bytes = std::fs::read(path).expect("the piece");
        pieces.add(wanted[0], &bytes).expect("a row");
        assert_eq!(pieces.value(&shown), table.value(&shown), "{text}");
        assert!(pieces.take_wanted().is_empty());
    }
    assert!(pieces.add(0, &[0]).unwrap_err().contains("bytes"));
    assert!(pieces.add(count, &[]).unwrap_err().contains("no row"));
    let _ = std::fs::remove_dir_all(&dir);
}
