//! Ratings of three or more engines from all their pairings at once, by maximum likelihood on
//! the logistic Elo model, as Ordo and BayesElo rate engine pools: engine `i` scores against
//! engine `j` an expected `1 / (1 + 10^((r_j - r_i) / 400))` a game, a draw counting half a
//! point. Every pairing that was played gets one virtual draw, a weak prior that keeps an
//! engine that lost every game at a finite rating (it moves a rating far less than a game does
//! once a pairing has many games). The 95% intervals come from the curvature of the likelihood
//! at its top (the inverse of its Hessian) and are those of each rating against the pool's
//! average, so that an engine's own precision shows whatever the anchor: the anchor (one engine
//! at a value chosen, or else the average at 0) only shifts the scale.

use super::standings::PairResult;
use super::stats::{Tally, Z_95, score_from_elo};
use crate::tools::linear::invert;

/// The natural-log slope of the logistic curve per Elo point.
const PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;
/// Virtual draws added to every pairing played.
const PRIOR_DRAWS: f64 = 1.0;
/// The largest change of a rating in one Newton step, so that a far start cannot overshoot.
const MAX_STEP: f64 = 400.0;

/// Where the scale is pinned.
#[derive(Clone, Debug, PartialEq)]
pub enum Anchor {
    /// The average of the engines rated is 0.
    Average,
    /// This engine (by index) is at this rating.
    Engine(usize, f64),
}

/// One engine's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub engine: usize,
    pub elo: f64,
    /// Half the width of the 95% interval of the rating against the pool's average.
    pub margin: f64,
    /// Its real games (without the prior's).
    pub tally: Tally,
}

/// Points and games between every two engines, the prior's included.
struct Results {
    points: Vec<Vec<f64>>,
    games: Vec<Vec<f64>>,
}

impl Results {
    fn new(engines: usize, pairings: &[PairResult]) -> Result<Results, String> {
        let mut results = Results {
            points: vec![vec![0.0; engines]; engines],
            games: vec![vec![0.0; engines]; engines],
        };
        for pairing in pairings.iter().filter(|p| p.tally.games() > 0) {
            let (i, j) = (pairing.first, pairing.second);
            if i >= engines || j >= engines || i == j {
                return Err(format!("a pairing of engines {i} and {j} of {engines}"));
            }
            let tally = pairing.tally;
            let games = f64::from(tally.games()) + PRIOR_DRAWS;
            let first = f64::from(tally.wins) + 0.5 * f64::from(tally.draws) + 0.5 * PRIOR_DRAWS;
            results.games[i][j] += games;
            results.games[j][i] += games;
            results.points[i][j] += first;
            results.points[j][i] += games - first;
        }
        Ok(results)
    }

    /// The gradient and Hessian of the log-likelihood at `elo`, per Elo point.
    fn slopes(&self, elo: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let n = elo.len();
        let mut gradient = vec![0.0; n];
        let mut hessian = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in (0..n).filter(|&j| j != i && self.games[i][j] > 0.0) {
                let expected = score_from_elo(elo[i] - elo[j]);
                gradient[i] += PER_ELO * (self.points[i][j] - self.games[i][j] * expected);
                let curvature = PER_ELO * PER_ELO * self.games[i][j] * expected * (1.0 - expected);
                hessian[i][i] -= curvature;
                hessian[i][j] += curvature;
            }
        }
        (gradient, hessian)
    }
}

/// Whether the played pairings join every engine into one pool.
fn connected(engines: usize, pairings: &[PairResult]) -> bool {
    let mut reached = vec![false; engines];
    let mut stack = vec![0];
    while let Some(engine) = stack.pop() {
        if std::mem::replace(&mut reached[engine], true) {
            continue;
        }
        for p in pairings.iter().filter(|p| p.tally.games() > 0) {
            if p.first == engine && !reached[p.second] {
                stack.push(p.second);
            } else if p.second == engine && !reached[p.first] {
                stack.push(p.first);
            }
        }
    }
    reached.iter().all(|&r| r)
}

/// The Hessian without the row and column of `fixed`.
fn without(matrix: &[Vec<f64>], fixed: usize) -> Vec<Vec<f64>> {
    (0..matrix.len())
        .filter(|&i| i != fixed)
        .map(|i| {
            (0..matrix.len())
                .filter(|&j| j != fixed)
                .map(|j| matrix[i][j])
                .collect()
        })
        .collect()
}

