//! Apart rules tests: perft against independent figures (the issue's, a separate brute-force
//! Python implementation of rules.md that lists every jump path, hand counts, split perft and
//! symmetry), move identity and printed paths, the end rules, position strings and hashing.

use super::*;
use crate::board::position_text::parse_position_text;
use crate::clock::Instant;
use crate::game::{Outcome, perft, perft_divide};
use crate::games::test_support::{
    assert_perfts, assert_refused, assert_same_perft, random_walk, redrawn, refuses_positions,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::ControlFlow;

fn position(text: &str) -> Apart<10> {
    Apart::from_text(&parse_position_text(text).unwrap()).unwrap()
}

const START_8: &str = "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 1";
/// White a1 b1 c2 d3 (a diagonal line of three and a chain of jumps for a1), black g8 h8.
const CHAIN: &str = "6pp/8/8/8/8/3P4/2P5/PP6 w 0 2";
/// CHAIN with black pieces on c3 and g3, which a1's chain lands on.
const CHAIN_CAPTURES: &str = "6pp/8/8/8/8/2pP2p1/2P5/PP6 w 0 2";
/// White a1 b1 a2 c2 b3: a1 reaches c3 through c1 and through a3.
const TWO_PATHS: &str = "6pp/8/8/8/8/1P6/P1P5/PP6 w 0 2";
/// White a1 b1 against black d1 d2: capturing d1 leaves black apart.
const FREED: &str = "8/8/8/8/8/8/3p4/PP1p4 w 0 2";

/// Perft figures from the separate Python implementation (/work/scratch/apart/apart.py, not
/// committed), which collects each turn as a set of (start, end, captured squares) over every
/// path. The 8 x 8 start's first three are also the issue's; its fourth is the Python's split
/// perft (the sum over white's 40 first moves).
const REFERENCE: &[(&str, &[u64])] = &[
    (START_8, &[40, 3200, 315586, 32272136]),
    (
        "1ppppppp1/1ppppppp1/9/9/9/9/9/1PPPPPPP1/1PPPPPPP1 w 0 1",
        &[46, 4370, 520462],
    ),
    (
        "1pppppppp1/1pppppppp1/10/10/10/10/10/10/1PPPPPPPP1/1PPPPPPPP1 w 0 1",
        &[52, 5616, 772698],
    ),
    (
        "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 2",
        &[80, 6408, 657764],
    ),
    (CHAIN, &[29, 232, 4155, 39206]),
    ("6pp/8/8/8/8/3P4/2P5/PP6 w 0 1", &[21, 168, 3005, 28856]),
    (CHAIN_CAPTURES, &[29, 632, 15149, 313727]),
    (TWO_PATHS, &[30, 240, 4865, 48650]),
    (
        "8/1p6/2p4P/3p3P/7P/8/PPP5/8 b 0 9",
        &[23, 680, 17804, 491865],
    ),
    (
        "8/1p6/2p4P/3p3P/7P/8/PPP5/8 w 0 9",
        &[34, 782, 25781, 669159],
    ),
    (FREED, &[8, 65, 430, 3280]),
    (
        "9/1pp2p1p1/3p5/2p1p4/9/3P1P3/1P2P4/2PP1P1P1/9 w 0 6",
        &[88, 8162, 751792],
    ),
    (
        "10/2p2p4/1pp1p1pp2/4p5/3p2p3/10/2P1P1P3/1PP3PP2/3P2P3/10 b 0 11",
        &[251, 36653],
    ),
];

#[test]
fn perft_matches_independent_figures() {
    assert_perfts(REFERENCE, position);
}

/// White's first turn from the 8 x 8 start, by hand. Rank 1 (b1..g1): along the rank the line is
/// 6, so only b1h1 and g1a1 stay on the board; up the file the line is 2 (b1-b2): six jumps to
/// rank 3; up-right the line is 2 for b1..f1 (five jumps to rank 3) and 1 for g1 (g1h2); up-left
/// it is 2 for c1..g1 (five jumps) and 1 for b1 (b1a2): 2 + 6 + 6 + 6 = 20. Rank 2 by the same
/// reasoning: b2h2 and g2a2; six jumps to rank 4; down-left lines of 2 for c2..f2 jump up-right
/// (g2's would leave the board), b2 steps to c3 and a1; down-right lines of 2 for c2..f2 jump
/// up-left (b2's would leave the board), g2 steps to h1 and f3: 2 + 6 + 6 + 6 = 20. Total 40.
#[test]
fn start_first_turn_by_hand() {
    let start = position(START_8);
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 40);
    let texts: Vec<String> = moves.iter().map(|&mv| start.move_text(mv)).collect();
    for text in [
        "b1h1", "g1a1", "g1h2", "b1a2", "b2c3", "b2a1", "g2h1", "g2f3", "c2e4",
    ] {
        assert!(texts.contains(&text.to_string()), "{text}");
    }
    assert!(
        texts.iter().all(|text| text.len() == 4),
        "single movements only"
    );
}

