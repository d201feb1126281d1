//! A [`MoveTree`] in a flat form for JSON (the browser's module and the Python package): the
//! moves in a list, each naming the move it follows by its place, so that a tree of any depth
//! is JSON of fixed depth (serde's readers stop at 128 levels of nesting). Moves are listed
//! each before its continuations, the main one first, so that one tree has one flat form:
//!
//! ```json
//! {"comments": [], "result": "*", "moves": [
//!   {"parent": 0, "move": "d4f5", "time_ms": 2410},
//!   {"parent": 1, "move": "e5c4", "score": {"cp": 12}, "depth": 6, "time_ms": 48},
//!   {"parent": 1, "move": "e5f3", "before": ["a side line"], "comments": ["not taken"]}]}
//! ```

use super::{MoveData, MoveTree, NodeId, Score};
use serde::{Deserialize, Serialize};

/// The tree: the comments before the first move, the result, and the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatTree {
    #[serde(default)]
    pub comments: Vec<String>,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub moves: Vec<FlatMove>,
}

/// One move: `parent` is 0 for a first move, else the place (from 1) of the move it follows,
/// which comes before it in the list; siblings are in their order, the main line first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatMove {
    pub parent: usize,
    #[serde(rename = "move")]
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<String>,
}

impl MoveTree {
    /// The tree's flat form.
    pub fn to_flat(&self) -> FlatTree {
        let order = self.nodes_in_order();
        let mut place = vec![0usize; order.iter().map(|id| id.index() + 1).max().unwrap_or(1)];
        for (at, id) in order.iter().enumerate() {
            place[id.index()] = at;
        }
        let moves = (order.iter().skip(1))
            .map(|&id| {
                let node = self.node(id);
                FlatMove {
                    parent: node.parent().map_or(0, |parent| place[parent.index()]),
                    text: node.text.clone(),
                    nags: node.nags.clone(),
                    score: node.data.score,
                    depth: node.data.depth,
                    time_ms: node.data.time_ms,
                    comments: node.comments.clone(),
                    before: node.before.clone(),
                }
            })
            .collect();
        FlatTree {
            comments: self.node(NodeId::ROOT).comments.clone(),
            result: self.result.clone(),
            moves,
        }
    }

    /// The tree of a flat form, or what is wrong with it: a move whose parent does not come
    /// before it, or that a sibling plays already.
    pub fn from_flat(flat: FlatTree) -> Result<MoveTree, String> {
        let mut tree = MoveTree::new();
        tree.result = flat.result;
        tree.node_mut(NodeId::ROOT).comments = flat.comments;
        for (at, entry) in flat.moves.into_iter().enumerate() {
            let place = at + 1;
            let parent = (tree.get(entry.parent))
                .filter(|_| entry.parent < place)
                .ok_or_else(|| {
                    format!(
                        "move {place} follows move {}, not one before it",
                        entry.parent
                    )
                })?;
            if tree.child(parent, &entry.text).is_some() {
                return Err(format!("move {place} '{}' is there twice", entry.text));
            }
            let id = tree.add_move(parent, &entry.text);
            let node = tree.node_mut(id);
            node.nags = entry.nags;
            node.data = MoveData {
                score: entry.score,
                depth: entry.depth,
                time_ms: entry.time_ms,
            };
            node.comments = entry.comments;
            node.before = entry.before;
        }
        Ok(tree)
    }
}
