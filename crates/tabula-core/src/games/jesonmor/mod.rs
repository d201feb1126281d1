//! Jeson Mor: nine knights a side on a 9 x 9 board (any odd N from 5 to 25); a move that starts on
//! the centre wins, capturing the last enemy knight wins, and the player to move with no legal move
//! loses. Engine-policy draws: threefold repetition and 100 plies without a capture.

mod eval;
pub mod nnue;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, geometry, zobrist};
use crate::board::position_text::{PositionText, piece_cell, position_string};
use crate::board::render;
use crate::game::{
    BoardMark, BoardSize, Game, GameMove, History, LateMoves, Left, MarkKind, MovePath, Side,
    Symmetry, Verdict,
};
use crate::nnue::board_net::{NetState, game_net_methods};

/// Zobrist kind of the "last move left the centre" flag (kinds 0 and 1 are the knights).
const LEFT_CENTRE_KIND: usize = 2;
/// Plies without a capture after which the game is drawn (engine policy).
const CAPTURE_FREE_PLIES: u32 = 100;
/// Occurrences of a position, the current one included, that draw the game (engine policy).
const REPETITIONS: usize = 3;

/// A knight's leap, plain or capturing; `from` always holds a knight of the mover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JesonMorMove {
    pub from: u16,
    pub to: u16,
}

impl GameMove for JesonMorMove {
    fn tag(self) -> u32 {
        (self.from as u32) << 16 | (self.to as u32 + 1)
    }
}

/// A Jeson Mor position on an N x N board of at most `64 * W` squares.
#[derive(Clone, Debug)]
pub struct JesonMor<const W: usize> {
    geometry: &'static Geometry,
    /// The knights, indexed by side (white, black).
    knights: [Bitboard<W>; 2],
    centre: usize,
    side: Side,
    /// The last move started on the centre: its mover has won.
    left_centre: bool,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// The net it evaluates with, if any, and the net's accumulators for this position.
    net: NetState,
}

impl<const W: usize> JesonMor<W> {
    fn check_size(size: BoardSize) -> Result<(), String> {
        let n = size.width;
        let allowed = size.height == n && n % 2 == 1 && (5..=25).contains(&n);
        if !allowed || n * n > W * 64 {
            return Err(format!(
                "jesonmor board {size} is not allowed (N x N with N odd, 5 to 25)"
            ));
        }
        Ok(())
    }

    fn new(n: usize, knights: [Bitboard<W>; 2], side: Side, counters: (u32, u32)) -> Self {
        let geometry = geometry(n, n);
        let position = JesonMor {
            geometry,
            knights,
            centre: geometry.square(n / 2, n / 2),
            side,
            left_centre: false,
            halfmove: counters.0,
            fullmove: counters.1,
            hash: 0,
            net: NetState::default(),
        };
        position.ready()
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for (kind, knights) in self.knights.iter().enumerate() {
            for square in knights.squares() {
                hash ^= zobrist::key(kind, square);
            }
        }
        if self.left_centre {
            hash ^= zobrist::key(LEFT_CENTRE_KIND, self.centre);
        }
        if self.side == Side::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        hash
    }

    /// The knights of `side`.
    #[inline]
    pub fn knights(&self, side: Side) -> Bitboard<W> {
        self.knights[side.index()]
    }

    /// The squares a knight on the centre attacks, which are those attacking the centre.
    #[inline]
    pub fn centre_guards(&self) -> Bitboard<W> {
        self.geometry.knight_targets::<W>(self.centre)
    }

    /// Whether a decisive rule has ended the game: the last move left the centre, or a side has
    /// no knights. On boards of 5 x 5 and up every square has knight moves and the knight graph is
    /// connected, so a side with a knight and an enemy knight always has a move (a side whose
    /// knights had none would fill the board); "no legal move" needs no test of its own.
    #[inline]
    fn is_decided(&self) -> bool {
        self.left_centre || self.knights[0].is_empty() || self.knights[1].is_empty()
    }

    /// The squares the knight on `from` may leap to (empty or enemy).
    #[inline]
    fn targets_from(&self, from: usize, own: Bitboard<W>) -> Bitboard<W> {
        self.geometry.knight_targets::<W>(from).without(own)
    }

