//! The quantised net: its file format, its accumulators and its output.
//!
//! Weights are integers (as Stockfish's and bullet's nets are): the feature weights and biases
//! are the float weights times `QA` = 255 in `i16`, the output weights times `QB` = 64 in `i16`,
//! the output bias times `QA * QB` in `i32`. An accumulator is the feature bias plus the weights
//! of the active features, so adding and removing a feature's weights move by move gives exactly
//! the sum computed from scratch (integer sums do not depend on their order).
//!
//! The file (little-endian): `TABULANN`, version 1, the game's name (16 bytes, zero-padded), the
//! board's width and height, the number of inputs and the hidden width (each `u32`), the feature
//! weights (input by input), the feature biases, the output weights (side to move's half, then
//! the opponent's), the output bias, and an FNV-1a digest of everything before it (`u64`).

use super::train::FloatNet;
use crate::board::BoardSize;
use crate::board::Side;

/// The hidden width of every net tabula reads: the accumulators are arrays of this size.
pub const HIDDEN: usize = 128;
/// The quantisation of the feature weights and of the accumulators: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The quantisation of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the float net's output.
pub const SCALE: i32 = 400;
/// The first bytes of a net file.
const MAGIC: &[u8; 8] = b"TABULANN";
const VERSION: u32 = 1;
/// The bytes of the game's name in a net file.
const NAME_BYTES: usize = 16;
/// The most inputs a net may have: three features a square on the largest board.
pub const MAX_INPUTS: usize = 3 * 25 * 25;
/// The largest valid net file.
pub const MAX_FILE_BYTES: u64 =
    (8 + 4 + NAME_BYTES + 4 * 4 + 2 * (MAX_INPUTS * HIDDEN + 3 * HIDDEN) + 4 + 8) as u64;

/// A quantised net for one game and board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub game: String,
    pub size: BoardSize,
    pub inputs: usize,
    /// `inputs * HIDDEN`: the weights of input `i` at `[i * HIDDEN..][..HIDDEN]`.
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    /// `2 * HIDDEN`: the side to move's half, then the opponent's.
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
}

/// The accumulators of a position: one per perspective (white's, black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    pub values: [[i16; HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            values: [[0; HIDDEN]; 2],
        }
    }
}

/// The 64-bit FNV-1a digest of `bytes`.
fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads a net file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or_else(|| format!("cut short in its {what} (byte {})", self.at))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        let bytes = self.take(4, what)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, String> {
        let bytes = self.take(2 * n, what)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect())
    }
}

