//! A record loaded on a table: what its tags say that the moves cannot, kept while the table's
//! game is still the record's. Its opening's moves (a book's line or a match's random moves,
//! the `Opening` tag's) stay book moves while the game begins with them: the record written and
//! the review leave them unjudged. Its players are shown while people play both sides (a
//! record loaded is studied) until other players are chosen, and its result while the game is
//! the record's, moves and all.
//! Its move tree keeps the comments and record data of its moves, written again while the game
//! follows them, and its side lines (those the rules take).

use super::table::Table;
use crate::record::tree::{MoveTree, NodeId};
use crate::words::counted;
use serde::Serialize;

/// What a loaded record says of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedRecord {
    /// The table's start, and the record's moves: the opening's first.
    pub start: String,
    pub moves: Vec<String>,
    /// How many of the first moves are the opening's.
    pub book: usize,
    /// The `White` and `Black` tags, until other players than the record's people are chosen
    /// (a game set up again from its record, against an engine, names its players itself).
    pub players: Option<[String; 2]>,
    /// The `Result` and `Termination` tags (a `*` or an `unterminated` game has none).
    pub result: Option<String>,
    pub termination: Option<String>,
    /// The movetext's tree (the moves after the opening's), checked by the rules: a side line
    /// with a move they refuse is left out.
    pub tree: MoveTree,
    /// Why each side line left out was (the rules refused one of its moves), in order.
    pub left_out: Vec<String>,
}

/// The record as the page reads it (the `record` of a Table in docs/gui.md).
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct RecordView<'a> {
    /// The record's players, while it names them.
    pub white: Option<&'a str>,
    pub black: Option<&'a str>,
    /// The book moves the game still begins with.
    pub book: usize,
    /// The recorded result, while the game is the record's.
    pub result: Option<&'a str>,
    pub termination: Option<&'a str>,
    /// The record's side lines left out, said in one sentence, if any were.
    pub left_out: Option<String>,
}

impl LoadedRecord {
    /// The book moves `table`'s game begins with: the opening's while it begins with them.
    pub fn book_moves<'a>(&'a self, table: &Table) -> &'a [String] {
        let book = &self.moves[..self.book];
        if self.start == table.start && table.moves.starts_with(book) {
            book
        } else {
            &[]
        }
    }

    /// Whether `table`'s game is the record's: the same start and moves.
    pub fn is_whole(&self, table: &Table) -> bool {
        self.start == table.start && self.moves == table.moves
    }

    /// The recorded result and how the game ended, while `table`'s game is the record's.
    pub fn result(&self, table: &Table) -> Option<(&str, &str)> {
        let result = self.result.as_deref().filter(|_| self.is_whole(table))?;
        Some((result, self.termination.as_deref().unwrap_or("")))
    }

    /// Whether `table` starts where the record does, its first `book` moves the record's
    /// opening: the record's movetext then begins where the table's moves after them do.
    pub fn is_opening(&self, table: &Table, book: usize) -> bool {
        self.start == table.start && book == self.book
    }

    /// The record's move for each of `table`'s moves after the first `book`, while they follow
    /// its main line (`None` for those after they part, or on another start or opening).
    pub fn recorded_moves(&self, table: &Table, book: usize) -> Vec<Option<NodeId>> {
        let mut at = Some(NodeId::ROOT).filter(|_| self.is_opening(table, book));
        (table.moves.iter().skip(book))
            .map(|text| {
                at = at
                    .and_then(|id| self.tree.node(id).children().first().copied())
                    .filter(|&id| self.tree.node(id).text == *text);
                at
            })
            .collect()
    }

    /// What the page shows of the record with `table`'s game; `None` once the start changed.
    pub fn view<'a>(&'a self, table: &Table) -> Option<RecordView<'a>> {
        if self.start != table.start {
            return None;
        }
        let result = self.result(table);
        let names = self.players.as_ref();
        Some(RecordView {
            white: names.map(|[white, _]| white.as_str()),
            black: names.map(|[_, black]| black.as_str()),
            book: self.book_moves(table).len(),
            result: result.map(|(result, _)| result),
            termination: result.map(|(_, reason)| reason).filter(|r| !r.is_empty()),
            left_out: self.left_out.first().map(|first| {
                let others = self.left_out.len() - 1;
                let more = match others {
                    0 => String::new(),
                    _ => format!(" (and {})", counted(others, "other side line")),
                };
                format!("The record's {first}; it is left out from there{more}.")
            }),
        })
    }
}
