//! The float trainer of an NNUE-style evaluation: one hidden layer, trained on CPU.
//!
//! # Architecture
//!
//! `inputs` sparse binary features -> `hidden` accumulator units, computed twice with the same
//! weights: once from the side to move's features and once from the opponent's -> SCReLU
//! (`clamp(x, 0, 1)^2`) on both -> the two halves concatenated, side to move first
//! (`2 * hidden`) -> one linear output. The output is in units of [`OUTPUT_SCALE`] centipawns.
//!
//! # Loss
//!
//! Each sample's target is the win probability `lambda * sigmoid(score / SCORE_SCALE) +
//! (1 - lambda) * result` (`lambda` is [`TrainConfig::score_weight`]); the prediction is
//! `sigmoid(output * OUTPUT_SCALE / SCORE_SCALE)`; the loss is the mean squared difference, as in
//! bullet- and Stockfish-style trainers.
//!
//! # Optimiser
//!
//! Adam (beta1 0.9, beta2 0.999, epsilon 1e-8) on mini-batches of mean gradients. The learning
//! rate follows a cosine from [`TrainConfig::learning_rate`] at the first batch down to 1% of it at
//! the last batch of the last epoch. The feature-weight gradient is sparse: a sample touches only
//! its active features' rows, so a batch accumulates gradients of the touched rows alone and Adam
//! updates only those rows and their moments ("sparse" or "lazy" Adam, as PyTorch's `SparseAdam`;
//! an untouched row's moments do not decay). Biases and output weights get dense Adam. After each
//! step the feature weights and biases and the output weights are clamped to ±1.98, a range that
//! survives quantisation (×255 and ×64 into `i16`).
//!
//! Feature weights start uniform in ±1/sqrt(mean active features per perspective) and feature
//! biases at 0.5, so that accumulators start inside SCReLU's active range; output weights start
//! uniform in ±1/sqrt(2 * hidden).
//!
//! # Speed
//!
//! Each batch is first gathered from the shuffled samples into contiguous buffers (the loads of
//! scattered samples then overlap), then each sample costs one pass over its active rows forward
//! and one backward, and dot products are summed in 8 interleaved lanes so that they vectorise.
//! Nothing is allocated per sample or per batch once the buffers have grown.
//!
//! # Determinism
//!
//! Training is single-threaded ([`TrainConfig::threads`] is ignored) and every sum is taken in a
//! fixed order; initialisation and the per-epoch shuffles come from a SplitMix64 generator seeded
//! with [`TrainConfig::seed`]. The same seed and samples give a bit-identical [`FloatNet`] from
//! the same build; across platforms only `exp` (the platform's maths library) may differ.

use crate::clock::Instant;

/// One training position, seen from the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The active input features (indices < inputs) from the side to move's view (`[0]`) and the
    /// opponent's (`[1]`).
    pub features: [Vec<u16>; 2],
    /// The search score in centipawns from the side to move's view.
    pub score: f32,
    /// The game's result from the side to move's view: 1, 0.5 or 0.
    pub result: f32,
    /// Centipawns added to the net's score before it is read as a win probability: the
    /// hand-written evaluation, where the net learns a correction to it (0 for a net alone).
    pub offset: f32,
}

/// How to train a net.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// The accumulator width per perspective, e.g. 64 to 256.
    pub hidden: usize,
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples per Adam step, e.g. 1024 to 16384.
    pub batch_size: usize,
    /// Adam's initial learning rate, e.g. 0.001, decayed by a cosine to 1% of it at the end.
    pub learning_rate: f32,
    /// lambda, in [0, 1]: target = lambda * sigmoid(score / SCORE_SCALE) + (1 - lambda) * result.
    pub score_weight: f32,
    /// Seeds initialisation and shuffling: the same seed and data give a bit-identical net.
    pub seed: u64,
    /// Ignored: training is single-threaded (kept so that callers need not change when it is not).
    pub threads: usize,
}

/// A trained float network: inputs -> hidden (one accumulator per perspective, shared weights)
/// -> SCReLU (clamp(x,0,1)^2) on both -> concat [side to move, opponent] (2*hidden) -> 1 output.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The number of input features.
    pub inputs: usize,
    /// The accumulator width per perspective.
    pub hidden: usize,
    /// inputs * hidden, row-major by input: weight of input i to hidden j at `[i * hidden + j]`.
    pub feature_weights: Vec<f32>,
    /// hidden.
    pub feature_bias: Vec<f32>,
    /// 2*hidden: first the side to move's half, then the opponent's.
    pub output_weights: Vec<f32>,
    /// The output's bias (not clamped).
    pub output_bias: f32,
}

