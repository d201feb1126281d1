//! The CECP command loop: it takes over the events of the UCI loop's reader thread once
//! `xboard` has come, so that commands are read while the engine thinks.

use super::command::Command;
use super::command::parse;
use super::engine::Cecp;
use super::output::error;
use crate::interfaces::uci::command_loop::{Handover, too_long};
use crate::interfaces::uci::event::Event;
use crate::interfaces::uci::output::printable;

/// Runs CECP on the events the UCI loop handed over until `quit` or the end of input; searches
/// report to the handed-over sender. At the end of input a move being searched is still played,
/// so piped commands get their answers. The watch ends the process if `quit` is not taken at
/// once (a command is still at work).
pub fn run(handover: Handover) {
    let Handover {
        output: out,
        events,
        sender,
        watch,
    } = handover;
    let mut engine = match Cecp::new(out.clone(), sender) {
        Ok(engine) => engine,
        Err(problem) => {
            log::error!("the CECP engine could not start: {problem}");
            return;
        }
    };
    loop {
        watch.working(false);
        let event = events.recv();
        watch.working(true);
        match event {
            Ok(Event::Line(line)) => {
                let go_on = match parse(&line) {
                    None => true,
                    Some(Ok(command)) => {
                        if matches!(command, Command::Quit) {
                            watch.quit_taken();
                        }
                        engine.act(command)
                    }
                    Some(Err(refusal)) => {
                        out.line(&error(refusal.reason, &printable(&refusal.text)));
                        true
                    }
                };
                if !go_on {
                    return;
                }
            }
            Ok(Event::TooLong { start, length }) => {
                out.line(&error("line too long", &too_long(&start, length)));
            }
            Ok(Event::SearchDone(id)) => engine.search_done(id),
            Ok(Event::End) | Err(_) => {
                engine.finish();
                return;
            }
        }
    }
}
