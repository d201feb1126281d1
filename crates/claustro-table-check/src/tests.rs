//! The checker's pieces against each other on small boards: move counts against the moves
//! themselves, un-moves against moves, the numberings against their inverses.

use crate::board::{Board, Position};
use crate::numbering::Numbering;
use std::collections::HashMap;

/// Small boards and pawn counts, each solved in a blink.
const CASES: [(usize, usize, [usize; 2]); 4] = [
    (5, 5, [1, 1]),
    (5, 5, [2, 1]),
    (4, 3, [2, 2]),
    (3, 4, [1, 3]),
];

fn each_case(mut test: impl FnMut(&Board, &Numbering)) {
    for (width, height, pawns) in CASES {
        let board = Board::new(width, height).expect("a board");
        let numbering = Numbering::new(board.cells(), pawns).expect("a numbering");
        test(&board, &numbering);
    }
}

#[test]
fn both_numberings_are_bijections() {
    each_case(|board, numbering| {
        let mut file_seen = vec![false; numbering.len()];
        for index in 0..numbering.len() {
            let position = numbering.position(index);
            assert_eq!(position.pawns[0] & position.pawns[1], 0);
            let pawns = position.pawns.map(u64::count_ones);
            assert_eq!(pawns, numbering.position(0).pawns.map(u64::count_ones));
            assert!(position.pawns[0] | position.pawns[1] < 1 << board.cells());
            assert_eq!(numbering.index(position), index);
            let at = numbering.file_index(position);
            assert!(!std::mem::replace(&mut file_seen[at], true), "{at} twice");
        }
    });
}

#[test]
fn the_file_order_starts_as_the_format_says() {
    // 5 x 5, one pawn each: white on cell 0 (b1), black on the first free cell (c1) is position
    // 0; black on d1 is 1; white on c1 and black on b1 is 20 (C(1,1) * 20 + 0).
    let board = Board::new(5, 5).expect("a board");
    let numbering = Numbering::new(board.cells(), [1, 1]).expect("a numbering");
    let at = |white: u64, black: u64, side| {
        numbering.file_index(Position {
            side,
            pawns: [white, black],
        })
    };
    assert_eq!(at(1, 2, 0), 0);
    assert_eq!(at(1, 4, 0), 1);
    assert_eq!(at(2, 1, 0), 20);
    assert_eq!(at(1, 2, 1), 21 * 20);
    assert_eq!(board.name(0), "b1");
    assert_eq!(board.name(3), "a2");
}

#[test]
fn move_counts_are_the_moves() {
    each_case(|board, numbering| {
        for index in 0..numbering.len() {
            let position = numbering.position(index);
            let mut children = 0;
            board.children(position, |_| children += 1);
            let doors = usize::from(board.can_enter_goal(position));
            assert!(board.count_moves(position) >= children + doors);
            if !board.can_enter_goal(position) {
                assert_eq!(board.count_moves(position), children);
            }
        }
    });
}

#[test]
fn unmoves_are_the_moves_backwards() {
    each_case(|board, numbering| {
        // Every move, as (parent, child) pairs counted; then every un-move must be one of them,
        // as often.
        let mut moves: HashMap<(usize, usize), i64> = HashMap::new();
        for index in 0..numbering.len() {
            board.children(numbering.position(index), |child| {
                *moves.entry((index, numbering.index(child))).or_default() += 1;
            });
        }
        for index in 0..numbering.len() {
            board.parents(numbering.position(index), |parent| {
                *moves.entry((numbering.index(parent), index)).or_default() -= 1;
            });
        }
        assert!(moves.values().all(|&n| n == 0));
    });
}
