//! The Elo scale of each game, measured: a round robin at the game's default size and a fast
//! clock between skills of the knob, the named levels and full strength, rated by maximum
//! likelihood (docs/strength.md has the table, its method and the command that plays it).
//! `UCI_Elo` is mapped onto a skill by interpolating between the measured skills, and each
//! named level has its measured rating.

use super::Strength;
use crate::games::GameKind;
use crate::level::Level;

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

    /// Every named level with its measured Elo: the rated ones weakest first, then any not
    /// rated, in the order of [`Level::names`].
    pub fn levels_by_elo(&self) -> Vec<(Level, Option<f64>)> {
        let mut levels: Vec<(Level, Option<f64>)> = Level::names()
            .filter_map(|name| Level::parse(name).ok())
            .map(|level| (level, self.level_elo(level.name())))
            .collect();
        levels.sort_by(|a, b| {
            let elo = |level: &(Level, Option<f64>)| level.1.unwrap_or(f64::INFINITY);
            elo(a).total_cmp(&elo(b))
        });
        levels
    }

    /// The measured Elo of the level called `name`.
    pub fn level_elo(&self, name: &str) -> Option<f64> {
        self.levels
            .iter()
            .find(|(level, _)| level.eq_ignore_ascii_case(name))
            .map(|&(_, elo)| elo)
    }
}

// The figures of docs/strength.md's round robins ("The Elo scale"), greedy pinned at 1000: the
// skills in order, each kept only where it rated above the weaker one before it, and every
// named level.
const JOUST: GameScale = GameScale {
    skills: &[
        (0.00, 698.0),
        (0.25, 1056.0),
        (0.50, 1275.0),
        (0.75, 1445.0),
        (0.90, 1466.0),
        (1.00, 1515.0),
    ],
    levels: &[
        ("random", 538.0),
        ("greedy", 1000.0),
        ("novice", 995.0),
        ("easy", 1035.0),
        ("medium", 1136.0),
        ("hard", 1134.0),
        ("ultra", 1212.0),
        ("demigod", 1251.0),
        ("max", 1515.0),
    ],
};
const JESON_MOR: GameScale = GameScale {
    skills: &[
        (0.00, 872.0),
        (0.25, 1526.0),
        (0.50, 1603.0),
        (0.75, 1615.0),
        (0.90, 1638.0),
        (1.00, 1643.0),
    ],
    levels: &[
        ("random", 416.0),
        ("greedy", 1000.0),
        ("novice", 1376.0),
        ("easy", 1411.0),
        ("medium", 1443.0),
        ("hard", 1472.0),
        ("ultra", 1500.0),
        ("demigod", 1517.0),
        ("max", 1643.0),
    ],
};
const CLAUSTRO: GameScale = GameScale {
    skills: &[
        (0.00, 817.0),
        (0.25, 1493.0),
        (0.50, 1866.0),
        (0.75, 1887.0),
        (1.00, 2110.0),
    ],
    levels: &[
        ("random", 359.0),
        ("greedy", 1000.0),
        ("novice", 998.0),
        ("easy", 1174.0),
        ("medium", 1251.0),
        ("hard", 1346.0),
        ("ultra", 1436.0),
        ("demigod", 1590.0),
        ("max", 2110.0),
    ],
};
const APART: GameScale = GameScale {
    skills: &[
        (0.00, 925.0),
        (0.25, 1137.0),
        (0.50, 1139.0),
        (0.75, 1184.0),
        (0.90, 1192.0),
        (1.00, 1193.0),
    ],
    levels: &[
        ("random", 316.0),
        ("greedy", 1000.0),
        ("novice", 1004.0),
        ("easy", 1035.0),
        ("medium", 1056.0),
        ("hard", 1121.0),
        ("ultra", 1141.0),
        ("demigod", 1189.0),
        ("max", 1193.0),
    ],
};

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
