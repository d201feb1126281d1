//! How each game's moves are entered leg by leg, as the PettingZoo environment enters them: the
//! legal next legs of a path of squares, the move a whole path makes, and the board kept for the
//! planes as each move is played.

use super::shape::{BLACK, BURNED, EMPTY, Shape, WHITE, side_code};
use tabula_core::game::Game;
use tabula_core::games::apart::Apart;
use tabula_core::games::claustro::Claustro;
use tabula_core::games::jesonmor::JesonMor;
use tabula_core::games::joust::Joust;

/// The squares of a move entered leg by leg, and how many: two, or three for a Claustro capture.
pub(super) type Squares = ([u16; 3], usize);

/// How a game's moves are entered leg by leg.
pub(super) trait Legs: Game {
    /// Fills `legs` with the legal actions once the squares `path` are entered this turn
    /// (`moves` are the position's legal moves, `board` its cells), and returns the move that
    /// `path` makes if it is whole (the pass for an empty path where that is the only move).
    fn legs(
        &self,
        moves: &[Self::Move],
        path: &[u16],
        board: &[u8],
        shape: Shape,
        legs: &mut Vec<u32>,
    ) -> Option<Self::Move>;

    /// Whether [`Legs::legs`] reads the position's legal moves (else they are listed only for
    /// an opponent that draws among them).
    const READS_MOVES: bool = true;

    /// Updates `board` (cell codes) for `mv`, played by `mover`.
    fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]);
}

/// [`Legs::legs`] for a game whose moves each visit a fixed run of squares (`squares`), and
/// never pass.
pub(super) fn legs_by_squares<M: Copy>(
    moves: &[M],
    squares: impl Fn(M) -> Squares,
    path: &[u16],
    shape: Shape,
    legs: &mut Vec<u32>,
) -> Option<M> {
    let mut complete = None;
    for &mv in moves {
        // Element by element: a slice comparison calls memcmp, slow for three squares.
        let (run, len) = squares(mv);
        let run = &run[..len];
        let follows = run.len() >= path.len() && path.iter().zip(run).all(|(a, b)| a == b);
        let leg = if path.is_empty() {
            shape.leg(run[0], run[1])
        } else if !follows {
            continue;
        } else if run.len() == path.len() {
            complete = Some(mv);
            continue;
        } else {
            shape.leg(run[path.len() - 1], run[path.len()])
        };
        // A capture's placements follow each other: one leg for them all.
        if legs.last() != Some(&leg) {
            legs.push(leg);
        }
    }
    legs.sort_unstable();
    legs.dedup();
    if complete.is_some() {
        legs.push(shape.stop());
    }
    complete
}

/// [`Legs`] for a game whose moves each visit the fixed run of squares `squares` gives, and
/// whose board `move_board` updates.
macro_rules! legs_by_squares {
    ($game:ident, $squares:expr, $move_board:expr) => {
        impl<const W: usize> Legs for $game<W> {
            fn legs(
                &self,
                moves: &[Self::Move],
                path: &[u16],
                _board: &[u8],
                shape: Shape,
                legs: &mut Vec<u32>,
            ) -> Option<Self::Move> {
                legs_by_squares(moves, $squares, path, shape, legs)
            }

            fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]) {
                $move_board(mv, mover, board)
            }
        }
    };
}

/// [`Legs`] for a game of knights, whose moves go from a square to another, leaving `left`.
macro_rules! legs_of_knights {
    ($game:ident, $left:expr) => {
        legs_by_squares!(
            $game,
            |mv: <$game<W> as Game>::Move| ([mv.from, mv.to, 0], 2),
            |mv: <$game<W> as Game>::Move, mover, board: &mut [u8]| {
                board[mv.from as usize] = $left;
                board[mv.to as usize] = mover;
            }
        );
    };
}

