//! How strongly an engine player plays, as the page offers it: for each game, the named levels
//! (`crate::level`) and points of the smooth `UCI_Elo` knob (`crate::strength`), ordered by
//! their Elo on the game's measured scale (`crate::strength::scale`, docs/strength.md); and the
//! check of what a request chooses.

use crate::games::GameKind;
use crate::level::{Level, levels_by_elo};
use crate::strength::{ELO_RANGE, Strength, scale::scale};
use serde::Serialize;

/// The knob's points offered are the multiples of this within the game's measured span.
pub const ELO_STEP: usize = 200;

/// The engine whose Elo points are offered: tabula itself, always the first engine (see
/// `super::engines`). Its `UCI_Elo` is on the scale measured for it; another engine's, if it
/// has one, is on a scale of its own, so other engines get only the named levels.
const TABULA: usize = 0;

/// Whether engine `index` is offered Elo points.
pub fn takes_elo(index: usize) -> bool {
    index == TABULA
}

/// How strongly an engine player is asked to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The engine's own default.
    Default,
    /// The named level (`Level`), limited strength off.
    Level(String),
    /// Limited strength (`UCI_LimitStrength`) at this `UCI_Elo`.
    Elo(usize),
}

impl Setting {
    /// The setting of a player's checked `level` and `elo` (at most one of them is set).
    pub fn of(level: &Option<String>, elo: Option<usize>) -> Setting {
        match (level, elo) {
            (_, Some(elo)) => Setting::Elo(elo),
            (Some(level), None) => Setting::Level(level.clone()),
            (None, None) => Setting::Default,
        }
    }
}

/// A player's `level` and `elo` for engine `engine` if they may be played: at most one of
/// them, a level by one of its names (given back as the engine spells it: `mAx` is `max`), an
/// Elo within `UCI_Elo`'s range and only for an engine that takes one.
pub fn checked(
    engine: usize,
    engine_name: &str,
    level: Option<String>,
    elo: Option<usize>,
) -> Result<(Option<String>, Option<usize>), String> {
    match (level, elo) {
        (Some(_), Some(_)) => Err("a player has a level or an Elo, not both".to_string()),
        (Some(level), None) => Ok((Some(Level::parse(&level)?.name().to_string()), None)),
        (None, Some(_)) if !takes_elo(engine) => Err(format!(
            "{engine_name} takes no Elo (only tabula's is on the measured scale): choose a level"
        )),
        (None, Some(elo)) if !(ELO_RANGE.0..=ELO_RANGE.1).contains(&elo) => Err(format!(
            "Elo {elo} is out of range ({} to {})",
            ELO_RANGE.0, ELO_RANGE.1
        )),
        (None, elo) => Ok((None, elo)),
    }
}

/// One entry of a game's list.
#[derive(Debug, Serialize)]
pub struct Choice {
    /// `level` (chosen by its `level`) or `elo` (a point of the knob, chosen by its `elo`).
    pub kind: &'static str,
    pub level: Option<&'static str>,
    /// The measured Elo of a level (`null` while it is not measured), or the point's.
    pub elo: Option<i64>,
    /// What the list shows: `medium · 1450 Elo — searches 3 plies ahead`.
    pub label: String,
    /// What it does, in a few words.
    pub description: String,
}

/// The list offered for `game`: the measured levels and the knob's points, weakest first (a
/// level before a point of the same Elo), then the levels not measured yet, weakest first.
pub fn choices(game: GameKind) -> Vec<Choice> {
    let scale = scale(game);
    let (mut rated, unrated): (Vec<Choice>, Vec<Choice>) = (levels_by_elo(game).into_iter())
        .map(|(level, elo)| {
            let elo = elo.map(|elo| elo.round() as i64);
            let description = level.description(game);
            let label = match elo {
                Some(elo) => format!("{} · {elo} Elo — {description}", level.name()),
                None => format!("{} — {description}", level.name()),
            };
            Choice {
                kind: "level",
                level: Some(level.name()),
                elo,
                label,
                description,
            }
        })
        .partition(|choice| choice.elo.is_some());
    rated.extend(knob_points(scale.span()).map(|elo| {
        let description = knob_note(Strength::from_elo(game, elo));
        Choice {
            kind: "elo",
            level: None,
            elo: Some(elo as i64),
            label: format!("{elo} Elo — {description}"),
            description,
        }
    }));
    rated.sort_by_key(|choice| choice.elo);
    rated.extend(unrated);
    rated
}

