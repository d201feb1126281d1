//! Playing below full strength on one smooth knob (`UCI_LimitStrength`, `UCI_Elo`): a skill from
//! 0 (weakest) to 1 (full strength) caps the search depth and chooses among the best few lines of
//! a MultiPV search by a weighted random draw, so that weaker play keeps close moves and, the
//! weaker it is, the more often takes worse ones.
//!
//! `UCI_Elo` names a point on each game's measured Elo scale ([`scale`]), which maps it to a
//! skill; `Skill` (0 to 20, as Stockfish's `Skill Level`) names a skill directly. The move below
//! full strength is chosen by the limited search ([`limited`]). An Elo outside a game's measured
//! span plays at its nearest end, and is said to ([`reach`]).

pub mod limited;
pub mod reach;
pub mod scale;

use crate::games::GameKind;
use crate::search::score::{MATE, Score};
use rand::RngExt;
use rand::rngs::StdRng;

/// The values `UCI_Elo` takes, in every game; each game reaches part of them ([`reach`]).
pub const ELO_RANGE: (usize, usize) = (400, 3000);
/// `UCI_Elo` before it is set: `greedy`'s rating, the anchor of every game's scale (1000), so
/// the same point of each game, and within every game's span.
pub const DEFAULT_ELO: usize = 1000;

/// The values `Skill` takes: skill `n / 20`, 20 being full strength.
pub const SKILL_RANGE: (usize, usize) = (0, 20);

/// How many best lines a limited search weighs.
pub const CANDIDATE_LINES: usize = 4;

/// The deepest capped search below full strength: the cap grows from 1 ply at skill 0 to this
/// just below skill 1 (full strength has no cap), with the square of the skill.
const DEEPEST_CAP: f64 = 20.0;

/// The largest random bonus, in centipawns, a line can draw at skill 0; it shrinks in proportion
/// to the weakness (1 - skill).
const NOISE_CP: f64 = 100.0;

/// The largest gap, in centipawns, a line's choice weighs: a line this far or farther below the
/// best counts as this far. Without a bound a line that loses by force (a gap of a mate, some
/// 30,000) would be out of reach of the noise at every skill above zero, and the knob would leap
/// from skill 0, which plays such lines, to a skill that never does; bounded, they fade out
/// over the skills below `NOISE_CP / (NOISE_CP + DECISIVE_GAP)` (0.2, `Skill 4`).
const DECISIVE_GAP: f64 = 400.0;

/// The strength options as set: `UCI_LimitStrength`, `UCI_Elo` and `Skill` (UCI and CECP alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    /// Whether `elo` decides the strength (else `skill` does).
    pub limit_strength: bool,
    /// The Elo asked for while `limit_strength` is on, in [`ELO_RANGE`].
    pub elo: usize,
    /// The skill level while `limit_strength` is off, in [`SKILL_RANGE`] (20: full strength).
    pub skill: usize,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions {
            limit_strength: false,
            elo: DEFAULT_ELO,
            skill: SKILL_RANGE.1,
        }
    }
}

impl StrengthOptions {
    /// The strength the options name in `game`: `UCI_Elo` on the game's scale while
    /// `UCI_LimitStrength` is on, else `Skill`.
    pub fn strength(self, game: GameKind) -> Strength {
        if self.limit_strength {
            Strength::from_elo(game, self.elo)
        } else {
            Strength::from_skill_level(self.skill)
        }
    }
}

/// How strongly to play: a skill from 0 (weakest) to 1 (full strength).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    skill: f64,
}

impl Strength {
    /// Full strength: one line, no depth cap, the best move.
    pub const FULL: Strength = Strength { skill: 1.0 };

    /// The strength `UCI_Elo` names in `game` (see [`scale`]).
    pub fn from_elo(game: GameKind, elo: usize) -> Strength {
        scale::scale(game).strength(elo)
    }

    /// The strength `Skill` names: `skill / 20` (clamped to [`SKILL_RANGE`]).
    pub fn from_skill_level(skill: usize) -> Strength {
        Strength::from_skill(skill.min(SKILL_RANGE.1) as f64 / SKILL_RANGE.1 as f64)
    }

