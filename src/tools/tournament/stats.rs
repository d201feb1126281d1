//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority,
//! pentanomial counts of paired games, and the sequential probability ratio test.

use serde::{Deserialize, Serialize};

/// Game results from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The z value of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_985;

/// The logistic Elo difference that gives an expected `score` (0 < score < 1).
pub fn elo_from_score(score: f64) -> f64 {
    // Written so that an even score gives +0, not -0 (which prints as "-0.0").
    400.0 * (score / (1.0 - score)).log10()
}

/// The expected score at an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26; absolute error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

impl Tally {
    /// Adds `other`'s games.
    pub fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction (wins plus half the draws), 0.5 with no games.
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
    }

    /// The Elo difference and the half-width of its 95% interval (infinite at a 0% or 100% score).
    pub fn elo_with_margin(&self) -> (f64, f64) {
        let games = self.games() as f64;
        let score = self.score();
        if games == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let variance = (self.wins as f64 * (1.0 - score).powi(2)
            + self.draws as f64 * (0.5 - score).powi(2)
            + self.losses as f64 * score.powi(2))
            / games;
        let spread = Z_95 * (variance / games).sqrt();
        let (low, high) = (score - spread, score + spread);
        if score <= 0.0 || score >= 1.0 {
            return (f64::INFINITY.copysign(score - 0.5), f64::INFINITY);
        }
        if low <= 0.0 || high >= 1.0 {
            return (elo_from_score(score), f64::INFINITY);
        }
        (
            elo_from_score(score),
            (elo_from_score(high) - elo_from_score(low)) / 2.0,
        )
    }

    /// The likelihood of superiority: the probability that the engine is the stronger.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

/// Counts of game pairs (one opening, colours reversed) by their total score for one engine:
/// index 0 = 0 points, 1 = 0.5, 2 = 1, 3 = 1.5, 4 = 2.
pub type Pentanomial = [u32; 5];

/// The count given to a pair score never seen, so that every constrained fit exists (as
/// Fishtest does).
const UNSEEN_PAIR_COUNT: f64 = 1e-3;

/// The score of a pair in bin `i` (0, 0.5, .. 2 points), halved: 0, 0.25, .. 1.
fn pair_value(i: usize) -> f64 {
    i as f64 / 4.0
}

/// The log-likelihood of `counts` under the pentanomial distribution closest to them (maximum
/// likelihood) among those whose mean pair score is `mean`, up to a term that does not depend on
/// `mean`. The fit is p_i = c_i / (N (1 + l (v_i - mean))), with l the root of
/// sum c_i (v_i - mean) / (1 + l (v_i - mean)) = 0, found by bisection (the sum falls as l grows).
fn constrained_log_likelihood(counts: &[f64; 5], mean: f64) -> f64 {
    let deviation = |i: usize| pair_value(i) - mean;
    let slope = |l: f64| -> f64 {
        (0..5)
            .map(|i| counts[i] * deviation(i) / (1.0 + l * deviation(i)))
            .sum()
    };
    // 1 + l (v_i - mean) must stay positive for every bin: l within (-1 / (1 - mean), 1 / mean).
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let l = 0.5 * (low + high);
    -(0..5)
        .map(|i| counts[i] * (1.0 + l * deviation(i)).ln())
        .sum::<f64>()
}

/// What an SPRT has concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the gain is below elo0.
    AcceptH0,
    /// H1 accepted: the gain is at least elo1.
    AcceptH1,
}