/// Scale of the net's output: predicted score in centipawns = output * OUTPUT_SCALE.
pub const OUTPUT_SCALE: f32 = 400.0;
/// The centipawn scale of the win-probability sigmoid: P(win) = sigmoid(cp / SCORE_SCALE).
pub const SCORE_SCALE: f32 = 400.0;

/// What [`train`] reports after each epoch.
#[derive(Clone, Debug)]
pub struct EpochReport {
    /// The epoch just finished, from 1.
    pub epoch: usize,
    /// The mean loss of the epoch's samples, each measured as it was trained on (by the net of
    /// that moment, before its batch's step).
    pub train_loss: f64,
    /// The loss on the validation samples after the epoch; NaN if there are none.
    pub validation_loss: f64,
    /// The epoch's duration, validation included.
    pub seconds: f64,
}

/// The bound of the feature weights, feature biases and output weights, safe to quantise.
const WEIGHT_LIMIT: f32 = 1.98;
/// Adam's decay of the first moment.
const BETA1: f32 = 0.9;
/// Adam's decay of the second moment.
const BETA2: f32 = 0.999;
/// Adam's denominator guard.
const EPSILON: f32 = 1e-8;
/// The learning rate at the last step as a fraction of the initial one.
const FINAL_LEARNING_RATE_FRACTION: f32 = 0.01;
/// The initial feature bias: with the initial feature weights, accumulators start around it,
/// inside SCReLU's active range (0, 1).
const INITIAL_FEATURE_BIAS: f32 = 0.5;
/// The number of partial sums of a dot product.
const LANES: usize = 8;
/// The factor from output to the win-probability sigmoid's argument.
const OUTPUT_TO_LOGIT: f32 = OUTPUT_SCALE / SCORE_SCALE;

/// The logistic function.
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The squared clipped ReLU: clamp(x, 0, 1)^2.
fn screlu(x: f32) -> f32 {
    let clamped = x.clamp(0.0, 1.0);
    clamped * clamped
}

/// The derivative of [`screlu`] (0 at the kinks).
fn screlu_derivative(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 }
}

/// The win probability a sample is trained towards.
fn target(sample: &Sample, score_weight: f32) -> f32 {
    score_weight * sigmoid(sample.score / SCORE_SCALE) + (1.0 - score_weight) * sample.result
}

/// SplitMix64: a small, fast, seedable generator, enough for initialisation and shuffling.
struct SplitMix64(u64);

impl SplitMix64 {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [-limit, limit).
    fn uniform(&mut self, limit: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (unit * 2.0 - 1.0) * limit
    }

    /// Uniform in 0..bound (bound > 0), by multiply-shift.
    fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A Fisher-Yates shuffle.
    fn shuffle<T>(&mut self, values: &mut [T]) {
        for i in (1..values.len()).rev() {
            values.swap(i, self.below(i + 1));
        }
    }
}

/// Reusable buffers for the two accumulators of one forward pass.
struct Accumulators([Vec<f32>; 2]);

impl Accumulators {
    /// Zeroed accumulators of width `hidden`.
    fn new(hidden: usize) -> Accumulators {
        Accumulators([vec![0.0; hidden], vec![0.0; hidden]])
    }

    /// Fills both accumulators from `features` and returns the net's output.
    fn forward(&mut self, net: &FloatNet, features: [&[u16]; 2]) -> f32 {
        let mut output = net.output_bias;
        for (side, (accumulator, active)) in self.0.iter_mut().zip(features).enumerate() {
            accumulator.copy_from_slice(&net.feature_bias);
            for &feature in active {
                for (sum, weight) in accumulator.iter_mut().zip(net.feature_row(feature)) {
                    *sum += weight;
                }
            }
            let weights = &net.output_weights[side * net.hidden..][..net.hidden];
            output += activated_dot(accumulator, weights);
        }
        output
    }
}

