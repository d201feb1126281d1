//! Completeness of Apart move generation: the turns listed are exactly those of an independent
//! brute force that follows every jump path of rules.md one by one (line lengths counted square
//! by square on coordinates), and their printed paths are the shortest, then first in (file,
//! rank) order, of all its paths; on positions from seeded random games of every word class and
//! on dense positions built by hand; and no position string is refused, however crowded.

use super::*;
use crate::board::position_text::parse_position_text;
use crate::games::test_support::random_walk;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

type Turn = (usize, usize, Vec<usize>);

/// The brute force's view of a position: coordinates, pieces, and the paths it may still follow.
struct BruteForce {
    n: i32,
    own: HashSet<(i32, i32)>,
    enemies: HashSet<(i32, i32)>,
    /// Every turn found, with its printed path (the landings of its fewest-landing path, the
    /// first of those compared square by square as (file, rank)).
    turns: HashMap<Turn, Vec<(i32, i32)>>,
    /// Path landings the brute force may still visit before it gives up.
    left: u64,
    /// White's first turn: a single movement.
    first_turn_only: bool,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl BruteForce {
    fn on_board(&self, (x, y): (i32, i32)) -> bool {
        (0..self.n).contains(&x) && (0..self.n).contains(&y)
    }

    /// The line length of the moving piece (which left `start`) standing on `at` along the axis
    /// of `(dx, dy)`.
    fn line_length(&self, start: (i32, i32), at: (i32, i32), (dx, dy): (i32, i32)) -> i32 {
        let friend = |square: (i32, i32)| square != start && self.own.contains(&square);
        let mut length = 1;
        for sign in [1, -1] {
            let mut square = (at.0 + sign * dx, at.1 + sign * dy);
            while self.on_board(square) && friend(square) {
                length += 1;
                square = (square.0 + sign * dx, square.1 + sign * dy);
            }
        }
        length
    }

    fn index(&self, (x, y): (i32, i32)) -> usize {
        (y * self.n + x) as usize
    }

    /// Follows every path on from `at`; false if the brute force gave up.
    fn jumps_from(
        &mut self,
        start: (i32, i32),
        at: (i32, i32),
        visited: &mut Vec<(i32, i32)>,
        captured: &mut Vec<usize>,
        first: bool,
    ) -> bool {
        for direction in DIRECTIONS {
            let length = self.line_length(start, at, direction);
            if !first && length < 2 {
                continue;
            }
            let to = (at.0 + length * direction.0, at.1 + length * direction.1);
            let friendly = to != start && self.own.contains(&to);
            if !self.on_board(to) || friendly || visited.contains(&to) {
                continue;
            }
            if self.left == 0 {
                return false;
            }
            self.left -= 1;
            let capture = self.enemies.contains(&to);
            if capture {
                captured.push(self.index(to));
            }
            let mut set = captured.clone();
            set.sort_unstable();
            visited.push(to);
            let path = visited[1..].to_vec();
            let printed = self
                .turns
                .entry((self.index(start), self.index(to), set))
                .or_insert_with(|| path.clone());
            if (path.len(), &path) < (printed.len(), &*printed) {
                *printed = path;
            }
            let goes_on = length >= 2 && !self.first_turn_only;
            let finished = !goes_on || self.jumps_from(start, to, visited, captured, false);
            visited.pop();
            if capture {
                captured.pop();
            }
            if !finished {
                return false;
            }
        }
        true
    }
}

/// Every turn of the side to move by brute force, with its printed path, or `None` if it takes
/// more than `limit` landings.
fn brute_force(game: &Apart<10>, limit: u64) -> Option<HashMap<Turn, Vec<(i32, i32)>>> {
    let g = game.geometry;
    let coords = |pieces: Bitboard<10>| -> HashSet<(i32, i32)> {
        pieces
            .squares()
            .map(|square| {
                let (x, y) = g.coords(square);
                (x as i32, y as i32)
            })
            .collect()
    };
    let mut brute = BruteForce {
        n: g.width as i32,
        own: coords(game.pieces(game.side)),
        enemies: coords(game.pieces(game.side.opponent())),
        turns: HashMap::new(),
        left: limit,
        first_turn_only: game.is_first_turn(),
    };
    let mut starts: Vec<(i32, i32)> = brute.own.iter().copied().collect();
    starts.sort_unstable();
    for start in starts {
        if !brute.jumps_from(start, start, &mut vec![start], &mut Vec::new(), true) {
            return None;
        }
    }
    Some(brute.turns)
}

/// The turn as the brute force names it.
fn turn(mv: &ApartMove<10>) -> Turn {
    let captured = mv.captured.squares().collect();
    (mv.start as usize, mv.end as usize, captured)
}

/// The turns the generator lists with their texts, checking that none is listed twice, that
/// counting them without listing them finds as many, and that the search over paths that writes
/// `moves` lists the same turns with the same texts (where the game is not over: then it lists
/// none).
fn listed(game: &Apart<10>) -> HashMap<Turn, String> {
    let mut moves = Vec::new();
    movegen::generate(game, movegen::Turns::All, &mut moves, Cutoff::NEVER);
    let texts = game.move_texts(&moves);
    let turns: HashMap<Turn, String> = moves.iter().map(turn).zip(texts).collect();
    let mut written = HashMap::new();
    game.written_move_batches(&mut |moves, texts| {
        for (mv, text) in moves.iter().zip(texts).filter(|(mv, _)| !mv.is_pass()) {
            assert!(written.insert(turn(mv), text.clone()).is_none());
        }
        ControlFlow::Continue(())
    });
    if game.verdict().is_none() {
        assert_eq!(written, turns, "written batches: {}", game.to_text());
    }
    assert_eq!(
        turns.len(),
        moves.len(),
        "a turn listed twice: {}",
        game.to_text()
    );
    assert_eq!(
        movegen::count(game),
        moves.len() as u64,
        "counted, not listed: {}",
        game.to_text()
    );
    turns
}

/// Checks that the position string is accepted back and, if the brute force can follow every
/// path within `limit` landings, that the listed turns are exactly its turns, written along its
/// printed paths. True if it could.
fn check(game: &Apart<10>, limit: u64) -> bool {
    let text = game.to_text();
    let parsed = parse_position_text(&text).expect("a position string the engine wrote");
    let reparsed = Apart::<10>::from_text(&parsed);
    assert_eq!(reparsed.map(|game| game.to_text()), Ok(text.clone()));
    let turns = listed(game);
    let Some(expected) = brute_force(game, limit) else {
        return false;
    };
    assert_eq!(turns.len(), expected.len(), "{text}");
    let g = game.geometry;
    let name = |(x, y): (i32, i32)| g.square_name(g.square(x as usize, y as usize));
    let expected: HashMap<Turn, String> = expected
        .into_iter()
        .map(|(turn, path)| {
            let (x, y) = g.coords(turn.0);
            let start = (x as i32, y as i32);
            let written = std::iter::once(start).chain(path).map(name).collect();
            (turn, written)
        })
        .collect();
    assert_eq!(turns, expected, "{text}");
    true
}

/// Seeded random games on boards of every size class, 25 x 25 included: no position refused, and
/// most cross-checked against the brute force.
#[test]
fn random_game_positions_are_accepted_and_listed_completely() {
    let mut positions = 0;
    let mut checked = 0;
    for (seed, size, plies) in [
        (11, 8, 60),
        (12, 10, 60),
        (13, 13, 40),
        (14, 25, 40),
        (15, 25, 40),
    ] {
        let start = Apart::<10>::start(BoardSize::square(size)).unwrap();
        random_walk(start, seed, plies, |game| {
            if game.verdict().is_some() {
                return ControlFlow::Break(());
            }
            positions += 1;
            checked += check(game, 200_000) as usize;
            ControlFlow::Continue(())
        });
    }
    assert!(positions >= 150, "{positions} positions");
    assert!(
        2 * checked >= positions,
        "{checked} of {positions} cross-checked"
    );
}

/// Dense positions built by hand: boards almost full of both sides, long capture chains and
/// many paths to one turn.
#[test]
fn dense_positions_are_listed_completely() {
    for text in [
        // Both sides filling the board but for a few squares.
        "pppppppp/pppppppp/pp1ppppp/pppp1ppp/PPPP1PPP/PPPPPPPP/P1PPPPPP/PPPPPPPP w 0 5",
        // Alternating ranks: every square but the last rank holds a piece.
        "8/PPPPPPPP/pppppppp/PPPPPPPP/pppppppp/PPPPPPPP/pppppppp/PPPPPPPP b 0 5",
        // A checkerboard of the two sides with holes.
        "PpPpPpPp/pPp1pPpP/PpPpPpPp/p1pPpPpP/PpPpP1Pp/pPpPpPpP/PpP1PpPp/pPpPpPpP w 0 5",
        // A staircase: long chains of jumps capturing along the diagonals.
        "p1p1p1p1/1P1P1P1P/p1p1p1p1/1P1P1P1P/p1p1p1p1/1P1P1P1P/p1p1p1p1/1P1P1P1P w 0 5",
        // Random fills of a 10 x 10 board (30% white, 40% black), once refused as too crowded.
        "P2Pppp1PP/1p1Pp1P2P/Pp1pPpPPpp/PPPpPP1ppP/2Pp3p1p/pp2ppPP1p/Pp1pppp1pp/pPP2ppPp1/1p1Pp1ppPp/1P5ppp w 0 5",
    ] {
        let game = Apart::<10>::from_text(&parse_position_text(text).unwrap()).unwrap();
        let crossed = check(&game, 20_000_000);
        println!(
            "{text}: {} turns, cross-checked {crossed}",
            listed(&game).len()
        );
    }
}
