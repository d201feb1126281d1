//! The solver's board: up to 128 squares as the bits of a `u128` (square `y * width + x`), each
//! square's knight leaps as a mask, and the solver's node (the burned squares and the two
//! knights, the mover's first).

use super::super::Mirror;
use crate::board::geometry::KNIGHT_LEAPS;

/// The most squares the solver's board holds.
pub const MAX_SQUARES: usize = 128;

/// A set of squares.
pub type Squares = u128;

/// The one-square set of `square`.
#[inline]
pub fn bit(square: u8) -> Squares {
    1u128 << square
}

/// The squares of `set`, lowest first.
#[inline]
pub fn squares(mut set: Squares) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as u8;
            set &= set - 1;
            square
        })
    })
}

/// A board's size and its knights' leaps.
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// The squares a knight on each square leaps to.
    leaps: Vec<Squares>,
    /// Each leap as a shift of the whole set: the squares it may start from, and how far.
    shifts: Vec<(Squares, i32)>,
    /// The squares of one colour (`x + y` even): a knight's leap always changes colour.
    light: Squares,
    /// The mirrors the board has ([`Board::mirrored`]).
    mirrors: Vec<Reflection>,
}

/// A mirror of the board: each square's image, and the squares it leaves in place.
struct Reflection {
    images: Vec<u8>,
    fixed: Squares,
    /// Whether it is the half turn, under which a set's image is its bits reversed (the test
    /// most often reached: on odd boards the centre it fixes burns at the first leap).
    half_turn: bool,
}

impl Reflection {
    /// The reflection `mirror` of the board `width` x `height`, if the board has it.
    fn of(mirror: Mirror, width: usize, height: usize) -> Option<Reflection> {
        let images = (0..width * height)
            .map(|square| mirror.image(width, height, square).map(|image| image as u8))
            .collect::<Option<Vec<u8>>>()?;
        let fixed = (0..images.len())
            .filter(|&square| usize::from(images[square]) == square)
            .fold(0, |set, square| set | 1u128 << square);
        Some(Reflection {
            images,
            fixed,
            half_turn: matches!(mirror, Mirror::HalfTurn),
        })
    }

    /// The image of `set`.
    fn image(&self, set: Squares) -> Squares {
        if self.half_turn {
            set.reverse_bits() >> (MAX_SQUARES - self.images.len())
        } else {
            squares(set).fold(0, |image, square| {
                image | bit(self.images[usize::from(square)])
            })
        }
    }

    /// Whether the other knight of `node` is the mover's image, and the burned squares their
    /// own image with every square left in place among them.
    fn holds(&self, node: &Node) -> bool {
        self.images[usize::from(node.mover)] == node.other
            && node.burned & self.fixed == self.fixed
            && self.image(node.burned) == node.burned
    }
}