    /// The number of moves of the knights `own` (a knight's moves depend on its own side's
    /// knights alone: it may land on any enemy).
    #[inline]
    fn mobility(&self, own: Bitboard<W>) -> u64 {
        own.squares()
            .map(|from| u64::from(self.targets_from(from, own).count()))
            .sum()
    }

    /// Perft `depth` (1 or more) plies deep in a game not yet decided where the knights `own`
    /// are to move against the knights `enemy`: the moves played on the two sets alone, with no
    /// copy of the position (its counters, hash and net play no part in perft).
    fn knight_leaves(&self, own: Bitboard<W>, enemy: Bitboard<W>, depth: u32) -> u64 {
        if depth == 1 {
            return self.mobility(own);
        }
        let mut leaves = 0;
        // A move off the centre wins at once: there are no leaves below it.
        for from in own.without(Bitboard::from_square(self.centre)).squares() {
            let others = own.without(Bitboard::from_square(from));
            for to in self.targets_from(from, own).squares() {
                let landing = Bitboard::from_square(to);
                let survivors = enemy.without(landing);
                // Taking the last enemy knight wins at once too.
                if !survivors.is_empty() {
                    leaves += self.knight_leaves(survivors, others | landing, depth - 1);
                }
            }
        }
        leaves
    }

    fn is_capture(&self, mv: JesonMorMove) -> bool {
        self.knights[self.side.opponent().index()].contains(mv.to as usize)
    }
}

impl<const W: usize> Game for JesonMor<W> {
    type Move = JesonMorMove;
    const NAME: &'static str = "jesonmor";
    const RULES: &'static str = "\
Jeson Mor: each side has a rank of knights, which move as chess knights and capture by landing \
on an enemy knight. A knight that moves off the centre square (+) wins at once, so a knight must \
reach the centre and survive a turn there. Taking the last enemy knight also wins, and the player \
to move who has no move loses. Threefold repetition and 100 plies without a capture are draws.";
    // Knights move alike for both sides, and the centre is the centre of every map.
    const SYMMETRIES: &'static [Symmetry] = &Symmetry::BOARD_AND_COLOURS;
    const HAS_NOISY_MOVES: bool = true;
    const LATE_MOVES: LateMoves = LateMoves::ReduceAndPrune;
    const FUTILITY_MARGIN: i32 = 120;

    fn start(size: BoardSize) -> Result<Self, String> {
        Self::check_size(size)?;
        let n = size.width;
        let g = geometry(n, n);
        let mut knights = [Bitboard::EMPTY; 2];
        for x in 0..n {
            knights[0].insert(g.square(x, 0));
            knights[1].insert(g.square(x, n - 1));
        }
        Ok(Self::new(n, knights, Side::White, (0, 1)))
    }

    fn from_text(text: &PositionText) -> Result<Self, String> {
        Self::check_size(text.size())?;
        let knights = text.piece_sets("jesonmor", ['N', 'n'])?;
        Ok(Self::new(
            text.width,
            knights,
            text.side,
            (text.halfmove, text.fullmove),
        ))
    }

    fn to_text(&self) -> String {
        let cell = |square| piece_cell(&self.knights, ['N', 'n'], square);
        position_string(self.size(), cell, self.side, (self.halfmove, self.fullmove))
    }

