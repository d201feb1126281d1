//! The engine: one [`Engine`] holds the game, options and transposition table, acts on parsed
//! commands, and runs searches on their own thread, which tells the door's command loop (an
//! [`Event::SearchDone`]) when it is done. Where no thread can be started (a browser module,
//! [`crate::threads::can_start`]), a search runs to its end on the calling thread: its `info`
//! lines and `bestmove` are written before [`Engine::act`] returns.

use super::command::{Command, Dialect, PositionStart, Query, parse_command};
use super::event::Event;
use super::options::{self, EngineOptions, OptionChange};
use super::output::{Output, printable};
use super::progress::Progress;
use super::watch::Watch;
use crate::bench;
use crate::game::{Outcome, Side};
use crate::games::probe::{Probe, proven_answer, value_text};
use crate::games::{GameKind, build_session, load_oracle, open_session};
use crate::level::{Level, random_move};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::session::{GameSession, Setup, SharedOracle};
use crate::strength::Strength;
use crate::strength::limited::LimitedSearch;
use crate::strength::reach::ReachNotice;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// The most moves `moves` lists (a contrived Apart position has hundreds of millions).
pub const MAX_LISTED_MOVES: usize = 1 << 18;

/// How long `quit` waits for a stopped search to write its answer.
const QUIT_PATIENCE: std::time::Duration = std::time::Duration::from_secs(1);

/// A search running on its own thread.
struct RunningSearch {
    handle: JoinHandle<()>,
    signals: Arc<Signals>,
    /// Whether only `stop` ends it, pondering aside.
    infinite: bool,
    /// Whether `stop` ends it (a search) or not (perft, bench).
    interruptible: bool,
    /// Tells this search's [`Event::SearchDone`] from an earlier one's.
    id: u64,
}

/// The engine's whole state between commands.
pub struct Engine {
    out: Output,
    game: GameKind,
    session: Box<dyn GameSession>,
    options: EngineOptions,
    tt: Arc<TranspositionTable>,
    search: Option<RunningSearch>,
    /// Chooses the moves of the `random` level and seeds the choices of limited strength;
    /// reseeded by the `Seed` option.
    rng: StdRng,
    /// The solution table (`SolutionFile`): `go` answers from it where it applies.
    solution: Option<SharedOracle>,
    /// UCI debug mode: every command received is echoed as an `info string`.
    debug: bool,
    /// Where a search says it is done: the command loop's events.
    search_done: Option<Sender<Event>>,
    /// The number of searches started.
    searches: u64,
    /// The watch on the input (`isready`, `stop`, `quit` heard while a command works).
    watch: Option<Arc<Watch>>,
    /// Says when `UCI_Elo` is out of the game's reach.
    reach: ReachNotice,
}

/// The `info` line of a completed iteration.
pub fn info_line(iteration: &Iteration) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} tbhits {} pv {}",
        iteration.depth,
        iteration.seldepth,
        iteration.multipv,
        iteration.score,
        iteration.nodes,
        iteration.nps,
        iteration.time_ms,
        iteration.hashfull,
        iteration.tbhits,
        iteration.pv.join(" ")
    )
}

fn start_session(game: GameKind) -> Box<dyn GameSession> {
    match build_session(game, Setup::Start(game.default_size()), &[], true) {
        Ok(session) => session,
        Err(problem) => panic!(
            "the default start position of {} must build: {problem}",
            game.name()
        ),
    }
}

