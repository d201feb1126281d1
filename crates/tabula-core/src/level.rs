//! Playing levels, from a random mover to full strength: `random` (a uniformly random legal
//! move), `greedy` (the best move by a one-ply static evaluation, as the source documents' simple
//! bots), `novice` to `demigod` (the Joust document's names; each game defines them as a skill of
//! the knob or a depth cap, each beating the one before in direct matches) and `max`.

use crate::games::GameKind;
use crate::session::GameSession;
use crate::strength::scale::scale;
use crate::strength::{CANDIDATE_LINES, Strength};
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
    /// A named level between `greedy` and `max`: its rank in [`NAMES`], 0 (`novice`) first; how
    /// it plays depends on the game ([`Level::search`]).
    Named(usize),
    Max,
}

/// How a named level searches in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The knob at `Skill` n (`crate::strength`): its depth cap, and a draw among its best lines.
    Skill(usize),
    /// A full search capped at this depth, its best move played.
    Depth(u32),
}

/// The named levels, weakest first.
pub const NAMES: [&str; 6] = ["novice", "easy", "medium", "hard", "ultra", "demigod"];

/// What each named level plays in each game, weakest first: chosen so that each level beats the
/// one before it in a direct match (docs/strength.md, "The levels' ladder", and
/// scripts/levels-ladder.sh, which plays those matches).
fn searches(game: GameKind) -> [Search; NAMES.len()] {
    use Search::{Depth, Skill};
    match game {
        GameKind::Joust => [Skill(0), Depth(2), Depth(4), Depth(6), Depth(9), Depth(12)],
        GameKind::JesonMor => [Skill(0), Skill(2), Depth(1), Depth(3), Depth(6), Depth(8)],
        GameKind::Claustro => [Depth(1), Depth(2), Depth(3), Depth(4), Depth(5), Depth(6)],
        GameKind::Apart => [Skill(0), Depth(1), Depth(2), Depth(4), Depth(5), Depth(6)],
    }
}

impl Search {
    /// What the search does, in a few words for people choosing a level.
    pub fn description(self) -> String {
        match self {
            Search::Skill(skill) => {
                let cap = Strength::from_skill_level(skill).depth_cap().unwrap_or(1.0);
                let deeper = if cap.fract() > 0.0 {
                    format!(" ({:.0}% of moves one ply deeper)", 100.0 * cap.fract())
                } else {
                    String::new()
                };
                format!(
                    "Skill {skill}: searches {} {} ahead{deeper} and often plays one of its \
                     {CANDIDATE_LINES} best moves, not the best",
                    cap.floor(),
                    if cap < 2.0 { "ply" } else { "plies" }
                )
            }
            Search::Depth(1) => "searches 1 ply ahead".to_string(),
            Search::Depth(depth) => format!("searches {depth} plies ahead"),
        }
    }

    /// The strength it plays at: the knob's skill, or full strength within its depth cap.
    pub fn strength(self) -> Strength {
        match self {
            Search::Skill(skill) => Strength::from_skill_level(skill),
            Search::Depth(_) => Strength::FULL,
        }
    }

    /// The depth it allows, given the depth asked for (a skill's cap is the knob's own).
    pub fn cap_depth(self, asked: Option<u32>) -> Option<u32> {
        match self {
            Search::Depth(cap) => Some(asked.map_or(cap, |depth| depth.min(cap))),
            Search::Skill(_) => asked,
        }
    }
}

impl Level {
    /// Every level name, weakest first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        ["random", "greedy"].into_iter().chain(NAMES).chain(["max"])
    }

    /// The level called `name` (case-insensitive).
    pub fn parse(name: &str) -> Result<Level, String> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "max" => Ok(Level::Max),
            _ => NAMES
                .iter()
                .position(|&n| n == lower)
                .map(Level::Named)
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
            Level::Named(rank) => NAMES[rank.min(NAMES.len() - 1)],
        }
    }

    /// How the level searches in `game`: `None` for `random` and `greedy`, which do not search,
    /// and for `max`, which searches as far as its limits allow.
    pub fn search(self, game: GameKind) -> Option<Search> {
        match self {
            Level::Named(rank) => Some(searches(game)[rank.min(NAMES.len() - 1)]),
            _ => None,
        }
    }

    /// What the level does in `game`, in a few words for people choosing one.
    pub fn description(self, game: GameKind) -> String {
        match (self, self.search(game)) {
            (_, Some(search)) => search.description(),
            (Level::Random, _) => "a random legal move".to_string(),
            (Level::Greedy, _) => "the move that looks best one ply ahead, no search".to_string(),
            _ => "full strength: as deep as the limit allows".to_string(),
        }
    }

    /// The strength the level plays at in `game` (full strength but for a level defined by a
    /// skill of the knob).
    pub fn strength(self, game: GameKind) -> Strength {
        self.search(game).map_or(Strength::FULL, Search::strength)
    }

    /// The strength to play at below full strength, if any: `limited` (the options' `UCI_Elo`
    /// or `Skill`) where it is below full strength, else the level's own skill in `game`.
    pub fn limited_strength(self, game: GameKind, limited: Strength) -> Option<Strength> {
        [limited, self.strength(game)]
            .into_iter()
            .find(|strength| !strength.is_full())
    }

    /// The search depth this level allows in `game`, given the depth asked for.
    pub fn cap_depth(self, game: GameKind, asked: Option<u32>) -> Option<u32> {
        self.search(game)
            .map_or(asked, |search| search.cap_depth(asked))
    }
}

