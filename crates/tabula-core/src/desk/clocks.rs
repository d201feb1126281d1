//! The players' clocks of a game with a clock limit: milliseconds left, and the side whose clock
//! runs since when. Time used is charged in whole milliseconds rounded up, so that a mover is
//! never charged less than it used.

use super::table::Limit;
use crate::clock::Instant;
use crate::game::Side;
use std::time::Duration;

/// The whole milliseconds charged for `used`: rounded up, so that many short moves cannot each
/// escape their fraction of a millisecond.
fn charged_ms(used: Duration) -> i64 {
    i64::try_from(used.as_nanos().div_ceil(1_000_000)).unwrap_or(i64::MAX)
}

/// Both clocks.
#[derive(Clone, Debug)]
pub struct Clocks {
    left_ms: [i64; 2],
    increment_ms: i64,
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// The clocks a game under `limit` has: none but under a clock limit.
    pub fn for_limit(limit: Limit) -> Option<Clocks> {
        match limit {
            Limit::Clock { base_ms, inc_ms } => Some(Clocks::new(base_ms, inc_ms)),
            _ => None,
        }
    }

    /// Both sides with `base_ms`, gaining `increment_ms` per move; no clock runs.
    pub fn new(base_ms: u64, increment_ms: u64) -> Clocks {
        let base = i64::try_from(base_ms).unwrap_or(i64::MAX);
        Clocks {
            left_ms: [base, base],
            increment_ms: i64::try_from(increment_ms).unwrap_or(0),
            running: None,
        }
    }

    /// The time left of `side` now, counting the running clock.
    pub fn left_ms(&self, side: Side) -> i64 {
        let spent = match self.running {
            Some((running, since)) if running == side => charged_ms(since.elapsed()),
            _ => 0,
        };
        self.left_ms[side.index()] - spent
    }

    /// Sets the time left of both sides (a game set up again with the time it had); a running
    /// clock runs on from now.
    pub fn set_left_ms(&mut self, white_ms: u64, black_ms: u64) {
        self.left_ms = [white_ms, black_ms].map(|ms| i64::try_from(ms).unwrap_or(i64::MAX));
        self.restart_running();
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Stops the running clock, charging its time.
    pub fn pause(&mut self) {
        if let Some((side, since)) = self.running.take() {
            self.charge(side, since.elapsed());
        }
    }

    /// Takes `used` off the clock of `side`, rounded up to a whole millisecond.
    fn charge(&mut self, side: Side, used: Duration) {
        let left = &mut self.left_ms[side.index()];
        *left = left.saturating_sub(charged_ms(used));
    }

    /// The running clock counts from now: the time since it was started is not charged (the
    /// browser's engine Worker was starting, and the engine could not think yet).
    pub fn restart_running(&mut self) {
        if let Some((side, _)) = self.running {
            self.running = Some((side, Instant::now()));
        }
    }

    /// `side` has moved: its clock stops and gains the increment. `false` if it had run out.
    pub fn moved(&mut self, side: Side) -> bool {
        self.pause();
        let left = &mut self.left_ms[side.index()];
        if *left < 0 {
            return false;
        }
        *left += self.increment_ms;
        true
    }

    /// Runs the clock of `side` (or none), from now.
    pub fn run(&mut self, side: Option<Side>) {
        if self.running() != side {
            self.pause();
            self.running = side.map(|side| (side, Instant::now()));
        }
    }

    /// The side whose running clock has run out.
    pub fn flagged(&self) -> Option<Side> {
        self.running().filter(|&side| self.left_ms(side) < 0)
    }

    /// The increment, for `go`.
    pub fn increment_ms(&self) -> i64 {
        self.increment_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_the_mover_and_adds_the_increment() {
        let mut clocks = Clocks::new(1000, 100);
        clocks.run(Some(Side::White));
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(clocks.moved(Side::White));
        let white = clocks.left_ms(Side::White);
        assert!((1000..=1080).contains(&white), "{white}");
        assert_eq!(clocks.left_ms(Side::Black), 1000);
        let mut out = Clocks::new(0, 100);
        out.run(Some(Side::Black));
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_eq!(out.flagged(), Some(Side::Black));
        assert!(!out.moved(Side::Black));
    }

    #[test]
    fn a_fraction_of_a_millisecond_is_charged_as_a_whole_one() {
        assert_eq!(charged_ms(Duration::ZERO), 0);
        assert_eq!(charged_ms(Duration::from_nanos(1)), 1);
        assert_eq!(charged_ms(Duration::from_micros(1000)), 1);
        assert_eq!(charged_ms(Duration::from_micros(1001)), 2);
        // A 6 ms clock with no increment: six moves of 0.3 ms use it up, and the seventh loses.
        let mut clocks = Clocks::new(6, 0);
        for _ in 0..6 {
            clocks.charge(Side::Black, Duration::from_micros(300));
            assert!(clocks.moved(Side::Black));
        }
        assert_eq!(clocks.left_ms(Side::Black), 0);
        clocks.charge(Side::Black, Duration::from_micros(300));
        assert!(!clocks.moved(Side::Black));
    }

    #[test]
    fn a_restarted_clock_forgets_the_time_before() {
        let mut clocks = Clocks::new(1000, 0);
        clocks.run(Some(Side::White));
        std::thread::sleep(std::time::Duration::from_millis(30));
        clocks.restart_running();
        assert!(clocks.left_ms(Side::White) > 990);
        assert_eq!(clocks.running(), Some(Side::White));
    }
}
