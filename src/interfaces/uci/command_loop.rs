//! The command loop. A reader thread turns the input into [`Event`]s, so that the loop is never
//! blocked by what it reads: `stop`, `isready` and `quit` are acted on the moment they arrive,
//! while a command that needs an idle engine (`go`, `setoption`, `newgame`, ...) sent during a
//! search waits in a queue, with every command after it, until the search has answered. While
//! `perft` or `bench` counts, every command but those three waits, so that piped output keeps
//! its order.

use super::command::Command;
use super::engine::Engine;
use super::event::Event;
use super::watch::Watch;
use crate::bounded_read;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

/// The longest line read as a command: a `position` with thousands of moves on the largest board
/// fits many times over. A longer line is skipped to its end without being held.
pub const MAX_COMMAND_LINE: usize = 16 << 20;

/// Reads `input` line by line into `events` until its end, telling `watch` of each line first
/// (so that `isready`, `stop` and `quit` are heard while the loop works).
fn read_lines(mut input: impl BufRead, events: Sender<Event>, watch: Arc<Watch>) {
    loop {
        let event = match bounded_read::read_line(&mut input, MAX_COMMAND_LINE) {
            Ok(bounded_read::Line::End) => Event::End,
            Ok(bounded_read::Line::Text(line)) => {
                watch.read(&line);
                Event::Line(line)
            }
            Ok(bounded_read::Line::TooLong { start, length }) => Event::TooLong { start, length },
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

/// The error line's text for a line too long to read.
pub fn too_long(start: &str, length: usize) -> String {
    bounded_read::too_long(start, length, MAX_COMMAND_LINE)
}

/// What the loop hands on when the line `xboard` comes: the output, the reader thread's events
/// (and a sender for searches to report to) and its watch, for the CECP loop to take over.
pub struct Handover {
    pub output: super::output::Output,
    pub events: Receiver<Event>,
    pub sender: Sender<Event>,
    pub watch: Arc<Watch>,
}

/// Runs `engine` on the commands of `input` until `quit` or the end of input (`None`), or until
/// the line `xboard` comes, handing on what the CECP loop needs to take the session over. At the
/// end of input the queued commands are still carried out and a bounded search (depth, nodes,
/// time) is allowed to finish, so piped commands get their answers; a search that only `stop`
/// would end is stopped.
pub fn run(mut engine: Engine, input: impl BufRead + Send + 'static) -> Option<Handover> {
    let (sender, events) = mpsc::channel();
    engine.report_searches_to(sender.clone());
    let watch = Watch::start(engine.output());
    engine.watch_with(Arc::clone(&watch));
    let cecp_sender = sender.clone();
    let reader_watch = Arc::clone(&watch);
    if let Err(error) = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || read_lines(input, sender, reader_watch))
    {
        log::error!("could not start the input thread: {error}");
        return None;
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
                return None;
            }
        }
        if ended {
            if !engine.busy() {
                return None;
            }
            if engine.search_waits_for_word() {
                engine.stop_search();
                continue;
            }
        }
        watch.working(false);
        let event = events.recv();
        watch.working(true);
        match event {
            Ok(Event::Line(line)) => {
                if line.trim() == "xboard" {
                    engine.abandon_job();
                    return Some(Handover {
                        output: engine.output(),
                        events,
                        sender: cecp_sender,
                        watch,
                    });
                }
                let Some(parsed) = engine.receive(&line) else {
                    continue;
                };
                if !take(&mut engine, &mut queue, parsed) {
                    return None;
                }
            }
            Ok(Event::TooLong { start, length }) => {
                if !take(&mut engine, &mut queue, Err(too_long(&start, length))) {
                    return None;
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
            engine.quit_taken();
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