    fn size(&self) -> BoardSize {
        BoardSize::square(self.geometry.width)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<JesonMorMove>) {
        if self.is_decided() {
            return;
        }
        let own = self.knights[self.side.index()];
        for from in own.squares() {
            for to in self.targets_from(from, own).squares() {
                moves.push(JesonMorMove {
                    from: from as u16,
                    to: to as u16,
                });
            }
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.is_decided() {
            return 0;
        }
        self.mobility(self.knights[self.side.index()]) as usize
    }

    fn count_leaves(&self, depth: u32) -> u64 {
        if depth == 0 {
            1
        } else if self.is_decided() {
            0
        } else {
            let side = self.side.index();
            self.knight_leaves(self.knights[side], self.knights[1 - side], depth)
        }
    }

    #[inline]
    fn play(&mut self, mv: JesonMorMove) {
        let mover = self.side.index();
        let (from, to) = (mv.from as usize, mv.to as usize);
        let captured = self.knights[1 - mover].contains(to);
        let planes = self.planes();
        self.net.shift(&planes, self.side, (from, to));
        if captured {
            self.net.remove(&planes, self.side.opponent(), to);
        }
        self.knights[mover].remove(from);
        self.knights[mover].insert(to);
        self.hash ^= zobrist::key(mover, from) ^ zobrist::key(mover, to) ^ zobrist::BLACK_TO_MOVE;
        let enemy = 1 - mover;
        if captured {
            self.knights[enemy].remove(to);
            self.hash ^= zobrist::key(enemy, to);
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if from == self.centre {
            self.left_centre = true;
            self.hash ^= zobrist::key(LEFT_CENTRE_KIND, self.centre);
        }
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
    }

    /// Jeson Mor has no zugzwang to speak of: a knight always has a useful move.
    fn null_move(&self) -> Option<Self> {
        let mut passed = self.clone();
        passed.hash ^= zobrist::BLACK_TO_MOVE;
        if self.side == Side::Black {
            passed.fullmove = passed.fullmove.saturating_add(1);
        }
        passed.side = self.side.opponent();
        Some(passed)
    }

    fn verdict(&self) -> Option<Verdict> {
        let mover = self.side.opponent();
        if self.left_centre {
            Some(Verdict::win(mover, "a knight left the centre"))
        } else if self.knights(self.side).is_empty() {
            Some(Verdict::win(mover, "no knights left"))
        } else if self.knights(mover).is_empty() {
            Some(Verdict::win(self.side, "no knights left"))
        } else {
            None
        }
    }

    fn history_verdict(&self, history: &History<JesonMorMove>) -> Option<Verdict> {
        if !history.engine_draws() {
            return None;
        }
        if self.halfmove >= CAPTURE_FREE_PLIES {
            return Some(Verdict::draw("100 plies without a capture"));
        }
        // Positions before the last capture had more knights, so only the last `halfmove` count.
        let earlier = history.occurrences(self.hash, self.halfmove as usize);
        (earlier + 1 >= REPETITIONS).then(|| Verdict::draw("threefold repetition"))
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_order_hint(&self, mv: JesonMorMove) -> i32 {
        eval::move_order_hint(self, mv)
    }

    #[inline]
    fn is_noisy(&self, mv: JesonMorMove) -> bool {
        mv.from as usize == self.centre || self.is_capture(mv)
    }

    fn move_text(&self, mv: JesonMorMove) -> String {
        format!(
            "{}{}",
            self.geometry.square_name(mv.from as usize),
            self.geometry.square_name(mv.to as usize)
        )
    }

    fn parse_move(&self, text: &str) -> Result<JesonMorMove, String> {
        if !text.is_ascii() {
            return Err("a move is written in ASCII letters and digits".to_string());
        }
        let squares = self.geometry.parse_square_path(text)?;
        let &[from, to] = squares.as_slice() else {
            return Err("a jesonmor move is two squares, e.g. b1c3".to_string());
        };
        let own = self.knights(self.side);
        if !own.contains(from) {
            return Err(format!(
                "no {} knight on {}",
                self.side.name(),
                self.geometry.square_name(from)
            ));
        }
        if self.is_decided() || !self.targets_from(from, own).contains(to) {
            return Err("not a legal move here".to_string());
        }
        Ok(JesonMorMove {
            from: from as u16,
            to: to as u16,
        })
    }

    game_net_methods!();

    fn move_path(&self, mv: JesonMorMove) -> Option<MovePath> {
        Some(MovePath::leg(mv.from as usize, mv.to as usize))
    }

    /// A knight leaves its square empty (and takes what stood where it lands).
    fn move_changes(&self, mv: JesonMorMove, change: &mut dyn FnMut(usize, Left)) {
        change(mv.from as usize, Left::Empty);
        change(mv.to as usize, Left::Mover);
    }

    fn picture(&self) -> String {
        let board = render::board_picture(self.geometry, |square| {
            if self.knights[0].contains(square) {
                'N'
            } else if self.knights[1].contains(square) {
                'n'
            } else if square == self.centre {
                '+'
            } else {
                '.'
            }
        });
        format!(
            "{board}N white knight, n black knight, + the centre {}\n",
            self.geometry.square_name(self.centre)
        )
    }

    /// The centre, which both sides' knights make for.
    fn board_marks(size: BoardSize) -> Vec<BoardMark> {
        vec![BoardMark {
            square: (size.width / 2, size.height / 2),
            kind: MarkKind::Centre,
        }]
    }
}

#[cfg(test)]
mod eval_tests;
#[cfg(test)]
mod tests;
