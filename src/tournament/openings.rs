//! Opening positions of a match: read from a file (one per line: `startpos`, a position string,
//! either followed by `moves ...`) or made by a few seeded random legal moves from the start.

use crate::game::BoardSize;
use crate::games::{GameKind, build_session};
use crate::position_text::parse_position_text;
use crate::session::{GameSession, Setup};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position string, or `None` for the start position.
    pub position: Option<String>,
    /// Moves played from it before the engines take over.
    pub moves: Vec<String>,
}

impl Opening {
    /// Parses one line of an openings file; `None` for a blank or comment (`#`) line.
    pub fn parse_line(line: &str) -> Option<Opening> {
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
        Some(Opening { position, moves })
    }

    /// The game at this opening, checked by the rules.
    pub fn build(&self, game: GameKind, size: BoardSize) -> Result<Box<dyn GameSession>, String> {
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        let session = match &self.position {
            None => build_session(game, Setup::Start(size), &moves, true)?,
            Some(text) => {
                let parsed = parse_position_text(text)?;
                build_session(game, Setup::Text(&parsed), &moves, true)?
            }
        };
        if let Some(verdict) = session.verdict() {
            return Err(format!("the game is already over ({})", verdict.reason));
        }
        Ok(session)
    }

    /// The opening as written in an openings file.
    pub fn describe(&self) -> String {
        let setup = self.position.as_deref().unwrap_or("startpos");
        if self.moves.is_empty() {
            setup.to_string()
        } else {
            format!("{setup} moves {}", self.moves.join(" "))
        }
    }
}

/// Reads and checks an openings file's text.
pub fn parse_openings(text: &str, game: GameKind, size: BoardSize) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(opening) = Opening::parse_line(line) {
            opening
                .build(game, size)
                .map_err(|problem| format!("openings line {}: {problem}", index + 1))?;
            openings.push(opening);
        }
    }
    if openings.is_empty() {
        return Err("the openings file has no positions".to_string());
    }
    Ok(openings)
}

/// `count` openings of `plies` random legal moves from the start, different where possible.
pub fn random_openings(
    game: GameKind,
    size: BoardSize,
    count: usize,
    plies: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let start = Opening {
        position: None,
        moves: Vec::new(),
    };
    start.build(game, size)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let mut attempts = 0;
    while openings.len() < count {
        attempts += 1;
        let mut session = start.build(game, size)?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = session.legal_moves();
            if legal.is_empty() {
                break;
            }
            let choice = legal[rng.random_range(0..legal.len())].clone();
            session.play_move(&choice)?;
            moves.push(choice);
        }
        let fresh = seen.insert(session.position_text()) || attempts > 20 * count;
        if session.verdict().is_none() && fresh {
            openings.push(Opening {
                position: None,
                moves,
            });
        } else if attempts > 100 * count {
            return Err(format!(
                "could not find {count} random openings of {plies} plies"
            ));
        }
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lines_with_comments_and_moves() {
        assert_eq!(Opening::parse_line("  # nothing"), None);
        assert_eq!(
            Opening::parse_line("startpos"),
            Some(Opening {
                position: None,
                moves: vec![]
            })
        );
        let opening =
            Opening::parse_line("8/8/8/4n3/3N4/8/8/8 w 0 1 moves d4f5 e5c4 # two plies").unwrap();
        assert_eq!(
            opening.position.as_deref(),
            Some("8/8/8/4n3/3N4/8/8/8 w 0 1")
        );
        assert_eq!(opening.moves, vec!["d4f5", "e5c4"]);
        assert_eq!(
            opening.describe(),
            "8/8/8/4n3/3N4/8/8/8 w 0 1 moves d4f5 e5c4"
        );
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let text = "startpos\n\nstartpos moves d4f5 d4f5\n";
        let error = parse_openings(text, GameKind::Joust, BoardSize::square(8)).unwrap_err();
        assert!(error.starts_with("openings line 3:"), "{error}");
    }

    #[test]
    fn random_openings_are_reproducible_and_distinct() {
        let size = BoardSize::square(8);
        let first = random_openings(GameKind::Joust, size, 10, 4, 7).unwrap();
        assert_eq!(
            first,
            random_openings(GameKind::Joust, size, 10, 4, 7).unwrap()
        );
        let distinct: HashSet<_> = first.iter().map(|o| o.moves.clone()).collect();
        assert_eq!(distinct.len(), 10);
        assert!(first.iter().all(|o| o.moves.len() == 4));
    }
}
