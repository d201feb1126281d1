//! Joust: two knights on a W x H board; every square a knight leaves is burned; the player to move
//! with no legal move loses.

mod eval;
pub mod nnue;
pub mod proven_starts;
pub mod solve;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, geometry, zobrist};
use crate::board::position_text::{Cell, PositionText, position_string};
use crate::board::render;
use crate::game::{BoardSize, Game, GameMove, Left, MovePath, Side, Symmetry, Verdict};
use crate::nnue::board_net::{BoxedNetState, game_net_methods};
use crate::tablebase::Tablebase;
use std::any::Any;

/// Zobrist kind of the burned squares (kinds 0 and 1 are the white and black knight).
const BURNED_KIND: usize = 2;

/// A knight's leap; `from` is always the mover's knight.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JoustMove {
    pub from: u16,
    pub to: u16,
}

impl GameMove for JoustMove {
    fn tag(self) -> u32 {
        (self.from as u32) << 16 | (self.to as u32 + 1)
    }
}

/// A Joust position on a board of at most `64 * W` squares.
#[derive(Clone, Debug)]
pub struct Joust<const W: usize> {
    geometry: &'static Geometry,
    /// The knights' squares, indexed by side (white, black).
    knights: [usize; 2],
    burned: Bitboard<W>,
    side: Side,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// The net it evaluates with, if any, and the net's accumulators for this position.
    net: BoxedNetState,
}

impl<const W: usize> Joust<W> {
    fn check_size(size: BoardSize) -> Result<(), String> {
        let fits = (3..=25).contains(&size.width) && (3..=25).contains(&size.height);
        if !fits || size.width * size.height > W * 64 {
            return Err(format!(
                "joust board {size} is not allowed (3 to 25 each way)"
            ));
        }
        Ok(())
    }

    fn new(
        size: BoardSize,
        knights: [usize; 2],
        burned: Bitboard<W>,
        side: Side,
        counters: (u32, u32),
    ) -> Self {
        let position = Joust {
            geometry: geometry(size.width, size.height),
            knights,
            burned,
            side,
            halfmove: counters.0,
            fullmove: counters.1,
            hash: 0,
            net: BoxedNetState::default(),
        };
        position.ready()
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::key(0, self.knights[0]) ^ zobrist::key(1, self.knights[1]);
        for square in self.burned.squares() {
            hash ^= zobrist::key(BURNED_KIND, square);
        }
        if self.side == Side::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        hash
    }

    /// The knight of `side`.
    pub fn knight(&self, side: Side) -> usize {
        self.knights[side.index()]
    }

    /// The burned squares.
    pub fn burned(&self) -> Bitboard<W> {
        self.burned
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The squares the knight of `side` could leap to now.
    #[inline]
    pub fn targets(&self, side: Side) -> Bitboard<W> {
        let own = self.knights[side.index()];
        let other = self.knights[side.opponent().index()];
        let mut blocked = self.burned;
        blocked.insert(other);
        self.geometry.knight_targets::<W>(own).without(blocked)
    }

    /// Perft `depth` (1 or more) plies deep where the knight on `mover` is to move against the
    /// knight on `other`, with `burned` burned: the moves played on the two squares and the set
    /// alone, with no copy of the position (its counters, hash and net play no part in perft).
    fn knight_leaves(&self, mover: usize, other: usize, burned: Bitboard<W>, depth: u32) -> u64 {
        let mut blocked = burned;
        blocked.insert(other);
        let targets = self.geometry.knight_targets::<W>(mover).without(blocked);
        if depth == 1 {
            return u64::from(targets.count());
        }
        let mut burned_after = burned;
        burned_after.insert(mover);
        targets
            .squares()
            .map(|to| self.knight_leaves(other, to, burned_after, depth - 1))
            .sum()
    }

    /// Whether the position is its own image, colours swapped, under a symmetry of the board that
    /// is its own inverse (half turn, reflection in a middle rank or file, or on a square board in a
    /// diagonal) and leaves no free square in place: then every move has a mirror reply, and the
    /// side to move loses.
    fn is_mirror_symmetric(&self) -> bool {
        Mirror::ALL
            .iter()
            .any(|&mirror| self.is_mirrored_by(mirror))
    }

    fn is_mirrored_by(&self, mirror: Mirror) -> bool {
        let g = self.geometry;
        let Some(image_of_white) = mirror.image(g.width, g.height, self.knights[0]) else {
            return false;
        };
        image_of_white == self.knights[1]
            && g.all_squares::<W>().squares().all(|square| {
                mirror
                    .image(g.width, g.height, square)
                    .is_some_and(|image| {
                        let burned = self.burned.contains(square);
                        burned == self.burned.contains(image) && (burned || image != square)
                    })
            })
    }
}

/// A symmetry of the board that maps knight leaps to knight leaps and is its own inverse.
#[derive(Clone, Copy, Debug)]
enum Mirror {
    HalfTurn,
    Ranks,
    Files,
    Diagonal,
    AntiDiagonal,
}

impl Mirror {
    const ALL: [Mirror; 5] = [
        Mirror::HalfTurn,
        Mirror::Ranks,
        Mirror::Files,
        Mirror::Diagonal,
        Mirror::AntiDiagonal,
    ];

