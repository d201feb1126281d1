//! The solution table of a Claustro board: the file format, the `tabula solve claustro` command,
//! and perfect play from a loaded table.
//!
//! The file is a 24-byte header (the magic `CLAUSTRO`, a little-endian `u32` version, width,
//! height, white and black pawn counts as one byte each, the number of positions as a
//! little-endian `u64`), then one byte per position in [`Space`] order, as [`Value::encode`]
//! writes it. Values ignore the move-history rules (see [`super::solve`]); perfect play from a
//! table puts first what those rules decide at once in the game at hand.

use super::Claustro;
use super::moves::ClaustroMove;
use super::solve::{SolveProgress, Value, solve};
use super::space::Space;
use crate::board::bitboard::Bitboard;
use crate::clock::Instant;
use crate::game::{BoardSize, Game, Side};
use crate::search::score::Score;
use crate::tablebase::{Proven, Tablebase};
use crate::words::counted;
use std::io::{Read, Write};
use std::path::Path;

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"CLAUSTRO";
/// The format version.
const VERSION: u32 = 1;
/// The header's length in bytes.
const HEADER: usize = 24;
/// The largest valid table: its header and a byte for each of at most `u32::MAX` positions.
const MAX_FILE_BYTES: u64 = HEADER as u64 + u32::MAX as u64;
/// The table `tabula solve claustro` writes unless told otherwise.
pub const DEFAULT_FILE: &str = "claustro-5x5.tbl";

/// The value of every position of one board size and pawn count.
#[derive(Debug)]
pub struct SolutionTable {
    space: Space,
    values: Vec<u8>,
}

impl SolutionTable {
    /// Solves every position of a `size` board with `pawns` pawns a side.
    pub fn solve(
        size: BoardSize,
        pawns: usize,
        progress: &mut dyn FnMut(&SolveProgress),
    ) -> Result<Self, String> {
        let space = Space::new(size, pawns, pawns)?;
        let values = solve(&space, progress)?;
        Ok(SolutionTable { space, values })
    }

    /// The numbering of the positions.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// Every position's value byte, in the numbering's order.
    pub fn bytes(&self) -> &[u8] {
        &self.values
    }

    /// The value of position number `index`.
    pub fn value_at(&self, index: usize) -> Value {
        Value::decode(self.values[index])
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let size = self.space.size();
        let [white, black] = self.space.pawns();
        let mut bytes = Vec::with_capacity(HEADER + self.values.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend([size.width, size.height, white, black].map(|n| n as u8));
        bytes.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&self.values);
        bytes
    }

    /// Reads a table from the bytes of a file, or says what is wrong with them.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        if !bytes.starts_with(MAGIC) {
            return Err("not a claustro table (wrong magic)".to_string());
        }
        let header = bytes
            .get(..HEADER)
            .ok_or("too short for a claustro table header")?;
        let version = u32::from_le_bytes([header[8], header[9], header[10], header[11]]);
        if version != VERSION {
            return Err(format!(
                "table version {version} is not supported (only {VERSION})"
            ));
        }
        let [width, height, white, black] = [12, 13, 14, 15].map(|i| usize::from(header[i]));
        let mut count = [0; 8];
        count.copy_from_slice(&header[16..HEADER]);
        let count = u64::from_le_bytes(count);
        let size = BoardSize { width, height };
        if width * height > 64 {
            return Err(format!(
                "tables for a {size} board are not supported (at most 64 squares)"
            ));
        }
        let space = Space::new(size, white, black)?;
        let values = &bytes[HEADER..];
        if count != space.len() as u64 || values.len() != space.len() {
            return Err(format!(
                "a {size} table with {white} and {} has {}; the header says {count} and the file holds {}",
                counted(black, "pawn"),
                counted(space.len(), "position"),
                values.len()
            ));
        }
        Ok(SolutionTable {
            space,
            values: values.to_vec(),
        })
    }

    /// Writes the table to `path`.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot write '{}': {e}", path.display());
        let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
        file.write_all(&self.to_bytes()).map_err(fail)?;
        file.flush().map_err(fail)
    }

    /// Reads the table at `path`: a regular file whose size is the one its header gives,
    /// checked before the rest is read (a pipe, a device or a file of the wrong size is refused
    /// unread).
    pub fn read(path: &Path) -> Result<Self, String> {
        let shown = path.display();
        let (mut file, size) = crate::bounded_read::open(path, MAX_FILE_BYTES)?;
        let mut header = Vec::with_capacity(HEADER);
        (&mut file)
            .take(HEADER as u64)
            .read_to_end(&mut header)
            .map_err(|e| format!("cannot read '{shown}': {e}"))?;
        if header.len() < HEADER {
            // Too short: the check of the bytes there says what is wrong.
            return Self::from_bytes(&header).map_err(|problem| format!("'{shown}': {problem}"));
        }
        let mut count = [0; 8];
        count.copy_from_slice(&header[16..HEADER]);
        let promised = u64::from_le_bytes(count).saturating_add(HEADER as u64);
        if !header.starts_with(MAGIC) {
            return Err(format!("'{shown}': not a claustro table (wrong magic)"));
        }
        if size != promised {
            return Err(format!(
                "'{shown}': the header promises {promised} bytes, the file has {size}"
            ));
        }
        let rest = crate::bounded_read::read_rest(file, size, promised, path)?;
        let bytes = [header.as_slice(), &rest].concat();
        Self::from_bytes(&bytes).map_err(|problem| format!("'{shown}': {problem}"))
    }

    /// The value of `position` for its side to move, if the table covers it (a position with a
    /// pawn on a goal is a loss in 0 for the side to move).
    pub fn value<const W: usize>(&self, position: &Claustro<W>) -> Option<Value> {
        if position.goal_winner().is_some() {
            return Some(Value::Loss(0));
        }
        self.space
            .pawns_of(position)
            .map(|pawns| self.value_at(self.space.index(pawns)))
    }

    /// The best move of `position` by the table and its value for the side to move: the fastest
    /// win, else the drawing move that leaves the opponent the worst evaluation, else the slowest
    /// loss. `decided` gives the value of a move where something outside the table (the move
    /// history) decides it instead. `None` if the table does not cover the position or it has no
    /// legal move.
    pub fn best_move(
        &self,
        position: &Claustro<1>,
        decided: impl Fn(ClaustroMove) -> Option<Value>,
    ) -> Option<(ClaustroMove, Value)> {
        self.value(position)?;
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut best: Option<(ClaustroMove, (i64, i32), Value)> = None;
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let by_table = match self.value(&child)? {
                Value::Win(n) => Value::Loss(n + 1),
                Value::Loss(n) => Value::Win(n + 1),
                Value::Draw => Value::Draw,
            };
            let value = decided(mv).unwrap_or(by_table);
            let key = match value {
                Value::Win(n) => (i64::from(u32::MAX) - i64::from(n), 0),
                Value::Draw => (0, -child.evaluate()),
                Value::Loss(n) => (i64::from(n) - i64::from(u32::MAX), 0),
            };
            if best.as_ref().is_none_or(|(_, best_key, _)| key > *best_key) {
                best = Some((mv, key, value));
            }
        }
        best.map(|(mv, _, value)| (mv, value))
    }
}