#[test]
fn start_is_symmetric_under_a_vertical_flip_with_colours_swapped() {
    // The flip maps white to move (with continuation jumps: fullmove 2) onto black to move.
    let white = position("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 2");
    let black = position("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 b 0 1");
    for depth in 1..=3 {
        assert_eq!(perft(&white, depth), perft(&black, depth));
    }
}

#[test]
fn split_perft_sums_to_the_total() {
    for (text, depth) in [(START_8, 3), (CHAIN_CAPTURES, 3), (TWO_PATHS, 3)] {
        let divided: u64 = perft_divide(&position(text), depth)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(divided, perft(&position(text), depth), "{text}");
    }
}

/// A position string mirrored left to right, or flipped top to bottom with colours and the side
/// to move swapped.
fn transformed(text: &str, flip_vertical: bool) -> Apart<10> {
    let mut redrawn = if flip_vertical {
        redrawn(text, true, false, |x, y, _, h| (x, h - 1 - y))
    } else {
        redrawn(text, false, false, |x, y, w, _| (w - 1 - x, y))
    };
    // After a flip, white to move must not be on its first turn (the original side never is).
    if flip_vertical {
        redrawn.fullmove = redrawn.fullmove.max(2);
    }
    Apart::from_text(&redrawn).unwrap()
}

#[test]
fn perft_is_unchanged_by_mirroring_the_board() {
    for &(text, expected) in REFERENCE {
        let depth = expected.len().min(3);
        let figure = expected[depth - 1];
        assert_eq!(
            perft(&transformed(text, false), depth as u32),
            figure,
            "{text}"
        );
        if !position(text).is_first_turn() {
            assert_eq!(
                perft(&transformed(text, true), depth as u32),
                figure,
                "{text}"
            );
        }
    }
}

#[test]
fn every_word_class_gives_the_same_perft() {
    assert_same_perft::<Apart<1>, Apart<10>>(CHAIN_CAPTURES, 3);
    assert_same_perft::<Apart<2>, Apart<10>>(REFERENCE[11].0, 3);
}

fn move_texts(text: &str) -> Vec<String> {
    let game = position(text);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| game.move_text(mv)).collect();
    texts.sort();
    texts
}

fn from_square(texts: &[String], square: &str) -> Vec<String> {
    texts
        .iter()
        .filter(|text| text.starts_with(square))
        .cloned()
        .collect()
}

