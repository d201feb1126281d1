//! A match's counts as games finish: per pairing W/D/L and pentanomial pair counts, the colours'
//! score, time forfeits, and how many opening pairs one colour won twice. The counts are what a
//! result file keeps and what a merge of shards adds up, so they hold only sums.

use super::record::GameRecord;
use super::stats::{Pentanomial, Tally};
use crate::game::{Outcome, Side};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The results of one pairing, from its first engine's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairResult {
    pub first: usize,
    pub second: usize,
    pub tally: Tally,
    pub pairs: Pentanomial,
}

/// Everything a match has counted: sums only, so that shards add up exactly.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchCounts {
    pub pairings: Vec<PairResult>,
    pub games_played: u32,
    /// Every game's result from white's point of view.
    pub colours: Tally,
    /// Games lost on time, per engine.
    pub time_forfeits: Vec<u32>,
    /// Finished opening pairs whose two games the same colour won: the opening decided them.
    pub same_colour_pairs: u32,
}

/// Counts `points` (1, 0.5 or 0) in `tally`.
fn count(tally: &mut Tally, points: f64) {
    match points {
        1.0 => tally.wins += 1,
        0.0 => tally.losses += 1,
        _ => tally.draws += 1,
    }
}

impl MatchCounts {
    /// No games yet, for these pairings of `engines` engines.
    pub fn new(pairings: &[(usize, usize)], engines: usize) -> MatchCounts {
        MatchCounts {
            pairings: pairings
                .iter()
                .map(|&(first, second)| PairResult {
                    first,
                    second,
                    ..PairResult::default()
                })
                .collect(),
            time_forfeits: vec![0; engines],
            ..MatchCounts::default()
        }
    }

    /// Opening pairs with both games played, over all pairings.
    pub fn finished_pairs(&self) -> u32 {
        self.pairings.iter().flat_map(|p| p.pairs).sum()
    }

    /// Adds `other`, which must count the same pairings of as many engines.
    pub fn add(&mut self, other: &MatchCounts) -> Result<(), String> {
        let same_pairings = self.pairings.len() == other.pairings.len()
            && self
                .pairings
                .iter()
                .zip(&other.pairings)
                .all(|(a, b)| (a.first, a.second) == (b.first, b.second));
        if !same_pairings || self.time_forfeits.len() != other.time_forfeits.len() {
            return Err("the counts are of different pairings".to_string());
        }
        for (mine, theirs) in self.pairings.iter_mut().zip(&other.pairings) {
            mine.tally.add(&theirs.tally);
            for (bin, n) in mine.pairs.iter_mut().zip(theirs.pairs) {
                *bin += n;
            }
        }
        self.games_played += other.games_played;
        self.colours.add(&other.colours);
        for (mine, theirs) in self.time_forfeits.iter_mut().zip(&other.time_forfeits) {
            *mine += theirs;
        }
        self.same_colour_pairs += other.same_colour_pairs;
        Ok(())
    }

    /// Why these counts cannot be the record of real games, if they cannot.
    pub fn inconsistency(&self) -> Option<String> {
        let pairing_games: u32 = self.pairings.iter().map(|p| p.tally.games()).sum();
        if pairing_games != self.games_played {
            return Some(format!(
                "its pairings count {pairing_games} games but games_played is {}",
                self.games_played
            ));
        }
        if self.colours.games() != self.games_played {
            return Some(format!(
                "its colours count {} games but games_played is {}",
                self.colours.games(),
                self.games_played
            ));
        }
        for p in &self.pairings {
            let pairs: u32 = p.pairs.iter().sum();
            // Points of the finished pairs, doubled: bin i holds pairs of i / 2 points.
            let pair_points: u32 = p.pairs.iter().enumerate().map(|(i, n)| i as u32 * n).sum();
            let points = 2 * p.tally.wins + p.tally.draws;
            if 2 * pairs > p.tally.games()
                || pair_points > points
                || points - pair_points > 2 * (p.tally.games() - 2 * pairs)
            {
                return Some(format!(
                    "the pairs {:?} of engines {} and {} do not fit their games {:?}",
                    p.pairs, p.first, p.second, p.tally
                ));
            }
        }
        if self.same_colour_pairs > self.finished_pairs() {
            return Some("more pairs won by one colour than pairs played".to_string());
        }
        let forfeits: u32 = self.time_forfeits.iter().sum();
        if forfeits > self.games_played {
            return Some("more time forfeits than games".to_string());
        }
        None
    }
}

/// The counts as games finish, with the first game of each opening pair waiting for its partner.
pub struct Standings {
    pub counts: MatchCounts,
    /// The pair number (game number - 1) / 2 of a first game waiting for its partner -> the
    /// points of the pairing's first engine and the colour that won.
    half_pairs: HashMap<usize, (f64, Option<Side>)>,
}

impl Standings {
    pub fn new(counts: MatchCounts) -> Standings {
        Standings {
            counts,
            half_pairs: HashMap::new(),
        }
    }

