//! The protocol's output channel: whole lines, flushed at once, shared by the command loop and the
//! search thread.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer (stdout in the engine, a buffer in tests).
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Self {
        Self::new(Box::new(std::io::stdout()))
    }

    /// Output to any writer.
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line (or several, if `text` holds newlines) and flushes.
    pub fn line(&self, text: &str) {
        let mut sink = self
            .sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A closed stdout leaves nobody to tell; the loop ends at end of input.
        let _ = writeln!(sink, "{text}").and_then(|()| sink.flush());
    }

    /// Writes `info string error: <message>`.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}
