//! A game's tree of moves: the main line, the side lines (variations) branching from any move,
//! nested to any depth, and each move's comments, NAGs and record data (thinking time,
//! evaluation, depth). The one tree that every reader and writer of records goes through:
//! `parse.rs` reads PGN's movetext into it, `write.rs` writes it back, `check.rs` plays its
//! moves by the rules ([`Opening`], in `game.rs`: from a game's opening), and `json.rs` is its
//! flat form for the browser and Python (docs/records.md).
//!
//! The nodes live in an arena (a `Vec`, indexed by [`NodeId`]), not in nested boxes, so that a
//! long game is no deep recursion: walking, comparing, dropping and writing a tree of any depth
//! use no more stack than a short one. Node 0 is the root, the position before the first move;
//! each node's children are its continuations, the first the main one. A deleted side line is
//! unlinked from its parent and left in the arena, so that every other id stays valid.

mod check;
mod data;
mod game;
mod json;
mod numbers;
mod parse;
#[cfg(test)]
mod tests;
mod write;

pub use check::without_move;
pub use data::{MoveData, Score};
pub use game::Opening;
pub use json::{FlatMove, FlatTree};
pub use numbers::{first_move, numbered};
pub use parse::MAX_NESTING;

/// A node of a [`MoveTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The root: the position before the first move.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's index in the tree's arena (0 for the root).
    pub fn index(self) -> usize {
        self.0
    }
}

/// One move of the tree (the root has no move), with what the record says of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move as written (`d4f5`); empty at the root.
    pub text: String,
    /// Numeric annotation glyphs (`$1`, or `!` `?` `!!` `??` `!?` `?!` after the move).
    pub nags: Vec<u8>,
    /// The thinking time, evaluation and depth of the move's record comment (`{cp 12 d6 48ms}`).
    pub data: MoveData,
    /// Free comments after the move, each its own `{ ... }`; at the root, those before the first
    /// move.
    pub comments: Vec<String>,
    /// Comments before the move, written just after the `(` of a side line that it begins.
    pub before: Vec<String>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl Node {
    /// The node this move is played from (`None` at the root and for a deleted side line).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The continuations: the main one first, then the side lines in order.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// Whether the node says the same as `other`, children aside.
    fn same_content(&self, other: &Node) -> bool {
        (
            &self.text,
            &self.nags,
            &self.data,
            &self.comments,
            &self.before,
        ) == (
            &other.text,
            &other.nags,
            &other.data,
            &other.comments,
            &other.before,
        )
    }
}

/// A tree of moves with its result (`1-0`, `0-1`, `1/2-1/2`, `*`) if the movetext gives one.
#[derive(Clone, Debug)]
pub struct MoveTree {
    nodes: Vec<Node>,
    pub result: Option<String>,
}

impl Default for MoveTree {
    fn default() -> Self {
        MoveTree::new()
    }
}

/// Trees are equal when they hold the same moves in the same order with the same annotations,
/// however their arenas were filled.
impl PartialEq for MoveTree {
    fn eq(&self, other: &Self) -> bool {
        if self.result != other.result {
            return false;
        }
        let mut pairs = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((a, b)) = pairs.pop() {
            let (a, b) = (self.node(a), other.node(b));
            if !a.same_content(b) || a.children.len() != b.children.len() {
                return false;
            }
            pairs.extend(a.children.iter().copied().zip(b.children.iter().copied()));
        }
        true
    }
}

impl Eq for MoveTree {}

