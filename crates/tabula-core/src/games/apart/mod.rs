//! Apart (Kanare Abstract): each side tries to get all its pieces apart (no piece touching a
//! friendly one). A piece moves along an axis exactly its line length on that axis, leaping and
//! capturing, and may go on jumping; a whole turn is one move.
//!
//! Rules as in rules.md: a turn is identified by its start, its end and the set of squares it
//! captured (`ApartMove`); its printed path is the one with the fewest landings, the first in
//! (file, rank) order among those (see `notation`).
//!
//! A player with no move passes (`0000`). In a game that is not over this cannot happen on these
//! boards (a blocked piece needs its runs to reach the edge both ways, which fills the board with
//! its side), but the rule stays as rules.md writes it. Every position string of a legal size is
//! accepted, however crowded, and all its turns are listed (see `movegen` for why, and for the
//! worst case).

mod entry;
mod eval;
mod movegen;
mod nnue;
mod notation;
mod printed_paths;
mod scratch;
mod shortest_walks;
mod tables;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, geometry, zobrist};
use crate::board::position_text::{PositionText, piece_cell, position_string};
use crate::board::render;
use crate::game::{
    BoardSize, Cutoff, Game, GameMove, History, LateMoves, Left, MovePath, Side, Symmetry, Verdict,
    WrittenMoves,
};
use crate::nnue::board_net::{BoxedNetState, game_net_methods};
use movegen::Turns;
use tables::{Tables, tables};

/// Smallest and largest board side.
const SIDES: std::ops::RangeInclusive<usize> = 8..=25;
/// A game that reaches this many plies is drawn (engine policy).
const PLY_LIMIT: u64 = 400;
/// Hashed in while white is to make the first turn of the game (no continuation jumps then), so
/// that position never shares a table entry with the same board later in the game.
const FIRST_TURN_KEY: u64 = 0x5A17_C0DE_9E3B_4F21;
/// The square number a pass uses for its start and end.
const NO_SQUARE: u16 = u16::MAX;
/// Moves planned for beyond the turns the nearer side needs to stand apart.
const MOVES_LEFT_MARGIN: u32 = 4;

/// One whole turn: the piece on `start` ends on `end` having captured the pieces on `captured`.
/// Two jump sequences with the same three are the same move. A pass has no squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ApartMove<const W: usize> {
    pub start: u16,
    pub end: u16,
    pub captured: Bitboard<W>,
}

impl<const W: usize> ApartMove<W> {
    /// The pass (`0000`), legal only when no other move is.
    pub const PASS: Self = ApartMove {
        start: NO_SQUARE,
        end: NO_SQUARE,
        captured: Bitboard::EMPTY,
    };

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.start == NO_SQUARE
    }

    /// Twelve bits mixed from the captured squares (zero when nothing is captured).
    fn captures_digest(self) -> u32 {
        if self.captured.is_empty() {
            return 0;
        }
        let mixed = self.captured.0.iter().fold(0u64, |acc, &word| {
            (acc ^ word)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29)
        });
        (mixed >> 52) as u32
    }
}

impl<const W: usize> GameMove for ApartMove<W> {
    /// Start (10 bits), end (10 bits) and a 12-bit digest of the captured squares. Start and end
    /// differ in every move, so the tag is never zero; the pass has all bits set, which no move
    /// reaches (no square is numbered 1023).
    fn tag(self) -> u32 {
        if self.is_pass() {
            return u32::MAX;
        }
        (self.start as u32) << 22 | (self.end as u32) << 12 | self.captures_digest()
    }
}

/// An Apart position on a board of at most `64 * W` squares.
#[derive(Clone, Debug)]
pub struct Apart<const W: usize> {
    geometry: &'static Geometry,
    tables: &'static Tables,
    /// The pieces of each side, indexed (white, black).
    pieces: [Bitboard<W>; 2],
    side: Side,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// The net it evaluates with, if any, and the net's accumulators for this position.
    net: BoxedNetState,
}

impl<const W: usize> Apart<W> {
    fn check_size(size: BoardSize) -> Result<(), String> {
        let allowed = size.width == size.height && SIDES.contains(&size.width);
        if !allowed || size.width * size.height > W * 64 {
            return Err(format!(
                "apart board {size} is not allowed (square, 8x8 to 25x25)"
            ));
        }
        Ok(())
    }

    fn new(size: usize, pieces: [Bitboard<W>; 2], side: Side, counters: (u32, u32)) -> Self {
        let position = Apart {
            geometry: geometry(size, size),
            tables: tables(size),
            pieces,
            side,
            halfmove: counters.0,
            fullmove: counters.1,
            hash: 0,
            net: BoxedNetState::default(),
        };
        position.ready()
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for (kind, pieces) in self.pieces.iter().enumerate() {
            for square in pieces.squares() {
                hash ^= zobrist::key(kind, square);
            }
        }
        if self.side == Side::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        if self.is_first_turn() {
            hash ^= FIRST_TURN_KEY;
        }
        hash
    }

