//! The Elo scale of each game, measured at the game's default size and a fast clock: a round
//! robin between skills of the knob, full strength and `greedy`, rated by maximum likelihood
//! with `greedy` at 1000, and a gauntlet of each named level that searches against those
//! players, rated against their ratings (docs/strength.md has the tables, their method and the
//! commands that play them).
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

// The figures of docs/strength.md ("The Elo scale"), greedy pinned at 1000, each rated from
// its pairings within 400 Elo: the knob's skills from the knob's round robin, in order, each
// kept only where it rated above the one before it and below full strength (the last), and
// full strength (`max`); `random` from the first round robin of the named levels. `novice` to
// `demigod` (`crate::level`: a skill of the knob or a depth cap, by game) carry what was
// measured for what they play: a skill its rating above, a depth cap the gauntlet of that
// level against the knob's players; a deeper cap never in a gauntlet (Joust's 9 and 12) is
// placed between the measured depth below it and `max` in proportion to the Elo gaps of the
// levels' ladder (docs/strength.md, "The levels' ladder"), and so is a cap whose gauntlet rated
// it no higher than the level before it (Apart's depth 6, 2 below depth 5, within the
// intervals of both). Jeson Mor's figures are those of its second net and Apart's those of its
// second 8 x 8 net (both measured again on 2026-11-28), the other games' those of 2026-11-27.
const JOUST: GameScale = GameScale {
    skills: &[
        (0.00, 614.6),
        (0.05, 734.4),
        (0.10, 850.3),
        (0.15, 892.0),
        (0.20, 912.2),
        (0.25, 955.4),
        (0.30, 994.1),
        (0.35, 1046.0),
        (0.40, 1095.2),
        (0.45, 1122.0),
        (0.50, 1171.6),
        (0.55, 1214.3),
        (0.60, 1255.4),
        (0.70, 1343.1),
        (0.80, 1420.5),
        (0.90, 1469.1),
        (1.00, 1487.8),
    ],
    levels: &[
        ("random", 523.0),
        ("greedy", 1000.0),
        ("novice", 614.6),
        ("easy", 986.0),
        ("medium", 1107.0),
        ("hard", 1212.0),
        ("ultra", 1330.9),
        ("demigod", 1395.5),
        ("max", 1487.8),
    ],
};
const JESON_MOR: GameScale = GameScale {
    skills: &[
        (0.00, 841.8),
        (0.05, 1035.3),
        (0.10, 1162.1),
        (0.15, 1369.2),
        (0.20, 1448.0),
        (0.25, 1505.0),
        (0.35, 1557.7),
        (0.40, 1558.4),
        (0.45, 1572.9),
        (0.50, 1617.7),
        (0.60, 1668.8),
        (0.80, 1685.3),
        (1.00, 1695.1),
    ],
    levels: &[
        ("random", 488.0),
        ("greedy", 1000.0),
        ("novice", 841.8),
        ("easy", 1162.1),
        ("medium", 1480.0),
        ("hard", 1548.0),
        ("ultra", 1600.0),
        ("demigod", 1656.0),
        ("max", 1695.1),
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
        ("novice", 1009.0),
        ("easy", 1481.0),
        ("medium", 1656.0),
        ("hard", 1821.0),
        ("ultra", 2036.0),
        ("demigod", 2294.0),
        ("max", 2983.4),
    ],
};
const APART: GameScale = GameScale {
    skills: &[
        (0.00, 956.1),
        (0.20, 965.9),
        (0.25, 998.1),
        (0.30, 1003.9),
        (0.35, 1024.0),
        (0.40, 1059.7),
        (0.55, 1063.6),
        (0.70, 1069.5),
        (0.80, 1078.3),
        (1.00, 1098.1),
    ],
    levels: &[
        ("random", 208.0),
        ("greedy", 1000.0),
        ("novice", 956.1),
        ("easy", 1020.0),
        ("medium", 1041.0),
        ("hard", 1062.0),
        ("ultra", 1071.0),
        ("demigod", 1085.0),
        ("max", 1098.1),
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
