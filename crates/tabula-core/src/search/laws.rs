//! The search's laws, which every game's search obeys (the rules' laws are in `games/laws.rs`),
//! run on crowded positions of several sizes generated at random: boards nearly full of pieces,
//! where nearly every move captures (or, in Joust, burned through):
//!
//! - a search limited to one node answers with a legal move, having counted at most
//!   `1 + FIRST_ITERATION_NODES` nodes, and `CHECK_WORK` more per helper thread;
//! - a search without limits, stopped 10 ms after it starts, answers with a legal move at once.
//!   "At once" is checked against [`STOP_ANSWERED_WITHIN`], a bound that tells a search that
//!   answers from one that does not (searches deaf to `stop` once went on for minutes), not a
//!   timing: on an idle machine the answer comes within a few milliseconds.

use super::alphabeta::{CHECK_WORK, FIRST_ITERATION_NODES};
use super::limits::Limits;
use super::tt::TranspositionTable;
use super::{Root, Settings, Signals, search, usable_threads};
use crate::board::position_text::{Cell, parse_position_text, position_string};
use crate::clock::Instant;
use crate::game::{BoardSize, Game, History, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How soon a stopped search must answer for the law to hold (see the module's notes).
const STOP_ANSWERED_WITHIN: Duration = Duration::from_secs(1);

/// How a game's crowded positions are filled: each square but the `excluded` ones holds a
/// piece (white or black alike) with the chance `pieces`, else a burned square with the chance
/// `burned`; with `one_knight_a_side`, two squares then get a knight each instead.
struct Crowd {
    letter: char,
    pieces: f64,
    burned: f64,
    one_knight_a_side: bool,
    excluded: fn(BoardSize, usize, usize) -> bool,
}

impl Crowd {
    /// Pieces written `letter` on about `share` of the squares but the `excluded` ones.
    fn pieces(letter: char, share: f64, excluded: fn(BoardSize, usize, usize) -> bool) -> Self {
        Crowd {
            letter,
            pieces: share,
            burned: 0.0,
            one_knight_a_side: false,
            excluded,
        }
    }

    /// A knight a side, and about `share` of the other squares burned (Joust).
    fn burned(share: f64) -> Self {
        Crowd {
            letter: 'n',
            pieces: 0.0,
            burned: share,
            one_knight_a_side: true,
            excluded: |_, _, _| false,
        }
    }
}

/// A random crowded position string of `size` as `crowd` fills it.
fn crowded_text(crowd: &Crowd, size: BoardSize, rng: &mut StdRng) -> String {
    let white = crowd.letter.to_ascii_uppercase();
    let mut cells: Vec<Cell> = (0..size.width * size.height)
        .map(|index| {
            let roll: f64 = rng.random();
            if (crowd.excluded)(size, index % size.width, index / size.width) {
                Cell::Empty
            } else if roll < crowd.pieces / 2.0 {
                Cell::Piece(white)
            } else if roll < crowd.pieces {
                Cell::Piece(crowd.letter)
            } else if roll < crowd.pieces + crowd.burned {
                Cell::Burned
            } else {
                Cell::Empty
            }
        })
        .collect();
    if crowd.one_knight_a_side {
        let white_square = rng.random_range(0..cells.len());
        let black_square = (white_square + rng.random_range(1..cells.len())) % cells.len();
        cells[white_square] = Cell::Piece(white);
        cells[black_square] = Cell::Piece(crowd.letter);
    }
    let side = if rng.random() {
        Side::White
    } else {
        Side::Black
    };
    position_string(size, |index| cells[index], side, (0, 20))
}

/// A crowded position of `G` at `size` whose game is not over: the first random fill that is
/// one.
fn crowded_position<G: Game>(crowd: &Crowd, size: BoardSize, rng: &mut StdRng) -> (G, String) {
    for _ in 0..1000 {
        let text = crowded_text(crowd, size, rng);
        let parsed = parse_position_text(&text).expect("a position string");
        if let Ok(position) = G::from_text(&parsed)
            && position.verdict().is_none()
        {
            return (position, text);
        }
    }
    panic!("{} {size}: no crowded position found", G::NAME)
}

/// Searches `position` within `limits` on `threads` threads, stopping it `stop_after` after it
/// starts if given: its move, the nodes it counted, and how long after the stop it answered.
fn search_crowded<G: Game>(
    position: &G,
    limits: &Limits,
    threads: usize,
    stop_after: Option<Duration>,
) -> (Option<G::Move>, u64, Duration) {
    let tt = TranspositionTable::new(1);
    let signals = Signals::default();
    let history = History::new(true);
    let root = Root {
        position,
        history: &history,
        moves: &[],
        tablebase: None,
    };
    let settings = Settings {
        threads,
        ..Settings::default()
    };
    std::thread::scope(|scope| {
        let stopped_at = scope.spawn(|| {
            let delay = stop_after?;
            std::thread::sleep(delay);
            signals.stop.store(true, Ordering::Relaxed);
            Some(Instant::now())
        });
        let result = search(root, limits, settings, &tt, &signals, &mut |_| {});
        let answered = Instant::now();
        let late = stopped_at
            .join()
            .expect("the stopping thread")
            .map_or(Duration::ZERO, |stopped| {
                answered.saturating_duration_since(stopped)
            });
        (result.best_move, result.nodes, late)
    })
}

/// Whether `mv` is a legal move of `position`: its text reads back as it. (Listing every legal
/// move would not do: a crowded Apart board has hundreds of millions.)
fn is_legal<G: Game>(position: &G, mv: Option<G::Move>) -> bool {
    mv.is_some_and(|mv| position.parse_move(&position.move_text(mv)) == Ok(mv))
}

/// Checks both laws on three crowded positions of `G` at `size`.
fn obey_the_search_laws<G: Game>(crowd: &Crowd, size: BoardSize) {
    let mut rng = StdRng::seed_from_u64(size.width as u64 * 31 + size.height as u64);
    for _ in 0..3 {
        let (position, text) = crowded_position::<G>(crowd, size, &mut rng);
        let one_node = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        for threads in [1, 2] {
            let (mv, nodes, _) = search_crowded(&position, &one_node, threads, None);
            let most =
                1 + FIRST_ITERATION_NODES + CHECK_WORK * (usable_threads(threads) - 1) as u64;
            assert!(
                nodes <= most,
                "{}: '{text}' nodes 1 counted {nodes}",
                G::NAME
            );
            assert!(is_legal(&position, mv), "{}: '{text}'", G::NAME);
        }
        let until_stopped = Limits {
            infinite: true,
            ..Limits::default()
        };
        let stop_after = Some(Duration::from_millis(10));
        let (mv, _, late) = search_crowded(&position, &until_stopped, 1, stop_after);
        assert!(
            late <= STOP_ANSWERED_WITHIN,
            "{}: '{text}' answered {late:?} after stop",
            G::NAME
        );
        assert!(is_legal(&position, mv), "{}: '{text}'", G::NAME);
    }
}

/// Calls [`obey_the_search_laws`] for `$game` at each size, with the word count it needs.
macro_rules! at_each_size {
    ($game:ident, $crowd:expr, $sizes:expr) => {{
        for n in $sizes {
            let size = BoardSize::square(n);
            match crate::board::bitboard::words_for(n * n) {
                1 => obey_the_search_laws::<$game<1>>(&$crowd, size),
                2 => obey_the_search_laws::<$game<2>>(&$crowd, size),
                4 => obey_the_search_laws::<$game<4>>(&$crowd, size),
                _ => obey_the_search_laws::<$game<10>>(&$crowd, size),
            }
        }
    }};
}

mod every_game {
    use super::*;
    use crate::games::{apart::Apart, claustro::Claustro, jesonmor::JesonMor, joust::Joust};

    fn nothing_excluded(_: BoardSize, _: usize, _: usize) -> bool {
        false
    }

    fn corners(size: BoardSize, x: usize, y: usize) -> bool {
        (x == 0 || x == size.width - 1) && (y == 0 || y == size.height - 1)
    }

    fn centre(size: BoardSize, x: usize, y: usize) -> bool {
        x == size.width / 2 && y == size.height / 2
    }

    #[test]
    fn joust() {
        at_each_size!(Joust, Crowd::burned(0.4), [8, 16, 25]);
    }

    #[test]
    fn jesonmor() {
        at_each_size!(JesonMor, Crowd::pieces('n', 0.8, centre), [9, 15, 25]);
    }

    #[test]
    fn claustro() {
        at_each_size!(Claustro, Crowd::pieces('p', 0.5, corners), [5, 9, 25]);
    }

    #[test]
    fn apart() {
        at_each_size!(
            Apart,
            Crowd::pieces('p', 0.8, nothing_excluded),
            [8, 16, 25]
        );
    }
}
