//! `VectorGames`: N games of one kind and size stepped together, the Rust side of
//! `tabula_engine.vector`. Actions are the PettingZoo environment's legs (`from * cells + to`,
//! and *stop* = `cells * cells`); observations are its planes. Each call works on the typed
//! games (no move is written out but the ones played) and writes the whole batch's planes,
//! masks, rewards and flags into flat buffers that Python made (bytearrays seen by numpy), so
//! nothing is copied per game in Python. A finished game starts again in the same step, its
//! last planes kept for `final_obs` (Gymnasium's "same-step" autoreset), or is held over until
//! a step or a reset is told to start it again (the "next-step" and "disabled" modes, which
//! `vector.py` keeps).

mod games;
mod legs;
mod shape;

use crate::arguments::{Size, Whole, refused};
use crate::opponent::Opponent;
use crate::values::Outcome as PyOutcome;
use games::{Batch, Games, Report, Rules};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use shape::Shape;
use tabula_core::at_word_class;
use tabula_core::board::Side;
use tabula_core::board::bitboard::words_for;
use tabula_core::board::geometry::geometry;
use tabula_core::games::apart::Apart;
use tabula_core::games::claustro::Claustro;
use tabula_core::games::jesonmor::JesonMor;
use tabula_core::games::joust::Joust;
use tabula_core::games::{GameKind, game_and_size};

/// Planes of an observation (see `tabula_engine.pettingzoo`).
const PLANES: usize = 7;
/// The most games one batch holds.
const MOST_GAMES: i64 = 1 << 20;
/// The action that asks for a random legal action, drawn here.
const RANDOM_ACTION: i64 = -1;

fn boxed<B: Batch + 'static>(batch: Result<B, String>) -> Result<Box<dyn Batch>, String> {
    batch.map(|batch| Box::new(batch) as Box<dyn Batch>)
}

/// Refuses a buffer Python made for one of a call's outputs that does not hold `len` bytes.
fn check_buffer(buffer: &Bound<'_, PyByteArray>, name: &str, len: usize) -> PyResult<()> {
    if buffer.len() == len {
        Ok(())
    } else {
        Err(refused(format!(
            "the {name} buffer holds {} bytes, not {len}",
            buffer.len()
        )))
    }
}

/// Runs `write` on the bytes of `buffer` (checked by [`check_buffer`]).
fn with_buffer<T>(buffer: &Bound<'_, PyByteArray>, write: impl FnOnce(&mut [u8]) -> T) -> T {
    // SAFETY: the GIL is held throughout `write`, which runs no Python code (the opponents have
    // searched before), and the bytearray is not resized meanwhile (numpy's views of it forbid
    // that, and nothing else runs); the caller never passes one bytearray twice at once.
    write(unsafe { buffer.as_bytes_mut() })
}

/// N games of one kind and size stepped together (the Rust side of `tabula_engine.vector`).
#[pyclass(module = "tabula_engine")]
pub struct VectorGames {
    batch: Box<dyn Batch>,
    count: usize,
    /// The final planes of the games the last step ended.
    final_obs: Vec<u8>,
    /// Where each game ended in the last step, the side to move at its end.
    ended: Vec<Option<Side>>,
}

