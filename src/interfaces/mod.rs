//! The ways tabula is spoken to: UCI and UGI in one command loop, CECP (XBoard) once `xboard`
//! is sent there, and the browser GUI.
//!
//! The UCI loop hands the session over (its reader thread's events, its watch) when `xboard`
//! comes, and [`run_stdin`] starts the CECP loop on it: the CECP loop uses the UCI loop's events
//! and output, and the UCI loop knows nothing of CECP's. An engine started by tabula ends with
//! the program that started it (`crate::engine_process::parent_watch`).

pub mod cecp;
pub mod gui;
pub mod uci;

use std::io::BufRead;

/// Speaks UCI/UGI on `input` until `quit` or its end, and CECP from `xboard` on.
pub fn run_stdin(engine: uci::engine::Engine, input: impl BufRead + Send + 'static) {
    if let Some(handover) = uci::command_loop::run(engine, input) {
        cecp::command_loop::run(handover);
    }
}