// A Joust knight burns the square it leaves; a Jeson Mor knight leaves it empty.
legs_of_knights!(Joust, BURNED);
legs_of_knights!(JesonMor, EMPTY);
// A Claustro capture places the captured pawn: three squares.
legs_by_squares!(
    Claustro,
    |mv: <Claustro<W> as Game>::Move| {
        let (from, to) = (mv.from() as u16, mv.to() as u16);
        match mv.placement() {
            Some(placement) => ([from, to, placement as u16], 3),
            None => ([from, to, 0], 2),
        }
    },
    |mv: <Claustro<W> as Game>::Move, mover, board: &mut [u8]| {
        board[mv.from()] = EMPTY;
        board[mv.to()] = mover;
        if let Some(placement) = mv.placement() {
            board[placement] = WHITE + BLACK - mover;
        }
    }
);

/// Apart's turns are entered movement by movement, as in the PettingZoo environment: the first
/// movements from the line lengths, the later ones asked of the rules square by square (whether
/// the path so far plus a square is a legal turn): a turn is its start, end and captures, not
/// one run of squares.
impl<const W: usize> Legs for Apart<W> {
    const READS_MOVES: bool = false;

    fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]) {
        if mv.is_pass() {
            return;
        }
        for square in mv.captured.squares() {
            board[square] = EMPTY;
        }
        board[mv.start as usize] = EMPTY;
        board[mv.end as usize] = mover;
    }

    fn legs(
        &self,
        _moves: &[Self::Move],
        path: &[u16],
        board: &[u8],
        shape: Shape,
        legs: &mut Vec<u32>,
    ) -> Option<Self::Move> {
        let names = |squares: &[u16]| {
            let mut text = String::new();
            for &square in squares {
                shape.geometry.push_square_name(square as usize, &mut text);
            }
            text
        };
        let makes_a_move = |prefix: &str, to: usize| {
            let mut text = prefix.to_string();
            shape.geometry.push_square_name(to, &mut text);
            self.parse_move(&text).is_ok()
        };
        let mover = side_code(self.side_to_move());
        let mut complete = None;
        if path.is_empty() {
            // A first movement is legal wherever the line lengths reach a square that holds no
            // friendly piece (rules.md, Apart); the rules are asked about the later ones.
            for from in (0..shape.cells).filter(|&square| board[square] == mover) {
                for to in apart_reach(board, &[from as u16], mover, shape) {
                    if board[to] != mover {
                        legs.push(shape.leg(from as u16, to as u16));
                    }
                }
            }
            legs.sort_unstable();
            legs.dedup();
            if legs.is_empty() {
                complete = self.parse_move("0000").ok();
            }
        } else {
            let prefix = names(path);
            let last = path[path.len() - 1];
            for to in apart_reach(board, path, mover, shape) {
                if makes_a_move(&prefix, to) {
                    legs.push(shape.leg(last, to as u16));
                }
            }
            legs.sort_unstable();
            legs.dedup();
            if path.len() >= 2 {
                complete = self.parse_move(&prefix).ok();
            }
        }
        if complete.is_some() {
            legs.push(shape.stop());
        }
        complete
    }
}

/// The squares an Apart piece of `mover` that has entered `path` this turn (its start first)
/// may move to next, by the line lengths where it stands: along each of the four axes, exactly
/// as many squares as the unbroken run of friendly pieces through it, its start empty and the
/// pieces it landed on captured. For a first movement these are the legal targets (but for a
/// friendly piece's square); after a jump the rules judge each, and no other square is asked
/// about.
pub(super) fn apart_reach(board: &[u8], path: &[u16], mover: u8, shape: Shape) -> Vec<usize> {
    let mut now = board.to_vec();
    for &square in path {
        now[square as usize] = EMPTY;
    }
    let here = path[path.len() - 1] as usize;
    now[here] = mover;
    let geometry = shape.geometry;
    let run = |dx: i32, dy: i32| {
        let mut count = 0;
        let mut at = here;
        while let Some(next) = geometry.offset(at, dx, dy) {
            if now[next] != mover {
                break;
            }
            count += 1;
            at = next;
        }
        count
    };
    let mut reach = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let length = 1 + run(dx, dy) + run(-dx, -dy);
        for sign in [1, -1] {
            if let Some(to) = geometry.offset(here, sign * dx * length, sign * dy * length) {
                reach.push(to);
            }
        }
    }
    reach
}
