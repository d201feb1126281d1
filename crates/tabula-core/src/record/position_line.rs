//! A position as one line of text, the form shared by openings files, `analyse` input and match
//! records: `startpos` or a position string, optionally followed by `moves <m1> <m2> ...`.

use crate::game::BoardSize;
use crate::games::{GameKind, open_session};
use crate::session::GameSession;

/// A position given by a start and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionLine {
    /// The position string, or `None` for the start position.
    pub position: Option<String>,
    /// Moves played from it.
    pub moves: Vec<String>,
}

impl PositionLine {
    /// Parses a line; `None` for a blank or comment (`#`) line.
    pub fn parse(line: &str) -> Option<PositionLine> {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return None;
        }
        let (setup, moves) = match line.split_once(" moves") {
            Some((setup, moves)) => (
                setup.trim(),
                moves.split_whitespace().map(String::from).collect(),
            ),
            None => (line, Vec::new()),
        };
        let position = (setup != "startpos").then(|| setup.to_string());
        Some(PositionLine { position, moves })
    }

    /// The game at this position (the start position on a board of `size`), checked by the rules.
    pub fn build(&self, game: GameKind, size: BoardSize) -> Result<Box<dyn GameSession>, String> {
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        open_session(game, size, self.position.as_deref(), &moves, true)
    }

    /// The line as written.
    pub fn describe(&self) -> String {
        let setup = self.position.as_deref().unwrap_or("startpos");
        if self.moves.is_empty() {
            setup.to_string()
        } else {
            format!("{setup} moves {}", self.moves.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lines_with_comments_and_moves() {
        assert_eq!(PositionLine::parse("  # nothing"), None);
        assert_eq!(
            PositionLine::parse("startpos"),
            Some(PositionLine {
                position: None,
                moves: vec![]
            })
        );
        let line =
            PositionLine::parse("8/8/8/4n3/3N4/8/8/8 w 0 1 moves d4f5 e5c4 # two plies").unwrap();
        assert_eq!(line.position.as_deref(), Some("8/8/8/4n3/3N4/8/8/8 w 0 1"));
        assert_eq!(line.moves, vec!["d4f5", "e5c4"]);
        assert_eq!(line.describe(), "8/8/8/4n3/3N4/8/8/8 w 0 1 moves d4f5 e5c4");
    }

    #[test]
    fn builds_or_names_the_problem() {
        let size = BoardSize::square(8);
        let line = PositionLine::parse("startpos moves d4f5").unwrap();
        assert_eq!(
            line.build(GameKind::Joust, size).unwrap().side_to_move(),
            crate::game::Side::Black
        );
        let bad = PositionLine::parse("startpos moves d4f5 d4f5").unwrap();
        assert!(bad.build(GameKind::Joust, size).is_err());
    }
}
