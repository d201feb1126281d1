//! The tables and proofs that `Position.probe` reads, each loaded once per process by its path
//! and kept, as python-chess keeps an open tablebase.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};
use tabula_core::games::load_oracle;
use tabula_core::session::SharedOracle;

/// The loaded tables by path.
static LOADED: OnceLock<Mutex<HashMap<PathBuf, SharedOracle>>> = OnceLock::new();

/// The table or proof at `path`, loaded now or earlier, or why it cannot be.
pub fn table(path: &str) -> Result<SharedOracle, String> {
    let path = PathBuf::from(path);
    let loaded = LOADED.get_or_init(Mutex::default);
    let known = loaded
        .lock()
        .map_err(|_| "the loaded tables are unreadable after a failure".to_string())?
        .get(&path)
        .cloned();
    if let Some(oracle) = known {
        return Ok(oracle);
    }
    let oracle = load_oracle(&path)?;
    if let Ok(mut tables) = loaded.lock() {
        tables.insert(path, oracle.clone());
    }
    Ok(oracle)
}
