//! `tabula train`: fits a net to `tabula datagen` files and writes it quantised, ready for
//! `EvalFile` or to be shipped. The games of the data are split by their number: every
//! `--validation-every`-th game is held out, and the loss on them is printed after every epoch.
//! Every argument, `--out` included, is checked before the data is read, and every line of the
//! data as it is read (`datagen_file`). At the end it compares the net (added to the hand-written
//! evaluation, as the engine plays it) with the hand-written evaluation alone on the held-out
//! positions by the Texel-style log loss of the games' results (each with its own best scale),
//! and ends with a verdict line, a warning when the net is no better.

use crate::game::{BoardSize, Side};
use crate::games::GameKind;
use crate::nnue::Network;
use crate::nnue::train::{EpochReport, Sample, TrainConfig, train};
use crate::tools::console::print_line;
use crate::tools::datagen_file::{DataFile, Entry, parse_entry};
use crate::tools::game_args::GameArgs;
use crate::tools::tournament::result_file::{partial_path, replace_file};
use crate::words::counted;
use std::path::{Path, PathBuf};

/// A held-out position: the sample, and the hand-written evaluation from the side to move's view.
struct HeldOut {
    sample: Sample,
    hand_written: i32,
}

/// The data of the files, split into training and held-out positions.
struct Data {
    train: Vec<Sample>,
    held_out: Vec<HeldOut>,
    inputs: usize,
}

/// Reads the data files of `game` at `size`, holding out every `every`-th game.
fn read_data(
    paths: &[PathBuf],
    game: GameKind,
    size: BoardSize,
    every: usize,
) -> Result<Data, String> {
    let mut data = Data {
        train: Vec::new(),
        held_out: Vec::new(),
        inputs: 0,
    };
    for path in paths {
        let mut file = DataFile::open(path)?;
        file.check_header(game, size)?;
        while let Some(line) = file.next_line()? {
            let entry = parse_entry(&line.text, game, size)
                .map_err(|why| file.refuse(line.number, &why))?;
            let Entry::Record(record) = entry else {
                continue;
            };
            let session = record.session;
            data.inputs = session.input_count();
            if data.inputs == 0 {
                return Err(format!("{} has no net features", game.name()));
            }
            let mover = session.side_to_move();
            let (score, result) = match mover {
                Side::White => (record.score, record.result),
                Side::Black => (-record.score, 1.0 - record.result),
            };
            let hand_written = session.evaluation().1;
            let sample = Sample {
                features: [session.features(mover), session.features(mover.opponent())],
                score,
                result,
                offset: hand_written as f32,
            };
            if record.game % every == 0 {
                data.held_out.push(HeldOut {
                    sample,
                    hand_written,
                });
            } else {
                data.train.push(sample);
            }
        }
    }
    if data.train.is_empty() || data.held_out.is_empty() {
        return Err("the data has too few positions to train and to hold some out".to_string());
    }
    Ok(data)
}

/// The mean log loss of predicting the results by `sigmoid(score / scale)`, at the best scale
/// (searched over 10 to 5000 centipawns), and that scale.
fn texel_loss(pairs: &[(f32, f32)]) -> (f64, f64) {
    let loss_at = |scale: f64| -> f64 {
        let total: f64 = pairs
            .iter()
            .map(|&(score, result)| {
                let p = (1.0 / (1.0 + (-f64::from(score) / scale).exp())).clamp(1e-6, 1.0 - 1e-6);
                let r = f64::from(result);
                -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
            })
            .sum();
        total / pairs.len().max(1) as f64
    };
    let mut best = (loss_at(10.0), 10.0);
    let mut scale = 10.0;
    while scale < 5000.0 {
        scale *= 1.05;
        let loss = loss_at(scale);
        if loss < best.0 {
            best = (loss, scale);
        }
    }
    best
}

/// Arguments of `tabula train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// `tabula datagen` files (their games are numbered alike: give shards of one run).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Where to write the net.
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    #[arg(long, default_value_t = 4096)]
    pub batch_size: usize,
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// The weight of the search score in the target (the rest is the game's result).
    #[arg(long, default_value_t = 0.7)]
    pub score_weight: f32,
    /// Seed of the initial weights and of the shuffling.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Hold out every N-th game of the data.
    #[arg(long, default_value_t = 20)]
    pub validation_every: usize,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Refuses an `--out` where the net could not be written, before any work: a directory, or a
