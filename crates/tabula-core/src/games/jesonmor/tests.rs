//! Jeson Mor rules tests: perft against independent figures, symmetry, every word class, the
//! decisive rules, the engine-policy draws, position strings, moves and incremental hashing.
//!
//! "Checker" below is a brute-force perft script written from rules.md alone (Python, outside
//! the repository), which shares no code with this crate.

use super::*;
use crate::board::bitboard::words_for;
use crate::board::position_text::parse_position_text;
use crate::game::{Outcome, perft, perft_divide};
use crate::games::test_support::{
    assert_perfts, assert_refused, assert_same_perft, perfts, random_walk, redrawn,
    refuses_positions,
};
use std::ops::ControlFlow;

fn position<const W: usize>(text: &str) -> JesonMor<W> {
    JesonMor::from_text(&parse_position_text(text).unwrap()).unwrap()
}

const START_9: &str = "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0 1";

/// Positions on 9 x 9 boards with their perft figures and the independent reason for each.
const REFERENCE_9: &[(&str, &[u64])] = &[
    // The figures: depths 1-4 agree with Fairy-Stockfish's `jesonmor` (no knight reaches
    // the centre and leaves it that early), 5-6 with an independent checker of our rule; the
    // checker gives all six too. Depth 1 by hand: 2+3+4+4+4+4+4+3+2 = 30; until the sides meet,
    // black's moves do not depend on white's, so depth 2 = 30^2.
    (START_9, &[30, 900, 27960, 868624, 27882796]),
    // Fairy-Stockfish and the checker (no knight reaches the centre within four plies).
    ("n3n3n/9/9/9/9/9/9/9/N1N1N4 w 0 1", &[10, 80, 920, 9660]),
    // Captures available at once (c3 takes b5, d1 or e4): Fairy-Stockfish and the checker.
    ("9/9/9/9/1n7/4n4/2N6/9/3n5 w 0 1", &[8, 126, 640, 9834]),
    // d3e5 enters the centre: Fairy-Stockfish's own count differs from depth 3 (it ends the game
    // when the knight survives there); these are the checker's and a second script's
    // "moving off e5 wins" counts (Fairy-Stockfish agrees at depths 1-2).
    (
        "9/9/4n4/9/2n6/5N3/3N5/6n2/1N7 w 0 1",
        &[17, 360, 6214, 118104],
    ),
    // White on the centre, to move: its 8 leaps from e5 win at once (leaves with nothing below);
    // the other 26 (rank 1 without e1) meet black's 26, which they cannot disturb: 26^2 = 676.
    // Deeper: the checker.
    (
        "nnnn1nnnn/9/9/9/4N4/9/9/9/NNNN1NNNN w 0 1",
        &[34, 676, 23816, 505520],
    ),
    // Black to move, white on e5. Black: d3 has 8 leaps (one takes e5), a1 has 2: 10. After the
    // 9 that leave white its knight, white's 8 leaps all start on e5 and win: 72, then nothing.
    ("9/9/9/9/4N4/9/3n5/9/n8 b 0 1", &[10, 72, 0, 0]),
    // The last-knight capture: a1b3 wins, a1c2 leaves black's b3 its 6 leaps, then white's c2
    // has 6 whatever black did: 2, 6, 36; deeper the checker.
    ("9/9/9/9/9/9/1n7/9/N8 w 0 1", &[2, 6, 36, 182, 956]),
    // Middle games from random playouts, with captures on the board: the checker. In the first
    // black stands on e5 (white to move), in the second white does and is to move.
    (
        "2n3nn1/1n2n4/n6nn/5N3/4n4/7N1/N2N1N3/3N5/N6NN w 26 14",
        &[43, 1483, 49107, 1775732],
    ),
    (
        "nnn5n/3n5/1n4n2/9/4N2N1/5nn2/1N7/4N4/1N1N1N1NN w 26 14",
        &[42, 1302, 53018, 1631997],
    ),
    (
        "n1n2nn2/1n1n2n2/n8/2N3n2/8N/7N1/9/3NNN3/2N2N2N w 26 14",
        &[42, 1652, 68678, 2631968],
    ),
    // A side with no knights has lost, so nothing moves; on boards of 5 x 5 and up that is the
    // only way to have no legal move (see `is_decided`).
    ("9/9/9/9/9/9/9/9/NN7 b 0 1", &[0, 0]),
    ("9/9/9/9/9/9/9/9/NN7 w 0 1", &[0, 0]),
];

