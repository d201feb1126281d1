//! Every open room, by id: created by a tab, found by its requests, removed with its engines once
//! its tab has been gone for a while. Their number is bounded.

use super::room::Room;
use super::table::Table;
use crate::tools::tournament::engine_process::EngineSpec;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// At most this many rooms (tabs) at once; each has at most three engine processes.
pub const MAX_ROOMS: usize = 32;

/// The open rooms.
pub struct Rooms {
    pub engines: Arc<Vec<EngineSpec>>,
    /// A room without an open event stream and requests for this long is removed.
    abandoned_after: Duration,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    next_id: AtomicU64,
    /// Makes ids of different server runs differ.
    run_tag: u32,
}

impl Rooms {
    /// No rooms yet; engines `engines`; rooms left alone for `abandoned_after` are removed.
    pub fn new(engines: Vec<EngineSpec>, abandoned_after: Duration) -> Rooms {
        Rooms {
            engines: Arc::new(engines),
            abandoned_after,
            rooms: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            run_tag: rand::random::<u32>() % 10_000,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new room for `table`, or an error when too many are open (abandoned ones are removed
    /// first).
    pub fn open(&self, table: Table) -> Result<Arc<Room>, String> {
        self.remove_abandoned();
        let mut rooms = self.map();
        if rooms.len() >= MAX_ROOMS {
            return Err(format!(
                "too many tables open ({MAX_ROOMS}); close a tab and try again"
            ));
        }
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let id = format!("t{}-{n}", self.run_tag);
        let room = Room::new(id.clone(), self.engines.clone(), table);
        rooms.insert(id, room.clone());
        Ok(room)
    }

    /// The room `id`.
    pub fn get(&self, id: &str) -> Option<Arc<Room>> {
        self.map().get(id).cloned()
    }

    /// Removes the rooms that have had no event stream and no request for `abandoned_after`
    /// (their engine processes end with them).
    pub fn remove_abandoned(&self) {
        let removed: Vec<Arc<Room>> = {
            let mut rooms = self.map();
            let gone: Vec<String> = rooms
                .iter()
                .filter(|(_, room)| {
                    let state = room.lock();
                    state.streams == 0 && state.last_seen.elapsed() > self.abandoned_after
                })
                .map(|(id, _)| id.clone())
                .collect();
            gone.iter().filter_map(|id| rooms.remove(id)).collect()
        };
        for room in removed {
            log::info!("room {} closed", room.id);
            room.close();
        }
    }

    /// Ends the games whose clock ran out.
    pub fn check_clocks(&self) {
        let rooms: Vec<Arc<Room>> = self.map().values().cloned().collect();
        for room in rooms {
            room.check_clock();
        }
    }
}