#[pymethods]
impl VectorGames {
    /// `count` games of `game` on a board of `size`; with an `opponent` (a level's name) or an
    /// `elo`, the engine plays the side that is not `learner`'s within `depth`, `movetime`
    /// (seconds) and `nodes`; `max_plies` truncates longer games.
    #[new]
    #[pyo3(signature = (game, count, size = None, opponent = None, elo = None,
        learner = "white", depth = None, movetime = None, nodes = None, max_plies = None,
        illegal_action = "raise"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        count: i64,
        size: Option<Size>,
        opponent: Option<&str>,
        elo: Option<Whole>,
        learner: &str,
        depth: Option<Whole>,
        movetime: Option<f64>,
        nodes: Option<Whole>,
        max_plies: Option<i64>,
        illegal_action: &str,
    ) -> PyResult<VectorGames> {
        let (kind, size) = game_and_size(game, Size::text(&size)).map_err(refused)?;
        if !(1..=MOST_GAMES).contains(&count) {
            return Err(refused(format!(
                "num_envs {count} is outside 1 to {MOST_GAMES}"
            )));
        }
        let learner = match learner {
            "white" | "player_0" => Side::White,
            "black" | "player_1" => Side::Black,
            other => {
                return Err(refused(format!("learner '{other}' is not white or black")));
            }
        };
        let max_plies = max_plies
            .map(|most| match usize::try_from(most) {
                Ok(most @ 1..) => Ok(most),
                _ => Err(refused(format!(
                    "max_plies {most} is not a positive number"
                ))),
            })
            .transpose()?;
        let illegal_loses = match illegal_action {
            "raise" => false,
            "lose" => true,
            other => {
                return Err(refused(format!(
                    "illegal_action '{other}' is not 'raise' or 'lose'"
                )));
            }
        };
        let has_limits = depth.is_some() || movetime.is_some() || nodes.is_some();
        let opponent = if opponent.is_some() || elo.is_some() {
            Some(Opponent::new(kind, opponent, elo, depth, movetime, nodes)?)
        } else if has_limits {
            return Err(refused(
                "depth, movetime and nodes are the opponent's: give opponent or elo".to_string(),
            ));
        } else {
            None
        };
        if !(1..=25).contains(&size.width) || !(1..=25).contains(&size.height) {
            return Err(refused(format!(
                "{} board {size} is not allowed ({})",
                kind.name(),
                kind.sizes()
            )));
        }
        let shape = Shape {
            width: size.width,
            height: size.height,
            cells: size.width * size.height,
            geometry: geometry(size.width, size.height),
        };
        let count = count as usize;
        let words = words_for(shape.cells);
        let rules = Rules {
            opponent,
            learner,
            max_plies,
            illegal_loses,
        };
        let batch = match kind {
            GameKind::Joust => {
                at_word_class!(words, boxed(Games::<Joust>::new(shape, size, count, rules)))
            }
            GameKind::JesonMor => {
                at_word_class!(
                    words,
                    boxed(Games::<JesonMor>::new(shape, size, count, rules))
                )
            }
            GameKind::Claustro => {
                at_word_class!(
                    words,
                    boxed(Games::<Claustro>::new(shape, size, count, rules))
                )
            }
            GameKind::Apart => {
                at_word_class!(words, boxed(Games::<Apart>::new(shape, size, count, rules)))
            }
        }
        .map_err(refused)?;
        Ok(VectorGames {
            batch,
            count,
            final_obs: vec![0; count * shape.cells * PLANES],
            ended: vec![None; count],
        })
    }

    /// The board's width and height.
    #[getter]
    fn board(&self) -> (usize, usize) {
        let shape = self.batch.shape();
        (shape.width, shape.height)
    }

    /// Starts every game again (or those that the bytes of `only` flag), each game's draws
    /// seeded from `seed` (0 to 2**63 - 1), and writes their planes, masks and sides to move.
    #[pyo3(signature = (seed, obs, mask, to_move, only = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: i64,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
        only: Option<&[u8]>,
    ) -> PyResult<()> {
        let seed = u64::try_from(seed)
            .map_err(|_| refused(format!("seed {seed} is outside 0 to {}", i64::MAX)))?;
        let [planes, masks, sides] = self.view_sizes();
        self.check_outputs(&[
            (obs, "observation", planes),
            (mask, "action_mask", masks),
            (to_move, "to_move", sides),
        ])?;
        let only = only
            .map(|flags| self.flags("reset_mask", flags))
            .transpose()?;
        self.batch.reset(py, seed, only.as_deref())?;
        self.write(obs, mask, to_move);
        Ok(())
    }

    /// Plays `actions` (the bytes of `count` native int64 actions; -1 asks for a random legal
    /// one): all are checked before any is played. The games that the bytes of `restart` flag
    /// start again instead, their actions ignored. A game that ends starts again at once where
    /// `same_step` (its final planes written into `final_obs`, `ended` says which), else it is
    /// held over. Writes the planes, masks, rewards, terminations, truncations and sides to
    /// move into the buffers, and into `ended` 0 for a game that goes on, else 1 + the side to
    /// move at its end (1 white, 2 black); returns the plies played.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &[u8],
        restart: &[u8],
        same_step: bool,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        rewards: &Bound<'_, PyByteArray>,
        terminated: &Bound<'_, PyByteArray>,
        truncated: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
        final_obs: &Bound<'_, PyByteArray>,
        ended: &Bound<'_, PyByteArray>,
    ) -> PyResult<u64> {
        if actions.len() != self.count * 8 {
            return Err(refused(format!(
                "{} bytes of actions, not {} ({} int64)",
                actions.len(),
                self.count * 8,
                self.count
            )));
        }
        let actions: Vec<i64> = actions
            .chunks_exact(8)
            .map(|bytes| {
                let mut word = [0u8; 8];
                word.copy_from_slice(bytes);
                i64::from_ne_bytes(word)
            })
            .collect();
        let count = self.count;
        let [planes, masks, sides] = self.view_sizes();
        self.check_outputs(&[
            (obs, "observation", planes),
            (mask, "action_mask", masks),
            (rewards, "rewards", count * 4),
            (terminated, "terminations", count),
            (truncated, "truncations", count),
            (to_move, "to_move", sides),
            (final_obs, "final_obs", planes),
            (ended, "ended", count),
        ])?;
        let restart = self.flags("restart", restart)?;
        self.batch.check(&actions, &restart).map_err(refused)?;
        let mut rewards_now = vec![0f32; count];
        let mut terminated_now = vec![false; count];
        let mut truncated_now = vec![false; count];
        let mut report = Report {
            rewards: &mut rewards_now,
            terminated: &mut terminated_now,
            truncated: &mut truncated_now,
            ended: &mut self.ended,
            final_obs: &mut self.final_obs,
        };
        let plies = self
            .batch
            .step(py, &actions, &restart, same_step, &mut report)?;
        with_buffer(rewards, |target| {
            for (bytes, reward) in target.chunks_exact_mut(4).zip(&rewards_now) {
                bytes.copy_from_slice(&reward.to_ne_bytes());
            }
        });
        with_buffer(ended, |target| {
            for (byte, side) in target.iter_mut().zip(&self.ended) {
                *byte = side.map_or(0, |side| 1 + side.index() as u8);
            }
        });
        for (source, target) in [(&terminated_now, terminated), (&truncated_now, truncated)] {
            with_buffer(target, |target| {
                for (byte, &flag) in target.iter_mut().zip(source.iter()) {
                    *byte = u8::from(flag);
                }
            });
        }
        let per_game = self.final_obs.len() / count;
        with_buffer(final_obs, |target| {
            for index in (0..count).filter(|&index| same_step && self.ended[index].is_some()) {
                let rows = index * per_game..(index + 1) * per_game;
                target[rows.clone()].copy_from_slice(&self.final_obs[rows]);
            }
        });
        self.write(obs, mask, to_move);
        Ok(plies)
    }

    /// A random legal action of each game (drawn from each game's seeded draws), as the bytes
    /// of `count` native int64.
    fn sample(&mut self) -> Vec<u8> {
        let mut actions = vec![0i64; self.count];
        self.batch.sample(&mut actions);
        actions.iter().flat_map(|a| a.to_ne_bytes()).collect()
    }

    /// The moves of game `index` since it started, as the rules write them.
    fn moves(&self, index: i64) -> PyResult<Vec<String>> {
        Ok(self.batch.moves(self.index(index)?))
    }

    /// The position string of game `index`.
    fn fen(&self, index: i64) -> PyResult<String> {
        Ok(self.batch.fen(self.index(index)?))
    }

    /// The moves of the last game that slot `index` finished and how it ended (None where it
    /// was truncated), or None before its first game ends.
    fn last_game(&self, index: i64) -> PyResult<Option<(Vec<String>, Option<PyOutcome>)>> {
        Ok(self
            .batch
            .last(self.index(index)?)
            .map(|(moves, verdict)| (moves, verdict.map(PyOutcome::from))))
    }
}