impl Board {
    /// The board `width` x `height`, if it has at most [`MAX_SQUARES`] squares.
    pub fn new(width: usize, height: usize) -> Result<Board, String> {
        if width * height > MAX_SQUARES || width < 3 || height < 3 {
            return Err(format!(
                "the joust solver takes boards of 3 x 3 to {MAX_SQUARES} squares, not {width}x{height}"
            ));
        }
        let leaps = (0..width * height)
            .map(|square| {
                let (x, y) = ((square % width) as i64, (square / width) as i64);
                let mut set = 0;
                for (dx, dy) in KNIGHT_LEAPS.map(|(dx, dy)| (i64::from(dx), i64::from(dy))) {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..width as i64).contains(&nx) && (0..height as i64).contains(&ny) {
                        set |= 1u128 << (ny as usize * width + nx as usize);
                    }
                }
                set
            })
            .collect();
        let shifts = KNIGHT_LEAPS
            .iter()
            .map(|&(dx, dy)| {
                let (dx, dy) = (i64::from(dx), i64::from(dy));
                let from = (0..width * height)
                    .filter(|&square| {
                        let (x, y) = ((square % width) as i64, (square / width) as i64);
                        (0..width as i64).contains(&(x + dx))
                            && (0..height as i64).contains(&(y + dy))
                    })
                    .fold(0, |set, square| set | 1u128 << square);
                (from, (dy * width as i64 + dx) as i32)
            })
            .collect();
        let light = (0..width * height)
            .filter(|&square| (square % width + square / width).is_multiple_of(2))
            .fold(0, |set, square| set | 1u128 << square);
        let mirrors = Mirror::ALL
            .into_iter()
            .filter_map(|mirror| Reflection::of(mirror, width, height))
            .collect();
        Ok(Board {
            width,
            height,
            leaps,
            shifts,
            light,
            mirrors,
        })
    }

    /// Every square of the board.
    pub fn all(&self) -> Squares {
        if self.squares() == MAX_SQUARES {
            !0
        } else {
            (1u128 << self.squares()) - 1
        }
    }

    /// How many squares the board has.
    pub fn squares(&self) -> usize {
        self.width * self.height
    }

    /// The squares a knight on `square` leaps to, on an empty board.
    #[inline]
    pub fn leaps(&self, square: u8) -> Squares {
        self.leaps[square as usize]
    }

    /// The squares a knight leaps to from any square of `set`.
    #[inline]
    pub fn spread(&self, set: Squares) -> Squares {
        self.shifts.iter().fold(0, |all, &(from, by)| {
            let moved = set & from;
            all | if by >= 0 { moved << by } else { moved >> -by }
        })
    }

    /// The most leaps a knight on `from` can make through `open`, by colour alone: its squares
    /// alternate colours, starting with the colour `from` is not.
    pub fn most_leaps(&self, from: u8, open: Squares) -> u32 {
        let same_colour = if self.light & bit(from) == 0 {
            !self.light
        } else {
            self.light
        };
        let (same, other) = (
            (open & same_colour).count_ones(),
            (open & !same_colour).count_ones(),
        );
        if other > same {
            2 * same + 1
        } else {
            2 * other
        }
    }

    /// Whether the side to move loses `node` to a mirror: a symmetry of the board that is its
    /// own inverse and maps leaps to leaps (half turn, reflection in the middle rank or file, on a
    /// square board a diagonal, as the engine's rule knows them) maps the mover's knight onto the
    /// other's and the burned squares onto themselves, every square it leaves in place burned.
    /// Then every leap of the mover has its image open to the other knight, after which the
    /// position is again so; the mover runs out of leaps first.
    pub fn mirrored(&self, node: &Node) -> bool {
        self.mirrors.iter().any(|mirror| mirror.holds(node))
    }

    /// The mover's leap that leaves the other knight lost to a mirror ([`Board::mirrored`]), if
    /// it has one: a leap to the image of the other knight's square.
    pub fn mirroring_leap(&self, node: &Node) -> Option<u8> {
        let targets = node.targets(self);
        self.mirrors
            .iter()
            .map(|mirror| mirror.images[usize::from(node.other)])
            .find(|&to| targets & bit(to) != 0 && self.mirrored(&node.after(to)))
    }

    /// A square's name: file letter and rank number, as the game writes it (`a1`).
    pub fn square_name(&self, square: u8) -> String {
        let (x, y) = (square as usize % self.width, square as usize / self.width);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }
}

/// A position as the solver sees it: the burned squares, the knight to move and the other knight.
/// Who is white does not matter: both knights move alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Node {
    pub burned: Squares,
    pub mover: u8,
    pub other: u8,
}

impl Node {
    /// The squares the mover may leap to.
    #[inline]
    pub fn targets(&self, board: &Board) -> Squares {
        board.leaps(self.mover) & !self.burned & !bit(self.other)
    }

    /// The node after the mover leaps to `to`: the square left is burned, and the other knight
    /// moves next.
    #[inline]
    pub fn after(&self, to: u8) -> Node {
        Node {
            burned: self.burned | bit(self.mover),
            mover: self.other,
            other: to,
        }
    }

    /// The squares no knight may ever land on again: burned, or under a knight.
    #[inline]
    pub fn closed(&self) -> Squares {
        self.burned | bit(self.mover) | bit(self.other)
    }
}