const HELP: &str = "\
commands (one per line; see protocol.md):
  uci | ugi                      handshake: id, options, uciok/ugiok
  xboard                         switch to CECP (XBoard, WinBoard) for the rest of the input
  isready                        readyok (also while searching)
  newgame <game> [N|WxH]         joust, jesonmor, claustro or apart at the start position
  ucinewgame | uginewgame        clear search state, keep the game
  setoption name <n> [value <v>] Hash, Threads, Move Overhead, MultiPV, Level, Seed,
                                 UCI_Variant, EngineDraws, Ponder, UCI_LimitStrength,
                                 UCI_Elo, Skill, SolutionFile, UseNNUE, EvalFile,
                                 Clear Hash
  position startpos|fen <string> [moves <m>...]
  go [depth D] [nodes N] [movetime MS] [wtime/btime/winc/binc MS] [movestogo M] [mate N]
     [infinite] [ponder] [searchmoves <m>...]
  go perft <D> | perft <D>       legal-move tree leaves per first move
  probe [nodes N]                each legal move's proven value (SolutionFile, proven starts,
                                 the Joust solver up to N nodes a position), best first
  ponderhit                      the pondered move was played: search on under the limits
  stop | quit                    end the search / the engine
  debug on|off                   echo every command received as an info string
  query p1turn|gameover|result   match-runner queries
  d | moves | eval | bench | help";

/// `help` where no thread can be started (a browser's Worker, whose page ends a busy engine to
/// stop it): what works there, without `xboard`, `quit`, pondering or files. `Threads` works
/// where the module has a pool of threads (a cross-origin isolated page), and elsewhere says
/// that searches use one.
const HELP_ON_ONE_THREAD: &str = "\
commands (one per line; see protocol.md):
  uci | ugi                      handshake: id, options, uciok/ugiok
  isready                        readyok
  newgame <game> [N|WxH]         joust, jesonmor, claustro or apart at the start position
  ucinewgame | uginewgame        clear search state, keep the game
  setoption name <n> [value <v>] Hash, Threads, MultiPV, Level, Seed, UCI_Variant,
                                 EngineDraws, UCI_LimitStrength, UCI_Elo, Skill, UseNNUE,
                                 Clear Hash
  position startpos|fen <string> [moves <m>...]
  go [depth D] [nodes N] [movetime MS] [wtime/btime/winc/binc MS] [movestogo M] [mate N]
     [infinite] [searchmoves <m>...]
  go perft <D> | perft <D>       legal-move tree leaves per first move
  stop                           end go, perft or bench at once
  debug on|off                   echo every command received as an info string
  query p1turn|gameover|result   match-runner queries
  d | moves | eval | bench | help";

impl RunningSearch {
    /// Whether it waits for `stop` (or `ponderhit`) before it answers.
    fn waits_for_word(&self) -> bool {
        self.infinite || self.signals.pondering()
    }
}

impl Engine {
    /// An engine playing the default game at its default size.
    pub fn new(out: Output) -> Self {
        let options = EngineOptions::default();
        Engine {
            out,
            game: GameKind::Joust,
            session: start_session(GameKind::Joust),
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            options,
            search: None,
            rng: StdRng::seed_from_u64(0),
            solution: None,
            debug: false,
            search_done: None,
            searches: 0,
            watch: None,
            reach: ReachNotice::default(),
        }
    }

    /// Every search started from now on sends [`Event::SearchDone`] to `events` just before it
    /// writes its `bestmove`.
    pub fn report_searches_to(&mut self, events: Sender<Event>) {
        self.search_done = Some(events);
    }

    /// `watch` answers `isready` and stops searches when the loop is busy.
    pub fn watch_with(&mut self, watch: Arc<Watch>) {
        self.watch = Some(watch);
    }

    /// Tells the watch that the loop has taken `quit`.
    pub fn quit_taken(&self) {
        if let Some(watch) = &self.watch {
            watch.quit_taken();
        }
    }

    /// Where the engine writes (for the CECP loop that takes over after `xboard`).
    pub fn output(&self) -> Output {
        self.out.clone()
    }

    /// Parses one input line (echoing it in debug mode); `None` for a blank line.
    pub fn receive(&self, line: &str) -> Option<Result<Command, String>> {
        log::debug!("<< {}", line.trim_end());
        if self.debug {
            self.out.line(&format!(
                "info string received: {}",
                printable(line.trim_end())
            ));
        }
        parse_command(line).transpose()
    }

