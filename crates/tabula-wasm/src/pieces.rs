//! The Claustro 5 x 5 table in pieces for the page's *Perfect play* card: one store of the rows
//! fetched (`tables/claustro-5x5-4/<row>.bin`, written by `tabula solve claustro --pieces`),
//! for every probe the module's instance answers (in the page's probe Worker). A probe answers
//! from the rows loaded and keeps those it lacked; the Worker fetches them ([`wanted_json`]),
//! hands them over ([`add`]) and probes again, and without a network it shows what it has.

use std::sync::{Arc, OnceLock};
use tabula_core::board::BoardSize;
use tabula_core::games::claustro::pieces::TablePieces;
use tabula_core::session::SharedOracle;

/// The pawns a side has in every Claustro 5 x 5 game.
const PAWNS: usize = 4;

/// The page's store of rows (none only if the table's numbering could not be made, which the
/// core's tests rule out for 5 x 5).
fn store() -> Option<&'static Arc<TablePieces>> {
    static STORE: OnceLock<Option<Arc<TablePieces>>> = OnceLock::new();
    STORE
        .get_or_init(|| {
            TablePieces::new(BoardSize::square(5), PAWNS)
                .ok()
                .map(Arc::new)
        })
        .as_ref()
}

/// The store as the oracle a desk's probe asks first.
pub fn oracle() -> Option<SharedOracle> {
    store().cloned().map(|pieces| -> SharedOracle { pieces })
}

/// The rows asked for and missing since the last call: `{"folder": "claustro-5x5-4", "rows":
/// [...]}`.
pub fn wanted_json() -> String {
    let (folder, rows) = store().map_or((String::new(), Vec::new()), |pieces| {
        (pieces.folder(), pieces.take_wanted())
    });
    serde_json::json!({ "folder": folder, "rows": rows }).to_string()
}

/// Loads row `row`'s piece, or says why it is not one.
pub fn add(row: usize, bytes: &[u8]) -> Result<(), String> {
    store().ok_or("no Claustro table here")?.add(row, bytes)
}
