//! tabula in a browser: the core's protocol (`tabula_core::protocol`) as a WebAssembly module.
//! The page's Web Worker makes one [`Tabula`] and hands it one line at a time; each line the
//! engine writes (the answer, and the `info` lines of a search as it goes) reaches the Worker's
//! callback at once. A search runs on the Worker's own thread, so `stop` cannot reach it: the
//! page ends a search early by ending the Worker and starting a new one (web/engine.js). The
//! threaded module (built with `atomics`, scripts/web.sh) also has a pool of threads for the
//! search's helpers (`pool`, `Threads`).
//! [`Rules`] answers what the board page asks of the rules (the squares that may be clicked
//! next, a move's text, the position string) without the engine. [`Desk`] is the board page's
//! game, answering the page's requests as the GUI's server does, and [`ReviewRun`] a review's
//! searches in a Worker of their own. [`read_movetext`] and [`write_movetext`] read and write a
//! record's movetext through the core's move tree.

mod desk;
mod evals;
mod lines;
mod orders;
mod pieces;
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
mod pool;
mod records;
mod rules;

use lines::{JsLines, set_panic_report};
use tabula_core::protocol::engine::Engine;
use tabula_core::protocol::output::Output;
use wasm_bindgen::prelude::*;

pub use desk::Desk;
pub use evals::ReviewRun;
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub use pool::{pool_share, run_pool_thread, start_pool};
pub use records::{read_movetext, write_movetext};
pub use rules::Rules;

/// tabula's version and the commit the module was built from (`0.2.0 (commit ...)`), for the
/// page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    tabula_core::version::DESCRIBED.to_string()
}

/// One engine, as the protocol's engine on standard input is, writing to a JavaScript callback.
#[wasm_bindgen]
pub struct Tabula {
    engine: Engine,
}

#[wasm_bindgen]
impl Tabula {
    /// An engine playing the default game, whose every line of output is passed to `write`
    /// (one line, without its newline, per call). A panic is reported to `write` too, as an
    /// `info string error` line, before the module traps.
    #[wasm_bindgen(constructor)]
    pub fn new(write: js_sys::Function) -> Tabula {
        lines::set_sink(write);
        set_panic_report();
        Tabula {
            engine: Engine::new(Output::new(Box::new(JsLines::default()))),
        }
    }

    /// Acts on one input line as the protocol's command loop does; false after `quit`.
    pub fn send(&mut self, line: &str) -> bool {
        match self.engine.receive(line) {
            Some(parsed) => self.engine.act(parsed),
            None => true,
        }
    }
}
