//! Claustro (Federico Latini, 2023): pawns step towards the opposite corner, capture diagonally and
//! place the captured pawn anywhere; entering one's goal wins, and so does having no legal move.
//!
//! For tools that enumerate positions (a retrograde solver), [`Claustro::from_pawns`],
//! [`Claustro::pawns`] and [`Claustro::layout`] give the whole state as two bitboards and the
//! side to move; captures never remove a pawn, so each side keeps its start count for ever.

mod eval;
mod layout;
mod moves;
mod nnue;
mod picture;
pub mod pieces;
pub mod solution;
pub mod solve;
pub mod space;

pub use layout::{Layout, layout};
pub use moves::ClaustroMove;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::zobrist;
use crate::board::position_text::{PositionText, piece_cell, position_string};
use crate::game::{
    BoardMark, BoardSize, Game, GameMove, History, Left, MarkKind, MovePath, Side, SquareMap,
    Symmetry, Verdict,
};
use crate::nnue::board_net::{NetState, game_net_methods};
use crate::tablebase::Tablebase;
use std::any::Any;

/// The smallest and largest width or height.
const SIDES: std::ops::RangeInclusive<usize> = 5..=25;
/// The engine-policy draw: a game that reaches this many plies is drawn.
pub const DRAW_PLIES: u32 = 400;
/// The repetition rule looks at this many plies: `m n m n m n`.
const REPETITION_PLIES: usize = 6;

/// A Claustro position on a board of at most `64 * W` squares.
#[derive(Clone, Debug)]
pub struct Claustro<const W: usize> {
    layout: &'static Layout,
    /// The pawns, indexed by side (white, black).
    pawns: [Bitboard<W>; 2],
    side: Side,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// The net it evaluates with, if any, and the net's accumulators for this position.
    net: NetState,
}

impl<const W: usize> Claustro<W> {
    fn check_size(size: BoardSize) -> Result<(), String> {
        if !SIDES.contains(&size.width)
            || !SIDES.contains(&size.height)
            || size.width * size.height > W * 64
        {
            return Err(format!(
                "claustro board {size} is not allowed (5 to 25 each way)"
            ));
        }
        Ok(())
    }

    /// The position with these pawns and side to move (counters `0 1`), or why it breaks the
    /// rules: a pawn on a neutral corner or on its own home corner, pawns of both sides on their
    /// goals, a size out of range.
    pub fn from_pawns(
        size: BoardSize,
        white: Bitboard<W>,
        black: Bitboard<W>,
        side: Side,
    ) -> Result<Self, String> {
        Self::check_size(size)?;
        let layout = layout(size.width, size.height);
        let position = Self::new(layout, [white, black], side, (0, 1));
        position.check_pawns()?;
        Ok(position)
    }

    fn new(
        layout: &'static Layout,
        pawns: [Bitboard<W>; 2],
        side: Side,
        counters: (u32, u32),
    ) -> Self {
        let position = Claustro {
            layout,
            pawns,
            side,
            halfmove: counters.0,
            fullmove: counters.1,
            hash: 0,
            net: NetState::default(),
        };
        position.ready()
    }

    fn check_pawns(&self) -> Result<(), String> {
        let g = self.layout.geometry;
        if !(self.pawns[0] & self.pawns[1]).is_empty() {
            return Err("a square holds pawns of both sides".to_string());
        }
        for corner in self.layout.neutral_corners() {
            if (self.pawns[0] | self.pawns[1]).contains(corner) {
                return Err(format!(
                    "a pawn on the neutral corner {}",
                    g.square_name(corner)
                ));
            }
        }
        for side in [Side::White, Side::Black] {
            let home = self.layout.home(side);
            if self.pawns(side).contains(home) {
                return Err(format!(
                    "a {} pawn on its own home corner {}",
                    side.name(),
                    g.square_name(home)
                ));
            }
        }
        if self.pawn_on_goal(Side::White) && self.pawn_on_goal(Side::Black) {
            return Err("pawns of both sides on their goals".to_string());
        }
        Ok(())
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for (kind, pawns) in self.pawns.iter().enumerate() {
            for square in pawns.squares() {
                hash ^= zobrist::key(kind, square);
            }
        }
        if self.side == Side::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        hash
    }

    /// The board's tables (corners, goals, neighbours, distances).
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The pawns of `side`.
    #[inline]
    pub fn pawns(&self, side: Side) -> Bitboard<W> {
        self.pawns[side.index()]
    }

    /// Whether a pawn of `side` stands on its goal (then `side` has won).
    #[inline]
    fn pawn_on_goal(&self, side: Side) -> bool {
        self.pawns(side).contains(self.layout.goal(side))
    }

