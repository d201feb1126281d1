//! Tables built once per board size and kept for the life of the process.
//!
//! A game's tables depend only on the board's size; built on first use and leaked, they are
//! handed out as plain `&'static` references, so positions that hold them stay cheap to copy.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{LazyLock, Mutex};

/// The tables of type `T` built so far, one per key (a board's size).
pub struct BuiltOnce<K, T: 'static>(LazyLock<Mutex<HashMap<K, &'static T>>>);

impl<K: Eq + Hash, T> BuiltOnce<K, T> {
    /// No tables yet (for a `static`).
    pub const fn new() -> Self {
        Self(LazyLock::new(Mutex::default))
    }

    /// The tables of `key`, built by `build` on first use.
    pub fn get(&self, key: K, build: impl FnOnce() -> T) -> &'static T {
        let mut built = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        built
            .entry(key)
            .or_insert_with(|| Box::leak(Box::new(build())))
    }
}

impl<K: Eq + Hash, T> Default for BuiltOnce<K, T> {
    fn default() -> Self {
        Self::new()
    }
}
