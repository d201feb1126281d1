//! One browser tab's room: its table, who plays each side, the clocks, the analysis, and the
//! engine workers that play and analyse. Every change bumps the version, restarts what the
//! engines should be doing, and is sent to the page as a `state` event.

use super::engine_worker::{Worker, WorkerEvent};
use crate::desk::analysis::AnalysisView;
use crate::desk::job::{Job, ROLES};
use crate::desk::state::{ANALYSER, Desk, MoveNote};
use crate::desk::table::{Player, Table};
use crate::desk::view::{EngineView, table_view_json};
use crate::engine_process::process::EngineSpec;
use crate::game::Side;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, Weak};
use std::time::Instant;
use tokio::sync::broadcast;

/// Engine threads of one room alive at once, those still closing included: switching engines
/// quickly must not pile up processes.
const MAX_LIVE_WORKERS: usize = 6;

/// An event for the page: its name and JSON data.
#[derive(Clone, Debug)]
pub struct Event {
    pub name: &'static str,
    pub data: String,
}

/// The room's changing state, behind its lock: the desk (the game and what the page chose),
/// and the engine workers that play and analyse it.
pub struct RoomState {
    pub desk: Desk,
    pub(super) workers: [Option<Worker>; ROLES],
    /// The version each worker is busy with.
    pub(super) busy: [Option<u64>; ROLES],
    pub(super) status: [String; ROLES],
    /// The number of the last worker started, so that a replaced worker is not heard.
    worker_serial: u64,
}

impl Deref for RoomState {
    type Target = Desk;
    fn deref(&self) -> &Desk {
        &self.desk
    }
}

impl DerefMut for RoomState {
    fn deref_mut(&mut self) -> &mut Desk {
        &mut self.desk
    }
}

/// Whether a tab still uses the room: its open event sockets and its last request.
pub struct Presence {
    pub sockets: usize,
    pub last_seen: Instant,
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
                desk: Desk::new(table),
                workers: [None, None, None],
                busy: [None; ROLES],
                status: Default::default(),
                worker_serial: 0,
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
        state.desk.committed();
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

    /// Starts, replaces or stops the engines' searches to fit the state.
    fn schedule(&self, state: &mut RoomState) {
        for (role, wanted) in state.desk.wanted().into_iter().enumerate() {
            match wanted {
                Some((engine, job)) => self.run(state, role, engine, job),
                // A person's side needs its engine no more.
                None if role != ANALYSER && state.players[role] == Player::Human => {
                    state.workers[role] = None;
                    state.busy[role] = None;
                    state.status[role].clear();
                }
                None => self.stop(state, role),
            }
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
                        state.desk.failed = Some(version);
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
                match state.desk.engine_moved(version, side, &name, &text, note) {
                    Ok(()) => {
                        self.commit(&mut state);
                        return;
                    }
                    Err(problem) => {
                        state.status[role] = "failed: it sent a move that is not legal".to_string();
                        self.notice(true, &problem);
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

    /// The state as the page reads it.
    pub fn view_json(&self, state: &RoomState) -> String {
        let engines = (self.engines.iter().enumerate())
            .map(|(index, spec)| {
                let status = (0..ROLES)
                    .filter(|&role| state.workers[role].as_ref().map(|w| w.engine) == Some(index))
                    .map(|role| state.status[role].clone())
                    .find(|status| !status.is_empty() && status != "ready")
                    .unwrap_or_else(|| "ready".to_string());
                EngineView {
                    index,
                    name: spec.name.clone(),
                    status,
                }
            })
            .collect();
        let thinking = [Side::White, Side::Black]
            .into_iter()
            .find(|side| state.busy[side.index()] == Some(state.version));
        table_view_json(&self.id, &state.desk, engines, thinking)
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
            state.desk.review = None;
        }
    }

    /// Ends the game of a player whose clock ran out; a room busy now is looked at next time.
    pub fn check_clock(&self) {
        let Some(mut state) = self.try_lock() else {
            return;
        };
        if state.desk.flag_fall() {
            self.commit(&mut state);
        }
    }
}
