//! How a level or an Elo plays a move, the one way `Engine.play` and the batched environment's
//! opponents both play: the random level draws a legal move, the greedy level takes the best by
//! a one-ply look, and every other level or Elo searches, below full strength where the level
//! or Elo asks it (`LimitedSearch`), within the limits given and the level's depth cap.

use crate::arguments::{Whole, optional, refused};
use pyo3::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula_core::board::Side;
use tabula_core::games::GameKind;
use tabula_core::level::{Level, random_move};
use tabula_core::search::limits::Limits;
use tabula_core::search::tt::TranspositionTable;
use tabula_core::search::{Settings, Signals};
use tabula_core::session::GameSession;
use tabula_core::strength::limited::{LimitedMove, LimitedSearch};
use tabula_core::strength::reach::reach;
use tabula_core::strength::{ELO_RANGE, Strength};

/// A level or an Elo of one game.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    game: GameKind,
    level: Level,
    /// The Elo played (within the game's measured span) when one was asked for.
    elo: Option<usize>,
}

impl Player {
    /// The player of `game` at the level named `level` (given as the keyword `keyword`) or at
    /// `elo` (one of them; full strength without either).
    pub fn new(
        game: GameKind,
        keyword: &str,
        level: Option<&str>,
        elo: Option<Whole>,
    ) -> PyResult<Player> {
        if level.is_some() && elo.is_some() {
            return Err(refused(format!("give {keyword} or elo, not both")));
        }
        let level = level.map(Level::parse).transpose().map_err(refused)?;
        let elo = optional(elo, "elo", ELO_RANGE)?
            .map(|elo| elo_played(game, elo))
            .transpose()?;
        Ok(Player {
            game,
            level: level.unwrap_or(Level::Max),
            elo,
        })
    }

    /// The Elo played, if one was asked for.
    pub fn elo(&self) -> Option<usize> {
        self.elo
    }

    /// The level's name, or `elo N`.
    pub fn name(&self) -> String {
        match self.elo {
            Some(elo) => format!("elo {elo}"),
            None => self.level.name().to_string(),
        }
    }

    /// Whether this player plays at full strength (`max`, no Elo).
    pub fn is_full_strength(&self) -> bool {
        self.elo.is_none() && self.level == Level::Max
    }

    /// Whether this player draws a uniformly random legal move.
    pub fn is_random(&self) -> bool {
        self.elo.is_none() && self.level == Level::Random
    }

    /// Whether the move is chosen without a search (the random and greedy levels).
    fn plays_at_once(&self) -> bool {
        self.elo.is_none() && matches!(self.level, Level::Random | Level::Greedy)
    }

    /// How this player searches within `limits`: those limits with the level's depth cap, and
    /// the search below full strength (its draws seeded by `seed`) where the level or Elo asks
    /// one.
    fn planned(
        &self,
        mut limits: Limits,
        settings: Settings,
        seed: u64,
    ) -> (Limits, Option<LimitedSearch>) {
        limits.depth = self.level.cap_depth(self.game, limits.depth);
        let asked = self
            .elo
            .map_or(Strength::FULL, |elo| Strength::from_elo(self.game, elo));
        let limited = self
            .level
            .limited_strength(self.game, asked)
            .map(|strength| LimitedSearch::new(strength, limits.clone(), settings, seed));
        (limits, limited)
    }

    /// Whether a move within `limits` would need a search that nothing ends.
    pub fn needs_limit(&self, limits: &Limits) -> bool {
        if self.plays_at_once() {
            return false;
        }
        let (limits, limited) = self.planned(limits.clone(), Settings::default(), 0);
        let bounds = limited.as_ref().map_or(&limits, LimitedSearch::limits);
        bounds.runs_until_stopped(Side::White) || bounds.runs_until_stopped(Side::Black)
    }

    /// The move this player plays in `session` within `limits` (checked by
    /// [`Player::needs_limit`]), its choices seeded by `seed`, searching with `tt` and
    /// `signals`: the move, the reply it expects and the line that chose it, where it searched.
    pub fn choose(
        &self,
        session: &dyn GameSession,
        limits: &Limits,
        settings: Settings,
        seed: u64,
        tt: &TranspositionTable,
        signals: &Signals,
    ) -> LimitedMove {
        let at_once = |best_move| LimitedMove {
            best_move,
            ..LimitedMove::default()
        };
        if self.elo.is_none() {
            match self.level {
                Level::Random => {
                    let mut rng = StdRng::seed_from_u64(seed);
                    return at_once(random_move(session, &[], &mut rng));
                }
                Level::Greedy => return at_once(session.greedy_move(&[])),
                _ => {}
            }
        }
        let (limits, limited) = self.planned(limits.clone(), settings, seed);
        if let Some(search) = limited {
            return search.run(session, tt, signals, &mut |_| {});
        }
        let mut last = None;
        let summary = session.search(&limits, settings, tt, signals, &mut |line| {
            if line.multipv == 1 {
                last = Some(line.clone());
            }
        });
        LimitedMove {
            best_move: summary.best_move,
            reply: summary.result.ponder_move,
            line: last,
        }
    }
}

/// The Elo `game` plays for `elo`: within the game's measured span (a warning says where it is
/// not).
fn elo_played(game: GameKind, elo: usize) -> PyResult<usize> {
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
