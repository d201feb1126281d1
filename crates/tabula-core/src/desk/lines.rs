//! A study board's move tree, kept by the desk: the main line and the side lines played from
//! any move of it, nested to any depth (a [`MoveTree`] from the table's start, book moves
//! included). The table holds one line of the tree, the line shown: the moves to a node and its
//! main continuation after it. A move played away from the end of the line shown starts a side
//! line there, or follows the line that goes on with it; the page names a node by its place in
//! the tree's flat form (0 for the start), which the Table it reads carries
//! ([`Desk::lines_view`]), to show its line, promote it, delete it or comment on it. [`with_lines`] writes
//! every line into the record.

use super::state::{Desk, MoveNote};
use crate::record::tree::{FlatTree, MoveData, MoveTree, NodeId};
use serde::Serialize;

/// The move tree as the page reads it: the flat form, and the place of the node shown.
#[derive(Serialize)]
pub struct LinesView {
    pub tree: FlatTree,
    pub node: usize,
}

impl Desk {
    /// The tree with the table's moves in it (added where they are not yet): the node at the
    /// end of the table's line.
    pub fn follow_table(&mut self) -> NodeId {
        let mut at = NodeId::ROOT;
        for text in &self.table.moves {
            at = self.lines.add_move(at, text);
        }
        at
    }

    /// The node of the position shown.
    fn node_shown(&self) -> NodeId {
        let mut at = NodeId::ROOT;
        for text in &self.table.moves[..self.table.ply] {
            match self.lines.child(at, text) {
                Some(next) => at = next,
                None => break,
            }
        }
        at
    }

    /// The node at `place` of the tree's flat form, or why there is none.
    fn node_at(&self, place: usize) -> Result<NodeId, String> {
        let order = self.lines.nodes_in_order();
        order.get(place).copied().ok_or_else(|| {
            format!(
                "node {place}: the move tree has {} moves",
                order.len().saturating_sub(1)
            )
        })
    }

    /// The tree and the node shown, as the page reads them.
    pub fn lines_view(&self) -> LinesView {
        let shown = self.node_shown();
        LinesView {
            tree: self.lines.to_flat(),
            node: (self.lines.nodes_in_order().iter())
                .position(|&id| id == shown)
                .unwrap_or(0),
        }
    }

    /// The moves of the line through `id`: those that lead to it, then its main continuation.
    fn line_through(&self, id: NodeId) -> Vec<String> {
        let ids = [self.lines.path(id), self.lines.main_line(id)].concat();
        ids.into_iter()
            .map(|id| self.lines.node(id).text.clone())
            .collect()
    }

    /// The nodes of the moves `line` (a line of the tree), as far as the tree has them.
    fn nodes_of(&self, line: &[String]) -> Vec<NodeId> {
        let mut at = NodeId::ROOT;
        (line.iter())
            .map_while(|text| {
                at = self.lines.child(at, text)?;
                Some(at)
            })
            .collect()
    }

    /// The notes of the table's moves kept in the tree, as their record data.
    pub fn keep_notes(&mut self) {
        for (ply, id) in self.nodes_of(&self.table.moves).into_iter().enumerate() {
            if let Some(note) = self.notes.get(ply).cloned().flatten() {
                self.lines.node_mut(id).data = MoveData {
                    score: (note.score.as_deref())
                        .and_then(MoveData::read)
                        .and_then(|data| data.score),
                    depth: note.depth,
                    time_ms: Some(note.time_ms),
                };
            }
        }
    }

    /// Puts the moves `line` on the table, the position after `ply` of them shown: the moves
    /// the table's line shares with it stay; the others are played there, their notes the
    /// tree's (where the notes of the moves left are kept).
    fn put_line(&mut self, line: &[String], ply: usize) -> Result<(), String> {
        let mut table = self.table.clone();
        let shared = (table.moves.iter().zip(line))
            .take_while(|(a, b)| a == b)
            .count();
        table.goto(shared)?;
        for text in &line[shared..] {
            table.play(text)?;
        }
        if table.moves.len() > line.len() {
            table.goto(line.len() + 1)?;
            table.take_back(1)?;
        }
        table.goto(ply.min(line.len()))?;
        self.keep_notes();
        self.table = table;
        self.notes.truncate(shared);
        let kept = self.nodes_of(line).into_iter().skip(shared);
        let notes = kept.map(|id| {
            let data = self.lines.node(id).data;
            (!data.is_empty()).then(|| MoveNote {
                score: data.score_text(),
                depth: data.depth,
                time_ms: data.time_ms.unwrap_or(0),
            })
        });
        self.notes.extend(notes.collect::<Vec<_>>());
        Ok(())
    }

