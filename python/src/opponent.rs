//! The engine as an opponent inside a batch of games (`tabula_engine.vector`): a named level
//! (`random`, `greedy`, `novice` ... `max`) or an Elo, within depth, nodes or movetime limits,
//! choosing its move as `Engine.play` does (the random level, the greedy level, or the limited
//! search of the level or Elo). Its numbers come from Python as plain integers and are checked
//! here, so a negative one is a `ValueError`, not an `OverflowError`.

use crate::position::refused;
use pyo3::prelude::*;
use tabula_core::board::Side;
use tabula_core::games::GameKind;
use tabula_core::level::Level;
use tabula_core::search::limits::Limits;
use tabula_core::search::tt::TranspositionTable;
use tabula_core::search::{Settings, Signals};
use tabula_core::session::GameSession;
use tabula_core::strength::limited::LimitedSearch;
use tabula_core::strength::reach::reach;
use tabula_core::strength::{ELO_RANGE, Strength};

/// The hash table of an opponent's searches, in megabytes (the protocol's default).
const HASH_MB: usize = 16;

/// The engine playing one side of every game of a batch.
pub struct Opponent {
    game: GameKind,
    level: Level,
    /// The Elo played (within the game's measured span) when one was asked for.
    elo: Option<usize>,
    limits: Limits,
    tt: TranspositionTable,
}

impl Opponent {
    /// The opponent `level` (a level's name) or `elo` (one of them) in `game`, within `depth`,
    /// `movetime` (seconds) and `nodes` where given; refused where a search would need a limit
    /// and has none.
    pub fn new(
        game: GameKind,
        level: Option<&str>,
        elo: Option<i64>,
        depth: Option<i64>,
        movetime: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Opponent> {
        if level.is_some() && elo.is_some() {
            return Err(refused("give opponent or elo, not both".to_string()));
        }
        let level = match level {
            Some(name) => Level::parse(name).map_err(refused)?,
            None => Level::Max,
        };
        let elo = elo.map(|elo| elo_played(game, elo)).transpose()?;
        let depth = depth
            .map(|depth| match u32::try_from(depth) {
                Ok(depth @ 1..=255) => Ok(depth),
                _ => Err(refused(format!("depth {depth} is outside 1 to 255"))),
            })
            .transpose()?;
        let nodes = nodes
            .map(|nodes| match u64::try_from(nodes) {
                Ok(nodes @ 1..) => Ok(nodes),
                _ => Err(refused(format!("nodes {nodes} is not a positive number"))),
            })
            .transpose()?;
        let movetime_ms = movetime
            .map(|seconds| {
                if seconds.is_finite() && seconds > 0.0 && seconds < 1e9 {
                    Ok((seconds * 1000.0).ceil() as u64)
                } else {
                    Err(refused(format!(
                        "movetime {seconds} is not a positive number of seconds"
                    )))
                }
            })
            .transpose()?;
        let tt = TranspositionTable::try_new(HASH_MB).map_err(refused)?;
        let opponent = Opponent {
            game,
            level,
            elo,
            limits: Limits {
                depth,
                nodes,
                movetime_ms,
                ..Limits::default()
            },
            tt,
        };
        if !opponent.plays_at_once() {
            let (search, limits) = opponent.search(0);
            let bounds = search.as_ref().map_or(&limits, LimitedSearch::limits);
            if bounds.runs_until_stopped(Side::White) || bounds.runs_until_stopped(Side::Black) {
                return Err(refused(format!(
                    "the {} opponent needs depth, movetime or nodes",
                    opponent.name()
                )));
            }
        }
        Ok(opponent)
    }

    /// Whether this opponent plays a uniformly random legal move (the caller draws it).
    pub fn is_random(&self) -> bool {
        self.level == Level::Random && self.elo.is_none()
    }

    /// The level's name, or `elo N`.
    pub fn name(&self) -> String {
        match self.elo {
            Some(elo) => format!("elo {elo}"),
            None => self.level.name().to_string(),
        }
    }

    /// Whether the move is chosen without a search (the random and greedy levels).
    fn plays_at_once(&self) -> bool {
        self.elo.is_none() && matches!(self.level, Level::Random | Level::Greedy)
    }

    /// The limited search this opponent plays with (None at full strength) and the limits of
    /// the plain search otherwise, as `Engine.play` sets them up; `seed` draws the weaker
    /// levels' choices.
    fn search(&self, seed: u64) -> (Option<LimitedSearch>, Limits) {
        let asked = self
            .elo
            .map_or(Strength::FULL, |elo| Strength::from_elo(self.game, elo));
        let strength = self.level.limited_strength(self.game, asked);
        let mut limits = self.limits.clone();
        limits.depth = self.level.cap_depth(self.game, limits.depth);
        let settings = Settings::default();
        let limited =
            strength.map(|strength| LimitedSearch::new(strength, limits.clone(), settings, seed));
        (limited, limits)
    }

    /// The move this opponent plays in `session` (a game that goes on), seeded by `seed`,
    /// searched without the GIL; None where the rules leave no move. The random level is the
    /// caller's to draw ([`Opponent::is_random`]).
    pub fn choose(
        &self,
        py: Python<'_>,
        session: Box<dyn GameSession>,
        seed: u64,
    ) -> Option<String> {
        if self.elo.is_none() && self.level == Level::Greedy {
            return session.greedy_move(&[]);
        }
        let (limited, limits) = self.search(seed);
        let tt = &self.tt;
        py.detach(move || {
            let signals = Signals::default();
            match limited {
                Some(search) => {
                    search
                        .run(session.as_ref(), tt, &signals, &mut |_| {})
                        .best_move
                }
                None => {
                    session
                        .search(&limits, Settings::default(), tt, &signals, &mut |_| {})
                        .best_move
                }
            }
        })
    }

    /// Forgets what earlier searches learnt, as before new games.
    pub fn clear_hash(&self) {
        self.tt.clear();
    }
}

/// The Elo `game` plays for `elo`: checked against the option's range, and within the game's
/// measured span (a warning says where it is not).
fn elo_played(game: GameKind, elo: i64) -> PyResult<usize> {
    let (low, high) = ELO_RANGE;
    let elo = match usize::try_from(elo) {
        Ok(elo) if (low..=high).contains(&elo) => elo,
        _ => return Err(refused(format!("elo {elo} is outside {low} to {high}"))),
    };
    let reached = reach(game, elo);
    if let Some(note) = reached.note {
        Python::attach(|py| -> PyResult<()> {
            py.import("warnings")?
                .call_method1("warn", (format!("elo {note}"),))?;
            Ok(())
        })?;
    }
    Ok(reached.elo)
}