impl MoveTree {
    /// A tree of no moves.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node::default()],
            result: None,
        }
    }

    /// A tree whose main line is `moves`.
    pub fn from_moves<S: AsRef<str>>(moves: &[S]) -> MoveTree {
        let mut tree = MoveTree::new();
        let mut at = NodeId::ROOT;
        for text in moves {
            at = tree.add_move(at, text.as_ref());
        }
        tree
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0]
    }

    /// The node with index `index`, if the tree has one.
    pub fn get(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index))
    }

    /// The child of `parent` that plays `text`, if there is one.
    pub fn child(&self, parent: NodeId, text: &str) -> Option<NodeId> {
        (self.node(parent).children.iter().copied()).find(|&child| self.node(child).text == text)
    }

    /// The move `text` played from `parent`: the child that plays it already, else a new last
    /// side line (the main line if `parent` had no move after it).
    pub fn add_move(&mut self, parent: NodeId, text: &str) -> NodeId {
        if let Some(existing) = self.child(parent, text) {
            return existing;
        }
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            text: text.to_string(),
            parent: Some(parent),
            ..Node::default()
        });
        self.nodes[parent.0].children.push(id);
        id
    }

    /// Makes `id` the main continuation of its parent, the others keeping their order.
    pub fn promote_to_main(&mut self, id: NodeId) {
        if let Some(parent) = self.node(id).parent {
            let children = &mut self.nodes[parent.0].children;
            if let Some(at) = children.iter().position(|&child| child == id) {
                children[..=at].rotate_right(1);
            }
        }
    }

    /// Moves `id` one place up among its parent's continuations.
    pub fn promote(&mut self, id: NodeId) {
        if let Some(parent) = self.node(id).parent {
            let children = &mut self.nodes[parent.0].children;
            if let Some(at) = children.iter().position(|&child| child == id)
                && at > 0
            {
                children.swap(at - 1, at);
            }
        }
    }

    /// Moves `id` one place down among its parent's continuations.
    pub fn demote(&mut self, id: NodeId) {
        if let Some(parent) = self.node(id).parent {
            let children = &mut self.nodes[parent.0].children;
            if let Some(at) = children.iter().position(|&child| child == id)
                && at + 1 < children.len()
            {
                children.swap(at, at + 1);
            }
        }
    }

    /// Deletes the move `id` and everything after it from the tree (the root stays).
    pub fn delete(&mut self, id: NodeId) {
        if let Some(parent) = self.nodes[id.0].parent.take() {
            self.nodes[parent.0].children.retain(|&child| child != id);
        }
    }

    /// The main line after `from`: its first continuation, that one's, and so on.
    pub fn main_line(&self, from: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = from;
        while let Some(&next) = self.node(at).children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The main line's moves from the root.
    pub fn main_moves(&self) -> Vec<String> {
        (self.main_line(NodeId::ROOT).into_iter())
            .map(|id| self.node(id).text.clone())
            .collect()
    }

    /// The moves from the root to `id`, `id` last (empty for the root).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// How many moves lead to `id` from the root.
    pub fn ply(&self, id: NodeId) -> usize {
        self.path(id).len()
    }

    /// Copies the moves after `from` in `other` (every line, to any depth) after `at`: a move
    /// this tree has there already is followed, keeping what it says; a new one comes with its
    /// annotations.
    pub fn graft(&mut self, at: NodeId, other: &MoveTree, from: NodeId) {
        let mut pending = vec![(from, at)];
        while let Some((source, target)) = pending.pop() {
            for &child in other.node(source).children() {
                let theirs = other.node(child);
                let ours = match self.child(target, &theirs.text) {
                    Some(existing) => existing,
                    None => {
                        let id = self.add_move(target, &theirs.text);
                        let node = self.node_mut(id);
                        node.nags.clone_from(&theirs.nags);
                        node.data = theirs.data;
                        node.comments.clone_from(&theirs.comments);
                        node.before.clone_from(&theirs.before);
                        id
                    }
                };
                pending.push((child, ours));
            }
        }
    }

    /// Every node still in the tree, each before its children, the main continuation first.
    pub fn nodes_in_order(&self) -> Vec<NodeId> {
        let mut order = Vec::new();
        let mut pending = vec![NodeId::ROOT];
        while let Some(id) = pending.pop() {
            order.push(id);
            pending.extend(self.node(id).children.iter().rev().copied());
        }
        order
    }
}
