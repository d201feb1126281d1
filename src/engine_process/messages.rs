//! What an engine says that a person should read: its `info string error` answers (any case of
//! `error`, with or without a colon, as Stockfish writes `info string ERROR: ...`) and the lines
//! it writes on its stderr. Its reader threads count them and keep the latest few messages until
//! someone takes them: the match runner for the pre-match check of options and the summary's
//! counts, the GUI for its notices.

use std::sync::{Arc, Mutex};

/// Messages kept until taken; more are counted, not kept.
const MESSAGES_KEPT: usize = 16;

/// The engine's own message if `line` is an `info string error` line: the text after `error`.
pub fn error_message(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("info")?;
    let rest = rest.trim_start().strip_prefix("string")?.trim_start();
    let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (word, message) = rest.split_at(word_end);
    word.trim_end_matches(':')
        .eq_ignore_ascii_case("error")
        .then(|| message.trim())
}

/// One message of an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// An `info string error` line's message.
    Error(String),
    /// A line on its stderr.
    Stderr(String),
}

/// How many error lines and stderr lines an engine wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MessageCounts {
    pub errors: u32,
    pub stderr_lines: u32,
}

impl MessageCounts {
    pub fn is_empty(&self) -> bool {
        self.errors == 0 && self.stderr_lines == 0
    }
}

#[derive(Debug, Default)]
struct Heard {
    counts: MessageCounts,
    kept: Vec<EngineMessage>,
    /// Messages since the last take that were not kept.
    dropped: u32,
    first_error: Option<String>,
}

/// The messages of one engine process, shared by its reader threads and its owner.
#[derive(Clone, Debug, Default)]
pub struct MessageBox(Arc<Mutex<Heard>>);

impl MessageBox {
    fn heard(&self) -> std::sync::MutexGuard<'_, Heard> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn keep(heard: &mut Heard, message: EngineMessage) {
        if heard.kept.len() < MESSAGES_KEPT {
            heard.kept.push(message);
        } else {
            heard.dropped = heard.dropped.saturating_add(1);
        }
    }

    /// Notes a line of the engine's output, if it is an error.
    pub fn hear_output(&self, line: &str) {
        if let Some(message) = error_message(line) {
            let mut heard = self.heard();
            heard.counts.errors = heard.counts.errors.saturating_add(1);
            heard.first_error.get_or_insert_with(|| message.to_string());
            Self::keep(&mut heard, EngineMessage::Error(message.to_string()));
        }
    }

    /// Notes a line of the engine's stderr.
    pub fn hear_stderr(&self, line: &str) {
        let mut heard = self.heard();
        heard.counts.stderr_lines = heard.counts.stderr_lines.saturating_add(1);
        Self::keep(&mut heard, EngineMessage::Stderr(line.to_string()));
    }

    /// The counts since the process started.
    pub fn counts(&self) -> MessageCounts {
        self.heard().counts
    }

    /// The message of the first error line since the process started.
    pub fn first_error(&self) -> Option<String> {
        self.heard().first_error.clone()
    }

    /// The messages kept since the last take, and how many more there were.
    pub fn take(&self) -> (Vec<EngineMessage>, u32) {
        let mut heard = self.heard();
        let dropped = std::mem::take(&mut heard.dropped);
        (std::mem::take(&mut heard.kept), dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_error_lines_in_their_usual_forms() {
        for (line, message) in [
            (
                "info string error: unknown option 'Nope'",
                Some("unknown option 'Nope'"),
            ),
            (
                "info string ERROR: Network file not found",
                Some("Network file not found"),
            ),
            ("  info  string Error no net", Some("no net")),
            ("info string error", Some("")),
            ("info string errors are fine", None),
            ("info string net loaded", None),
            ("info depth 3 string error", None),
            ("bestmove a1b3", None),
        ] {
            assert_eq!(error_message(line), message, "{line}");
        }
    }

    #[test]
    fn counts_everything_and_keeps_the_first_messages_until_taken() {
        let messages = MessageBox::default();
        messages.hear_output("info depth 1 score cp 3");
        messages.hear_output("info string error: bad value");
        for i in 0..20 {
            messages.hear_stderr(&format!("warning {i}"));
        }
        assert_eq!(
            messages.counts(),
            MessageCounts {
                errors: 1,
                stderr_lines: 20
            }
        );
        let (kept, dropped) = messages.take();
        assert_eq!(kept.len(), MESSAGES_KEPT);
        assert_eq!(kept[0], EngineMessage::Error("bad value".to_string()));
        assert_eq!(dropped, 21 - MESSAGES_KEPT as u32);
        assert_eq!(messages.take(), (Vec::new(), 0));
        assert_eq!(messages.first_error().as_deref(), Some("bad value"));
        assert_eq!(messages.counts().stderr_lines, 20);
    }
}