    /// The square's image on a board `w` x `h` (squares `y * w + x`), if this symmetry exists
    /// on the board (diagonals need a square board).
    fn image(self, w: usize, h: usize, square: usize) -> Option<usize> {
        let (x, y) = (square % w, square / w);
        let (x, y) = match self {
            Mirror::HalfTurn => (w - 1 - x, h - 1 - y),
            Mirror::Ranks => (x, h - 1 - y),
            Mirror::Files => (w - 1 - x, y),
            Mirror::Diagonal if w == h => (y, x),
            Mirror::AntiDiagonal if w == h => (w - 1 - y, w - 1 - x),
            Mirror::Diagonal | Mirror::AntiDiagonal => return None,
        };
        Some(y * w + x)
    }
}

impl<const W: usize> Game for Joust<W> {
    type Move = JoustMove;
    const NAME: &'static str = "joust";
    const RULES: &'static str = "\
Joust: each side has one knight, which moves as a chess knight. The square a knight leaves is \
burned (*) for the rest of the game: no knight may land there, nor on the other knight. The \
player to move who has no move loses; there are no draws.";
    // Both knights move alike, whatever the board's orientation or who is to move.
    const SYMMETRIES: &'static [Symmetry] = &Symmetry::BOARD_AND_COLOURS;

    fn start(size: BoardSize) -> Result<Self, String> {
        Self::check_size(size)?;
        let g = geometry(size.width, size.height);
        let (x, y) = (size.width.div_ceil(2) - 1, size.height.div_ceil(2) - 1);
        let knights = [g.square(x, y), g.square(x + 1, y + 1)];
        Ok(Self::new(
            size,
            knights,
            Bitboard::EMPTY,
            Side::White,
            (0, 1),
        ))
    }

    fn from_text(text: &PositionText) -> Result<Self, String> {
        let size = text.size();
        Self::check_size(size)?;
        let g = geometry(size.width, size.height);
        let mut knights = [None, None];
        let mut burned = Bitboard::EMPTY;
        for (square, cell) in text.cells.iter().enumerate() {
            let knight_side = match cell {
                Cell::Empty => continue,
                Cell::Burned => {
                    burned.insert(square);
                    continue;
                }
                Cell::Piece('N') => 0,
                Cell::Piece('n') => 1,
                Cell::Piece(other) => {
                    return Err(format!("'{other}' is not a piece of joust (N or n)"));
                }
            };
            if knights[knight_side].replace(square).is_some() {
                return Err(format!(
                    "more than one {} knight (a second on {})",
                    ["white", "black"][knight_side],
                    g.square_name(square)
                ));
            }
        }
        let [Some(white), Some(black)] = knights else {
            return Err("joust needs exactly one white knight (N) and one black knight (n)".into());
        };
        Ok(Self::new(
            size,
            [white, black],
            burned,
            text.side,
            (text.halfmove, text.fullmove),
        ))
    }

