//! Progress lines of a search that runs until stopped: `info nodes N nps N time T` four times a
//! second once it has run for a second, so that an analysing GUI sees the count grow between
//! depths. A search with a limit says nothing between its iterations, as usual.

use super::output::Output;
use crate::clock::Instant;
use crate::search::Signals;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Silence before the first progress line.
const FIRST_AFTER: Duration = Duration::from_secs(1);
/// Time between progress lines.
const EVERY: Duration = Duration::from_millis(250);

/// The thread writing progress lines; it stops, and is waited for, when this is dropped, so
/// that no progress line follows `bestmove`.
pub struct Progress {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts reporting the nodes counted in `signals` to `out`.
    pub fn start(out: Output, signals: Arc<Signals>) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                let started = Instant::now();
                let mut next = started + FIRST_AFTER;
                while !thread_done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                    if Instant::now() < next {
                        continue;
                    }
                    next += EVERY;
                    let elapsed = started.elapsed();
                    let nodes = signals.nodes.load(Ordering::Relaxed);
                    let nps = (nodes as f64 / elapsed.as_secs_f64()) as u64;
                    out.line(&format!(
                        "info nodes {nodes} nps {nps} time {}",
                        elapsed.as_millis()
                    ));
                }
            })
            .ok();
        Progress { done, thread }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
