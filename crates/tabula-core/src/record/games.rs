//! Game records read back: the games of a record text (the PGN-like text `tabula match` and the
//! GUI write), each with its tags and its moves, not yet checked by the rules.

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

/// A move of a movetext and the comments written after it (without their braces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovetextMove {
    pub text: String,
    pub comments: Vec<String>,
}

/// The moves of a movetext: comments, side lines, move numbers and the result left out; a
/// comment or side line left open, or closed without being opened, is refused (what follows it
/// would be lost or misread).
pub fn movetext_moves(movetext: &str) -> Result<Vec<String>, String> {
    Ok(movetext_entries(movetext)?
        .into_iter()
        .map(|entry| entry.text)
        .collect())
}

/// The moves of the main line of a movetext, each with the comments after it (a comment before
/// the first move is left out). Side lines, `( ... )` after the move they replace, nested or
/// not and with comments of their own, are read past: docs/records.md. Refused as
/// [`movetext_moves`] refuses.
pub fn movetext_entries(movetext: &str) -> Result<Vec<MovetextMove>, String> {
    let mut moves: Vec<MovetextMove> = Vec::new();
    let mut depth = 0usize;
    let mut side_lines = 0usize;
    let mut word = String::new();
    let mut comment = String::new();
    let flush = |word: &mut String, moves: &mut Vec<MovetextMove>| {
        let token = std::mem::take(word);
        let is_number = token.ends_with('.');
        let is_result = matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
        if !token.is_empty() && !is_number && !is_result {
            moves.push(MovetextMove {
                text: token,
                comments: Vec::new(),
            });
        }
    };
    for c in movetext.chars() {
        match c {
            '{' => {
                flush(&mut word, &mut moves);
                if depth > 0 {
                    comment.push(c);
                }
                depth += 1;
            }
            '}' if depth == 0 => {
                return Err("a comment is closed with '}' but was never opened".into());
            }
            '}' => {
                depth -= 1;
                if depth > 0 {
                    comment.push(c);
                } else if let (0, Some(last)) = (side_lines, moves.last_mut()) {
                    last.comments
                        .push(std::mem::take(&mut comment).trim().to_string());
                } else {
                    comment.clear();
                }
            }
            _ if depth > 0 => comment.push(c),
            '(' => {
                flush(&mut word, &mut moves);
                side_lines += 1;
            }
            ')' if side_lines == 0 => {
                return Err("a side line is closed with ')' but was never opened".into());
            }
            ')' => side_lines -= 1,
            _ if side_lines > 0 => {}
            c if c.is_whitespace() => flush(&mut word, &mut moves),
            c => word.push(c),
        }
    }
    if depth > 0 {
        return Err("a comment opened with '{' is not closed".into());
    }
    if side_lines > 0 {
        return Err("a side line opened with '(' is not closed".into());
    }
    flush(&mut word, &mut moves);
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_moves_between_numbers_and_comments() {
        assert_eq!(
            movetext_moves("1. d4f5 {cp -12 d4 3ms} e5c4 {1ms} 2. f5h6 {1ms} 0-1"),
            Ok(vec!["d4f5".to_string(), "e5c4".into(), "f5h6".into()])
        );
        assert_eq!(
            movetext_moves("3... e5c4 {x} *"),
            Ok(vec!["e5c4".to_string()])
        );
        assert!(movetext_moves("1. d4f5 {unclosed e5c4 *").is_err());
        assert!(movetext_moves("1. d4f5 } e5c4 *").is_err());
        let entries = movetext_entries("{before} 1. d4f5 {a {b}} {c} e5c4 *").expect("good");
        assert_eq!(entries[0].comments, ["a {b}", "c"]);
        assert!(entries[1].comments.is_empty());
    }

    #[test]
    fn reads_past_side_lines() {
        let text = "1. d4f5 {main} e5c4 (1... e5f3 {a side line} 2. f5h6 (2. f5d6) e4c3) \
                    2. f5h6 {h6} (2. f5e3 {not taken}) *";
        let entries = movetext_entries(text).expect("good");
        let moves: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(moves, ["d4f5", "e5c4", "f5h6"]);
        assert_eq!(entries[0].comments, ["main"]);
        assert!(entries[1].comments.is_empty());
        assert_eq!(entries[2].comments, ["h6"]);
        assert!(movetext_moves("1. d4f5 (1. d4e6 *").is_err());
        assert!(movetext_moves("1. d4f5 ) e5c4 *").is_err());
        assert_eq!(
            movetext_moves("1. d4f5 {a (b} e5c4 *"),
            Ok(vec!["d4f5".to_string(), "e5c4".into()])
        );
    }
}
