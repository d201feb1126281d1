//! An engine's `info` line read into the fields that the match runner and the GUI use.

use serde::{Deserialize, Serialize};

/// A score as the engine gave it, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    Cp(i64),
    Mate(i64),
}

/// One `info` line's fields that the page uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    pub depth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub pv: Vec<String>,
}

impl InfoLine {
    /// Reads an `info` line; `None` for any other line (`info string` included).
    pub fn parse(line: &str) -> Option<InfoLine> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let mut info = InfoLine::default();
        while let Some(word) = words.next() {
            match word {
                "string" => return None,
                "depth" => info.depth = words.next().and_then(|w| w.parse().ok()),
                "multipv" => info.multipv = words.next().and_then(|w| w.parse().ok()),
                "nodes" => info.nodes = words.next().and_then(|w| w.parse().ok()),
                "nps" => info.nps = words.next().and_then(|w| w.parse().ok()),
                "score" => {
                    let kind = words.next();
                    let value = words.next().and_then(|w| w.parse().ok());
                    info.score = match (kind, value) {
                        (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                        (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                        _ => None,
                    };
                }
                "pv" => {
                    info.pv = words.by_ref().map(str::to_string).collect();
                }
                _ => {}
            }
        }
        Some(info)
    }

    /// The score as a match record writes it (`cp 12`, `mate 3`).
    pub fn score_text(&self) -> Option<String> {
        self.score.map(|score| match score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        })
    }
}