    /// The side that has won by entering its goal, if any.
    #[inline]
    pub fn goal_winner(&self) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|&side| self.pawn_on_goal(side))
    }

    /// Plies played since the start position, from the move counters.
    pub fn plies(&self) -> u32 {
        let black_moved = (self.side == Side::Black) as u32;
        (self.fullmove.saturating_sub(1))
            .saturating_mul(2)
            .saturating_add(black_moved)
    }

    /// Whether the last six moves are `m n m n m n`: each player repeated one move three times.
    fn is_repetition(history: &History<ClaustroMove>) -> bool {
        let mut recent = [None; REPETITION_PLIES];
        for (slot, mv) in recent.iter_mut().zip(history.moves().rev()) {
            *slot = Some(mv);
        }
        let [Some(m1), Some(n1), Some(m2), Some(n2), Some(m3), Some(n3)] = recent else {
            return false;
        };
        m1 == m2 && m2 == m3 && n1 == n2 && n2 == n3
    }

    /// The legal move with these squares, if there is one.
    fn legal_move(&self, squares: &[usize]) -> Result<ClaustroMove, String> {
        let g = self.layout.geometry;
        let (mv, from) = match *squares {
            [from, to] => (ClaustroMove::step(from, to), from),
            [from, to, placement] => (ClaustroMove::capture(from, to, placement), from),
            _ => {
                return Err(
                    "a claustro move is two squares (a step, b1b2) or three (a capture and its \
                     placement, b2c3d5)"
                        .to_string(),
                );
            }
        };
        if !self.pawns(self.side).contains(from) {
            return Err(format!(
                "no {} pawn on {}",
                self.side.name(),
                g.square_name(from)
            ));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            return Ok(mv);
        }
        let is_capture = self.capture_targets(self.side, from).any(|t| t == mv.to());
        Err(match (is_capture, mv.placement()) {
            (true, None) => "a capture needs a third square: where the captured pawn goes".into(),
            (true, Some(_)) => {
                "the captured pawn must go to an empty square that is not a corner".into()
            }
            (false, _) => "not a legal move here".into(),
        })
    }
}

