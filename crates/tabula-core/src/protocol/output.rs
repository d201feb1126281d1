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

    /// Writes `info string error: <message>`, made [`printable`].
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {}", printable(message)));
    }
}

/// The longest word of input an error line repeats in full.
const LONGEST_WORD: usize = 120;

/// `text` made safe to show on one line of a terminal: control characters (an escape sequence,
/// a NUL, a carriage return) are written as `\u{..}`, and a word longer than [`LONGEST_WORD`]
/// characters is cut, saying how long it was.
pub fn printable(text: &str) -> String {
    text.split(' ')
        .map(printable_word)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Quotes and punctuation around a word of an error line, kept when the word is cut.
fn is_wrapping(c: char) -> bool {
    matches!(c, '\'' | '"' | '(' | ')' | ',' | ':' | ';')
}

fn printable_word(word: &str) -> String {
    let core = word.trim_matches(is_wrapping);
    let length = core.chars().count();
    if length <= LONGEST_WORD {
        return escaped(word.chars());
    }
    let start = word.len() - word.trim_start_matches(is_wrapping).len();
    format!(
        "{}{}...({length} characters){}",
        &word[..start],
        escaped(core.chars().take(LONGEST_WORD)),
        &word[start + core.len()..]
    )
}

/// The characters with control characters written as `\u{..}`.
fn escaped(chars: impl Iterator<Item = char>) -> String {
    let mut shown = String::new();
    for c in chars {
        if c.is_control() {
            shown.extend(c.escape_unicode());
        } else {
            shown.push(c);
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            printable("unknown command '\x1b[2J\0'"),
            "unknown command '\\u{1b}[2J\\u{0}'"
        );
    }

    #[test]
    fn long_words_are_cut_and_the_rest_kept() {
        let long = "x".repeat(1_000_000);
        let shown = printable(&format!("unknown command '{long}' here"));
        assert!(shown.len() < 300, "{shown}");
        assert!(shown.starts_with("unknown command 'xxx"));
        // The word is the million x's; its quotes are kept around the cut.
        assert!(
            shown.contains("xxx...(1000000 characters)' here"),
            "{shown}"
        );
        assert!(shown.ends_with(" here"), "{shown}");
    }

    #[test]
    fn ordinary_text_is_unchanged() {
        let text = "'z9' is not a square of this 8 x 8 board";
        assert_eq!(printable(text), text);
    }
}
