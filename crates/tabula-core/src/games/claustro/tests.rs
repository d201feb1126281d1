//! Claustro rules tests: perft against independent figures (the issue's, hand counts, split perft,
//! the board's symmetries, and a separate brute-force checker written from rules.md), position
//! strings, notation, the end-of-game rules and incremental hashing.

use super::*;
use crate::board::position_text::parse_position_text;
use crate::game::{GameMove, Outcome, perft, perft_divide};
use crate::games::test_support::{
    assert_perfts, assert_refused, assert_same_perft, perfts, random_walk, redrawn,
};
use std::ops::ControlFlow;

fn position(text: &str) -> Claustro<10> {
    Claustro::from_text(&parse_position_text(text).unwrap()).unwrap()
}

fn start(width: usize, height: usize) -> Claustro<10> {
    Claustro::start(BoardSize { width, height }).unwrap()
}

const START_5X5: &str = "2pp1/4p/P3p/P4/1PP2 w 0 1";

/// Several captures at once. White: c4, c3, b2, d2; black: c5, b4, d4, a3, e3.
const CAPTURES: &str = "2p2/1pPp1/p1P1p/1P1P1/5 w 0 1";
/// White's d5 and black's b1 are each one step from their goals.
const DOORSTEPS: &str = "3P1/5/2p2/1P3/1p3 w 0 1";
/// White's only pawn, d1, is blocked by black's d2 (e1 is a neutral corner): white cannot move.
const WHITE_STUCK: &str = "5/5/5/3p1/3P1 w 0 1";

/// Positions with perft figures from the brute-force checker (a separate Python program written
/// from rules.md alone; it reproduces the issue's 6, 36, 284, 3356 first). Depth-1 figures are
/// also counted by hand in the tests below.
const CHECKER: &[(&str, &[u64])] = &[
    (START_5X5, &[6, 36, 284, 3356, 52436, 1042840]),
    (
        "2ppp1/5p/P4p/P4p/P5/1PPP2 w 0 1",
        &[8, 64, 644, 9010, 177512],
    ),
    (
        "2pp1/4p/P3p/P3p/P3p/P4/1PP2 w 0 1",
        &[8, 64, 640, 8887, 176434],
    ),
    (CAPTURES, &[57, 3629, 174266, 8193286]),
    ("2p2/1pPp1/p1P1p/1P1P1/5 b 0 1", &[59, 3441, 167655]),
    (DOORSTEPS, &[21, 173, 1342, 10900]),
    ("3P1/5/2p2/1P3/1p3 b 0 1", &[21, 138, 814, 5953]),
    (WHITE_STUCK, &[0, 0]),
    ("5/5/5/3p1/3P1 b 0 1", &[1, 21, 112]),
];

#[test]
fn perft_from_the_start_matches_the_issue() {
    assert_eq!(perfts(&position(START_5X5), 4), [6, 36, 284, 3356]);
}

#[test]
fn perft_matches_the_brute_force_checker() {
    assert_perfts(CHECKER, position);
}

#[test]
fn start_positions_generalise_the_official_one() {
    let cases = [
        ((5, 5), START_5X5),
        ((6, 6), "2ppp1/5p/P4p/P4p/P5/1PPP2 w 0 1"),
        ((5, 7), "2pp1/4p/P3p/P3p/P3p/P4/1PP2 w 0 1"),
        ((7, 5), "2pppp1/6p/P5p/P6/1PPPP2 w 0 1"),
    ];
    for ((width, height), text) in cases {
        assert_eq!(start(width, height).to_text(), text);
    }
    let largest = start(25, 25);
    assert_eq!(largest.pawns(Side::White).count(), 44);
    assert_eq!(largest.pawns(Side::Black).count(), 44);
}

#[test]
fn hand_counted_start() {
    // White: b1b2 (c1 is taken), c1d1, c1c2, a2b2 (a3 is taken), a3b3, a3a4 = 6. Black mirrors
    // them: c5b5, c5c4, d5d4, e4d4, e3d3, e3e2 = 6, and no white first move touches a black pawn
    // diagonally or blocks one, so depth 2 is 6 * 6 = 36.
    let start = position(START_5X5);
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| start.move_text(mv)).collect();
    texts.sort();
    assert_eq!(texts, ["a2b2", "a3a4", "a3b3", "b1b2", "c1c2", "c1d1"]);
    assert_eq!(perft(&start, 2), 36);
}

