//! `tabula tune`: fits a game's evaluation weights to game results (Texel-style).
//!
//! [`data`] plays fast self-play games and records, for each position, the evaluation's terms and
//! the final result (or reads them back from a data file); [`fit`] fits one multiplier per term
//! of a logistic model; this module wires the two together and prints the report.

pub mod data;
pub mod fit;

use crate::games::GameKind;
use crate::tools::console::print_line;
use crate::tools::game_args::{GameArgs, SelfPlayArgs};
use crate::tools::progress::Progress;
use crate::words::counted;
use data::{Budget, DataSet, DataSettings, Sample};
use fit::Model;
use std::path::PathBuf;

/// The search budget per move when neither `--nodes` nor `--depth` is given.
const DEFAULT_NODES: u64 = 1000;
/// A term non-zero in fewer positions than this is flagged in the report.
const RARE: usize = 100;
/// One game in this many (by index, starting with the first) is held out of the fit.
const HELD_OUT_EVERY: usize = 5;

/// Arguments of `tabula tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Self-play games to play.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    #[command(flatten)]
    pub play: SelfPlayArgs,
    /// Data file: read if it exists (the other data settings are then taken from it), else
    /// written after the games are played.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Games played at the same time (the data does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Fit without white's advantage (the intercept): the plain Texel model.
    #[arg(long)]
    pub no_bias: bool,
}

impl TuneArgs {
    fn settings(&self) -> Result<DataSettings, String> {
        let (game, size) = self.game.game_and_size()?;
        let budget = match (self.play.nodes, self.play.depth) {
            (_, Some(depth)) => Budget::Depth(depth.max(1)),
            (nodes, None) => Budget::Nodes(nodes.unwrap_or(DEFAULT_NODES).max(1)),
        };
        Ok(DataSettings {
            game,
            size,
            games: self.games.max(1),
            budget,
            random_plies: self.play.random_plies,
            seed: self.play.seed,
        })
    }
}

/// The largest data file `--data` reads: a million positions of a few hundred bytes.
const MAX_DATA_FILE: u64 = 1 << 30;

/// Reads the data file if it exists (it must be of the same game and size), else plays the
/// games and writes the file if one is named.
fn load_or_generate(args: &TuneArgs, settings: &DataSettings) -> Result<DataSet, String> {
    if let Some(path) = args.data.as_ref().filter(|path| path.exists()) {
        let shown = path.display();
        let text = crate::bounded_read::read_text(path, MAX_DATA_FILE)?;
        let data = DataSet::from_text(&text).map_err(|problem| format!("'{shown}' {problem}"))?;
        let (game, size) = (data.settings.game, data.settings.size);
        if (game, size) != (settings.game, settings.size) {
            return Err(format!(
                "'{shown}' holds {} {size} data, not {} {}",
                game.name(),
                settings.game.name(),
                settings.size
            ));
        }
        eprintln!(
            "read {} from '{shown}'",
            counted(data.samples.len(), "position")
        );
        return Ok(data);
    }
    let games = settings.games;
    let bar = Progress::new(games as u64, "self-play games");
    let report_every = (games / 10).max(1);
    let progress = |finished: usize| {
        bar.set(finished as u64);
        if !bar.is_drawn() && (finished.is_multiple_of(report_every) || finished == games) {
            bar.line(&format!("played {finished}/{}", counted(games, "game")));
        }
    };
    let data = data::generate(settings, args.threads, &progress)?;
    drop(bar);
    if let Some(path) = &args.data {
        std::fs::write(path, data.to_text())
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        eprintln!(
            "wrote {} to '{}'",
            counted(data.samples.len(), "position"),
            path.display()
        );
    }
    Ok(data)
}

