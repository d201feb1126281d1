//! Game records: what happened in one game, and its PGN-like text in `games.txt`.

use super::openings::Opening;
use crate::engine_process::messages::MessageCounts;
use crate::engine_process::time_control::TimeControl;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::GameKind;
pub use crate::record::lines::{MoveRecord, move_lines, result_text, tag_lines, today};

/// How an engine failed a game, counted apart in a match's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It overstepped its clock and answered `stop`: slow, not broken.
    Time,
    /// Its process ended (or never started, or closed its output).
    Disconnect,
    /// It stopped answering: no move by the stall timeout, or no answer to `stop` on a clock.
    Stall,
}

impl Fault {
    pub const ALL: [Fault; 3] = [Fault::Time, Fault::Disconnect, Fault::Stall];

    /// The word of a result file's game entry.
    pub fn word(self) -> &'static str {
        match self {
            Fault::Time => "time",
            Fault::Disconnect => "disconnect",
            Fault::Stall => "stall",
        }
    }

    pub fn from_word(word: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|fault| fault.word() == word)
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number in the match, from 1.
    pub number: usize,
    /// Index of the opening played.
    pub opening_index: usize,
    /// Engine indices playing white and black.
    pub white: usize,
    pub black: usize,
    pub white_name: String,
    pub black_name: String,
    /// White's and black's strength as their options set it (`EngineSpec::level`), if they do.
    pub levels: [Option<String>; 2],
    pub game: GameKind,
    pub size: BoardSize,
    pub opening: Opening,
    /// White's and black's time controls (they differ in a match at time odds).
    pub time_controls: [TimeControl; 2],
    pub outcome: Outcome,
    pub reason: String,
    /// The sides whose engine failed (lost on time, disconnected, stalled), if any.
    pub faults: Vec<(Side, Fault)>,
    /// Who made the first move after the opening, and that move's number (the position
    /// string's fullmove), so that the moves are numbered as in the game.
    pub first_move: (Side, u32),
    pub moves: Vec<MoveRecord>,
    /// White's and black's `info string error` lines and stderr lines in this game.
    pub messages: [MessageCounts; 2],
    /// White's and black's first `info string error` message in this game, if any.
    pub first_errors: [Option<String>; 2],
    /// Where a table or proof adjudicated the game (`--tb`): the plies perfect play had left,
    /// where the table counts them.
    pub adjudicated_by_table: Option<Option<u32>>,
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        result_text(self.outcome)
    }

    /// The PGN-like text of the game: tags, then the moves with engine comments, then the result.
    pub fn to_text(&self) -> String {
        let [white_tc, black_tc] = self.time_controls;
        let time_control_tags = if white_tc == black_tc {
            vec![("TimeControl", white_tc.to_string())]
        } else {
            vec![
                ("WhiteTimeControl", white_tc.to_string()),
                ("BlackTimeControl", black_tc.to_string()),
            ]
        };
        let mut tags = vec![
            ("Event", "tabula match".to_string()),
            ("Round", self.number.to_string()),
            ("White", self.white_name.clone()),
            ("Black", self.black_name.clone()),
        ];
        let [white_level, black_level] = &self.levels;
        tags.extend(white_level.clone().map(|level| ("WhiteLevel", level)));
        tags.extend(black_level.clone().map(|level| ("BlackLevel", level)));
        tags.extend([
            ("Game", self.game.name().to_string()),
            ("Size", self.size.to_string()),
            ("Opening", self.opening.describe()),
        ]);
        tags.extend(time_control_tags);
        tags.extend([
            ("Result", self.result_text().to_string()),
            ("Termination", self.reason.clone()),
            ("PlyCount", self.moves.len().to_string()),
        ]);
        let mut text = tag_lines(&tags);
        text.push('\n');
        text.push_str(&move_lines(
            self.first_move,
            &self.moves,
            self.result_text(),
        ));
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_tags_moves_and_result() {
        let record = GameRecord {
            number: 3,
            opening_index: 0,
            white: 0,
            black: 1,
            white_name: "A".into(),
            black_name: "B".into(),
            levels: [Some("easy".into()), None],
            game: GameKind::Joust,
            size: BoardSize::square(8),
            opening: Opening {
                position: None,
                moves: vec![],
            },
            time_controls: [TimeControl::Depth(4); 2],
            outcome: Outcome::Win(Side::Black),
            reason: "no legal move".into(),
            faults: Vec::new(),
            first_move: (Side::White, 1),
            messages: Default::default(),
            first_errors: Default::default(),
            adjudicated_by_table: None,
            moves: vec![
                MoveRecord {
                    text: "d4f5".into(),
                    score: Some("cp -12".into()),
                    depth: Some(4),
                    time_ms: 3,
                },
                MoveRecord {
                    text: "e5c4".into(),
                    score: None,
                    depth: None,
                    time_ms: 1,
                },
            ],
        };
        let text = record.to_text();
        assert!(
            text.contains("[Black \"B\"]\n[WhiteLevel \"easy\"]\n[Game"),
            "{text}"
        );
        assert!(!text.contains("BlackLevel"), "{text}");
        assert!(text.contains("[Result \"0-1\"]\n"));
        assert!(text.contains("[Termination \"no legal move\"]\n"));
        assert!(text.contains("1. d4f5 {cp -12 d4 3ms} e5c4 {1ms} 0-1"));
    }

    #[test]
    fn numbers_moves_from_a_black_first_move() {
        let mv = |text: &str| MoveRecord {
            text: text.into(),
            score: None,
            depth: None,
            time_ms: 1,
        };
        let record = GameRecord {
            number: 1,
            opening_index: 0,
            white: 0,
            black: 1,
            white_name: "A".into(),
            black_name: "B".into(),
            levels: [None, None],
            game: GameKind::Joust,
            size: BoardSize::square(8),
            opening: Opening {
                position: None,
                moves: vec!["d4f5".into(), "e5c4".into(), "f5h6".into()],
            },
            time_controls: [TimeControl::Depth(4); 2],
            outcome: Outcome::Win(Side::White),
            reason: "no legal move".into(),
            faults: Vec::new(),
            first_move: (Side::Black, 2),
            moves: vec![mv("c4e3"), mv("h6g8"), mv("e3c2")],
            messages: Default::default(),
            first_errors: Default::default(),
            adjudicated_by_table: None,
        };
        assert!(
            record
                .to_text()
                .contains("2... c4e3 {1ms} 3. h6g8 {1ms} e3c2 {1ms} 1-0")
        );
    }
}
