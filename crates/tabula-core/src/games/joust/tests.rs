//! Joust rules tests: perft against independent figures, symmetry, position strings, the mirror
//! strategy and incremental hashing.

use super::*;
use crate::board::position_text::parse_position_text;
use crate::game::{Outcome, perft};
use crate::games::test_support::{
    assert_perfts, assert_refused, assert_same_perft, redrawn, refuses_positions,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn position(text: &str) -> Joust<10> {
    Joust::from_text(&parse_position_text(text).unwrap()).unwrap()
}

/// Figures from Fairy-Stockfish's `joust` (its custom board sizes through a variants file),
/// confirmed by a separate brute-force script.
const REFERENCE: &[(&str, &[u64])] = &[
    (
        "8/8/8/4n3/3N4/8/8/8 w 0 1",
        &[8, 62, 356, 1992, 8094, 31630, 126500, 485018],
    ),
    (
        "10/10/10/10/5n4/4N5/10/10/10/10 w 0 1",
        &[8, 62, 420, 2792, 15066, 79656],
    ),
    (
        "8/8/2*1*3/1*2n3/3N4/5*2/2*5/8 w 0 1",
        &[3, 18, 102, 562, 2024, 6872],
    ),
    (
        "8/8/2*1*3/1*2n3/3N4/5*2/2*5/8 b 0 1",
        &[6, 18, 102, 562, 1990, 6872],
    ),
    ("7n/8/8/4*3/3*4/8/8/N7 w 0 1", &[2, 4, 16, 64, 288, 1252]),
    (
        "6n1/8/8/8/***2***/8/8/1N6 b 0 1",
        &[3, 9, 39, 152, 654, 2795],
    ),
    (
        "8/8/8/3n4/8/2N5/8/8 w 0 1",
        &[7, 49, 183, 1052, 4866, 19759],
    ),
    ("6/3n2/2N3/6/6 w 0 1", &[8, 46, 105, 282, 847, 2098, 6871]),
    (
        "5/5/3n1/2N2/5/5/5 w 0 1",
        &[8, 46, 128, 408, 1352, 3842, 12441],
    ),
];

#[test]
fn perft_matches_independent_figures() {
    assert_perfts(REFERENCE, position);
}

#[test]
fn every_word_class_gives_the_same_perft() {
    assert_same_perft::<Joust<1>, Joust<10>>("8/8/2*1*3/1*2n3/3N4/5*2/2*5/8 w 0 1", 5);
}

#[test]
fn start_positions_follow_the_rule() {
    let cases = [
        (BoardSize::square(8), "8/8/8/4n3/3N4/8/8/8 w 0 1"),
        (
            BoardSize::square(10),
            "10/10/10/10/5n4/4N5/10/10/10/10 w 0 1",
        ),
        (
            BoardSize {
                width: 6,
                height: 5,
            },
            "6/3n2/2N3/6/6 w 0 1",
        ),
        (
            BoardSize {
                width: 5,
                height: 7,
            },
            "5/5/3n1/2N2/5/5/5 w 0 1",
        ),
        (BoardSize::square(3), "2n/1N1/3 w 0 1"),
    ];
    for (size, text) in cases {
        assert_eq!(Joust::<10>::start(size).unwrap().to_text(), text);
    }
}

#[test]
fn perft_is_unchanged_by_mirroring_the_board() {
    for &(text, expected) in REFERENCE {
        let depth = expected.len().min(5);
        let left_right =
            Joust::<10>::from_text(&redrawn(text, false, false, |x, y, w, _| (w - 1 - x, y)))
                .unwrap();
        let top_bottom =
            Joust::<10>::from_text(&redrawn(text, false, false, |x, y, _, h| (x, h - 1 - y)))
                .unwrap();
        assert_eq!(
            perft(&left_right, depth as u32),
            expected[depth - 1],
            "{text}"
        );
        assert_eq!(
            perft(&top_bottom, depth as u32),
            expected[depth - 1],
            "{text}"
        );
    }
}

#[test]
fn three_by_three_start_is_lost_for_white() {
    let start = Joust::<1>::start(BoardSize::square(3)).unwrap();
    assert_eq!(perft(&start, 1), 0);
    assert_eq!(
        start.verdict().map(|v| v.outcome),
        Some(Outcome::Win(Side::Black))
    );
}

#[test]
fn hand_counted_small_board() {
    // 4x4, white a1 (targets b3, c2), black d4 (targets c2, b3): white to move has 2 moves, and
    // after either, black's targets are the other square only.
    let start = position("3n/4/4/N3 w 0 1");
    assert_eq!(perft(&start, 1), 2);
    assert_eq!(perft(&start, 2), 2);
}

#[test]
fn position_strings_round_trip_and_reject_bad_input() {
    for &(text, _) in REFERENCE {
        assert_eq!(position(text).to_text(), text);
    }
    let bad = [
        ("8/8/8/4n3/3N4/8/8/8N w", "ragged"),
        ("8/8/8/4n3/3N4/8/8/7N w", "more than one white knight"),
        ("8/8/8/8/3N4/8/8/8 w", "exactly one"),
        ("8/8/8/4p3/3N4/8/8/8 w", "'p'"),
        ("2/Nn w", "not allowed"),
    ];
    refuses_positions(&bad, Joust::<10>::from_text);
}

#[test]
fn moves_parse_only_when_legal() {
    let start = position("8/8/8/4n3/3N4/8/8/8 w 0 1");
    assert!(start.parse_move("d4f5").is_ok());
    assert_refused(start.parse_move("d4e5"), "not a legal move");
    assert_refused(start.parse_move("e5g6"), "knight is not on e5");
    assert!(start.parse_move("d4").is_err());
    assert!(start.parse_move("d4f5g7").is_err());
    assert!(start.parse_move("d4z9").is_err());
}

#[test]
fn playing_burns_the_square_left_and_counts_moves() {
    let mut game = position("8/8/8/4n3/3N4/8/8/8 w 0 1");
    for text in ["d4f5", "e5c4"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    assert_eq!(game.to_text(), "8/8/8/4*N2/2n*4/8/8/8 w 2 2");
}

/// Plays random white moves, each answered by its mirror image, from a position that `mirror`
/// maps onto itself: every reply must be legal, and black must win.
fn mirror_strategy_wins(start: &Joust<10>, mirror: Mirror) {
    for seed in 0..50 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = start.clone();
        let g = game.geometry();
        let image = |square: u16| mirror.image(g.width, g.height, square as usize).unwrap() as u16;
        let mut moves = Vec::new();
        loop {
            assert_eq!(
                game.proven_result(),
                Some(false),
                "white to move in a mirrored position"
            );
            moves.clear();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            game.play(mv);
            let reply = JoustMove {
                from: image(mv.from),
                to: image(mv.to),
            };
            assert!(
                game.parse_move(&game.move_text(reply)).is_ok(),
                "the {mirror:?} reply is legal"
            );
            game.play(reply);
        }
        assert_eq!(
            game.verdict().map(|v| v.outcome),
            Some(Outcome::Win(Side::Black))
        );
    }
}

#[test]
fn mirroring_every_move_wins_for_the_second_player() {
    let tall = BoardSize {
        width: 6,
        height: 10,
    };
    mirror_strategy_wins(
        &Joust::start(BoardSize::square(8)).unwrap(),
        Mirror::HalfTurn,
    );
    mirror_strategy_wins(&Joust::start(tall).unwrap(), Mirror::HalfTurn);
    mirror_strategy_wins(&position("n7/8/8/8/8/8/8/N7 w 0 1"), Mirror::Ranks);
    mirror_strategy_wins(&position("8/8/8/8/8/8/8/N6n w 0 1"), Mirror::Files);
    mirror_strategy_wins(&position("n4/5/*****/5/N4 w 0 1"), Mirror::Ranks);
    mirror_strategy_wins(&position("3*/2*1/N*2/*n2 w 0 1"), Mirror::Diagonal);
    mirror_strategy_wins(&position("*1n1/1*2/N1*1/3* w 0 1"), Mirror::AntiDiagonal);
}

#[test]
fn mirror_rule_needs_every_fixed_square_burned() {
    // The open middle rank of 5 x 5, and the open diagonals of 4 x 4, leave squares in place.
    assert_eq!(position("n4/5/5/5/N4 w 0 1").proven_result(), None);
    assert_eq!(position("4/4/N3/1n2 w 0 1").proven_result(), None);
    assert_eq!(position("2n1/4/N3/4 w 0 1").proven_result(), None);
    // Burned squares that break the symmetry.
    assert_eq!(position("n7/8/8/8/8/8/*7/N7 w 0 1").proven_result(), None);
}

#[test]
fn mirror_rule_needs_a_burned_or_absent_centre() {
    assert_eq!(position("3/1N1/1n1 w 0 1").proven_result(), None);
    assert_eq!(position("n4/5/2*2/5/4N w 0 1").proven_result(), Some(false));
    assert_eq!(position("n4/5/5/5/4N w 0 1").proven_result(), None);
}
