//! One browser tab's room: its table, who plays each side, the clocks, the analysis, and the
//! engine workers that play and analyse. Every change bumps the version, restarts what the
//! engines should be doing, and is sent to the page as a `state` event.

use super::analysis::AnalysisView;
use super::clocks::Clocks;
use super::engine_worker::{Job, Purpose, Worker, WorkerEvent};
use super::levels::Setting;
use super::loaded_record::LoadedRecord;
use super::table::{AnalysisSettings, Limit, Player, Table};
use super::table_review::TableReview;
use crate::game::Side;
use crate::interfaces::uci::output::printable;
use crate::tools::tournament::engine_process::EngineSpec;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, Weak};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// The workers of a room: white's player, black's player, the analyser.
pub const ROLES: usize = 3;
const ANALYSER: usize = 2;
/// Engine threads of one room alive at once, those still closing included: switching engines
/// quickly must not pile up processes.
const MAX_LIVE_WORKERS: usize = 6;
/// How long a fixed-depth search may take before the engine counts as hung.
const DEPTH_PATIENCE: Duration = Duration::from_secs(600);

/// An event for the page: its name and JSON data.
#[derive(Clone, Debug)]
pub struct Event {
    pub name: &'static str,
    pub data: String,
}

/// What an engine said about the move it played.
#[derive(Clone, Debug, Default)]
pub struct MoveNote {
    pub score: Option<String>,
    pub depth: Option<u32>,
    pub time_ms: u64,
}

/// The room's changing state, behind its lock.
pub struct RoomState {
    pub table: Table,
    pub version: u64,
    /// One more for every state sent: the version moves with the game only, and states of one
    /// version (an engine's status, a review's progress) are told apart by this.
    pub sent: u64,
    pub players: [Player; 2],
    pub limit: Limit,
    pub analysis: AnalysisSettings,
    pub clocks: Option<Clocks>,
    /// Notes of the engines' moves, by ply.
    pub notes: Vec<Option<MoveNote>>,
    /// The record the game was loaded from, if it was.
    pub record: Option<LoadedRecord>,
    pub(super) workers: [Option<Worker>; ROLES],
    /// The version each worker is busy with.
    pub(super) busy: [Option<u64>; ROLES],
    pub(super) status: [String; ROLES],
    /// A version at which the player's engine failed: it is not asked again there.
    failed: Option<u64>,
    /// The number of the last worker started, so that a replaced worker is not heard.
    worker_serial: u64,
    /// The review of the game, while it covers the game's first moves (see `review`).
    pub review: Option<TableReview>,
    /// The number of the last review started, so that a replaced review is not heard.
    pub(super) review_serial: u64,
    /// When the side to move began its turn (its thinking time is counted from there), and the
    /// moves and cursor it began at ([`RoomState::turn_key`]).
    turn_began: Instant,
    turn_key: (usize, usize),
}

/// Whether a tab still uses the room: its open event sockets and its last request.
pub struct Presence {
    pub sockets: usize,
    pub last_seen: Instant,
}

impl RoomState {
    /// Whether a game is being played rather than studied: an engine plays a side, or the
    /// clocks run. Its moves are then made at its end, whatever position is shown.
    pub fn is_match(&self) -> bool {
        self.clocks.is_some() || self.players.iter().any(|p| *p != Player::Human)
    }

    /// Why a person may not move now, if so.
    pub fn why_no_move(&self) -> Option<String> {
        let table = &self.table;
        let side = table.end_session().side_to_move();
        if table.end_result().is_some() || !self.is_match() {
            return None;
        }
        if matches!(self.players[side.index()], Player::Engine { .. }) {
            return Some(format!(
                "it is {}'s turn, and an engine plays {}; make it a human player to move for it",
                side.name(),
                side.name()
            ));
        }
        (!table.at_end()).then(|| "go to the last move to play on".to_string())
    }

    /// A person's move at the position shown: in a match at its end, clocks charged. Its note
    /// is the time since the turn began.
    pub fn person_moves(&mut self, text: &str) -> Result<(), String> {
        if let Some(why) = self.why_no_move() {
            return Err(why);
        }
        let side = self.table.session().side_to_move();
        let note = MoveNote {
            time_ms: u64::try_from(self.turn_began.elapsed().as_millis()).unwrap_or(u64::MAX),
            ..MoveNote::default()
        };
        if self.is_match() {
            return self.play_at_end(side, text, Some(note));
        }
        let ply = self.table.ply;
        self.table.play(text)?;
        if self.table.moves.len() == ply + 1 {
            self.notes.truncate(ply);
            self.notes.push(Some(note));
        }
        Ok(())
    }

    /// A new game on the table: the notes and a record loaded go, and the clocks start again.
    pub fn replace_table(&mut self, table: Table) {
        self.table = table;
        self.notes.clear();
        self.record = None;
        self.clocks = Clocks::for_limit(self.limit);
        self.note_turn(true);
    }

