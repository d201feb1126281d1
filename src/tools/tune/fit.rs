//! The fit: a logistic model of the game result from the evaluation terms (Texel-style).
//!
//! From white's view, a position's expected result is `sigmoid(K * (bias + offset + sum_i m_i *
//! d_i) / 400)`, with `d_i` a term's white minus black, `m_i` its multiplier and `bias` a fitted
//! white advantage in centipawns (optional; it is no evaluation term, but without it a game whose
//! results lean to one colour bends the multipliers). The objective is the log loss
//! (cross-entropy against results 1, 0.5 and 0). The logit is linear in `(K, K * bias)` with every
//! `m_i = 1`, and in `(m, K * bias)` with `K` held, so both stages are convex logistic regressions,
//! solved by Newton's method with a backtracking line search: first `K` (and the bias) with every
//! multiplier 1, then the multipliers (and the bias) with `K` held. A tiny ridge pulls each
//! parameter towards its start, so a term that never varies keeps its multiplier of 1.

use super::data::Sample;
use crate::tools::linear::{invert, solve_linear};

/// The centipawn scale of the logit.
const SCALE: f64 = 400.0;
/// The ridge weight pulling each parameter towards its start.
const RIDGE: f64 = 1e-9;
/// Probabilities are kept this far from 0 and 1 inside the log.
const EPSILON: f64 = 1e-12;
/// Newton iterations at most.
const MAX_NEWTON_STEPS: usize = 100;

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The logit's scale.
    pub k: f64,
    /// White's advantage in centipawns (0 when not fitted).
    pub bias: f64,
    /// One multiplier per term.
    pub multipliers: Vec<f64>,
}

impl Model {
    /// The model with `K = k`, no bias and every multiplier 1.
    pub fn plain(k: f64, terms: usize) -> Model {
        Model {
            k,
            bias: 0.0,
            multipliers: vec![1.0; terms],
        }
    }

    /// The evaluation from white's view with the multipliers applied, bias included.
    fn eval(&self, sample: &Sample) -> f64 {
        self.bias
            + sample.offset
            + sample
                .diffs
                .iter()
                .zip(&self.multipliers)
                .map(|(d, m)| d * m)
                .sum::<f64>()
    }

    /// The logit of white's expected result.
    fn logit(&self, sample: &Sample) -> f64 {
        self.k * self.eval(sample) / SCALE
    }
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The log loss of predicting `p` when the result was `y`.
fn cross_entropy(p: f64, y: f64) -> f64 {
    let p = p.clamp(EPSILON, 1.0 - EPSILON);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Mean log loss of `model` over `samples` (0 for none).
pub fn log_loss(samples: &[Sample], model: &Model) -> f64 {
    mean(samples, |s| {
        cross_entropy(sigmoid(model.logit(s)), s.result)
    })
}

/// Mean squared error of `model` over `samples` (0 for none).
pub fn squared_error(samples: &[Sample], model: &Model) -> f64 {
    mean(samples, |s| (sigmoid(model.logit(s)) - s.result).powi(2))
}

fn mean(samples: &[Sample], f: impl Fn(&Sample) -> f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples.iter().map(f).sum::<f64>() / samples.len() as f64
}

/// A logistic regression: the logit of row `j` is `base[j] + sum_i theta_i * features[j][i]`.
struct Regression {
    base: Vec<f64>,
    features: Vec<Vec<f64>>,
    targets: Vec<f64>,
    /// Where the ridge pulls each parameter (the start).
    centre: Vec<f64>,
}

impl Regression {
    fn logit(&self, row: usize, theta: &[f64]) -> f64 {
        self.base[row]
            + self.features[row]
                .iter()
                .zip(theta)
                .map(|(f, t)| f * t)
                .sum::<f64>()
    }

    /// Mean log loss plus the ridge.
    fn objective(&self, theta: &[f64]) -> f64 {
        let count = self.targets.len().max(1) as f64;
        let loss: f64 = (0..self.targets.len())
            .map(|j| cross_entropy(sigmoid(self.logit(j, theta)), self.targets[j]))
            .sum();
        loss / count + self.ridge(theta)
    }

    fn ridge(&self, theta: &[f64]) -> f64 {
        RIDGE
            * theta
                .iter()
                .zip(&self.centre)
                .map(|(t, c)| (t - c).powi(2))
                .sum::<f64>()
    }

    /// The objective's gradient and Hessian.
    fn gradient_and_hessian(&self, theta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let n = theta.len();
        let mut gradient: Vec<f64> = (0..n)
            .map(|i| 2.0 * RIDGE * (theta[i] - self.centre[i]))
            .collect();
        let mut hessian = vec![vec![0.0; n]; n];
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] = 2.0 * RIDGE;
        }
        let count = self.targets.len().max(1) as f64;
        for (j, features) in self.features.iter().enumerate() {
            let p = sigmoid(self.logit(j, theta));
            let residual = (p - self.targets[j]) / count;
            let curvature = p * (1.0 - p) / count;
            for (i, fi) in features.iter().enumerate() {
                gradient[i] += residual * fi;
                for (h, fk) in hessian[i].iter_mut().zip(features) {
                    *h += curvature * fi * fk;
                }
            }
        }
        (gradient, hessian)
    }

