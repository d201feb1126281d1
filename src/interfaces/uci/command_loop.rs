//! The command loop. A reader thread turns the input into [`Event`]s, so that the loop is never
//! blocked by what it reads: `stop`, `isready` and `quit` are acted on the moment they arrive,
//! while a command that needs an idle engine (`go`, `setoption`, `newgame`, ...) sent during a
//! search waits in a queue, with every command after it, until the search has answered. While
//! `perft` or `bench` counts, every command but those three waits, so that piped output keeps
//! its order.

use super::command::Command;
use super::engine::Engine;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{self, Sender};

/// What the loop waits for.
pub enum Event {
    /// One line of input.
    Line(String),
    /// The end of input (or a read error).
    End,
    /// Search number N is about to write its `bestmove`.
    SearchDone(u64),
}

/// Reads `input` line by line into `events` until its end.
fn read_lines(mut input: impl BufRead, events: Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let event = match input.read_until(b'\n', &mut buffer) {
            Ok(0) => Event::End,
            Ok(_) => Event::Line(String::from_utf8_lossy(&buffer).into_owned()),
            Err(error) => {
                log::error!("reading input failed: {error}");
                Event::End
            }
        };
        let last = matches!(event, Event::End);
        if events.send(event).is_err() || last {
            return;
        }
    }
}

/// Runs `engine` on the commands of `input` until `quit` or the end of input, or hands the
/// session to the CECP loop when the line `xboard` comes. At the end of input
/// the queued commands are still carried out and a bounded search (depth, nodes, time) is allowed
/// to finish, so piped commands get their answers; a search that only `stop` would end is
/// stopped.
pub fn run(mut engine: Engine, input: impl BufRead + Send + 'static) {
    let (sender, events) = mpsc::channel();
    engine.report_searches_to(sender.clone());
    let cecp_sender = sender.clone();
    if let Err(error) = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || read_lines(input, sender))
    {
        log::error!("could not start the input thread: {error}");
        return;
    }
    let mut queue: VecDeque<Result<Command, String>> = VecDeque::new();
    let mut ended = false;
    loop {
        // Behind a search that only `stop` or `ponderhit` ends, queued commands are taken as if
        // they came now: what needs an idle engine is refused rather than kept waiting.
        while (!engine.busy() || engine.search_waits_for_word())
            && let Some(parsed) = queue.pop_front()
        {
            if !engine.act(parsed) {
                return;
            }
        }
        if ended {
            if !engine.busy() {
                return;
            }
            if engine.search_waits_for_word() {
                engine.stop_search();
                continue;
            }
        }
        match events.recv() {
            Ok(Event::Line(line)) => {
                if line.trim() == "xboard" {
                    engine.abandon_job();
                    crate::interfaces::cecp::command_loop::run(
                        engine.output(),
                        events,
                        cecp_sender,
                    );
                    return;
                }
                let Some(parsed) = engine.receive(&line) else {
                    continue;
                };
                if !take(&mut engine, &mut queue, parsed) {
                    return;
                }
            }
            Ok(Event::SearchDone(id)) => engine.search_finished(id),
            Ok(Event::End) | Err(_) => ended = true,
        }
    }
}

/// Acts on a command as it arrives, or queues it behind the running search; false when the
/// engine should exit.
fn take(
    engine: &mut Engine,
    queue: &mut VecDeque<Result<Command, String>>,
    parsed: Result<Command, String>,
) -> bool {
    match parsed {
        // What waited is still answered (an option set, an error line), but nothing new is
        // started: `quit` ends every search.
        Ok(Command::Quit) => {
            engine.abandon_job();
            for earlier in queue.drain(..) {
                let starts_work = matches!(
                    earlier,
                    Ok(Command::Go(_) | Command::Perft(_) | Command::Bench)
                );
                if !starts_work && !engine.act(earlier) {
                    break;
                }
            }
            false
        }
        // `stop` ends every search asked for before it, queued ones included; a perft or bench
        // runs to its end, and what is queued behind it goes on waiting.
        Ok(Command::Stop) => {
            while engine.stop_search() {
                let Some(earlier) = queue.pop_front() else {
                    break;
                };
                if !engine.act(earlier) {
                    return false;
                }
            }
            true
        }
        Ok(Command::IsReady) => engine.act(Ok(Command::IsReady)),
        parsed => {
            let must_wait = engine.counts()
                || parsed.as_ref().is_ok_and(Engine::needs_idle)
                    && engine.busy()
                    && !engine.search_waits_for_word();
            if must_wait || !queue.is_empty() {
                queue.push_back(parsed);
                true
            } else {
                engine.act(parsed)
            }
        }
    }
}
