//! How a review judges each move, in the manner of lichess's analysis: scores become expected
//! scores for the mover, a move's loss is how much expected score it gave up against the
//! engine's best move, losses mark inaccuracies, mistakes and blunders, and each side gets an
//! accuracy figure.
//!
//! - **Expected score** of a centipawn score `cp`: `1 / (1 + 10^(-cp / 400))`, the logistic that
//!   also turns Elo differences into expected scores (`tournament::stats::score_from_elo`): 100
//!   cp is worth what 100 Elo is. A mate for the mover is 1, a mate against it 0; a game won,
//!   drawn or lost is 1, 0.5 or 0.
//! - **Loss**: the expected score of the position before the move (the best move's) minus that
//!   after it (the played move's), rounded to 4 decimals; 0 when the move is the engine's best
//!   and never below 0 (a deeper look after the move can find more than the search before it).
//! - **Marks** by the loss: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`] (0.05, 0.10, 0.15) are
//!   lichess's drops of 0.1, 0.2 and 0.3 in winning chances, which run from -1 to 1 (twice the
//!   expected score, less 1). Lichess's logistic is flatter (its 100 cp is worth our 64 cp), so
//!   a mark here needs a smaller centipawn loss than there.
//! - **Accuracy** of a move: lichess's formula `103.1668 * exp(-0.04354 * L) - 3.1669` of its
//!   loss `L` in percentage points, between 0 and 100; a side's accuracy is the plain mean over
//!   its moves (lichess weighs its mean by how sharp the positions were).

use super::analysis::PositionEval;
use super::game::{ReviewGame, numbered};
use crate::game::{Outcome, Side};
use crate::search::score::Score;
use crate::tools::tournament::stats::score_from_elo;

/// The least loss of an inaccuracy, a mistake and a blunder (expected score, 0 to 1).
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.15;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark of a loss, if it earns one.
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The expected score of a score for the side it is from.
pub fn expected_score(score: Score) -> f64 {
    match score {
        Score::Centipawns(cp) => score_from_elo(f64::from(cp)),
        Score::Mate(moves) if moves > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// The expected score of a finished game for `side`.
fn result_score(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == side => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// A move's accuracy (0 to 100) from its loss in expected score.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

/// A value rounded to 4 decimals, as reports print it.
fn rounded(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

/// The position after a move, from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum After {
    Score(Score),
    Over(Outcome),
}

/// One move judged.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// Its place among the reviewed moves, from 1.
    pub ply: usize,
    /// Its number, as the record numbers it.
    pub number: u32,
    pub side: Side,
    pub played: String,
    /// The engine's best move in the position before it.
    pub best: String,
    /// The score before the move, from the mover's view.
    pub before: Score,
    pub after: After,
    pub expected_before: f64,
    pub expected_after: f64,
    pub loss: f64,
    pub accuracy: f64,
    pub mark: Option<Mark>,
}

/// One side's moves summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    pub side: Side,
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean loss per move (expected score).
    pub average_loss: f64,
    /// The mean accuracy per move (0 to 100; 100 without moves).
    pub accuracy: f64,
}

/// A game's moves judged, and each side's summary (white's first).
#[derive(Clone, Debug)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    pub sides: [SideSummary; 2],
}

/// The judgement of every move of `game` whose positions before and after are in `evals` (the
/// positions in order, from the first).
pub fn judge(game: &ReviewGame, evals: &[PositionEval]) -> Review {
    let mut moves = Vec::new();
    for (ply, (entry, pair)) in game.moves.iter().zip(evals.windows(2)).enumerate() {
        let PositionEval::Searched { score, best, .. } = &pair[0] else {
            break;
        };
        let (side, number) = numbered(game.first_move, ply);
        let (after, expected_after) = match &pair[1] {
            PositionEval::Searched { score, .. } => {
                let mine = negated(*score);
                (After::Score(mine), expected_score(mine))
            }
            &PositionEval::Over(outcome) => (After::Over(outcome), result_score(outcome, side)),
        };
        let expected_before = expected_score(*score);
        let loss = if *best == entry.text {
            0.0
        } else {
            rounded((expected_before - expected_after).max(0.0))
        };
        moves.push(MoveReview {
            ply: ply + 1,
            number,
            side,
            played: entry.text.clone(),
            best: best.clone(),
            before: *score,
            after,
            expected_before,
            expected_after,
            loss,
            accuracy: move_accuracy(loss),
            mark: Mark::of(loss),
        });
    }
    let sides = [Side::White, Side::Black].map(|side| summary(side, &moves));
    Review { moves, sides }
}