/// a1's turns in CHAIN, by hand. From a1 the line along rank 1 is 2 (a1 b1): a1c1; a2 and b2
/// are single steps. From c1: b1 c1 make 2 along the rank (e1; a1 was stood on), c1 c2 make 2
/// up the file (c3). From e1 every line is 1: stop. From c3: c3 d3 make 2 along the rank (e3,
/// a3), c2 c3 make 2 down the file (c5; c1 was stood on). From e3: d3 e3 make 2 (g3; c3 was
/// stood on); g3, a3 and c5 have lines of 1. Nine turns, each end reached by one path.
#[test]
fn chain_of_jumps_by_hand() {
    let texts = move_texts(CHAIN);
    assert_eq!(
        from_square(&texts, "a1"),
        [
            "a1a2",
            "a1b2",
            "a1c1",
            "a1c1c3",
            "a1c1c3a3",
            "a1c1c3c5",
            "a1c1c3e3",
            "a1c1c3e3g3",
            "a1c1e1"
        ]
    );
    // On white's first turn only the first movement remains.
    assert_eq!(
        from_square(&move_texts("6pp/8/8/8/8/3P4/2P5/PP6 w 0 1"), "a1"),
        ["a1a2", "a1b2", "a1c1"]
    );
}

#[test]
fn captures_along_a_chain() {
    let game = position(CHAIN_CAPTURES);
    // Black's c3 and g3 sit where a1's chain lands (see `chain_of_jumps_by_hand`): same turns,
    // now capturing; the whole list is the Python's printed paths.
    let texts = move_texts(CHAIN_CAPTURES);
    let expected = "a1a2 a1b2 a1c1 a1c1c3 a1c1c3a3 a1c1c3c5 a1c1c3e3 a1c1c3e3g3 a1c1e1 b1a2 b1b2 \
        b1d1 b1d1b3 b1e4 b1e4h7 c2b2 c2b3 c2c1 c2c3 c2d1 c2d2 c2f5 d3c3 d3c4 d3d2 d3d4 d3e2 d3e3 \
        d3g6";
    assert_eq!(texts.join(" "), expected);
    let mut after = game.clone();
    after.play(game.parse_move("a1c1c3e3g3").unwrap());
    assert_eq!(after.to_text(), "6pp/8/8/8/8/3P2P1/2P5/1P6 b 0 2");
}

#[test]
fn the_search_lists_turns_without_captures_first() {
    let game = position(CHAIN_CAPTURES);
    let mut cheap = Vec::new();
    assert!(game.cheap_moves(&mut cheap));
    let mut remaining = Vec::new();
    assert!(game.remaining_moves(&mut remaining, Cutoff::NEVER));
    // The turns of `captures_along_a_chain` that land on c3 or g3 capture; nothing else does.
    let mut captures = game.move_texts(&remaining);
    captures.sort();
    assert_eq!(
        captures.join(" "),
        "a1c1c3 a1c1c3a3 a1c1c3c5 a1c1c3e3 a1c1c3e3g3 c2c3 d3c3"
    );
    assert_eq!(cheap.len() + remaining.len(), 29);
    assert!(cheap.iter().all(|mv| mv.captured.is_empty()));
}

/// A crowded 16 x 16 middle game (from a 1+0.01 match) whose 14,457 turns take about a third
/// of a second to list.
const CROWDED_16: &str = "2p1p5p5/1pp1ppp1p1ppp1p1/16/1p5p3p1p2/9p6/2p9p3/4p9p1/9p2p3/2P1Pp3P1P4/7P5P2/6p2pP1p3/2P1P1P1P3P1P1/10P5/4P8P2/1P5P1P1PPPP1/3P1P3P2P1P1 w 32 17";

/// [`CROWDED_16`], its legal turns, and the cheap turns a listing starts with.
fn crowded_listing() -> (Apart<10>, Vec<ApartMove<10>>, Vec<ApartMove<10>>) {
    let game = position(CROWDED_16);
    let mut all = Vec::new();
    game.legal_moves(&mut all);
    let mut listed = Vec::new();
    assert!(game.cheap_moves(&mut listed));
    (game, all, listed)
}

