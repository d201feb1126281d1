//! The Elo scale of each game, measured: round robins at the game's default size and a fast
//! clock, one between skills of the knob, full strength and `greedy`, one between the named
//! levels and `greedy`, each rated by maximum likelihood with `greedy` at 1000
//! (docs/strength.md has the tables, their method and the commands that play them).
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

// The figures of docs/strength.md ("The Elo scale"), greedy pinned at 1000, each round robin
// rated from its pairings within 400 Elo: the knob's skills from the knob's round robin, in
// order, each kept only where it rated above the one before it and below full strength (the
// last); the named levels from the levels' round robin, full strength (`max`) from the knob's.
const JOUST: GameScale = GameScale {
    skills: &[
        (0.00, 627.0),
        (0.05, 732.2),
        (0.10, 874.3),
        (0.15, 896.1),
        (0.20, 929.4),
        (0.25, 952.2),
        (0.30, 1000.0),
        (0.35, 1048.4),
        (0.40, 1110.8),
        (0.45, 1131.9),
        (0.50, 1180.0),
        (0.55, 1253.5),
        (0.70, 1363.5),
        (0.80, 1455.4),
        (0.90, 1458.6),
        (1.00, 1499.4),
    ],
    levels: &[
        ("random", 523.0),
        ("greedy", 1000.0),
        ("novice", 1000.0),
        ("easy", 993.0),
        ("medium", 1116.0),
        ("hard", 1114.0),
        ("ultra", 1182.0),
        ("demigod", 1202.0),
        ("max", 1499.4),
    ],
};
const JESON_MOR: GameScale = GameScale {
    skills: &[
        (0.00, 831.4),
        (0.05, 1047.0),
        (0.10, 1220.4),
        (0.15, 1348.8),
        (0.20, 1399.5),
        (0.25, 1435.2),
        (0.35, 1507.0),
        (0.40, 1551.4),
        (0.45, 1616.1),
        (0.55, 1647.3),
        (0.60, 1666.6),
        (0.70, 1677.8),
        (0.90, 1704.9),
        (1.00, 1787.4),
    ],
    levels: &[
        ("random", 488.0),
        ("greedy", 1000.0),
        ("novice", 1492.0),
        ("easy", 1500.0),
        ("medium", 1565.0),
        ("hard", 1610.0),
        ("ultra", 1627.0),
        ("demigod", 1640.0),
        ("max", 1787.4),
    ],
};
const CLAUSTRO: GameScale = GameScale {
    skills: &[
        (0.00, 785.6),
        (0.05, 833.2),
        (0.10, 932.5),
        (0.15, 1036.6),
        (0.20, 1202.8),
        (0.25, 1382.4),
        (0.30, 1504.4),
        (0.35, 1707.3),
        (0.40, 1892.3),
        (0.45, 2057.2),
        (0.50, 2224.2),
        (0.55, 2567.6),
        (0.60, 2729.3),
        (0.70, 2848.5),
        (1.00, 2983.4),
    ],
    levels: &[
        ("random", 169.0),
        ("greedy", 1000.0),
        ("novice", 1010.0),
        ("easy", 1266.0),
        ("medium", 1387.0),
        ("hard", 1503.0),
        ("ultra", 1649.0),
        ("demigod", 1862.0),
        ("max", 2983.4),
    ],
};
const APART: GameScale = GameScale {
    skills: &[
        (0.00, 906.5),
        (0.10, 913.6),
        (0.25, 947.9),
        (0.30, 976.5),
        (0.35, 1077.2),
        (0.40, 1104.2),
        (0.45, 1150.9),
        (0.50, 1188.4),
        (0.55, 1195.2),
        (1.00, 1213.8),
    ],
    levels: &[
        ("random", 208.0),
        ("greedy", 1000.0),
        ("novice", 941.0),
        ("easy", 1005.0),
        ("medium", 1057.0),
        ("hard", 1099.0),
        ("ultra", 1126.0),
        ("demigod", 1190.0),
        ("max", 1213.8),
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