impl Network {
    /// Reads a net from the bytes of its file, or says what is wrong with them.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not a tabula net (it does not start with TABULANN)".to_string());
        }
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(format!("{} bytes, larger than any net", bytes.len()));
        }
        let mut reader = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = reader.u32("version")?;
        if version != VERSION {
            return Err(format!(
                "version {version}; this tabula reads version {VERSION}"
            ));
        }
        let name = reader.take(NAME_BYTES, "game name")?;
        let game = String::from_utf8_lossy(name)
            .trim_end_matches('\0')
            .to_string();
        let (width, height) = (reader.u32("width")?, reader.u32("height")?);
        if !(1..=25).contains(&width) || !(1..=25).contains(&height) {
            return Err(format!(
                "its board {width}x{height} is not 1 to 25 each way"
            ));
        }
        let size = BoardSize {
            width: width as usize,
            height: height as usize,
        };
        let inputs = reader.u32("input count")? as usize;
        let hidden = reader.u32("hidden width")? as usize;
        if hidden != HIDDEN {
            return Err(format!("hidden width {hidden}; this tabula reads {HIDDEN}"));
        }
        if inputs == 0 || inputs > MAX_INPUTS {
            return Err(format!("{inputs} inputs (1 to {MAX_INPUTS})"));
        }
        let feature_weights = reader.i16s(inputs * HIDDEN, "feature weights")?;
        let feature_bias = reader.i16s(HIDDEN, "feature biases")?;
        let output_weights = reader.i16s(2 * HIDDEN, "output weights")?;
        let output_bias = reader.u32("output bias")? as i32;
        let body = reader.at;
        let stored = reader.take(8, "digest")?;
        let stored = u64::from_le_bytes(stored.try_into().unwrap_or([0; 8]));
        if reader.at != bytes.len() {
            return Err(format!(
                "{} after its end",
                crate::words::counted(bytes.len() - reader.at, "byte")
            ));
        }
        if stored != digest(&bytes[..body]) {
            return Err("its digest does not match its contents (corrupt?)".to_string());
        }
        Ok(Network {
            game,
            size,
            inputs,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// The bytes of the net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(VERSION.to_le_bytes());
        let mut name = self.game.as_bytes().to_vec();
        name.resize(NAME_BYTES, 0);
        bytes.extend(name);
        for field in [self.size.width, self.size.height, self.inputs, HIDDEN] {
            bytes.extend((field as u32).to_le_bytes());
        }
        for weights in [
            &self.feature_weights,
            &self.feature_bias,
            &self.output_weights,
        ] {
            bytes.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
        }
        bytes.extend(self.output_bias.to_le_bytes());
        let sum = digest(&bytes);
        bytes.extend(sum.to_le_bytes());
        bytes
    }

    /// The net `float` quantised, for `game` at `size`. `float` must have [`HIDDEN`] hidden
    /// units (the trainer is given that width).
    pub fn quantise(float: &FloatNet, game: &str, size: BoardSize) -> Network {
        let scaled = |weights: &[f32], by: i32| -> Vec<i16> {
            (weights.iter())
                .map(|w| (w * by as f32).round().clamp(-32767.0, 32767.0) as i16)
                .collect()
        };
        Network {
            game: game.to_string(),
            size,
            inputs: float.inputs,
            feature_weights: scaled(&float.feature_weights, QA),
            feature_bias: scaled(&float.feature_bias, QA),
            output_weights: scaled(&float.output_weights, QB),
            output_bias: (float.output_bias * (QA * QB) as f32).round() as i32,
        }
    }

    /// The score in centipawns of a position given by its active inputs from the side to
    /// move's view and the opponent's (as training data holds them).
    pub fn evaluate_features(&self, features: &[Vec<u16>; 2]) -> i32 {
        let mut accumulator = Accumulator::default();
        for (side, active) in [Side::White, Side::Black].into_iter().zip(features) {
            let inputs = active
                .iter()
                .map(|&f| usize::from(f))
                .filter(|&f| f < self.inputs);
            self.refresh(&mut accumulator, side, inputs);
        }
        self.evaluate(&accumulator, Side::White)
    }

    /// The weights of input `feature`.
    #[inline]
    fn weights_of(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * HIDDEN..][..HIDDEN]
    }

    /// `perspective`'s accumulator computed from scratch: the bias plus the weights of
    /// `features` (each below `inputs`).
    pub fn refresh(
        &self,
        accumulator: &mut Accumulator,
        perspective: Side,
        features: impl Iterator<Item = usize>,
    ) {
        let values = &mut accumulator.values[perspective.index()];
        values.copy_from_slice(&self.feature_bias);
        for feature in features {
            for (value, &weight) in values.iter_mut().zip(self.weights_of(feature)) {
                *value = value.wrapping_add(weight);
            }
        }
    }

    /// Adds input `feature`'s weights to `perspective`'s accumulator.
    #[inline]
    pub fn add(&self, accumulator: &mut Accumulator, perspective: Side, feature: usize) {
        let values = &mut accumulator.values[perspective.index()];
        for (value, &weight) in values.iter_mut().zip(self.weights_of(feature)) {
            *value = value.wrapping_add(weight);
        }
    }

    /// Takes input `feature`'s weights from `perspective`'s accumulator.
    #[inline]
    pub fn remove(&self, accumulator: &mut Accumulator, perspective: Side, feature: usize) {
        let values = &mut accumulator.values[perspective.index()];
        for (value, &weight) in values.iter_mut().zip(self.weights_of(feature)) {
            *value = value.wrapping_sub(weight);
        }
    }

    /// Moves input `from`'s weights to input `to` in `perspective`'s accumulator (a piece that
    /// moves), in one pass.
    #[inline]
    pub fn shift(&self, accumulator: &mut Accumulator, perspective: Side, from: usize, to: usize) {
        let values = &mut accumulator.values[perspective.index()];
        let (gone, come) = (self.weights_of(from), self.weights_of(to));
        for ((value, &old), &new) in values.iter_mut().zip(gone).zip(come) {
            *value = value.wrapping_add(new.wrapping_sub(old));
        }
    }

    /// The score in centipawns for the side to move `mover`.
    #[inline]
    pub fn evaluate(&self, accumulator: &Accumulator, mover: Side) -> i32 {
        let halves = [
            &accumulator.values[mover.index()],
            &accumulator.values[mover.opponent().index()],
        ];
        let mut sum: i64 = 0;
        for (half, weights) in halves
            .into_iter()
            .zip(self.output_weights.chunks_exact(HIDDEN))
        {
            // As Stockfish and bullet do it: `clipped * weight` fits an i16 for the output
            // weights a trainer makes (at most 1.98 * QB = 126 in size), so the products and
            // their sums are the pairwise multiply-adds every vector unit has. A net from
            // outside with larger weights evaluates wrongly, but never stops the engine.
            let mut part: i32 = 0;
            for (&value, &weight) in half.iter().zip(weights) {
                let clipped = value.clamp(0, QA as i16);
                let weighted = clipped.wrapping_mul(weight);
                part = part.wrapping_add(i32::from(weighted) * i32::from(clipped));
            }
            sum += i64::from(part);
        }
        let out = (sum / i64::from(QA) + i64::from(self.output_bias)) * i64::from(SCALE)
            / i64::from(QA * QB);
        out.clamp(-i64::from(i16::MAX), i64::from(i16::MAX)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_net() -> Network {
        let inputs = 4;
        Network {
            game: "jesonmor".to_string(),
            size: BoardSize::square(9),
            inputs,
            feature_weights: (0..inputs * HIDDEN).map(|i| (i % 17) as i16 - 8).collect(),
            feature_bias: (0..HIDDEN).map(|i| (i % 5) as i16 * 20).collect(),
            output_weights: (0..2 * HIDDEN).map(|i| (i % 7) as i16 - 3).collect(),
            output_bias: -1234,
        }
    }

    #[test]
    fn a_net_reads_back_as_written_and_damage_is_named() {
        let net = small_net();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        let mut flipped = bytes.clone();
        flipped[60] ^= 4;
        assert!(
            Network::from_bytes(&flipped)
                .unwrap_err()
                .contains("digest")
        );
        assert!(
            Network::from_bytes(&bytes[..bytes.len() - 3])
                .unwrap_err()
                .contains("cut short")
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(
            Network::from_bytes(&longer)
                .unwrap_err()
                .contains("1 byte after")
        );
        assert!(
            Network::from_bytes(b"TABULAXX")
                .unwrap_err()
                .contains("not a tabula net")
        );
    }

    #[test]
    fn the_score_is_the_float_formula_in_integers() {
        let net = small_net();
        let mut accumulator = Accumulator::default();
        net.refresh(&mut accumulator, Side::White, [0, 2].into_iter());
        net.refresh(&mut accumulator, Side::Black, [1].into_iter());
        // The same sum in floats: screlu of each accumulator over QA, times the output weights
        // over QB, plus the bias over QA * QB, times SCALE.
        let float = |side: Side, half: usize| -> f64 {
            (0..HIDDEN)
                .map(|j| {
                    let a = f64::from(accumulator.values[side.index()][j]) / f64::from(QA);
                    let c = a.clamp(0.0, 1.0);
                    c * c * f64::from(net.output_weights[half * HIDDEN + j]) / f64::from(QB)
                })
                .sum()
        };
        let expected = (float(Side::Black, 0)
            + float(Side::White, 1)
            + f64::from(net.output_bias) / f64::from(QA * QB))
            * f64::from(SCALE);
        let got = net.evaluate(&accumulator, Side::Black);
        assert!(
            (f64::from(got) - expected).abs() <= 1.0,
            "{got} vs {expected}"
        );
        // Moving a feature gives the accumulator made from scratch.
        let mut moved = accumulator;
        net.shift(&mut moved, Side::White, 2, 3);
        let mut fresh = Accumulator::default();
        net.refresh(&mut fresh, Side::White, [0, 3].into_iter());
        assert_eq!(moved.values[0], fresh.values[0]);
    }
}