    /// Counts a finished game; games `2k + 1` and `2k + 2` are one opening pair.
    pub fn add(&mut self, record: &GameRecord) {
        let counts = &mut self.counts;
        counts.games_played += 1;
        count(
            &mut counts.colours,
            record.points_of(record.white).unwrap_or(0.5),
        );
        if let Some(side) = record.time_forfeit {
            let loser = match side {
                Side::White => record.white,
                Side::Black => record.black,
            };
            counts.time_forfeits[loser] += 1;
        }
        let Some(pairing) = counts.pairings.iter_mut().find(|p| {
            (p.first, p.second) == (record.white, record.black)
                || (p.first, p.second) == (record.black, record.white)
        }) else {
            return;
        };
        let points = record.points_of(pairing.first).unwrap_or(0.5);
        count(&mut pairing.tally, points);
        let winner = match record.outcome {
            Outcome::Win(side) => Some(side),
            Outcome::Draw => None,
        };
        let pair_number = record.number.saturating_sub(1) / 2;
        match self.half_pairs.remove(&pair_number) {
            Some((partner, partner_winner)) => {
                pairing.pairs[((partner + points) * 2.0).round() as usize] += 1;
                if winner.is_some() && winner == partner_winner {
                    counts.same_colour_pairs += 1;
                }
            }
            None => {
                self.half_pairs.insert(pair_number, (points, winner));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn counts(tally_of_pairing: Tally, pairs: Pentanomial) -> MatchCounts {
        MatchCounts {
            pairings: vec![PairResult {
                first: 0,
                second: 1,
                tally: tally_of_pairing,
                pairs,
            }],
            games_played: tally_of_pairing.games(),
            colours: tally_of_pairing,
            time_forfeits: vec![0, 0],
            same_colour_pairs: 0,
        }
    }

    /// Game `number` of engines 0 and 1, engine `white` playing white.
    fn game(number: usize, white: usize, outcome: Outcome) -> GameRecord {
        use super::super::openings::Opening;
        use super::super::time_control::TimeControl;
        GameRecord {
            number,
            opening_index: 0,
            white,
            black: 1 - white,
            white_name: String::new(),
            black_name: String::new(),
            game: crate::games::GameKind::Joust,
            size: crate::game::BoardSize::square(8),
            opening: Opening {
                position: None,
                moves: Vec::new(),
            },
            time_controls: [TimeControl::Depth(1); 2],
            outcome,
            reason: String::new(),
            time_forfeit: None,
            first_move: (Side::White, 1),
            moves: Vec::new(),
        }
    }

    #[test]
    fn pairs_are_counted_by_points_and_by_colour() {
        let mut standings = Standings::new(MatchCounts::new(&[(0, 1)], 2));
        let white_wins = Outcome::Win(Side::White);
        let black_wins = Outcome::Win(Side::Black);
        // Pair 0: white won both (a split, decided by colour). Pair 1: engine 0 won both.
        // Pair 2: a draw and a loss of engine 0. Pair 3: only its second game is in.
        for (number, white, outcome) in [
            (2, 1, white_wins),
            (1, 0, white_wins),
            (3, 0, white_wins),
            (4, 1, black_wins),
            (5, 0, Outcome::Draw),
            (6, 1, white_wins),
            (8, 1, black_wins),
        ] {
            standings.add(&game(number, white, outcome));
        }
        let counts = &standings.counts;
        assert_eq!(counts.pairings[0].pairs, [0, 1, 1, 0, 1]);
        assert_eq!(counts.pairings[0].tally, tally(4, 1, 2));
        assert_eq!(counts.colours, tally(4, 1, 2));
        assert_eq!(counts.same_colour_pairs, 1);
        assert_eq!(counts.games_played, 7);
        assert_eq!(counts.inconsistency(), None);
    }

    #[test]
    fn counts_add_bin_by_bin() {
        let mut total = counts(tally(2, 1, 1), [0, 0, 1, 1, 0]);
        total.add(&counts(tally(0, 2, 0), [0, 0, 1, 0, 0])).unwrap();
        assert_eq!(total.pairings[0].tally, tally(2, 3, 1));
        assert_eq!(total.pairings[0].pairs, [0, 0, 2, 1, 0]);
        assert_eq!(total.games_played, 6);
        let other_pairing = MatchCounts::new(&[(0, 2)], 3);
        assert!(total.add(&other_pairing).is_err());
    }

    #[test]
    fn counts_that_no_games_give_are_named() {
        // Two pairs from one game; pair points (two won pairs: 4) beyond the games' (1 win: 2).
        assert!(
            counts(tally(1, 0, 0), [0, 0, 0, 0, 2])
                .inconsistency()
                .is_some()
        );
        assert!(
            counts(tally(1, 0, 1), [0, 0, 0, 0, 1])
                .inconsistency()
                .is_some()
        );
        // A won pair and a half pair lost: 3 games, 2 wins.
        assert_eq!(
            counts(tally(2, 0, 1), [0, 0, 0, 0, 1]).inconsistency(),
            None
        );
        let mut wrong_total = counts(tally(2, 0, 1), [0, 0, 0, 0, 1]);
        wrong_total.games_played = 4;
        assert!(
            wrong_total
                .inconsistency()
                .unwrap()
                .contains("games_played")
        );
    }
}