/// White's expected score (0 to 1) in each position of `evals` (the positions of `game` in
/// order, from the first): the curve of a review's evaluation graph, a won game and a mate for
/// white at 1.
pub fn white_curve(game: &ReviewGame, evals: &[PositionEval]) -> Vec<f64> {
    evals
        .iter()
        .enumerate()
        .map(|(ply, eval)| {
            let (mover, _) = numbered(game.first_move, ply);
            let mine = match eval {
                PositionEval::Searched { score, .. } => expected_score(*score),
                &PositionEval::Over(outcome) => result_score(outcome, mover),
            };
            rounded(if mover == Side::White {
                mine
            } else {
                1.0 - mine
            })
        })
        .collect()
}

/// A score from the other side's view.
fn negated(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(-cp),
        Score::Mate(moves) => Score::Mate(-moves),
    }
}

fn summary(side: Side, moves: &[MoveReview]) -> SideSummary {
    let own: Vec<&MoveReview> = moves.iter().filter(|m| m.side == side).collect();
    let count = |mark| own.iter().filter(|m| m.mark == Some(mark)).count();
    let mean = |value: fn(&MoveReview) -> f64, empty: f64| {
        if own.is_empty() {
            empty
        } else {
            own.iter().map(|m| value(m)).sum::<f64>() / own.len() as f64
        }
    };
    SideSummary {
        side,
        moves: own.len(),
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        average_loss: mean(|m| m.loss, 0.0),
        accuracy: mean(|m| m.accuracy, 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_losses_and_marks_follow_the_documented_scale() {
        assert_eq!(expected_score(Score::Centipawns(0)), 0.5);
        let pawn = expected_score(Score::Centipawns(400));
        assert!((pawn - 10.0 / 11.0).abs() < 1e-12, "{pawn}");
        assert_eq!(expected_score(Score::Mate(3)), 1.0);
        assert_eq!(expected_score(Score::Mate(-1)), 0.0);
        assert_eq!(Mark::of(0.0499), None);
        assert_eq!(Mark::of(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(0.1), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.15), Some(Mark::Blunder));
        assert!((move_accuracy(0.0) - 100.0).abs() < 1e-3);
        assert!(
            (move_accuracy(0.2) - 40.02).abs() < 0.01,
            "{}",
            move_accuracy(0.2)
        );
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    #[test]
    fn the_curve_is_whites_expected_score_whoever_moves() {
        use crate::games::GameKind;
        let game = ReviewGame::read("startpos moves d4f5 e5c4", 1, GameKind::Joust, None)
            .expect("two legal moves");
        let searched = |cp| PositionEval::Searched {
            score: Score::Centipawns(cp),
            best: "d4f5".to_string(),
            depth: 1,
        };
        let evals = [
            searched(400),
            searched(400),
            PositionEval::Over(Outcome::Win(Side::Black)),
        ];
        let curve = white_curve(&game, &evals);
        assert_eq!(curve.len(), 3);
        assert!((curve[0] - 0.9091).abs() < 1e-9, "{curve:?}");
        assert!(
            (curve[1] - 0.0909).abs() < 1e-9,
            "black's +4 is white's -4: {curve:?}"
        );
        assert_eq!(curve[2], 0.0, "black won");
    }
}