/// The protocol score of a value: mate in moves (negative when losing), or 0 for a draw.
pub fn score(value: Value) -> Score {
    match value {
        Value::Draw => Score::Centipawns(0),
        Value::Win(n) => Score::Mate(n.div_ceil(2) as i32),
        Value::Loss(n) => Score::Mate(-(n.div_ceil(2) as i32)),
    }
}

/// The position string of position number `index`.
pub fn position_text(table: &SolutionTable, index: usize) -> String {
    let space = table.space();
    let pawns = space.position(index);
    let mut boards = [Bitboard::<1>::EMPTY; 2];
    for (board, mask) in boards.iter_mut().zip(pawns.masks) {
        for c in (0..64).filter(|c| mask >> c & 1 == 1) {
            board.insert(space.board_square(c));
        }
    }
    let side = if pawns.side == 0 {
        Side::White
    } else {
        Side::Black
    };
    Claustro::<1>::from_pawns(space.size(), boards[0], boards[1], side).map_or_else(
        |problem| format!("(position {index}: {problem})"),
        |p| p.to_text(),
    )
}

/// `tabula solve claustro`: solves the 5 x 5 board with `pawns` pawns a side, writes the table to
/// `out`, and returns the report (the start position's value when it has that many pawns, the
/// longest win and an example of it). Progress goes to `progress`.
pub fn solve_command(
    pawns: usize,
    out: &Path,
    pieces: Option<&Path>,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<String, String> {
    let started = Instant::now();
    let table = SolutionTable::solve(BoardSize::square(5), pawns, progress)?;
    let seconds = started.elapsed().as_secs_f64();
    table.write(out)?;
    let mut report = vec![format!(
        "solved {} in {seconds:.1} s; wrote {} ({})",
        counted(table.values.len(), "position"),
        out.display(),
        counted(HEADER + table.values.len(), "byte")
    )];
    if let Some(dir) = pieces {
        let (folder, count) = super::pieces::write_pieces(&table.space, &table.values, dir)?;
        report.push(format!("wrote {} into {folder}", counted(count, "piece")));
    }
    let start = Claustro::<1>::start(BoardSize::square(5))?;
    if let Some(value) = table.value(&start) {
        report.push(format!("start position: {}", describe(value)));
    }
    let (mut wins, mut losses, mut draws, mut longest) = (0u64, 0u64, 0u64, None);
    for index in 0..table.values.len() {
        match table.value_at(index) {
            Value::Win(n) => {
                wins += 1;
                if longest.is_none_or(|(best, _)| n > best) {
                    longest = Some((n, index));
                }
            }
            Value::Loss(_) => losses += 1,
            Value::Draw => draws += 1,
        }
    }
    report.push(format!(
        "side to move wins {wins}, loses {losses}, draws {draws}"
    ));
    if let Some((plies, index)) = longest {
        report.push(format!(
            "longest win: {}, e.g. {}",
            counted(plies, "ply"),
            position_text(&table, index)
        ));
    }
    report
        .push("(position rules only: the repetition rule and the 400-ply draw are ignored)".into());
    Ok(report.join("\n"))
}

/// A value in words.
pub fn describe(value: Value) -> String {
    match value {
        Value::Draw => "draw".to_string(),
        Value::Win(n) => format!("the side to move wins in {}", counted(n, "ply")),
        Value::Loss(n) => format!("the side to move loses in {}", counted(n, "ply")),
    }
}

impl<const W: usize> Tablebase<Claustro<W>> for SolutionTable {
    /// The table's value of a position of its board size and pawn counts (the game's history
    /// aside, as every table value).
    fn probe(&self, position: &Claustro<W>) -> Option<Proven> {
        Some(self.value(position)?.proven())
    }
}