impl VectorGames {
    fn index(&self, index: i64) -> PyResult<usize> {
        usize::try_from(index)
            .ok()
            .filter(|&index| index < self.count)
            .ok_or_else(|| refused(format!("game {index} is outside 0 to {}", self.count - 1)))
    }

    /// One flag a game from `bytes` (nonzero is set), or a refusal naming `name`.
    fn flags(&self, name: &str, bytes: &[u8]) -> PyResult<Vec<bool>> {
        if bytes.len() != self.count {
            return Err(refused(format!(
                "{name} of {} games, not {}",
                bytes.len(),
                self.count
            )));
        }
        Ok(bytes.iter().map(|&byte| byte != 0).collect())
    }

    /// Refuses output buffers of the wrong sizes, or one bytearray passed twice.
    fn check_outputs(&self, buffers: &[(&Bound<'_, PyByteArray>, &str, usize)]) -> PyResult<()> {
        for (at, (buffer, name, len)) in buffers.iter().enumerate() {
            check_buffer(buffer, name, *len)?;
            if buffers[..at].iter().any(|(other, _, _)| other.is(*buffer)) {
                return Err(refused(format!("the {name} buffer is passed twice")));
            }
        }
        Ok(())
    }

    /// The sizes of the planes', masks' and sides' buffers.
    fn view_sizes(&self) -> [usize; 3] {
        let shape = self.batch.shape();
        [
            self.count * shape.cells * PLANES,
            self.count * shape.actions(),
            self.count,
        ]
    }

    /// Writes the planes, masks and sides to move (buffers checked by `check_outputs`).
    fn write(
        &mut self,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
    ) {
        let batch = &mut self.batch;
        with_buffer(obs, |obs| {
            with_buffer(mask, |mask| {
                with_buffer(to_move, |to_move| batch.write(obs, mask, to_move))
            })
        });
    }
}
