//! The table file as its format describes it, and the comparison with this checker's solution.
//!
//! The file: the 8 bytes `CLAUSTRO`, the version (a little-endian `u32`, 1), the board's width
//! and height and the white and black pawn counts (one byte each), the number of positions (a
//! little-endian `u64`), then one byte per position in the file's position order
//! ([`crate::numbering`]): 0 a draw, `1 + n` a win in `n` plies (`n` up to 126), `127 + n` a loss
//! in `n` plies (`n` from 1 to 128), for the side to move.

use crate::board::Board;
use crate::numbering::Numbering;
use crate::solve::{Outcome, solve};

/// The header's length in bytes.
pub const HEADER: usize = 24;

/// What a table's header says.
#[derive(Debug)]
pub struct Header {
    pub width: usize,
    pub height: usize,
    pub pawns: [usize; 2],
    pub positions: u64,
}

/// Reads the header of a table file's bytes and checks that the rest holds one byte per
/// position, or says what is wrong.
pub fn header(bytes: &[u8]) -> Result<Header, String> {
    let head = bytes
        .get(..HEADER)
        .ok_or_else(|| format!("{} bytes: too short for a table header", bytes.len()))?;
    if &head[..8] != b"CLAUSTRO" {
        return Err("not a claustro table (the magic is not CLAUSTRO)".to_string());
    }
    let version = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
    if version != 1 {
        return Err(format!("table version {version}: only version 1 is known"));
    }
    let mut count = [0u8; 8];
    count.copy_from_slice(&head[16..24]);
    let header = Header {
        width: usize::from(head[12]),
        height: usize::from(head[13]),
        pawns: [usize::from(head[14]), usize::from(head[15])],
        positions: u64::from_le_bytes(count),
    };
    let held = (bytes.len() - HEADER) as u64;
    if held != header.positions {
        return Err(format!(
            "the header says {} positions, the file holds {held} bytes of values",
            header.positions
        ));
    }
    Ok(header)
}

/// The value a byte of the table stands for.
pub fn decode(byte: u8) -> Outcome {
    match byte {
        0 => Outcome::Draw,
        1..=127 => Outcome::Win(u32::from(byte) - 1),
        _ => Outcome::Loss(u32::from(byte) - 127),
    }
}

/// A position where the table and this checker differ.
#[derive(Debug)]
pub struct Disagreement {
    /// The position's number in the file.
    pub index: usize,
    /// The position in words.
    pub position: String,
    pub table: Outcome,
    pub checker: Outcome,
}

/// What a comparison found.
#[derive(Debug)]
pub struct Report {
    pub positions: usize,
    pub agreements: usize,
    /// The number of disagreements.
    pub disagreements: usize,
    /// The first few disagreements, in this checker's order.
    pub first: Vec<Disagreement>,
}

/// How many disagreements a report shows.
const SHOWN: usize = 10;

/// Why a table cannot be compared at all (the program exits 2), as opposed to a comparison that
/// finds disagreements (exit 1).
#[derive(Debug)]
pub struct Unreadable(pub String);

/// Solves every position the table's header names and compares the table with it;
/// `progress` hears a line per level of the solver.
pub fn check(bytes: &[u8], progress: &mut dyn FnMut(&str)) -> Result<Report, Unreadable> {
    let header = header(bytes).map_err(Unreadable)?;
    let board = Board::new(header.width, header.height).map_err(Unreadable)?;
    let numbering = Numbering::new(board.cells(), header.pawns).map_err(Unreadable)?;
    if numbering.len() as u64 != header.positions {
        return Err(Unreadable(format!(
            "{} white and {} black pawns on {}x{} make {} positions; the header says {}",
            header.pawns[0],
            header.pawns[1],
            header.width,
            header.height,
            numbering.len(),
            header.positions
        )));
    }
    let values = &bytes[HEADER..];
    let solution = solve(&board, &numbering, progress).map_err(Unreadable)?;
    let mut seen = vec![false; values.len()];
    let mut report = Report {
        positions: numbering.len(),
        agreements: 0,
        disagreements: 0,
        first: Vec::new(),
    };
    for index in 0..numbering.len() {
        let position = numbering.position(index);
        let at = numbering.file_index(position);
        if std::mem::replace(&mut seen[at], true) {
            return Err(Unreadable(format!(
                "the file order gives two positions number {at}"
            )));
        }
        let (table, checker) = (decode(values[at]), solution.outcome(index));
        if table == checker {
            report.agreements += 1;
            continue;
        }
        report.disagreements += 1;
        if report.first.len() < SHOWN {
            report.first.push(Disagreement {
                index: at,
                position: board.describe(position),
                table,
                checker,
            });
        }
    }
    Ok(report)
}
