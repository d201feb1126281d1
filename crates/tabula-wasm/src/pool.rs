//! The threaded module's pool of threads (built with `atomics`, scripts/web.sh): Web Workers on
//! the module's shared memory, each running one of rayon's threads, on which the search's
//! helpers run (`tabula_core::threads::beside`). The engine's Worker (web/engine-worker.js)
//! starts the Web Workers (web/engine-thread.js) with [`pool_share`]'s module and memory; each
//! instantiates the module on that memory, says it is ready, and calls [`run_pool_thread`], which
//! waits for a thread of the pool. Once all are ready, the engine's Worker calls [`start_pool`]:
//! the pool is built, its threads handed out, and the core told how many there are. A Web
//! Worker cannot start while the thread that made it waits, so the threads are handed out only
//! once every Worker has started.

use rayon_core::{ThreadBuilder, ThreadPoolBuilder};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, OnceLock};
use wasm_bindgen::prelude::*;

/// The pool's threads on their way to the Web Workers that run them.
type Handoff = (Sender<ThreadBuilder>, Mutex<Receiver<ThreadBuilder>>);

static HANDOFF: OnceLock<Handoff> = OnceLock::new();

fn handoff() -> &'static Handoff {
    HANDOFF.get_or_init(|| {
        let (sender, receiver) = channel();
        (sender, Mutex::new(receiver))
    })
}

/// What a Web Worker of the pool needs to run the module on this thread's memory: the
/// compiled module and the shared memory, as `[module, memory]`.
#[wasm_bindgen(js_name = poolShare)]
pub fn pool_share() -> js_sys::Array {
    js_sys::Array::of2(&wasm_bindgen::module(), &wasm_bindgen::memory())
}

/// Runs one thread of the pool on the calling Web Worker, once [`start_pool`] has built it: to
/// the end of the Worker.
#[wasm_bindgen(js_name = runPoolThread)]
pub fn run_pool_thread() {
    let thread = match handoff().1.lock() {
        Ok(waiting) => waiting.recv(),
        Err(_) => return,
    };
    if let Ok(thread) = thread {
        thread.run();
    }
}

/// Builds the pool of `threads` threads, which the Web Workers waiting in [`run_pool_thread`]
/// run, and lets searches run that many helpers beside the engine's thread (`Threads` reaches
/// `threads + 1`).
#[wasm_bindgen(js_name = startPool)]
pub fn start_pool(threads: usize) -> Result<(), JsError> {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .spawn_handler(|thread| {
            handoff()
                .0
                .send(thread)
                .map_err(|_| std::io::Error::other("no Web Worker waits for the thread"))
        })
        .build_global()
        .map_err(|error| JsError::new(&format!("the pool of threads: {error}")))?;
    tabula_core::threads::pool_started(threads);
    Ok(())
}
