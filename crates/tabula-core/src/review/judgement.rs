//! How a review judges each move, in the manner of lichess's analysis: scores become the
//! mover's expected scores, a move's loss is how much expected score it gave up against the
//! engine's best move, losses mark inaccuracies, mistakes and blunders, and each side gets
//! lichess's accuracy ([`super::accuracy`]). Moves of the record's opening (its `Opening` tag:
//! a book's line or a match's random moves) are book moves: searched, shown, never judged.
//!
//! - **Expected score** of a score: lichess's win% ([`win_percent`]) over 100, a centipawn score
//!   capped at ±1000; a mate, and a game won or lost, count as the cap; a draw is 0.5.
//! - **Loss**: the expected score of the position before the move (the best move's) minus that
//!   after it (the played move's), rounded to 4 decimals; 0 when the move is the engine's best
//!   and never below 0 (a deeper look after the move can find more than the search before it).
//! - **Marks** by the loss: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`] (0.05, 0.10, 0.15), which
//!   are lichess's drops of 0.1, 0.2 and 0.3 in winning chances (twice the expected score, less
//!   1).
//! - **Accuracy** of a move: lichess's formula of its loss in win% ([`move_accuracy`]); a side's
//!   is lichess's mean of its moves' accuracies weighted by the game's volatility and their
//!   harmonic mean ([`side_accuracy`]).

use super::accuracy::{CP_CEILING, move_accuracy, side_accuracy, volatility_weights, win_percent};
use super::game::{ReviewGame, numbered};
use crate::game::{Outcome, Side};
use crate::search::score::Score;

/// What the review found in one position, from the side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionEval {
    /// The search's score and best move.
    Searched {
        score: Score,
        best: String,
        depth: u32,
    },
    /// The game is over here.
    Over(Outcome),
}

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

/// The expected score (0 to 1) of a score for the side it is from.
pub fn expected_score(score: Score) -> f64 {
    match score {
        Score::Centipawns(cp) => win_percent(cp) / 100.0,
        Score::Mate(moves) if moves > 0 => win_percent(CP_CEILING) / 100.0,
        Score::Mate(_) => win_percent(-CP_CEILING) / 100.0,
    }
}

/// The expected score of a finished game for `side`: a win or a loss counts as a mate.
fn result_score(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == side => win_percent(CP_CEILING) / 100.0,
        Outcome::Win(_) => win_percent(-CP_CEILING) / 100.0,
        Outcome::Draw => 0.5,
    }
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

/// One move reviewed.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// Its place in the game from the review's first position, from 1.
    pub ply: usize,
    /// Its number, as the record numbers it.
    pub number: u32,
    pub side: Side,
    pub played: String,
    /// A move of the record's opening: not judged (no loss, accuracy or mark).
    pub book: bool,
    /// The engine's best move in the position before it.
    pub best: String,
    /// The score before the move, from the mover's view.
    pub before: Score,
    pub after: After,
    pub expected_before: f64,
    pub expected_after: f64,
    /// The judgement of a move that is not a book move.
    pub loss: Option<f64>,
    pub accuracy: Option<f64>,
    pub mark: Option<Mark>,
}

/// One side's moves summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    pub side: Side,
    /// The side's judged moves, and its book moves (not judged).
    pub moves: usize,
    pub book: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean loss per judged move (expected score; 0 without any).
    pub average_loss: f64,
    /// Lichess's accuracy of the judged moves (0 to 100; `None` without any).
    pub accuracy: Option<f64>,
}

/// A game's moves reviewed, and each side's summary (white's first).
#[derive(Clone, Debug)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    pub sides: [SideSummary; 2],
}

/// The review of every move of `game` whose positions before and after are in `evals` (the
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
        let book = ply < game.book;
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
            book,
            best: best.clone(),
            before: *score,
            after,
            expected_before,
            expected_after,
            loss: (!book).then_some(loss),
            accuracy: (!book)
                .then(|| move_accuracy(100.0 * expected_before, 100.0 * (expected_before - loss))),
            mark: if book { None } else { Mark::of(loss) },
        });
    }
    let curve: Vec<f64> = (white_curve(game, evals).iter())
        .map(|expected| expected * 100.0)
        .collect();
    let weights = volatility_weights(&curve);
    let sides = [Side::White, Side::Black].map(|side| summary(side, &moves, &weights));
    Review { moves, sides }
}

