//! Input from outside read with a bound, so that no file and no line can make the program read
//! for ever or hold gigabytes: a file must be a regular file (not a pipe, a device or a
//! directory, which could block or never end) no larger than the largest valid one of its kind,
//! which is checked by its size before a byte is read; a line longer than its limit is skipped
//! to its end without being held, or refused where it passes the limit. Every file the program
//! reads from outside goes through here; an error quotes such input as an [`excerpt`].

use std::fs::File;
use std::io::{BufRead, ErrorKind, Read};
use std::path::Path;

/// The largest file of position lines (`analyse`, `suite`, `openings --from`, match openings):
/// a million lines of 64 characters, far more than anyone searches.
pub const MAX_POSITION_FILE: u64 = 64 << 20;

/// The longest line of a position file or of the protocol's input: a position string of the
/// largest board (25 x 25) with thousands of moves fits many times over.
pub const MAX_LINE: usize = 1 << 20;

/// `path` opened for reading if it is a regular file of at most `limit` bytes, with its size;
/// otherwise the error saying which it is not. Nothing is read, and a pipe is never opened
/// (opening one blocks until someone writes to it).
pub fn open(path: &Path, limit: u64) -> Result<(File, u64), String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    if !metadata.is_file() {
        let kind = if metadata.is_dir() {
            "a directory"
        } else {
            "a pipe, socket or device"
        };
        return Err(format!("'{shown}' is {kind}, not a regular file"));
    }
    let size = metadata.len();
    if size > limit {
        return Err(format!(
            "'{shown}' is {size} bytes, more than the {limit} bytes allowed"
        ));
    }
    let file = File::open(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    Ok((file, size))
}

/// The whole of `path`, a regular file of at most `limit` bytes (a file that grows while it is
/// read is cut off at the limit and refused).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let (file, size) = open(path, limit)?;
    read_rest(file, size, limit, path)
}

/// What is left of `file` (of `size` bytes when it was opened), at most `limit` bytes.
pub fn read_rest(file: impl Read, size: u64, limit: u64, path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let mut bytes = Vec::with_capacity(usize::try_from(size.min(limit)).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read '{shown}': {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "'{shown}' grew past the {limit} bytes allowed while it was read"
        ));
    }
    Ok(bytes)
}

/// The text of `path`, a regular file of at most `limit` bytes, in UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "'{}' is not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its end), its invalid UTF-8 replaced.
    Text(String),
    /// A line longer than the limit, skipped to its end: its first bytes and its length.
    TooLong { start: String, length: usize },
    /// The end of the input.
    End,
}

/// One line read by [`read_line_bytes`].
#[derive(Debug, PartialEq, Eq)]
pub enum LineBytes {
    /// A line of at most the limit's bytes, without its line feed; `ended` says whether a line
    /// feed ended it (or the end of the input did).
    Whole { bytes: Vec<u8>, ended: bool },
    /// A line longer than the limit: its first `limit` bytes. Reading stopped there, in the line.
    TooLong(Vec<u8>),
    /// The end of the input.
    End,
}

/// The next line of `input` as bytes, reading no further than `limit` bytes into it: a longer
/// line is refused as soon as its limit is reached, its rest left unread.
pub fn read_line_bytes(input: &mut impl BufRead, limit: usize) -> std::io::Result<LineBytes> {
    let mut held = Vec::new();
    let mut any = false;
    loop {
        let buffer = fill(input)?;
        if buffer.is_empty() {
            return Ok(if any {
                LineBytes::Whole {
                    bytes: held,
                    ended: false,
                }
            } else {
                LineBytes::End
            });
        }
        any = true;
        let (part, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], true),
            None => (buffer, false),
        };
        let room = limit - held.len();
        if part.len() > room {
            held.extend_from_slice(&part[..room]);
            input.consume(room);
            return Ok(LineBytes::TooLong(held));
        }
        held.extend_from_slice(part);
        let used = part.len() + usize::from(ended);
        input.consume(used);
        if ended {
            return Ok(LineBytes::Whole {
                bytes: held,
                ended: true,
            });
        }
    }
}

/// The next bytes of `input` (none at its end), the read retried when interrupted.
fn fill(input: &mut impl BufRead) -> std::io::Result<&[u8]> {
    while let Err(error) = input.fill_buf() {
        if error.kind() != ErrorKind::Interrupted {
            break;
        }
    }
    input.fill_buf()
}

/// Skips `input` to the end of the current line (its line feed included); returns the number
/// of bytes skipped before the line feed.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<usize> {
    let mut skipped = 0usize;
    loop {
        let buffer = fill(input)?;
        if buffer.is_empty() {
            return Ok(skipped);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(skipped.saturating_add(at));
            }
            None => {
                let length = buffer.len();
                input.consume(length);
                skipped = skipped.saturating_add(length);
            }
        }
    }
}

/// The next line of `input`, never holding more than `limit` bytes of it: a longer one is
/// skipped to its end.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> std::io::Result<Line> {
    match read_line_bytes(input, limit)? {
        LineBytes::End => Ok(Line::End),
        LineBytes::Whole { mut bytes, .. } => {
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned()))
        }
        LineBytes::TooLong(mut start) => {
            let length = limit.saturating_add(skip_line(input)?);
            start.truncate(64);
            Ok(Line::TooLong {
                start: String::from_utf8_lossy(&start).into_owned(),
                length,
            })
        }
    }
}