#[test]
fn a_listing_past_its_deadline_gives_up_with_legal_turns_only() {
    let (game, all, mut listed) = crowded_listing();
    assert!(!game.remaining_moves(
        &mut listed,
        Cutoff {
            deadline: Some(Instant::now()),
            ..Cutoff::NEVER
        }
    ));
    assert!(
        listed.len() < all.len(),
        "{} of {}",
        listed.len(),
        all.len()
    );
    assert!(listed.iter().all(|mv| all.contains(mv)));
    let mut whole = Vec::new();
    assert!(game.cheap_moves(&mut whole));
    assert!(game.remaining_moves(&mut whole, Cutoff::NEVER));
    assert_eq!(whole.len(), all.len());
}

#[test]
fn a_listing_stops_at_its_size_limit_with_legal_turns_only() {
    let (game, all, mut listed) = crowded_listing();
    let limit = listed.len() + 10;
    assert!(limit < all.len(), "{limit} of {}", all.len());
    let cutoff = Cutoff {
        max_moves: limit,
        ..Cutoff::NEVER
    };
    assert!(!game.remaining_moves(&mut listed, cutoff));
    assert!(!cutoff.reached(), "a size limit is not the clock");
    assert!(listed.len() < all.len());
    assert!(listed.iter().all(|mv| all.contains(mv)));
}

/// TWO_PATHS: from a1, c1 (a1 b1 along the rank), a3 (a1 a2 up the file) and the step b2. From
/// c1: e1 and c3 (c1 c2 up the file). From a3: c3 (a3 b3 along the rank) and a5. From c3: e3,
/// c5, and back to a3 or c1 whichever was not stood on. Eight ends; c3, e3 and c5 are reached
/// two ways, a3 and c1 also by three landings. Printed: fewest landings, then a3 (file a) before
/// c1 (file c).
#[test]
fn two_paths_to_one_turn() {
    let game = position(TWO_PATHS);
    let texts = move_texts(TWO_PATHS);
    assert_eq!(
        from_square(&texts, "a1"),
        [
            "a1a3", "a1a3a5", "a1a3c3", "a1a3c3c5", "a1a3c3e3", "a1b2", "a1c1", "a1c1e1"
        ]
    );
    let same = [
        ("a1c1c3", "a1a3c3"),
        ("a1c1c3e3", "a1a3c3e3"),
        ("a1c1c3a3", "a1a3"),
        ("a1a3c3c1", "a1c1"),
    ];
    for (path, printed) in same {
        let mv = game.parse_move(path).unwrap();
        assert_eq!(mv, game.parse_move(printed).unwrap(), "{path}");
        assert_eq!(game.move_text(mv), printed);
    }
    assert_eq!(texts.len(), 30);
}

/// The turns of each start square written with a search over paths kept to `max_states`
/// paths, as (text, turn) pairs in the order written.
fn written_within(game: &Apart<10>, max_states: usize) -> Vec<(String, ApartMove<10>)> {
    let mut written = Vec::new();
    for start in game.pieces(game.side).squares() {
        let flow = notation::write_turns_within(game, start, max_states, &mut |moves, texts| {
            written.extend(texts.iter().cloned().zip(moves.iter().copied()));
            ControlFlow::Continue(())
        });
        assert!(flow.is_continue());
    }
    written
}

/// A search over paths that reaches its memory bound hands over the turns it has met, then the
/// move generator's others along their printed paths: the same turns and texts as a search that
/// meets them all, whatever the bound. TWO_PATHS: its printed paths differ from the first paths
/// in (file, rank) order; the dense position: hundreds of turns per start square.
#[test]
fn a_search_over_paths_past_its_bound_still_writes_every_turn() {
    for text in [
        TWO_PATHS,
        "PpPpPpPp/pPp1pPpP/PpPpPpPp/p1pPpPpP/PpPpP1Pp/pPpPpPpP/PpP1PpPp/pPpPpPpP w 0 5",
    ] {
        let game = position(text);
        let mut complete = written_within(&game, usize::MAX);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert_eq!(complete.len(), moves.len(), "{text}");
        for &mv in &moves {
            let text = game.move_text(mv);
            assert!(complete.contains(&(text.clone(), mv)), "{text}");
        }
        complete.sort_by(|a, b| a.0.cmp(&b.0));
        for max_states in [0, 1, 5, 40] {
            let mut bounded = written_within(&game, max_states);
            bounded.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(bounded, complete, "{text} within {max_states} paths");
        }
    }
}

