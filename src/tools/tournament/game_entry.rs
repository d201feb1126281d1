//! A finished game as a result file lists it: its number in the match, its result, the
//! engines' faults and the error lines and stderr lines they wrote, as one short line (`12 0-1`,
//! `7 1-0 black:stall`, `3 1/2-1/2 white:errors=2 black:stderr=14`). Who played white and
//! black follows from the number and the setup, so these lines and the setup give every count
//! of a result file again: a resumed match rebuilds its standings from them, and a merge checks
//! each count against them.

use super::record::{Fault, GameRecord, result_text};
use crate::engine_process::messages::MessageCounts;
use crate::game::{Outcome, Side};

/// One finished game of a result file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The game's number in the whole match, from 1.
    pub number: usize,
    pub outcome: Outcome,
    /// The sides whose engine failed, if any.
    pub faults: Vec<(Side, Fault)>,
    /// White's and black's error lines and stderr lines.
    pub messages: [MessageCounts; 2],
}

impl GameEntry {
    /// The entry of a played game.
    pub fn of(record: &GameRecord) -> GameEntry {
        GameEntry {
            number: record.number,
            outcome: record.outcome,
            faults: record.faults.clone(),
            messages: record.messages,
        }
    }

    /// `<number> <result> [<side>:<fault>...] [<side>:errors=N] [<side>:stderr=N]`, the counts
    /// only where not 0.
    pub fn to_text(&self) -> String {
        let mut words = vec![
            self.number.to_string(),
            result_text(self.outcome).to_string(),
        ];
        words.extend(
            (self.faults.iter()).map(|(side, fault)| format!("{}:{}", side.name(), fault.word())),
        );
        for (side, counts) in [Side::White, Side::Black].into_iter().zip(self.messages) {
            for (word, n) in [("errors", counts.errors), ("stderr", counts.stderr_lines)] {
                if n > 0 {
                    words.push(format!("{}:{word}={n}", side.name()));
                }
            }
        }
        words.join(" ")
    }

    /// Parses an entry as `to_text` writes it.
    pub fn parse(text: &str) -> Result<GameEntry, String> {
        let bad = |why: &str| format!("game entry '{text}': {why}");
        let mut words = text.split(' ');
        let number = words
            .next()
            .and_then(|word| word.parse::<usize>().ok())
            .filter(|&number| number > 0)
            .ok_or_else(|| bad("it does not start with a game number"))?;
        let outcome = match words.next() {
            Some("1-0") => Outcome::Win(Side::White),
            Some("0-1") => Outcome::Win(Side::Black),
            Some("1/2-1/2") => Outcome::Draw,
            _ => return Err(bad("its result is not 1-0, 0-1 or 1/2-1/2")),
        };
        let mut faults = Vec::new();
        let mut messages = [MessageCounts::default(); 2];
        for word in words {
            if let Some((side, kind, n)) = message_count(word) {
                let counts = &mut messages[side.index()];
                let count = match kind {
                    "errors" => &mut counts.errors,
                    _ => &mut counts.stderr_lines,
                };
                if *count > 0 {
                    return Err(bad(&format!("it counts {} {kind} twice", side.name())));
                }
                *count = n;
                continue;
            }
            let fault = word
                .split_once(':')
                .and_then(|(side, fault)| {
                    let side = [Side::White, Side::Black]
                        .into_iter()
                        .find(|s| s.name() == side)?;
                    Some((side, Fault::from_word(fault)?))
                })
                .ok_or_else(|| bad(&format!("'{word}' is not a fault such as black:stall")))?;
            if faults.iter().any(|(side, _)| *side == fault.0) || faults.len() == 2 {
                return Err(bad("it names a side's fault twice"));
            }
            faults.push(fault);
        }
        Ok(GameEntry {
            number,
            outcome,
            faults,
            messages,
        })
    }
}

/// A count of messages such as `black:errors=2` or `white:stderr=14` (never 0): the side, the
/// kind and the count.
fn message_count(word: &str) -> Option<(Side, &str, u32)> {
    let (side, rest) = word.split_once(':')?;
    let side = [Side::White, Side::Black]
        .into_iter()
        .find(|s| s.name() == side)?;
    let (kind, n) = rest.split_once('=')?;
    let n = n.parse().ok().filter(|&n| n > 0)?;
    ["errors", "stderr"]
        .contains(&kind)
        .then_some((side, kind, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::assert_refusals;

    #[test]
    fn entries_read_back_as_written() {
        for (text, outcome, faults) in [
            ("12 0-1", Outcome::Win(Side::Black), vec![]),
            (
                "7 1-0 black:stall",
                Outcome::Win(Side::White),
                vec![(Side::Black, Fault::Stall)],
            ),
            (
                "3 1/2-1/2 white:disconnect black:disconnect",
                Outcome::Draw,
                vec![
                    (Side::White, Fault::Disconnect),
                    (Side::Black, Fault::Disconnect),
                ],
            ),
            (
                "1 0-1 white:time",
                Outcome::Win(Side::Black),
                vec![(Side::White, Fault::Time)],
            ),
        ] {
            let entry = GameEntry::parse(text).unwrap();
            assert_eq!((entry.outcome, &entry.faults), (outcome, &faults), "{text}");
            assert_eq!(entry.to_text(), text);
        }
    }

    #[test]
    fn message_counts_read_back_as_written() {
        let text = "5 0-1 white:stall white:errors=2 black:stderr=14";
        let entry = GameEntry::parse(text).unwrap();
        assert_eq!(
            entry.messages,
            [
                MessageCounts {
                    errors: 2,
                    stderr_lines: 0
                },
                MessageCounts {
                    errors: 0,
                    stderr_lines: 14
                }
            ]
        );
        assert_eq!(entry.to_text(), text);
    }

    #[test]
    fn bad_entries_are_named() {
        assert_refusals(
            GameEntry::parse,
            &[
                ("", "game number"),
                ("0 1-0", "game number"),
                ("x 1-0", "game number"),
                ("4 2-0", "result"),
                ("4", "result"),
                ("4 1-0 black:slow", "'black:slow'"),
                ("4 1-0 red:stall", "'red:stall'"),
                ("4 1-0 black:stall black:time", "twice"),
                ("4  1-0", "result"),
                ("4 1-0 black:errors=1 black:errors=2", "twice"),
                ("4 1-0 black:errors=0", "'black:errors=0'"),
                ("4 1-0 black:errors=x", "'black:errors=x'"),
                ("4 1-0 black:warnings=1", "'black:warnings=1'"),
            ],
        );
    }
}
