//! A [`MoveTree`] written as PGN's movetext, in lines of about [`LINE_WIDTH`] characters, as
//! every writer of records writes it: each move with its number (`1.` before white's, `1...`
//! before black's where it begins the movetext or a side line, or follows one), its NAGs
//! (`$1`), its record data (`{cp 12 d6 48ms}`) and its comments; the side lines branching from
//! a move in parentheses after it, each holding its own; the result last. Reading the text back
//! gives the same tree ([`MoveTree::parse`]) unless a free comment says nothing but record data.

use super::numbers::numbered;
use super::{MoveTree, NodeId};
use crate::game::Side;

/// The longest line of moves written, where no single move with its comments is longer.
pub const LINE_WIDTH: usize = 100;

/// What is left to write, innermost last.
enum Step {
    /// The moves after this node, at this ply.
    Line(NodeId, usize),
    /// A side line beginning with this move, at this ply.
    Side(NodeId, usize),
    /// The end of a side line.
    Close,
}

/// A comment as written between braces: one whose braces do not pair up has them as
/// parentheses, so that the text around it still reads.
fn braced(comment: &str) -> String {
    let mut depth = 0i64;
    let paired = comment.chars().all(|c| {
        depth += match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        depth >= 0
    }) && depth == 0;
    if paired {
        format!("{{{comment}}}")
    } else {
        format!("{{{}}}", comment.replace('{', "(").replace('}', ")"))
    }
}

impl MoveTree {
    /// The movetext of the tree, whose first move is made by `first_move`'s side with its
    /// number (a position string's fullmove), ending with the result if the tree has one.
    pub fn write(&self, first_move: (Side, u32)) -> String {
        let mut units: Vec<String> = (self.node(NodeId::ROOT).comments.iter())
            .map(|comment| braced(comment))
            .collect();
        let mut steps = vec![Step::Line(NodeId::ROOT, 0)];
        let mut numbered_next = true;
        let mut opening = String::new();
        while let Some(step) = steps.pop() {
            let (id, ply) = match step {
                Step::Close => {
                    if let Some(last) = units.last_mut() {
                        last.push(')');
                    }
                    numbered_next = true;
                    continue;
                }
                Step::Line(parent, ply) => match self.node(parent).children() {
                    [] => continue,
                    [main, sides @ ..] => {
                        steps.push(Step::Line(*main, ply + 1));
                        for &side in sides.iter().rev() {
                            steps.push(Step::Close);
                            steps.push(Step::Side(side, ply));
                        }
                        (*main, ply)
                    }
                },
                Step::Side(first, ply) => {
                    opening.push('(');
                    for comment in &self.node(first).before {
                        units.push(format!(
                            "{}{}",
                            std::mem::take(&mut opening),
                            braced(comment)
                        ));
                    }
                    steps.push(Step::Line(first, ply + 1));
                    numbered_next = true;
                    (first, ply)
                }
            };
            let node = self.node(id);
            let mut unit = std::mem::take(&mut opening);
            match numbered(first_move, ply) {
                (Side::White, number) => unit.push_str(&format!("{number}. ")),
                (Side::Black, number) if numbered_next => unit.push_str(&format!("{number}... ")),
                (Side::Black, _) => {}
            }
            numbered_next = false;
            unit.push_str(&node.text);
            for nag in &node.nags {
                unit.push_str(&format!(" ${nag}"));
            }
            if !node.data.is_empty() {
                unit.push_str(&format!(" {{{}}}", node.data.text()));
            }
            for comment in &node.comments {
                unit.push(' ');
                unit.push_str(&braced(comment));
            }
            units.push(unit);
        }
        units.extend(self.result.clone());
        wrapped(&units)
    }
}

/// Units joined by spaces in lines of at most [`LINE_WIDTH`] characters where they fit, with a
/// newline at the end.
fn wrapped(units: &[String]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.len() + 1 + unit.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(unit);
    }
    text.push_str(&line);
    text.push('\n');
    text
}
