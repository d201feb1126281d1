//! The game a review reads: one game of a record text (tags and movetext, as `tabula match` and
//! the GUI write them), or a plain line of moves (`startpos moves ...`, a position string then
//! `moves ...`, or the moves alone, numbered or not, from the start position). Every move is
//! checked by the rules before anything is analysed.

use crate::game::{BoardSize, Side};
use crate::games::GameKind;
use crate::record::games::{RecordGame, record_games};
use crate::record::position_line::PositionLine;
pub use crate::record::tree::numbered;
use crate::record::tree::{MoveTree, NodeId, first_move, without_move};
use crate::session::GameSession;

/// A move of the game as the engine writes it, with the comments the record has after it (its
/// record data first, as written: `cp 12 d6 48ms`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovetextMove {
    pub text: String,
    pub comments: Vec<String>,
}

/// A game to review, its moves checked.
#[derive(Clone, Debug)]
pub struct ReviewGame {
    pub game: GameKind,
    pub size: BoardSize,
    /// Where the reviewed moves start: the position of a record's `Opening`, without its moves.
    pub start: PositionLine,
    /// The main line's moves as the engine writes them, with the comments they had: the
    /// `Opening`'s moves first (the book moves), then the movetext's.
    pub moves: Vec<MovetextMove>,
    /// The movetext's tree (after the book moves): the main line of `moves` with its side
    /// lines and comments, every move checked by the rules.
    pub tree: MoveTree,
    /// How many of the first moves are the record's opening (a book's line or a match's random
    /// moves): they are searched but not judged.
    pub book: usize,
    /// The record's tags (none for a plain line of moves).
    pub tags: Vec<(String, String)>,
    /// Who makes the first reviewed move, and its number.
    pub first_move: (Side, u32),
}

impl ReviewGame {
    /// The game that game `number` (from 1) of the record `text` names in its `Game` tag, or
    /// why there is none (a plain line of moves names no game).
    pub fn named_game(text: &str, number: usize) -> Result<GameKind, String> {
        if !text.lines().any(|line| line.trim_start().starts_with('[')) {
            return Err("a line of moves names no game: give --game".to_string());
        }
        let record = nth_record(text, number)?;
        let named = record.tag("Game").ok_or("the record has no Game tag")?;
        GameKind::parse(&named.to_ascii_lowercase())
    }

    /// Game `number` (from 1) of `text`, a game of `game` (on a board of `size` where given),
    /// or the one problem found: the text is no game, a game of another game or board, or a
    /// move is not legal (named with its number, side and text).
    pub fn read(
        text: &str,
        number: usize,
        game: GameKind,
        size: Option<BoardSize>,
    ) -> Result<ReviewGame, String> {
        let is_record = text.lines().any(|line| line.trim_start().starts_with('['));
        let (opening, mut tree, tags) = if is_record {
            record_game(text, number, game)?
        } else {
            plain_game(text)?
        };
        let book = opening.moves.len();
        let start = PositionLine {
            position: opening.position,
            moves: Vec::new(),
        };
        if book == 0 && tree.node(NodeId::ROOT).children().is_empty() {
            return Err("the text holds no moves to review".to_string());
        }
        let tag_size = tags.iter().find(|(name, _)| name == "Size");
        let record_size = tag_size
            .map(|(_, size)| BoardSize::parse(size))
            .transpose()?;
        let mut session = start
            .build(game, record_size.or(size).unwrap_or(game.default_size()))
            .map_err(|problem| format!("the opening '{}': {problem}", start.describe()))?;
        if let Some(asked) = size.filter(|&asked| asked != session.size()) {
            return Err(format!(
                "the game is played on {}, not on {asked}",
                session.size()
            ));
        }
        let first_move = first_move(session.as_ref());
        let mut moves = Vec::with_capacity(book);
        for (ply, text) in opening.moves.into_iter().enumerate() {
            let (side, number) = numbered(first_move, ply);
            let text = session
                .canonical_move(&text)
                .and_then(|canonical| session.play_move(&canonical).map(|()| canonical))
                .map_err(|problem| {
                    let problem = without_move(&problem, &text);
                    format!("move {number} ({}) '{text}': {problem}", side.name())
                })?;
            moves.push(MovetextMove {
                text,
                comments: Vec::new(),
            });
        }
        tree.check(session.as_ref(), numbered(first_move, book))?;
        moves.extend(tree.main_line(NodeId::ROOT).into_iter().map(|id| {
            let node = tree.node(id);
            let data = Some(node.data.text()).filter(|data| !data.is_empty());
            MovetextMove {
                text: node.text.clone(),
                comments: data.into_iter().chain(node.comments.clone()).collect(),
            }
        }));
        Ok(ReviewGame {
            game,
            size: session.size(),
            start,
            moves,
            tree,
            book,
            tags,
            first_move,
        })
    }

