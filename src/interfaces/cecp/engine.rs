//! The CECP state machine: the game (as moves from a start or `setboard` position), which side
//! the engine plays (none in force mode), the time control, the options (`Level`, `MultiPV`, and
//! `UCI_LimitStrength`, `UCI_Elo` and `Skill` as in UCI: below full strength the limited search
//! of `crate::strength::limited` decides the engine's move), and the one search running on its
//! own thread, which tells the command loop when it is done
//! so that its move is played there. It also answers XBoard's `lift` with the legal targets
//! and, in Joust, shows the burned squares after every change of position (`highlight`).

use super::clock::TimeControl;
use super::command::Command;
use super::output::{
    LEVEL_OPTION, MULTI_PV_OPTION, burned_marks, error, features, highlight_line, piece_lines,
    result_claim, setup_line, stat01_line, thinking_line,
};
use crate::board::geometry::geometry;
use crate::board::position_text::{Cell, parse_position_text};
use crate::game::{BoardSize, Side};
use crate::games::{GameKind, build_session, game_and_size, open_session};
use crate::interfaces::uci::event::Event;
use crate::interfaces::uci::options::{
    ELO, HASH_RANGE, LIMIT_STRENGTH, MULTI_PV_RANGE, SKILL, THREADS_RANGE,
};
use crate::interfaces::uci::output::{Output, printable};
use crate::level::{Level, random_move};
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::session::{GameSession, Setup};
use crate::strength::limited::LimitedSearch;
use crate::strength::reach::ReachNotice;
use crate::strength::{ELO_RANGE, SKILL_RANGE, StrengthOptions};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The most moves `.` counts for its `stat01` line: every move of any position reached in play,
/// where counting all of a crowded Apart board's (hundreds of millions) would hold the loop,
/// and `ping` with it, for minutes.
const STATUS_MOVES_COUNTED: usize = 100_000;

/// The hash table's size until `memory` says otherwise, in MB.
const DEFAULT_HASH_MB: usize = 16;

/// A draw offer is accepted when the engine's last search scored its side this far below level
/// or worse, and declined (by saying nothing, as CECP has it) otherwise.
const ACCEPT_DRAW_BELOW_CP: i32 = -50;

/// The last complete depth of a search and its score, from the view of the side to move.
type Latest = Arc<Mutex<Option<(u32, Score)>>>;

/// A search on its own thread: a move to play, or an analysis that runs until stopped.
struct Job {
    handle: JoinHandle<()>,
    signals: Arc<Signals>,
    /// Tells this job's [`Event::SearchDone`] from an earlier one's.
    id: u64,
    /// Filled when the search is done, with the move found: a word of a UCI search stopped by
    /// `xboard` may carry the same number, and is told apart by this slot being empty.
    answer: Arc<Mutex<Option<Option<String>>>>,
    analysis: bool,
    /// The side to move when the search started.
    side: Side,
    started: Instant,
    latest: Latest,
}

/// A refused command: CECP's `Error (REASON): TEXT` or `Illegal move: MOVE`.
enum Refusal {
    Error(String, String),
    IllegalMove(String),
}