/// The dot product of SCReLU(`accumulator`) and `weights`, summed in [`LANES`] interleaved partial
/// sums (a fixed order, so deterministic) that the compiler can turn into vector instructions.
fn activated_dot(accumulator: &[f32], weights: &[f32]) -> f32 {
    let mut lanes = [0.0f32; LANES];
    let chunks = accumulator
        .chunks_exact(LANES)
        .zip(weights.chunks_exact(LANES));
    for (values, weights) in chunks {
        for ((lane, &x), &weight) in lanes.iter_mut().zip(values).zip(weights) {
            *lane += screlu(x) * weight;
        }
    }
    let tail = accumulator.len() - accumulator.len() % LANES;
    let rest: f32 = accumulator[tail..]
        .iter()
        .zip(&weights[tail..])
        .map(|(&x, weight)| screlu(x) * weight)
        .sum();
    lanes.iter().sum::<f32>() + rest
}

/// The active features of both perspectives as slices.
fn feature_slices(features: &[Vec<u16>; 2]) -> [&[u16]; 2] {
    [&features[0], &features[1]]
}

impl FloatNet {
    /// A fresh net: feature weights uniform in ±1/sqrt(`mean_active_features`), so that an
    /// accumulator starts near [`INITIAL_FEATURE_BIAS`] with a spread of about 0.6; output weights
    /// uniform in ±1/sqrt(2 * hidden); output bias 0.
    fn random(
        inputs: usize,
        hidden: usize,
        mean_active_features: f32,
        rng: &mut SplitMix64,
    ) -> FloatNet {
        let feature_limit = (1.0 / mean_active_features.max(1.0).sqrt()).min(WEIGHT_LIMIT);
        let output_limit = 1.0 / ((2 * hidden) as f32).sqrt();
        FloatNet {
            inputs,
            hidden,
            feature_weights: (0..inputs * hidden)
                .map(|_| rng.uniform(feature_limit))
                .collect(),
            feature_bias: vec![INITIAL_FEATURE_BIAS; hidden],
            output_weights: (0..2 * hidden).map(|_| rng.uniform(output_limit)).collect(),
            output_bias: 0.0,
        }
    }

    /// The weights from input `feature` to every hidden unit.
    fn feature_row(&self, feature: u16) -> &[f32] {
        &self.feature_weights[usize::from(feature) * self.hidden..][..self.hidden]
    }

    /// The output (in units of OUTPUT_SCALE) for a sample's features.
    pub fn forward(&self, features: &[Vec<u16>; 2]) -> f32 {
        Accumulators::new(self.hidden).forward(self, feature_slices(features))
    }

    /// The predicted score in centipawns.
    pub fn score(&self, features: &[Vec<u16>; 2]) -> f32 {
        self.forward(features) * OUTPUT_SCALE
    }
}

/// The loss of one sample given the net's output for it and its target.
fn sample_loss(output: f32, offset: f32, target: f32) -> f32 {
    let error = sigmoid(output * OUTPUT_TO_LOGIT + offset / SCORE_SCALE) - target;
    error * error
}

/// The mean loss of `net` on `samples` (the same loss training minimises); NaN if there are none.
pub fn loss(net: &FloatNet, samples: &[Sample], score_weight: f32) -> f64 {
    let mut accumulators = Accumulators::new(net.hidden);
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let output = accumulators.forward(net, feature_slices(&sample.features));
            f64::from(sample_loss(
                output,
                sample.offset,
                target(sample, score_weight),
            ))
        })
        .sum();
    total / samples.len() as f64
}

/// A batch's samples copied into contiguous buffers. Gathering shuffled samples in one pass lets
/// their memory loads overlap instead of stalling each sample's arithmetic in turn.
#[derive(Default)]
struct Batch {
    /// Every sample's side to move's features, then its opponent's.
    features: Vec<u16>,
    /// Per sample, the ends of its side to move's and its opponent's features in `features`.
    ends: Vec<[usize; 2]>,
    /// Per sample, the win probability it is trained towards.
    targets: Vec<f32>,
    /// Per sample, its offset in units of the sigmoid's argument.
    offsets: Vec<f32>,
}

impl Batch {
    /// Replaces the batch's contents with the samples of `samples` at `indices`.
    fn gather(&mut self, samples: &[Sample], indices: &[usize], score_weight: f32) {
        self.features.clear();
        self.ends.clear();
        self.targets.clear();
        self.offsets.clear();
        for &index in indices {
            let sample = &samples[index];
            self.features.extend_from_slice(&sample.features[0]);
            let middle = self.features.len();
            self.features.extend_from_slice(&sample.features[1]);
            self.ends.push([middle, self.features.len()]);
            self.targets.push(target(sample, score_weight));
            self.offsets.push(sample.offset / SCORE_SCALE);
        }
    }

