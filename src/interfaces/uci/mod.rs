//! The text protocol (UCI and UGI in one loop) on standard input: the command loop here, the
//! parser, options, output and engine from the core (`tabula_core::protocol`), shared with the
//! browser module.

pub mod command_loop;
pub use tabula_core::protocol::{command, engine, event, options, output, progress, watch};
