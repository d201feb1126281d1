//! A review written out: a table of the moves and each side's summary for people, or one JSON
//! object (the moves, the summaries and the settings) for programs.

use super::judgement::{After, MoveReview, Review, SideSummary};
use crate::game::Outcome;
use crate::search::score::Score;
use crate::words::counted;
use serde::Serialize;

/// What a review was asked to do, for the report's head.
pub struct ReviewHead {
    pub game: String,
    pub size: String,
    /// The search limit of each position (`depth 10`, `nodes 5000`, `movetime 200`).
    pub limit: String,
}

/// The human report: a head line, one line per move, one summary line per side.
pub fn text_report(head: &ReviewHead, review: &Review) -> String {
    let mut text = format!(
        "review of {} {}, {}, each position searched to {}\n",
        head.game,
        head.size,
        counted(review.moves.len(), "move"),
        head.limit
    );
    text.push_str(&format!(
        "{:<12} {:<10} {:>6} {:>6} {:>6}  {:<10} {}\n",
        "move", "played", "before", "after", "loss", "mark", "better"
    ));
    for m in &review.moves {
        let mark = m.mark.map_or("", |mark| mark.name());
        let better = if m.mark.is_some() {
            m.best.as_str()
        } else {
            ""
        };
        let row = format!(
            "{:<12} {:<10} {:>6.3} {:>6.3} {:>6.3}  {:<10} {}",
            format!("{}. {}", m.number, m.side.name()),
            m.played,
            m.expected_before,
            m.expected_after,
            m.loss,
            mark,
            better
        );
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text.push_str(
        "(before, after: the mover's expected score, 0 to 1; loss: what the move gave up \
         against the engine's best)\n",
    );
    for side in &review.sides {
        text.push_str(&format!(
            "{}: {}, {}, {}, {}, average loss {:.4}, accuracy {:.1}\n",
            side.side.name(),
            counted(side.moves, "move"),
            counted(side.inaccuracies, "inaccuracy"),
            counted(side.mistakes, "mistake"),
            counted(side.blunders, "blunder"),
            side.average_loss,
            side.accuracy
        ));
    }
    text
}

/// A score or a finished game as JSON: `{"cp":N}`, `{"mate":N}` or `{"result":"win"}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonEval {
    Cp(i32),
    Mate(i32),
    Result(&'static str),
}

impl From<Score> for JsonEval {
    fn from(score: Score) -> Self {
        match score {
            Score::Centipawns(cp) => JsonEval::Cp(cp),
            Score::Mate(moves) => JsonEval::Mate(moves),
        }
    }
}

#[derive(Serialize)]
struct JsonMove<'a> {
    ply: usize,
    number: u32,
    side: &'static str,
    #[serde(rename = "move")]
    played: &'a str,
    best: &'a str,
    before: JsonEval,
    after: JsonEval,
    expected_before: f64,
    expected_after: f64,
    loss: f64,
    accuracy: f64,
    mark: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonSide {
    moves: usize,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
    average_loss: f64,
    accuracy: f64,
}

#[derive(Serialize)]
struct JsonSummary {
    white: JsonSide,
    black: JsonSide,
}

#[derive(Serialize)]
struct JsonSettings<'a> {
    game: &'a str,
    size: &'a str,
    limit: &'a str,
    thresholds: [f64; 3],
}

#[derive(Serialize)]
struct JsonReview<'a> {
    settings: JsonSettings<'a>,
    moves: Vec<JsonMove<'a>>,
    summary: JsonSummary,
}

fn json_move(m: &MoveReview) -> JsonMove<'_> {
    let after = match m.after {
        After::Score(score) => score.into(),
        After::Over(Outcome::Draw) => JsonEval::Result("draw"),
        After::Over(Outcome::Win(winner)) if winner == m.side => JsonEval::Result("win"),
        After::Over(Outcome::Win(_)) => JsonEval::Result("loss"),
    };
    JsonMove {
        ply: m.ply,
        number: m.number,
        side: m.side.name(),
        played: &m.played,
        best: &m.best,
        before: m.before.into(),
        after,
        expected_before: four_places(m.expected_before),
        expected_after: four_places(m.expected_after),
        loss: m.loss,
        accuracy: four_places(m.accuracy),
        mark: m.mark.map(|mark| mark.name()),
    }
}

fn json_side(side: &SideSummary) -> JsonSide {
    JsonSide {
        moves: side.moves,
        inaccuracies: side.inaccuracies,
        mistakes: side.mistakes,
        blunders: side.blunders,
        average_loss: four_places(side.average_loss),
        accuracy: four_places(side.accuracy),
    }
}

fn four_places(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

/// The JSON report: one object on one line.
pub fn json_report(head: &ReviewHead, review: &Review) -> String {
    use super::judgement::{BLUNDER, INACCURACY, MISTAKE};
    let [white, black] = &review.sides;
    let report = JsonReview {
        settings: JsonSettings {
            game: &head.game,
            size: &head.size,
            limit: &head.limit,
            thresholds: [INACCURACY, MISTAKE, BLUNDER],
        },
        moves: review.moves.iter().map(json_move).collect(),
        summary: JsonSummary {
            white: json_side(white),
            black: json_side(black),
        },
    };
    serde_json::to_string(&report).expect("a report of strings and numbers always serializes")
}