    /// What starts a new turn when it changes: the number of moves, and in a study board (where
    /// moves are played at the position shown) the cursor.
    fn turn_key(&self) -> (usize, usize) {
        let cursor = if self.is_match() { 0 } else { self.table.ply };
        (self.table.moves.len(), cursor)
    }

    /// Starts the clock of the next turn if the turn changed (or `always`, for a new game).
    pub fn note_turn(&mut self, always: bool) {
        let key = self.turn_key();
        if always || key != self.turn_key {
            self.turn_key = key;
            self.turn_began = Instant::now();
        }
    }

    /// Takes back: in a match from the end of the game, one move or, when a person plays an
    /// engine and it is the person's turn, back to the person's previous turn; otherwise the
    /// move before the position shown. The moves after it are forgotten.
    pub fn take_back(&mut self) -> Result<(), String> {
        if !self.is_match() {
            return self.table.take_back(1);
        }
        let end = self.table.moves.len();
        if end == 0 {
            return Err("there is no move to take back".to_string());
        }
        let mover = self.table.end_session().side_to_move();
        let person_against_engine = self.players.contains(&Player::Human)
            && self.players.iter().any(|p| *p != Player::Human);
        let plies = if person_against_engine && self.players[mover.index()] == Player::Human {
            2
        } else {
            1
        };
        self.table.goto(end)?;
        self.table.take_back(plies.min(end))
    }

    /// Plays `text` for `side` at the end of the game and charges its clock; a move after its
    /// clock ran out loses on time instead. A move that is not legal changes nothing.
    fn play_at_end(
        &mut self,
        side: Side,
        text: &str,
        note: Option<MoveNote>,
    ) -> Result<(), String> {
        if let Some(result) = self.table.end_result() {
            return Err(format!("the game is over: {}", result.text));
        }
        if let Some(clocks) = self.clocks.as_mut()
            && clocks.left_ms(side) < 0
        {
            clocks.pause();
            self.table.time_loss = Some(side);
            return Ok(());
        }
        let plies = self.table.moves.len();
        self.table.append(text)?;
        self.notes.truncate(plies);
        self.notes.push(note);
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(side);
        }
        Ok(())
    }
}

/// A room: shared between the web handlers and the workers. The web handlers take the state's
/// lock only on tokio's blocking threads (see `answers::blocking`): a table busy with the rules
/// never holds up the server. What they read without changing anything (the state's JSON, the
/// presence) is kept behind locks of its own that are never held for long.
pub struct Room {
    pub id: String,
    pub engines: Arc<Vec<EngineSpec>>,
    state: Mutex<RoomState>,
    /// The JSON of the state after its last change.
    published: Mutex<String>,
    presence: Mutex<Presence>,
    events: broadcast::Sender<Event>,
    /// The room's engine threads that have not ended yet.
    live_workers: Arc<AtomicUsize>,
    me: Weak<Room>,
}

impl Room {
    /// A room with `table`, a human playing both sides.
    pub fn new(id: String, engines: Arc<Vec<EngineSpec>>, table: Table) -> Arc<Room> {
        let (events, _) = broadcast::channel(64);
        let room = Arc::new_cyclic(|me| Room {
            id,
            engines,
            state: Mutex::new(RoomState {
                table,
                version: 1,
                sent: 0,
                players: [Player::Human, Player::Human],
                limit: Limit::Movetime { ms: 1000 },
                analysis: AnalysisSettings {
                    on: false,
                    engine: 0,
                    multipv: 1,
                },
                clocks: None,
                notes: Vec::new(),
                record: None,
                workers: [None, None, None],
                busy: [None; ROLES],
                status: Default::default(),
                failed: None,
                worker_serial: 0,
                review: None,
                review_serial: 0,
                turn_began: Instant::now(),
                turn_key: (0, 0),
            }),
            published: Mutex::new(String::new()),
            presence: Mutex::new(Presence {
                sockets: 0,
                last_seen: Instant::now(),
            }),
            events,
            live_workers: Arc::new(AtomicUsize::new(0)),
            me: me.clone(),
        });
        let first = room.view_json(&room.lock());
        room.publish(first);
        room
    }