    /// Each sample's features, target and offset, in order.
    fn samples(&self) -> impl Iterator<Item = ([&[u16]; 2], f32, f32)> {
        let mut start = 0;
        (self.ends.iter().zip(&self.targets).zip(&self.offsets)).map(
            move |((&[middle, end], &target), &offset)| {
                let features = [&self.features[start..middle], &self.features[middle..end]];
                start = end;
                (features, target, offset)
            },
        )
    }
}

/// The summed loss gradient of a batch of samples, the same shape as a [`FloatNet`]'s parameters;
/// feature-weight rows are non-zero only where listed in `touched_rows`.
struct Gradients {
    hidden: usize,
    feature_weights: Vec<f32>,
    touched_rows: Vec<usize>,
    is_touched: Vec<bool>,
    feature_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: f32,
    /// Scratch: the gradient with respect to one accumulator of the current sample.
    accumulator_gradient: Vec<f32>,
}

impl Gradients {
    fn new(net: &FloatNet) -> Gradients {
        Gradients {
            hidden: net.hidden,
            feature_weights: vec![0.0; net.feature_weights.len()],
            touched_rows: Vec::new(),
            is_touched: vec![false; net.inputs],
            feature_bias: vec![0.0; net.hidden],
            output_weights: vec![0.0; 2 * net.hidden],
            output_bias: 0.0,
            accumulator_gradient: vec![0.0; net.hidden],
        }
    }

    /// Adds the gradient of the loss of a sample with active `features` and `target` and returns
    /// the loss.
    fn add_sample(
        &mut self,
        net: &FloatNet,
        features: [&[u16]; 2],
        (target, offset): (f32, f32),
        accumulators: &mut Accumulators,
    ) -> f32 {
        let output = accumulators.forward(net, features);
        let prediction = sigmoid(output * OUTPUT_TO_LOGIT + offset);
        let error = prediction - target;
        let output_gradient = 2.0 * error * prediction * (1.0 - prediction) * OUTPUT_TO_LOGIT;
        self.output_bias += output_gradient;
        let sides = accumulators.0.iter().zip(features).enumerate();
        for (side, (accumulator, active)) in sides {
            self.add_perspective(net, side, accumulator, active, output_gradient);
        }
        error * error
    }

    /// Adds the gradient that flows through perspective `side` (0: side to move), whose
    /// `accumulator` came from the `active` features, given the gradient of the output.
    fn add_perspective(
        &mut self,
        net: &FloatNet,
        side: usize,
        accumulator: &[f32],
        active: &[u16],
        output_gradient: f32,
    ) {
        let hidden = self.hidden;
        let weights = &net.output_weights[side * hidden..][..hidden];
        let weight_gradients = &mut self.output_weights[side * hidden..][..hidden];
        let accumulator_gradient = &mut self.accumulator_gradient;
        for (((&x, &weight), weight_gradient), gradient) in accumulator
            .iter()
            .zip(weights)
            .zip(weight_gradients.iter_mut())
            .zip(accumulator_gradient.iter_mut())
        {
            *weight_gradient += output_gradient * screlu(x);
            *gradient = output_gradient * weight * screlu_derivative(x);
        }
        for (bias_gradient, gradient) in self.feature_bias.iter_mut().zip(&*accumulator_gradient) {
            *bias_gradient += gradient;
        }
        for &feature in active {
            let row = usize::from(feature);
            if !self.is_touched[row] {
                self.is_touched[row] = true;
                self.touched_rows.push(row);
            }
            let row_gradients = &mut self.feature_weights[row * hidden..][..hidden];
            for (row_gradient, gradient) in row_gradients.iter_mut().zip(&*accumulator_gradient) {
                *row_gradient += gradient;
            }
        }
    }

    /// Zeroes the gradient for the next batch, touching only the rows that were used.
    fn clear(&mut self) {
        for &row in &self.touched_rows {
            self.feature_weights[row * self.hidden..][..self.hidden].fill(0.0);
            self.is_touched[row] = false;
        }
        self.touched_rows.clear();
        self.feature_bias.fill(0.0);
        self.output_weights.fill(0.0);
        self.output_bias = 0.0;
    }
}

