//! `tabula train`: fits a net to `tabula datagen` files and writes it quantised, ready for
//! `EvalFile` or to be shipped. The games of the data are split by their number: every
//! `--validation`-th game is held out, and the loss on them is printed after every epoch. At the
//! end it compares the net with the hand-written evaluation on the held-out positions by the
//! Texel-style log loss of the games' results (each with its own best scale).

use crate::board::position_text::parse_position_text;
use crate::game::{BoardSize, Side};
use crate::games::{GameKind, build_session};
use crate::nnue::Network;
use crate::nnue::train::{EpochReport, Sample, TrainConfig, train};
use crate::session::{GameSession, Setup};
use crate::tools::console::print_line;
use crate::tools::datagen::{MAGIC, MAX_DATA_BYTES};
use crate::words::counted;
use std::path::PathBuf;

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

/// `game` and `size` from a data file's first line, which must be `datagen`'s.
fn data_header(line: &str) -> Option<(GameKind, BoardSize)> {
    let rest = line
        .strip_prefix(MAGIC)?
        .trim_start()
        .strip_prefix("game ")?;
    let mut words = rest.split([' ', ',']);
    let game = GameKind::from_name(words.next()?)?;
    let size = BoardSize::parse(words.next()?).ok()?;
    Some((game, size))
}

/// One position line: the session, the score and the result from white's view, and the game.
fn parse_line(
    line: &str,
    game: GameKind,
    size: BoardSize,
) -> Result<(Box<dyn GameSession>, f32, f32, usize), String> {
    let fields: Vec<&str> = line.split(" | ").collect();
    let [position, score, result, number] = fields.as_slice() else {
        return Err("not 'position | score | result | game'".to_string());
    };
    let parsed = parse_position_text(position).map_err(|why| format!("position: {why}"))?;
    let session = build_session(game, Setup::Text(&parsed), &[], false)?;
    if session.size() != size {
        return Err(format!("a {} board in {size} data", session.size()));
    }
    let score: f32 = (score.parse::<i32>().ok())
        .map(|cp| cp as f32)
        .ok_or_else(|| format!("score '{score}' is not a whole number"))?;
    let result: f32 = match *result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("result '{other}' is not 1, 0.5 or 0")),
    };
    let number = number
        .parse()
        .map_err(|_| format!("game '{number}' is not a number"))?;
    Ok((session, score, result, number))
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
        let text = crate::bounded_read::read_text(path, MAX_DATA_BYTES)?;
        let at = |number: usize, why: String| format!("'{}' line {number}: {why}", path.display());
        let mut lines = text.lines().enumerate();
        let first = lines.next().map_or("", |(_, line)| line);
        match data_header(first) {
            Some(found) if found == (game, size) => {}
            Some((other, other_size)) => {
                return Err(at(
                    1,
                    format!(
                        "data of {} {other_size}, not {} {size}",
                        other.name(),
                        game.name()
                    ),
                ));
            }
            None => return Err(at(1, format!("not a datagen file (no '{MAGIC}' line)"))),
        }
        for (index, line) in lines {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (session, score, result, number) =
                parse_line(line, game, size).map_err(|why| at(index + 1, why))?;
            data.inputs = session.input_count();
            if data.inputs == 0 {
                return Err(format!("{} has no net features", game.name()));
            }
            let mover = session.side_to_move();
            let (score, result) = match mover {
                Side::White => (score, result),
                Side::Black => (-score, 1.0 - result),
            };
            let hand_written = session.evaluation().1;
            let sample = Sample {
                features: [session.features(mover), session.features(mover.opponent())],
                score,
                result,
                offset: hand_written as f32,
            };
            if number % every == 0 {
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
    /// joust, jesonmor, claustro or apart.
    #[arg(long)]
    pub game: String,
    /// Board size: N or WxH (default: the game's).
    #[arg(long)]
    pub size: Option<String>,
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

/// `tabula train`: prints the loss per epoch and the comparison on held-out games; writes the net.
pub fn run_command(args: &TrainArgs) -> Result<i32, String> {
    let (game, size) = crate::games::game_and_size(&args.game, args.size.as_deref())?;
    if args.validation_every < 2 {
        return Err("--validation-every must be at least 2".to_string());
    }
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
    let config = TrainConfig {
        hidden: crate::nnue::HIDDEN,
        epochs: args.epochs,
        batch_size: args.batch_size,
        learning_rate: args.learning_rate,
        score_weight: args.score_weight,
        seed: args.seed,
        threads: args.threads,
    };
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
    std::fs::write(&args.out, net.to_bytes())
        .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))?;
    let net_scores: Vec<(f32, f32)> = data
        .held_out
        .iter()
        .map(|h| {
            (
                net.evaluate_features(&h.sample.features) as f32,
                h.sample.result,
            )
        })
        .collect();
    let hand_scores: Vec<(f32, f32)> = data
        .held_out
        .iter()
        .map(|h| (h.hand_written as f32, h.sample.result))
        .collect();
    for (name, scores) in [("net", net_scores), ("hand-written", hand_scores)] {
        let (loss, scale) = texel_loss(&scores);
        print_line(&format!(
            "held-out games, {name} evaluation: log loss {loss:.4} (at its best scale, {scale:.0} cp)"
        ));
    }
    print_line(&format!(
        "train: wrote '{}' ({}) in {:.1} s",
        args.out.display(),
        counted(net.to_bytes().len(), "byte"),
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}
