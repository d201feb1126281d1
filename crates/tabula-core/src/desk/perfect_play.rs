//! The `probe` action's answer: perfect play beside every legal move of the position shown, as
//! lichess's tablebase explorer lists it (best first), with the position's own value on top.
//! The values come from [`Probe`]: the table or proof the door gave the desk (`tabula gui
//! --table`, the static page's pieces of the Claustro table), the proven Joust starts, the
//! Joust solver within [`PROBE_NODES`], and the search's own proofs within
//! [`PROBE_SEARCH_NODES`].

use crate::games::probe::{MoveValue, Probe};
use crate::session::{GameSession, SharedOracle};
use crate::tablebase::Proven;
use serde::Serialize;

/// The nodes the Joust solver may spend on each position a probe asks about (every legal move's
/// position, then the shown one where its moves leave it open). A probe answers the card as
/// soon as a position is shown (in the static page, in a Web Worker): an eighth of the solver's
/// default budget keeps a probe of a dozen moves to about a second there, and still proves most
/// Joust positions from the middle game on; a position it cannot prove in that budget is shown
/// as unknown.
pub const PROBE_NODES: u64 = 500_000;

/// The answer to `probe`: the position's value for the side to move and each legal move's.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct PerfectPlay {
    /// `win`, `loss` or `draw` for the side to move; none where nothing proves it.
    pub position: Option<&'static str>,
    /// Plies to the end under perfect play, where the oracle knows them.
    pub plies: Option<u32>,
    /// Every legal move, best first (quicker wins, draws, slower losses, unknown last).
    pub moves: Vec<MoveEntry>,
}

/// A legal move and its value for the side that plays it.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    #[serde(rename = "move")]
    pub text: String,
    pub result: Option<&'static str>,
    pub plies: Option<u32>,
}

/// A proven value as the answer's two fields: its word and its plies.
fn result_and_plies(value: Option<Proven>) -> (Option<&'static str>, Option<u32>) {
    value.map_or((None, None), |value| {
        let (word, plies) = value.parts();
        (Some(word), plies)
    })
}

impl PerfectPlay {
    /// The values `probe` finds for `session`'s position: its moves', and its own from them (or
    /// from the game's verdict once it has ended).
    pub fn of(probe: &Probe, session: &dyn GameSession) -> PerfectPlay {
        let values = probe.move_values(session);
        let value = probe.position_value(session, &values);
        let (position, plies) = result_and_plies(value);
        let moves = values
            .into_iter()
            .map(|MoveValue { text, value }| {
                let (result, plies) = result_and_plies(value);
                MoveEntry {
                    text,
                    result,
                    plies,
                }
            })
            .collect();
        PerfectPlay {
            position,
            plies,
            moves,
        }
    }
}

/// The nodes of tabula's search on each position a probe asks about where nothing else knows its
/// value: the search's own proofs (a short mate, Joust's mirror) show beside the moves of every
/// game, at a twentieth of a second a move or so.
pub const PROBE_SEARCH_NODES: u64 = 50_000;

/// The `probe` answer for `session`'s position, as JSON, with the desk's probe: the door's
/// table or proof first, the solver within [`PROBE_NODES`], then the search within
/// [`PROBE_SEARCH_NODES`].
pub fn probe_json(
    session: &dyn GameSession,
    loaded: Option<SharedOracle>,
) -> Result<String, String> {
    let probe = Probe::new(loaded, PROBE_NODES).with_search(PROBE_SEARCH_NODES);
    answer_json(&probe, session)
}

/// The `probe` answer from the door's table or proof and the proven starts alone, neither the
/// solver nor the search: a quick first look for a page whose table comes in pieces, which
/// fetches those this look asked for before it spends a solve or a search on the position.
pub fn table_probe_json(
    session: &dyn GameSession,
    loaded: Option<SharedOracle>,
) -> Result<String, String> {
    answer_json(&Probe::new(loaded, 0), session)
}

fn answer_json(probe: &Probe, session: &dyn GameSession) -> Result<String, String> {
    serde_json::to_string(&PerfectPlay::of(probe, session)).map_err(|e| e.to_string())
}
