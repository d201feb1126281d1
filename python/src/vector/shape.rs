//! A batch's board as the observations see it: its shape and action numbering (`from * cells +
//! to`, *stop* = `cells * cells`), and cells coded empty, white, black or burned, read from a
//! position string and kept move by move.

use tabula_core::board::Side;
use tabula_core::board::geometry::Geometry;

/// Cell codes of the board kept for the planes.
pub(super) const EMPTY: u8 = 0;
pub(super) const WHITE: u8 = 1;
pub(super) const BLACK: u8 = 2;
pub(super) const BURNED: u8 = 3;

/// The board's shape and its action numbering.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) cells: usize,
    pub(super) geometry: &'static Geometry,
}

impl Shape {
    pub(super) fn stop(self) -> u32 {
        (self.cells * self.cells) as u32
    }

    pub(super) fn actions(self) -> usize {
        self.cells * self.cells + 1
    }

    pub(super) fn leg(self, from: u16, to: u16) -> u32 {
        from as u32 * self.cells as u32 + to as u32
    }
}

/// The cell code of `side`'s pieces.
pub(super) fn side_code(side: Side) -> u8 {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

/// Reads the board of a position string into cell codes (`y * width + x`).
pub(super) fn read_board(text: &str, shape: Shape, board: &mut [u8]) {
    board.fill(EMPTY);
    let (mut x, mut y, mut run) = (0usize, shape.height.saturating_sub(1), 0usize);
    for byte in text.bytes() {
        if byte.is_ascii_digit() {
            run = run * 10 + usize::from(byte - b'0');
            continue;
        }
        x += run;
        run = 0;
        let code = match byte {
            b' ' => break,
            b'/' => {
                (x, y) = (0, y.saturating_sub(1));
                continue;
            }
            b'*' => BURNED,
            letter if letter.is_ascii_uppercase() => WHITE,
            _ => BLACK,
        };
        if let Some(cell) = board.get_mut(y * shape.width + x) {
            *cell = code;
        }
        x += 1;
    }
}
