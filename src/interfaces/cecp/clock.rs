//! The time control XBoard sets (`level`, `st`, `sd`, `time`, `otim`) and the search limits it
//! gives for one move.

use crate::game::Side;
use crate::search::limits::{Clock, Limits};

/// What bounds the engine's thinking, as the GUI has set it.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per control; 0 for the whole game.
    pub moves_per_control: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    /// `st`: a fixed time per move, which overrides the clocks.
    pub per_move_ms: Option<u64>,
    /// `sd`: the deepest search.
    pub depth: Option<u32>,
    /// The engine's clock (`time`), once told.
    pub own_ms: Option<u64>,
    /// The opponent's clock (`otim`), once told.
    pub opponent_ms: Option<u64>,
}

impl Default for TimeControl {
    /// XBoard's own default, 40 moves in 5 minutes.
    fn default() -> Self {
        TimeControl {
            moves_per_control: 40,
            base_ms: 300_000,
            increment_ms: 0,
            per_move_ms: None,
            depth: None,
            own_ms: None,
            opponent_ms: None,
        }
    }
}

impl TimeControl {
    /// The limits of a move for `engine` to move, `moves_played` of its own moves into the game.
    pub fn limits(&self, engine: Side, moves_played: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.per_move_ms {
            limits.movetime_ms = Some(ms);
            return limits;
        }
        let clock = |ms: Option<u64>| Clock {
            time_left_ms: ms.unwrap_or(self.base_ms),
            increment_ms: self.increment_ms,
        };
        let (white, black) = match engine {
            Side::White => (clock(self.own_ms), clock(self.opponent_ms)),
            Side::Black => (clock(self.opponent_ms), clock(self.own_ms)),
        };
        limits.white_clock = Some(white);
        limits.black_clock = Some(black);
        if self.moves_per_control > 0 {
            limits.moves_to_go =
                Some(self.moves_per_control - moves_played % self.moves_per_control);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_clock_goes_to_its_own_side() {
        let control = TimeControl {
            own_ms: Some(12_000),
            opponent_ms: Some(34_000),
            ..TimeControl::default()
        };
        let limits = control.limits(Side::Black, 0);
        assert_eq!(limits.black_clock.map(|c| c.time_left_ms), Some(12_000));
        assert_eq!(limits.white_clock.map(|c| c.time_left_ms), Some(34_000));
    }

    #[test]
    fn moves_to_go_counts_down_within_each_control() {
        let control = TimeControl::default();
        assert_eq!(control.limits(Side::White, 0).moves_to_go, Some(40));
        assert_eq!(control.limits(Side::White, 39).moves_to_go, Some(1));
        assert_eq!(control.limits(Side::White, 41).moves_to_go, Some(39));
    }

    #[test]
    fn a_fixed_time_per_move_replaces_the_clocks_and_depth_stays() {
        let control = TimeControl {
            per_move_ms: Some(2000),
            depth: Some(4),
            ..TimeControl::default()
        };
        let limits = control.limits(Side::White, 0);
        assert_eq!(limits.movetime_ms, Some(2000));
        assert_eq!(limits.depth, Some(4));
        assert_eq!(limits.white_clock, None);
    }
}