#[test]
fn split_perft_pairs_moves_mirrored_in_the_diagonal() {
    // The square start is its own image under (x, y) -> (y, x), which keeps both goals and swaps
    // the neutral corners, so mirrored first moves have equal subtrees: b1b2 ~ a2b2, c1d1 ~ a3a4,
    // c1c2 ~ a3b3. The six subtrees sum to 3356.
    let start = position(START_5X5);
    let divide: Vec<(String, u64)> = perft_divide(&start, 4)
        .into_iter()
        .map(|(mv, n)| (start.move_text(mv), n))
        .collect();
    let count = |text: &str| divide.iter().find(|(m, _)| m == text).unwrap().1;
    for (a, b) in [("b1b2", "a2b2"), ("c1d1", "a3a4"), ("c1c2", "a3b3")] {
        assert_eq!(count(a), count(b), "{a} {b}");
    }
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 3356);
}

#[test]
fn perft_is_unchanged_by_the_symmetries_of_the_rules() {
    // A half turn with colours (and the side to move) swapped maps each side's goal, home and
    // directions onto the other's; the transpose (x, y) -> (y, x) keeps colours, goals and
    // directions and swaps the neutral corners. Both must leave every perft figure unchanged.
    for &(text, expected) in CHECKER {
        let depth = expected.len().min(3);
        let rotated = Claustro::<10>::from_text(&redrawn(text, true, false, |x, y, w, h| {
            (w - 1 - x, h - 1 - y)
        }))
        .unwrap();
        let transposed =
            Claustro::<10>::from_text(&redrawn(text, false, true, |x, y, _, _| (y, x))).unwrap();
        for image in [rotated, transposed] {
            assert_eq!(
                perfts(&image, depth),
                &expected[..depth],
                "{text} -> {}",
                image.to_text()
            );
        }
    }
}

#[test]
fn every_word_class_gives_the_same_perft() {
    assert_same_perft::<Claustro<1>, Claustro<10>>(CAPTURES, 3);
}

#[test]
fn hand_counted_captures() {
    // White's captures: c3xb4, c3xd4, b2xa3, d2xe3. 21 placeable squares less 9 pawns leave 12
    // free, plus the capturer's own square: 13 placements each, 52 captures. Steps: c4 none (d4,
    // c5 taken), c3d3, b2c2, b2b3, d2e2, d2d3: 5. Total 57.
    let game = position(CAPTURES);
    assert_eq!(perft(&game, 1), 57);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.iter().filter(|mv| mv.is_capture()).count(), 52);
    assert!(moves.iter().all(|mv| mv.placement().is_none_or(|p| {
        p == mv.from() || !(game.pawns(Side::White) | game.pawns(Side::Black)).contains(p)
    })));
}

#[test]
fn a_pawn_one_step_from_its_goal_can_enter_and_win() {
    // White: d5e5 (into the goal), b2c2, b2b3, and b2xc3 with 17 free squares + b2 = 18
    // placements: 21.
    let game = position(DOORSTEPS);
    assert_eq!(perft(&game, 1), 21);
    let mut won = game.clone();
    won.play(game.parse_move("d5e5").unwrap());
    assert_eq!(
        won.verdict(),
        Some(Verdict::win(Side::White, "a pawn reached its goal"))
    );
    assert_eq!(perft(&won, 1), 0);
    assert_eq!(won.to_text(), "4P/5/2p2/1P3/1p3 b 1 1");
}

#[test]
fn the_player_with_no_legal_move_wins() {
    let stuck = position(WHITE_STUCK);
    assert_eq!(perft(&stuck, 1), 0);
    assert_eq!(
        stuck.verdict().map(|v| v.outcome),
        Some(Outcome::Win(Side::White))
    );
    // With black to move, black's d2c2 is its only move (d1 is taken); then white has d1d2 and
    // d1xc2 with 19 free squares + d1 = 20 placements: 1, 21.
    assert_eq!(perfts(&position("5/5/5/3p1/3P1 b 0 1"), 2), [1, 21]);
    let none = position("5/5/5/5/5 b 0 1");
    assert_eq!(
        none.verdict().map(|v| v.outcome),
        Some(Outcome::Win(Side::Black))
    );
}

