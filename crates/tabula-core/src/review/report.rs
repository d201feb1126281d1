//! A review written out: a table of the moves and each side's summary for people, or one JSON
//! object (the moves, the summaries and the settings) for programs.

use super::game::ReviewGame;
use super::judgement::{After, MoveReview, Review, SideSummary};
use crate::game::{Outcome, Side};
use crate::record::games::player_label;
use crate::search::score::Score;
use crate::words::counted;
use serde::Serialize;

/// What a review was asked to do, and what its record says of the game, for the report's head.
pub struct ReviewHead {
    pub game: String,
    pub size: String,
    /// The search limit of each position (`depth 10`, `nodes 5000`, `movetime 200`).
    pub limit: String,
    /// The record's `White` and `Black`, `Result` and `Termination` tags, where it has them.
    pub players: [Option<String>; 2],
    pub result: Option<String>,
    pub termination: Option<String>,
}

impl ReviewHead {
    /// The head of a review of `game` with each position searched within `limit`.
    pub fn of(game: &ReviewGame, limit: String) -> ReviewHead {
        let tag = |name| game.tag(name).map(str::to_string);
        ReviewHead {
            game: game.game.name().to_string(),
            size: game.size.to_string(),
            limit,
            players: [Side::White, Side::Black]
                .map(|side| player_label(|name| game.tag(name), side)),
            result: tag("Result").filter(|result| result != "*"),
            termination: tag("Termination").filter(|reason| reason != "unterminated"),
        }
    }

    /// How the record names `side`'s player, if it does.
    fn player(&self, side: Side) -> Option<&str> {
        self.players[side.index()].as_deref()
    }

    /// `white: A · black: B · result 1-0 (reason)`, what the record says; empty if nothing.
    fn record_line(&self) -> String {
        let mut parts: Vec<String> = [Side::White, Side::Black]
            .into_iter()
            .filter_map(|side| Some(format!("{}: {}", side.name(), self.player(side)?)))
            .collect();
        if let Some(result) = &self.result {
            parts.push(match &self.termination {
                Some(reason) => format!("result {result} ({reason})"),
                None => format!("result {result}"),
            });
        }
        parts.join(" · ")
    }
}

/// The human report: a head line, one line per move, one summary line per side.
pub fn text_report(head: &ReviewHead, review: &Review) -> String {
    let book = review.moves.iter().filter(|m| m.book).count();
    let book_note = match book {
        0 => String::new(),
        1 => " (the first is the record's opening: a book move, not judged)".to_string(),
        _ => format!(" (the first {book} are the record's opening: book moves, not judged)"),
    };
    let mut text = format!(
        "review of {} {}, {}{book_note}, each position searched to {}\n",
        head.game,
        head.size,
        counted(review.moves.len(), "move"),
        head.limit
    );
    let record = head.record_line();
    if !record.is_empty() {
        text.push_str(&record);
        text.push('\n');
    }
    text.push_str(&format!(
        "{:<12} {:<10} {:>6} {:>6} {:>6}  {:<10} {}\n",
        "move", "played", "before", "after", "loss", "mark", "better"
    ));
    for m in &review.moves {
        let mark = match m.mark {
            Some(mark) => mark.name(),
            None if m.book => "book",
            None => "",
        };
        let loss = m.loss.map_or(String::new(), |loss| format!("{loss:.3}"));
        let better = if m.mark.is_some() {
            m.best.as_str()
        } else {
            ""
        };
        let row = format!(
            "{:<12} {:<10} {:>6.3} {:>6.3} {loss:>6}  {:<10} {}",
            format!("{}. {}", m.number, m.side.name()),
            m.played,
            m.expected_before,
            m.expected_after,
            mark,
            better
        );
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text.push_str(
        "(before, after: the mover's expected score, 0 to 1; loss: what the move gave up \
         against the engine's best; accuracy: lichess's, 0 to 100)\n",
    );
    for side in &review.sides {
        let name = head
            .player(side.side)
            .map_or(String::new(), |name| format!(" ({name})"));
        let book = match side.book {
            0 => String::new(),
            n => format!(" and {n} book"),
        };
        let accuracy = side.accuracy.map_or("no moves judged".to_string(), |a| {
            format!("accuracy {a:.1}")
        });
        text.push_str(&format!(
            "{}{name}: {}{book}, {}, {}, {}, average loss {:.4}, {accuracy}\n",
            side.side.name(),
            counted(side.moves, "judged move"),
            counted(side.inaccuracies, "inaccuracy"),
            counted(side.mistakes, "mistake"),
            counted(side.blunders, "blunder"),
            side.average_loss,
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
    book: bool,
    best: &'a str,
    before: JsonEval,
    after: JsonEval,
    expected_before: f64,
    expected_after: f64,
    loss: Option<f64>,
    accuracy: Option<f64>,
    mark: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonSide {
    moves: usize,
    book: usize,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
    average_loss: f64,
    accuracy: Option<f64>,
}

/// What the record says of the game.
#[derive(Serialize)]
struct JsonRecord<'a> {
    white: Option<&'a str>,
    black: Option<&'a str>,
    result: Option<&'a str>,
    termination: Option<&'a str>,
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
    record: JsonRecord<'a>,
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
        book: m.book,
        best: &m.best,
        before: m.before.into(),
        after,
        expected_before: four_places(m.expected_before),
        expected_after: four_places(m.expected_after),
        loss: m.loss,
        accuracy: m.accuracy.map(four_places),
        mark: m.mark.map(|mark| mark.name()),
    }
}

fn json_side(side: &SideSummary) -> JsonSide {
    JsonSide {
        moves: side.moves,
        book: side.book,
        inaccuracies: side.inaccuracies,
        mistakes: side.mistakes,
        blunders: side.blunders,
        average_loss: four_places(side.average_loss),
        accuracy: side.accuracy.map(four_places),
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
        record: JsonRecord {
            white: head.player(Side::White),
            black: head.player(Side::Black),
            result: head.result.as_deref(),
            termination: head.termination.as_deref(),
        },
        moves: review.moves.iter().map(json_move).collect(),
        summary: JsonSummary {
            white: json_side(white),
            black: json_side(black),
        },
    };
    serde_json::to_string(&report).expect("a report of strings and numbers always serializes")
}
