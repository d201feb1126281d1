//! One search at a time on an engine: a caller that finds the engine searching waits its turn
//! without the GIL (other Python threads go on), and Ctrl-C on the main thread ends the wait.

use crate::interrupt::looking_without_gil;
use pyo3::prelude::*;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How often a waiting caller on the main thread looks for Ctrl-C.
const LOOK_EVERY: Duration = Duration::from_millis(10);

/// Whether a caller holds the engine, and a way to wake those waiting for it.
#[derive(Default)]
pub struct Turns {
    busy: Mutex<bool>,
    freed: Condvar,
}

/// A caller's turn: the engine is theirs until it drops.
pub struct Turn<'a> {
    turns: &'a Turns,
}

impl Turns {
    /// Waits until no other caller holds the engine, then holds it.
    pub fn take(&self, py: Python<'_>) -> PyResult<Turn<'_>> {
        looking_without_gil(py, |interrupted| {
            let mut busy = self.lock();
            while *busy {
                if interrupted() {
                    return;
                }
                busy = self
                    .freed
                    .wait_timeout(busy, LOOK_EVERY)
                    .map_or_else(|poisoned| poisoned.into_inner().0, |(busy, _)| busy);
            }
            *busy = true;
        })?;
        Ok(Turn { turns: self })
    }

    fn lock(&self) -> MutexGuard<'_, bool> {
        self.busy.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        *self.turns.lock() = false;
        self.turns.freed.notify_one();
    }
}