/// White's expected score (0 to 1) in each position of `evals` (the positions of `game` in
/// order, from the first): the curve of a review's evaluation graph and of its volatility.
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

fn summary(side: Side, moves: &[MoveReview], weights: &[f64]) -> SideSummary {
    let own: Vec<&MoveReview> = moves.iter().filter(|m| m.side == side).collect();
    let judged: Vec<&MoveReview> = own.iter().copied().filter(|m| !m.book).collect();
    let count = |mark| judged.iter().filter(|m| m.mark == Some(mark)).count();
    let losses: Vec<f64> = judged.iter().filter_map(|m| m.loss).collect();
    let weighted: Vec<(f64, f64)> = judged
        .iter()
        .filter_map(|m| Some((m.accuracy?, *weights.get(m.ply - 1)?)))
        .collect();
    SideSummary {
        side,
        moves: judged.len(),
        book: own.len() - judged.len(),
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        average_loss: losses.iter().sum::<f64>() / losses.len().max(1) as f64,
        accuracy: side_accuracy(&weighted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    fn searched(cp: i32, best: &str) -> PositionEval {
        PositionEval::Searched {
            score: Score::Centipawns(cp),
            best: best.to_string(),
            depth: 1,
        }
    }

    #[test]
    fn scores_losses_and_marks_follow_the_documented_scale() {
        assert_eq!(expected_score(Score::Centipawns(0)), 0.5);
        let pawn = expected_score(Score::Centipawns(100));
        assert!((pawn - 0.591_025_9).abs() < 1e-6, "{pawn}");
        let cap = expected_score(Score::Centipawns(CP_CEILING));
        assert_eq!(expected_score(Score::Mate(3)), cap);
        assert_eq!(expected_score(Score::Centipawns(3000)), cap);
        assert!((expected_score(Score::Mate(-1)) - (1.0 - cap)).abs() < 1e-12);
        assert_eq!(Mark::of(0.0499), None);
        assert_eq!(Mark::of(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(0.1), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.15), Some(Mark::Blunder));
    }

    #[test]
    fn the_curve_is_whites_expected_score_whoever_moves() {
        let game = ReviewGame::read("startpos moves d4f5 e5c4", 1, GameKind::Joust, None)
            .expect("two legal moves");
        let evals = [
            searched(100, "d4f5"),
            searched(100, "e5c4"),
            PositionEval::Over(Outcome::Win(Side::Black)),
        ];
        let curve = white_curve(&game, &evals);
        assert_eq!(curve.len(), 3);
        assert!((curve[0] - 0.591).abs() < 1e-9, "{curve:?}");
        assert!(
            (curve[1] - 0.409).abs() < 1e-9,
            "black's +1 is white's -1: {curve:?}"
        );
        assert!((curve[2] - 0.0246).abs() < 1e-9, "black won: {curve:?}");
    }

    /// The record's opening moves are searched but not judged; the moves after them are.
    #[test]
    fn book_moves_are_not_judged() {
        let record = "[Game \"joust\"]\n[Opening \"startpos moves d4f5\"]\n\n1... e5c4 2. f5h6 *\n";
        let game = ReviewGame::read(record, 1, GameKind::Joust, None).expect("a record");
        assert_eq!(game.book, 1);
        let evals = [
            searched(0, "d4b5"),
            searched(300, "e5g4"),
            searched(300, "f5h6"),
            searched(0, "c4e3"),
        ];
        let review = judge(&game, &evals);
        let book = &review.moves[0];
        assert!(
            book.book && book.loss.is_none() && book.accuracy.is_none(),
            "{book:?}"
        );
        assert_eq!(
            book.mark, None,
            "a drop of 0.25 in a book move is not marked"
        );
        let blunder = &review.moves[1];
        assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
        let white = &review.sides[0];
        assert_eq!((white.moves, white.book, white.blunders), (1, 1, 0));
        assert_eq!(
            white.accuracy,
            Some(100.0),
            "only the engine's best move is judged"
        );
        let black = &review.sides[1];
        assert_eq!((black.moves, black.book, black.blunders), (1, 0, 1));
        assert_eq!(review.moves[2].loss, Some(0.0), "the engine's best move");
    }
}