    /// The state, locked (a poisoned lock still holds a consistent table: every change is
    /// checked before it is made).
    pub fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The state's JSON as of its last change, without waiting for a busy table.
    pub fn published(&self) -> String {
        self.published
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn publish(&self, json: String) {
        *self
            .published
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = json;
    }

    /// Who uses the room, locked (briefly).
    pub fn presence(&self) -> MutexGuard<'_, Presence> {
        self.presence
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Notes a request of the room's tab.
    pub fn touch(&self) {
        self.presence().last_seen = Instant::now();
    }

    /// A receiver of the room's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// Applies `change` to the state; on success the version moves on, the engines are told
    /// and the page hears of it. A failed change leaves everything as it was.
    pub fn change<T>(
        &self,
        change: impl FnOnce(&mut RoomState) -> Result<T, String>,
    ) -> Result<String, String> {
        let mut state = self.lock();
        change(&mut state)?;
        Ok(self.commit(&mut state))
    }

    /// After a change: next version, engines restarted, clocks run, `state` sent; returns the
    /// state's JSON.
    fn commit(&self, state: &mut RoomState) -> String {
        state.version += 1;
        state.failed = None;
        let notes = state.table.moves.len();
        state.notes.resize(notes, None);
        state.note_turn(false);
        // A review is dropped once the game no longer begins with the moves it covers.
        if state
            .review
            .as_ref()
            .is_some_and(|r| !r.covers(&state.table))
        {
            state.review = None;
        }
        self.schedule(state);
        self.send_state(state)
    }

    /// Publishes the state and sends it to the pages; returns its JSON.
    pub(super) fn send_state(&self, state: &mut RoomState) -> String {
        state.sent += 1;
        let json = self.view_json(state);
        self.publish(json.clone());
        let _ = self.events.send(Event {
            name: "state",
            data: json.clone(),
        });
        json
    }

    /// Starts, replaces or stops the engines' searches to fit the state, and runs the clocks.
    fn schedule(&self, state: &mut RoomState) {
        let version = state.version;
        let live = state.table.end_result().is_none();
        let mover = state.table.end_session().side_to_move();
        if let Some(clocks) = state.clocks.as_mut() {
            clocks.run(live.then_some(mover));
        }
        for side in [Side::White, Side::Black] {
            let role = side.index();
            if state.players[role] == Player::Human {
                // Its engine, if it had one, is not needed any more.
                state.workers[role] = None;
                state.busy[role] = None;
                state.status[role].clear();
                continue;
            }
            let wanted = match &state.players[role] {
                Player::Engine { engine, level, elo }
                    if live && side == mover && state.failed != Some(version) =>
                {
                    Some((*engine, Setting::of(level, *elo)))
                }
                _ => None,
            };
            match wanted {
                Some((engine, setting)) => {
                    let job = self.job(state, Purpose::Play(side), setting);
                    self.run(state, role, engine, job);
                }
                None => self.stop(state, role),
            }
        }
        let analysis = state.analysis;
        if analysis.on && state.table.is_live() {
            let job = self.job(state, Purpose::Analyse(analysis.multipv), Setting::Default);
            self.run(state, ANALYSER, analysis.engine, job);
        } else {
            self.stop(state, ANALYSER);
        }
    }

    fn job(&self, state: &RoomState, purpose: Purpose, setting: Setting) -> Job {
        let table = &state.table;
        // A player plays at the end of the game; the analysis is of the position shown.
        let (moves, session) = match purpose {
            Purpose::Play(_) => (&table.moves[..], table.end_session()),
            Purpose::Analyse(_) => (&table.moves[..table.ply], table.session()),
        };
        let position = if moves.is_empty() {
            format!("position fen {}", table.start)
        } else {
            format!("position fen {} moves {}", table.start, moves.join(" "))
        };
        let (go, patience) = match (purpose, state.limit, &state.clocks) {
            (Purpose::Analyse(_), _, _) => ("go infinite".to_string(), Duration::MAX),
            (_, Limit::Movetime { ms }, _) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms.saturating_mul(2).saturating_add(5000)),
            ),
            (_, Limit::Depth { depth }, _) => (format!("go depth {depth}"), DEPTH_PATIENCE),
            (_, Limit::Clock { .. }, Some(clocks)) => {
                let (white, black) = (
                    clocks.left_ms(Side::White).max(0),
                    clocks.left_ms(Side::Black).max(0),
                );
                let inc = clocks.increment_ms();
                (
                    format!("go wtime {white} btime {black} winc {inc} binc {inc}"),
                    Duration::from_millis(white.max(black) as u64 + 5000),
                )
            }
            (_, Limit::Clock { .. }, None) => ("go movetime 1000".to_string(), DEPTH_PATIENCE),
        };
        Job {
            version: state.version,
            purpose,
            variant: table.game.name(),
            size: session.size(),
            side_to_move: session.side_to_move(),
            position,
            go,
            setting,
            patience,
        }
    }

    /// Gives `job` to the worker of `role`, started for `engine` if it is not.
    fn run(&self, state: &mut RoomState, role: usize, engine: usize, job: Job) {
        if state.busy[role] == Some(job.version) {
            return;
        }
        let Some(spec) = self.engines.get(engine) else {
            state.status[role] = format!("failed: no engine {engine}");
            return;
        };
        if state.workers[role].as_ref().map(|w| w.engine) != Some(engine) {
            state.workers[role] = None;
            if self.live_workers.load(Ordering::Relaxed) >= MAX_LIVE_WORKERS {
                state.status[role] =
                    "failed: too many engines of this table are still closing; try again".into();
                return;
            }
            state.worker_serial += 1;
            let serial = state.worker_serial;
            let me = self.me.clone();
            let report = Box::new(move |event| {
                if let Some(room) = me.upgrade() {
                    room.on_worker_event(role, serial, event);
                }
            });
            state.workers[role] = Some(Worker::spawn(
                engine,
                serial,
                spec.clone(),
                self.live_workers.clone(),
                report,
            ));
        }
        state.busy[role] = Some(job.version);
        if let Some(worker) = &state.workers[role] {
            worker.run(job);
        }
    }

    fn stop(&self, state: &mut RoomState, role: usize) {
        if state.busy[role].take().is_some()
            && let Some(worker) = &state.workers[role]
        {
            worker.stop();
        }
    }

    /// What the worker `serial` of `role` reports (a replaced worker is no longer heard).
    fn on_worker_event(&self, role: usize, serial: u64, event: WorkerEvent) {
        let mut state = self.lock();
        if state.workers[role].as_ref().map(|w| w.serial) != Some(serial) {
            return;
        }
        match event {
            WorkerEvent::Status(status) => {
                state.status[role] = status;
            }
            WorkerEvent::Notice { error, text } => return self.notice(error, &text),
            WorkerEvent::Analysis(analysis) => return self.send_analysis(&state, role, analysis),
            WorkerEvent::Failed { version, why } => {
                if state.busy[role] == Some(version) {
                    state.busy[role] = None;
                    if role != ANALYSER {
                        state.failed = Some(version);
                    }
                }
                self.notice(true, &why);
            }
            WorkerEvent::BestMove {
                version,
                side,
                text,
                score,
                depth,
                elapsed_ms,
            } => {
                if state.version != version || state.busy[role] != Some(version) {
                    return;
                }
                state.busy[role] = None;
                let name = self
                    .engines
                    .get(state.workers[role].as_ref().map_or(0, |w| w.engine))
                    .map_or("engine".to_string(), |spec| spec.name.clone());
                let note = MoveNote {
                    score,
                    depth,
                    time_ms: elapsed_ms,
                };
                match state.play_at_end(side, &text, Some(note)) {
                    Ok(()) => {
                        self.commit(&mut state);
                        return;
                    }
                    Err(problem) => {
                        state.failed = Some(version);
                        state.status[role] = "failed: it sent a move that is not legal".to_string();
                        self.notice(
                            true,
                            &format!(
                                "{name} ({}) sent a move that is not legal: {}",
                                side.name(),
                                printable(&problem)
                            ),
                        );
                    }
                }
            }
        }
        self.send_state(&mut state);
    }

    fn send_analysis(&self, state: &RoomState, role: usize, analysis: AnalysisView) {
        if role == ANALYSER && analysis.version == state.version {
            let data = serde_json::to_string(&analysis).unwrap_or_default();
            let _ = self.events.send(Event {
                name: "analysis",
                data,
            });
        }
    }

    /// The name of engine `index`, as the page and the record show it.
    pub fn engine_name(&self, index: usize) -> String {
        self.engines
            .get(index)
            .map_or_else(|| format!("engine {index}"), |spec| spec.name.clone())
    }

    /// A handle of the room that does not keep it open.
    pub(super) fn weak(&self) -> Weak<Room> {
        self.me.clone()
    }

    /// Tells the page something.
    pub fn notice(&self, error: bool, text: &str) {
        let level = if error { "error" } else { "info" };
        let data = serde_json::json!({ "level": level, "text": text }).to_string();
        let _ = self.events.send(Event {
            name: "notice",
            data,
        });
    }

    /// The state if it is not locked now (a poisoned lock still holds a consistent table).
    fn try_lock(&self) -> Option<MutexGuard<'_, RoomState>> {
        match self.state.try_lock() {
            Ok(state) => Some(state),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Ends the room's engine processes, unless the room is busy: they end anyway when the
    /// last handle of the room goes.
    pub fn close(&self) {
        if let Some(mut state) = self.try_lock() {
            state.workers = [None, None, None];
            state.busy = [None; ROLES];
            state.review = None;
        }
    }

    /// Ends the game of a player whose clock ran out; a room busy now is looked at next time.
    pub fn check_clock(&self) {
        let Some(mut state) = self.try_lock() else {
            return;
        };
        let Some(loser) = state.clocks.as_ref().and_then(Clocks::flagged) else {
            return;
        };
        if let Some(clocks) = state.clocks.as_mut() {
            clocks.pause();
        }
        state.table.time_loss = Some(loser);
        self.commit(&mut state);
    }
}
