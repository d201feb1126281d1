//! The Elo scale of each game, measured: a round robin at the game's default size and a fast
//! clock between skills of the knob, the named levels and full strength, rated by maximum
//! likelihood (docs/strength.md has the table, its method and the command that plays it).
//! `UCI_Elo` is mapped onto a skill by interpolating between the measured skills, and each
//! named level has its measured rating.

use super::Strength;
use crate::games::GameKind;

/// One game's measured ratings.
#[derive(Debug)]
pub struct GameScale {
    /// Skills of the knob and their Elo, weakest first; the last is full strength (skill 1).
    pub skills: &'static [(f64, f64)],
    /// The named levels (`crate::level`) and their Elo.
    pub levels: &'static [(&'static str, f64)],
}

/// The scale measured for `game`.
pub fn scale(game: GameKind) -> &'static GameScale {
    match game {
        GameKind::Joust => &JOUST,
        GameKind::JesonMor => &JESON_MOR,
        GameKind::Claustro => &CLAUSTRO,
        GameKind::Apart => &APART,
    }
}

impl GameScale {
    /// The skill that plays at `elo`: interpolated linearly between the two measured skills
    /// around it; the weakest skill below the weakest measured Elo, full strength above the
    /// strongest.
    pub fn strength(&self, elo: usize) -> Strength {
        let elo = elo as f64;
        let Some(&(weakest_skill, weakest_elo)) = self.skills.first() else {
            return Strength::FULL;
        };
        if elo <= weakest_elo {
            return Strength::from_skill(weakest_skill);
        }
        for pair in self.skills.windows(2) {
            let ((low_skill, low_elo), (high_skill, high_elo)) = (pair[0], pair[1]);
            if elo <= high_elo {
                let part = (elo - low_elo) / (high_elo - low_elo);
                return Strength::from_skill(low_skill + part * (high_skill - low_skill));
            }
        }
        Strength::FULL
    }

    /// The Elo the weakest skill and full strength measured.
    pub fn span(&self) -> (f64, f64) {
        let elo_at = |point: Option<&(f64, f64)>| point.map_or(0.0, |&(_, elo)| elo);
        (elo_at(self.skills.first()), elo_at(self.skills.last()))
    }

    /// The measured Elo of the level called `name`.
    pub fn level_elo(&self, name: &str) -> Option<f64> {
        self.levels
            .iter()
            .find(|(level, _)| level.eq_ignore_ascii_case(name))
            .map(|&(_, elo)| elo)
    }
}

/// Until the round robin's figures are in: the knob's ends at `ELO_RANGE`'s, levels unrated.
const PLACEHOLDER: GameScale = GameScale {
    skills: &[(0.0, 600.0), (1.0, 2800.0)],
    levels: &[],
};
const JOUST: GameScale = PLACEHOLDER;
const JESON_MOR: GameScale = PLACEHOLDER;
const CLAUSTRO: GameScale = PLACEHOLDER;
const APART: GameScale = PLACEHOLDER;

#[cfg(test)]
mod tests {
    use super::*;

    const SCALE: GameScale = GameScale {
        skills: &[(0.0, 800.0), (0.5, 1600.0), (1.0, 2000.0)],
        levels: &[("greedy", 500.0)],
    };

    #[test]
    fn elo_is_interpolated_between_measured_skills() {
        assert_eq!(SCALE.strength(600).skill(), 0.0);
        assert_eq!(SCALE.strength(800).skill(), 0.0);
        assert!((SCALE.strength(1200).skill() - 0.25).abs() < 1e-12);
        assert!((SCALE.strength(1800).skill() - 0.75).abs() < 1e-12);
        assert!(SCALE.strength(2000).is_full());
        assert!(SCALE.strength(2800).is_full());
        assert_eq!(SCALE.span(), (800.0, 2000.0));
        assert_eq!(SCALE.level_elo("Greedy"), Some(500.0));
        assert_eq!(SCALE.level_elo("max"), None);
    }

    #[test]
    fn every_game_measures_stronger_skills_higher() {
        for game in GameKind::ALL {
            let skills = scale(game).skills;
            assert!(
                skills
                    .windows(2)
                    .all(|p| p[0].0 < p[1].0 && p[0].1 < p[1].1)
            );
            assert_eq!(skills.last().map(|p| p.0), Some(1.0), "{game:?}");
        }
    }
}
