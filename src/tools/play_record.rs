//! The records of `tabula play`'s games, in the format `tabula match` and the GUI write, so that
//! `tabula review` and the GUI's Load read them: tags naming the players (with the engine's
//! level or Elo), the game, the board and the result, then the moves with what the engine
//! thought of its own and the time each took.
//!
//! `save FILE` writes the game on the board to a file of its own; `--record FILE` keeps every
//! game of the session in one file, rewritten as each game ends and as the session moves on
//! (`new`, `quit`), after whatever the file held before the session.

use crate::game::{BoardSize, Side, Verdict};
use crate::games::GameKind;
use crate::record::lines::{MoveRecord, move_lines, tag_lines, today};
use crate::tools::tournament::record::result_text;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// What the tags of a terminal game say besides its moves.
#[derive(Clone, Debug)]
pub struct RecordHead {
    pub game: GameKind,
    pub size: BoardSize,
    /// The players as the `White` and `Black` tags name them (`Human`, `tabula (level easy)`).
    pub players: [String; 2],
    /// The engine's thinking limit (`movetime=1000`), where it thinks for a time.
    pub time_control: Option<String>,
}

/// The record of a game from the start position: `head`'s tags, the result (`*` while
/// `verdict` is `None`), and the moves.
pub fn record_text(head: &RecordHead, moves: &[MoveRecord], verdict: Option<Verdict>) -> String {
    let (result, termination) = match verdict {
        Some(verdict) => (result_text(verdict.outcome), verdict.reason),
        None => ("*", "unterminated"),
    };
    let [white, black] = head.players.clone();
    let mut tags = vec![
        ("Event", "tabula play".to_string()),
        ("Date", today()),
        ("White", white),
        ("Black", black),
        ("Game", head.game.name().to_string()),
        ("Size", head.size.to_string()),
        ("Opening", "startpos".to_string()),
    ];
    tags.extend(head.time_control.clone().map(|tc| ("TimeControl", tc)));
    tags.extend([
        ("Result", result.to_string()),
        ("Termination", termination.to_string()),
        ("PlyCount", moves.len().to_string()),
    ]);
    let mut text = tag_lines(&tags);
    text.push('\n');
    text.push_str(&move_lines((Side::White, 1), moves, result));
    text
}

/// Writes `text` to the file at `path`, replacing it; the error names the file.
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// The file of `--record`: the session's games, after what the file held before.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    /// The length of the file before the session: its games are kept.
    kept: u64,
}

impl RecordFile {
    /// The record file at `path`, checked by opening it for writing (it is made if missing).
    pub fn open(path: &Path) -> Result<RecordFile, String> {
        let file = Self::writable(path)?;
        let kept = file
            .metadata()
            .map_err(|e| format!("--record '{}': {e}", path.display()))?
            .len();
        Ok(RecordFile {
            path: path.to_path_buf(),
            kept,
        })
    }

    fn writable(path: &Path) -> Result<File, String> {
        OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("--record '{}': {e}", path.display()))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the records of `games` after what the file held before the session, a blank line
    /// between games.
    pub fn write(&self, games: &[String]) -> Result<(), String> {
        let mut text = String::new();
        if self.kept > 0 && !games.is_empty() {
            text.push('\n');
        }
        text.push_str(&games.join("\n"));
        let mut file = Self::writable(&self.path)?;
        file.set_len(self.kept)
            .and_then(|()| file.seek(SeekFrom::Start(self.kept)))
            .and_then(|_| file.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write '{}': {e}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::record_text::read_record;
    use crate::game::Outcome;

    fn head() -> RecordHead {
        RecordHead {
            game: GameKind::Joust,
            size: BoardSize::square(8),
            players: ["Human".to_string(), "tabula (level easy)".to_string()],
            time_control: None,
        }
    }

    fn played(text: &str) -> MoveRecord {
        MoveRecord {
            text: text.to_string(),
            score: None,
            depth: None,
            time_ms: 5,
        }
    }

    #[test]
    fn a_record_names_the_players_and_the_result_and_reads_back() {
        let moves = [played("d4f5"), played("e5c4")];
        let verdict = Verdict {
            outcome: Outcome::Win(Side::Black),
            reason: "no legal move",
        };
        let text = record_text(&head(), &moves, Some(verdict));
        for tag in [
            "[White \"Human\"]",
            "[Black \"tabula (level easy)\"]",
            "[Result \"0-1\"]",
            "[Termination \"no legal move\"]",
        ] {
            assert!(text.contains(tag), "{text}");
        }
        let (table, _) = read_record(&text, 1).expect("the GUI reads it");
        assert_eq!(table.moves, ["d4f5", "e5c4"]);
        let unfinished = record_text(&head(), &moves[..1], None);
        assert!(unfinished.contains("[Result \"*\"]"), "{unfinished}");
        assert!(
            unfinished.trim_end().ends_with("1. d4f5 {5ms} *"),
            "{unfinished}"
        );
    }

    #[test]
    fn the_record_file_keeps_what_it_held_and_rewrites_the_sessions_games() {
        let path = std::env::temp_dir().join(format!("tabula-play-record-{}", std::process::id()));
        std::fs::write(&path, "earlier\n").expect("a file");
        let file = RecordFile::open(&path).expect("writable");
        file.write(&["one\n".to_string()]).expect("written");
        file.write(&["one\n".to_string(), "two\n".to_string()])
            .expect("rewritten");
        let text = std::fs::read_to_string(&path).expect("read back");
        assert_eq!(text, "earlier\n\none\n\ntwo\n");
        // No game (the only one taken back to its start): the file as it was.
        file.write(&[]).expect("rewritten");
        let text = std::fs::read_to_string(&path).expect("read back");
        let _ = std::fs::remove_file(&path);
        assert_eq!(text, "earlier\n");
        let missing = Path::new("/nonexistent-dir/games.txt");
        let Err(problem) = RecordFile::open(missing) else {
            panic!("a file in a missing directory was opened");
        };
        assert!(problem.contains("/nonexistent-dir/games.txt"), "{problem}");
    }
}
