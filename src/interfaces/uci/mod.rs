//! The text protocol (UCI and UGI in one loop): command parsing, engine options, output, and the
//! command loop itself.

pub mod command;
pub mod command_loop;
pub mod engine;
pub mod event;
pub mod options;
pub mod output;
pub mod progress;
pub mod watch;
