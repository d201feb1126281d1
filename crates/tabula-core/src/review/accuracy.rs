//! Lichess's accuracy (lila's `AccuracyPercent` and `WinPercent`), for a review's moves and
//! sides:
//!
//! - **Win%** of a centipawn score `cp`, capped at ±[`CP_CEILING`]:
//!   `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`. A mate counts as the cap.
//! - **A move's accuracy** from the mover's win% before and after it:
//!   `103.1668 * exp(-0.04354 * (before - after)) - 3.1669`, plus lila's bonus of 1 for the
//!   analysis's own imprecision, between 0 and 100; 100 when the move lost nothing.
//! - **A side's accuracy**: the mean of two means of its moves' accuracies, one weighted by how
//!   volatile the game was around each move (the standard deviation of white's win% over a
//!   window of positions: its size is a tenth of the moves, 2 to 8, and the weight 0.5 to 12),
//!   the other harmonic (each accuracy at least 1). Quiet moves of a decided game weigh little
//!   and a few bad moves pull the harmonic mean down: a decided game cannot hide its errors.

/// The centipawns beyond which lichess's win% no longer grows.
pub const CP_CEILING: i32 = 1000;

/// Win% (0 to 100) of a centipawn score for the side it is from.
pub fn win_percent(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CP_CEILING, CP_CEILING));
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
}

/// The accuracy (0 to 100) of a move that took the mover's win% from `before` to `after`.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The volatility weight of each move of a game whose positions have white's win% `curve`
/// (one more position than moves): the standard deviation of the window of positions that
/// ends after the move (the first moves share the first window), between 0.5 and 12.
pub fn volatility_weights(curve: &[f64]) -> Vec<f64> {
    let moves = curve.len().saturating_sub(1);
    if moves == 0 {
        return Vec::new();
    }
    let size = (moves / 10).clamp(2, 8).min(curve.len());
    let windows = curve.windows(size);
    let first = windows.clone().next().unwrap_or(curve);
    std::iter::repeat_n(first, size.saturating_sub(2))
        .chain(windows)
        .take(moves)
        .map(|window| standard_deviation(window).clamp(0.5, 12.0))
        .collect()
}

/// A side's accuracy from its moves' `(accuracy, weight)`: the mean of their weighted mean
/// and their harmonic mean; `None` without moves.
pub fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weights: f64 = moves.iter().map(|(_, weight)| weight).sum();
    let weighted = moves
        .iter()
        .map(|(accuracy, weight)| accuracy * weight)
        .sum::<f64>()
        / weights;
    let harmonic = moves.len() as f64
        / moves
            .iter()
            .map(|(accuracy, _)| 1.0 / accuracy.max(1.0))
            .sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

/// The population standard deviation.
fn standard_deviation(values: &[f64]) -> f64 {
    let count = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / count;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    /// Values worked out apart from this code (Python's `math`, from the formulas of lila's
    /// AccuracyPercent.scala and WinPercent.scala).
    #[test]
    fn the_formulas_give_lichess_values() {
        assert!(close(win_percent(0), 50.0));
        assert!(
            close(win_percent(100), 59.102_589_7),
            "{}",
            win_percent(100)
        );
        assert!(
            close(win_percent(-300), 24.887_449_9),
            "{}",
            win_percent(-300)
        );
        assert_eq!(win_percent(5000), win_percent(CP_CEILING));
        assert!(
            close(win_percent(1000), 97.544_743_6),
            "{}",
            win_percent(1000)
        );
        assert_eq!(move_accuracy(40.0, 45.0), 100.0);
        assert!(
            close(move_accuracy(50.0, 40.0), 64.579_828_5),
            "{}",
            move_accuracy(50.0, 40.0)
        );
        assert!(
            close(move_accuracy(90.0, 30.0), 5.399_328_2),
            "{}",
            move_accuracy(90.0, 30.0)
        );
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn a_game_is_weighted_by_its_volatility() {
        let curve = [50.0, 52.0, 30.0, 35.0, 10.0, 12.0];
        let weights = volatility_weights(&curve);
        // Window 2: the first move's is positions 0-1, then each move's own pair.
        let expected = [1.0, 11.0, 2.5, 12.0, 1.0];
        assert_eq!(weights.len(), 5);
        for (weight, want) in weights.iter().zip(expected) {
            assert!(close(*weight, want), "{weights:?}");
        }
        let long: Vec<f64> = (0..41).map(|i| f64::from(i % 7) * 10.0).collect();
        let weights = volatility_weights(&long);
        // 40 moves: windows of 4, the first twice more.
        assert_eq!(weights.len(), 40);
        assert!(close(weights[0], weights[2]) && close(weights[1], weights[2]));
        assert!(close(weights[2], 11.180_339_9), "{weights:?}");
        let side = side_accuracy(&[(100.0, 1.0), (20.0, 11.0), (80.0, 2.5)]).expect("moves");
        assert!(close(side, 38.620_689_7), "{side}");
        assert_eq!(side_accuracy(&[(0.0, 0.5)]), Some(0.5));
        assert_eq!(side_accuracy(&[]), None);
    }
}
