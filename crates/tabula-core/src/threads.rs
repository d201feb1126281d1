//! The threads seam: how many threads a search may run at once, how it runs its helpers beside
//! its own thread, and how a thread waits for another. Native targets have the machine's cores
//! and `std::thread`. A browser module (`wasm32-unknown-unknown`) has one thread, which can
//! neither start another nor sleep waiting for one; the threaded browser module (built with
//! `atomics`, scripts/web.sh) has besides a pool of Web Workers on its shared memory, which its
//! Worker starts and announces ([`pool_started`]) before it searches: the search's helpers run
//! there, while the search itself stays on the Worker's own thread.

use std::time::Duration;

/// Whether this is a browser module: WebAssembly with no operating system.
const BROWSER: bool = cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// The threads of the browser's pool, once it has started: 0 before, and always in a module
/// built without threads.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static POOL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Tells the seam that the module's pool of `threads` Web Workers has started (the threaded
/// browser module's Worker calls it once its pool is up); a module without threads ignores it.
pub fn pool_started(threads: usize) {
    #[cfg(all(
        target_arch = "wasm32",
        target_os = "unknown",
        target_feature = "atomics"
    ))]
    POOL.store(threads, std::sync::atomic::Ordering::Relaxed);
    let _ = threads;
}

/// How many threads can run at once here: the machine's cores; in a browser, the module's own
/// thread and its pool's.
pub fn available() -> usize {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        1 + POOL.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// How many threads a search runs unless told otherwise (`Threads`' default): one natively, where
/// the machine's cores may be shared (a match's two engines); in a browser, all the module has,
/// its pool having been started for the engine alone.
pub fn by_default() -> usize {
    if BROWSER { available() } else { 1 }
}

/// Runs `main` on this thread while each of `helpers` runs on a thread of its own, and returns
/// once all have ended: `main`'s result and each helper's, `None` for one that panicked (or, in a
/// module without threads, where no helper can run beside `main`, for each). `main` must end the
/// helpers (through what they share) before it returns.
pub fn beside<H, R, M, T>(helpers: impl IntoIterator<Item = H>, main: M) -> (T, Vec<Option<R>>)
where
    H: FnOnce() -> R + Send,
    R: Send,
    M: FnOnce() -> T,
{
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|helper| scope.spawn(helper))
                .collect();
            let result = main();
            (
                result,
                running
                    .into_iter()
                    .map(|helper| helper.join().ok())
                    .collect(),
            )
        })
    }
    #[cfg(all(
        target_arch = "wasm32",
        target_os = "unknown",
        target_feature = "atomics"
    ))]
    {
        use std::sync::Mutex;
        let helpers: Vec<H> = helpers.into_iter().collect();
        let answers: Vec<Mutex<Option<R>>> = helpers.iter().map(|_| Mutex::new(None)).collect();
        let result = rayon_core::in_place_scope(|scope| {
            for (helper, answer) in helpers.into_iter().zip(&answers) {
                scope.spawn(move |_| {
                    let line = helper();
                    if let Ok(mut slot) = answer.lock() {
                        *slot = Some(line);
                    }
                });
            }
            main()
        });
        let answers = answers
            .into_iter()
            .map(|answer| answer.into_inner().ok().flatten())
            .collect();
        (result, answers)
    }
    #[cfg(all(
        target_arch = "wasm32",
        target_os = "unknown",
        not(target_feature = "atomics")
    ))]
    {
        (main(), helpers.into_iter().map(|_| None).collect())
    }
}

/// Waits a moment for another thread to change something, and says whether it could: `false`
/// where there is no other thread to wait for (a browser module, whose Worker cannot read a
/// message while it waits), so the caller stops waiting.
pub fn wait_a_moment() -> bool {
    if BROWSER {
        return false;
    }
    std::thread::sleep(Duration::from_millis(1));
    true
}

/// Whether a door may start threads here: a search, or a job like perft, runs on a thread of its
/// own where it may, and on the calling thread in a browser module (a threaded one too: only the
/// search's helpers run on its pool).
pub fn can_start() -> bool {
    !BROWSER
}