#[test]
fn perft_matches_independent_figures() {
    assert_perfts(REFERENCE_9, position::<2>);
}

#[test]
fn perft_from_the_start_to_depth_six() {
    // The figure, and the checker's.
    assert_eq!(perft(&position::<2>(START_9), 6), 894032676);
}

#[test]
fn perft_on_other_board_sizes() {
    // Depth 1 by hand (a rank-1 knight on N files: 2N-2 leaps of one file, 2N-4 of two), depth 2
    // its square (the sides cannot meet yet); deeper the checker. On 13 x 13 and 25 x 25 the sides
    // cannot meet within four plies, so with s(k) the number of k-move sequences of one side alone
    // (checker: 13 x 13 s(2) = 2164, 25 x 25 s(2) = 8932), depth 3 = s(2) s(1), depth 4 = s(2)^2.
    let cases: &[(usize, &[u64])] = &[
        (5, &[14, 196, 2904, 40328, 571996, 7856150]),
        (7, &[22, 484, 11176, 257856, 6197060]),
        (11, &[38, 1444, 56392, 2202256]),
        (13, &[46, 2116, 2164 * 46, 2164 * 2164]),
        (25, &[94, 8836, 8932 * 94, 8932 * 8932]),
    ];
    for &(n, expected) in cases {
        let size = BoardSize::square(n);
        let figures = match words_for(n * n) {
            1 => perfts(&JesonMor::<1>::start(size).unwrap(), expected.len()),
            2 => perfts(&JesonMor::<2>::start(size).unwrap(), expected.len()),
            4 => perfts(&JesonMor::<4>::start(size).unwrap(), expected.len()),
            _ => perfts(&JesonMor::<10>::start(size).unwrap(), expected.len()),
        };
        assert_eq!(figures, expected, "{n} x {n}");
    }
}

#[test]
fn every_word_class_gives_the_same_perft() {
    let text = "n1n2nn2/1n1n2n2/n8/2N3n2/8N/7N1/9/3NNN3/2N2N2N w 26 14";
    let expected = perft(&position::<2>(text), 4);
    assert_eq!(perft(&position::<4>(text), 4), expected);
    assert_eq!(perft(&position::<10>(text), 4), expected);
    assert_same_perft::<JesonMor<1>, JesonMor<10>>("n1n1n/5/2N2/5/1N1N1 w 0 1", 5);
}

/// The position string with its board redrawn through a map of (x, y, n) to (x, y), and with
/// colours and the side to move swapped when `swap_colours`.
fn transformed(
    text: &str,
    swap_colours: bool,
    map: impl Fn(usize, usize, usize) -> (usize, usize),
) -> JesonMor<2> {
    JesonMor::from_text(&redrawn(text, swap_colours, false, |x, y, n, _| {
        map(x, y, n)
    }))
    .unwrap()
}

#[test]
fn perft_is_unchanged_by_mirroring_or_swapping_colours() {
    for &(text, expected) in REFERENCE_9 {
        let depth = expected.len().min(3);
        let mirrored = transformed(text, false, |x, y, n| (n - 1 - x, y));
        let swapped = transformed(text, true, |x, y, n| (x, n - 1 - y));
        assert_eq!(perfts(&mirrored, depth), expected[..depth], "{text}");
        assert_eq!(perfts(&swapped, depth), expected[..depth], "{text}");
    }
}

#[test]
fn divide_of_the_centre_entry_matches_the_checker() {
    // The checker's split of position h at depth 4 for the move entering the centre (Fairy-
    // Stockfish, which stops when the knight survives there, gives 0; no game end gives 8312).
    let start = position::<2>("9/9/4n4/9/2n6/5N3/3N5/6n2/1N7 w 0 1");
    let divide = perft_divide(&start, 4);
    let entry = divide
        .iter()
        .find(|&&(mv, _)| start.move_text(mv) == "d3e5")
        .unwrap();
    assert_eq!(entry.1, 4696);
}

