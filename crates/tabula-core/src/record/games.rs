//! Game records read back: the games of a record text (the PGN-like text `tabula match` and the
//! GUI write), each with its tags and its movetext, read into a [`MoveTree`] not yet checked by
//! the rules.

use super::tree::MoveTree;
use crate::game::Side;

/// One game of a record text: its tags and its movetext, not yet checked by the rules.
pub struct RecordGame {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl RecordGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The movetext's tree of moves, side lines and comments, or what is wrong with it.
    pub fn tree(&self) -> Result<MoveTree, String> {
        MoveTree::parse(&self.movetext)
    }
}

/// How a record names `side`'s player, given its tags by `tag`: the `White` or `Black` tag with
/// the strength of the `WhiteLevel` or `BlackLevel` tag, as the GUI names its own players
/// (`tabula (level easy)`, `tabula (1200 Elo)`).
pub fn player_label<'a>(tag: impl Fn(&str) -> Option<&'a str>, side: Side) -> Option<String> {
    let (name, level) = match side {
        Side::White => (tag("White")?, tag("WhiteLevel")),
        Side::Black => (tag("Black")?, tag("BlackLevel")),
    };
    Some(match level {
        Some(elo) if elo.ends_with(" Elo") => format!("{name} ({elo})"),
        Some(level) => format!("{name} (level {level})"),
        None => name.to_string(),
    })
}

/// The games of a record text (a match's games.txt holds many): a tag line after a movetext
/// starts the next game.
pub fn record_games(text: &str) -> Result<Vec<RecordGame>, String> {
    let mut games: Vec<RecordGame> = Vec::new();
    let mut current = RecordGame {
        tags: Vec::new(),
        movetext: String::new(),
    };
    for line in text.lines().map(str::trim) {
        if let Some(tag) = line.strip_prefix('[') {
            if !current.movetext.trim().is_empty() {
                let next = RecordGame {
                    tags: Vec::new(),
                    movetext: String::new(),
                };
                games.push(std::mem::replace(&mut current, next));
            }
            let (name, value) = tag
                .trim_end_matches(']')
                .split_once(' ')
                .ok_or_else(|| format!("tag line '{line}' has no value"))?;
            let value = value.trim().trim_matches('"').to_string();
            current.tags.push((name.to_string(), value));
        } else {
            current.movetext.push_str(line);
            current.movetext.push(' ');
        }
    }
    if !current.tags.is_empty() || !current.movetext.trim().is_empty() {
        games.push(current);
    }
    Ok(games)
}
