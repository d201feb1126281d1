//! A move's record data, as `tabula match`, `tabula play` and the board page write it in the
//! comment after the move: the engine's evaluation (`cp -12`, `mate 3`), its depth (`d6`) and the
//! thinking time (`48ms`), in that order, any of them absent: `{cp -12 d6 48ms}`, `{2410ms}`.
//! A comment is the move's data when it holds these words and nothing else (each at most once,
//! in any order); any other comment is free text.

pub use crate::protocol::info_line::Score;

/// What the record says of how a move was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveData {
    /// The engine's evaluation, from the mover's view.
    pub score: Option<Score>,
    pub depth: Option<u32>,
    /// The thinking time in milliseconds.
    pub time_ms: Option<u64>,
}

impl MoveData {
    /// Whether the record says nothing of the move.
    pub fn is_empty(&self) -> bool {
        *self == MoveData::default()
    }

    /// The data a comment's text holds, if the comment is record data and nothing else.
    pub fn read(comment: &str) -> Option<MoveData> {
        let mut data = MoveData::default();
        let mut words = comment.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "cp" | "mate" if data.score.is_none() => {
                    let n = words.next()?.parse().ok()?;
                    data.score = Some(if word == "cp" {
                        Score::Cp(n)
                    } else {
                        Score::Mate(n)
                    });
                }
                _ if word.len() > 2 && word.ends_with("ms") && data.time_ms.is_none() => {
                    data.time_ms = Some(digits(&word[..word.len() - 2])?);
                }
                _ if word.len() > 1 && word.starts_with('d') && data.depth.is_none() => {
                    data.depth = Some(digits(&word[1..])?);
                }
                _ => return None,
            }
        }
        (!data.is_empty()).then_some(data)
    }

    /// The comment's text (`cp -12 d6 48ms`); empty when the record says nothing.
    pub fn text(&self) -> String {
        let mut words = Vec::new();
        match self.score {
            Some(Score::Cp(cp)) => words.push(format!("cp {cp}")),
            Some(Score::Mate(n)) => words.push(format!("mate {n}")),
            None => {}
        }
        words.extend(self.depth.map(|depth| format!("d{depth}")));
        words.extend(self.time_ms.map(|ms| format!("{ms}ms")));
        words.join(" ")
    }

    /// The score as written (`cp -12`), as the engines' records keep it.
    pub fn score_text(&self) -> Option<String> {
        let data = MoveData {
            score: self.score,
            ..MoveData::default()
        };
        self.score.map(|_| data.text())
    }
}

/// A number written in decimal digits only (no sign, no `+`).
fn digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse().ok())
        .flatten()
}
