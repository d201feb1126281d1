//! A review's searches in a Web Worker of their own ([`ReviewRun`]), and what they found as it
//! crosses to the page's desk: each position's eval as a few words (`cp 35 9 d4f5`, `mate -2 5
//! e5c4`, `over white`, `over draw`) in a JSON array.

use tabula_core::desk::review::{reviewer, status_after_step};
use tabula_core::game::{Outcome, Side};
use tabula_core::games::GameKind;
use tabula_core::review::analysis::Reviewer;
use tabula_core::review::judgement::PositionEval;
use tabula_core::search::Signals;
use tabula_core::search::score::Score;
use wasm_bindgen::prelude::*;

/// One position's eval in words.
fn eval_words(eval: &PositionEval) -> String {
    match eval {
        PositionEval::Searched { score, best, depth } => match score {
            Score::Centipawns(cp) => format!("cp {cp} {depth} {best}"),
            Score::Mate(moves) => format!("mate {moves} {depth} {best}"),
        },
        PositionEval::Over(Outcome::Win(side)) => format!("over {}", side.name()),
        PositionEval::Over(Outcome::Draw) => "over draw".to_string(),
    }
}

/// One position's eval read back from its words.
fn eval_from_words(text: &str) -> Result<PositionEval, String> {
    let bad = || format!("eval '{text}' is not in the review's words");
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        ["over", "draw"] => Ok(PositionEval::Over(Outcome::Draw)),
        ["over", "white"] => Ok(PositionEval::Over(Outcome::Win(Side::White))),
        ["over", "black"] => Ok(PositionEval::Over(Outcome::Win(Side::Black))),
        [kind, value, depth, best] => {
            let value: i32 = value.parse().map_err(|_| bad())?;
            let score = match kind {
                "cp" => Score::Centipawns(value),
                "mate" => Score::Mate(value),
                _ => return Err(bad()),
            };
            Ok(PositionEval::Searched {
                score,
                best: best.to_string(),
                depth: depth.parse().map_err(|_| bad())?,
            })
        }
        _ => Err(bad()),
    }
}

/// The evals of a JSON array of words.
pub fn evals_from_json(text: &str) -> Result<Vec<PositionEval>, String> {
    let words: Vec<String> =
        serde_json::from_str(text).map_err(|problem| format!("bad evals: {problem}"))?;
    words.iter().map(|word| eval_from_words(word)).collect()
}

/// A review's searches, one position at a time.
#[wasm_bindgen]
pub struct ReviewRun {
    reviewer: Reviewer,
    signals: Signals,
}

#[wasm_bindgen]
impl ReviewRun {
    /// The review of the record `record` (a game of `game`), each position searched to `depth`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, record: &str, depth: u32) -> Result<ReviewRun, JsError> {
        let game = GameKind::parse(game).map_err(|why| JsError::new(&why))?;
        Ok(ReviewRun {
            reviewer: reviewer(game, record, depth).map_err(|why| JsError::new(&why))?,
            signals: Signals::default(),
        })
    }

    /// Searches the next position: `{status, evals}`, the status `running` while positions
    /// are left, and the evals of every position searched so far, in words.
    pub fn step(&mut self) -> String {
        let stepped = self.reviewer.step(&self.signals);
        let status = status_after_step(
            &stepped,
            self.reviewer.searched(),
            self.reviewer.positions(),
        );
        let evals: Vec<String> = self.reviewer.evals().iter().map(eval_words).collect();
        serde_json::json!({ "status": status, "evals": evals }).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_cross_in_words_and_back() {
        let evals = [
            PositionEval::Searched {
                score: Score::Centipawns(-35),
                best: "d4f5".to_string(),
                depth: 9,
            },
            PositionEval::Searched {
                score: Score::Mate(-2),
                best: "e5c4".to_string(),
                depth: 5,
            },
            PositionEval::Over(Outcome::Win(Side::Black)),
            PositionEval::Over(Outcome::Draw),
        ];
        let words: Vec<String> = evals.iter().map(eval_words).collect();
        let text = serde_json::to_string(&words).expect("words");
        assert_eq!(evals_from_json(&text).expect("evals"), evals);
        assert!(evals_from_json(r#"["cp x 3 d4f5"]"#).is_err());
        assert!(evals_from_json(r#"["over purple"]"#).is_err());
        assert!(evals_from_json("not json").is_err());
    }
}
