//! Playing levels, from a random mover to full strength: `random` (a uniformly random legal
//! move), `greedy` (the best move by a one-ply static evaluation, as the source documents' simple
//! bots), `novice` to `demigod` (search depth 1 to 6, the Joust document's levels) and `max`.

use crate::session::GameSession;
use rand::RngExt;
use rand::rngs::StdRng;

/// The most legal moves the `random` level chooses among: all there are, except in a contrived
/// Apart position (hundreds of millions of turns), where it is the first million listed.
const RANDOM_CHOICES: usize = 1_000_000;

/// The `random` level's move: one of `only` if given, else of the legal moves, chosen uniformly
/// (`None` if there is none).
pub fn random_move(session: &dyn GameSession, only: &[String], rng: &mut StdRng) -> Option<String> {
    let listed;
    let moves = if only.is_empty() {
        listed = session.first_legal_moves(RANDOM_CHOICES).0;
        &listed
    } else {
        only
    };
    moves.get(rng.random_range(0..moves.len().max(1))).cloned()
}

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Random,
    Greedy,
    /// A full search capped at this depth.
    Depth(u32),
    Max,
}

/// The named depth levels, depth 1 first.
const DEPTH_NAMES: [&str; 6] = ["novice", "easy", "medium", "hard", "ultra", "demigod"];

impl Level {
    /// Every level name, weakest first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        ["random", "greedy"]
            .into_iter()
            .chain(DEPTH_NAMES)
            .chain(["max"])
    }

    /// The level called `name` (case-insensitive).
    pub fn parse(name: &str) -> Result<Level, String> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "max" => Ok(Level::Max),
            _ => DEPTH_NAMES
                .iter()
                .position(|&n| n == lower)
                .map(|i| Level::Depth(i as u32 + 1))
                .ok_or_else(|| {
                    format!(
                        "unknown level '{name}' ({})",
                        Level::names().collect::<Vec<_>>().join(", ")
                    )
                }),
        }
    }

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Max => "max",
            Level::Depth(depth) => DEPTH_NAMES[(depth.clamp(1, 6) - 1) as usize],
        }
    }

    /// What the level does, in a few words for people choosing one.
    pub fn description(self) -> String {
        match self {
            Level::Random => "a random legal move".to_string(),
            Level::Greedy => "the move that looks best one ply ahead, no search".to_string(),
            Level::Max => "full strength: as deep as the limit allows".to_string(),
            Level::Depth(1) => "searches 1 ply ahead".to_string(),
            Level::Depth(depth) => format!("searches {depth} plies ahead"),
        }
    }

    /// The search depth this level allows, given the depth asked for.
    pub fn cap_depth(self, asked: Option<u32>) -> Option<u32> {
        match self {
            Level::Depth(cap) => Some(asked.map_or(cap, |d| d.min(cap))),
            _ => asked,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_depths_follow_the_joust_document() {
        for name in Level::names() {
            assert_eq!(Level::parse(name).unwrap().name(), name);
        }
        assert_eq!(Level::parse("Novice"), Ok(Level::Depth(1)));
        assert_eq!(Level::parse("demigod"), Ok(Level::Depth(6)));
        assert!(Level::parse("godlike").unwrap_err().contains("'godlike'"));
        assert_eq!(Level::Depth(3).cap_depth(Some(10)), Some(3));
        assert_eq!(Level::Depth(3).cap_depth(None), Some(3));
        assert_eq!(Level::Max.cap_depth(None), None);
        assert_eq!(Level::Depth(2).description(), "searches 2 plies ahead");
        assert_ne!(Level::Random.description(), Level::Greedy.description());
    }
}
