//! What defines a match's games, as text: game, size, engines (command lines, options, time
//! controls), openings (their origin and a digest of the list), games, SPRT and shard count.
//! Shards of one match share it exactly, and its fingerprint tells them apart from shards of
//! another. The end-of-match summary is written from it and the counts alone, so that a merge
//! of shards prints what the whole match would have.

use super::MatchConfig;
use super::openings::Opening;
use super::ratings::{self, Anchor, rate};
use super::record::Fault;
use super::standings::{MatchCounts, PairResult};
use super::stats::{Sprt, SprtDecision};
use crate::engine_process::process::{Notation, Protocol};
use serde::{Deserialize, Serialize};

/// One engine of the setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSetup {
    pub name: String,
    pub command: Vec<String>,
    pub protocol: String,
    pub notation: String,
    pub options: Vec<(String, String)>,
    /// This engine's time control: its own (`tc=`) or the match's.
    pub time_control: String,
}

/// Everything that decides which games a match plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    pub game: String,
    pub size: String,
    pub engines: Vec<EngineSetup>,
    pub time_control: String,
    pub time_margin_ms: u64,
    /// How long a move under a depth or node limit may take before the engine stalls.
    pub stall_timeout_ms: u64,
    pub games_per_pair: usize,
    pub gauntlet: bool,
    /// How the openings were chosen (a file, or random with its plies and seed).
    pub openings: String,
    /// The FNV-1a digest of the opening list itself, one opening a line.
    pub openings_digest: String,
    pub sprt: Option<Sprt>,
    /// The number of shards the match is cut into (1: played whole).
    pub shards: usize,
}

/// A 64-bit FNV-1a hash fed piece by piece: a stable digest, the same on every machine.
#[derive(Clone, Copy, Debug)]
pub struct Digest(u64);

impl Digest {
    pub const EMPTY: Digest = Digest(0xcbf2_9ce4_8422_2325);

    /// The digest of what was fed so far followed by `bytes`.
    pub fn update(self, bytes: &[u8]) -> Digest {
        Digest(bytes.iter().fold(self.0, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        }))
    }

    /// The digest in hex.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The 64-bit FNV-1a hash of `text`, in hex.
fn fnv1a(text: &str) -> String {
    Digest::EMPTY.update(text.as_bytes()).hex()
}

/// The digest of an opening list.
pub fn openings_digest(openings: &[Opening]) -> String {
    let lines: Vec<String> = openings.iter().map(Opening::describe).collect();
    fnv1a(&lines.join("\n"))
}

