//! What perfect play makes of a position ([`Proven`]), and the tablebases that know it for a
//! game's positions ([`Tablebase`]): a solved game's table or a proof, which the search asks
//! inside its tree (UCI's `tbhits`). It sits below the games, which say which tablebases are
//! theirs ([`crate::game::Game::tablebase`]); loading one and asking it for a session's position
//! belong to the session's layer (`session::Oracle`).

/// What perfect play makes of a position for its side to move, as a table, a proof or a
/// solver proved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The side to move wins: the game ends after this many plies of perfect play, where the
    /// oracle knows it (a table does, a proof of the winner's strategy does not).
    Win(Option<u32>),
    /// The side to move loses, in this many plies where known.
    Loss(Option<u32>),
    /// Neither side can force a win.
    Draw,
}

impl Proven {
    /// The value of a move for the side that plays it, from the value of the position it leads
    /// to (for the other side): one ply longer, and the other way round.
    pub fn before_move(self) -> Proven {
        let longer = |plies: Option<u32>| plies.map(|n| n + 1);
        match self {
            Proven::Win(plies) => Proven::Loss(longer(plies)),
            Proven::Loss(plies) => Proven::Win(longer(plies)),
            Proven::Draw => Proven::Draw,
        }
    }

    /// The value in words: `win in 7`, `win`, `loss in 4`, `draw` (plies, as lichess's
    /// tablebase counts them).
    pub fn text(self) -> String {
        let with = |word: &str, plies: Option<u32>| match plies {
            Some(n) => format!("{word} in {n}"),
            None => word.to_string(),
        };
        match self {
            Proven::Win(plies) => with("win", plies),
            Proven::Loss(plies) => with("loss", plies),
            Proven::Draw => "draw".to_string(),
        }
    }

    /// The value as a word (`win`, `loss`, `draw`) and the plies to the end where known.
    pub fn parts(self) -> (&'static str, Option<u32>) {
        match self {
            Proven::Win(plies) => ("win", plies),
            Proven::Loss(plies) => ("loss", plies),
            Proven::Draw => ("draw", None),
        }
    }

    /// How good the value is for the side to move: a quicker win is better, a slower loss is
    /// better, and a known distance beats an unknown one of the same kind.
    pub fn rank(self) -> i64 {
        let far = i64::from(u32::MAX);
        match self {
            Proven::Win(plies) => 2 * far - plies.map_or(far - 1, i64::from),
            Proven::Draw => 0,
            Proven::Loss(plies) => plies.map_or(1 - far, i64::from) - 2 * far,
        }
    }
}

/// Perfect values of a game's positions, known without searching: asked at every node of the
/// search below its root, where a hit ends the branch with the proven score.
pub trait Tablebase<G>: Send + Sync {
    /// The value of `position` for its side to move, if this tablebase covers it. Cheap: a
    /// lookup, never a search.
    fn probe(&self, position: &G) -> Option<Proven>;
}
