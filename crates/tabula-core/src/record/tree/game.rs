//! A movetext read for a known game: the game's name, its board size and where the movetext
//! begins (an `Opening` tag's text: `startpos` or a position string, optionally followed by
//! `moves ...`), every line of the tree checked by the rules, as the browser's module and the
//! Python package read and write movetext.

use super::MoveTree;
use super::numbers::{first_move, numbered};
use crate::game::Side;
use crate::games::game_and_size;
use crate::record::position_line::PositionLine;
use crate::session::GameSession;

/// Where a movetext begins: the game at the opening's position after its moves, and the side
/// and number of the movetext's first move.
pub struct Opening {
    pub session: Box<dyn GameSession>,
    pub first_move: (Side, u32),
}

impl Opening {
    /// `game` (a name) on a board of `size` (`9`, `10x8`; `None`: the game's own) after
    /// `opening` (empty: the start), or the one problem found.
    pub fn new(game: &str, size: Option<&str>, opening: &str) -> Result<Opening, String> {
        let (kind, size) = game_and_size(game, size)?;
        let line = PositionLine::parse(opening).unwrap_or(PositionLine {
            position: None,
            moves: Vec::new(),
        });
        let start = PositionLine {
            moves: Vec::new(),
            ..line.clone()
        }
        .build(kind, size)?;
        let session = line.build(kind, size)?;
        let first_move = numbered(first_move(start.as_ref()), line.moves.len());
        Ok(Opening {
            session,
            first_move,
        })
    }

    /// The tree of `movetext` from here, every line checked by the rules.
    pub fn read(&self, movetext: &str) -> Result<MoveTree, String> {
        let mut tree = MoveTree::parse(movetext)?;
        tree.check(self.session.as_ref(), self.first_move)?;
        Ok(tree)
    }

    /// The movetext of `tree` from here, once every line is checked by the rules.
    pub fn write(&self, mut tree: MoveTree) -> Result<String, String> {
        tree.check(self.session.as_ref(), self.first_move)?;
        Ok(tree.write(self.first_move))
    }
}