/// The pairings of `engines` engines: everyone against everyone, or engine 0 against the rest.
pub fn pairings(engines: usize, gauntlet: bool) -> Vec<(usize, usize)> {
    if gauntlet {
        (1..engines).map(|j| (0, j)).collect()
    } else {
        (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect()
    }
}

/// The engines that play white and black in game `number` (from 1) of a match with these
/// pairings: opening pair `p = (number - 1) / 2` is played by pairing `p mod pairings`, its
/// first game with the pairing's first engine as white, its second with the colours reversed.
pub fn players_of(number: usize, pairing_list: &[(usize, usize)]) -> Option<(usize, usize)> {
    let pair = number.checked_sub(1)? / 2;
    let &(first, second) = pairing_list.get(pair % pairing_list.len().max(1))?;
    Some(if number % 2 == 1 {
        (first, second)
    } else {
        (second, first)
    })
}

impl MatchSetup {
    /// The setup of a match about to be played.
    pub fn of(config: &MatchConfig) -> MatchSetup {
        let settings = &config.settings;
        MatchSetup {
            game: settings.game.name().to_string(),
            size: settings.size.to_string(),
            engines: config
                .engines
                .iter()
                .map(|spec| EngineSetup {
                    name: spec.name.clone(),
                    command: spec.command.clone(),
                    protocol: match spec.protocol {
                        Protocol::Uci => "uci",
                        Protocol::Ugi => "ugi",
                    }
                    .to_string(),
                    notation: match spec.notation {
                        Notation::Auto => "auto",
                        Notation::Plain => "plain",
                        Notation::FairyStockfish => "fsf",
                    }
                    .to_string(),
                    options: spec.options.clone(),
                    time_control: settings.time_control_of(spec).to_string(),
                })
                .collect(),
            time_control: settings.time_control.to_string(),
            time_margin_ms: settings.time_margin_ms,
            stall_timeout_ms: settings.stall_timeout.as_millis() as u64,
            games_per_pair: config.games_per_pair,
            gauntlet: config.gauntlet,
            openings: config.openings_origin.clone(),
            openings_digest: openings_digest(&config.openings),
            sprt: config.sprt,
            shards: config.shard.count,
        }
    }

    /// A digest of the whole setup: equal for the shards of one match.
    pub fn fingerprint(&self) -> String {
        fnv1a(&serde_json::to_string(self).unwrap_or_default())
    }

    /// The opening pairs of the whole match.
    pub fn pair_count(&self) -> usize {
        self.games_per_pair / 2 * pairings(self.engines.len(), self.gauntlet).len()
    }

    /// The names of the settings in which `other` differs from this setup.
    pub fn differences(&self, other: &MatchSetup) -> Vec<&'static str> {
        [
            ("game", self.game != other.game),
            ("size", self.size != other.size),
            ("engines", self.engines != other.engines),
            ("time control", self.time_control != other.time_control),
            ("time margin", self.time_margin_ms != other.time_margin_ms),
            (
                "stall timeout",
                self.stall_timeout_ms != other.stall_timeout_ms,
            ),
            ("games", self.games_per_pair != other.games_per_pair),
            ("gauntlet", self.gauntlet != other.gauntlet),
            (
                "openings",
                self.openings != other.openings || self.openings_digest != other.openings_digest,
            ),
            ("sprt", self.sprt != other.sprt),
            ("shard count", self.shards != other.shards),
        ]
        .into_iter()
        .filter_map(|(name, differs)| differs.then_some(name))
        .collect()
    }

    fn describe_pairing(&self, pairing: &PairResult) -> String {
        let tally = pairing.tally;
        let (elo, margin) = tally.elo_with_margin();
        let name = |index: usize| self.engines.get(index).map_or("?", |e| e.name.as_str());
        format!(
            "{} vs {}: games {}, +{} ={} -{}, score {:.1}%, Elo {:+.1} +- {:.1}, LOS {:.1}%, pairs {:?}",
            name(pairing.first),
            name(pairing.second),
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            elo,
            margin,
            100.0 * tally.los(),
            pairing.pairs
        )
    }

    /// The time control for the header: the match's, then any engine's own.
    fn time_controls_text(&self) -> String {
        let mut text = self.time_control.clone();
        for engine in &self.engines {
            if engine.time_control != self.time_control {
                text.push_str(&format!(", {} {}", engine.name, engine.time_control));
            }
        }
        text
    }

    /// The SPRT's log-likelihood ratio and decision on the counts, if the match runs one.
    pub fn sprt_state(&self, counts: &MatchCounts) -> Option<(f64, Option<SprtDecision>)> {
        let sprt = self.sprt?;
        let [pairing] = counts.pairings.as_slice() else {
            return None;
        };
        Some((sprt.llr(&pairing.pairs), sprt.decision(&pairing.pairs)))
    }

    /// The one-line progress report of a single pairing, with the LLR when an SPRT runs.
    pub fn progress_text(&self, counts: &MatchCounts) -> Option<String> {
        let [pairing] = counts.pairings.as_slice() else {
            return None;
        };
        let mut line = self.describe_pairing(pairing);
        if let Some((llr, _)) = self.sprt_state(counts) {
            line.push_str(&format!(" | LLR {llr:.2}"));
        }
        Some(line)
    }

    /// The end-of-match table.
    pub fn summary_text(&self, counts: &MatchCounts) -> String {
        let mut lines = vec![format!(
            "Match: {} {}, tc {}, {} games played, openings: {}",
            self.game,
            self.size,
            self.time_controls_text(),
            counts.games_played,
            self.openings
        )];
        lines.extend(counts.pairings.iter().map(|p| self.describe_pairing(p)));
        let colours = counts.colours;
        lines.push(format!(
            "White vs black: +{} ={} -{}, white scores {:.1}%",
            colours.wins,
            colours.draws,
            colours.losses,
            100.0 * colours.score()
        ));
        let per_engine = |counted: &[u32]| {
            let words: Vec<String> = (self.engines.iter())
                .zip(counted)
                .map(|(engine, n)| format!("{} {n}", engine.name))
                .collect();
            words.join(", ")
        };
        lines.push(format!(
            "Time forfeits: {}",
            per_engine(counts.faults(Fault::Time))
        ));
        lines.push(format!(
            "Disconnects: {}; stalls: {}",
            per_engine(counts.faults(Fault::Disconnect)),
            per_engine(counts.faults(Fault::Stall))
        ));
        let mut heard = format!(
            "Error lines (info string error): {}; stderr lines: {}",
            per_engine(&counts.errors),
            per_engine(&counts.stderr_lines)
        );
        if counts
            .errors
            .iter()
            .chain(&counts.stderr_lines)
            .any(|&n| n > 0)
        {
            heard.push_str(" (tabula match --debug or --log FILE shows them)");
        }
        lines.push(heard);
        if let (Some(sprt), Some((llr, decision))) = (self.sprt, self.sprt_state(counts)) {
            let (lower, upper) = sprt.bounds();
            let verdict = match decision {
                Some(SprtDecision::AcceptH0) => "H0 accepted",
                Some(SprtDecision::AcceptH1) => "H1 accepted",
                None => "no decision",
            };
            lines.push(format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} ({lower:.3}, {upper:.3}): {verdict}",
                sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
            ));
        }
        if self.engines.len() > 2 {
            lines.push(self.ratings_text(counts, &Anchor::Average));
        }
        if let Some(warning) = self.openings_warning(counts) {
            lines.push(warning);
        }
        lines.join("\n")
    }

    /// The pool's ratings pinned by `anchor`, or why there are none yet.
    pub fn ratings_text(&self, counts: &MatchCounts, anchor: &Anchor) -> String {
        let names = self.names();
        match rate(names.len(), &counts.pairings, anchor) {
            Ok(ratings) => ratings::ratings_text(&ratings, &names, anchor),
            Err(problem) => format!("Ratings: none yet ({problem})"),
        }
    }

    /// The engines' names.
    pub fn names(&self) -> Vec<String> {
        self.engines.iter().map(|e| e.name.clone()).collect()
    }

    /// The engine called `name`, for an anchor.
    pub fn engine_index(&self, name: &str) -> Option<usize> {
        self.engines.iter().position(|e| e.name == name)
    }

    /// A warning when most opening pairs were won by the same colour twice: then the openings,
    /// not the engines, decided most games, and the score says little about strength.
    fn openings_warning(&self, counts: &MatchCounts) -> Option<String> {
        let (decided, pairs) = (counts.same_colour_pairs, counts.finished_pairs());
        (pairs >= 4 && 2 * decided > pairs).then(|| {
            format!(
                "Warning: the same colour won both games of {decided} of {pairs} opening pairs: \
                 the openings decided most games, not the engines. {}",
                self.level_openings_advice()
            )
        })
    }

    /// How to get openings that are level for this game, as far as docs/strength.md has measured.
    fn level_openings_advice(&self) -> String {
        let (flags, measured, check) = match self.game.as_str() {
            "joust" => {
                return "No Joust opening is level (the side to move first keeps the \
                        opposition): count the pairs won and lost, not the score"
                    .to_string();
            }
            "jesonmor" => (
                "--random-plies 14 --balanced 20",
                " (on 9x9 white scored 44 to 49% in self-play on such books)",
                "",
            ),
            _ => (
                "--balanced 100",
                "",
                ", and check that white scores near 50% when an engine plays itself on them",
            ),
        };
        format!(
            "Use openings that are level: e.g. tabula openings --game {} --size {} --count 100 \
             --seed 1 {flags} --depth 8 > book.txt{measured}, then --openings book.txt{check}",
            self.game, self.size
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_of_known_strings() {
        // The reference values of 64-bit FNV-1a.
        assert_eq!(fnv1a(""), "cbf29ce484222325");
        assert_eq!(fnv1a("a"), "af63dc4c8601ec8c");
        assert_eq!(fnv1a("foobar"), "85944171f73967e8");
    }

    fn two_engine_setup() -> MatchSetup {
        let engine = |name: &str| EngineSetup {
            name: name.to_string(),
            command: vec!["tabula".to_string()],
            protocol: "ugi".to_string(),
            notation: "auto".to_string(),
            options: Vec::new(),
            time_control: "1+0.01".to_string(),
        };
        MatchSetup {
            game: "jesonmor".to_string(),
            size: "9x9".to_string(),
            engines: vec![engine("a"), engine("b")],
            time_control: "1+0.01".to_string(),
            time_margin_ms: 0,
            stall_timeout_ms: 60_000,
            games_per_pair: 10,
            gauntlet: false,
            openings: "random, 4 plies, seed 1".to_string(),
            openings_digest: fnv1a(""),
            sprt: None,
            shards: 1,
        }
    }

    #[test]
    fn the_summary_warns_when_colours_decided_most_pairs() {
        let setup = two_engine_setup();
        let mut counts = MatchCounts::new(&[(0, 1)], 2);
        counts.pairings[0].pairs = [0, 0, 4, 0, 1];
        counts.same_colour_pairs = 3;
        assert!(
            setup
                .summary_text(&counts)
                .contains("Warning: the same colour won both games of 3 of 5 opening pairs")
        );
        counts.same_colour_pairs = 2;
        assert!(!setup.summary_text(&counts).contains("Warning"));
    }

    #[test]
    fn the_warning_gives_each_game_its_own_advice() {
        let mut setup = two_engine_setup();
        assert!(
            setup
                .level_openings_advice()
                .contains("--random-plies 14 --balanced 20")
        );
        setup.game = "joust".to_string();
        assert!(
            setup
                .level_openings_advice()
                .starts_with("No Joust opening is level")
        );
        setup.game = "apart".to_string();
        assert!(
            setup
                .level_openings_advice()
                .contains("--game apart --size 9x9")
        );
    }

    #[test]
    fn a_changed_setting_changes_the_fingerprint_and_is_named() {
        let setup = two_engine_setup();
        let mut other = setup.clone();
        other.engines[1].time_control = "0.25+0.0025".to_string();
        assert_ne!(setup.fingerprint(), other.fingerprint());
        assert_eq!(setup.differences(&other), ["engines"]);
        assert_eq!(setup.fingerprint(), two_engine_setup().fingerprint());
    }

    #[test]
    fn the_players_of_a_game_follow_from_its_number() {
        let list = pairings(3, false);
        // Pair 0 is pairing (0, 1), pair 1 is (0, 2), pair 2 is (1, 2), pair 3 is (0, 1) again.
        let expected = [
            (0, 1),
            (1, 0),
            (0, 2),
            (2, 0),
            (1, 2),
            (2, 1),
            (0, 1),
            (1, 0),
        ];
        for (index, players) in expected.into_iter().enumerate() {
            assert_eq!(
                players_of(index + 1, &list),
                Some(players),
                "game {}",
                index + 1
            );
        }
        assert_eq!(players_of(0, &list), None);
    }

    #[test]
    fn pairings_of_a_round_robin_and_a_gauntlet() {
        assert_eq!(pairings(3, false), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, true), vec![(0, 1), (0, 2)]);
    }
}
