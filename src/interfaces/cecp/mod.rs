//! CECP, the Chess Engine Communication Protocol of XBoard and WinBoard (version 2): the line
//! `xboard` in the UCI loop hands the rest of the session to this side. Parsing, the time
//! control, the state machine, output and the command loop each have their own file.

pub mod clock;
pub mod command;
pub mod command_loop;
pub mod engine;
pub mod output;
