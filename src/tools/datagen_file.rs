//! The data file of `tabula datagen`, read line by line: `train` reads it so, and `datagen`
//! checks it so before it continues it, with the same rules for every line.
//!
//! A file is datagen's first line (`# tabula datagen 1: game <game> <size>, ...`), then lines
//! `<position> | <score> | <result> | <game>` and `# end <game>`; other lines starting with `#`
//! (the first lines of shards' files put one after another) and blank lines are skipped.
//!
//! Reading is bounded: the file must be a regular file of at most [`MAX_DATA_BYTES`], and a line
//! is refused as soon as it is longer than [`MAX_DATA_LINE`] bytes, which no valid line is, so a
//! file costs no more memory than one line however it is made. Every refusal names the file and
//! the line by its number (a line that is not UTF-8 too), and quotes at most a short excerpt of
//! it with its non-printing bytes escaped.

use crate::board::position_text::parse_position_text;
use crate::bounded_read::{LineBytes, excerpt, read_line_bytes};
use crate::game::BoardSize;
use crate::games::{GameKind, build_session};
use crate::interfaces::uci::output::printable;
use crate::session::{GameSession, Setup};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// A data file larger than this is refused unread (about 40 million positions).
pub const MAX_DATA_BYTES: u64 = 4 << 30;
/// The longest line of a data file: a position of the largest board (25 x 25: 625 squares, 24
/// row ends, the side to move and two counters) with its score, result and game fits in a
/// quarter of it.
pub const MAX_DATA_LINE: usize = 4096;
/// The first words of a data file's first line.
pub const MAGIC: &str = "# tabula datagen 1:";
/// The first words of the line that ends a game.
const END: &str = "# end";

/// A position line: the position, its search score and the game's result from white's view, and
/// the game's number.
pub struct Record {
    pub session: Box<dyn GameSession>,
    pub score: f32,
    pub result: f32,
    pub game: usize,
}

/// What a line of a data file holds.
pub enum Entry {
    Record(Record),
    /// `# end <game>`: the game numbered so is whole.
    End(usize),
    /// A comment or a blank line.
    Skipped,
}

/// A line as read: its number from 1, its text without its end, whether a line feed ended it
/// (not the end of the file), and the offset of the byte after it.
pub struct Line {
    pub number: usize,
    pub text: String,
    pub ended: bool,
    pub end: u64,
}

/// A data file open for reading, line by line.
pub struct DataFile {
    path: PathBuf,
    input: BufReader<File>,
    number: usize,
    offset: u64,
}

impl DataFile {
    /// Opens `path`, a regular file of at most [`MAX_DATA_BYTES`].
    pub fn open(path: &Path) -> Result<DataFile, String> {
        let (file, _) = crate::bounded_read::open(path, MAX_DATA_BYTES)?;
        Ok(DataFile {
            path: path.to_path_buf(),
            input: BufReader::new(file),
            number: 0,
            offset: 0,
        })
    }

    /// The error `why` at line `number`, naming the file and the line (`why` quotes the line
    /// only as an excerpt).
    pub fn refuse(&self, number: usize, why: &str) -> String {
        format!("'{}' line {number}: {why}", self.path.display())
    }

    /// The next line, or none at the end of the file; a line too long or not UTF-8 is refused.
    pub fn next_line(&mut self) -> Result<Option<Line>, String> {
        let read = read_line_bytes(&mut self.input, MAX_DATA_LINE)
            .map_err(|e| format!("cannot read '{}': {e}", self.path.display()))?;
        let number = self.number + 1;
        let (mut bytes, ended) = match read {
            LineBytes::End => return Ok(None),
            LineBytes::Whole { bytes, ended } => (bytes, ended),
            LineBytes::TooLong(start) => {
                return Err(self.refuse(
                    number,
                    &format!(
                        "longer than the {MAX_DATA_LINE} bytes of any valid line ('{}')",
                        excerpt(&start)
                    ),
                ));
            }
        };
        self.number = number;
        self.offset += (bytes.len() + usize::from(ended)) as u64;
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let bytes = e.as_bytes();
            let bad = e.utf8_error().valid_up_to();
            let why = format!(
                "not UTF-8 text at byte {} of the line ('{}')",
                bad + 1,
                excerpt(&bytes[bad.saturating_sub(10)..])
            );
            self.refuse(number, &why)
        })?;
        Ok(Some(Line {
            number,
            text,
            ended,
            end: self.offset,
        }))
    }

    /// The first line, which must be datagen's, for `game` at `size`.
    pub fn check_header(&mut self, game: GameKind, size: BoardSize) -> Result<(), String> {
        let first = self.next_line()?.map(|line| line.text).unwrap_or_default();
        match header_game(&first) {
            Some(found) if found == (game, size) => Ok(()),
            Some((other, other_size)) => Err(self.refuse(
                1,
                &format!(
                    "data of {} {other_size}, not {} {size}",
                    other.name(),
                    game.name()
                ),
            )),
            None => Err(self.refuse(
                1,
                &format!(
                    "not a datagen file (no '{MAGIC}' line but '{}')",
                    excerpt(first.as_bytes())
                ),
            )),
        }
    }
}