impl<const W: usize> Game for Claustro<W> {
    type Move = ClaustroMove;
    const NAME: &'static str = "claustro";
    const RULES: &'static str = "\
Claustro: pawns step one square straight towards their goal, the far corner (G for white, g for \
black), and a pawn that enters its goal wins. A pawn captures one square diagonally, in any \
direction; the captured pawn is not removed but placed again at once by the capturer on any \
empty square that is not a corner (written from, to, placement: b2c3d5). A player to move with \
no move wins, and so does the player who makes the last of six plies repeating two moves three \
times. A game of 400 plies is drawn.";
    // The transpose keeps each side's home, goal and directions (and swaps the neutral
    // corners); a half turn maps each side's onto the other's.
    const SYMMETRIES: &'static [Symmetry] = &[
        Symmetry::keeping_colours(SquareMap::Transpose),
        Symmetry {
            squares: SquareMap::HalfTurn,
            swap_colours: true,
        },
    ];
    const HAS_NOISY_MOVES: bool = true;
    /// Chosen by matches against 300: 130 gained most (200 less, 450 lost; 80 no better than 130).
    const FUTILITY_MARGIN: i32 = 130;
    const REDUCE_WITHOUT_TABLE_MOVE: bool = true;

    fn start(size: BoardSize) -> Result<Self, String> {
        Self::check_size(size)?;
        let layout = layout(size.width, size.height);
        let g = layout.geometry;
        let (w, h) = (size.width, size.height);
        let mut white = Bitboard::EMPTY;
        for x in 1..=w - 3 {
            white.insert(g.square(x, 0));
        }
        for y in 1..=h - 3 {
            white.insert(g.square(0, y));
        }
        let mut black = Bitboard::EMPTY;
        for square in white.squares() {
            black.insert(g.rotate_half_turn(square));
        }
        Ok(Self::new(layout, [white, black], Side::White, (0, 1)))
    }

    fn from_text(text: &PositionText) -> Result<Self, String> {
        let size = text.size();
        Self::check_size(size)?;
        let pawns = text.piece_sets("claustro", ['P', 'p'])?;
        let layout = layout(size.width, size.height);
        let position = Self::new(layout, pawns, text.side, (text.halfmove, text.fullmove));
        position.check_pawns()?;
        Ok(position)
    }

    fn to_text(&self) -> String {
        let cell = |square| piece_cell(&self.pawns, ['P', 'p'], square);
        position_string(self.size(), cell, self.side, (self.halfmove, self.fullmove))
    }

    fn size(&self) -> BoardSize {
        BoardSize {
            width: self.layout.geometry.width,
            height: self.layout.geometry.height,
        }
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<ClaustroMove>) {
        if self.goal_winner().is_none() {
            self.generate(self.side, moves);
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.goal_winner().is_some() {
            return 0;
        }
        self.count_moves(self.side)
    }

    #[inline]
    fn play(&mut self, mv: ClaustroMove) {
        self.make(mv);
    }

    fn verdict(&self) -> Option<Verdict> {
        if let Some(winner) = self.goal_winner() {
            return Some(Verdict::win(winner, "a pawn reached its goal"));
        }
        (!self.has_move(self.side))
            .then(|| Verdict::win(self.side, "no legal move (the player to move wins)"))
    }

    fn history_verdict(&self, history: &History<ClaustroMove>) -> Option<Verdict> {
        if Self::is_repetition(history) {
            return Some(Verdict::win(
                self.side.opponent(),
                "each player repeated one move three times (the last mover wins)",
            ));
        }
        (history.engine_draws() && self.plies() >= DRAW_PLIES)
            .then(|| Verdict::draw("400 plies (engine policy)"))
    }

    /// Whether a repetition is in progress, and which: the repetition rule decides games, so a
    /// position where it can still strike must not share its table entry with the same position
    /// reached otherwise. It can strike only where the latest two moves can be played again,
    /// which needs the position to be the one of two plies ago (a step never goes back; a
    /// capture and its answer can restore the board only by undoing each other). The key then
    /// says the two moves and how long the run of them is (2 to 5 plies: at 6 the game is over).
    fn history_key(&self, history: &History<ClaustroMove>) -> u64 {
        let (Some((before, first)), Some((_, second))) = (history.latest(1), history.latest(0))
        else {
            return 0;
        };
        if before != self.hash {
            return 0;
        }
        let repeated = history
            .moves()
            .rev()
            .zip(history.moves().rev().skip(2))
            .take_while(|(later, earlier)| later == earlier)
            .count();
        let run = (2 + repeated).min(REPETITION_PLIES - 1) as u64;
        let moves = ((first.tag() as u64) << 32) ^ second.tag() as u64;
        (run.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ moves).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1
    }

    /// Games run to hundreds of plies: between engines a median of 146 plies on 7 x 7 (73 moves
    /// each), 262 on 9 x 9 and the 400-ply limit on 13 x 13. Planned as a move per square (5 x 5:
    /// 25, 7 x 7: 49, 8 x 8 and up: 60, the most the time plan takes).
    fn expected_moves_left(&self) -> u32 {
        let size = self.size();
        ((size.width * size.height) as u32).clamp(20, 60)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// A loaded solution table (`SolutionFile`).
    fn tablebase(source: &dyn Any) -> Option<&dyn Tablebase<Self>> {
        source
            .downcast_ref::<solution::SolutionTable>()
            .map(|table| table as &dyn Tablebase<Self>)
    }

    #[inline]
    fn move_order_hint(&self, mv: ClaustroMove) -> i32 {
        eval::move_order_hint(self, mv)
    }

    #[inline]
    fn is_noisy(&self, mv: ClaustroMove) -> bool {
        eval::is_noisy(self, mv)
    }

    fn move_text(&self, mv: ClaustroMove) -> String {
        let g = self.layout.geometry;
        let mut text = g.square_name(mv.from()) + &g.square_name(mv.to());
        if let Some(placement) = mv.placement() {
            text += &g.square_name(placement);
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<ClaustroMove, String> {
        let squares = self.layout.geometry.parse_square_path(text)?;
        self.legal_move(&squares)
    }

    game_net_methods!();

    /// A capture's placement of the captured pawn is its third square.
    fn move_path(&self, mv: ClaustroMove) -> Option<MovePath> {
        match mv.placement() {
            Some(placement) => MovePath::new(&[mv.from(), mv.to(), placement]),
            None => Some(MovePath::leg(mv.from(), mv.to())),
        }
    }

    fn move_changes(&self, mv: ClaustroMove, change: &mut dyn FnMut(usize, Left)) {
        change(mv.from(), Left::Empty);
        change(mv.to(), Left::Mover);
        if let Some(placement) = mv.placement() {
            change(placement, Left::Opponent);
        }
    }

    fn picture(&self) -> String {
        picture::picture(self)
    }

    /// White's goal top right, black's bottom left, and the two neutral corners.
    fn board_marks(size: BoardSize) -> Vec<BoardMark> {
        let (right, top) = (size.width - 1, size.height - 1);
        let mark = |square, kind| BoardMark { square, kind };
        vec![
            mark((right, top), MarkKind::Goal(Side::White)),
            mark((0, 0), MarkKind::Goal(Side::Black)),
            mark((right, 0), MarkKind::Corner),
            mark((0, top), MarkKind::Corner),
        ]
    }
}

#[cfg(test)]
mod solve_tests;
#[cfg(test)]
mod tests;
