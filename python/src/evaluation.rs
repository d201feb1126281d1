//! What evaluates a position: the nets on or off and a net loaded from a file, as one engine
//! chooses them (`Engine(use_nnue=, eval_file=)`), and the static evaluation written out for
//! Python (`Position.eval`, `Engine.eval`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula_core::nnue::Network;
use tabula_core::session::GameSession;

/// What one engine evaluates with: the nets on or off, and a net it loaded (`eval_file`, with
/// the file's path) for its game at one size; the game's shipped net elsewhere.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Whether nets evaluate at all (`use_nnue`).
    pub nets: bool,
    /// The net loaded from a file, with the file's path.
    pub loaded: Option<(&'static Network, String)>,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation {
            nets: true,
            loaded: None,
        }
    }
}

impl Evaluation {
    /// Has `session` evaluate with this choice.
    pub fn apply(&self, session: &mut dyn GameSession) {
        let net = match &self.loaded {
            _ if !self.nets => None,
            Some((net, _)) if net.size == session.size() => Some(*net),
            _ => session.shipped_network(),
        };
        session.set_network(net);
    }

    /// What evaluates `session` (as [`Evaluation::apply`] left it), in words.
    pub fn describe(&self, session: &dyn GameSession) -> String {
        match (session.network(), &self.loaded) {
            (None, _) => "hand-written".to_string(),
            (Some(net), Some((loaded, path))) if std::ptr::eq(net, *loaded) => {
                format!("net from '{path}'")
            }
            (Some(net), _) => format!("shipped net ({} {})", net.game, net.size),
        }
    }
}

/// The static evaluation of `session` with `evaluation`: the hand-written terms (centipawns for
/// each side), their total, the net's score and the hand-written one (both from the side to
/// move's view), what evaluated it, and the side to move.
pub fn evaluation_dict<'py>(
    py: Python<'py>,
    mut session: Box<dyn GameSession>,
    evaluation: &Evaluation,
) -> PyResult<Bound<'py, PyDict>> {
    evaluation.apply(session.as_mut());
    let (terms, total) = session.evaluation();
    let listed = PyList::empty(py);
    for term in terms {
        let entry = PyDict::new(py);
        entry.set_item("name", term.name)?;
        entry.set_item("white", term.white)?;
        entry.set_item("black", term.black)?;
        listed.append(entry)?;
    }
    let answer = PyDict::new(py);
    answer.set_item("terms", listed)?;
    answer.set_item("total", total)?;
    let net = session.net_and_hand_written();
    answer.set_item("net", net.map(|(net, _)| net))?;
    answer.set_item("hand_written", net.map_or(total, |(_, hand)| hand))?;
    answer.set_item("evaluator", evaluation.describe(session.as_ref()))?;
    answer.set_item("turn", session.side_to_move().name())?;
    Ok(answer)
}