/// `game` and `size` from a data file's first line, which must be `datagen`'s.
pub fn header_game(line: &str) -> Option<(GameKind, BoardSize)> {
    let rest = line
        .strip_prefix(MAGIC)?
        .trim_start()
        .strip_prefix("game ")?;
    let mut words = rest.split([' ', ',']);
    let game = GameKind::from_name(words.next()?)?;
    let size = BoardSize::parse(words.next()?).ok()?;
    Some((game, size))
}

/// What the line `text` of a data file of `game` at `size` holds, or why it holds nothing valid.
pub fn parse_entry(text: &str, game: GameKind, size: BoardSize) -> Result<Entry, String> {
    if let Some(rest) = text.strip_prefix(END)
        && (rest.is_empty() || rest.starts_with(' '))
    {
        let number = rest.trim_start_matches(' ');
        return number
            .parse()
            .map(Entry::End)
            .map_err(|_| format!("'{END} {}' has no game number", excerpt(number.as_bytes())));
    }
    if text.starts_with('#') || text.trim().is_empty() {
        return Ok(Entry::Skipped);
    }
    parse_record(text, game, size).map(Entry::Record)
}

/// A position line.
fn parse_record(text: &str, game: GameKind, size: BoardSize) -> Result<Record, String> {
    let quoted = |field: &str| excerpt(field.as_bytes());
    let fields: Vec<&str> = text.split(" | ").collect();
    let [position, score, result, number] = fields.as_slice() else {
        return Err(format!(
            "'{}' is not 'position | score | result | game'",
            quoted(text)
        ));
    };
    let refused = |why: String| format!("position: {}", printable(&why));
    let parsed = parse_position_text(position).map_err(refused)?;
    let session = build_session(game, Setup::Text(&parsed), &[], false).map_err(refused)?;
    if session.size() != size {
        return Err(format!("a {} board in {size} data", session.size()));
    }
    let score = (score.parse::<i32>().ok())
        .map(|cp| cp as f32)
        .ok_or_else(|| format!("score '{}' is not a whole number", quoted(score)))?;
    let result = match *result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("result '{}' is not 1, 0.5 or 0", quoted(other))),
    };
    let game = number
        .parse()
        .map_err(|_| format!("game '{}' is not a number", quoted(number)))?;
    Ok(Record {
        session,
        score,
        result,
        game,
    })
}

/// Whether `text`, the file's last line with no line feed after it, can be the start of a line
/// that `datagen` was writing when it was killed: printable ASCII, and an end line's start if it
/// starts with `#`.
pub fn is_cut_line(text: &str) -> bool {
    if !text.bytes().all(|b| b == b' ' || b.is_ascii_graphic()) {
        return false;
    }
    if !text.starts_with('#') {
        return true;
    }
    let end = format!("{END} ");
    let (start, digits) = text.split_at(text.len().min(end.len()));
    end.starts_with(start) && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_start_of_what_datagen_writes_is_a_cut_line() {
        for cut in [
            "",
            "9/9/9 w",
            "nN1/3 w 0 1 | -12 | 0.",
            "#",
            "# en",
            "# end 1",
        ] {
            assert!(is_cut_line(cut), "{cut}");
        }
        for damage in ["\0\0", "# comment", "# end x", "é", "a\tb"] {
            assert!(!is_cut_line(damage), "{damage}");
        }
    }

    #[test]
    fn end_lines_need_their_game_number() {
        let (game, size) = (
            GameKind::from_name("jesonmor").expect("a game"),
            BoardSize::square(9),
        );
        assert!(matches!(
            parse_entry("# end 12", game, size),
            Ok(Entry::End(12))
        ));
        assert!(matches!(
            parse_entry("# ending", game, size),
            Ok(Entry::Skipped)
        ));
        for bad in ["# end", "# end x", "# end -1", "# end 1 2"] {
            let error = parse_entry(bad, game, size).err().expect("refused");
            assert!(error.contains("no game number"), "{bad}: {error}");
        }
    }
}