    /// At the end of the table's line, the tree's main continuation from there put on it, the
    /// position shown staying.
    pub fn extend_line(&mut self) -> Result<(), String> {
        if !self.table.at_end() {
            return Ok(());
        }
        let end = self.follow_table();
        if self.lines.node(end).children().is_empty() {
            return Ok(());
        }
        self.put_line(&self.line_through(end), self.table.ply)
    }

    /// A side line's action refused while a game is played: its moves are made at its end.
    fn study_only(&self) -> Result<(), String> {
        if self.is_match() {
            return Err(
                "side lines are for a study board: make both players human and \
                        the clocks off"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// The node at `place`, a move (not the start).
    fn move_at(&self, place: usize) -> Result<NodeId, String> {
        let id = self.node_at(place)?;
        if id == NodeId::ROOT {
            return Err("node 0 is the start of the game, not a move".to_string());
        }
        Ok(id)
    }

    /// Shows the position after the node at `place`, on the line through it.
    pub fn show_node(&mut self, place: usize) -> Result<(), String> {
        let id = self.node_at(place)?;
        let line = self.line_through(id);
        if line != self.table.moves {
            self.study_only()?;
        }
        self.put_line(&line, self.lines.ply(id))
    }

    /// Makes the line through the node at `place` the main line (each move on the way there
    /// its parent's main continuation), its last move shown.
    pub fn promote_line(&mut self, place: usize) -> Result<(), String> {
        let id = self.move_at(place)?;
        let path = self.lines.path(id);
        if self.lines.main_line(NodeId::ROOT).starts_with(&path) {
            return Err(format!("node {place} is on the main line already"));
        }
        self.study_only()?;
        for &on in &path {
            self.lines.promote_to_main(on);
        }
        let line = self.line_through(id);
        self.put_line(&line, line.len())
    }

    /// Deletes the side line from the node at `place` (its move and every move after it); the
    /// board leaves it for the line it branched from if it showed it.
    pub fn delete_line(&mut self, place: usize) -> Result<(), String> {
        let id = self.move_at(place)?;
        let path = self.lines.path(id);
        if self.lines.main_line(NodeId::ROOT).starts_with(&path) {
            return Err(format!(
                "node {place} is on the main line: take back to shorten it"
            ));
        }
        self.study_only()?;
        let texts = self.line_through(id);
        let parent = self.lines.node(id).parent().unwrap_or(NodeId::ROOT);
        self.lines.delete(id);
        if self.table.moves.starts_with(&texts[..path.len()]) {
            let ply = self.table.ply.min(path.len() - 1);
            self.put_line(&self.line_through(parent), ply)?;
        }
        Ok(())
    }

    /// The comment after the node at `place` (at the start, before the first move): the node's
    /// comments become `text`, none if it is empty.
    pub fn comment(&mut self, place: usize, text: String) -> Result<(), String> {
        let id = self.node_at(place)?;
        self.lines.node_mut(id).comments = [text].into_iter().filter(|t| !t.is_empty()).collect();
        Ok(())
    }

    /// After a take back that left the table with its first `kept` of the moves `before`: the
    /// move after them goes from the tree too, with every move after it.
    pub fn forget_taken_back(&mut self, before: &[String], kept: usize) {
        if kept >= before.len() {
            return;
        }
        let mut at = Some(NodeId::ROOT);
        for text in &before[..=kept] {
            at = at.and_then(|id| self.lines.child(id, text));
        }
        if let Some(gone) = at {
            self.lines.delete(gone);
        }
    }
}

/// The record's `tree` of the table's line after the `book` moves given every line of the
/// desk's tree `lines` after them, each node's continuations in the desk's order (its main line
/// the main line) and its comments the desk's.
pub fn with_lines(tree: &mut MoveTree, lines: &MoveTree, book: &[String]) {
    let mut at = Some(NodeId::ROOT);
    for text in book {
        at = at.and_then(|id| lines.child(id, text));
    }
    let Some(from) = at else {
        return;
    };
    tree.graft(NodeId::ROOT, lines, from);
    let mut pending = vec![(from, NodeId::ROOT)];
    while let Some((theirs, ours)) = pending.pop() {
        (tree.node_mut(ours).comments).clone_from(&lines.node(theirs).comments);
        for &child in lines.node(theirs).children().iter().rev() {
            if let Some(id) = tree.child(ours, &lines.node(child).text) {
                tree.promote_to_main(id);
                pending.push((child, id));
            }
        }
    }
}