/// FREED by hand: a1 has a1c1, a1c1e1 (b1 c1 along the rank again), a1a2, a1b2; b1 has b1d1
/// (capturing), b1b2, b1c2, b1a2: 8. After a1c1e1 or b1c2 white is apart and black is not: white
/// wins. After b1d1 black's d2 stands alone: black, to move, is apart and wins although white is
/// apart too. So three of the eight have no replies.
#[test]
fn a_capture_that_leaves_the_victim_apart_loses() {
    let game = position(FREED);
    let outcome = |text: &str| {
        let mut after = game.clone();
        after.play(game.parse_move(text).unwrap());
        after.verdict().map(|v| v.outcome)
    };
    assert_eq!(outcome("a1c1e1"), Some(Outcome::Win(Side::White)));
    assert_eq!(outcome("b1c2"), Some(Outcome::Win(Side::White)));
    assert_eq!(outcome("b1d1"), Some(Outcome::Win(Side::Black)));
    assert_eq!(outcome("a1c1"), None);
    let finished = perft_divide(&game, 2)
        .into_iter()
        .filter(|&(_, replies)| replies == 0)
        .count();
    assert_eq!(finished, 3);
}

#[test]
fn the_win_test_looks_at_the_side_to_move_first() {
    let winner = |text: &str| position(text).verdict().map(|v| v.outcome);
    let (white, black) = (
        Some(Outcome::Win(Side::White)),
        Some(Outcome::Win(Side::Black)),
    );
    for (text, expected) in [
        // Both apart: the side to move wins.
        ("8/8/8/8/8/8/8/P1p5 w 0 2", white),
        ("8/8/8/8/8/8/8/P1p5 b 0 2", black),
        // Only the side that just moved is apart.
        ("8/8/8/8/8/8/8/PP1p4 w 0 2", black),
        // No pieces count as apart.
        ("8/8/8/8/8/8/8/PP6 w 0 2", black),
        ("8/8/8/8/8/8/8/PP6 b 0 2", black),
    ] {
        assert_eq!(winner(text), expected, "{text}");
    }
    assert_eq!(winner(START_8), None);
    assert_eq!(perft(&position("8/8/8/8/8/8/8/P1p5 w 0 2"), 1), 0);
}