/// Every named level of `game` with its measured Elo (`crate::strength::scale`): the rated ones
/// weakest first, then any not rated, in the order of [`Level::names`].
pub fn levels_by_elo(game: GameKind) -> Vec<(Level, Option<f64>)> {
    let measured = scale(game);
    let mut levels: Vec<(Level, Option<f64>)> = Level::names()
        .filter_map(|name| Level::parse(name).ok())
        .map(|level| (level, measured.level_elo(level.name())))
        .collect();
    levels.sort_by(|a, b| {
        let elo = |level: &(Level, Option<f64>)| level.1.unwrap_or(f64::INFINITY);
        elo(a).total_cmp(&elo(b))
    });
    levels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::SKILL_RANGE;

    #[test]
    fn names_round_trip() {
        for name in Level::names() {
            assert_eq!(Level::parse(name).unwrap().name(), name);
        }
        assert_eq!(Level::parse("Novice"), Ok(Level::Named(0)));
        assert_eq!(Level::parse("demigod"), Ok(Level::Named(5)));
        assert!(Level::parse("godlike").unwrap_err().contains("'godlike'"));
        assert_eq!(Level::Max.cap_depth(GameKind::Joust, Some(7)), Some(7));
        assert_eq!(Level::Max.search(GameKind::Joust), None);
        assert_ne!(
            Level::Random.description(GameKind::Joust),
            Level::Greedy.description(GameKind::Joust)
        );
    }

    #[test]
    fn a_depth_level_caps_the_depth_asked_and_a_skill_level_plays_its_skill() {
        assert_eq!(Search::Depth(3).cap_depth(Some(10)), Some(3));
        assert_eq!(Search::Depth(3).cap_depth(Some(2)), Some(2));
        assert_eq!(Search::Depth(3).cap_depth(None), Some(3));
        assert_eq!(Search::Skill(0).cap_depth(Some(4)), Some(4));
        assert!(Search::Depth(3).strength().is_full());
        assert_eq!(Search::Skill(4).strength().skill(), 0.2);
        assert_eq!(Search::Depth(2).description(), "searches 2 plies ahead");
        let (novice, skill_4) = (Level::Named(0), Strength::from_skill_level(4));
        let joust_novice = novice.strength(GameKind::Joust);
        assert_eq!(joust_novice, Strength::from_skill_level(0));
        assert_eq!(
            novice.limited_strength(GameKind::Joust, skill_4),
            Some(skill_4)
        );
        let unlimited = novice.limited_strength(GameKind::Joust, Strength::FULL);
        assert_eq!(unlimited, Some(joust_novice));
        let claustro = novice.limited_strength(GameKind::Claustro, Strength::FULL);
        assert_eq!(claustro, None, "Claustro's novice is a depth cap");
        assert!(
            Search::Skill(0)
                .description()
                .starts_with("Skill 0: searches 1 ply ahead and")
        );
        assert!(
            Search::Skill(2)
                .description()
                .contains("(19% of moves one ply deeper)")
        );
    }

    /// The depth a search reaches on every move (a skill's whole plies: its fraction of a ply
    /// more is drawn) and the skill it chooses its move with (20: always the best line).
    fn reach(search: Search) -> (u32, usize) {
        match search {
            Search::Depth(depth) => (depth, SKILL_RANGE.1),
            Search::Skill(skill) => {
                let cap = Strength::from_skill_level(skill).depth_cap();
                (cap.map_or(u32::MAX, |cap| cap.floor() as u32), skill)
            }
        }
    }

    /// Whether `stronger` searches at least as deep as `weaker`, chooses at least as well, and
    /// does one of them better.
    fn outclasses(stronger: Search, weaker: Search) -> bool {
        let ((deep, choice), (shallow, worse)) = (reach(stronger), reach(weaker));
        deep >= shallow && choice >= worse && (deep, choice) != (shallow, worse)
    }

    #[test]
    fn neighbouring_levels_are_ordered_in_every_game() {
        assert!(outclasses(Search::Depth(1), Search::Skill(0)));
        assert!(outclasses(Search::Skill(12), Search::Skill(2)));
        assert!(outclasses(Search::Depth(1), Search::Skill(2)));
        assert!(!outclasses(Search::Skill(12), Search::Depth(1)));
        assert!(!outclasses(Search::Depth(3), Search::Depth(4)));
        assert!(!outclasses(Search::Depth(4), Search::Depth(4)));
        for game in GameKind::ALL {
            let levels: Vec<Search> = NAMES
                .iter()
                .map(|name| Level::parse(name).unwrap().search(game).unwrap())
                .collect();
            for pair in levels.windows(2) {
                assert!(outclasses(pair[1], pair[0]), "{game:?}: {pair:?}");
            }
        }
    }

    #[test]
    fn every_game_rates_each_named_level_above_the_one_before() {
        for game in GameKind::ALL {
            let measured = scale(game);
            let rated = |name: &str| measured.level_elo(name).expect("every level is rated");
            let elos: Vec<f64> = NAMES.into_iter().chain(["max"]).map(rated).collect();
            assert!(elos.windows(2).all(|p| p[0] < p[1]), "{game:?}: {elos:?}");
            assert_eq!(measured.level_elo("max"), Some(measured.span().1));
        }
    }

    #[test]
    fn a_level_played_by_a_skill_carries_the_skills_measured_rating() {
        for game in GameKind::ALL {
            for name in NAMES {
                let level = Level::parse(name).expect("a level");
                let Some(Search::Skill(skill)) = level.search(game) else {
                    continue;
                };
                let measured = scale(game)
                    .skills
                    .iter()
                    .find(|p| p.0 == Strength::from_skill_level(skill).skill());
                assert_eq!(
                    measured.map(|p| p.1),
                    scale(game).level_elo(name),
                    "{game:?} {name}"
                );
            }
        }
    }
}