    /// The pieces of `side`.
    pub fn pieces(&self, side: Side) -> Bitboard<W> {
        self.pieces[side.index()]
    }

    /// Whether this is white's first turn of the game (white to move, fullmove 1): a single
    /// movement, no continuation jumps.
    pub fn is_first_turn(&self) -> bool {
        self.side == Side::White && self.fullmove == 1
    }

    /// Whether no piece of `side` touches a friendly piece (true when it has no pieces).
    pub fn is_apart(&self, side: Side) -> bool {
        let pieces = self.pieces(side);
        pieces
            .squares()
            .all(|square| (self.tables.neighbourhood::<W>(square) & pieces).is_empty())
    }

    /// Plies played since the start, as the counters tell them.
    fn plies(&self) -> u64 {
        2 * (self.fullmove as u64 - 1) + (self.side == Side::Black) as u64
    }
}

impl<const W: usize> Game for Apart<W> {
    type Move = ApartMove<W>;
    const NAME: &'static str = "apart";
    const RULES: &'static str = "\
Apart: a piece moves along a line (across, up, or diagonally) exactly as far as the number of \
friendly pieces in its unbroken run on that line, itself included, leaping over anything, never \
onto a friendly piece, and capturing an enemy piece it lands on. A move of two or more may be followed by further such \
jumps of the same piece, never back onto a square it stood on this turn (not on white's first \
turn). Whoever has every piece apart, touching no friendly piece even diagonally, wins: the \
player to move first, then the player who just moved. A player with no move passes (0000); \
threefold repetition, two passes in a row and 400 plies are draws.";
    // Lines run along all four axes; the colours are not symmetric (white's first turn).
    const SYMMETRIES: &'static [Symmetry] = &Symmetry::BOARD;
    const LATE_MOVES: LateMoves = LateMoves::ReduceAndPrune;

    fn start(size: BoardSize) -> Result<Self, String> {
        Self::check_size(size)?;
        let n = size.width;
        let g = geometry(n, n);
        let mut pieces = [Bitboard::EMPTY; 2];
        for x in 1..n - 1 {
            for y in [0, 1] {
                pieces[0].insert(g.square(x, y));
                pieces[1].insert(g.square(x, n - 1 - y));
            }
        }
        Ok(Self::new(n, pieces, Side::White, (0, 1)))
    }

    fn from_text(text: &PositionText) -> Result<Self, String> {
        Self::check_size(text.size())?;
        let pieces = text.piece_sets("apart", ['P', 'p'])?;
        Ok(Self::new(
            text.width,
            pieces,
            text.side,
            (text.halfmove, text.fullmove),
        ))
    }

    fn to_text(&self) -> String {
        let cell = |square| piece_cell(&self.pieces, ['P', 'p'], square);
        position_string(self.size(), cell, self.side, (self.halfmove, self.fullmove))
    }

    fn size(&self) -> BoardSize {
        BoardSize::square(self.geometry.width)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<ApartMove<W>>) {
        if self.verdict().is_some() {
            return;
        }
        let before = moves.len();
        movegen::generate(self, Turns::All, moves, Cutoff::NEVER);
        if moves.len() == before {
            moves.push(ApartMove::PASS);
        }
    }

    /// The turns without captures: a flood fill per piece, where the capture search behind the
    /// others can cost a thousand times more (and captures rarely pay: they help the victim).
    /// Where every turn captures, none is listed here (a crowded board can have millions, which
    /// only the search's cutoff may bound): the first one found tells that they are to come,
    /// and without one the pass is the move.
    fn cheap_moves(&self, moves: &mut Vec<ApartMove<W>>) -> bool {
        if self.verdict().is_some() {
            return false;
        }
        let before = moves.len();
        movegen::generate(self, Turns::WithoutCaptures, moves, Cutoff::NEVER);
        if moves.len() > before {
            return true;
        }
        let mut first = Vec::new();
        let first_only = Cutoff {
            max_moves: 1,
            ..Cutoff::NEVER
        };
        movegen::generate(self, Turns::WithCaptures, &mut first, first_only);
        if first.is_empty() {
            moves.push(ApartMove::PASS);
            return false;
        }
        true
    }

    /// The turns that capture (a crowded 16 x 16 position can take a third of a second to list
    /// them all, and a contrived one minutes, hence the cutoff).
    fn remaining_moves(&self, moves: &mut Vec<ApartMove<W>>, cutoff: Cutoff) -> bool {
        movegen::generate(self, Turns::WithCaptures, moves, cutoff)
    }

    /// The turns of each start square in printed order (batches of a few thousand; see
    /// `notation` for how their paths are found), then the pass if there was no turn.
    fn written_move_batches(&self, visit: &mut WrittenMoves<ApartMove<W>>) {
        if self.verdict().is_some() {
            return;
        }
        let mut any = false;
        for start in self.pieces(self.side).squares() {
            let flow = notation::write_turns_from(self, start, &mut |moves, texts| {
                any = true;
                visit(moves, texts)
            });
            if flow.is_break() {
                return;
            }
        }
        if !any {
            let _ = visit(
                &[ApartMove::PASS],
                &[notation::move_text(self, ApartMove::PASS)],
            );
        }
    }

    /// The turns counted, never listed (a contrived position has hundreds of millions).
    fn count_legal_moves(&self) -> usize {
        if self.verdict().is_some() {
            return 0;
        }
        (movegen::count(self) as usize).max(1)
    }

    #[inline]
    fn play(&mut self, mv: ApartMove<W>) {
        let mover = self.side.index();
        let other = 1 - mover;
        if self.is_first_turn() {
            self.hash ^= FIRST_TURN_KEY;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if !mv.is_pass() {
            let (start, end) = (mv.start as usize, mv.end as usize);
            let planes = self.planes();
            self.net.shift(&planes, self.side, (start, end));
            for square in mv.captured.squares() {
                self.net.remove(&planes, self.side.opponent(), square);
            }
            self.pieces[mover].remove(start);
            self.pieces[mover].insert(end);
            self.hash ^= zobrist::key(mover, start) ^ zobrist::key(mover, end);
            for square in mv.captured.squares() {
                self.pieces[other].remove(square);
                self.hash ^= zobrist::key(other, square);
                self.halfmove = 0;
            }
        }
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    fn verdict(&self) -> Option<Verdict> {
        if self.is_apart(self.side) {
            return Some(Verdict::win(self.side, "all pieces apart"));
        }
        let last_mover = self.side.opponent();
        self.is_apart(last_mover)
            .then(|| Verdict::win(last_mover, "all pieces apart"))
    }

    fn history_verdict(&self, history: &History<ApartMove<W>>) -> Option<Verdict> {
        if !history.engine_draws() {
            return None;
        }
        if self.plies() >= PLY_LIMIT {
            return Some(Verdict::draw("400 plies"));
        }
        let mut latest = history.moves().rev();
        let passed = |mv: Option<ApartMove<W>>| mv.is_some_and(ApartMove::is_pass);
        if passed(latest.next()) && passed(latest.next()) {
            return Some(Verdict::draw("two passes in a row"));
        }
        // A capture can never be undone, so only positions since the last one can repeat.
        (history.occurrences(self.hash, self.halfmove as usize) >= 2)
            .then(|| Verdict::draw("threefold repetition"))
    }

    #[inline]
    /// Games end about when the nearer side's pieces stand apart (between engines, 8 x 8 games
    /// last a mean of 13 plies, 12 x 12 25 and 16 x 16 37): the turns it needs, plus a margin,
    /// at most the 60 the time plan takes.
    fn expected_moves_left(&self) -> u32 {
        (eval::turns_to_finish(self) + MOVES_LEFT_MARGIN).min(60)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_order_hint(&self, mv: ApartMove<W>) -> i32 {
        eval::move_order_hint(self, mv)
    }

    fn move_text(&self, mv: ApartMove<W>) -> String {
        notation::move_text(self, mv)
    }

    fn one_leg_targets(&self, from: usize) -> Vec<usize> {
        if self.verdict().is_some() {
            return Vec::new();
        }
        movegen::one_leg_targets(self, from)
    }

    fn move_texts(&self, moves: &[ApartMove<W>]) -> Vec<String> {
        notation::move_texts(self, moves)
    }

    fn parse_move(&self, text: &str) -> Result<ApartMove<W>, String> {
        notation::parse_move(self, text)
    }

    game_net_methods!();

    /// A turn is entered movement by movement, the rules asked about each square: it is its
    /// start, end and captures, not one run of squares.
    const ENTERED_BY_ASKING: bool = true;

    fn move_path(&self, _mv: ApartMove<W>) -> Option<MovePath> {
        None
    }

    fn asked_next_squares(&self, path: &[usize]) -> Vec<usize> {
        if self.verdict().is_some() {
            return Vec::new();
        }
        entry::next_movements(self, path)
    }

    /// The captured pieces and the start are left empty.
    fn move_changes(&self, mv: ApartMove<W>, change: &mut dyn FnMut(usize, Left)) {
        if mv.is_pass() {
            return;
        }
        for square in mv.captured.squares() {
            change(square, Left::Empty);
        }
        change(mv.start as usize, Left::Empty);
        change(mv.end as usize, Left::Mover);
    }

    fn picture(&self) -> String {
        let board = render::board_picture(self.geometry, |square| self.piece_letter(square));
        format!("{board}P white piece, p black piece\n")
    }
}

impl<const W: usize> Apart<W> {
    /// `P`, `p` or `.` for the square.
    fn piece_letter(&self, square: usize) -> char {
        if self.pieces[0].contains(square) {
            'P'
        } else if self.pieces[1].contains(square) {
            'p'
        } else {
            '.'
        }
    }
}

#[cfg(test)]
mod completeness_tests;
#[cfg(test)]
mod tests;
