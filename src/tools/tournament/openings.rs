//! Opening positions of a match: read from a file (one position line each: `startpos` or a
//! position string, either followed by `moves ...`) or made by a few seeded random legal moves
//! from the start.

use crate::game::BoardSize;
use crate::games::GameKind;
use crate::record::position_line::PositionLine;
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

/// Random openings: each `plies` seeded random legal moves from the start, not over and not seen
/// before (a repeat is allowed only after many tries found nothing new, as on a tiny board).
pub struct RandomOpenings {
    start: Box<dyn GameSession>,
    plies: usize,
    rng: StdRng,
    seen: HashSet<String>,
}

/// Tries at making one opening before a repeat is allowed, and before giving up.
const FRESH_TRIES: usize = 20;
const ALL_TRIES: usize = 100;

impl RandomOpenings {
    pub fn new(game: GameKind, size: BoardSize, plies: usize, seed: u64) -> Result<Self, String> {
        let start = Opening {
            position: None,
            moves: Vec::new(),
        };
        Ok(RandomOpenings {
            start: build_opening(&start, game, size)?,
            plies,
            rng: StdRng::seed_from_u64(seed),
            seen: HashSet::new(),
        })
    }

    /// One random line from the start and the game it leads to.
    fn random_line(&mut self) -> Result<(Vec<String>, Box<dyn GameSession>), String> {
        let mut session = self.start.boxed_clone();
        let mut moves = Vec::new();
        for _ in 0..self.plies {
            let legal = session.legal_moves();
            if legal.is_empty() {
                break;
            }
            let choice = legal[self.rng.random_range(0..legal.len())].clone();
            session.play_move(&choice)?;
            moves.push(choice);
        }
        Ok((moves, session))
    }

    /// The next opening, or why none could be made.
    pub fn next_opening(&mut self) -> Result<Opening, String> {
        for tries in 1..=ALL_TRIES {
            let (moves, session) = self.random_line()?;
            let fresh = self.seen.insert(session.position_text()) || tries > FRESH_TRIES;
            if session.verdict().is_none() && fresh {
                return Ok(Opening {
                    position: None,
                    moves,
                });
            }
        }
        Err(format!(
            "could not find a new random opening of {} plies",
            self.plies
        ))
    }
}

/// `count` openings of `plies` random legal moves from the start, different where possible.
pub fn random_openings(
    game: GameKind,
    size: BoardSize,
    count: usize,
    plies: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let mut maker = RandomOpenings::new(game, size, plies, seed)?;
    (0..count).map(|_| maker.next_opening()).collect()
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

    #[test]
    fn fewer_random_openings_are_the_first_of_more() {
        // datagen makes only as many as its shard still plays; each game's opening must be the
        // same as in the whole run's list.
        let size = BoardSize::square(8);
        let all = random_openings(GameKind::Apart, size, 40, 8, 3).unwrap();
        let some = random_openings(GameKind::Apart, size, 13, 8, 3).unwrap();
        assert_eq!(some[..], all[..13]);
        assert!(
            random_openings(GameKind::Apart, size, 0, 8, 3)
                .unwrap()
                .is_empty()
        );
    }
}