#[test]
fn start_positions_follow_the_rule() {
    assert_eq!(
        JesonMor::<1>::start(BoardSize::square(5))
            .unwrap()
            .to_text(),
        "nnnnn/5/5/5/NNNNN w 0 1"
    );
    assert_eq!(
        JesonMor::<2>::start(BoardSize::square(9))
            .unwrap()
            .to_text(),
        START_9
    );
    for bad in [
        BoardSize::square(3),
        BoardSize::square(8),
        BoardSize::square(27),
        BoardSize {
            width: 9,
            height: 7,
        },
    ] {
        assert!(JesonMor::<10>::start(bad).is_err(), "{bad}");
    }
}

#[test]
fn position_strings_round_trip_and_reject_bad_input() {
    for &(text, _) in REFERENCE_9 {
        assert_eq!(position::<2>(text).to_text(), text);
    }
    let bad = [
        ("nnnnnnnn/8/8/8/8/8/8/NNNNNNNN w", "8x8"),
        ("nnn/3/NNN w", "3x3"),
        ("nnnnnnnnn/9/9/9/9/9/NNNNNNNNN w", "9x7"),
        ("nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNP w", "'P'"),
        ("nnnnnnnnn/9/9/9/4*4/9/9/9/NNNNNNNNN w", "'*'"),
    ];
    refuses_positions(&bad, JesonMor::<10>::from_text);
}

#[test]
fn moves_parse_only_when_legal() {
    let start = position::<2>(START_9);
    assert!(start.parse_move("b1c3").is_ok());
    assert_refused(start.parse_move("b1d3"), "not a legal move");
    assert_refused(start.parse_move("b9c7"), "no white knight on b9");
    for text in ["b1", "b1c3d5", "b1j3", "", "b1c0", "é1c3", "b1é3", "b1c3é"] {
        assert!(start.parse_move(text).is_err(), "{text}");
    }
}

fn play_texts<const W: usize>(game: &mut JesonMor<W>, moves: &[&str]) {
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
}

#[test]
fn playing_moves_captures_and_counts() {
    let mut game = position::<2>("9/9/9/9/9/9/1n7/9/N7n w 7 3");
    play_texts(&mut game, &["a1c2", "b3d4"]);
    assert_eq!(game.to_text(), "9/9/9/9/9/3n5/9/2N6/8n w 9 4");
    play_texts(&mut game, &["c2d4"]);
    assert_eq!(game.to_text(), "9/9/9/9/9/3N5/9/9/8n b 0 4");
    assert_eq!(game.verdict(), None);
    // The largest counters a position string may give count on.
    let mut huge = position::<2>("n8/9/9/9/9/9/9/9/N8 b 1000000000 1000000000");
    play_texts(&mut huge, &["a9b7", "a1b3"]);
    assert_eq!(
        huge.to_text(),
        "9/9/1n7/9/9/9/1N7/9/9 b 1000000002 1000000001"
    );
}

fn outcome<const W: usize>(game: &JesonMor<W>) -> Option<Outcome> {
    game.verdict().map(|verdict| verdict.outcome)
}

#[test]
fn leaving_the_centre_wins_for_the_mover() {
    let mut game = position::<2>("4n4/9/9/9/4N4/9/9/9/4N4 w 0 1");
    assert_eq!(
        outcome(&game),
        None,
        "a parsed position never has left the centre"
    );
    let hash_before = game.hash();
    play_texts(&mut game, &["e5g6"]);
    assert_eq!(outcome(&game), Some(Outcome::Win(Side::White)));
    assert_eq!(game.verdict().unwrap().reason, "a knight left the centre");
    assert_eq!(game.count_legal_moves(), 0);
    // The flag is part of the hash: the same board without it is another position.
    let same_board = position::<2>(&game.to_text());
    assert_ne!(game.hash(), same_board.hash());
    assert_ne!(game.hash(), hash_before);
    assert_eq!(outcome(&same_board), None);

    // A capture that starts on the centre wins too, though black keeps a knight.
    let mut capture_off = position::<2>("9/9/5n3/9/4N4/9/9/9/n8 w 0 1");
    play_texts(&mut capture_off, &["e5f7"]);
    assert_eq!(outcome(&capture_off), Some(Outcome::Win(Side::White)));
    assert_eq!(capture_off.to_text(), "9/9/5N3/9/9/9/9/9/n8 b 0 1");
}

