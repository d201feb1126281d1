//! The laws every game obeys, written once and run by every game on many positions: the start at
//! several sizes, positions of seeded random games, and the positions of the shipped suites.
//!
//! - the position string round-trips, and the position read back has the same hash, as has the
//!   position after `play` and the same position read from its string (wherever the string says
//!   all there is: see [`string_says_all`]);
//! - the moves' texts are all different, and a move's text parses back to the move (checked on
//!   up to 64 moves of a position, spread over its list, like the hash after `play`);
//! - a move's squares as entered leg by leg (`Game::move_path`) are the squares its text visits
//!   (none in a game entered by asking, `Game::ENTERED_BY_ASKING`), and the squares it changes
//!   (`Game::move_changes`) turn the position's board into the board after it (both checked on
//!   the moves read back from their text);
//! - tags are never zero, and all different where a move fits in the 32 bits of a tag;
//! - `count_legal_moves` is the number of moves `legal_moves` lists, and `written_move_batches`
//!   gives those moves, each once, with their texts as `move_text` writes them;
//! - `cheap_moves`, then `remaining_moves` if it says there are more, list the moves
//!   `legal_moves` lists, each once;
//! - a position has no legal move exactly when it has a verdict;
//! - every symmetry a game declares (`Game::SYMMETRIES`) maps the position onto one with as
//!   many moves, the images of its moves (up to 64 of them) among them, the same result (the
//!   winner's colour swapped with the colours) and the same perft;
//! - perft by playing every move equals perft as the game counts it, in bulk at the last ply or
//!   faster still (`Game::count_leaves`; to depth 2 where a position has fewer than 100 moves,
//!   else to depth 1);
//! - where the game has net features on the board: every feature is an input of the net; the
//!   accumulators kept move by move through random games equal those computed from scratch
//!   after every move; and the quantised net's score is within [`QUANTISATION_BOUND`] of the
//!   float net's it was made from (a seeded random net of the size of a trained one).
//!
//! A game joins with one line: a test that calls [`obey_the_laws`] through [`for_each_word_count`].

use crate::board::position_text::parse_position_text;
use crate::board::position_text::{Cell, position_string};
use crate::game::{
    BoardSize, Cutoff, Game, GameMove, Left, Outcome, Side, SquareMap, Symmetry, divide_by, perft,
};
use crate::nnue::train::FloatNet;
use crate::nnue::{HIDDEN, Network};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// How many of a position's moves are read back from their text, and played and read back from
/// the position string.
const SAMPLED_MOVES: usize = 64;

/// Positions from one random game of `plies` plies at most, from `start`.
fn random_game<G: Game>(start: &G, plies: usize, rng: &mut StdRng) -> Vec<G> {
    let mut positions = vec![start.clone()];
    let mut position = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play(moves[rng.random_range(0..moves.len())]);
        positions.push(position.clone());
    }
    positions
}

/// Reads `text` as a position of `G`; panics with the reason if it is not one.
fn read<G: Game>(text: &str) -> G {
    parse_position_text(text)
        .and_then(|parsed| G::from_text(&parsed))
        .unwrap_or_else(|problem| panic!("{} '{text}': {problem}", G::NAME))
}

/// Leaves of the legal-move tree counted by playing every move.
fn perft_by_play<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let divided = divide_by(position, depth, perft_by_play);
    divided.into_iter().map(|(_, leaves)| leaves).sum()
}

/// Whether the string of `position` (read back as `read_back`) says all there is to it: not so
/// of a game decided by the way its last move was made (Jeson Mor's move off the centre), whose
/// string, holding no move, reads back as a game in progress.
fn string_says_all<G: Game>(position: &G, read_back: &G) -> bool {
    position.verdict().is_none() || read_back.verdict() == position.verdict()
}

/// The position string `text` mapped by `symmetry`.
fn image_of_position(text: &str, symmetry: Symmetry) -> String {
    let parsed = parse_position_text(text).unwrap_or_else(|p| panic!("'{text}': {p}"));
    let (width, height) = (parsed.width, parsed.height);
    let size = match symmetry.squares {
        SquareMap::Transpose => BoardSize::square(width),
        _ => parsed.size(),
    };
    let mut cells = vec![Cell::Empty; width * height];
    for y in 0..height {
        for x in 0..width {
            let (ix, iy) = symmetry.squares.image((x, y), width, height);
            cells[iy * size.width + ix] = match parsed.cells[y * width + x] {
                Cell::Piece(letter) if symmetry.swap_colours && letter.is_ascii_uppercase() => {
                    Cell::Piece(letter.to_ascii_lowercase())
                }
                Cell::Piece(letter) if symmetry.swap_colours => {
                    Cell::Piece(letter.to_ascii_uppercase())
                }
                cell => cell,
            };
        }
    }
    let side = match symmetry.swap_colours {
        true => parsed.side.opponent(),
        false => parsed.side,
    };
    position_string(
        size,
        |square| cells[square],
        side,
        (parsed.halfmove, parsed.fullmove),
    )
}

