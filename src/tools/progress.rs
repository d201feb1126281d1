//! Progress of long work (`openings --balanced`, `tune`'s self-play, `solve`, a deep `perft`) on
//! stderr: a bar with a count and an estimate of the time left, drawn by indicatif, only when
//! stderr is a terminal. Elsewhere (a pipe, a log) nothing is drawn, and lines said along the
//! way go to stderr as plain lines. stdout is never touched.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Whether bars are drawn: stderr is a terminal.
pub fn drawn() -> bool {
    std::io::stderr().is_terminal()
}

/// The bar of one piece of work, or nothing when stderr is not a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

/// A bar: label, bar, count, time so far and time left.
const TEMPLATE: &str = "{msg} [{bar:40}] {pos}/{len} ({elapsed}, about {eta} left)";

impl Progress {
    /// Progress towards `total` steps, labelled `label`.
    pub fn new(total: u64, label: &str) -> Progress {
        let bar = drawn().then(|| {
            let style = ProgressStyle::with_template(TEMPLATE)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
            let bar = ProgressBar::new(total)
                .with_style(style)
                .with_message(label.to_string());
            // Drawn at once, and the clock kept going while a slow step runs.
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Progress { bar }
    }

    /// Whether a bar is drawn.
    pub fn is_drawn(&self) -> bool {
        self.bar.is_some()
    }

    /// Counts `steps` more steps done.
    pub fn advance(&self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(steps);
        }
    }

    /// Sets the count of steps done.
    pub fn set(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// A line for people on stderr: above the bar, or on its own where none is drawn.
    pub fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }
}

impl Drop for Progress {
    /// The bar is cleared once the work is over, leaving the terminal as it was.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