/// Where each term's weight lives, for the report: per game, (term, constants).
const CONSTANTS: &[(GameKind, &[(&str, &str)])] = &[
    (
        GameKind::JesonMor,
        &[
            ("material", "KNIGHT"),
            ("centre guards", "GUARD"),
            ("two moves from the centre", "NEAR_GUARD"),
            ("mobility", "MOBILITY"),
            ("hanging knights", "HANGING"),
            ("race for the centre", "RACE_DECIDED (decided: skipped)"),
            ("side to move", "TEMPO"),
            ("second player's edge", "SECOND_PLAYER"),
        ],
    ),
    (
        GameKind::Claustro,
        &[
            ("goal threats", "FORCED_CAPTURE, RUNNER_THREAT"),
            ("progress", "PROGRESS"),
            ("race tempo", "TEMPO"),
            (
                "captures on offer",
                "(progress differences; CAPTURE_LATER_SHARE)",
            ),
            ("blocked pawns", "BLOCKED"),
            ("mobility", "MOBILITY"),
            ("door guards", "DOOR_GUARD"),
            ("stalemate danger", "STALEMATE_DANGER"),
        ],
    ),
    (
        GameKind::Joust,
        &[
            ("mobility", "MOBILITY"),
            ("onward mobility", "ONWARD"),
            ("reachable area", "AREA"),
            ("territory", "TERRITORY"),
            ("opposition", "OPPOSITION"),
            ("separated: longest path", "RACE_MOVE (not linear)"),
            ("not separated: path bound", "(not in the evaluation)"),
        ],
    ),
    (
        GameKind::Apart,
        &[
            ("pieces to move", "COVER"),
            ("pieces touching a friend", "TOUCHING"),
            ("pieces", "PIECE"),
            ("mobility", "MOBILITY"),
            ("tempo", "TEMPO"),
        ],
    ),
];

/// The constants a term's multiplier applies to, if known.
fn constants(game: GameKind, term: &str) -> &'static str {
    CONSTANTS
        .iter()
        .filter(|&&(g, _)| g == game)
        .flat_map(|&(_, terms)| terms)
        .find(|&&(t, _)| t == term)
        .map_or("?", |&(_, c)| c)
}

/// The eval file of a game.
fn eval_file(game: GameKind) -> String {
    format!("crates/tabula-core/src/games/{}/eval.rs", game.name())
}

/// The models before and after fitting the multipliers, and the data split.
struct Fit {
    /// `K` (and the bias) with every multiplier 1.
    before: Model,
    after: Model,
    /// The multipliers' standard errors, if the Hessian was not singular.
    errors: Option<Vec<f64>>,
    train: Vec<Sample>,
    held_out: Vec<Sample>,
}

/// Splits by game (every [`HELD_OUT_EVERY`]th game held out) and fits `K`, then the multipliers.
fn fit_data(data: &DataSet, bias: bool) -> Result<Fit, String> {
    let (held_out, train): (Vec<Sample>, Vec<Sample>) = data
        .samples
        .iter()
        .cloned()
        .partition(|s| s.game % HELD_OUT_EVERY == 0);
    if train.is_empty() {
        return Err(format!(
            "no training positions ({} in all; play more games)",
            data.samples.len()
        ));
    }
    let terms = data.terms.len();
    let before = fit::fit_scale(&train, terms, bias);
    let after = fit::fit_multipliers(&train, &before, bias);
    let errors = fit::multiplier_errors(&train, &after, bias);
    Ok(Fit {
        before,
        after,
        errors,
        train,
        held_out,
    })
}