/// The move `text` (the squares it visits, or the pass `0000`) mapped by `symmetry`.
fn image_of_move(text: &str, symmetry: Symmetry, size: BoardSize) -> String {
    if text == "0000" {
        return text.to_string();
    }
    let mut image = String::new();
    let mut rest = text;
    while let Some(file) = rest.chars().next() {
        let digits = rest[1..].chars().take_while(char::is_ascii_digit).count();
        let rank: usize = rest[1..=digits].parse().expect("a move names squares");
        let square = ((file as u8 - b'a') as usize, rank - 1);
        let (x, y) = symmetry.squares.image(square, size.width, size.height);
        image.push((b'a' + x as u8) as char);
        image.push_str(&(y + 1).to_string());
        rest = &rest[1 + digits..];
    }
    image
}

/// Checks the declared symmetries on `position`, whose legal moves are `moves`, perft to
/// `perft_depth` included (0: none).
fn check_symmetries<G: Game>(position: &G, moves: &[G::Move], perft_depth: u32) {
    let text = position.to_text();
    let size = position.size();
    for &symmetry in G::SYMMETRIES {
        if symmetry.squares == SquareMap::Transpose && size.width != size.height {
            continue;
        }
        let image: G = read(&image_of_position(&text, symmetry));
        let what = format!("{}: {symmetry:?} of '{text}'", G::NAME);
        assert_eq!(image.count_legal_moves(), moves.len(), "{what}: moves");
        let outcome = position.verdict().map(|verdict| match verdict.outcome {
            Outcome::Win(side) if symmetry.swap_colours => Outcome::Win(side.opponent()),
            outcome => outcome,
        });
        assert_eq!(
            image.verdict().map(|v| v.outcome),
            outcome,
            "{what}: result"
        );
        assert_eq!(
            perft(&image, perft_depth),
            perft(position, perft_depth),
            "{what}: perft {perft_depth}"
        );
        let step = moves.len().div_ceil(SAMPLED_MOVES).max(1);
        for &mv in moves.iter().step_by(step) {
            let move_image = image_of_move(&position.move_text(mv), symmetry, size);
            assert!(
                image.parse_move(&move_image).is_ok(),
                "{what}: {} -> {move_image}",
                position.move_text(mv)
            );
        }
    }
}

/// Checks every law on one position; `perft_depth` 0 skips the perft law.
fn check_position<G: Game>(position: &G, perft_depth: u32) {
    let text = position.to_text();
    let read_back: G = read(&text);
    assert_eq!(read_back.to_text(), text, "{}: round trip", G::NAME);
    assert!(
        !string_says_all(position, &read_back) || read_back.hash() == position.hash(),
        "{}: hash of '{text}'",
        G::NAME
    );

    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    assert_eq!(
        position.count_legal_moves(),
        moves.len(),
        "{}: count of '{text}'",
        G::NAME
    );
    assert_eq!(
        moves.is_empty(),
        position.verdict().is_some(),
        "{}: '{text}' has no move exactly when it has a verdict",
        G::NAME
    );
    let mut texts = HashSet::new();
    let mut tags = HashSet::new();
    for &mv in &moves {
        let move_text = position.move_text(mv);
        assert_ne!(mv.tag(), 0, "{}: '{text}' tag of {move_text}", G::NAME);
        assert!(
            tags.insert(mv.tag()) || size_of::<G::Move>() > size_of::<u32>(),
            "{}: '{text}' tag of {move_text} is another move's",
            G::NAME
        );
        assert!(
            texts.insert(move_text),
            "{}: '{text}' lists a move twice",
            G::NAME
        );
    }
    let mut batched = Vec::new();
    position.written_move_batches(&mut |moves, texts| {
        batched.extend(moves.iter().copied().zip(texts.iter().cloned()));
        ControlFlow::Continue(())
    });
    let batched_texts: HashSet<String> = batched.iter().map(|(_, text)| text.clone()).collect();
    assert!(
        batched.len() == moves.len() && batched_texts == texts,
        "{}: '{text}' written batches are the legal moves",
        G::NAME
    );
    let mut staged = Vec::new();
    if position.cheap_moves(&mut staged) {
        assert!(position.remaining_moves(&mut staged, Cutoff::NEVER));
    }
    let staged_texts: HashSet<String> = position.move_texts(&staged).into_iter().collect();
    assert!(
        staged.len() == moves.len() && staged_texts == texts,
        "{}: '{text}' cheap and remaining moves are the legal moves",
        G::NAME
    );
    // Reading a move and a position back costs a move generation each: at most
    // `SAMPLED_MOVES` moves, spread over the list, are read back.
    let step = moves.len().div_ceil(SAMPLED_MOVES).max(1);
    for (mv, batched_text) in batched.iter().step_by(step) {
        assert_eq!(
            &position.move_text(*mv),
            batched_text,
            "{}: '{text}' batched text",
            G::NAME
        );
    }
    for &mv in moves.iter().step_by(step) {
        let move_text = position.move_text(mv);
        assert_eq!(
            position.parse_move(&move_text),
            Ok(mv),
            "{}: '{text}' {move_text}",
            G::NAME
        );
        let mut child = position.clone();
        child.play(mv);
        check_entry(position, mv, &child);
        let scratch: G = read(&child.to_text());
        assert!(
            !string_says_all(&child, &scratch) || child.hash() == scratch.hash(),
            "{}: hash after {move_text} from '{text}'",
            G::NAME
        );
    }
    if string_says_all(position, &read_back) {
        check_symmetries(position, &moves, perft_depth);
    }
    if perft_depth > 0 {
        assert_eq!(
            perft_by_play(position, perft_depth),
            perft(position, perft_depth),
            "{}: perft {perft_depth} of '{text}'",
            G::NAME
        );
    }
}