#[test]
fn engine_policy_draws() {
    let game = position(START_8);
    let pass_twice = |engine_draws| {
        let mut history = History::new(engine_draws);
        history.push(1, ApartMove::PASS);
        history.push(2, ApartMove::PASS);
        game.history_verdict(&history).map(|v| v.reason)
    };
    assert_eq!(pass_twice(true), Some("two passes in a row"));
    assert_eq!(pass_twice(false), None);
    let empty = History::new(true);
    let plies = |text: &str| position(text).history_verdict(&empty).map(|v| v.reason);
    assert_eq!(
        plies("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 b 0 200"),
        None
    );
    assert_eq!(
        plies("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 201"),
        Some("400 plies")
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    // b1a2 and b8a7 are single steps along a diagonal; each piece steps back the same way.
    let mut game = position(START_8);
    let mut history = History::new(true);
    for ply in 1..=9 {
        assert_eq!(game.history_verdict(&history), None, "ply {ply}");
        let text = ["b1a2", "b8a7", "a2b1", "a7b8"][(ply - 1) % 4];
        let mv = game.parse_move(text).unwrap();
        history.push(game.hash(), mv);
        game.play(mv);
    }
    // The position after b1a2 (black to move) stood after plies 1, 5 and 9. (The start board
    // with white to move comes back only twice by then: at ply 0 it was white's first turn, a
    // different position.)
    assert_eq!(
        game.history_verdict(&history).map(|v| v.reason),
        Some("threefold repetition")
    );
    assert_eq!(game.history_verdict(&History::new(false)), None);
}

#[test]
fn passing_only_when_nothing_else_is_legal() {
    // A forced pass cannot arise on these boards: the piece at the back of a run moves forward
    // exactly past the run's front, so it is blocked only if the run reaches the edge; every rank
    // and file holding a piece would have to be full of that side's pieces, and then the other
    // side has none and has already won. The rule stays (rules.md), and its notation works.
    let game = position(CHAIN);
    assert_refused(game.parse_move("0000"), "passing");
    assert_eq!(game.move_text(ApartMove::PASS), "0000");
    assert_eq!(ApartMove::<10>::PASS.tag(), u32::MAX);
}

#[test]
fn bad_paths_are_refused_with_the_reason() {
    let cases = [
        (CHAIN, "a1c2", "not on a line"),
        (CHAIN, "a1a3", "line length towards a3 is 1, not 2"),
        (CHAIN, "h8g8", "no white piece on h8"),
        (CHAIN, "a1", "start square and its landings"),
        (CHAIN, "a1z9", "'z9'"),
        (
            "6pp/8/8/8/8/8/8/PP1P4 w 0 2",
            "b1d1",
            "d1 holds a friendly piece",
        ),
        (TWO_PATHS, "a1c1c3a3a1", "a1 was already stood on"),
        (TWO_PATHS, "a1b2d4", "single step is a whole turn"),
        ("6pp/8/8/8/8/3P4/2P5/PP6 w 0 1", "a1c1e1", "first turn"),
        ("8/8/8/8/8/8/8/P1p5 w 0 2", "a1b2", "game is over"),
    ];
    for (text, mv, problem) in cases {
        assert_refused(position(text).parse_move(mv), problem);
    }
}

#[test]
fn position_strings_round_trip_and_reject_bad_input() {
    for &(text, _) in REFERENCE {
        assert_eq!(position(text).to_text(), text);
    }
    assert_eq!(
        Apart::<1>::start(BoardSize::square(8)).unwrap().to_text(),
        START_8
    );
    let bad = [
        ("7/7/7/7/7/7/7 w", "not allowed"),
        ("8/8/8/8/8/8/8/8/8 w", "not allowed"),
        ("8/8/8/8/8/8/8/7n w", "'n'"),
        ("8/8/8/8/8/8/8/7* w", "'*'"),
    ];
    refuses_positions(&bad, Apart::<10>::from_text);
    assert!(Apart::<10>::start(BoardSize::square(26)).is_err());
    assert!(Apart::<1>::start(BoardSize::square(9)).is_err());
}

#[test]
fn evaluation_is_symmetric_and_its_terms_add_up() {
    let white = position("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 2");
    let black = position("1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 b 0 1");
    assert_eq!(white.evaluate(), black.evaluate());
    for text in [START_8, CHAIN, FREED, REFERENCE[8].0] {
        let game = position(text);
        let sum: i32 = game.eval_terms().iter().map(|t| t.white - t.black).sum();
        // The terms are the hand-written evaluation's (8 x 8 adds its net's correction).
        let from_white = match game.side {
            Side::White => game.hand_written_evaluation(),
            Side::Black => -game.hand_written_evaluation(),
        };
        assert_eq!(sum, from_white, "{text}");
    }
    // Black's pair touches, white's pieces are apart but for one pair: moving a piece out of
    // the pair scores better for white than the start of the chain.
    let game = position(FREED);
    let hint = |text: &str| game.move_order_hint(game.parse_move(text).unwrap());
    assert!(hint("b1c2") > hint("b1b2"));
    assert!(hint("b1c2") > hint("b1d1"));
}

/// Plays random games on boards of every word class, calling `visit` on each position.
fn random_games(mut visit: impl FnMut(&Apart<10>, &[ApartMove<10>])) {
    for (seed, size) in [(1, 8), (2, 9), (3, 12), (4, 17)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Apart::<10>::start(BoardSize::square(size)).unwrap();
        let mut moves = Vec::new();
        for _ in 0..120 {
            moves.clear();
            game.legal_moves(&mut moves);
            visit(&game, &moves);
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            game.play(mv);
        }
    }
}

#[test]
fn incremental_hash_matches_a_fresh_one() {
    random_games(|game, _| assert_eq!(game.hash(), game.compute_hash()));
}

#[test]
fn moves_have_nonzero_tags_and_round_trip_through_text() {
    random_games(|game, moves| {
        assert!(moves.iter().all(|&mv| mv.tag() != 0));
        assert!(moves.iter().all(|mv| !mv.is_pass()));
        for &mv in moves {
            assert_eq!(game.parse_move(&game.move_text(mv)), Ok(mv));
        }
    });
}

/// Every turn written out (`written_move_batches`, what `moves` and `legal_moves()` write), as
/// (turn, text) pairs in the order written.
fn written_turns(game: &Apart<10>) -> Vec<(ApartMove<10>, String)> {
    let mut written = Vec::new();
    game.written_move_batches(&mut |moves, texts| {
        written.extend(moves.iter().copied().zip(texts.iter().cloned()));
        ControlFlow::Continue(())
    });
    written
}

/// The list `moves` must write, built apart from it: the move generator's turns, the pieces in
/// square order, each piece's turns along the paths a search aimed at each turn alone finds,
/// sorted as rules.md prints them; the pass where there is no turn.
fn reference_listing(game: &Apart<10>) -> Vec<(ApartMove<10>, String)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves == [ApartMove::PASS] {
        return vec![(ApartMove::PASS, "0000".to_string())];
    }
    let mut paths: Vec<(ApartMove<10>, Vec<usize>)> = moves
        .into_iter()
        .map(|mv| (mv, notation::printed_path(game, mv)))
        .collect();
    paths.sort_by(|(a, a_path), (b, b_path)| {
        a.start
            .cmp(&b.start)
            .then_with(|| notation::printed_order(game, a_path, b_path))
    });
    let g = game.geometry;
    paths
        .into_iter()
        .map(|(mv, path)| {
            let squares = std::iter::once(mv.start as usize).chain(path);
            (mv, squares.map(|square| g.square_name(square)).collect())
        })
        .collect()
}