#[test]
fn a_side_without_knights_has_lost_whoever_is_to_move() {
    let mut game = position::<2>("9/9/9/9/9/9/1n7/9/N8 w 0 1");
    play_texts(&mut game, &["a1b3"]);
    assert_eq!(outcome(&game), Some(Outcome::Win(Side::White)));
    assert_eq!(game.verdict().unwrap().reason, "no knights left");
    for (text, winner) in [
        ("9/9/9/9/9/9/9/9/NN7 b 0 1", Side::White),
        ("9/9/9/9/9/9/9/9/NN7 w 0 1", Side::White),
        ("nn7/9/9/9/9/9/9/9/9 w 0 1", Side::Black),
    ] {
        assert_eq!(
            outcome(&position::<2>(text)),
            Some(Outcome::Win(winner)),
            "{text}"
        );
    }
}

/// Plays `moves` from `game`, recording them in `history`.
fn play_recorded<const W: usize>(
    game: &mut JesonMor<W>,
    history: &mut History<JesonMorMove>,
    moves: &[&str],
) {
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        history.push(game.hash(), mv);
        game.play(mv);
    }
}

#[test]
fn threefold_repetition_draws_only_under_engine_draws() {
    let shuffle = ["b1c3", "b9c7", "c3b1", "c7b9"];
    for engine_draws in [true, false] {
        let mut game = position::<2>(START_9);
        let mut history = History::new(engine_draws);
        play_recorded(&mut game, &mut history, &shuffle);
        assert_eq!(game.history_verdict(&history), None, "second occurrence");
        play_recorded(&mut game, &mut history, &shuffle[..3]);
        assert_eq!(game.history_verdict(&history), None);
        play_recorded(&mut game, &mut history, &shuffle[3..]);
        let expected = engine_draws.then(|| Verdict::draw("threefold repetition"));
        assert_eq!(game.history_verdict(&history), expected, "third occurrence");
    }
}

#[test]
fn a_hundred_plies_without_a_capture_draw() {
    let mut game = position::<2>("n8/9/9/9/9/9/9/9/N8 w 99 60");
    assert_eq!(game.history_verdict(&History::new(true)), None);
    play_texts(&mut game, &["a1b3"]);
    assert_eq!(
        game.history_verdict(&History::new(true)),
        Some(Verdict::draw("100 plies without a capture"))
    );
    assert_eq!(game.history_verdict(&History::new(false)), None);
}

fn random_game(seed: u64, n: usize, mut visit: impl FnMut(&JesonMor<4>)) {
    let start = JesonMor::<4>::start(BoardSize::square(n)).unwrap();
    random_walk(start, seed, 400, |game| {
        visit(game);
        ControlFlow::Continue(())
    });
}

#[test]
fn the_null_move_hands_the_turn_over_and_keeps_its_hash_fresh() {
    for seed in 0..30 {
        random_game(seed, [5, 9, 15][seed as usize % 3], |game| {
            if let Some(passed) = game.null_move() {
                assert_eq!(passed.side, game.side.opponent());
                assert_eq!(passed.knights, game.knights);
                assert_eq!(passed.hash(), passed.compute_hash());
            }
        });
    }
}

#[test]
fn every_allowed_board_has_a_connected_knight_graph() {
    // What `is_decided` relies on: with a connected knight graph, a side whose knights had no
    // move would fill the board, so "no legal move" only happens to a side without knights.
    for n in (5..=25).step_by(2) {
        let g = geometry(n, n);
        let mut reached = Bitboard::<10>::from_square(0);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = Bitboard::EMPTY;
            for square in frontier.squares() {
                next |= g.knight_targets::<10>(square);
            }
            frontier = next.without(reached);
            reached |= frontier;
        }
        assert_eq!(reached.count() as usize, n * n, "{n} x {n}");
    }
}
