//! Tests of the trainer: the gradient against finite differences, a learnable problem, determinism
//! and the errors.

use super::*;

/// A position of the synthetic game: `own` pieces of the side to move and `theirs` of the
/// opponent on distinct squares of 32; features 0..32 are the viewer's pieces, 32..64 the
/// other side's. The score is 100 cp per piece ahead; the result follows the material.
fn material_sample(rng: &mut SplitMix64) -> (Sample, i32) {
    let mut squares: Vec<u16> = (0..32).collect();
    rng.shuffle(&mut squares);
    let own = 1 + rng.below(9);
    let theirs = 1 + rng.below(9);
    let (mine, others) = (&squares[..own], &squares[own..own + theirs]);
    let view = |a: &[u16], b: &[u16]| a.iter().copied().chain(b.iter().map(|s| s + 32)).collect();
    let balance = own as i32 - theirs as i32;
    let sample = Sample {
        features: [view(mine, others), view(others, mine)],
        score: 100.0 * balance as f32,
        result: 0.5 + 0.5 * balance.signum() as f32,
        offset: 0.0,
    };
    (sample, balance)
}

fn material_samples(count: usize, seed: u64) -> Vec<(Sample, i32)> {
    let mut rng = SplitMix64(seed);
    (0..count).map(|_| material_sample(&mut rng)).collect()
}

fn config(hidden: usize, epochs: usize, batch_size: usize, seed: u64) -> TrainConfig {
    TrainConfig {
        hidden,
        epochs,
        batch_size,
        learning_rate: 0.01,
        score_weight: 0.5,
        seed,
        threads: 1,
    }
}

fn samples_only(samples: &[(Sample, i32)]) -> Vec<Sample> {
    samples.iter().map(|(sample, _)| sample.clone()).collect()
}

#[test]
fn analytic_gradient_matches_finite_differences() {
    let mut rng = SplitMix64(7);
    let net = FloatNet::random(6, 3, 2.0, &mut rng);
    let samples = vec![
        Sample {
            features: [vec![0, 2], vec![1, 5]],
            score: 150.0,
            result: 1.0,
            offset: 40.0,
        },
        Sample {
            features: [vec![3], vec![0, 4]],
            score: -80.0,
            result: 0.5,
            offset: -120.0,
        },
        Sample {
            features: [vec![2, 4, 5], vec![]],
            score: 20.0,
            result: 0.0,
            offset: 0.0,
        },
    ];
    let score_weight = 0.7;
    let mut gradients = Gradients::new(&net);
    let mut accumulators = Accumulators::new(net.hidden);
    for sample in &samples {
        let target = target(sample, score_weight);
        gradients.add_sample(
            &net,
            feature_slices(&sample.features),
            (target, sample.offset / SCORE_SCALE),
            &mut accumulators,
        );
    }
    let mean = |summed: f32| f64::from(summed) / samples.len() as f64;
    let step = 1e-3;
    let numeric = |perturb: &dyn Fn(&mut FloatNet, f32)| {
        let (mut up, mut down) = (net.clone(), net.clone());
        perturb(&mut up, step);
        perturb(&mut down, -step);
        (loss(&up, &samples, score_weight) - loss(&down, &samples, score_weight))
            / (2.0 * f64::from(step))
    };
    let mut checks: Vec<(String, f64, f64)> = Vec::new();
    for index in [0, 2, 7, 13, 17] {
        let analytic = mean(gradients.feature_weights[index]);
        checks.push((
            format!("feature weight {index}"),
            analytic,
            numeric(&|n, d| n.feature_weights[index] += d),
        ));
    }
    for index in 0..3 {
        let analytic = mean(gradients.feature_bias[index]);
        checks.push((
            format!("feature bias {index}"),
            analytic,
            numeric(&|n, d| n.feature_bias[index] += d),
        ));
    }
    for index in [0, 4] {
        let analytic = mean(gradients.output_weights[index]);
        checks.push((
            format!("output weight {index}"),
            analytic,
            numeric(&|n, d| n.output_weights[index] += d),
        ));
    }
    checks.push((
        "output bias".to_string(),
        mean(gradients.output_bias),
        numeric(&|n, d| n.output_bias += d),
    ));
    assert!(
        checks
            .iter()
            .filter(|(_, analytic, _)| analytic.abs() > 1e-4)
            .count()
            >= 8
    );
    for (name, analytic, numeric) in checks {
        let tolerance = 1e-4 + 1e-2 * numeric.abs();
        assert!(
            (analytic - numeric).abs() < tolerance,
            "{name}: analytic {analytic}, numeric {numeric}"
        );
    }
}