/// The ratings of `engines` engines from `pairings`, pinned by `anchor`, strongest first.
/// Refused when the pairings leave an engine unplayed or the pool in parts not joined by games.
pub fn rate(
    engines: usize,
    pairings: &[PairResult],
    anchor: &Anchor,
) -> Result<Vec<Rating>, String> {
    if engines < 2 {
        return Err("ratings need at least two engines".to_string());
    }
    if !connected(engines, pairings) {
        return Err("the games played do not join every engine to the others".to_string());
    }
    let results = Results::new(engines, pairings)?;
    let shift_to = match *anchor {
        Anchor::Engine(engine, value) if engine < engines => Some((engine, value)),
        Anchor::Engine(engine, _) => return Err(format!("no engine {engine} to anchor")),
        Anchor::Average => None,
    };
    // Engine 0 stays at 0 while the others move; the anchor shifts them all afterwards.
    let free: Vec<usize> = (1..engines).collect();
    let mut elo = vec![0.0; engines];
    let singular = || "the ratings cannot be solved (a singular likelihood)".to_string();
    for _ in 0..500 {
        let (gradient, hessian) = results.slopes(&elo);
        let inverse = invert(&without(&hessian, 0)).ok_or_else(singular)?;
        let mut largest: f64 = 0.0;
        for (row, &i) in free.iter().enumerate() {
            let step: f64 = -free
                .iter()
                .enumerate()
                .map(|(column, &j)| inverse[row][column] * gradient[j])
                .sum::<f64>();
            let step = step.clamp(-MAX_STEP, MAX_STEP);
            elo[i] += step;
            largest = largest.max(step.abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    let (_, hessian) = results.slopes(&elo);
    let inverse = invert(&without(&hessian, 0)).ok_or_else(singular)?;
    // The covariance of all ratings with engine 0 at exactly 0.
    let mut covariance = vec![vec![0.0; engines]; engines];
    for (row, &i) in free.iter().enumerate() {
        for (column, &j) in free.iter().enumerate() {
            covariance[i][j] = -inverse[row][column];
        }
    }
    let (centred, variances) = average_centred(&elo, &covariance);
    let shift = shift_to.map_or(centred, |(engine, value)| value - elo[engine]);
    let mut tallies = vec![Tally::default(); engines];
    for p in pairings {
        tallies[p.first].add(&p.tally);
        tallies[p.second].add(&Tally {
            wins: p.tally.losses,
            draws: p.tally.draws,
            losses: p.tally.wins,
        });
    }
    let mut ratings: Vec<Rating> = (0..engines)
        .map(|engine| Rating {
            engine,
            elo: elo[engine] + shift,
            margin: Z_95 * variances[engine].max(0.0).sqrt(),
            tally: tallies[engine],
        })
        .collect();
    ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    Ok(ratings)
}

/// The ratings from the pairings of engines that rate within `reach` Elo of each other, and
/// how many pairings played that leaves out. Where results fall off with the gap faster than
/// the logistic curve (a few plies more depth winning nearly every game), the pairings that a
/// wide gap decided all but entirely pull the ratings of near engines together, and near
/// engines then beat each other by more than their gap says; rating them from their near
/// pairings keeps the scale true where it predicts something. The pairings kept are those
/// whose engines the ratings of every pairing put within `reach`, and each engine's nearest,
/// so that none is left unrated; they are rated once more on their own.
pub fn rate_near(
    engines: usize,
    pairings: &[PairResult],
    anchor: &Anchor,
    reach: f64,
) -> Result<(Vec<Rating>, usize), String> {
    let played: Vec<PairResult> = pairings
        .iter()
        .filter(|p| p.tally.games() > 0)
        .cloned()
        .collect();
    let mut elo = vec![0.0; engines];
    for rating in rate(engines, &played, anchor)? {
        elo[rating.engine] = rating.elo;
    }
    let near = near_pairings(&played, &elo, reach);
    Ok((rate(engines, &near, anchor)?, played.len() - near.len()))
}

/// Of the pairings `played`, those whose engines rate within `reach` of each other at `elo`,
/// and each engine's nearest.
fn near_pairings(played: &[PairResult], elo: &[f64], reach: f64) -> Vec<PairResult> {
    let gap = |p: &PairResult| (elo[p.first] - elo[p.second]).abs();
    let mut nearest = vec![f64::INFINITY; elo.len()];
    for p in played {
        for engine in [p.first, p.second] {
            nearest[engine] = nearest[engine].min(gap(p));
        }
    }
    played
        .iter()
        .filter(|p| gap(p) <= reach || gap(p) == nearest[p.first] || gap(p) == nearest[p.second])
        .cloned()
        .collect()
}

/// The shift that puts the average at 0, and the variances of the ratings minus their average.
fn average_centred(elo: &[f64], covariance: &[Vec<f64>]) -> (f64, Vec<f64>) {
    let n = elo.len() as f64;
    let mean = elo.iter().sum::<f64>() / n;
    let row_means: Vec<f64> = covariance
        .iter()
        .map(|row| row.iter().sum::<f64>() / n)
        .collect();
    let total_mean = row_means.iter().sum::<f64>() / n;
    let variances = (0..elo.len())
        .map(|i| covariance[i][i] - 2.0 * row_means[i] + total_mean)
        .collect();
    (-mean, variances)
}

/// The ratings as a table for the summary, with `names` for the engines.
pub fn ratings_text(ratings: &[Rating], names: &[String], anchor: &Anchor) -> String {
    let pinned = match anchor {
        Anchor::Average => "the average at 0".to_string(),
        Anchor::Engine(engine, value) => format!(
            "{} at {value}",
            names.get(*engine).map_or("?", String::as_str)
        ),
    };
    let width = names.iter().map(String::len).max().unwrap_or(4).max(6);
    let mut lines = vec![
        format!(
            "Ratings (maximum likelihood, one virtual draw per pairing; {pinned}; 95% intervals against the average):"
        ),
        format!(
            "  {:>4}  {:<width$}  {:>7}  {:>6}  {:>6}  {:>6}",
            "rank", "engine", "Elo", "+-", "games", "score"
        ),
    ];
    for (rank, rating) in ratings.iter().enumerate() {
        let name = names.get(rating.engine).map_or("?", String::as_str);
        lines.push(format!(
            "  {:>4}  {name:<width$}  {:>7.1}  {:>6.1}  {:>6}  {:>5.1}%",
            rank + 1,
            rating.elo,
            rating.margin,
            rating.tally.games(),
            100.0 * rating.tally.score()
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::tournament::stats::elo_from_score;

    fn pairing(first: usize, second: usize, wins: u32, draws: u32, losses: u32) -> PairResult {
        PairResult {
            first,
            second,
            tally: Tally {
                wins,
                draws,
                losses,
            },
            pairs: [0; 5],
        }
    }

    /// The ratings of three engines around an average of zero, from the results of their
    /// pairings: (first, second, and the first's wins, draws and losses).
    fn rate_three(results: [(usize, usize, u32, u32, u32); 3]) -> Vec<Rating> {
        let pairings = results.map(|(first, second, w, d, l)| pairing(first, second, w, d, l));
        rate(3, &pairings, &Anchor::Average).unwrap()
    }

    fn elo_of(ratings: &[Rating], engine: usize) -> (f64, f64) {
        let rating = ratings.iter().find(|r| r.engine == engine).unwrap();
        (rating.elo, rating.margin)
    }

    /// Where pairings form a chain, each gap is its own pairing's score with the prior's draw,
    /// with the variance of one binomial estimate, v = 1 / (c^2 n p (1 - p)); against the
    /// average of three engines 0, -d1 and -d1 - d2 the ratings vary by (4 v1 + v2) / 9,
    /// (v1 + v2) / 9 and (v1 + 4 v2) / 9.
    #[test]
    fn a_chain_of_pairings_is_rated_link_by_link() {
        let pairings = [pairing(0, 1, 30, 10, 10), pairing(1, 2, 5, 0, 15)];
        let ratings = rate(3, &pairings, &Anchor::Engine(0, 1000.0)).unwrap();
        let first_link = (30.0 + 5.0 + 0.5) / 51.0;
        let second_link = (5.0 + 0.5) / 21.0;
        let (zero, zero_margin) = elo_of(&ratings, 0);
        let (one, one_margin) = elo_of(&ratings, 1);
        let (two, two_margin) = elo_of(&ratings, 2);
        assert_eq!(zero, 1000.0);
        assert!((one - (1000.0 - elo_from_score(first_link))).abs() < 1e-6);
        assert!((two - (one - elo_from_score(second_link))).abs() < 1e-6);
        let variance = |n: f64, p: f64| 1.0 / (PER_ELO * PER_ELO * n * p * (1.0 - p));
        let (v1, v2) = (variance(51.0, first_link), variance(21.0, second_link));
        for (margin, expected) in [
            (zero_margin, 4.0 * v1 + v2),
            (one_margin, v1 + v2),
            (two_margin, v1 + 4.0 * v2),
        ] {
            let expected = Z_95 * (expected / 9.0).sqrt();
            assert!((margin - expected).abs() < 1e-6, "{margin} {expected}");
        }
        // Engine 2 beat engine 1 by more than engine 0 did: strongest first.
        assert_eq!(
            ratings.iter().map(|r| r.engine).collect::<Vec<_>>(),
            [2, 0, 1]
        );
        assert_eq!(ratings[2].tally.games(), 70);
    }

    #[test]
    fn even_results_rate_alike_around_an_average_of_zero() {
        let ratings = rate_three([(0, 1, 5, 0, 5), (0, 2, 2, 6, 2), (1, 2, 4, 2, 4)]);
        for rating in &ratings {
            assert!(rating.elo.abs() < 1e-6, "{rating:?}");
            assert!(rating.margin > 0.0);
        }
    }

    #[test]
    fn an_engine_that_lost_everything_stays_finite_and_last() {
        let ratings = rate_three([(0, 1, 20, 0, 0), (0, 2, 20, 0, 0), (1, 2, 6, 2, 2)]);
        assert_eq!(ratings[0].engine, 0);
        assert!(
            ratings
                .iter()
                .all(|r| r.elo.is_finite() && r.margin.is_finite())
        );
        assert!((ratings.iter().map(|r| r.elo).sum::<f64>()).abs() < 1e-6);
    }

    #[test]
    fn a_pool_in_parts_is_refused() {
        let pairings = [pairing(0, 1, 1, 0, 1), pairing(2, 3, 1, 0, 1)];
        let error = rate(4, &pairings, &Anchor::Average).unwrap_err();
        assert!(error.contains("join"), "{error}");
        assert!(rate(2, &[pairing(0, 1, 0, 0, 0)], &Anchor::Average).is_err());
    }

    /// Engines 0, 1 and 2 beat the next 30 to 10 (185 Elo each with the prior's draw), but
    /// 0 beat 2 in all 40 games, more than their 370 Elo say; engine 3 played only 0 and lost
    /// all 40. Within 300 Elo, 0 against 2 is left out and the chain rates link by link, while
    /// 3 keeps its one pairing, its nearest.
    #[test]
    fn near_ratings_leave_out_far_pairings_but_no_engine() {
        let pairings = [
            pairing(0, 1, 30, 0, 10),
            pairing(1, 2, 30, 0, 10),
            pairing(0, 2, 40, 0, 0),
            pairing(0, 3, 40, 0, 0),
        ];
        let anchor = Anchor::Engine(0, 0.0);
        let (near, left_out) = rate_near(4, &pairings, &anchor, 300.0).unwrap();
        assert_eq!(left_out, 1);
        let link = elo_from_score(30.5 / 41.0);
        let kept = [&pairings[0], &pairings[1], &pairings[3]].map(PairResult::clone);
        let chain_then_three = rate(4, &kept, &anchor).unwrap();
        for (engine, expected) in [(1, -link), (2, -2.0 * link)] {
            assert!((elo_of(&near, engine).0 - expected).abs() < 1e-6);
            assert_eq!(elo_of(&near, engine), elo_of(&chain_then_three, engine));
        }
        assert!(elo_of(&near, 3).0.is_finite());
        // With every pairing, 0 against 2 stretches the chain.
        let all = rate(4, &pairings, &anchor).unwrap();
        assert!(elo_of(&all, 2).0 < -2.0 * link - 20.0, "{all:?}");
        // A reach that holds every gap leaves the ratings of every pairing.
        let (wide, none_out) = rate_near(4, &pairings, &anchor, 5000.0).unwrap();
        assert_eq!((wide, none_out), (all, 0));
    }
}