    /// Whether a search thread is running (or has answered and not yet been joined).
    pub fn busy(&self) -> bool {
        self.search.is_some()
    }

    /// Whether a perft or bench is running (a job that `stop` does not end).
    pub fn counts(&self) -> bool {
        self.search.as_ref().is_some_and(|job| !job.interruptible)
    }

    /// Whether the running search answers only after `stop` or `ponderhit`.
    pub fn search_waits_for_word(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(RunningSearch::waits_for_word)
    }

    /// Joins search number `id` once it has said it is done; an earlier search's late word is
    /// ignored.
    pub fn search_finished(&mut self, id: u64) {
        if self.search.as_ref().is_some_and(|search| search.id == id)
            && let Some(search) = self.search.take()
        {
            self.join(search);
        }
    }

    /// Whether `command` has to wait for the running search to end.
    pub fn needs_idle(command: &Command) -> bool {
        matches!(
            command,
            Command::NewGame { .. }
                | Command::ClearSearch
                | Command::SetOption { .. }
                | Command::Go(_)
                | Command::Perft(_)
                | Command::Probe(_)
                | Command::Bench
        )
    }

    /// Reports a parse error or acts on a command; false when the engine should exit.
    pub fn act(&mut self, parsed: Result<Command, String>) -> bool {
        if let Some(watch) = &self.watch {
            watch.working(true);
        }
        match parsed {
            Ok(command) => self.execute(command),
            Err(problem) => {
                self.out.error(&problem);
                true
            }
        }
    }