#[test]
fn learns_material_balance() {
    let train_set = samples_only(&material_samples(4000, 1));
    let held_out = material_samples(1000, 2);
    let validation_set = samples_only(&held_out);
    let mut reports = Vec::new();
    let pure_score = TrainConfig {
        score_weight: 1.0,
        ..config(16, 12, 128, 3)
    };
    let net = train(
        64,
        &train_set,
        &validation_set,
        &pure_score,
        &mut |report| reports.push(report.clone()),
    )
    .unwrap();
    let untrained = FloatNet {
        inputs: 64,
        hidden: 16,
        feature_weights: vec![0.0; 64 * 16],
        feature_bias: vec![0.0; 16],
        output_weights: vec![0.0; 32],
        output_bias: 0.0,
    };
    let baseline = loss(&untrained, &validation_set, 1.0);
    let last = reports.last().unwrap();
    assert_eq!(reports.len(), 12);
    assert_eq!(last.epoch, 12);
    assert!(
        last.validation_loss < baseline / 20.0,
        "{baseline} -> {reports:?}"
    );
    assert!(
        last.validation_loss < reports[0].validation_loss / 2.0,
        "{reports:?}"
    );
    assert!(last.train_loss < reports[0].train_loss, "{reports:?}");
    let decided = held_out.iter().filter(|(_, balance)| *balance != 0);
    let wrong = decided
        .clone()
        .filter(|(sample, balance)| net.score(&sample.features).signum() != balance.signum() as f32)
        .count();
    assert!(wrong * 50 < decided.count(), "{wrong} wrong signs");
    let (sample, balance) = held_out.iter().find(|(_, balance)| *balance == 3).unwrap();
    let score = net.score(&sample.features);
    assert!(
        (200.0..400.0).contains(&score),
        "{balance} pieces ahead scored {score}"
    );
}

#[test]
fn same_seed_same_net_other_seed_other_net() {
    let samples = samples_only(&material_samples(500, 4));
    let train_with = |seed| train(64, &samples, &[], &config(8, 2, 64, seed), &mut |_| {}).unwrap();
    assert_eq!(train_with(5), train_with(5));
    assert_ne!(train_with(5), train_with(6));
}

#[test]
fn reports_nan_validation_loss_without_validation_samples() {
    let samples = samples_only(&material_samples(100, 5));
    let mut reports = Vec::new();
    train(64, &samples, &[], &config(4, 1, 32, 0), &mut |report| {
        reports.push(report.clone())
    })
    .unwrap();
    assert!(reports[0].validation_loss.is_nan());
    assert!(reports[0].train_loss.is_finite());
}

#[test]
fn bad_input_is_named() {
    let good = samples_only(&material_samples(10, 6));
    let error =
        |inputs: usize, train_set: &[Sample], validation_set: &[Sample], config: &TrainConfig| {
            train(inputs, train_set, validation_set, config, &mut |_| {}).unwrap_err()
        };
    let fine = config(4, 1, 8, 0);
    assert_eq!(error(64, &[], &[], &fine), "there are no training samples");
    let zero_hidden = TrainConfig {
        hidden: 0,
        ..fine.clone()
    };
    let zero_epochs = TrainConfig {
        epochs: 0,
        ..fine.clone()
    };
    let zero_batch = TrainConfig {
        batch_size: 0,
        ..fine.clone()
    };
    for (bad, named) in [
        (zero_hidden, "the hidden layer's width is 0"),
        (zero_epochs, "--epochs 0: train for at least one epoch"),
        (
            zero_batch,
            "--batch-size 0: a batch holds at least one position",
        ),
    ] {
        assert_eq!(error(64, &good, &[], &bad), named);
    }
    let mut out_of_range = good.clone();
    out_of_range[7].features[1].push(64);
    assert_eq!(
        error(64, &out_of_range, &[], &fine),
        "training sample 7: feature 64 (opponent's view) is not below the number of inputs, 64"
    );
    assert!(error(64, &good, &out_of_range, &fine).starts_with("validation sample 7: feature 64"));
    let mut infinite = good.clone();
    infinite[3].score = f32::NAN;
    assert_eq!(
        error(64, &infinite, &[], &fine),
        "training sample 3: the score NaN is not finite"
    );
    let mut bad_result = good;
    bad_result[2].result = 2.0;
    assert_eq!(
        error(64, &bad_result, &[], &fine),
        "training sample 2: the result 2 is not in [0, 1]"
    );
}

/// Training throughput with hidden 128 and 18 active features per perspective: run with
/// `cargo test --release --lib nnue::train -- --ignored --nocapture`.
#[test]
#[ignore]
fn throughput() {
    let mut rng = SplitMix64(8);
    let mut features = || (0..18).map(|_| rng.below(768) as u16).collect::<Vec<u16>>();
    let samples: Vec<Sample> = (0..500_000)
        .map(|i| Sample {
            features: [features(), features()],
            score: (i % 200) as f32 - 100.0,
            result: 0.5,
            offset: 0.0,
        })
        .collect();
    let config = TrainConfig {
        learning_rate: 0.001,
        ..config(128, 2, 4096, 9)
    };
    train(768, &samples, &[], &config, &mut |report| {
        println!(
            "epoch {}: {:.0} samples/s",
            report.epoch,
            samples.len() as f64 / report.seconds
        )
    })
    .unwrap();
}
