//! Every open room, by id: created by a tab, found by its requests, removed with its engines once
//! its tab has been gone for a while. Their number is bounded, and so is the number of event
//! sockets, in all and per room. Ids are random: knowing one table's id tells nothing of another.

use super::room::Room;
use crate::desk::table::Table;
use crate::engine_process::process::EngineSpec;
use crate::session::SharedOracle;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// At most this many rooms (tabs) at once; each has at most three engine processes.
pub const MAX_ROOMS: usize = 32;
/// At most this many event sockets per room (a tab keeps one; a reload briefly opens another).
pub const MAX_SOCKETS_PER_ROOM: usize = 4;

/// The open rooms.
pub struct Rooms {
    pub engines: Arc<Vec<EngineSpec>>,
    /// A room without an open event socket and requests for this long is removed.
    abandoned_after: Duration,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    /// Event sockets open now, and the most allowed.
    sockets: Arc<AtomicUsize>,
    max_sockets: usize,
    /// The solution table or proof every room's *Perfect play* card asks first (`--table`).
    pub tablebase: Option<SharedOracle>,
}

/// An admitted event socket of a room: counted until it is dropped.
pub struct SocketTicket {
    pub room: Arc<Room>,
    sockets: Arc<AtomicUsize>,
}

impl Drop for SocketTicket {
    fn drop(&mut self) {
        self.sockets.fetch_sub(1, Ordering::Relaxed);
        let mut presence = self.room.presence();
        presence.sockets = presence.sockets.saturating_sub(1);
        presence.last_seen = Instant::now();
    }
}

impl Rooms {
    /// No rooms yet; engines `engines`; rooms left alone for `abandoned_after` are removed; at
    /// most `max_sockets` event sockets in all.
    pub fn new(engines: Vec<EngineSpec>, abandoned_after: Duration, max_sockets: usize) -> Rooms {
        Rooms {
            engines: Arc::new(engines),
            abandoned_after,
            rooms: Mutex::new(HashMap::new()),
            sockets: Arc::new(AtomicUsize::new(0)),
            max_sockets,
            tablebase: None,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The engines' names, tabula's first, as requests are checked against them.
    pub fn engine_names(&self) -> Vec<String> {
        self.engines.iter().map(|spec| spec.name.clone()).collect()
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
        let id = format!("{:032x}", rand::random::<u128>());
        let room = Room::new(id.clone(), self.engines.clone(), table);
        room.lock().tablebase = self.tablebase.clone();
        rooms.insert(id, room.clone());
        Ok(room)
    }

    /// The room `id`, its tab's request noted.
    pub fn get(&self, id: &str) -> Option<Arc<Room>> {
        let room = self.map().get(id).cloned()?;
        room.touch();
        Some(room)
    }

    /// Closes the room `id` (its tab has gone, or moved to another table) with its engines;
    /// false if there is no such room.
    pub fn close(&self, id: &str) -> bool {
        let Some(room) = self.map().remove(id) else {
            return false;
        };
        log::info!("room {} closed by its tab", room.id);
        room.close();
        true
    }

    /// Counts a new event socket of `room`, or says why there may not be one.
    pub fn admit_socket(&self, room: Arc<Room>) -> Result<SocketTicket, String> {
        let mut presence = room.presence();
        if presence.sockets >= MAX_SOCKETS_PER_ROOM {
            return Err(format!(
                "this table has {MAX_SOCKETS_PER_ROOM} event sockets open already"
            ));
        }
        let admitted = self
            .sockets
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |open| {
                (open < self.max_sockets).then_some(open + 1)
            });
        if admitted.is_err() {
            return Err(format!(
                "too many event sockets are open ({}); close a tab and try again",
                self.max_sockets
            ));
        }
        presence.sockets += 1;
        drop(presence);
        Ok(SocketTicket {
            room,
            sockets: self.sockets.clone(),
        })
    }

    /// Removes the rooms that have had no event socket and no request for `abandoned_after`
    /// (their engine processes end with them). Nothing here waits for a busy table.
    pub fn remove_abandoned(&self) {
        let removed: Vec<Arc<Room>> = {
            let mut rooms = self.map();
            let gone: Vec<String> = rooms
                .iter()
                .filter(|(_, room)| {
                    let presence = room.presence();
                    presence.sockets == 0 && presence.last_seen.elapsed() > self.abandoned_after
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

    /// Ends the games whose clock ran out (rooms busy now are looked at next time).
    pub fn check_clocks(&self) {
        let rooms: Vec<Arc<Room>> = self.map().values().cloned().collect();
        for room in rooms {
            room.check_clock();
        }
    }
}
