//! What the games' unit tests share: perft figures checked (and alike whatever the word count), a position string redrawn through a
//! map of squares (the symmetries' tests), bad input refused with the right words, and seeded
//! random games.

use crate::board::position_text::{Cell, PositionText, parse_position_text};
use crate::game::{Game, perft};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::ControlFlow;

/// Perft from `game` at depths 1 to `depths`.
pub fn perfts<G: Game>(game: &G, depths: usize) -> Vec<u64> {
    (1..=depths as u32).map(|d| perft(game, d)).collect()
}

/// Asserts that perft from each position string of `reference`, read by `position`, gives its
/// figures (depth 1 first).
pub fn assert_perfts<G: Game>(reference: &[(&str, &[u64])], position: impl Fn(&str) -> G) {
    for &(text, expected) in reference {
        assert_eq!(perfts(&position(text), expected.len()), expected, "{text}");
    }
}

/// Asserts that perft to `depth` from the position string `text` is the same in `A` and `B`,
/// one game with bitboards of two word counts.
pub fn assert_same_perft<A: Game, B: Game>(text: &str, depth: u32) {
    let parsed = parse_position_text(text).unwrap();
    let a = A::from_text(&parsed).unwrap();
    let b = B::from_text(&parsed).unwrap();
    assert_eq!(perft(&a, depth), perft(&b, depth), "{text}");
}

/// `text`'s position redrawn: the square (x, y) of its w x h board goes to `map(x, y, w, h)`
/// (on an h x w board where `transpose`), and with `swap_colours` every piece changes colour
/// and the other side is to move.
pub fn redrawn(
    text: &str,
    swap_colours: bool,
    transpose: bool,
    map: impl Fn(usize, usize, usize, usize) -> (usize, usize),
) -> PositionText {
    let parsed = parse_position_text(text).expect("a position string");
    let (w, h) = (parsed.width, parsed.height);
    let (width, height) = if transpose { (h, w) } else { (w, h) };
    let mut cells = vec![Cell::Empty; w * h];
    for (square, &cell) in parsed.cells.iter().enumerate() {
        let (x, y) = map(square % w, square / w, w, h);
        cells[y * width + x] = match cell {
            Cell::Piece(letter) if swap_colours && letter.is_ascii_uppercase() => {
                Cell::Piece(letter.to_ascii_lowercase())
            }
            Cell::Piece(letter) if swap_colours => Cell::Piece(letter.to_ascii_uppercase()),
            other => other,
        };
    }
    let side = if swap_colours {
        parsed.side.opponent()
    } else {
        parsed.side
    };
    PositionText {
        width,
        height,
        cells,
        side,
        ..parsed
    }
}

/// Asserts that `result` is refused with words that contain `problem`.
pub fn assert_refused<T>(result: Result<T, String>, problem: &str) {
    match result {
        Ok(_) => panic!("accepted, though it should be refused for {problem}"),
        Err(error) => assert!(error.contains(problem), "{problem}: {error}"),
    }
}

/// Asserts that each of the position strings of `bad` is refused by `from_text` with words that
/// contain its problem.
pub fn refuses_positions<T>(
    bad: &[(&str, &str)],
    from_text: impl Fn(&PositionText) -> Result<T, String>,
) {
    for &(text, problem) in bad {
        assert_refused(
            parse_position_text(text).and_then(|t| from_text(&t)),
            problem,
        );
    }
}

/// Plays at most `plies` random moves (drawn by a generator seeded with `seed`) from `game`,
/// calling `visit` on every position before its move, until `visit` breaks or no move is left.
pub fn random_walk<G: Game>(
    mut game: G,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&G) -> ControlFlow<()>,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        if visit(&game).is_break() {
            return;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
}