/// Adam's first and second moments of a group of parameters.
struct Moments {
    first: Vec<f32>,
    second: Vec<f32>,
}

impl Moments {
    fn new(len: usize) -> Moments {
        Moments {
            first: vec![0.0; len],
            second: vec![0.0; len],
        }
    }
}

/// One Adam step's factors, shared by all parameters.
#[derive(Clone, Copy)]
struct AdamStep {
    /// The bias-corrected learning rate: lr * sqrt(1 - beta2^t) / (1 - beta1^t).
    step_size: f32,
    /// 1 / batch size: turns summed gradients into means.
    gradient_scale: f32,
}

/// Applies Adam to `weights` (parameters `range` of their group), clamping them to ±`limit`.
fn adam_update(
    weights: &mut [f32],
    moments: &mut Moments,
    gradients: &[f32],
    range: std::ops::Range<usize>,
    step: AdamStep,
    limit: f32,
) {
    let first = &mut moments.first[range.clone()];
    let second = &mut moments.second[range.clone()];
    for (((weight, &gradient), m), v) in weights[range.clone()]
        .iter_mut()
        .zip(&gradients[range])
        .zip(first)
        .zip(second)
    {
        let gradient = gradient * step.gradient_scale;
        *m = BETA1 * *m + (1.0 - BETA1) * gradient;
        *v = BETA2 * *v + (1.0 - BETA2) * gradient * gradient;
        *weight = (*weight - step.step_size * *m / (v.sqrt() + EPSILON)).clamp(-limit, limit);
    }
}

/// Adam's state for every parameter of a net.
struct Optimizer {
    feature_weights: Moments,
    feature_bias: Moments,
    output_weights: Moments,
    output_bias: Moments,
    steps: i32,
}

impl Optimizer {
    fn new(net: &FloatNet) -> Optimizer {
        Optimizer {
            feature_weights: Moments::new(net.feature_weights.len()),
            feature_bias: Moments::new(net.hidden),
            output_weights: Moments::new(2 * net.hidden),
            output_bias: Moments::new(1),
            steps: 0,
        }
    }

    /// One Adam step on `net` from the summed `gradients` of `batch_len` samples.
    fn step(
        &mut self,
        net: &mut FloatNet,
        gradients: &Gradients,
        batch_len: usize,
        learning_rate: f32,
    ) {
        self.steps = self.steps.saturating_add(1);
        let step = AdamStep {
            step_size: learning_rate * (1.0 - BETA2.powi(self.steps)).sqrt()
                / (1.0 - BETA1.powi(self.steps)),
            gradient_scale: 1.0 / batch_len as f32,
        };
        let hidden = net.hidden;
        for &row in &gradients.touched_rows {
            let range = row * hidden..(row + 1) * hidden;
            let moments = &mut self.feature_weights;
            adam_update(
                &mut net.feature_weights,
                moments,
                &gradients.feature_weights,
                range,
                step,
                WEIGHT_LIMIT,
            );
        }
        let bias = &mut net.feature_bias;
        adam_update(
            bias,
            &mut self.feature_bias,
            &gradients.feature_bias,
            0..hidden,
            step,
            WEIGHT_LIMIT,
        );
        let output = &mut net.output_weights;
        let output_gradients = &gradients.output_weights;
        adam_update(
            output,
            &mut self.output_weights,
            output_gradients,
            0..2 * hidden,
            step,
            WEIGHT_LIMIT,
        );
        let output_bias = std::slice::from_mut(&mut net.output_bias);
        let bias_gradient = [gradients.output_bias];
        adam_update(
            output_bias,
            &mut self.output_bias,
            &bias_gradient,
            0..1,
            step,
            f32::MAX,
        );
    }
}

/// The cosine-decayed learning rate of step `step` (from 0) of `total_steps`.
fn learning_rate_at(initial: f32, step: usize, total_steps: usize) -> f32 {
    let progress = step as f32 / (total_steps.max(2) - 1) as f32;
    let final_rate = initial * FINAL_LEARNING_RATE_FRACTION;
    final_rate + 0.5 * (initial - final_rate) * (1.0 + (std::f32::consts::PI * progress).cos())
}