    /// The strength of a skill from 0 to 1 (clamped).
    pub fn from_skill(skill: f64) -> Strength {
        Strength {
            skill: if skill.is_finite() {
                skill.clamp(0.0, 1.0)
            } else {
                1.0
            },
        }
    }

    pub fn skill(self) -> f64 {
        self.skill
    }

    pub fn is_full(self) -> bool {
        self.skill >= 1.0
    }

    /// The lines to search: [`CANDIDATE_LINES`] below full strength, else one.
    pub fn lines(self) -> usize {
        if self.is_full() { 1 } else { CANDIDATE_LINES }
    }

    /// The depth cap below full strength, in plies as a real number: 1 at skill 0, growing with
    /// the square of the skill to [`DEEPEST_CAP`] just below full strength (which has none). The
    /// square keeps the low steps of `Skill` small (0.05 ply from `Skill 0` to `Skill 1`, 1.4
    /// plies from 15 to 16), since each of the first plies is worth the most (docs/strength.md,
    /// the knob's scale).
    pub fn depth_cap(self) -> Option<f64> {
        (!self.is_full()).then_some(1.0 + self.skill * self.skill * (DEEPEST_CAP - 1.0))
    }

    /// The depth one move's search may reach, given the depth asked for: the whole plies of
    /// [`Strength::depth_cap`], and one more with the probability of its fraction (drawn with
    /// `rng`), so that the strength grows smoothly with the skill between two whole depths
    /// instead of in steps.
    pub fn cap_depth(self, asked: Option<u32>, rng: &mut StdRng) -> Option<u32> {
        let Some(cap) = self.depth_cap() else {
            return asked;
        };
        let whole = cap.floor();
        let cap = whole as u32 + u32::from(rng.random::<f64>() < cap - whole);
        Some(asked.map_or(cap, |depth| depth.min(cap)))
    }

    /// The index of the line to play among `scores` (best first, from the mover's view), drawn
    /// with `rng`: each line is valued `-(skill * gap) + (1 - skill) * NOISE_CP * u`, its gap
    /// being how far it scores below the best line (at most [`DECISIVE_GAP`]) and `u` uniform in
    /// [0, 1), and the highest value wins. At full strength that is always the best line; at
    /// skill 0 the gaps no longer count and every line is as likely; in between a line is taken
    /// over a better one only while its gap, shrunk by the skill, is within the noise.
    pub fn choose(self, scores: &[Score], rng: &mut StdRng) -> usize {
        let Some(&top) = scores.first() else {
            return 0;
        };
        if self.is_full() {
            return 0;
        }
        let top = comparable(top);
        let weakness = 1.0 - self.skill;
        let mut best = (f64::NEG_INFINITY, 0);
        for (index, &score) in scores.iter().enumerate() {
            let gap = (top - comparable(score)).clamp(0.0, DECISIVE_GAP);
            let value = -self.skill * gap + weakness * NOISE_CP * rng.random::<f64>();
            if value > best.0 {
                best = (value, index);
            }
        }
        best.1
    }
}