/// Checks `mv`'s squares as entered leg by leg against its text, and the squares it changes
/// against `child`, the position after it.
fn check_entry<G: Game>(position: &G, mv: G::Move, child: &G) {
    let (text, move_text) = (position.to_text(), position.move_text(mv));
    let size = position.size();
    let visited = crate::board::geometry::geometry(size.width, size.height)
        .parse_square_path(&move_text)
        .ok();
    let path = position.move_path(mv);
    let path: Option<Vec<usize>> =
        path.map(|path| path.squares().iter().map(|&s| s.into()).collect());
    let expected = if G::ENTERED_BY_ASKING { None } else { visited };
    assert_eq!(
        path,
        expected,
        "{}: '{text}' squares of {move_text}",
        G::NAME
    );
    // Cells as classes: empty, burned, a white piece, a black piece.
    let class = |cell: &Cell| match cell {
        Cell::Empty => 0,
        Cell::Burned => 1,
        Cell::Piece(letter) if letter.is_ascii_uppercase() => 2,
        Cell::Piece(_) => 3,
    };
    let cells = |position: &G| -> Vec<u8> {
        parse_position_text(&position.to_text())
            .expect("a position string")
            .cells
            .iter()
            .map(class)
            .collect()
    };
    let (mover, other) = match position.side_to_move() {
        Side::White => (2, 3),
        Side::Black => (3, 2),
    };
    let mut board = cells(position);
    position.move_changes(mv, &mut |square, left| {
        board[square] = match left {
            Left::Empty => 0,
            Left::Burned => 1,
            Left::Mover => mover,
            Left::Opponent => other,
        };
    });
    assert_eq!(
        board,
        cells(child),
        "{}: '{text}' changes of {move_text}",
        G::NAME
    );
}

/// The most, in centipawns, by which a quantised net's score may differ from its float net's:
/// the rounding of the weights to 1/255 and 1/64 moves a score by a few centipawns, more with
/// many active features (a mistake of scale, sign or side moves it by hundreds).
pub const QUANTISATION_BOUND: i32 = 40;

/// A seeded random float net for `inputs` inputs, with weights of the size a trained net has.
fn random_float_net(inputs: usize, rng: &mut StdRng) -> FloatNet {
    let mut weights = |n: usize, range: f32| -> Vec<f32> {
        (0..n).map(|_| rng.random_range(-range..range)).collect()
    };
    FloatNet {
        inputs,
        hidden: HIDDEN,
        feature_weights: weights(inputs * HIDDEN, 0.15),
        feature_bias: weights(HIDDEN, 0.5),
        output_weights: weights(2 * HIDDEN, 0.3),
        output_bias: 0.05,
    }
}

/// The net's inputs of `position` from the side to move's view and the opponent's.
fn features_of<G: Game>(position: &G) -> [Vec<u16>; 2] {
    let mover = position.side_to_move();
    [mover, mover.opponent()].map(|side| {
        let mut features = Vec::new();
        position.push_features(side, &mut |f| features.push(f as u16));
        features
    })
}

