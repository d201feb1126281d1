//! Search limits as given by `go`, and the time plan derived from them.

use crate::game::Side;
use std::time::Duration;

/// One player's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_left_ms: u64,
    pub increment_ms: u64,
}

/// What bounds a search. Absent limits do not bound it; with none at all it runs until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub white_clock: Option<Clock>,
    pub black_clock: Option<Clock>,
    pub moves_to_go: Option<u32>,
    /// `mate N`: stop once a win in N moves or fewer is found (alone, it does not bound the
    /// search: without a mate it runs until stopped).
    pub mate: Option<u32>,
    pub infinite: bool,
    /// `ponder`: the search thinks on the opponent's time, unbounded by time until `ponderhit`.
    pub ponder: bool,
    /// `searchmoves`: the root moves to consider, as written (all when empty).
    pub search_moves: Vec<String>,
}

/// When to stop: `soft` is checked between iterations, `hard` while searching.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    /// Whether the soft limit may stretch or shrink with the search's confidence (under a
    /// clock, not a fixed time per move).
    pub adjustable: bool,
}

impl Limits {
    /// Whether the search uses a clock (so a lone legal move may be played at once).
    pub fn is_timed(&self) -> bool {
        !self.infinite && (self.white_clock.is_some() || self.black_clock.is_some())
    }

    /// Whether nothing but `stop` ends the search for `side` to move: `infinite`, or no depth,
    /// node, time or clock limit of its own.
    pub fn runs_until_stopped(&self, side: Side) -> bool {
        let own_clock = match side {
            Side::White => self.white_clock,
            Side::Black => self.black_clock,
        };
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime_ms.is_none()
                && own_clock.is_none())
    }

    /// The time plan for `side` to move, keeping `overhead_ms` for communication, with
    /// `expected_moves_left` of its own moves to come unless `movestogo` says otherwise.
    pub fn time_plan(&self, side: Side, overhead_ms: u64, expected_moves_left: u32) -> TimePlan {
        if self.infinite {
            return TimePlan::default();
        }
        let mut plan = TimePlan::default();
        let clock = match side {
            Side::White => self.white_clock,
            Side::Black => self.black_clock,
        };
        if let Some(clock) = clock {
            let available = clock.time_left_ms.saturating_sub(overhead_ms).max(1);
            let moves_left = self.moves_to_go.unwrap_or(expected_moves_left).clamp(1, 60) as u64;
            // With less than about eight increments on the clock, less of the increment is
            // planned, and below about two not even the hard limit reaches it: a game played on
            // the increment keeps a reserve against delays instead of running its clock dry.
            let increment_share = (clock.increment_ms * 3 / 4).min(available / 10);
            let share = available / moves_left + increment_share;
            let hard = (share * 4)
                .min(available * 2 / 5 + increment_share * 2 / 3)
                .min(available);
            plan.soft = Some(Duration::from_millis(share.min(hard).max(1)));
            plan.hard = Some(Duration::from_millis(hard.max(1)));
            plan.adjustable = self.movetime_ms.is_none();
        }
        if let Some(movetime) = self.movetime_ms {
            let budget = Duration::from_millis(movetime.saturating_sub(overhead_ms).max(1));
            plan.soft = Some(plan.soft.map_or(budget, |soft| soft.min(budget)));
            plan.hard = Some(plan.hard.map_or(budget, |hard| hard.min(budget)));
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_keeps_the_overhead() {
        let limits = Limits {
            movetime_ms: Some(1000),
            ..Limits::default()
        };
        let plan = limits.time_plan(Side::White, 30, 25);
        assert_eq!(plan.hard, Some(Duration::from_millis(970)));
    }

    #[test]
    fn a_long_game_plans_less_per_move_unless_movestogo_says_otherwise() {
        let clock = Clock {
            time_left_ms: 60_000,
            increment_ms: 0,
        };
        let mut limits = Limits {
            white_clock: Some(clock),
            ..Limits::default()
        };
        let soft = |limits: &Limits, moves_left| limits.time_plan(Side::White, 0, moves_left).soft;
        assert_eq!(soft(&limits, 25), Some(Duration::from_millis(2400)));
        assert_eq!(soft(&limits, 60), Some(Duration::from_millis(1000)));
        limits.moves_to_go = Some(10);
        assert_eq!(soft(&limits, 60), Some(Duration::from_millis(6000)));
    }

    #[test]
    fn clock_plan_never_exceeds_the_time_left() {
        for time_left_ms in [1, 10, 100, 1_000, 60_000] {
            let clock = Clock {
                time_left_ms,
                increment_ms: 100,
            };
            let limits = Limits {
                black_clock: Some(clock),
                ..Limits::default()
            };
            let plan = limits.time_plan(Side::Black, 10, 25);
            let hard = plan.hard.unwrap().as_millis() as u64;
            assert!(
                hard <= time_left_ms.saturating_sub(10).max(1),
                "{time_left_ms}: {hard}"
            );
            assert!(plan.soft.unwrap() <= plan.hard.unwrap());
        }
    }

    #[test]
    fn a_low_clock_is_rebuilt_from_the_increment() {
        for time_left_ms in [15, 30, 45] {
            let limits = Limits {
                white_clock: Some(Clock {
                    time_left_ms,
                    increment_ms: 20,
                }),
                ..Limits::default()
            };
            let hard = limits.time_plan(Side::White, 10, 25).hard.unwrap();
            assert!(hard < Duration::from_millis(20), "{time_left_ms}: {hard:?}");
        }
    }

    #[test]
    fn only_the_movers_clock_counts() {
        let clock = Clock {
            time_left_ms: 5000,
            increment_ms: 0,
        };
        let limits = Limits {
            white_clock: Some(clock),
            ..Limits::default()
        };
        assert_eq!(limits.time_plan(Side::Black, 10, 25), TimePlan::default());
        assert!(limits.time_plan(Side::White, 10, 25).hard.is_some());
    }
}