/// Checks that every sample of `samples` (the `set` named) has a finite score, a result in
/// [0, 1] and features below `inputs`.
fn check_samples(set: &str, samples: &[Sample], inputs: usize) -> Result<(), String> {
    for (index, sample) in samples.iter().enumerate() {
        if !sample.score.is_finite() {
            return Err(format!(
                "{set} sample {index}: the score {} is not finite",
                sample.score
            ));
        }
        in_unit_interval(&format!("{set} sample {index}: the result"), sample.result)?;
        for (perspective, features) in ["side to move", "opponent"].iter().zip(&sample.features) {
            if let Some(feature) = features
                .iter()
                .find(|&&feature| usize::from(feature) >= inputs)
            {
                return Err(format!(
                    "{set} sample {index}: feature {feature} ({perspective}'s view) is not below \
                     the number of inputs, {inputs}"
                ));
            }
        }
    }
    Ok(())
}

/// Checks that `value`, `what` names it, is in [0, 1].
fn in_unit_interval(what: &str, value: f32) -> Result<(), String> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{what} {value} is not in [0, 1]"))
    }
}

impl TrainConfig {
    /// Checks the settings, naming each by its `tabula train` option.
    pub fn check(&self) -> Result<(), String> {
        if self.hidden == 0 {
            return Err("the hidden layer's width is 0".to_string());
        }
        if self.epochs == 0 {
            return Err("--epochs 0: train for at least one epoch".to_string());
        }
        if self.batch_size == 0 {
            return Err("--batch-size 0: a batch holds at least one position".to_string());
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return Err(format!(
                "--learning-rate {} is not a positive number",
                self.learning_rate
            ));
        }
        in_unit_interval("--score-weight", self.score_weight)
    }
}

/// Checks the configuration and the samples before training.
fn check_training_input(
    inputs: usize,
    train_set: &[Sample],
    validation_set: &[Sample],
    config: &TrainConfig,
) -> Result<(), String> {
    if train_set.is_empty() {
        return Err("there are no training samples".to_string());
    }
    config.check()?;
    check_samples("training", train_set, inputs)?;
    check_samples("validation", validation_set, inputs)
}

/// The mean number of active features per perspective.
fn mean_active_features(samples: &[Sample]) -> f32 {
    let total: usize = samples
        .iter()
        .map(|sample| sample.features[0].len() + sample.features[1].len())
        .sum();
    total as f32 / (2 * samples.len()) as f32
}

/// Trains a net on `train_set`, reporting after every epoch (validation loss on `validation_set`,
/// NaN if it is empty).
///
/// Errors (as String): no samples, hidden == 0, a feature index >= inputs (naming the sample and
/// feature), epochs == 0, batch_size == 0, a non-finite score, a result outside [0, 1], a learning
/// rate that is not positive, a score weight outside [0, 1].
pub fn train(
    inputs: usize,
    train_set: &[Sample],
    validation_set: &[Sample],
    config: &TrainConfig,
    report: &mut dyn FnMut(&EpochReport),
) -> Result<FloatNet, String> {
    check_training_input(inputs, train_set, validation_set, config)?;
    let mut rng = SplitMix64(config.seed);
    let mut net = FloatNet::random(
        inputs,
        config.hidden,
        mean_active_features(train_set),
        &mut rng,
    );
    let mut accumulators = Accumulators::new(config.hidden);
    let mut batch = Batch::default();
    let mut gradients = Gradients::new(&net);
    let mut optimizer = Optimizer::new(&net);
    let mut order: Vec<usize> = (0..train_set.len()).collect();
    let total_steps = train_set.len().div_ceil(config.batch_size) * config.epochs;
    let mut step = 0;
    for epoch in 1..=config.epochs {
        let start = Instant::now();
        rng.shuffle(&mut order);
        let mut loss_sum = 0.0;
        for indices in order.chunks(config.batch_size) {
            batch.gather(train_set, indices, config.score_weight);
            for (features, target, offset) in batch.samples() {
                let sample_loss =
                    gradients.add_sample(&net, features, (target, offset), &mut accumulators);
                loss_sum += f64::from(sample_loss);
            }
            let learning_rate = learning_rate_at(config.learning_rate, step, total_steps);
            optimizer.step(&mut net, &gradients, indices.len(), learning_rate);
            gradients.clear();
            step += 1;
        }
        report(&EpochReport {
            epoch,
            train_loss: loss_sum / train_set.len() as f64,
            validation_loss: loss(&net, validation_set, config.score_weight),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    Ok(net)
}

#[cfg(test)]
#[path = "train_tests.rs"]
mod tests;