/// A score as centipawns that order as the scores do: a mate in N as the search's internal
/// score of a mate N moves away.
fn comparable(score: Score) -> f64 {
    match score {
        Score::Centipawns(cp) => f64::from(cp),
        Score::Mate(moves) if moves > 0 => f64::from(MATE - (2 * moves - 1)),
        Score::Mate(moves) => f64::from(-MATE - 2 * moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn choices(strength: Strength, scores: &[Score]) -> Vec<usize> {
        let mut rng = StdRng::seed_from_u64(1);
        (0..400)
            .map(|_| strength.choose(scores, &mut rng))
            .collect()
    }

    #[test]
    fn skill_levels_run_from_the_weakest_skill_to_full_strength() {
        assert_eq!(Strength::from_skill_level(0).skill(), 0.0);
        assert_eq!(Strength::from_skill_level(10).skill(), 0.5);
        assert!(Strength::from_skill_level(SKILL_RANGE.1).is_full());
        assert!(Strength::from_skill_level(99).is_full());
        let mut rng = StdRng::seed_from_u64(1);
        assert_eq!(
            Strength::from_skill(0.0).cap_depth(Some(9), &mut rng),
            Some(1)
        );
        assert_eq!(Strength::from_skill(0.0).cap_depth(None, &mut rng), Some(1));
        assert_eq!(Strength::FULL.cap_depth(None, &mut rng), None);
        assert_eq!(Strength::FULL.cap_depth(Some(7), &mut rng), Some(7));
        assert_eq!(Strength::FULL.lines(), 1);
        assert_eq!(Strength::from_skill(f64::NAN), Strength::FULL);
    }

    #[test]
    fn the_options_name_the_elo_while_limited_else_the_skill() {
        let mut options = StrengthOptions::default();
        assert!(options.strength(GameKind::Joust).is_full());
        options.skill = 10;
        assert_eq!(options.strength(GameKind::Joust).skill(), 0.5);
        options.limit_strength = true;
        options.elo = ELO_RANGE.0;
        assert_eq!(
            options.strength(GameKind::Joust),
            Strength::from_elo(GameKind::Joust, ELO_RANGE.0)
        );
    }

    #[test]
    fn weaker_skills_take_worse_lines_more_often() {
        let scores = [
            Score::Centipawns(300),
            Score::Centipawns(250),
            Score::Centipawns(0),
            Score::Mate(-2),
        ];
        let worse = |skill: f64| {
            choices(Strength::from_skill(skill), &scores)
                .iter()
                .filter(|&&index| index != 0)
                .count()
        };
        assert_eq!(worse(1.0), 0);
        let (weakest, middle, strong) = (worse(0.0), worse(0.5), worse(0.95));
        assert!(weakest > 250, "{weakest} of 400 at skill 0");
        assert!(
            weakest > middle && middle > strong,
            "{weakest} {middle} {strong}"
        );
        // A line 250 cp worse than the second is never taken at skill 0.95.
        assert!(
            !choices(Strength::from_skill(0.95), &scores).contains(&2),
            "a far worse line taken"
        );
    }

    #[test]
    fn a_line_lost_by_force_fades_out_as_the_skill_grows() {
        let scores = [Score::Centipawns(300), Score::Mate(-2)];
        let lost = |skill: f64| {
            choices(Strength::from_skill(skill), &scores)
                .iter()
                .filter(|&&index| index == 1)
                .count()
        };
        // Valued -0.1 * 400 + 90 u against 90 u': taken with chance (50 / 90)^2 / 2 = 15%.
        let (weakest, weak, stronger) = (lost(0.0), lost(0.1), lost(0.25));
        assert!((160..240).contains(&weakest), "{weakest} of 400 at skill 0");
        assert!((35..90).contains(&weak), "{weak} of 400 at skill 0.1");
        assert_eq!(stronger, 0, "taken at skill 0.25");
    }

    #[test]
    fn a_fractional_cap_reaches_one_ply_more_as_often_as_its_fraction() {
        // Skill 0.5: a cap of 1 + 0.5^2 * 19 = 5.75 plies, so 6 on three moves in four.
        let strength = Strength::from_skill(0.5);
        assert_eq!(strength.depth_cap(), Some(5.75));
        let mut rng = StdRng::seed_from_u64(7);
        let caps: Vec<u32> = (0..4000)
            .filter_map(|_| strength.cap_depth(None, &mut rng))
            .collect();
        assert!(caps.iter().all(|&cap| cap == 5 || cap == 6), "{caps:?}");
        let deeper = caps.iter().filter(|&&cap| cap == 6).count();
        assert!(
            (2850..3150).contains(&deeper),
            "{deeper} of 4000 at 6 plies"
        );
        // A depth asked for below the cap is kept.
        assert_eq!(strength.cap_depth(Some(3), &mut rng), Some(3));
    }
}
