//! Opening positions of a match: read from a file (one position line each: `startpos` or a
//! position string, either followed by `moves ...`) or made by a few seeded random legal moves
//! from the start.

use crate::game::BoardSize;
use crate::games::GameKind;
use crate::position_line::PositionLine;
use crate::session::GameSession;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// Where a game starts: a position line whose game is not over.
pub type Opening = PositionLine;

/// The game at `opening`, which must not be over already.
pub fn build_opening(
    opening: &Opening,
    game: GameKind,
    size: BoardSize,
) -> Result<Box<dyn GameSession>, String> {
    let session = opening.build(game, size)?;
    if let Some(verdict) = session.verdict() {
        return Err(format!("the game is already over ({})", verdict.reason));
    }
    Ok(session)
}

/// Reads and checks an openings file's text.
pub fn parse_openings(text: &str, game: GameKind, size: BoardSize) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(opening) = Opening::parse(line) {
            build_opening(&opening, game, size)
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
    build_opening(&start, game, size)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let mut attempts = 0;
    while openings.len() < count {
        attempts += 1;
        let mut session = build_opening(&start, game, size)?;
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
