//! What the board page asks of the rules, without the engine: one game at one position, the
//! squares that may be clicked next while a move is entered (`tabula_core::clicks`, as the
//! GUI's server answers them), a move's text, the board as the page draws it, the position
//! string, and each move's value under perfect play.

use std::sync::OnceLock;
use tabula_core::board_view::board_rows;
use tabula_core::clicks::{Targets, targets};
use tabula_core::desk::perfect_play::{probe_json, table_probe_json};
use tabula_core::game::Outcome;
use tabula_core::games::{game_and_size, open_session};
use tabula_core::session::GameSession;
use wasm_bindgen::prelude::*;

/// A game at one position, as the page's referee.
#[wasm_bindgen]
pub struct Rules {
    session: Box<dyn GameSession>,
    /// The squares a move may start from here, worked out once.
    starts: OnceLock<Vec<usize>>,
}

/// The words of `text`, split at spaces.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[wasm_bindgen]
impl Rules {
    /// `game` on a board of `size` (`"9"`, `"10x8"`; empty: the game's own), at `position` (a
    /// position string; empty: the start) after `moves` (separated by spaces). The engine's
    /// draw rules apply, as on the GUI's table. A bad name, size, position or move is refused
    /// with the protocol's message.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, size: &str, position: &str, moves: &str) -> Result<Rules, JsError> {
        let size = Some(size).filter(|size| !size.is_empty());
        let (game, size) = game_and_size(game, size).map_err(|why| JsError::new(&why))?;
        let position = Some(position).filter(|position| !position.is_empty());
        let session = open_session(game, size, position, &words(moves), true)
            .map_err(|why| JsError::new(&why))?;
        Ok(Rules {
            session,
            starts: OnceLock::new(),
        })
    }

    /// What may be clicked after the squares of `path` (names separated by spaces):
    /// `{next: [square names], complete: the move they make, or null}`.
    pub fn targets(&self, path: &str) -> Result<JsValue, JsError> {
        let path: Vec<String> = words(path).into_iter().map(str::to_string).collect();
        let live = self.session.verdict().is_none();
        let Targets { next, complete } = targets(self.session.as_ref(), &path, live, &self.starts)
            .map_err(|why| JsError::new(&why))?;
        let answer = js_sys::Object::new();
        let next: js_sys::Array = next.iter().map(|name| JsValue::from_str(name)).collect();
        js_sys::Reflect::set(&answer, &"next".into(), &next)
            .map_err(|_| JsError::new("could not answer"))?;
        let complete = complete.map_or(JsValue::NULL, |text| JsValue::from_str(&text));
        js_sys::Reflect::set(&answer, &"complete".into(), &complete)
            .map_err(|_| JsError::new("could not answer"))?;
        Ok(answer.into())
    }

    /// The text of the legal move `text` as the engine writes it, or the reason it is not one.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text(&self, text: &str) -> Result<String, JsError> {
        self.session
            .canonical_move(text)
            .map_err(|why| JsError::new(&why))
    }

    /// Plays the legal move `text`; the position is unchanged if it is not one.
    pub fn play(&mut self, text: &str) -> Result<(), JsError> {
        self.session
            .play_move(text)
            .map_err(|why| JsError::new(&why))?;
        self.starts = OnceLock::new();
        Ok(())
    }

    /// The board as the page draws it: one string per rank, the top rank first
    /// (`tabula_core::board_view`).
    #[wasm_bindgen(js_name = boardRows)]
    pub fn board_rows(&self) -> Vec<String> {
        board_rows(&self.session.board_marks(), &self.session.position_text())
    }

    /// The position string.
    pub fn position(&self) -> String {
        self.session.position_text()
    }

    /// Each legal move's value under perfect play, as the board's `probe` answers it (JSON),
    /// from the Claustro table's pieces loaded in this instance ([`crate::pieces`]), the proven
    /// Joust starts, the Joust solver and the search: run in a Worker of its own
    /// (web/probe-worker.js), so that the solver never holds the page.
    pub fn probe(&self) -> Result<String, JsError> {
        probe_json(self.session.as_ref(), crate::pieces::oracle()).map_err(|why| JsError::new(&why))
    }

    /// The same answer from the table's pieces loaded and the proven starts alone, quick: the
    /// Worker looks first with it, so that the pieces it lacked ([`Rules::wanted_pieces`]) are
    /// fetched before [`Rules::probe`] spends the solver and the search.
    #[wasm_bindgen(js_name = probeTables)]
    pub fn probe_tables(&self) -> Result<String, JsError> {
        table_probe_json(self.session.as_ref(), crate::pieces::oracle())
            .map_err(|why| JsError::new(&why))
    }

    /// The rows of the Claustro table that probes asked for and lacked since the last call,
    /// for the page to fetch: `{"folder", "rows"}` (`tables/<folder>/<row>.bin`).
    #[wasm_bindgen(js_name = wantedPieces)]
    pub fn wanted_pieces() -> String {
        crate::pieces::wanted_json()
    }

    /// Loads a fetched piece of the Claustro table, row `row`; refused if it is not one.
    #[wasm_bindgen(js_name = addPiece)]
    pub fn add_piece(row: u32, bytes: &[u8]) -> Result<(), JsError> {
        crate::pieces::add(row as usize, bytes).map_err(|why| JsError::new(&why))
    }

    /// How the game ended (`white wins (...)`, `draw (...)`), or nothing while it goes on.
    pub fn verdict(&self) -> Option<String> {
        self.session.verdict().map(|verdict| match verdict.outcome {
            Outcome::Win(side) => format!("{} wins ({})", side.name(), verdict.reason),
            Outcome::Draw => format!("draw ({})", verdict.reason),
        })
    }
}
