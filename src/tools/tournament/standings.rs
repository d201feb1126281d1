//! A match's counts as games finish: per pairing W/D/L and pentanomial pair counts, the colours'
//! score, the engines' faults (time forfeits, disconnects, stalls), their error lines and stderr
//! lines, and how many opening pairs
//! one colour won twice. The counts are what a result file keeps and what a merge of shards
//! adds up, so they hold only sums.

use super::game_entry::GameEntry;
use super::record::Fault;
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
    /// Games lost because the engine's process ended, per engine.
    pub disconnects: Vec<u32>,
    /// Games lost because the engine stopped answering, per engine.
    pub stalls: Vec<u32>,
    /// `info string error` lines written in games, per engine.
    pub errors: Vec<u32>,
    /// Lines written on stderr in games, per engine.
    pub stderr_lines: Vec<u32>,
    /// Finished opening pairs whose two games the same colour won: the opening decided them.
    pub same_colour_pairs: u32,
}

/// Adds `theirs` to `mine`, engine by engine.
fn add_each(mine: &mut [u32], theirs: &[u32]) {
    for (mine, theirs) in mine.iter_mut().zip(theirs) {
        *mine = mine.saturating_add(*theirs);
    }
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
            disconnects: vec![0; engines],
            stalls: vec![0; engines],
            errors: vec![0; engines],
            stderr_lines: vec![0; engines],
            ..MatchCounts::default()
        }
    }

    /// Opening pairs with both games played, over all pairings.
    pub fn finished_pairs(&self) -> u32 {
        self.pairings.iter().flat_map(|p| p.pairs).sum()
    }

    /// The number of engines counted, if the per-engine counts agree on it.
    pub fn engine_count(&self) -> Option<usize> {
        let n = self.time_forfeits.len();
        [
            &self.disconnects,
            &self.stalls,
            &self.errors,
            &self.stderr_lines,
        ]
        .iter()
        .all(|counts| counts.len() == n)
        .then_some(n)
    }

    /// The games each engine lost by `fault`.
    pub fn faults(&self, fault: Fault) -> &[u32] {
        match fault {
            Fault::Time => &self.time_forfeits,
            Fault::Disconnect => &self.disconnects,
            Fault::Stall => &self.stalls,
        }
    }

    fn faults_mut(&mut self, fault: Fault) -> &mut Vec<u32> {
        match fault {
            Fault::Time => &mut self.time_forfeits,
            Fault::Disconnect => &mut self.disconnects,
            Fault::Stall => &mut self.stalls,
        }
    }

    /// The first field in which `other` differs from these counts, by its name in the file.
    pub fn first_difference(&self, other: &MatchCounts) -> Option<String> {
        for (mine, theirs) in self.pairings.iter().zip(&other.pairings) {
            let name = format!("pairing {} vs {}", mine.first, mine.second);
            if mine.tally != theirs.tally {
                return Some(format!("tally of {name}"));
            }
            if mine.pairs != theirs.pairs {
                return Some(format!("pairs of {name}"));
            }
        }
        [
            ("pairings", self.pairings.len() != other.pairings.len()),
            ("games_played", self.games_played != other.games_played),
            ("colours", self.colours != other.colours),
            ("time_forfeits", self.time_forfeits != other.time_forfeits),
            ("disconnects", self.disconnects != other.disconnects),
            ("stalls", self.stalls != other.stalls),
            ("errors", self.errors != other.errors),
            ("stderr_lines", self.stderr_lines != other.stderr_lines),
            (
                "same_colour_pairs",
                self.same_colour_pairs != other.same_colour_pairs,
            ),
        ]
        .into_iter()
        .find_map(|(name, differs)| differs.then(|| name.to_string()))
    }

    /// Adds `other`, which must count the same pairings of as many engines.
    pub fn add(&mut self, other: &MatchCounts) -> Result<(), String> {
        let same_pairings = self.pairings.len() == other.pairings.len()
            && self
                .pairings
                .iter()
                .zip(&other.pairings)
                .all(|(a, b)| (a.first, a.second) == (b.first, b.second));
        if !same_pairings || self.engine_count() != other.engine_count() {
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
        for fault in Fault::ALL {
            let theirs = other.faults(fault).to_vec();
            add_each(self.faults_mut(fault), &theirs);
        }
        add_each(&mut self.errors, &other.errors);
        add_each(&mut self.stderr_lines, &other.stderr_lines);
        self.same_colour_pairs += other.same_colour_pairs;
        Ok(())
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

    /// Counts a finished game, played by engine `white` with white against engine `black`;
    /// games `2k + 1` and `2k + 2` are one opening pair.
    pub fn add(&mut self, entry: &GameEntry, white: usize, black: usize) {
        let counts = &mut self.counts;
        counts.games_played += 1;
        let points_of = |side: Side| match entry.outcome {
            Outcome::Draw => 0.5,
            Outcome::Win(winner) if winner == side => 1.0,
            Outcome::Win(_) => 0.0,
        };
        count(&mut counts.colours, points_of(Side::White));
        let engine_of = |side: Side| if side == Side::White { white } else { black };
        for &(side, fault) in &entry.faults {
            if let Some(n) = counts.faults_mut(fault).get_mut(engine_of(side)) {
                *n += 1;
            }
        }
        for (side, heard) in [Side::White, Side::Black].into_iter().zip(entry.messages) {
            let engine = engine_of(side);
            if let Some(n) = counts.errors.get_mut(engine) {
                *n = n.saturating_add(heard.errors);
            }
            if let Some(n) = counts.stderr_lines.get_mut(engine) {
                *n = n.saturating_add(heard.stderr_lines);
            }
        }
        let Some(pairing) = counts.pairings.iter_mut().find(|p| {
            (p.first, p.second) == (white, black) || (p.first, p.second) == (black, white)
        }) else {
            return;
        };
        let first_side = if pairing.first == white {
            Side::White
        } else {
            Side::Black
        };
        let points = points_of(first_side);
        count(&mut pairing.tally, points);
        let winner = match entry.outcome {
            Outcome::Win(side) => Some(side),
            Outcome::Draw => None,
        };
        let pair_number = entry.number.saturating_sub(1) / 2;
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
            disconnects: vec![0, 0],
            stalls: vec![0, 0],
            errors: vec![0, 0],
            stderr_lines: vec![0, 0],
            same_colour_pairs: 0,
        }
    }

    /// Game `number` with no faults.
    fn game(number: usize, outcome: Outcome) -> GameEntry {
        GameEntry {
            number,
            outcome,
            faults: Vec::new(),
            messages: Default::default(),
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
            standings.add(&game(number, outcome), white, 1 - white);
        }
        let counts = &standings.counts;
        assert_eq!(counts.pairings[0].pairs, [0, 1, 1, 0, 1]);
        assert_eq!(counts.pairings[0].tally, tally(4, 1, 2));
        assert_eq!(counts.colours, tally(4, 1, 2));
        assert_eq!(counts.same_colour_pairs, 1);
        assert_eq!(counts.games_played, 7);
    }

    #[test]
    fn faults_are_counted_against_the_engine_that_had_them() {
        let mut standings = Standings::new(MatchCounts::new(&[(0, 1)], 2));
        let with_faults = |number, outcome, faults| GameEntry {
            number,
            outcome,
            faults,
            messages: Default::default(),
        };
        // Engine 1 plays black in game 1 and white in game 2.
        standings.add(
            &with_faults(
                1,
                Outcome::Win(Side::White),
                vec![(Side::Black, Fault::Stall)],
            ),
            0,
            1,
        );
        standings.add(
            &with_faults(
                2,
                Outcome::Win(Side::Black),
                vec![(Side::White, Fault::Time)],
            ),
            1,
            0,
        );
        standings.add(
            &with_faults(
                3,
                Outcome::Draw,
                vec![
                    (Side::White, Fault::Disconnect),
                    (Side::Black, Fault::Disconnect),
                ],
            ),
            0,
            1,
        );
        let counts = &standings.counts;
        assert_eq!(counts.stalls, [0, 1]);
        assert_eq!(counts.time_forfeits, [0, 1]);
        assert_eq!(counts.disconnects, [1, 1]);
        assert_eq!(counts.pairings[0].tally, tally(2, 1, 0));
        let mut edited = counts.clone();
        edited.stalls = vec![1, 0];
        assert_eq!(counts.first_difference(&edited).as_deref(), Some("stalls"));
        assert_eq!(counts.first_difference(counts), None);
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
}