    /// The parameters of least objective, by Newton's method from the centre.
    fn solve(&self) -> Vec<f64> {
        let mut theta = self.centre.clone();
        let mut current = self.objective(&theta);
        for _ in 0..MAX_NEWTON_STEPS {
            let (gradient, hessian) = self.gradient_and_hessian(&theta);
            let Some(step) = solve_linear(hessian, gradient) else {
                break;
            };
            let Some((trial, loss)) = self.line_search(&theta, &step, current) else {
                break;
            };
            let moved = trial
                .iter()
                .zip(&theta)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            theta = trial;
            current = loss;
            if moved < 1e-10 {
                break;
            }
        }
        theta
    }

    /// The longest of the steps 1, 1/2, 1/4, ... along `-step` that does not raise the objective.
    fn line_search(&self, theta: &[f64], step: &[f64], current: f64) -> Option<(Vec<f64>, f64)> {
        let mut scale = 1.0;
        while scale > 1e-6 {
            let trial: Vec<f64> = theta.iter().zip(step).map(|(t, s)| t - scale * s).collect();
            let loss = self.objective(&trial);
            if loss <= current {
                return Some((trial, loss));
            }
            scale /= 2.0;
        }
        None
    }
}

/// `K` (and white's advantage, if `bias`) with every multiplier 1.
pub fn fit_scale(samples: &[Sample], terms: usize, bias: bool) -> Model {
    let plain = Model::plain(1.0, terms);
    let mut centre = vec![1.0];
    if bias {
        centre.push(0.0);
    }
    let regression = Regression {
        base: vec![0.0; samples.len()],
        features: samples
            .iter()
            .map(|s| {
                let mut row = vec![plain.eval(s) / SCALE];
                row.extend(bias.then_some(1.0));
                row
            })
            .collect(),
        targets: samples.iter().map(|s| s.result).collect(),
        centre,
    };
    let theta = regression.solve();
    let k = theta[0];
    Model {
        k,
        bias: theta.get(1).map_or(0.0, |b| b * SCALE / k),
        multipliers: plain.multipliers,
    }
}

/// The regression of the multipliers (and the bias logit, last, if `bias`), `start.k` held.
fn multiplier_regression(samples: &[Sample], start: &Model, bias: bool) -> Regression {
    let c = start.k / SCALE;
    let mut centre = start.multipliers.clone();
    if bias {
        centre.push(start.bias * c);
    }
    Regression {
        base: samples.iter().map(|s| s.offset * c).collect(),
        features: samples
            .iter()
            .map(|s| {
                let mut row: Vec<f64> = s.diffs.iter().map(|d| d * c).collect();
                row.extend(bias.then_some(1.0));
                row
            })
            .collect(),
        targets: samples.iter().map(|s| s.result).collect(),
        centre,
    }
}

/// The multipliers (and white's advantage, if `bias`) of least log loss, `start.k` held.
pub fn fit_multipliers(samples: &[Sample], start: &Model, bias: bool) -> Model {
    let c = start.k / SCALE;
    let mut theta = multiplier_regression(samples, start, bias).solve();
    let bias_logit = if bias {
        theta.pop().unwrap_or(0.0)
    } else {
        0.0
    };
    Model {
        k: start.k,
        bias: bias_logit / c,
        multipliers: theta,
    }
}

/// Standard errors of `fitted`'s multipliers, treating each game's positions as one correlated
/// cluster (the sandwich estimate: `B^-1 M B^-1`, `B` the summed Hessian, `M` the sum over games
/// of each game's summed gradient squared); `None` if the Hessian is singular.
pub fn multiplier_errors(samples: &[Sample], fitted: &Model, bias: bool) -> Option<Vec<f64>> {
    let regression = multiplier_regression(samples, fitted, bias);
    let theta = regression.centre.clone();
    let n = theta.len();
    let count = samples.len() as f64;
    let (_, mut bread) = regression.gradient_and_hessian(&theta);
    bread.iter_mut().flatten().for_each(|h| *h *= count);
    let mut meat = vec![vec![0.0; n]; n];
    let mut game_score = vec![0.0; n];
    for (j, sample) in samples.iter().enumerate() {
        let residual = sigmoid(regression.logit(j, &theta)) - sample.result;
        for (g, f) in game_score.iter_mut().zip(&regression.features[j]) {
            *g += residual * f;
        }
        if samples
            .get(j + 1)
            .is_none_or(|next| next.game != sample.game)
        {
            for (row, gi) in meat.iter_mut().zip(&game_score) {
                for (m, gk) in row.iter_mut().zip(&game_score) {
                    *m += gi * gk;
                }
            }
            game_score.iter_mut().for_each(|g| *g = 0.0);
        }
    }
    let inverse = invert(&bread)?;
    let left = multiply(&inverse, &meat);
    let covariance = multiply(&left, &inverse);
    Some(
        (0..fitted.multipliers.len())
            .map(|i| covariance[i][i].max(0.0).sqrt())
            .collect(),
    )
}