/// The report's lines.
fn report(data: &DataSet, fit: &Fit) -> Vec<String> {
    let s = &data.settings;
    let count = data.samples.len().max(1) as f64;
    let unexplained = data.samples.iter().filter(|x| x.offset != 0.0).count();
    let mean_offset = data.samples.iter().map(|x| x.offset.abs()).sum::<f64>() / count;
    let mut lines = vec![
        format!(
            "tune {} {}: {} (search {}, {} random, seed {}), {}: {} train, \
             {} held out (every {HELD_OUT_EVERY}th game)",
            s.game.name(),
            s.size,
            counted(s.games, "game"),
            s.budget,
            counted(s.random_plies, "ply"),
            s.seed,
            counted(data.samples.len(), "position"),
            fit.train.len(),
            fit.held_out.len()
        ),
        format!(
            "skipped: {} proven or mate scores, {} decided evaluations, {} unfinished games",
            data.skipped.proven, data.skipped.decided, data.skipped.unfinished_games
        ),
        format!(
            "terms not adding up to the evaluation: {unexplained} positions (mean |offset| \
             {mean_offset:.1} cp, kept fixed)"
        ),
        "model: sigmoid(K * (bias + offset + sum m_i * (white_i - black_i)) / 400); objective: \
         log loss"
            .to_string(),
        format!(
            "K = {:.4}, bias {:.1} cp (all multipliers 1); fitted bias {:.1} cp (white's \
             advantage, not an evaluation term)",
            fit.before.k, fit.before.bias, fit.after.bias
        ),
        format!(
            "{:<28} {:>10} {:>8} {:>9} {:>10}  applies to (in {})",
            "term",
            "multiplier",
            "+-error",
            "nonzero",
            "mean |w-b|",
            eval_file(s.game)
        ),
    ];
    if fit.before.k <= 0.0 {
        lines.push(
            "warning: K is not positive: the evaluation does not predict these results".into(),
        );
    }
    for (i, name) in data.terms.iter().enumerate() {
        let spread = data.samples.iter().map(|x| x.diffs[i].abs()).sum::<f64>() / count;
        let nonzero = data.samples.iter().filter(|x| x.diffs[i] != 0.0).count();
        let error = fit
            .errors
            .as_ref()
            .map_or("?".to_string(), |e| format!("{:.3}", e[i]));
        lines.push(format!(
            "{name:<28} {:>10.3} {error:>8} {nonzero:>9} {spread:>10.1}  {}{}",
            fit.after.multipliers[i],
            constants(s.game, name),
            if nonzero < RARE {
                " (too rare to trust)"
            } else {
                ""
            }
        ));
    }
    lines.push(
        "(+-error: standard error, each game's positions taken as one correlated cluster)".into(),
    );
    lines.extend(loss_lines(fit));
    lines
}

/// The loss lines: before (all multipliers 1) and after, on the training and held-out parts.
fn loss_lines(fit: &Fit) -> Vec<String> {
    let line = |name: &str, loss: fn(&[Sample], &Model) -> f64| {
        let held_out = if fit.held_out.is_empty() {
            "n/a".to_string()
        } else {
            format!(
                "{:.5} -> {:.5}",
                loss(&fit.held_out, &fit.before),
                loss(&fit.held_out, &fit.after)
            )
        };
        format!(
            "{name:<13} train {:.5} -> {:.5}   held out {held_out}",
            loss(&fit.train, &fit.before),
            loss(&fit.train, &fit.after)
        )
    };
    vec![
        line("log loss", fit::log_loss),
        line("squared error", fit::squared_error),
    ]
}

/// Runs `tabula tune`: data, fit, report on stdout.
pub fn run(args: &TuneArgs) -> Result<i32, String> {
    let settings = args.settings()?;
    let data = load_or_generate(args, &settings)?;
    let fit = fit_data(&data, !args.no_bias)?;
    for line in report(&data, &fit) {
        print_line(&line);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::BoardSize;

    #[test]
    fn every_term_of_the_four_games_has_its_constants() {
        for game in GameKind::ALL {
            let session = crate::games::build_session(
                game,
                crate::session::Setup::Start(game.default_size()),
                &[],
                true,
            )
            .unwrap();
            for term in session.evaluation().0 {
                assert_ne!(
                    constants(game, term.name),
                    "?",
                    "{} {}",
                    game.name(),
                    term.name
                );
            }
        }
    }

    #[test]
    fn the_default_budget_is_nodes_and_depth_wins() {
        let mut args = TuneArgs {
            game: GameArgs {
                game: Some("claustro".into()),
                size: None,
            },
            games: 3,
            play: SelfPlayArgs {
                nodes: None,
                depth: None,
                random_plies: 2,
                seed: 1,
            },
            data: None,
            threads: 1,
            no_bias: false,
        };
        let settings = args.settings().unwrap();
        assert_eq!(settings.budget, Budget::Nodes(DEFAULT_NODES));
        assert_eq!(settings.size, BoardSize::square(5));
        args.play.depth = Some(3);
        assert_eq!(args.settings().unwrap().budget, Budget::Depth(3));
        args.game.game = Some("chess".into());
        assert!(args.settings().unwrap_err().contains("'chess'"));
    }
}