/// The multiples of [`ELO_STEP`] within the measured span `(weakest, full)`, clipped to
/// `UCI_Elo`'s range.
fn knob_points((weakest, full): (f64, f64)) -> impl Iterator<Item = usize> {
    let low = weakest.max(ELO_RANGE.0 as f64);
    let high = full.min(ELO_RANGE.1 as f64);
    let first = (low / ELO_STEP as f64).ceil() as usize;
    let last = (high / ELO_STEP as f64).floor() as usize;
    (first..=last).map(|step| step * ELO_STEP)
}

/// What a point of the knob does, in a few words.
fn knob_note(strength: Strength) -> String {
    match strength.depth_cap() {
        // Full strength has no cap.
        None => "full strength: the top of the scale".to_string(),
        Some(cap) if cap.fract() == 0.0 => format!(
            "limited strength: at most {cap} {} deep, at times not its best move",
            if cap == 1.0 { "ply" } else { "plies" },
        ),
        Some(cap) => format!(
            "limited strength: at most {} or {} plies deep ({:.0}% of moves the deeper), at \
             times not its best move",
            cap.floor(),
            cap.ceil(),
            100.0 * cap.fract()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knob_points_are_the_steps_inside_the_clipped_span() {
        let points = |span| knob_points(span).collect::<Vec<_>>();
        assert_eq!(points((734.0, 1650.0)), [800, 1000, 1200, 1400, 1600]);
        assert_eq!(points((100.0, 900.0)), [400, 600, 800]);
        assert_eq!(points((2900.0, 9000.0)), [ELO_RANGE.1]);
        assert_eq!(points((1210.0, 1390.0)), Vec::<usize>::new());
    }

    #[test]
    fn every_game_lists_each_level_once_and_the_rated_ones_by_elo() {
        for game in GameKind::ALL {
            let list = choices(game);
            let named: Vec<_> = list.iter().filter_map(|choice| choice.level).collect();
            let mut sorted = named.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), Level::names().count(), "{game:?}");
            assert_eq!(named.len(), sorted.len(), "{game:?}");
            let elos: Vec<_> = list.iter().map_while(|choice| choice.elo).collect();
            assert!(elos.windows(2).all(|pair| pair[0] <= pair[1]), "{game:?}");
            assert!(list[elos.len()..].iter().all(|choice| choice.elo.is_none()));
            assert!(list.iter().any(|choice| choice.kind == "elo"), "{game:?}");
        }
    }

    #[test]
    fn choices_are_checked() {
        let check = |engine, level: Option<&str>, elo| {
            checked(engine, "fsf", level.map(str::to_string), elo)
        };
        assert_eq!(check(0, Some("mAx"), None), Ok((Some("max".into()), None)));
        assert_eq!(
            check(0, None, Some(ELO_RANGE.0)),
            Ok((None, Some(ELO_RANGE.0)))
        );
        assert_eq!(check(1, None, None), Ok((None, None)));
        assert!(check(0, None, Some(ELO_RANGE.1 + 1)).is_err());
        assert!(check(0, Some("easy"), Some(1200)).is_err());
        assert!(check(0, Some("godlike"), None).is_err());
        assert!(check(1, None, Some(1200)).unwrap_err().contains("fsf"));
        assert_eq!(Setting::of(&None, Some(1200)), Setting::Elo(1200));
        assert_eq!(
            Setting::of(&Some("easy".into()), None),
            Setting::Level("easy".into())
        );
    }
}