#[test]
fn position_strings_round_trip_and_reject_bad_input() {
    for &(text, _) in CHECKER {
        assert_eq!(position(text).to_text(), text);
    }
    assert_eq!(position("4P/5/5/5/5 b").to_text(), "4P/5/5/5/5 b 0 1");
    let bad = [
        ("p4/5/5/5/5 w", "neutral corner a5"),
        ("5/5/5/5/4P w", "neutral corner e1"),
        ("5/5/5/5/P4 w", "white pawn on its own home corner a1"),
        ("4p/5/5/5/5 w", "black pawn on its own home corner e5"),
        ("4P/5/5/5/p4 w", "both sides"),
        ("4P/5/5/5/1p3 w", ""),
        ("4/4/4/4 w", "not allowed"),
        ("26/26/26/26/26 w", "larger"),
        ("5/5/2n2/5/5 w", "'n'"),
        ("5/5/2*2/5/5 w", "'*'"),
    ];
    for (text, problem) in bad {
        let result = parse_position_text(text).and_then(|t| Claustro::<10>::from_text(&t));
        if problem.is_empty() {
            assert!(result.is_ok(), "{text}");
            continue;
        }
        let error = result.unwrap_err();
        assert!(error.contains(problem), "{text}: {error}");
    }
}

#[test]
fn moves_parse_only_when_legal_and_say_why_not() {
    let game = position(CAPTURES);
    for text in ["c3d3", "c3b4c3", "c3d4b1", "b2a3b2"] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(game.move_text(mv), text);
    }
    let errors = [
        ("c3b4", "third square"),
        ("c3b4c5", "empty square that is not a corner"),
        ("c3b4a1", "empty square that is not a corner"),
        ("c3b4e1", "empty square that is not a corner"),
        ("c5c4", "no white pawn on c5"),
        ("c4c5", "not a legal move"),
        ("c3d3e3", "not a legal move"),
        ("c3", "two squares"),
        ("c3d3e3a2", "two squares"),
        ("c3z9", "'z9'"),
    ];
    for (text, problem) in errors {
        assert_refused(game.parse_move(text), problem);
    }
}

