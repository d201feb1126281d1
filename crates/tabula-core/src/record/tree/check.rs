//! A tree's moves played by the rules: every move of every line, from the position the tree
//! starts at, each rewritten as the engine writes it (`canonical_move`), or the first move that
//! is not legal where it comes, named as a review names it: `move 2 (white) 'f5f6': ...`, and
//! `... of a side line: ...` off the main line.

use super::numbers::numbered;
use super::{MoveTree, NodeId};
use crate::game::Side;
use crate::session::GameSession;
use crate::words::excerpt;

/// A problem of the session's without its leading `move '<text>'`, which the caller names.
pub fn without_move<'a>(problem: &'a str, text: &str) -> &'a str {
    problem
        .strip_prefix(&format!("move '{text}'"))
        .map_or(problem, |rest| rest.trim_start_matches(':').trim_start())
}

impl MoveTree {
    /// Plays every line of the tree from `start`, where `first` is the side to move and the
    /// move's number, writing each move as the rules write it; the main line is checked first,
    /// then the side lines in the order written.
    pub fn check(&mut self, start: &dyn GameSession, first: (Side, u32)) -> Result<(), String> {
        self.play_lines(start, first, &mut |_, problem| Err(problem))
    }

    /// Plays every line as [`check`](Self::check) does, but leaves out (deletes) each side line
    /// from the first move that is not legal in it: the problems found, in order. A move of the
    /// main line that is not legal is still refused.
    pub fn prune(
        &mut self,
        start: &dyn GameSession,
        first: (Side, u32),
    ) -> Result<Vec<String>, String> {
        let mut problems = Vec::new();
        self.play_lines(start, first, &mut |on_main, problem| {
            if on_main {
                return Err(problem);
            }
            problems.push(problem);
            Ok(())
        })?;
        Ok(problems)
    }

    /// Plays every line; a move that is not legal is passed to `illegal` (whether it is on the
    /// main line, and the problem), which refuses the tree or has the move and what follows it
    /// deleted.
    fn play_lines(
        &mut self,
        start: &dyn GameSession,
        first: (Side, u32),
        illegal: &mut dyn FnMut(bool, String) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut pending: Vec<(NodeId, usize, Box<dyn GameSession>, bool)> =
            vec![(NodeId::ROOT, 0, start.boxed_clone(), true)];
        while let Some((id, ply, session, on_main)) = pending.pop() {
            let children = self.node(id).children().to_vec();
            let mut sessions: Vec<Box<dyn GameSession>> = children
                .iter()
                .skip(1)
                .map(|_| session.boxed_clone())
                .collect();
            sessions.insert(0, session);
            let mut played = Vec::with_capacity(children.len());
            for (index, (child, mut session)) in children.into_iter().zip(sessions).enumerate() {
                let text = self.node(child).text.clone();
                let main = on_main && index == 0;
                match session
                    .canonical_move(&text)
                    .and_then(|canonical| session.play_move(&canonical).map(|()| canonical))
                {
                    Ok(canonical) => {
                        self.node_mut(child).text = canonical;
                        played.push((child, ply + 1, session, main));
                    }
                    Err(problem) => {
                        let (side, number) = numbered(first, ply);
                        let shown = excerpt(&text);
                        let line = if main { "" } else { " of a side line" };
                        illegal(
                            main,
                            format!(
                                "move {number} ({}) '{shown}'{line}: {}",
                                side.name(),
                                without_move(&problem, &shown)
                            ),
                        )?;
                        self.delete(child);
                    }
                }
            }
            pending.extend(played.into_iter().rev());
        }
        Ok(())
    }
}