/// place where its partial file (written first, then renamed over it) cannot be made.
fn check_out(out: &Path) -> Result<(), String> {
    let cannot = |why: String| format!("--out '{}': cannot write the net: {why}", out.display());
    if out.file_name().is_none() {
        return Err(cannot("it names no file".to_string()));
    }
    if out.is_dir() {
        return Err(cannot("it is a directory".to_string()));
    }
    let partial = partial_path(out);
    std::fs::File::create(&partial).map_err(|e| cannot(e.to_string()))?;
    std::fs::remove_file(&partial).map_err(|e| cannot(e.to_string()))
}

/// Whether the log loss `net` is below `hand_written` as they are shown, to four decimals.
fn is_better(net: f64, hand_written: f64) -> bool {
    (net * 1e4).round() < (hand_written * 1e4).round()
}

/// The last line of `train`: whether the net, added to the hand-written evaluation as the engine
/// adds it, predicts the held-out games' results better than the hand-written evaluation alone
/// (by the log losses `net` and `hand_written`); a warning if it does not.
fn verdict(net: f64, hand_written: f64) -> String {
    let losses = format!("held-out log loss {net:.4} against {hand_written:.4}");
    if is_better(net, hand_written) {
        format!(
            "verdict: the net predicts the held-out results better than the hand-written \
             evaluation alone ({losses})"
        )
    } else {
        format!(
            "verdict: warning: the net predicts the held-out results no better than the \
             hand-written evaluation alone ({losses}); more data or other settings may help, \
             and a match decides (docs/nnue.md)"
        )
    }
}

/// `tabula train`: checks every argument, reads the data, prints the loss per epoch, writes the
/// net, and ends with the comparison on held-out games and its verdict.
pub fn run_command(args: &TrainArgs) -> Result<i32, String> {
    let (game, size) = args.game.game_and_size()?;
    if args.validation_every < 2 {
        return Err(format!(
            "--validation-every {} must be at least 2",
            args.validation_every
        ));
    }
    let config = TrainConfig {
        hidden: crate::nnue::HIDDEN,
        epochs: args.epochs,
        batch_size: args.batch_size,
        learning_rate: args.learning_rate,
        score_weight: args.score_weight,
        seed: args.seed,
        threads: args.threads,
    };
    config.check()?;
    check_out(&args.out)?;
    let started = std::time::Instant::now();
    let data = read_data(&args.data, game, size, args.validation_every)?;
    print_line(&format!(
        "train: {} {size}, {} to train on, {} held out, {} (read in {:.1} s)",
        game.name(),
        counted(data.train.len(), "position"),
        data.held_out.len(),
        counted(data.inputs, "input"),
        started.elapsed().as_secs_f64()
    ));
    let held_out: Vec<Sample> = data.held_out.iter().map(|h| h.sample.clone()).collect();
    let float = train(
        data.inputs,
        &data.train,
        &held_out,
        &config,
        &mut |report: &EpochReport| {
            print_line(&format!(
                "epoch {:>3}: training loss {:.6}, held-out loss {:.6} ({:.1} s)",
                report.epoch, report.train_loss, report.validation_loss, report.seconds
            ));
        },
    )?;
    let net = Network::quantise(&float, game.name(), size);
    let bytes = net.to_bytes();
    replace_file(&args.out, &bytes)
        .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))?;
    // The engine plays with the hand-written evaluation plus the net's correction.
    let results = |score: &dyn Fn(&HeldOut) -> i32| -> Vec<(f32, f32)> {
        (data.held_out.iter())
            .map(|h| (score(h) as f32, h.sample.result))
            .collect()
    };
    let net_loss = texel_loss(&results(&|h| {
        h.hand_written + net.evaluate_features(&h.sample.features)
    }));
    let hand_loss = texel_loss(&results(&|h| h.hand_written));
    for (name, (loss, scale)) in [
        ("net evaluation (hand-written plus the net)", net_loss),
        ("hand-written evaluation", hand_loss),
    ] {
        print_line(&format!(
            "held-out games, {name}: log loss {loss:.4} (at its best scale, {scale:.0} cp)"
        ));
    }
    print_line(&format!(
        "train: wrote '{}' ({}) in {:.1} s",
        args.out.display(),
        counted(bytes.len(), "byte"),
        started.elapsed().as_secs_f64()
    ));
    print_line(&verdict(net_loss.0, hand_loss.0));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_warns_when_the_net_is_no_better() {
        let worse = verdict(0.6543, 0.4179);
        assert!(worse.starts_with("verdict: warning:"), "{worse}");
        assert!(worse.contains("0.6543 against 0.4179"), "{worse}");
        assert!(verdict(0.4, 0.4).contains("warning"));
        assert!(verdict(0.40001, 0.4).contains("warning"));
        let better = verdict(0.357, 0.448);
        assert!(
            !better.contains("warning") && better.contains("better"),
            "{better}"
        );
    }
}