/// The lines of `input`, each at most `limit` bytes: a longer one is an error naming its
/// start and length (the lines after it are still read).
pub fn lines(
    mut input: impl BufRead,
    limit: usize,
) -> impl Iterator<Item = Result<String, String>> {
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        match read_line(&mut input, limit) {
            Ok(Line::Text(text)) => Some(Ok(text)),
            Ok(Line::TooLong { start, length }) => Some(Err(too_long(&start, length, limit))),
            Ok(Line::End) => None,
            Err(error) => {
                done = true;
                Some(Err(format!("cannot read: {error}")))
            }
        }
    })
}

/// The error for a line of `length` bytes starting `start`, over `limit`.
pub fn too_long(start: &str, length: usize, limit: usize) -> String {
    format!("a line of {length} bytes ('{start}...') is longer than the {limit} bytes allowed")
}

/// The most characters of an excerpt of outside input, escapes included.
pub const EXCERPT_CHARS: usize = 40;

/// `bytes` as an error quotes them: control characters written as `\u{..}` and bytes that are
/// not UTF-8 as `\xNN`, cut to at most [`EXCERPT_CHARS`] characters followed by `...` where
/// there is more, so that the quote is short and printable whatever the input.
pub fn excerpt(bytes: &[u8]) -> String {
    let pieces = bytes.utf8_chunks().flat_map(|chunk| {
        let chars = chunk.valid().chars().map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        });
        chars.chain(chunk.invalid().iter().map(|byte| format!("\\x{byte:02x}")))
    });
    let mut shown = String::new();
    let mut length = 0;
    for piece in pieces {
        length += piece.chars().count();
        if length > EXCERPT_CHARS {
            shown.push_str("...");
            break;
        }
        shown.push_str(&piece);
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_without_being_held() {
        let text = format!("short\r\n{}\nafter\nlast", "x".repeat(5000));
        let read: Vec<_> =
            lines(std::io::BufReader::with_capacity(7, text.as_bytes()), 100).collect();
        assert_eq!(read.len(), 4, "{read:?}");
        assert_eq!(read[0], Ok("short".to_string()));
        let error = read[1].as_ref().expect_err("too long");
        assert!(error.contains("5000 bytes"), "{error}");
        assert!(error.len() < 200, "{error}");
        assert_eq!(read[2], Ok("after".to_string()));
        assert_eq!(read[3], Ok("last".to_string()));
    }

    #[test]
    fn a_line_is_refused_where_it_passes_its_limit_and_the_rest_is_left_unread() {
        let text = format!("{}\nnext", "x".repeat(5000));
        let mut input = std::io::BufReader::with_capacity(7, text.as_bytes());
        let read = read_line_bytes(&mut input, 100).expect("reads");
        assert_eq!(read, LineBytes::TooLong(vec![b'x'; 100]));
        let mut rest = String::new();
        input.read_to_string(&mut rest).expect("reads");
        assert_eq!(rest.len(), text.len() - 100);
        let mut input = "last".as_bytes();
        let read = read_line_bytes(&mut input, 4).expect("reads");
        let last = LineBytes::Whole {
            bytes: b"last".to_vec(),
            ended: false,
        };
        assert_eq!(read, last);
        assert_eq!(
            read_line_bytes(&mut input, 4).expect("reads"),
            LineBytes::End
        );
    }

    #[test]
    fn an_excerpt_is_short_and_printable() {
        assert_eq!(excerpt(b"plain text"), "plain text");
        assert_eq!(
            excerpt(b"a\0b\x1b[2J\xff\xfe"),
            "a\\u{0}b\\u{1b}[2J\\xff\\xfe"
        );
        let long = excerpt(&[0u8; 1 << 20]);
        assert_eq!(long, format!("{}...", "\\u{0}".repeat(EXCERPT_CHARS / 5)));
        assert_eq!(
            excerpt("é€".repeat(100).as_bytes()),
            format!("{}...", "é€".repeat(20))
        );
        assert_eq!(excerpt(&[b'x'; EXCERPT_CHARS]), "x".repeat(EXCERPT_CHARS));
    }

    #[test]
    fn files_that_are_not_regular_or_too_large_are_refused_unread() {
        let directory = std::env::temp_dir();
        let error = read_bytes(&directory, 10).expect_err("a directory");
        assert!(error.contains("a directory"), "{error}");
        let error = read_bytes(Path::new("/dev/zero"), 10).expect_err("a device");
        assert!(error.contains("not a regular file"), "{error}");
        let path = directory.join(format!("tabula-bounded-{}", std::process::id()));
        std::fs::write(&path, b"0123456789ab").expect("written");
        let error = read_bytes(&path, 10).expect_err("too large");
        assert!(error.contains("12 bytes"), "{error}");
        assert_eq!(read_text(&path, 12), Ok("0123456789ab".to_string()));
        let _ = std::fs::remove_file(&path);
    }
}