#[test]
fn playing_moves_updates_board_and_counters() {
    let mut game = position(CAPTURES);
    for text in ["c3b4e2", "e3d3", "b4b5"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    // c3xb4 places black's pawn on e2 (halfmove resets), black steps e3d3, white steps b4b5.
    assert_eq!(game.to_text(), "1Pp2/2Pp1/p2p1/1P1Pp/5 b 2 2");
}

#[test]
fn repeating_a_move_pair_three_times_wins_for_the_last_mover() {
    // White b2 and black c3 capture each other back and forth: b2c3d4 places black's pawn on
    // d4, d4c3b2 puts white's back on b2.
    let mut game = position("5/5/2p2/1P3/5 w 0 1");
    let mut history = History::new(false);
    for (ply, text) in ["b2c3d4", "d4c3b2"].iter().cycle().take(6).enumerate() {
        assert_eq!(game.history_verdict(&history), None, "after {ply} plies");
        let mv = game.parse_move(text).unwrap();
        history.push(game.hash(), mv);
        game.play(mv);
    }
    assert_eq!(
        game.history_verdict(&history).map(|v| v.outcome),
        Some(Outcome::Win(Side::Black))
    );
}

#[test]
fn four_hundred_plies_draw_only_under_engine_policy() {
    // 2 * (201 - 1) = 400 plies with white to move; 399 with black to move in move 200.
    let at_limit = position("5/5/2p2/1P3/5 w 0 201");
    let before = position("5/5/2p2/1P3/5 b 0 200");
    assert_eq!((at_limit.plies(), before.plies()), (400, 399));
    let policy = History::new(true);
    assert_eq!(
        at_limit.history_verdict(&policy).map(|v| v.outcome),
        Some(Outcome::Draw)
    );
    assert_eq!(before.history_verdict(&policy), None);
    assert_eq!(at_limit.history_verdict(&History::new(false)), None);
}

/// Plays a random game on a board of `size`, calling `visit` on every position.
fn random_game(seed: u64, size: BoardSize, mut visit: impl FnMut(&Claustro<10>)) {
    let start = Claustro::<10>::start(size).unwrap();
    random_walk(start, seed, DRAW_PLIES as usize, |game| {
        visit(game);
        ControlFlow::Continue(())
    });
}

#[test]
fn random_games_keep_every_invariant() {
    let sizes = [(5, 5), (6, 9), (11, 7), (25, 25)];
    for (seed, &(width, height)) in sizes.iter().cycle().take(24).enumerate() {
        random_game(seed as u64, BoardSize { width, height }, |game| {
            assert_eq!(game.hash(), game.compute_hash());
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            assert_eq!(moves.len(), game.count_legal_moves());
            assert_eq!(moves.is_empty(), game.verdict().is_some());
            let mut tags: Vec<u32> = moves.iter().map(|mv| mv.tag()).collect();
            tags.sort_unstable();
            tags.dedup();
            assert_eq!(tags.len(), moves.len());
            assert!(tags.first().is_none_or(|&t| t != 0));
            for &mv in moves.iter().step_by(moves.len() / 4 + 1) {
                assert_eq!(game.parse_move(&game.move_text(mv)), Ok(mv));
            }
            assert_eq!(position(&game.to_text()).hash(), game.hash());
        });
    }
}

#[test]
fn the_evaluation_is_symmetric_and_sees_goal_threats() {
    for &(text, _) in CHECKER {
        let game = position(text);
        let rotated = Claustro::<10>::from_text(&redrawn(text, true, false, |x, y, w, h| {
            (w - 1 - x, h - 1 - y)
        }))
        .unwrap();
        assert_eq!(game.evaluate(), rotated.evaluate(), "{text}");
        let total: i32 = game.eval_terms().iter().map(|t| t.white - t.black).sum();
        let sign = if game.side_to_move() == Side::White {
            1
        } else {
            -1
        };
        assert_eq!(total * sign, game.evaluate(), "{text}");
    }
    // White to move with a pawn next to its goal wins now; black to move cannot capture white's
    // d5 and loses.
    assert!(position(DOORSTEPS).evaluate() > 5000);
    assert!(position("3P1/5/5/5/1p3 b 0 1").evaluate() > 5000);
    assert!(position("3P1/5/5/5/2p2 b 0 1").evaluate() < -5000);
}

/// White's and black's shares of the evaluation term `name` in a position string.
fn term_shares(text: &str, name: &str) -> (i32, i32) {
    let term = position(text)
        .eval_terms()
        .into_iter()
        .find(|t| t.name == name)
        .unwrap();
    (term.white, term.black)
}

fn goal_threats(text: &str) -> (i32, i32) {
    term_shares(text, "goal threats")
}

#[test]
fn door_guards_are_pawns_next_to_their_own_home_corner() {
    use super::eval::DOOR_GUARD;
    // The 5 x 5 start: white's b1 and a2 touch a1, black's d5 and e4 touch e5.
    assert_eq!(
        term_shares("2pp1/4p/P3p/P4/1PP2 w 0 1", "door guards"),
        (2 * DOOR_GUARD, 2 * DOOR_GUARD)
    );
    // White keeps a2 (b1 has stepped to b2), black keeps e4 (d5 has left): one guard each.
    // White's d5, next to the goal it is heading for, guards nothing.
    assert_eq!(
        term_shares("2pP1/4p/3pp/PP3/2P2 b 0 2", "door guards"),
        (DOOR_GUARD, DOOR_GUARD)
    );
}

#[test]
fn a_runner_wins_unless_its_step_stalemates_the_opponent() {
    // White's c5 steps to d5, next to the goal, where no black pawn touches it diagonally. With
    // black's b2 free to move, white wins on its next move. Without b2, black's d4 (d3 and c4
    // taken) could only capture c5, so after c5d5 black has no move and wins instead.
    assert_eq!(goal_threats("2P2/2Pp1/3P1/1p3/5 w 0 1").0, 7000);
    assert_eq!(goal_threats("2P2/2Pp1/3P1/5/5 w 0 1"), (0, 0));
    let mut stalemating = position("2P2/2Pp1/3P1/5/5 w 0 1");
    stalemating.play(stalemating.parse_move("c5d5").unwrap());
    assert_eq!(
        stalemating.verdict().map(|v| v.outcome),
        Some(Outcome::Win(Side::Black))
    );
}

#[test]
fn the_picture_marks_goals_and_neutral_corners() {
    let picture = position(START_5X5).picture();
    assert!(picture.contains(" 5 | # . p p G |"), "{picture}");
    assert!(picture.contains(" 1 | g P P . # |"), "{picture}");
    assert!(picture.contains("G white's goal e5, g black's goal a1, # neutral corners e1 a5"));
    let diamond: Vec<&str> = picture
        .lines()
        .skip_while(|l| !l.starts_with("As played"))
        .collect();
    assert_eq!(diamond.len(), 10, "{picture}");
    assert_eq!(diamond[1].trim(), "G");
    assert_eq!(diamond[5].trim(), "#   .   .   .   #");
    assert_eq!(diamond[9].trim(), "g");
}
