//! Game records: what happened in one game, and its PGN-like text in `games.txt`.

use super::engine_messages::MessageCounts;
use super::openings::Opening;
use super::time_control::TimeControl;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::GameKind;

/// One move as played, with what the engine said about it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    pub text: String,
    /// The last `score` the engine reported (`cp 12`, `mate 3`).
    pub score: Option<String>,
    pub depth: Option<u32>,
    pub time_ms: u64,
}

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

/// Tag lines: `[Tag "value"]` each (a `"` in a value becomes `'`).
pub fn tag_lines(tags: &[(&str, String)]) -> String {
    tags.iter()
        .map(|(tag, value)| format!("[{tag} \"{}\"]\n", value.replace('"', "'")))
        .collect()
}

/// The numbered moves with their comments and the result, in lines of about 100 characters;
/// `first_move` is who made the first move and its number.
pub fn move_lines(first_move: (Side, u32), moves: &[MoveRecord], result: &str) -> String {
    let mut text = String::new();
    let mut line = String::new();
    let (mut mover, mut number) = first_move;
    for (ply, mv) in moves.iter().enumerate() {
        let mut token = String::new();
        match mover {
            Side::White => token.push_str(&format!("{number}. ")),
            Side::Black if ply == 0 => token.push_str(&format!("{number}... ")),
            Side::Black => {}
        }
        if mover == Side::Black {
            number = number.saturating_add(1);
        }
        mover = mover.opponent();
        token.push_str(&mv.text);
        let mut comment = Vec::new();
        if let Some(score) = &mv.score {
            comment.push(score.clone());
        }
        if let Some(depth) = mv.depth {
            comment.push(format!("d{depth}"));
        }
        comment.push(format!("{}ms", mv.time_ms));
        token.push_str(&format!(" {{{}}}", comment.join(" ")));
        if line.len() + token.len() > 100 {
            text.push_str(line.trim_end());
            text.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
    }
    line.push_str(result);
    text.push_str(&line);
    text.push('\n');
    text
}

/// Today's date (UTC) as PGN writes it: `YYYY.MM.DD`.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (year, month, day) = civil_date(i64::try_from(seconds / 86_400).unwrap_or(0));
    format!("{year:04}.{month:02}.{day:02}")
}

/// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Side::White) => "1-0",
        Outcome::Win(Side::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
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
        };
        assert!(
            record
                .to_text()
                .contains("2... c4e3 {1ms} 3. h6g8 {1ms} e3c2 {1ms} 1-0")
        );
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        let today = today();
        assert_eq!(today.len(), 10, "{today}");
        assert_eq!(today.matches('.').count(), 2, "{today}");
    }
}