/// The CECP engine's whole state between commands.
pub struct Cecp {
    out: Output,
    events: Sender<Event>,
    game: GameKind,
    size: BoardSize,
    /// The `setboard` position the game started from, if not the start position.
    setup: Option<String>,
    /// The moves played since the start, as the engine writes them.
    moves: Vec<String>,
    session: Box<dyn GameSession>,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    post: bool,
    analysing: bool,
    control: TimeControl,
    tt: Arc<TranspositionTable>,
    threads: usize,
    level: Level,
    multipv: usize,
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill`: below full strength they decide instead of
    /// the level.
    strength: StrengthOptions,
    /// Says when `UCI_Elo` is out of the game's reach.
    reach: ReachNotice,
    /// Picks the `random` level's moves and seeds the draws of limited strength.
    rng: StdRng,
    /// The score of the engine's last move, from its side's view, for judging draw offers;
    /// forgotten when the game is set up again or a move is taken back.
    judgement: Option<Score>,
    job: Option<Job>,
    jobs: u64,
}

impl Cecp {
    /// An engine as after `new` (the default game, the engine playing Black) that writes to
    /// `out` and reports its searches to `events`.
    pub fn new(out: Output, events: Sender<Event>) -> Result<Self, String> {
        let game = GameKind::Joust;
        let size = game.default_size();
        Ok(Cecp {
            out,
            events,
            game,
            size,
            setup: None,
            moves: Vec::new(),
            session: build_session(game, Setup::Start(size), &[], true)?,
            engine_side: Some(Side::Black),
            post: false,
            analysing: false,
            control: TimeControl::default(),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            threads: 1,
            level: Level::Max,
            multipv: 1,
            strength: StrengthOptions::default(),
            reach: ReachNotice::default(),
            rng: StdRng::seed_from_u64(0),
            judgement: None,
            job: None,
            jobs: 0,
        })
    }

    /// Acts on `command`; false when the engine should exit.
    pub fn act(&mut self, command: Command) -> bool {
        if command == Command::Quit {
            self.stop();
            return false;
        }
        match self.execute(command) {
            Ok(()) => {}
            Err(Refusal::Error(reason, text)) => self.out.line(&error(&reason, &printable(&text))),
            Err(Refusal::IllegalMove(text)) => {
                self.out
                    .line(&format!("Illegal move: {}", printable(&text)));
                // XBoard takes the move back and clears its markers with it.
                self.show_burned();
            }
        }
        true
    }

    fn execute(&mut self, command: Command) -> Result<(), Refusal> {
        match command {
            Command::Protover(version) => {
                if version >= 2 {
                    for line in features(self.level, self.strength) {
                        self.out.line(&line);
                    }
                }
            }
            Command::New => {
                self.stop();
                self.start_game(GameKind::Joust, GameKind::Joust.default_size())
                    .map_err(|problem| Refusal::Error("new".into(), problem))?;
                self.engine_side = Some(Side::Black);
                self.control.depth = None;
                self.control.own_ms = None;
                self.control.opponent_ms = None;
                self.tt.clear();
                self.resume();
            }
            Command::Variant { name, size } => {
                let (game, size) = game_and_size(&name, size.as_deref())
                    .map_err(|problem| Refusal::Error("unsupported variant".into(), problem))?;
                self.stop();
                self.start_game(game, size)
                    .map_err(|problem| Refusal::Error("unsupported variant".into(), problem))?;
                self.out.line(&setup_line(
                    size.width,
                    size.height,
                    &self.session.position_text(),
                ));
                for line in piece_lines(game) {
                    self.out.line(line);
                }
                self.resume();
            }
            Command::SetBoard(text) => self.set_board(&text)?,
            Command::UserMove(text) => self.user_move(&text)?,
            Command::Go => {
                self.stop();
                self.engine_side = Some(self.session.side_to_move());
                self.analysing = false;
                match self.session.verdict() {
                    Some(verdict) => self.out.line(&result_claim(&verdict)),
                    None => self.think(),
                }
            }
            Command::Force => {
                self.stop();
                self.engine_side = None;
            }
            Command::Result => {
                self.stop();
                self.engine_side = None;
                self.analysing = false;
            }
            Command::PlayOther => {
                self.stop();
                self.engine_side = Some(self.session.side_to_move().opponent());
            }
            Command::Undo => self.take_back(1, "undo")?,
            Command::Lift(square) => self.lift(&square)?,
            Command::Put(square) => {
                self.square(&square)?;
            }
            Command::Draw => {
                let losing = match self.judgement {
                    Some(Score::Centipawns(cp)) => cp <= ACCEPT_DRAW_BELOW_CP,
                    Some(Score::Mate(moves)) => moves < 0,
                    None => false,
                };
                if losing && self.engine_side.is_some() && self.session.verdict().is_none() {
                    self.out.line("offer draw");
                }
            }
            Command::Remove => self.take_back(2, "remove")?,
            Command::Level {
                moves_per_control,
                base_ms,
                increment_ms,
            } => {
                self.control.moves_per_control = moves_per_control;
                self.control.base_ms = base_ms;
                self.control.increment_ms = increment_ms;
                self.control.per_move_ms = None;
            }
            Command::SecondsPerMove(ms) => self.control.per_move_ms = Some(ms),
            Command::Depth(depth) => self.control.depth = Some(depth.max(1)),
            // A clock beyond any game saturates rather than overflows (the fuzzer sent 1.8e19).
            Command::Time(centiseconds) => {
                self.control.own_ms = Some(centiseconds.saturating_mul(10))
            }
            Command::OpponentTime(centiseconds) => {
                self.control.opponent_ms = Some(centiseconds.saturating_mul(10))
            }
            Command::Ping(token) => self.out.line(format!("pong {token}").trim_end()),
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.stop();
                self.engine_side = None;
                self.analysing = true;
                self.resume();
            }
            Command::Exit => {
                self.stop();
                self.analysing = false;
            }
            Command::MoveNow => {
                if let Some(job) = self.job.as_ref().filter(|job| !job.analysis) {
                    job.signals.stop.store(true, Ordering::Relaxed);
                }
            }
            Command::Memory(megabytes) => {
                let megabytes = megabytes.clamp(HASH_RANGE.0, HASH_RANGE.1);
                let table = TranspositionTable::try_new(megabytes)
                    .map_err(|problem| Refusal::Error("memory".into(), problem))?;
                self.stop();
                self.tt = Arc::new(table);
                self.resume();
            }
            Command::Cores(cores) => self.threads = cores.clamp(THREADS_RANGE.0, THREADS_RANGE.1),
            Command::Option(text) => self.set_option(&text)?,
            Command::Status => self.status(),
            Command::Quit | Command::Ignored => {}
        }
        Ok(())
    }

    /// `option NAME=VALUE` for the options announced in the features; a bad value is refused
    /// and the option keeps its value.
    fn set_option(&mut self, text: &str) -> Result<(), Refusal> {
        let refuse = |reason: String| Refusal::Error(reason, format!("option {text}"));
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| refuse("option needs a value".into()))?;
        let (name, value) = (name.trim(), value.trim());
        let spin = |range| spin_value(name, value, range).map_err(refuse);
        match name {
            LEVEL_OPTION => {
                self.level = Level::parse(value).map_err(|_| refuse("unknown level".into()))?
            }
            MULTI_PV_OPTION => self.multipv = spin(MULTI_PV_RANGE)?,
            LIMIT_STRENGTH => {
                self.strength.limit_strength = check_value(name, value).map_err(refuse)?
            }
            ELO => self.strength.elo = spin(ELO_RANGE)?,
            SKILL => self.strength.skill = spin(SKILL_RANGE)?,
            _ => return Err(refuse("unknown option".into())),
        }
        Ok(())
    }

    /// The square named `text` on the current board.
    fn square(&self, text: &str) -> Result<usize, Refusal> {
        let size = self.session.size();
        geometry(size.width, size.height)
            .parse_square(text)
            .ok_or_else(|| Refusal::Error("not a square of this board".into(), text.to_string()))
    }

    /// `lift SQUARE`: marks where the piece there can go (red where it captures), with the
    /// burned squares, so that XBoard lets the user drop it on those squares only. A move
    /// that visits more squares (a Claustro capture and its placement, an Apart multi-leg turn)
    /// is not marked: XBoard cannot enter it.
    fn lift(&mut self, text: &str) -> Result<(), Refusal> {
        let from = self.square(text)?;
        let size = self.session.size();
        let position = parse_position_text(&self.session.position_text())
            .map_err(|problem| Refusal::Error("position".into(), problem))?;
        let mut marks = burned_marks(&position);
        // Found for the one piece, never by listing the moves (a crowded Apart board has
        // hundreds of millions).
        for target in self.session.one_leg_targets(from) {
            let capture = matches!(position.cells[target], Cell::Piece(_));
            marks[target] = Some(if capture { 'R' } else { 'Y' });
        }
        self.out
            .line(&highlight_line(size.width, size.height, &marks));
        Ok(())
    }

    /// In Joust, after every change of position: the burned squares as black dots, since XBoard
    /// moves the knight on its own board and leaves an empty square behind, not a burned one.
    fn show_burned(&self) {
        if self.game != GameKind::Joust {
            return;
        }
        if let Ok(position) = parse_position_text(&self.session.position_text()) {
            self.out.line(&highlight_line(
                position.width,
                position.height,
                &burned_marks(&position),
            ));
        }
    }

    /// `.` in analysis: how far the analysis has got, with the root's moves counted up to
    /// `STATUS_MOVES_COUNTED`.
    fn status(&self) {
        if let Some(job) = self.job.as_ref().filter(|job| job.analysis) {
            let depth = job
                .latest
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .map_or(0, |(depth, _)| depth);
            self.out.line(&stat01_line(
                job.started.elapsed().as_millis() as u64,
                job.signals.nodes.load(Ordering::Relaxed),
                depth,
                self.session.first_legal_moves(STATUS_MOVES_COUNTED).0.len(),
            ));
        }
    }

    /// The start position of `game` at `size`, no moves played.
    fn start_game(&mut self, game: GameKind, size: BoardSize) -> Result<(), String> {
        self.session = build_session(game, Setup::Start(size), &[], true)?;
        self.game = game;
        self.size = size;
        self.setup = None;
        self.moves.clear();
        self.judgement = None;
        Ok(())
    }

    /// The game from its start (or `setup`) after `moves`.
    fn rebuild(
        &self,
        setup: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn GameSession>, String> {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        open_session(self.game, self.size, setup, &moves, true)
    }

    fn set_board(&mut self, text: &str) -> Result<(), Refusal> {
        let session = self
            .rebuild(Some(text), &[])
            .map_err(|problem| Refusal::Error("illegal position".into(), problem))?;
        self.stop();
        self.session = session;
        self.size = self.session.size();
        self.setup = Some(text.to_string());
        self.moves.clear();
        self.judgement = None;
        self.show_burned();
        self.resume();
        Ok(())
    }

    fn user_move(&mut self, text: &str) -> Result<(), Refusal> {
        if self.job.as_ref().is_some_and(|job| !job.analysis) {
            return Err(Refusal::Error(
                "engine is thinking".into(),
                format!("usermove {text}"),
            ));
        }
        let canonical = self
            .session
            .canonical_move(text)
            .map_err(|_| Refusal::IllegalMove(text.to_string()))?;
        self.stop();
        self.session
            .play_move(&canonical)
            .map_err(|_| Refusal::IllegalMove(text.to_string()))?;
        self.moves.push(canonical);
        if let Some(verdict) = self.session.verdict() {
            self.out.line(&result_claim(&verdict));
        }
        self.show_burned();
        self.resume();
        Ok(())
    }

    /// Takes back `plies` moves (`undo` one, `remove` two); the engine's side stays.
    fn take_back(&mut self, plies: usize, command: &str) -> Result<(), Refusal> {
        let kept =
            self.moves.len().checked_sub(plies).ok_or_else(|| {
                Refusal::Error("no move to take back".into(), command.to_string())
            })?;
        let session = self
            .rebuild(self.setup.as_deref(), &self.moves[..kept])
            .map_err(|problem| Refusal::Error("take back".into(), problem))?;
        self.stop();
        self.session = session;
        self.moves.truncate(kept);
        self.judgement = None;
        self.show_burned();
        self.resume();
        Ok(())
    }

    /// After the game has changed: analysis starts again, or the engine thinks if it is its turn.
    fn resume(&mut self) {
        if self.session.verdict().is_some() {
            return;
        }
        if self.analysing || self.engine_side == Some(self.session.side_to_move()) {
            self.think();
        }
    }

    /// Starts the search: an analysis, or the engine's move under the time control and the
    /// level (the `random` and `greedy` levels move at once, without a search) or, below full
    /// strength, the limited search.
    fn think(&mut self) {
        let analysis = self.analysing;
        let mut limits = if analysis {
            Limits {
                infinite: true,
                ..Limits::default()
            }
        } else {
            let own_moves = (self.moves.len() / 2) as u32;
            self.control.limits(self.session.side_to_move(), own_moves)
        };
        // An Elo out of the game's reach plays at its nearest end: the user is told once.
        if !analysis && let Some(note) = self.reach.before_search(self.strength, self.game) {
            self.out.line(&format!("telluser {note}"));
        }
        let limited = self.strength.strength(self.game);
        let strength = self
            .level
            .limited_strength(self.game, limited)
            .filter(|_| !analysis);
        if !analysis && strength.is_none() {
            let quick_move = match self.level {
                Level::Random => random_move(self.session.as_ref(), &[], &mut self.rng),
                Level::Greedy => self.session.greedy_move(&[]),
                Level::Named(_) | Level::Max => {
                    limits.depth = self.level.cap_depth(self.game, limits.depth);
                    None
                }
            };
            if let Some(mv) = quick_move {
                self.judgement = None;
                self.play(mv);
                return;
            }
        }
        let post = self.post || analysis;
        let settings = Settings {
            threads: self.threads,
            multipv: self.multipv,
            ..Settings::default()
        };
        let limited = strength.map(|strength| {
            LimitedSearch::new(strength, limits.clone(), settings, self.rng.random())
        });
        let session = self.session.boxed_clone();
        let signals = Arc::new(Signals::default());
        let answer = Arc::new(Mutex::new(None));
        let latest: Latest = Arc::new(Mutex::new(None));
        let (tt, out, events) = (Arc::clone(&self.tt), self.out.clone(), self.events.clone());
        let (thread_signals, thread_answer) = (Arc::clone(&signals), Arc::clone(&answer));
        let thread_latest = Arc::clone(&latest);
        self.jobs += 1;
        let id = self.jobs;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let mut report = |it: &Iteration| {
                    if it.multipv == 1 {
                        *thread_latest.lock().unwrap_or_else(|p| p.into_inner()) =
                            Some((it.depth, it.score));
                    }
                    if post {
                        out.line(&thinking_line(it));
                    }
                };
                let best_move = match limited {
                    Some(search) => {
                        search
                            .run(session.as_ref(), &tt, &thread_signals, &mut report)
                            .best_move
                    }
                    None => {
                        session
                            .search(&limits, settings, &tt, &thread_signals, &mut report)
                            .best_move
                    }
                };
                *thread_answer.lock().unwrap_or_else(|p| p.into_inner()) = Some(best_move);
                // A loop that has ended no longer listens; nothing is lost.
                let _ = events.send(Event::SearchDone(id));
            });
        match spawned {
            Ok(handle) => {
                self.job = Some(Job {
                    handle,
                    signals,
                    id,
                    answer,
                    analysis,
                    side: self.session.side_to_move(),
                    started: Instant::now(),
                    latest,
                })
            }
            Err(problem) => self.out.line(&error("search", &problem.to_string())),
        }
    }

    /// Search number `id` is done: the engine plays its move, and claims the result if the
    /// move ends the game. An earlier, stopped search's word is ignored.
    pub fn search_done(&mut self, id: u64) {
        let done = self.job.as_ref().is_some_and(|job| {
            job.id == id
                && job
                    .answer
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .is_some()
        });
        if done && let Some(job) = self.job.take() {
            self.play_answer(job);
        }
    }

    /// Waits for `job` to end and, unless it is an analysis, plays its move and claims the
    /// result if the move ends the game.
    fn play_answer(&mut self, job: Job) {
        join(job.handle);
        if job.analysis {
            return;
        }
        let answer = job.answer.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(Some(mv)) = answer else { return };
        self.judgement = job
            .latest
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .filter(|_| self.engine_side == Some(job.side))
            .map(|(_, score)| score);
        self.play(mv);
    }

    /// Plays the engine's move `mv`, and claims the result if the move ends the game.
    fn play(&mut self, mv: String) {
        if let Err(problem) = self.session.play_move(&mv) {
            log::error!("the engine's own move {mv} is refused: {problem}");
            return;
        }
        self.out.line(&format!("move {mv}"));
        self.moves.push(mv);
        if let Some(verdict) = self.session.verdict() {
            self.out.line(&result_claim(&verdict));
        }
        self.show_burned();
    }

    /// At the end of input: a move being searched is waited for and played; an analysis is
    /// stopped.
    pub fn finish(&mut self) {
        match self.job.take() {
            Some(job) if !job.analysis => self.play_answer(job),
            other => {
                self.job = other;
                self.stop();
            }
        }
    }

    /// Stops the running search, if any, and forgets its answer.
    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.signals.stop.store(true, Ordering::Relaxed);
            join(job.handle);
        }
    }
}

/// The value of the spin option `name`: a whole number within `range`, else why it is refused
/// (naming the range).
fn spin_value(name: &str, value: &str, (low, high): (usize, usize)) -> Result<usize, String> {
    match value.parse::<i128>() {
        Ok(number) if (low as i128..=high as i128).contains(&number) => Ok(number as usize),
        Ok(_) => Err(format!("{name} out of range {low} to {high}")),
        Err(_) => Err(format!("not a number, {name} takes {low} to {high}")),
    }
}

/// The value of the check option `name`: XBoard's 1 or 0 (or `true`, `false`), else why it is
/// refused.
fn check_value(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!("{name} takes 0 or 1")),
    }
}

fn join(handle: JoinHandle<()>) {
    if handle.join().is_err() {
        log::error!("the search thread panicked");
    }
}
