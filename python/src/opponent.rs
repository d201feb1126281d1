//! The engine as an opponent inside a batch of games (`tabula_engine.vector`): a [`Player`]
//! (a named level or an Elo) within depth, nodes or movetime limits, with a hash table of its
//! own, choosing its move as `Engine.play` does.

use crate::arguments::{Seconds, Whole, refused};
use crate::limit::read_limits;
use crate::player::Player;
use pyo3::prelude::*;
use tabula_core::games::GameKind;
use tabula_core::search::limits::Limits;
use tabula_core::search::tt::TranspositionTable;
use tabula_core::search::{Settings, Signals};
use tabula_core::session::GameSession;

/// The hash table of an opponent's searches, in megabytes (the protocol's default).
const HASH_MB: usize = 16;

/// The engine playing one side of every game of a batch.
pub struct Opponent {
    player: Player,
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
        elo: Option<Whole>,
        depth: Option<Whole>,
        movetime: Option<f64>,
        nodes: Option<Whole>,
    ) -> PyResult<Opponent> {
        let player = Player::new(game, "opponent", level, elo)?;
        let limits = read_limits(None, depth, movetime.map(Seconds::from), nodes)?;
        if player.needs_limit(&limits) {
            return Err(refused(format!(
                "the {} opponent needs depth, movetime or nodes",
                player.name()
            )));
        }
        let tt = TranspositionTable::try_new(HASH_MB).map_err(refused)?;
        Ok(Opponent { player, limits, tt })
    }

    /// Whether this opponent plays a uniformly random legal move (the caller draws it).
    pub fn is_random(&self) -> bool {
        self.player.is_random()
    }

    /// The level's name, or `elo N`.
    pub fn name(&self) -> String {
        self.player.name()
    }

    /// The move this opponent plays in `session` (a game that goes on), seeded by `seed`,
    /// searched without the GIL; None where the rules leave no move.
    pub fn choose(
        &self,
        py: Python<'_>,
        session: Box<dyn GameSession>,
        seed: u64,
    ) -> Option<String> {
        let (player, limits, tt) = (&self.player, &self.limits, &self.tt);
        py.detach(move || {
            let signals = Signals::default();
            let settings = Settings::default();
            player
                .choose(session.as_ref(), limits, settings, seed, tt, &signals)
                .best_move
        })
    }

    /// Forgets what earlier searches learnt, as before new games.
    pub fn clear_hash(&self) {
        self.tt.clear();
    }
}