    fn to_text(&self) -> String {
        let cell = |square| {
            if square == self.knights[0] {
                Cell::Piece('N')
            } else if square == self.knights[1] {
                Cell::Piece('n')
            } else if self.burned.contains(square) {
                Cell::Burned
            } else {
                Cell::Empty
            }
        };
        position_string(self.size(), cell, self.side, (self.halfmove, self.fullmove))
    }

    fn size(&self) -> BoardSize {
        BoardSize {
            width: self.geometry.width,
            height: self.geometry.height,
        }
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<JoustMove>) {
        let from = self.knight(self.side) as u16;
        moves.extend(self.targets(self.side).squares().map(|to| JoustMove {
            from,
            to: to as u16,
        }));
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.targets(self.side).count() as usize
    }

    fn count_leaves(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let side = self.side.index();
        self.knight_leaves(
            self.knights[side],
            self.knights[1 - side],
            self.burned,
            depth,
        )
    }

    #[inline]
    fn play(&mut self, mv: JoustMove) {
        let mover = self.side.index();
        let (from, to) = (mv.from as usize, mv.to as usize);
        let planes = self.planes();
        self.net.shift(&planes, self.side, (from, to));
        self.net.add_mark(&planes, nnue::BURNED_PLANE, from);
        self.burned.insert(from);
        self.knights[mover] = to;
        self.hash ^= zobrist::key(mover, from)
            ^ zobrist::key(mover, to)
            ^ zobrist::key(BURNED_KIND, from)
            ^ zobrist::BLACK_TO_MOVE;
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = self.side.opponent();
    }

    fn verdict(&self) -> Option<Verdict> {
        self.targets(self.side)
            .is_empty()
            .then(|| Verdict::win(self.side.opponent(), "no legal move"))
    }

    fn proven_result(&self) -> Option<bool> {
        self.is_mirror_symmetric().then_some(false)
    }

    /// A loaded proof (`SolutionFile`).
    fn tablebase(source: &dyn Any) -> Option<&dyn Tablebase<Self>> {
        source
            .downcast_ref::<solve::LoadedProof>()
            .map(|proof| proof as &dyn Tablebase<Self>)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_text(&self, mv: JoustMove) -> String {
        format!(
            "{}{}",
            self.geometry.square_name(mv.from as usize),
            self.geometry.square_name(mv.to as usize)
        )
    }

    fn parse_move(&self, text: &str) -> Result<JoustMove, String> {
        let squares = self.geometry.parse_square_path(text)?;
        let &[from, to] = squares.as_slice() else {
            return Err("a joust move is two squares, e.g. d4f5".to_string());
        };
        if from != self.knight(self.side) {
            return Err(format!(
                "the {} knight is not on {}",
                self.side.name(),
                self.geometry.square_name(from)
            ));
        }
        if !self.targets(self.side).contains(to) {
            return Err("not a legal move here".to_string());
        }
        Ok(JoustMove {
            from: from as u16,
            to: to as u16,
        })
    }

    game_net_methods!();

    fn move_path(&self, mv: JoustMove) -> Option<MovePath> {
        Some(MovePath::leg(mv.from as usize, mv.to as usize))
    }

    /// A knight burns the square it leaves.
    fn move_changes(&self, mv: JoustMove, change: &mut dyn FnMut(usize, Left)) {
        change(mv.from as usize, Left::Burned);
        change(mv.to as usize, Left::Mover);
    }

    fn picture(&self) -> String {
        let board = render::board_picture(self.geometry, |square| {
            if square == self.knights[0] {
                'N'
            } else if square == self.knights[1] {
                'n'
            } else if self.burned.contains(square) {
                '*'
            } else {
                '.'
            }
        });
        format!("{board}N white knight, n black knight, * burned square\n")
    }
}

#[cfg(test)]
mod tests;
