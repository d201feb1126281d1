//! A Claustro table in pieces, for a page that fetches only what it needs: one piece for each
//! row of the table (the positions with one side to move and one white set, a byte for each
//! black set, in the table's order), in a folder named after the board and pawn count
//! (`claustro-5x5-4/1234.bin`). `tabula solve claustro --pieces DIR` writes them; a page loads
//! those it fetched into [`TablePieces`], which answers from them and keeps the rows it was asked
//! for and lacked, for the page to fetch next.

use super::Claustro;
use super::solve::Value;
use super::space::Space;
use crate::game::BoardSize;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::Mutex;

/// The folder of a table's pieces: `claustro-5x5-4`.
pub fn folder_name(space: &Space) -> String {
    format!("claustro-{}-{}", space.size(), space.pawns()[0])
}

/// The file of row `row` in its folder.
pub fn piece_name(row: usize) -> String {
    format!("{row}.bin")
}

/// Writes the pieces of the table of `space` whose value bytes are `values` into
/// `dir`/[`folder_name`]; returns that folder and the number of pieces written.
pub fn write_pieces(space: &Space, values: &[u8], dir: &Path) -> Result<(String, usize), String> {
    let folder = dir.join(folder_name(space));
    std::fs::create_dir_all(&folder)
        .map_err(|error| format!("cannot make {}: {error}", folder.display()))?;
    let rows = values.chunks(space.row_len());
    let count = rows.len();
    for (row, bytes) in rows.enumerate() {
        let path = folder.join(piece_name(row));
        std::fs::write(&path, bytes)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    }
    Ok((folder.display().to_string(), count))
}

/// The rows of a table loaded so far, and those asked for but missing.
pub struct TablePieces {
    space: Space,
    rows: Mutex<HashMap<usize, Box<[u8]>>>,
    wanted: Mutex<BTreeSet<usize>>,
}

impl TablePieces {
    /// No rows yet of the table of a `size` board with `pawns` pawns a side.
    pub fn new(size: BoardSize, pawns: usize) -> Result<TablePieces, String> {
        Ok(TablePieces {
            space: Space::new(size, pawns, pawns)?,
            rows: Mutex::new(HashMap::new()),
            wanted: Mutex::new(BTreeSet::new()),
        })
    }

    /// The positions the whole table numbers.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The folder the pieces are fetched from ([`folder_name`]).
    pub fn folder(&self) -> String {
        folder_name(&self.space)
    }

    /// Loads row `row`'s piece, or says why it is not one.
    pub fn add(&self, row: usize, bytes: &[u8]) -> Result<(), String> {
        let rows = self.space.len() / self.space.row_len();
        if row >= rows {
            return Err(format!("no row {row} in a table of {rows} rows"));
        }
        if bytes.len() != self.space.row_len() {
            return Err(format!(
                "row {row}'s piece has {} bytes, not {}",
                bytes.len(),
                self.space.row_len()
            ));
        }
        self.lock_rows().insert(row, bytes.into());
        self.lock_wanted().remove(&row);
        Ok(())
    }

    /// The value of `position` for its side to move, if it is a position of the table and its
    /// row is loaded; a missing row is kept as wanted.
    pub fn value<const W: usize>(&self, position: &Claustro<W>) -> Option<Value> {
        if position.goal_winner().is_some() {
            return Some(Value::Loss(0));
        }
        let index = self.space.index(self.space.pawns_of(position)?);
        let (row, column) = (index / self.space.row_len(), index % self.space.row_len());
        let value = self
            .lock_rows()
            .get(&row)
            .map(|bytes| Value::decode(bytes[column]));
        if value.is_none() {
            self.lock_wanted().insert(row);
        }
        value
    }

    /// The rows asked for and missing since the last call, ascending.
    pub fn take_wanted(&self) -> Vec<usize> {
        std::mem::take(&mut *self.lock_wanted())
            .into_iter()
            .collect()
    }

    /// A poisoned lock only means a thread panicked mid-insert of a whole row: what it holds is
    /// still whole rows.
    fn lock_rows(&self) -> std::sync::MutexGuard<'_, HashMap<usize, Box<[u8]>>> {
        self.rows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_wanted(&self) -> std::sync::MutexGuard<'_, BTreeSet<usize>> {
        self.wanted
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