/// A sequential probability ratio test between logistic Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Parses `elo0=0 elo1=10 alpha=0.05 beta=0.05` (any order; alpha and beta default to 0.05).
    pub fn parse(tokens: &[String]) -> Result<Sprt, String> {
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (0.05, 0.05);
        for token in tokens.iter().flat_map(|t| t.split_whitespace()) {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| format!("bad SPRT setting '{token}' (key=value)"))?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("bad SPRT value '{token}'"))?;
            match key {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                _ => return Err(format!("unknown SPRT setting '{token}'")),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("SPRT needs elo0 and elo1".to_string());
        };
        Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        }
        .checked()
    }

    /// The test if its settings make sense: elo0 < elo1 and 0 < alpha, beta < 0.5.
    pub fn checked(self) -> Result<Sprt, String> {
        let probability = 0.0..0.5;
        let sensible = self.elo0.is_finite()
            && self.elo1.is_finite()
            && self.elo0 < self.elo1
            && probability.contains(&self.alpha)
            && probability.contains(&self.beta)
            && self.alpha > 0.0
            && self.beta > 0.0;
        if sensible {
            Ok(self)
        } else {
            Err("SPRT needs elo0 < elo1 and 0 < alpha, beta < 0.5".to_string())
        }
    }

    /// The log-likelihood-ratio bounds: below the first accept H0, above the second accept H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pair results: the generalised SPRT on the pentanomial
    /// distribution (as Fishtest computes it), comparing the best fits with mean pair score s1
    /// and s0. Unlike the normal approximation it stays modest on a handful of pairs that all
    /// scored alike.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.iter().all(|&n| n == 0) {
            return 0.0;
        }
        let counts = pairs.map(|n| (n as f64).max(UNSEEN_PAIR_COUNT));
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        constrained_log_likelihood(&counts, s1) - constrained_log_likelihood(&counts, s0)
    }

    /// The decision at the current results, if a bound is crossed.
    pub fn decision(&self, pairs: &Pentanomial) -> Option<SprtDecision> {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Some(SprtDecision::AcceptH0)
        } else if llr >= upper {
            Some(SprtDecision::AcceptH1)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn an_even_score_is_plus_zero_elo() {
        assert_eq!(format!("{:+.1}", elo_from_score(0.5)), "+0.0");
        assert!(close(elo_from_score(0.75), 190.8, 0.1));
    }

    #[test]
    fn elo_of_known_scores() {
        // 400 log10(3): a 75% score.
        assert!(close(elo_from_score(0.75), 190.848_501_9, 1e-6));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(elo_from_score(0.25), -190.848_501_9, 1e-6));
        assert!(close(score_from_elo(190.848_501_9), 0.75, 1e-9));
    }

    #[test]
    fn interval_of_an_even_match() {
        // 30 wins, 40 draws, 30 losses: variance 0.15 per game, score 0.5 +- 1.96 sqrt(0.15/100),
        // which is +-53.158 Elo.
        let tally = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        let (elo, margin) = tally.elo_with_margin();
        assert!(close(elo, 0.0, 1e-9));
        assert!(close(margin, 53.157_980, 1e-4), "{margin}");
    }

    #[test]
    fn los_of_known_results() {
        // 60 wins, 40 losses: 0.5 (1 + erf(20 / sqrt(200))) = 0.977250.
        assert!(close(
            Tally {
                wins: 60,
                draws: 7,
                losses: 40
            }
            .los(),
            0.977_249_87,
            1e-6
        ));
        // Equal wins and losses: LOS is one half (erf is accurate to 1.5e-7).
        assert!(close(
            Tally {
                wins: 5,
                draws: 0,
                losses: 5
            }
            .los(),
            0.5,
            1e-6
        ));
        assert!(close(erf(1.0), 0.842_700_79, 2e-7));
    }

    #[test]
    fn sprt_bounds_and_log_likelihood_ratio() {
        let sprt = Sprt::parse(&["elo0=0 elo1=10 alpha=0.05 beta=0.05".to_string()]).unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!(close(lower, -2.944_438_979, 1e-9) && close(upper, 2.944_438_979, 1e-9));
        // Expected figures from a separate script (not committed) that maximises the constrained
        // pentanomial likelihood directly (Nelder-Mead over three free probabilities, no
        // Lagrange multiplier), zero counts set to 0.001 as here.
        for (pairs, expected) in [
            ([0, 0, 10, 10, 0], 0.567_265),
            ([0, 0, 10, 40, 0], 1.418_382),
            ([0, 40, 10, 0, 0], -1.459_806),
            ([3, 10, 40, 12, 5], 0.299_53),
        ] {
            let llr = sprt.llr(&pairs);
            assert!(close(llr, expected, 1e-4), "{pairs:?}: {llr}");
        }
        assert_eq!(sprt.decision(&[0, 0, 10, 40, 0]), None);
        assert_eq!(
            sprt.decision(&[0, 0, 30, 120, 0]),
            Some(SprtDecision::AcceptH1)
        );
        assert_eq!(
            sprt.decision(&[0, 120, 30, 0, 0]),
            Some(SprtDecision::AcceptH0)
        );
    }

    #[test]
    fn a_few_identical_pairs_decide_nothing() {
        // Two won pairs and three drawn ones: no variance to speak of, and far too little
        // evidence. (The normal approximation gave 5.6 for the two won pairs: H1 after 4 games.)
        let sprt = Sprt::parse(&["elo0=0 elo1=20".to_string()]).unwrap();
        for pairs in [[0, 0, 0, 0, 2], [0, 0, 3, 0, 0], [2, 0, 0, 0, 0]] {
            assert_eq!(sprt.decision(&pairs), None, "{pairs:?}");
        }
        let sprt = Sprt::parse(&["elo0=0 elo1=10".to_string()]).unwrap();
        assert!(close(sprt.llr(&[0, 0, 0, 0, 2]), 0.056_792, 1e-4));
        assert!(close(sprt.llr(&[0, 0, 3, 0, 0]), -0.082_625, 1e-4));
    }

    #[test]
    fn sprt_settings_are_checked() {
        assert!(Sprt::parse(&["elo0=5 elo1=0".to_string()]).is_err());
        assert!(Sprt::parse(&["elo0=0".to_string()]).is_err());
        assert!(
            Sprt::parse(&["elo0=0 elo1=5 gamma=1".to_string()])
                .unwrap_err()
                .contains("'gamma=1'")
        );
        assert!(
            Sprt::parse(&["elo0=x elo1=5".to_string()])
                .unwrap_err()
                .contains("'elo0=x'")
        );
    }
}
