//! The lines exchanged with a match's engines, for a person to read: `tabula match --debug`
//! writes them on stderr, `--log FILE` appends them to a file (as cutechess's `-debug` and
//! fastchess's `-log file=`). One line each: seconds since the match started, the engine's name
//! and process id, the direction (`<<` sent to it, `>>` from its output, `2>` from its stderr)
//! and the line: `12.345 tabula[4711] >> info string error: unknown option 'Nope'`.

use crate::protocol::output::{Output, printable};
use std::path::Path;
use std::time::Instant;

/// Which way a line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    ToEngine,
    FromEngine,
    Stderr,
}

impl Direction {
    fn arrow(self) -> &'static str {
        match self {
            Direction::ToEngine => "<<",
            Direction::FromEngine => ">>",
            Direction::Stderr => "2>",
        }
    }
}

/// Where engine lines go: nowhere (the default), stderr, a file, or both.
#[derive(Clone)]
pub struct EngineLog {
    sinks: Vec<Output>,
    started: Instant,
}

impl Default for EngineLog {
    fn default() -> Self {
        EngineLog {
            sinks: Vec::new(),
            started: Instant::now(),
        }
    }
}

impl std::fmt::Debug for EngineLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EngineLog({} sinks)", self.sinks.len())
    }
}

impl EngineLog {
    /// A log to stderr (`debug`) and to the file at `path` (appended to), either or both.
    pub fn open(debug: bool, path: Option<&Path>) -> Result<EngineLog, String> {
        let mut log = EngineLog::default();
        if debug {
            log.sinks.push(Output::new(Box::new(std::io::stderr())));
        }
        if let Some(path) = path {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot write the log '{}': {e}", path.display()))?;
            log.sinks.push(Output::new(Box::new(file)));
        }
        Ok(log)
    }

    /// Whether lines go anywhere.
    pub fn is_on(&self) -> bool {
        !self.sinks.is_empty()
    }

    /// Writes one line of engine `who` (its name and process id).
    pub fn line(&self, who: &str, direction: Direction, text: &str) {
        if self.sinks.is_empty() {
            return;
        }
        let seconds = self.started.elapsed().as_secs_f64();
        let entry = format!(
            "{seconds:.3} {who} {} {}",
            direction.arrow(),
            printable(text)
        );
        for sink in &self.sinks {
            sink.line(&entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_one_line_per_engine_line() {
        let path = std::env::temp_dir().join(format!("tabula-engine-log-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let log = EngineLog::open(false, Some(&path)).unwrap();
        assert!(log.is_on());
        log.line("a[1]", Direction::ToEngine, "isready");
        log.line("a[1]", Direction::Stderr, "no net\u{1}");
        let again = EngineLog::open(false, Some(&path)).unwrap();
        again.line("b[2]", Direction::FromEngine, "readyok");
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].ends_with(" a[1] << isready"), "{}", lines[0]);
        assert!(lines[1].contains(" a[1] 2> no net"), "{}", lines[1]);
        assert!(lines[2].ends_with(" b[2] >> readyok"), "{}", lines[2]);
        assert!(!EngineLog::default().is_on());
    }
}
