//! One engine process working for one table: a thread that starts the engine, sends it positions
//! and searches, reads its `info` and `bestmove` lines, and restarts it when it crashes or hangs.
//! The engine's words are only text: its moves are judged by the table, never trusted. What it
//! writes for a person (its `info string error` lines and its stderr) becomes the page's notices.

use crate::desk::analysis::AnalysisView;
use crate::desk::job::{Job, Purpose};
use crate::desk::told::{Declared, Told};
use crate::engine_process::log::EngineLog;
use crate::engine_process::messages::EngineMessage;
use crate::engine_process::process::{
    EngineFailure, EngineProcess, EngineSpec, Protocol, is_bestmove,
};
use crate::game::Side;
use crate::interfaces::uci::output::printable;
use crate::protocol::info_line::InfoLine;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to start and answer the handshake.
const STARTUP_PATIENCE: Duration = Duration::from_secs(10);
/// How long a stopped engine may take to send its `bestmove`.
const STOP_PATIENCE: Duration = Duration::from_secs(2);
/// How often the page hears of a running analysis.
const ANALYSIS_INTERVAL: Duration = Duration::from_millis(200);
/// How long the thread waits for a line before looking at its messages again.
const POLL: Duration = Duration::from_millis(20);
/// How often an idle thread passes on what its engine wrote for a person.
const IDLE_POLL: Duration = Duration::from_millis(250);

/// What the worker tells its table.
#[derive(Clone, Debug)]
pub enum WorkerEvent {
    /// `ready`, `thinking`, `analysing`, `starting` or `failed: <why>`.
    Status(String),
    /// Something the person should read.
    Notice {
        error: bool,
        text: String,
    },
    Analysis(AnalysisView),
    /// The engine's move for the job of `version`, with its last score and depth.
    BestMove {
        version: u64,
        side: Side,
        text: String,
        score: Option<String>,
        depth: Option<u32>,
        elapsed_ms: u64,
    },
    /// The job of `version` could not be done.
    Failed {
        version: u64,
        why: String,
    },
}

enum Message {
    Run(Job),
    Stop,
}

/// The handle a table keeps: dropping it closes the thread's channel, and the thread then ends
/// its engine process and itself on its own (within one poll), without holding up the table.
pub struct Worker {
    pub engine: usize,
    /// Which of its room's workers this is.
    pub serial: u64,
    sender: Sender<Message>,
}

impl Worker {
    /// Starts the thread of engine `engine` (`spec`), counted in `alive` while it runs; events
    /// go to `report`.
    pub fn spawn(
        engine: usize,
        serial: u64,
        spec: EngineSpec,
        alive: Arc<AtomicUsize>,
        report: Box<dyn Fn(WorkerEvent) + Send>,
    ) -> Worker {
        let (sender, receiver) = channel();
        alive.fetch_add(1, Ordering::Relaxed);
        std::thread::spawn(move || {
            let _counted = Alive(alive);
            WorkerThread {
                spec,
                report,
                receiver,
                running: None,
            }
            .run()
        });
        Worker {
            engine,
            serial,
            sender,
        }
    }

    /// Runs `job`, stopping whatever runs now.
    pub fn run(&self, job: Job) {
        self.send(Message::Run(job));
    }

    /// Stops the search that runs now, if any.
    pub fn stop(&self) {
        self.send(Message::Stop);
    }

    fn send(&self, message: Message) {
        // A thread that has ended (its table is closing) needs no more work.
        let _ = self.sender.send(message);
    }
}

/// Counts a worker thread as alive until it ends.
struct Alive(Arc<AtomicUsize>);

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A started engine and what it has been told.
struct Running {
    process: EngineProcess,
    told: Told,
}

/// What an engine process declared, for the core's [`Told`].
struct Heard<'a> {
    process: &'a EngineProcess,
    protocol: Protocol,
}

impl Declared for Heard<'_> {
    fn declares(&self, name: &str, word: &str) -> bool {
        self.process.declares_option_with(name, word)
    }

    fn default_of(&self, name: &str) -> Option<String> {
        let prefix = format!("option name {name} ");
        let line = self
            .process
            .declared_options
            .iter()
            .find(|line| line.starts_with(&prefix))?;
        let mut words = line.split_whitespace();
        words.find(|word| *word == "default")?;
        words.next().map(str::to_string)
    }

    fn new_game(&self) -> &'static str {
        self.protocol.new_game()
    }
}

struct WorkerThread {
    spec: EngineSpec,
    report: Box<dyn Fn(WorkerEvent) + Send>,
    receiver: Receiver<Message>,
    running: Option<Running>,
}