/// The turns written out are the reference listing's, in its order, on positions of seeded
/// random play at every size class, 25 x 25 included, early (the sides apart) and later
/// (capturing): as many as perft 1 counts, none twice, each text the move it is written for.
#[test]
fn turns_are_written_in_the_order_and_text_of_a_reference_listing() {
    let mut positions = 0;
    let mut capturing = 0;
    for (seed, size, plies) in [(21, 8, 40), (22, 12, 60), (23, 16, 70), (24, 25, 50)] {
        let start = Apart::<10>::start(BoardSize::square(size)).unwrap();
        random_walk(start, seed, plies, |game| {
            if game.verdict().is_some() {
                return ControlFlow::Break(());
            }
            let written = written_turns(game);
            assert_eq!(written, reference_listing(game), "{}", game.to_text());
            assert_eq!(written.len() as u64, perft(game, 1), "{}", game.to_text());
            let texts: std::collections::HashSet<&String> =
                written.iter().map(|(_, text)| text).collect();
            assert_eq!(texts.len(), written.len(), "{}", game.to_text());
            for (mv, text) in &written {
                assert_eq!(game.parse_move(text).as_ref(), Ok(mv), "{text}");
                assert_eq!(&game.move_text(*mv), text);
            }
            positions += 1;
            capturing += written.iter().any(|(mv, _)| mv.captured.count() >= 2) as usize;
            ControlFlow::Continue(())
        });
    }
    println!("{positions} positions, {capturing} with chains of captures");
    assert!(positions >= 200, "{positions} positions");
    assert!(
        capturing >= 40,
        "{capturing} positions with chains of captures"
    );
}
