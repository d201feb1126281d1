//! The threads seam: how many threads a search may run at once, and how a thread waits for
//! another. Native targets have the machine's cores; a browser module (`wasm32-unknown-unknown`)
//! has one thread, which can neither start another nor sleep waiting for one.

use std::time::Duration;

/// Whether this is a browser module: WebAssembly with no operating system.
const BROWSER: bool = cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// How many threads can run at once here: the machine's cores, or 1 in a browser.
pub fn available() -> usize {
    if BROWSER {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Waits a moment for another thread to change something, and says whether it could: `false`
/// where there is no other thread to wait for (a browser module), so the caller stops waiting.
pub fn wait_a_moment() -> bool {
    if BROWSER {
        return false;
    }
    std::thread::sleep(Duration::from_millis(1));
    true
}

/// Whether a door may start threads here: a search, or a job like perft, runs on a thread of its
/// own where it may, and on the calling thread in a browser module.
pub fn can_start() -> bool {
    !BROWSER
}
