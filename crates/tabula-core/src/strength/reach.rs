//! Where an Elo asked for meets a game: `UCI_Elo` and `--elo` take any value of
//! [`super::ELO_RANGE`] in every game, but each game's measured scale spans only part of it
//! ([`super::scale`]). A value outside the span plays at the nearest end, and is said to.

use super::StrengthOptions;
use super::scale::scale;
use crate::games::GameKind;

/// An Elo brought within a game's measured span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The Elo played: the one asked for, or the nearest end of the span.
    pub elo: usize,
    /// Where the Elo asked for is outside the span, what happens in words:
    /// `3000 is above jesonmor's full strength (1695): playing at 1695`.
    pub note: Option<String>,
}

/// The Elo that `game` plays when `elo` is asked for: the ends of the span are its measured
/// ratings rounded to whole Elo, so an Elo that rounds to an end is within it.
pub fn reach(game: GameKind, elo: usize) -> Reach {
    let (weakest, full) = scale(game).span();
    let (low, high) = (weakest.round() as usize, full.round() as usize);
    let name = game.name();
    let (played, note) = if elo > high {
        (
            high,
            format!("{elo} is above {name}'s full strength ({high})"),
        )
    } else if elo < low {
        (low, format!("{elo} is below {name}'s weakest play ({low})"))
    } else {
        return Reach { elo, note: None };
    };
    Reach {
        elo: played,
        note: Some(format!("{note}: playing at {played}")),
    }
}

/// Says that the `UCI_Elo` a search plays at is out of the game's reach, when the game or the
/// Elo has changed since the last search at limited strength: the protocols ask it where the
/// game and the Elo meet, as a search starts, since the game can change (`newgame`, `variant`)
/// after the option is set.
#[derive(Clone, Debug, Default)]
pub struct ReachNotice {
    /// The game and Elo of the last search at limited strength.
    last: Option<(GameKind, usize)>,
}

impl ReachNotice {
    /// The line to say before a search of `game` under `options`: `UCI_Elo 3000 is above ...`
    /// where limited strength plays an Elo out of the game's reach and the last search at
    /// limited strength had another game or Elo; otherwise nothing.
    pub fn before_search(&mut self, options: StrengthOptions, game: GameKind) -> Option<String> {
        if !options.limit_strength {
            return None;
        }
        let met = Some((game, options.elo));
        if std::mem::replace(&mut self.last, met) == met {
            return None;
        }
        let note = reach(game, options.elo).note?;
        Some(format!("UCI_Elo {note}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::{DEFAULT_ELO, ELO_RANGE};

    #[test]
    fn an_elo_out_of_the_span_plays_at_its_nearest_end() {
        let (weakest, full) = scale(GameKind::JesonMor).span();
        let (low, high) = (weakest.round() as usize, full.round() as usize);
        let above = reach(GameKind::JesonMor, ELO_RANGE.1);
        assert_eq!(above.elo, high);
        assert_eq!(
            above.note.as_deref(),
            Some(
                format!("3000 is above jesonmor's full strength ({high}): playing at {high}")
                    .as_str()
            )
        );
        let below = reach(GameKind::JesonMor, ELO_RANGE.0);
        assert_eq!(below.elo, low);
        assert_eq!(
            below.note.as_deref(),
            Some(
                format!("400 is below jesonmor's weakest play ({low}): playing at {low}").as_str()
            )
        );
        for elo in [low, high, (low + high) / 2] {
            assert_eq!(reach(GameKind::JesonMor, elo), Reach { elo, note: None });
        }
    }

    #[test]
    fn the_default_elo_is_within_every_games_reach() {
        for game in GameKind::ALL {
            assert_eq!(reach(game, DEFAULT_ELO).note, None, "{game:?}");
        }
    }

    #[test]
    fn the_notice_is_said_when_the_game_or_the_elo_changes_and_only_while_limited() {
        let mut notice = ReachNotice::default();
        let mut options = StrengthOptions {
            elo: ELO_RANGE.1,
            ..StrengthOptions::default()
        };
        assert_eq!(notice.before_search(options, GameKind::Apart), None);
        options.limit_strength = true;
        let said = notice.before_search(options, GameKind::Apart);
        assert!(
            said.as_deref()
                .is_some_and(|line| line.starts_with("UCI_Elo 3000 is above apart's")),
            "{said:?}"
        );
        assert_eq!(notice.before_search(options, GameKind::Apart), None);
        assert!(notice.before_search(options, GameKind::Joust).is_some());
        options.elo = DEFAULT_ELO;
        assert_eq!(notice.before_search(options, GameKind::Joust), None);
        options.elo = ELO_RANGE.1;
        assert!(notice.before_search(options, GameKind::Joust).is_some());
    }
}