    /// The record's `Opening`: the start and the book moves.
    pub fn opening(&self) -> PositionLine {
        PositionLine {
            position: self.start.position.clone(),
            moves: (self.moves[..self.book].iter())
                .map(|entry| entry.text.clone())
                .collect(),
        }
    }

    /// The game at its start, before the first move (a book move if there are any).
    pub fn start_session(&self) -> Result<Box<dyn GameSession>, String> {
        self.start.build(self.game, self.size)
    }

    /// The record's tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }
}

type GameParts = (PositionLine, MoveTree, Vec<(String, String)>);

/// Game `number` of a record text: its opening, its moves and its tags.
/// Game `number` (from 1) of the record `text`.
fn nth_record(text: &str, number: usize) -> Result<RecordGame, String> {
    let mut games = record_games(text)?;
    let count = games.len();
    if number == 0 || number > count {
        return Err(match count {
            1 => format!("there is no game {number}: the record holds one game"),
            _ => format!("there is no game {number}: the record holds {count} games"),
        });
    }
    Ok(games.swap_remove(number - 1))
}

fn record_game(text: &str, number: usize, game: GameKind) -> Result<GameParts, String> {
    let record = nth_record(text, number)?;
    let named = record.tag("Game").ok_or("the record has no Game tag")?;
    if !named.eq_ignore_ascii_case(game.name()) {
        return Err(format!(
            "the record is a game of '{named}', not of {}",
            game.name()
        ));
    }
    let opening_text = record.tag("Opening").unwrap_or("startpos");
    let opening = PositionLine::parse(opening_text)
        .ok_or_else(|| format!("the Opening tag '{opening_text}' names no position"))?;
    let tree = record.tree()?;
    Ok((opening, tree, record.tags))
}

/// A plain line of moves: `startpos` or a position string, then `moves ...`; or only moves.
fn plain_game(text: &str) -> Result<GameParts, String> {
    let joined: Vec<&str> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .collect();
    let joined = joined.join(" ");
    let first = joined.split_whitespace().next().unwrap_or("");
    if first == "startpos" || first.contains('/') {
        let line = PositionLine::parse(&joined).ok_or("the text holds no game")?;
        let start = PositionLine {
            position: line.position,
            moves: Vec::new(),
        };
        return Ok((start, MoveTree::from_moves(&line.moves), Vec::new()));
    }
    let start = PositionLine {
        position: None,
        moves: Vec::new(),
    };
    Ok((start, MoveTree::parse(&joined)?, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_moves_from_either_side() {
        assert_eq!(numbered((Side::White, 1), 0), (Side::White, 1));
        assert_eq!(numbered((Side::White, 1), 3), (Side::Black, 2));
        assert_eq!(numbered((Side::Black, 4), 0), (Side::Black, 4));
        assert_eq!(numbered((Side::Black, 4), 1), (Side::White, 5));
    }

    #[test]
    fn reads_records_and_lines_and_names_the_bad_move() {
        let record = "[Game \"joust\"]\n[Size \"8x8\"]\n[Opening \"startpos moves d4f5\"]\n\n\
                      1... e5c4 {1ms} 2. f5h6 *\n";
        let game = ReviewGame::read(record, 1, GameKind::Joust, None).expect("a record");
        assert_eq!(game.first_move, (Side::White, 1), "the book's first move");
        assert_eq!((game.moves.len(), game.book), (3, 1));
        assert_eq!(game.moves[1].comments, ["1ms"]);
        assert_eq!(game.opening().describe(), "startpos moves d4f5");
        let line = ReviewGame::read("startpos moves d4f5 e5c4", 1, GameKind::Joust, None);
        assert_eq!(line.expect("a line").moves.len(), 2);
        let Err(bad) = ReviewGame::read("1. d4f5 e5c4 2. f5f6", 1, GameKind::Joust, None) else {
            panic!("an illegal move was read");
        };
        assert!(bad.starts_with("move 2 (white) 'f5f6': "), "{bad}");
        let other = ReviewGame::read(record, 1, GameKind::Apart, None).unwrap_err();
        assert!(other.contains("'joust'"), "{other}");
        let size = ReviewGame::read(record, 1, GameKind::Joust, Some(BoardSize::square(6)));
        assert!(size.unwrap_err().contains("8x8"));
    }
}