/// The laws of a game's net machinery at `size`, on random games with a random net.
fn check_net<G: Game>(start: &G, rng: &mut StdRng) {
    let inputs = start.input_count();
    if inputs == 0 {
        return;
    }
    let float = random_float_net(inputs, rng);
    let net: &'static Network =
        Box::leak(Box::new(Network::quantise(&float, G::NAME, start.size())));
    let mut with_net = start.clone();
    with_net.set_network(Some(net));
    for _ in 0..3 {
        for position in random_game(&with_net, 80, rng) {
            let mut fresh = position.clone();
            fresh.set_network(Some(net));
            assert_eq!(
                position.accumulator(),
                fresh.accumulator(),
                "{} '{}': the accumulators kept move by move are not those from scratch",
                G::NAME,
                position.to_text()
            );
            assert!(position.accumulator().is_some());
            let features = features_of(&position);
            for (side, active) in [Side::White, Side::Black].into_iter().zip(&features) {
                assert!(
                    active.iter().all(|&f| usize::from(f) < inputs),
                    "{} '{}': a feature of {} out of range",
                    G::NAME,
                    position.to_text(),
                    side.name()
                );
            }
            if position.verdict().is_none() {
                let quantised = position.evaluate() - position.hand_written_evaluation();
                let exact = float.score(&features);
                assert!(
                    (quantised as f32 - exact).abs() <= QUANTISATION_BOUND as f32,
                    "{} '{}': quantised {quantised}, float {exact}",
                    G::NAME,
                    position.to_text()
                );
            }
        }
    }
    let mut without = with_net;
    without.set_network(None);
    assert_eq!(without.accumulator(), None);
}

/// Runs the laws on the start at `size`, on seeded random games from it, and on those of the
/// `suite_positions` that have this size. Perft is checked on every tenth position.
pub fn obey_the_laws<G: Game>(size: BoardSize, suite_positions: &[String]) {
    let start = G::start(size).unwrap_or_else(|problem| panic!("{} {size}: {problem}", G::NAME));
    let mut rng = StdRng::seed_from_u64(size.width as u64 * 100 + size.height as u64);
    let mut positions = Vec::new();
    for _ in 0..3 {
        positions.extend(random_game(&start, 60, &mut rng));
    }
    for text in suite_positions {
        let parsed = parse_position_text(text).unwrap_or_else(|p| panic!("'{text}': {p}"));
        if parsed.width == size.width && parsed.height == size.height {
            positions.push(read(text));
        }
    }
    for (index, position) in positions.iter().enumerate() {
        let perft_depth = match (index % 10, position.count_legal_moves()) {
            (0, ..100) => 2,
            (0, _) => 1,
            _ => 0,
        };
        check_position(position, perft_depth);
    }
    check_net(&start, &mut rng);
}

/// The position strings of the shipped suites of the game `name`: the text before the first
/// `;` of each line that is not blank or a `#` comment.
pub fn suite_positions(name: &str) -> Vec<String> {
    let mut positions = Vec::new();
    for kind in ["perft", "tactics"] {
        let path = format!(
            "{}/../../suites/{name}-{kind}.epd",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().map(str::trim) {
            if !line.is_empty() && !line.starts_with('#') {
                let position = line.split(';').next().unwrap_or_default().trim();
                positions.push(position.to_string());
            }
        }
    }
    positions
}

/// Calls `$check::<$game<W>>(size, ...)` with the bitboard word count `W` that a board of `size`
/// needs, as `build_session` chooses it.
macro_rules! for_each_word_count {
    ($game:ident, $sizes:expr) => {{
        let suite = crate::games::laws::suite_positions(<$game<1> as crate::game::Game>::NAME);
        for (width, height) in $sizes {
            let size = crate::game::BoardSize { width, height };
            match crate::board::bitboard::words_for(width * height) {
                1 => crate::games::laws::obey_the_laws::<$game<1>>(size, &suite),
                2 => crate::games::laws::obey_the_laws::<$game<2>>(size, &suite),
                4 => crate::games::laws::obey_the_laws::<$game<4>>(size, &suite),
                _ => crate::games::laws::obey_the_laws::<$game<10>>(size, &suite),
            }
        }
    }};
}

mod every_game {
    use crate::games::{apart::Apart, claustro::Claustro, jesonmor::JesonMor, joust::Joust};

    #[test]
    fn joust() {
        for_each_word_count!(
            Joust,
            [(8, 8), (3, 3), (5, 9), (10, 10), (16, 16), (25, 25)]
        );
    }

    #[test]
    fn jesonmor() {
        for_each_word_count!(
            JesonMor,
            [(9, 9), (5, 5), (7, 7), (11, 11), (15, 15), (25, 25)]
        );
    }

    #[test]
    fn claustro() {
        for_each_word_count!(
            Claustro,
            [(5, 5), (6, 9), (7, 7), (9, 9), (13, 13), (25, 25)]
        );
    }

    #[test]
    fn apart() {
        for_each_word_count!(Apart, [(8, 8), (9, 9), (12, 12), (16, 16), (25, 25)]);
    }
}