fn multiply(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    a.iter()
        .map(|row| {
            (0..b.len())
                .map(|c| row.iter().zip(b).map(|(x, b_row)| x * b_row[c]).sum())
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Positions with random term values whose result is drawn from `truth` itself (`exact`: the
    /// expected result instead of a drawn one).
    fn synthetic(truth: &Model, count: usize, exact: bool) -> Vec<Sample> {
        let mut rng = StdRng::seed_from_u64(11);
        (0..count)
            .map(|game| {
                let diffs: Vec<f64> = (0..truth.multipliers.len())
                    .map(|i| rng.random_range(-100..=100) as f64 * (i + 1) as f64)
                    .collect();
                let mut sample = Sample {
                    game,
                    result: 0.0,
                    offset: rng.random_range(-20..=20) as f64,
                    diffs,
                };
                let p = sigmoid(truth.logit(&sample));
                sample.result = if exact {
                    p
                } else {
                    f64::from(rng.random_range(0.0..1.0) < p)
                };
                sample
            })
            .collect()
    }

    fn model(k: f64, bias: f64, multipliers: &[f64]) -> Model {
        Model {
            k,
            bias,
            multipliers: multipliers.to_vec(),
        }
    }

    fn assert_close(fitted: &Model, truth: &Model, tolerance: f64) {
        let close = (fitted.k - truth.k).abs() < tolerance
            && (fitted.bias - truth.bias).abs() < tolerance * 100.0
            && fitted
                .multipliers
                .iter()
                .zip(&truth.multipliers)
                .all(|(f, t)| (f - t).abs() < tolerance);
        assert!(close, "{fitted:?} vs {truth:?}");
    }

    #[test]
    fn k_and_the_bias_are_recovered_when_every_multiplier_is_one() {
        let truth = model(1.7, -30.0, &[1.0, 1.0, 1.0]);
        let samples = synthetic(&truth, 2000, true);
        assert_close(&fit_scale(&samples, 3, true), &truth, 1e-4);
        let plain = model(1.7, 0.0, &[1.0, 1.0, 1.0]);
        let samples = synthetic(&plain, 2000, true);
        assert_close(&fit_scale(&samples, 3, false), &plain, 1e-4);
    }

    #[test]
    fn known_multipliers_are_recovered_from_expected_results() {
        let truth = model(0.8, 25.0, &[1.5, 0.4, 1.0, 2.2]);
        let samples = synthetic(&truth, 3000, true);
        let start = Model::plain(0.8, 4);
        assert_close(&fit_multipliers(&samples, &start, true), &truth, 1e-3);
    }

    #[test]
    fn known_multipliers_are_recovered_from_drawn_results() {
        let truth = model(1.0, 0.0, &[1.5, 0.5, 1.0]);
        let samples = synthetic(&truth, 40_000, false);
        let start = Model::plain(1.0, 3);
        let fitted = fit_multipliers(&samples, &start, false);
        assert_close(&fitted, &truth, 0.1);
        assert!(log_loss(&samples, &fitted) <= log_loss(&samples, &start));
    }

    #[test]
    fn a_term_that_never_varies_stays_at_one() {
        let mut samples = synthetic(&model(1.0, 0.0, &[2.0, 1.0]), 1000, true);
        for sample in &mut samples {
            sample.diffs.push(0.0);
        }
        let fitted = fit_multipliers(&samples, &Model::plain(1.0, 3), false);
        assert!((fitted.multipliers[0] - 2.0).abs() < 1e-3, "{fitted:?}");
        assert_eq!(fitted.multipliers[2], 1.0);
    }

    #[test]
    fn errors_shrink_with_more_games() {
        let truth = model(1.0, 0.0, &[1.5, 0.5]);
        let errors = |count| {
            let samples = synthetic(&truth, count, false);
            let fitted = fit_multipliers(&samples, &Model::plain(1.0, 2), false);
            multiplier_errors(&samples, &fitted, false).unwrap()
        };
        let (few, many) = (errors(2_000), errors(32_000));
        for (f, m) in few.iter().zip(&many) {
            assert!(*m > 0.0 && (f / m - 4.0).abs() < 1.0, "{few:?} {many:?}");
        }
    }

    #[test]
    fn invert_inverts() {
        let inverse = invert(&[vec![2.0, 1.0], vec![1.0, 3.0]]).unwrap();
        let product = multiply(&inverse, &[vec![2.0, 1.0], vec![1.0, 3.0]]);
        for (r, row) in product.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                assert!((value - f64::from(r == c)).abs() < 1e-12, "{product:?}");
            }
        }
    }
}