    fn execute(&mut self, command: Command) -> bool {
        if Self::needs_idle(&command)
            && let Err(problem) = self.wait_for_idle()
        {
            self.out
                .error(&format!("'{}' refused: {problem}", command.verb()));
            return true;
        }
        let result = match command {
            Command::Hello(dialect) => {
                self.hello(dialect);
                Ok(())
            }
            Command::IsReady => {
                match &self.watch {
                    Some(watch) => watch.answer_ready(),
                    None => self.out.line("readyok"),
                }
                Ok(())
            }
            Command::NewGame { game, size } => self.new_game(game, size),
            Command::ClearSearch => {
                self.tt.clear();
                Ok(())
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(limits) => self.go(limits),
            Command::Perft(depth) => self.perft(depth),
            Command::Probe(nodes) => self.probe(nodes),
            Command::Stop => {
                self.stop_search();
                Ok(())
            }
            Command::PonderHit => self.ponder_hit(),
            Command::Quit => {
                self.quit_taken();
                self.abandon_job();
                return false;
            }
            Command::Debug(on) => {
                self.debug = on;
                Ok(())
            }
            Command::Query(query) => {
                self.query(query);
                Ok(())
            }
            Command::Display => {
                self.display();
                Ok(())
            }
            Command::Moves => self.list_moves(),
            Command::Eval => {
                self.eval();
                Ok(())
            }
            Command::Bench => self.start_job(Arc::default(), false, false, |out| {
                // Each line is written once the next one comes: the last is the job's answer.
                let held = std::cell::RefCell::new(String::new());
                bench::run(&|line| {
                    let earlier = held.replace(line.to_string());
                    if !earlier.is_empty() {
                        out.line(&earlier);
                    }
                });
                held.into_inner()
            }),
            Command::Help => {
                self.out.line(if crate::threads::can_start() {
                    HELP
                } else {
                    HELP_ON_ONE_THREAD
                });
                Ok(())
            }
        };
        if let Err(problem) = result {
            self.out.error(&problem);
        }
        true
    }

    fn hello(&self, dialect: Dialect) {
        self.out
            .line(&format!("id name tabula {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the tabula developers");
        for declaration in options::declarations(self.game) {
            self.out.line(&declaration);
        }
        self.out.line(match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        });
    }

    /// Joins a finished search; a running one is waited for, unless it runs until stopped.
    fn wait_for_idle(&mut self) -> Result<(), String> {
        if let Some(search) = &self.search
            && search.waits_for_word()
        {
            return Err(if search.signals.pondering() {
                "a search is pondering: send 'ponderhit' or 'stop' first".to_string()
            } else {
                "a search is running until stopped: send 'stop' first".to_string()
            });
        }
        if let Some(search) = self.search.take() {
            self.join(search);
        }
        Ok(())
    }

    /// Stops the running search, if any, and waits for its `bestmove`; false (and nothing
    /// done) if the running job is one that `stop` does not end (perft, bench).
    pub fn stop_search(&mut self) -> bool {
        if self.search.as_ref().is_some_and(|job| !job.interruptible) {
            return false;
        }
        if let Some(search) = self.search.take() {
            search.signals.stop.store(true, Ordering::Relaxed);
            self.join(search);
        }
        true
    }

    /// Ends the running job for `quit`: a search is stopped and its answer written if it ends
    /// within [`QUIT_PATIENCE`] (one move generation of a contrived Apart position can take
    /// longer than any limit); a perft or bench, or a search that does not end in time, is left
    /// to the end of the process.
    pub fn abandon_job(&mut self) {
        let Some(job) = self.search.take() else {
            return;
        };
        job.signals.stop.store(true, Ordering::Relaxed);
        let deadline = crate::clock::Instant::now() + QUIT_PATIENCE;
        while job.interruptible
            && !job.handle.is_finished()
            && crate::clock::Instant::now() < deadline
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        if job.handle.is_finished() {
            self.join(job);
        }
    }

    /// Turns the pondering search into a normal one, its limits counted from its `go`.
    fn ponder_hit(&mut self) -> Result<(), String> {
        match &self.search {
            Some(search) if search.signals.pondering() => {
                search.signals.pondering.store(false, Ordering::Relaxed);
                Ok(())
            }
            _ => Err("ponderhit: no search is pondering".to_string()),
        }
    }

    fn join(&self, search: RunningSearch) {
        if let Some(watch) = &self.watch {
            watch.set_search(None);
        }
        if search.handle.join().is_err() {
            log::error!("the search thread panicked");
        }
    }

    fn new_game(
        &mut self,
        game: GameKind,
        size: Option<crate::game::BoardSize>,
    ) -> Result<(), String> {
        let size = size.unwrap_or(game.default_size());
        self.session = build_session(game, Setup::Start(size), &[], self.options.engine_draws)?;
        self.game = game;
        self.tt.clear();
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match options::parse_change(name, value)? {
            OptionChange::Hash(megabytes) => {
                self.tt = Arc::new(TranspositionTable::try_new(megabytes)?);
                self.options.hash_mb = megabytes;
            }
            OptionChange::Threads(threads) => {
                self.options.threads = threads;
                let usable = crate::search::usable_threads(threads);
                if usable < threads {
                    self.out.line(&format!(
                        "info string Threads {threads} is more than this machine runs at once: \
                         searches use {usable}"
                    ));
                }
            }
            OptionChange::MultiPv(lines) => self.options.multipv = lines,
            OptionChange::Level(level) => self.options.level = level,
            OptionChange::Seed(seed) => {
                self.options.seed = seed;
                self.rng = StdRng::seed_from_u64(seed);
            }
            OptionChange::MoveOverhead(ms) => self.options.move_overhead_ms = ms,
            OptionChange::Variant(game) => self.new_game(game, None)?,
            OptionChange::EngineDraws(enabled) => self.options.engine_draws = enabled,
            OptionChange::Ponder(enabled) => self.options.ponder = enabled,
            OptionChange::LimitStrength(enabled) => self.options.strength.limit_strength = enabled,
            OptionChange::Elo(elo) => self.options.strength.elo = elo,
            OptionChange::Skill(skill) => self.options.strength.skill = skill,
            OptionChange::SolutionFile(path) => {
                self.solution = path
                    .map(|path| load_oracle(std::path::Path::new(&path)))
                    .transpose()?;
                if let Some(table) = &self.solution {
                    self.out.line(&format!(
                        "info string solution table loaded: {}",
                        table.description()
                    ));
                }
            }
            OptionChange::UseNnue(enabled) => {
                crate::nnue::registry::set_enabled(enabled);
                self.session.select_network();
            }
            OptionChange::EvalFile(path) => {
                match path {
                    None => {
                        let (game, size) = (self.session.game_name(), self.session.size());
                        crate::nnue::registry::forget(game, size);
                    }
                    Some(path) => {
                        let net = crate::nnue::load_net_file(
                            std::path::Path::new(&path),
                            crate::games::net_input_count,
                        )?;
                        let loaded = format!(
                            "info string net loaded from '{path}' for {} {}",
                            net.game, net.size
                        );
                        crate::nnue::registry::choose(net)
                            .map_err(|why| format!("'{path}': {why}"))?;
                        self.out.line(&loaded);
                    }
                }
                self.session.select_network();
            }
            OptionChange::ClearHash => self.tt.clear(),
        }
        Ok(())
    }

    fn set_position(&mut self, start: PositionStart, moves: &[String]) -> Result<(), String> {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let draws = self.options.engine_draws;
        let position = match &start {
            PositionStart::StartPos => None,
            PositionStart::Text(text) => Some(text.as_str()),
        };
        self.session = open_session(self.game, self.session.size(), position, &moves, draws)?;
        Ok(())
    }

    fn go(&mut self, mut limits: Limits) -> Result<(), String> {
        if let Some(verdict) = self.session.verdict() {
            self.out
                .line(&format!("info string game over: {}", verdict.reason));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let mut search_moves = limits
            .search_moves
            .iter()
            .map(|text| self.session.canonical_move(text))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|problem| format!("searchmoves: {problem}"))?;
        search_moves.sort();
        search_moves.dedup();
        limits.search_moves = search_moves;
        let restricted = !limits.search_moves.is_empty();
        // Limited strength (UCI_Elo, else Skill) decides instead of the level; at full
        // strength it changes nothing. An Elo out of the game's reach plays at its nearest end.
        if let Some(note) = self.reach.before_search(self.options.strength, self.game) {
            self.out.line(&format!("info string {note}"));
        }
        let limited = self.options.strength.strength(self.game);
        let strength = self.options.level.limited_strength(self.game, limited);
        if let Some(strength) = strength {
            return self.search_limited(limits, strength);
        }
        if self.options.level == Level::Max
            && !limits.infinite
            && !limits.ponder
            && !restricted
            && self.answer_from_table()
        {
            return Ok(());
        }
        let quick_move = match self.options.level {
            Level::Random => {
                random_move(self.session.as_ref(), &limits.search_moves, &mut self.rng)
            }
            Level::Greedy => self.session.greedy_move(&limits.search_moves),
            Level::Named(_) | Level::Max => {
                limits.depth = self.options.level.cap_depth(self.game, limits.depth);
                None
            }
        };
        if let Some(mv) = &quick_move {
            self.out.line(&format!(
                "info string level {} plays {mv}",
                self.options.level.name()
            ));
            if !limits.ponder {
                self.out.line(&format!("bestmove {mv}"));
                return Ok(());
            }
        }
        let signals = Arc::new(Signals::default());
        signals.pondering.store(limits.ponder, Ordering::Relaxed);
        let name_reply = self.options.ponder;
        let mut session = self.session.boxed_clone();
        session.set_tablebase(self.solution.clone());
        let tt = Arc::clone(&self.tt);
        let settings = self.search_settings(self.options.multipv);
        let infinite = limits.runs_until_stopped(self.session.side_to_move());
        let thread_signals = Arc::clone(&signals);
        self.start_job(signals, infinite, true, move |out| match quick_move {
            Some(mv) => {
                thread_signals.hold_answer(false);
                format!("bestmove {mv}")
            }
            None => {
                let progress =
                    infinite.then(|| Progress::start(out.clone(), Arc::clone(&thread_signals)));
                let summary =
                    session.search(&limits, settings, &tt, &thread_signals, &mut |iteration| {
                        out.line(&info_line(iteration))
                    });
                drop(progress);
                bestmove_line(
                    summary.best_move,
                    summary.result.ponder_move.filter(|_| name_reply),
                )
            }
        })
    }

    /// Plays the limited search's move (`crate::strength::limited`), its draw seeded from the
    /// engine's generator (`Seed`).
    fn search_limited(&mut self, limits: Limits, strength: Strength) -> Result<(), String> {
        let search = LimitedSearch::new(
            strength,
            limits,
            self.search_settings(self.options.multipv),
            self.rng.random(),
        );
        let signals = Arc::new(Signals::default());
        signals
            .pondering
            .store(search.limits().ponder, Ordering::Relaxed);
        let name_reply = self.options.ponder;
        let session = self.session.boxed_clone();
        let tt = Arc::clone(&self.tt);
        let infinite = search
            .limits()
            .runs_until_stopped(self.session.side_to_move());
        let thread_signals = Arc::clone(&signals);
        self.start_job(signals, infinite, true, move |out| {
            let played = search.run(session.as_ref(), &tt, &thread_signals, &mut |line| {
                out.line(&info_line(line))
            });
            bestmove_line(played.best_move, played.reply.filter(|_| name_reply))
        })
    }

    /// The search's settings from the engine's options, with `multipv` lines.
    fn search_settings(&self, multipv: usize) -> Settings {
        Settings {
            threads: self.options.threads,
            move_overhead_ms: self.options.move_overhead_ms as u64,
            multipv,
        }
    }

    /// Runs `work` (a search, perft or bench) on its own thread as the engine's one running job,
    /// or at once on this thread where none can be started (a browser module).
    /// `work` writes its lines but the last, which it returns: that one is written after the
    /// command loop has been told that the job is done, so that the loop has heard it before
    /// any command sent in reply. `stop` ends the job only if it is `interruptible`.
    fn start_job(
        &mut self,
        signals: Arc<Signals>,
        infinite: bool,
        interruptible: bool,
        work: impl FnOnce(&Output) -> String + Send + 'static,
    ) -> Result<(), String> {
        self.searches += 1;
        if !crate::threads::can_start() {
            let last = work(&self.out);
            self.out.line(&last);
            return Ok(());
        }
        let id = self.searches;
        let search_done = self.search_done.clone();
        let out = self.out.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let last = work(&out);
                if let Some(events) = search_done {
                    // A loop that has ended no longer listens; nothing is lost.
                    let _ = events.send(Event::SearchDone(id));
                }
                out.line(&last);
            })
            .map_err(|error| format!("could not start the search thread: {error}"))?;
        if let Some(watch) = self.watch.as_ref().filter(|_| interruptible) {
            watch.set_search(Some(Arc::clone(&signals)));
        }
        self.search = Some(RunningSearch {
            handle: spawned,
            signals,
            infinite,
            interruptible,
            id,
        });
        Ok(())
    }

    /// Answers `go` from the solution table if one is loaded and covers the position, else from
    /// the proven starts of Joust ([`proven_answer`]); false if neither covers it.
    fn answer_from_table(&self) -> bool {
        let Some(answer) = proven_answer(self.solution.as_ref(), self.session.as_ref()) else {
            return false;
        };
        let (mv, tbhits) = (&answer.best_move, u8::from(answer.from_table));
        self.out.line(&format!(
            "info depth 1 score {} nodes 0 tbhits {tbhits} pv {mv}",
            answer.score
        ));
        self.out.line(&format!("info string {}", answer.source));
        self.out.line(&format!("bestmove {mv}"));
        true
    }

    /// `probe`: a line for each legal move with its proven value (`info string probe move d4f3
    /// win`), best first, then the position's (`info string probe position win`).
    fn probe(&mut self, nodes: u64) -> Result<(), String> {
        let session = self.session.boxed_clone();
        let probe = Probe::new(self.solution.clone(), nodes);
        self.start_job(Arc::default(), false, false, move |out| {
            let values = probe.move_values(session.as_ref());
            for entry in &values {
                out.line(&format!(
                    "info string probe move {} {}",
                    entry.text,
                    value_text(entry.value)
                ));
            }
            let position = probe.position_value(session.as_ref(), &values);
            format!("info string probe position {}", value_text(position))
        })
    }

    fn perft(&mut self, depth: u32) -> Result<(), String> {
        let session = self.session.boxed_clone();
        let threads = self.options.threads;
        self.start_job(Arc::default(), false, false, move |out| {
            let total = session.perft_divide(depth, threads, &mut |mv, count| {
                out.line(&format!("{mv}: {count}"));
            });
            format!("Nodes searched: {total}")
        })
    }

    /// `moves`: the legal moves on one line, at most [`MAX_LISTED_MOVES`] of them (then an
    /// error line says the list was cut). The line is made before it is written, so that the
    /// output is never held while the moves are listed.
    fn list_moves(&self) -> Result<(), String> {
        let mut line = String::new();
        let mut listed = 0;
        let mut cut = false;
        self.session.write_legal_moves(&mut |text| {
            if listed == MAX_LISTED_MOVES {
                cut = true;
                return ControlFlow::Break(());
            }
            if listed > 0 {
                line.push(' ');
            }
            line.push_str(text);
            listed += 1;
            ControlFlow::Continue(())
        });
        self.out.line(if listed == 0 { "(none)" } else { &line });
        if cut {
            return Err(format!(
                "'moves': more than {MAX_LISTED_MOVES} legal moves; the first {MAX_LISTED_MOVES} are listed"
            ));
        }
        Ok(())
    }

    fn query(&self, query: Query) {
        let verdict = self.session.verdict();
        let answer = match query {
            Query::P1Turn => (self.session.side_to_move() == Side::White).to_string(),
            Query::GameOver => verdict.is_some().to_string(),
            Query::Result => match verdict.map(|v| v.outcome) {
                None => "none".to_string(),
                Some(Outcome::Draw) => "draw".to_string(),
                Some(Outcome::Win(Side::White)) => "p1win".to_string(),
                Some(Outcome::Win(Side::Black)) => "p2win".to_string(),
            },
        };
        self.out.line(&format!("response {answer}"));
    }

    fn display(&self) {
        for line in self.session.display_lines() {
            self.out.line(&line);
        }
    }

    fn eval(&self) {
        let (terms, total) = self.session.evaluation();
        self.out
            .line(&format!("{:<28} {:>8} {:>8}", "term", "white", "black"));
        for term in terms {
            self.out.line(&format!(
                "{:<28} {:>8} {:>8}",
                term.name, term.white, term.black
            ));
        }
        self.out.line(&format!(
            "Total: {total} (side to move, {})",
            self.session.side_to_move().name()
        ));
        let mover = self.session.side_to_move().name();
        match self.session.net_and_hand_written() {
            Some((net, _)) => self.out.line(&format!(
                "NNUE: {net} (side to move, {mover}): the search uses this score"
            )),
            None => self.out.line("NNUE: none for this game and board, or UseNNUE is off: the search uses the total above"),
        }
    }
}

/// The `bestmove` line of a finished search: its move (`(none)` without one) and the reply to
/// ponder on, if given.
fn bestmove_line(best: Option<String>, reply: Option<String>) -> String {
    let best = best.as_deref().unwrap_or("(none)");
    match reply {
        Some(reply) => format!("bestmove {best} ponder {reply}"),
        None => format!("bestmove {best}"),
    }
}
