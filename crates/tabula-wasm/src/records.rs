//! The core's move tree for the board page: a record's movetext read into the tree's flat JSON
//! form (`tabula_core::record::tree::json`: the moves in a list, each naming the move it
//! follows, with its comments, NAGs and record data), every line checked by the rules, and such
//! a tree written back as movetext, so that the page keeps no reader of its own.

use tabula_core::record::tree::{FlatTree, MoveTree, Opening};
use wasm_bindgen::prelude::*;

/// The game's opening: a size and an opening that are empty are the game's own and its start.
fn opening(game: &str, size: &str, opening: &str) -> Result<Opening, String> {
    Opening::new(game, Some(size).filter(|size| !size.is_empty()), opening)
}

/// The tree of `movetext` as JSON, or the one problem found.
pub fn tree_json(movetext: &str, game: &str, size: &str, start: &str) -> Result<String, String> {
    let tree = opening(game, size, start)?.read(movetext)?;
    serde_json::to_string(&tree.to_flat()).map_err(|error| error.to_string())
}

/// The movetext of the tree `json`, or the one problem found.
pub fn tree_movetext(json: &str, game: &str, size: &str, start: &str) -> Result<String, String> {
    let flat: FlatTree =
        serde_json::from_str(json).map_err(|error| format!("the tree's JSON: {error}"))?;
    opening(game, size, start)?.write(MoveTree::from_flat(flat)?)
}

/// `movetext` (a record's, after its tags) read as a tree of `game` on a board of `size`
/// (`"9"`, `"10x8"`; empty: the game's own) from `start` (an `Opening` tag's text: `startpos`
/// or a position string, optionally with `moves ...`; empty: the start): the tree's flat JSON,
/// every move checked by the rules. Refused with the core's message.
#[wasm_bindgen(js_name = readMovetext)]
pub fn read_movetext(
    movetext: &str,
    game: &str,
    size: &str,
    start: &str,
) -> Result<String, JsError> {
    tree_json(movetext, game, size, start).map_err(|why| JsError::new(&why))
}

/// The tree `json` (as [`read_movetext`] gives it) written as movetext, numbered from `start`,
/// once its moves are checked by the rules. Refused with the core's message.
#[wasm_bindgen(js_name = writeMovetext)]
pub fn write_movetext(json: &str, game: &str, size: &str, start: &str) -> Result<String, JsError> {
    tree_movetext(json, game, size, start).map_err(|why| JsError::new(&why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_movetext_reads_as_json_and_writes_back() {
        let movetext = "{start} 1. d4f5 {cp 12 d3 7ms} (1. d4e6 {instead}) e5c4 $2 *";
        let json = tree_json(movetext, "joust", "", "").expect("legal");
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(value["comments"][0], "start");
        assert_eq!(value["moves"][0]["move"], "d4f5");
        assert_eq!(value["moves"][0]["score"]["cp"], 12);
        assert_eq!(value["moves"][1]["parent"], 1, "e5c4 follows d4f5");
        assert_eq!(value["moves"][2]["comments"][0], "instead");
        let written = tree_movetext(&json, "joust", "8", "startpos").expect("legal");
        assert_eq!(
            written,
            "{start} 1. d4f5 {cp 12 d3 7ms} (1. d4e6 {instead}) 1... e5c4 $2 *\n"
        );
        let illegal = tree_json("1. d4d5", "joust", "", "").expect_err("illegal");
        assert!(illegal.contains("'d4d5'"), "{illegal}");
        let from_black = tree_json("1... e5c4", "joust", "8x8", "startpos moves d4f5");
        assert!(from_black.is_ok(), "{from_black:?}");
        assert!(
            tree_movetext(
                "{\"moves\": [{\"parent\": 1, \"move\": \"d4f5\"}]}",
                "joust",
                "",
                ""
            )
            .is_err()
        );
    }
}