/// How a search ended.
enum SearchEnd {
    Done,
    /// A message arrived that replaces the search.
    Interrupted(Option<Message>),
    /// The engine failed; it has been dropped.
    EngineFailed(String),
}

impl WorkerThread {
    fn run(mut self) {
        let mut pending = None;
        loop {
            let message = match pending.take() {
                Some(message) => message,
                None => match self.receiver.recv_timeout(IDLE_POLL) {
                    Ok(message) => message,
                    Err(RecvTimeoutError::Timeout) => {
                        // An engine's stderr comes apart from its output: a line written
                        // before its move may be read after it.
                        self.pass_on_messages();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                },
            };
            match message {
                Message::Stop => {}
                Message::Run(job) => match self.run_job(&job) {
                    Ok(next) => pending = next,
                    Err(()) => break,
                },
            }
        }
        if let Some(running) = self.running.take() {
            running.process.shut_down();
        }
    }

    /// Runs `job`, trying a restarted engine once; returns the message that interrupted it, or
    /// `Err` when the table has gone.
    fn run_job(&mut self, job: &Job) -> Result<Option<Message>, ()> {
        let mut why = String::new();
        for attempt in 0..2 {
            let problem = match self.prepare(job) {
                Err(problem) => problem,
                Ok(()) => match self.search(job) {
                    SearchEnd::Done => return Ok(None),
                    SearchEnd::Interrupted(None) => return Err(()),
                    SearchEnd::Interrupted(next) => return Ok(next),
                    SearchEnd::EngineFailed(problem) => problem,
                },
            };
            self.running = None;
            if attempt == 0 {
                (self.report)(WorkerEvent::Notice {
                    error: true,
                    text: format!("{}: {problem}; starting it again", self.spec.name),
                });
            }
            why = problem;
        }
        (self.report)(WorkerEvent::Status(format!("failed: {why}")));
        (self.report)(WorkerEvent::Failed {
            version: job.version,
            why: format!(
                "{}: {why} again; it is left alone until the players are applied again",
                self.spec.name
            ),
        });
        Ok(None)
    }

    /// Starts the engine if needed and sets it up for `job`.
    fn prepare(&mut self, job: &Job) -> Result<(), String> {
        if self.running.is_none() {
            (self.report)(WorkerEvent::Status("starting".to_string()));
            let process = start(&self.spec).map_err(|failure| failure.to_string())?;
            self.running = Some(Running {
                process,
                told: Told::default(),
            });
        }
        let protocol = self.spec.protocol;
        let Some(running) = self.running.as_mut() else {
            return Err("no engine".to_string());
        };
        let heard = Heard {
            process: &running.process,
            protocol,
        };
        let fail = |failure: EngineFailure| failure.to_string();
        for line in running.told.setup(job, &heard) {
            running.process.send(&line).map_err(fail)?;
        }
        // Whatever the engine said since its last search (a stray `bestmove`) is read here, so
        // that it is not taken for the answer to this one.
        let synced = running.process.sync(STARTUP_PATIENCE).map_err(fail);
        self.pass_on_messages();
        synced
    }

    /// Tells the page what the engine wrote for a person since the last time: its error lines
    /// (as errors) and its stderr lines.
    fn pass_on_messages(&self) {
        let Some(running) = &self.running else {
            return;
        };
        let name = &self.spec.name;
        let (messages, more) = running.process.messages.take();
        for message in messages {
            let (error, text) = match message {
                EngineMessage::Error(text) => (true, format!("{name}: error: {text}")),
                EngineMessage::Stderr(text) => (false, format!("{name} (stderr): {text}")),
            };
            let text = printable(&text);
            (self.report)(WorkerEvent::Notice { error, text });
        }
        if more > 0 {
            (self.report)(WorkerEvent::Notice {
                error: false,
                text: format!("{name}: {more} more lines of errors and stderr not shown"),
            });
        }
    }

    /// Sends the position and `go`, then reads the engine until `bestmove` or a message.
    fn search(&mut self, job: &Job) -> SearchEnd {
        let protocol = self.spec.protocol;
        let Some(running) = self.running.as_mut() else {
            return SearchEnd::EngineFailed("no engine".to_string());
        };
        let go = match protocol {
            Protocol::Uci => job.go.clone(),
            Protocol::Ugi => ugi_go(&job.go),
        };
        if let Err(failure) = running
            .process
            .send(&job.position)
            .and_then(|()| running.process.send(&go))
        {
            self.running = None;
            return SearchEnd::EngineFailed(failure.to_string());
        }
        let status = match job.purpose {
            Purpose::Play(_) => "thinking",
            Purpose::Analyse(_) => "analysing",
        };
        (self.report)(WorkerEvent::Status(status.to_string()));
        let started = Instant::now();
        let mut analysis = AnalysisView::new(job.version, job.side_to_move, job.purpose.lines());
        let mut last_sent = Instant::now();
        let mut last_info: Option<InfoLine> = None;
        loop {
            self.pass_on_messages();
            match self.receiver.try_recv() {
                Ok(message) => return self.stop_search(Some(message)),
                Err(TryRecvError::Disconnected) => return self.stop_search(None),
                Err(TryRecvError::Empty) => {}
            }
            let Some(running) = self.running.as_mut() else {
                return SearchEnd::EngineFailed("no engine".to_string());
            };
            match running.process.wait_for(|_| true, POLL) {
                Ok((line, _)) => {
                    if let Some(info) = InfoLine::parse(&line) {
                        analysis.absorb(&info, job.size);
                        if info.score.is_some() {
                            last_info = Some(info);
                        }
                    } else if let Some(rest) =
                        line.strip_prefix("bestmove").filter(|_| is_bestmove(&line))
                    {
                        let text = rest.split_whitespace().next().unwrap_or("").to_string();
                        self.pass_on_messages();
                        (self.report)(WorkerEvent::Status("ready".to_string()));
                        if let Purpose::Play(side) = job.purpose {
                            (self.report)(WorkerEvent::BestMove {
                                version: job.version,
                                side,
                                text,
                                score: last_info.as_ref().and_then(InfoLine::score_text),
                                depth: last_info.as_ref().and_then(|info| info.depth),
                                elapsed_ms: started.elapsed().as_millis() as u64,
                            });
                        } else {
                            analysis.time_ms = started.elapsed().as_millis() as u64;
                            (self.report)(WorkerEvent::Analysis(analysis.clone()));
                        }
                        return SearchEnd::Done;
                    }
                }
                Err(EngineFailure::Timeout) => {}
                Err(failure) => {
                    self.running = None;
                    return SearchEnd::EngineFailed(format!("it stopped ({failure})"));
                }
            }
            if matches!(job.purpose, Purpose::Analyse(_))
                && last_sent.elapsed() >= ANALYSIS_INTERVAL
                && !analysis.lines.is_empty()
            {
                analysis.time_ms = started.elapsed().as_millis() as u64;
                (self.report)(WorkerEvent::Analysis(analysis.clone()));
                last_sent = Instant::now();
            }
            if started.elapsed() > job.patience {
                if let Some(running) = self.running.take() {
                    drop(running.process);
                }
                return SearchEnd::EngineFailed(format!(
                    "no move within {} s",
                    job.patience.as_secs()
                ));
            }
        }
    }

    /// Stops the engine's search and waits for its `bestmove` (a hung engine is killed).
    fn stop_search(&mut self, next: Option<Message>) -> SearchEnd {
        if let Some(running) = self.running.as_mut() {
            let stopped = running
                .process
                .send("stop")
                .and_then(|()| running.process.wait_for(is_bestmove, STOP_PATIENCE));
            self.pass_on_messages();
            if let Err(failure) = stopped {
                self.running = None;
                (self.report)(WorkerEvent::Notice {
                    error: true,
                    text: format!(
                        "{} did not stop ({failure}); it will be restarted",
                        self.spec.name
                    ),
                });
            }
        }
        (self.report)(WorkerEvent::Status("ready".to_string()));
        SearchEnd::Interrupted(next)
    }
}

/// Starts and greets the engine of `spec`.
fn start(spec: &EngineSpec) -> Result<EngineProcess, EngineFailure> {
    let mut process = EngineProcess::start(spec, &EngineLog::default())?;
    process.handshake(spec.protocol, STARTUP_PATIENCE)?;
    for (name, value) in &spec.options {
        process.send(&format!("setoption name {name} value {value}"))?;
    }
    process.sync(STARTUP_PATIENCE)?;
    Ok(process)
}

/// A UCI `go` in UGI's words (`wtime` is `p1time`, ...).
fn ugi_go(go: &str) -> String {
    go.split_whitespace()
        .map(|word| match word {
            "wtime" => "p1time",
            "btime" => "p2time",
            "winc" => "p1inc",
            "binc" => "p2inc",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speaks_ugi_clock_words() {
        assert_eq!(
            ugi_go("go wtime 1000 btime 900 winc 10 binc 10"),
            "go p1time 1000 p2time 900 p1inc 10 p2inc 10"
        );
        assert_eq!(ugi_go("go depth 6"), "go depth 6");
    }
}
