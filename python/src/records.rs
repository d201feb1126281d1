//! Game records for `tabula_engine.pgn`: one game of a record text read by the core (its tags,
//! and its movetext as the core's move tree in flat JSON, every line checked by the rules of its
//! `Game`, `Size` and `Opening` tags), and such a game written back as record text. The Python
//! side (`tabula_engine/pgn.py`) holds the nodes; reading and the rules are the core's alone.

use crate::arguments::{Text, refused};
use pyo3::prelude::*;
use tabula_core::record::games::{RecordGame, record_games};
use tabula_core::record::lines::tag_lines;
use tabula_core::record::tree::{FlatTree, MoveTree, Opening};

/// Where a record's movetext begins, from its `Game`, `Size` and `Opening` tags.
fn opening_of(record: &RecordGame) -> Result<Opening, String> {
    let game = record.tag("Game").ok_or("the record has no Game tag")?;
    Opening::new(
        game,
        record.tag("Size"),
        record.tag("Opening").unwrap_or(""),
    )
}

/// A game's tags in order and its move tree's flat JSON.
type ReadRecord = (Vec<(String, String)>, String);

/// The first game of `text`: its tags in order and its move tree's flat JSON; None when the text
/// holds no game.
#[pyfunction]
pub fn read_record(text: Text) -> PyResult<Option<ReadRecord>> {
    let text = text.named("text")?;
    let games = record_games(&text).map_err(refused)?;
    let Some(record) = games.into_iter().next() else {
        return Ok(None);
    };
    let tree = opening_of(&record)
        .and_then(|opening| opening.read(&record.movetext))
        .map_err(refused)?;
    let json =
        serde_json::to_string(&tree.to_flat()).map_err(|error| refused(error.to_string()))?;
    Ok(Some((record.tags, json)))
}

/// The record text of a game with `tags` and the move tree `tree` (flat JSON), its moves checked
/// by the rules of its `Game`, `Size` and `Opening` tags.
#[pyfunction]
pub fn write_record(tags: Vec<(String, String)>, tree: Text) -> PyResult<String> {
    let json = tree.named("tree")?;
    let flat: FlatTree = serde_json::from_str(&json)
        .map_err(|error| refused(format!("the tree's JSON: {error}")))?;
    let record = RecordGame {
        tags,
        movetext: String::new(),
    };
    let movetext = opening_of(&record)
        .and_then(|opening| opening.write(MoveTree::from_flat(flat)?))
        .map_err(refused)?;
    let named: Vec<(&str, String)> = (record.tags.iter())
        .map(|(name, value)| (name.as_str(), value.clone()))
        .collect();
    Ok(format!("{}\n{movetext}", tag_lines(&named)))
}
