//! The watch kept on the input, so that no command makes the engine deaf (protocol.md, "Always
//! listening"). The thread that reads the input never does any work, and it tells this watch of
//! the three words that must be heard whatever the command loop is busy with:
//!
//! - `stop` (UCI) stops the running search at once, even while the loop still works on an
//!   earlier command (the loop then finds it stopped);
//! - `isready` (UCI) is answered by the loop when it comes to it, or by the watch once it has
//!   waited [`READY_PATIENCE`] while the loop has been on one command as long;
//! - `quit` (both protocols) ends the process: by the loop, or by the watch if the loop has not
//!   taken it within [`QUIT_PATIENCE`] and has been on one command as long, or has taken it and
//!   still runs after [`QUIT_LIMIT`] (what waited is answered, a stopped search writes its
//!   answer).
//!
//! Behind many quick commands (a piped script) nothing is answered ahead: they keep their order.

use super::output::Output;
use crate::clock::Instant;
use crate::search::Signals;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How long `isready` waits for the command loop before the watch answers it.
pub const READY_PATIENCE: Duration = Duration::from_millis(75);
/// How long `quit` waits for the command loop to take it.
pub const QUIT_PATIENCE: Duration = Duration::from_millis(75);
/// How long the loop has, once it took `quit`, to end the process.
pub const QUIT_LIMIT: Duration = Duration::from_secs(1);

/// What the watch knows.
#[derive(Default)]
struct State {
    /// The input has switched to CECP (`xboard`): `isready` and `stop` are UCI only.
    cecp: bool,
    /// When each `isready` read and not yet answered was read, oldest first.
    ready_waiting: VecDeque<Instant>,
    /// `isready` lines the watch answered before the loop came to them.
    ready_ahead: u64,
    /// When `quit` was read, and when the loop took it.
    quit_read: Option<Instant>,
    quit_taken: Option<Instant>,
    /// The running search, for `stop`.
    search: Option<Arc<Signals>>,
    /// Since when the loop has worked on its current command (`None`: it waits for input).
    working_since: Option<Instant>,
}

impl State {
    /// Whether the loop has been on one command for `patience` (not merely behind many quick
    /// ones, as when commands are piped in: those keep their order).
    fn stuck(&self, now: Instant, patience: Duration) -> bool {
        self.working_since
            .is_some_and(|since| now.duration_since(since) >= patience)
    }
}

/// The watch on the input, shared by the reader thread, the command loops and its own thread.
pub struct Watch {
    out: Output,
    state: Mutex<State>,
    wake: Condvar,
}

impl Watch {
    /// A watch writing to `out`, with its thread started.
    pub fn start(out: Output) -> Arc<Watch> {
        let watch = Arc::new(Watch {
            out,
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        });
        let keeper = Arc::clone(&watch);
        if let Err(error) = std::thread::Builder::new()
            .name("watch".into())
            .spawn(move || keeper.keep())
        {
            log::error!("could not start the watch on the input: {error}");
        }
        watch
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Called by the reader thread for every line, before the loop sees it.
    pub fn read(&self, line: &str) {
        let mut words = line.split_ascii_whitespace();
        let (Some(first), rest) = (words.next(), words.next()) else {
            return;
        };
        let mut state = self.state();
        match (first, rest, state.cecp) {
            ("xboard", None, false) => state.cecp = true,
            ("isready", None, false) => state.ready_waiting.push_back(Instant::now()),
            ("stop", None, false) => {
                if let Some(search) = &state.search {
                    search.stop.store(true, Ordering::Relaxed);
                }
            }
            ("quit", _, _) => {
                state.quit_read.get_or_insert_with(Instant::now);
            }
            _ => return,
        }
        self.wake.notify_all();
    }

    /// The loop starts on a command (`true`) or waits for input (`false`).
    pub fn working(&self, working: bool) {
        self.state().working_since = working.then(Instant::now);
    }

    /// The loop has come to an `isready`: answers it unless the watch already has.
    pub fn answer_ready(&self) {
        let mut state = self.state();
        if state.ready_ahead > 0 {
            state.ready_ahead -= 1;
        } else {
            state.ready_waiting.pop_front();
            self.out.line("readyok");
        }
    }

    /// The loop has taken `quit` (or ends for another reason).
    pub fn quit_taken(&self) {
        let mut state = self.state();
        state.quit_read.get_or_insert_with(Instant::now);
        state.quit_taken.get_or_insert_with(Instant::now);
        self.wake.notify_all();
    }

    /// The search that `stop` ends from now on (`None` when none runs).
    pub fn set_search(&self, search: Option<Arc<Signals>>) {
        self.state().search = search;
    }

    /// The watch's thread: answers `isready` and ends the process when the loop does not.
    fn keep(&self) {
        let mut state = self.state();
        loop {
            let now = Instant::now();
            if let Some(read) = state.quit_read {
                if let Some(search) = &state.search {
                    search.stop.store(true, Ordering::Relaxed);
                }
                let late = match state.quit_taken {
                    None => {
                        now.duration_since(read) >= QUIT_PATIENCE && state.stuck(now, QUIT_PATIENCE)
                    }
                    Some(taken) => now.duration_since(taken) >= QUIT_LIMIT,
                };
                if late {
                    log::warn!("quit: ending the process while a command is still at work");
                    std::process::exit(0);
                }
            }
            while state.stuck(now, READY_PATIENCE)
                && state
                    .ready_waiting
                    .front()
                    .is_some_and(|&read| now.duration_since(read) >= READY_PATIENCE)
            {
                state.ready_waiting.pop_front();
                state.ready_ahead += 1;
                self.out.line("readyok");
            }
            let waiting = state.quit_read.is_some() || !state.ready_waiting.is_empty();
            let pause = if waiting {
                Duration::from_millis(5)
            } else {
                Duration::from_secs(3600)
            };
            state = self
                .wake
                .wait_timeout(state, pause)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }
}
