//! PGN's movetext read into a [`MoveTree`], by hand and in one pass with an explicit stack (no
//! recursion, so no input can overflow the stack): moves, move numbers (`12.`, `12...`, also
//! stuck to the move: `12.d4f5`), comments `{ ... }` anywhere (braces inside a comment nest and
//! are part of it), side lines `( ... )` after the move they replace, nested up to
//! [`MAX_NESTING`] deep, NAGs (`$1`, and `!` `?` `!!` `??` `!?` `?!` after a move) and the
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). Moves are read as written, not yet checked by the
//! rules ([`MoveTree::check`] plays them).

use super::{MoveData, MoveTree, NodeId};

/// How deep side lines may nest inside each other.
pub const MAX_NESTING: usize = 100;

/// One piece of a movetext.
enum Token {
    Open,
    Close,
    Comment(String),
    Word(String),
}

/// The tokens of a movetext, or the first brace out of place.
fn tokens(movetext: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut comment = String::new();
    let mut depth = 0usize;
    let flush = |word: &mut String, tokens: &mut Vec<Token>| {
        if !word.is_empty() {
            tokens.push(Token::Word(std::mem::take(word)));
        }
    };
    for c in movetext.chars() {
        match c {
            '{' => {
                flush(&mut word, &mut tokens);
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
                } else {
                    let text = std::mem::take(&mut comment).trim().to_string();
                    tokens.push(Token::Comment(text));
                }
            }
            _ if depth > 0 => comment.push(c),
            '(' | ')' => {
                flush(&mut word, &mut tokens);
                tokens.push(if c == '(' { Token::Open } else { Token::Close });
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c => word.push(c),
        }
    }
    if depth > 0 {
        return Err("a comment opened with '{' is not closed".into());
    }
    flush(&mut word, &mut tokens);
    Ok(tokens)
}

/// Whether a word is a result.
pub(super) fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A word without the move number it starts with (`12.`, `12...`): what is left, maybe nothing.
fn without_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match word[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.'),
        _ => word,
    }
}

/// The NAG a suffix such as `!?` stands for.
fn suffix_nag(suffix: &str) -> Option<u8> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .iter()
        .position(|&known| known == suffix)
        .and_then(|at| u8::try_from(at + 1).ok())
}

/// Where the reading is: the move the next one follows, and whether the line has a move yet.
struct Reader {
    tree: MoveTree,
    at: NodeId,
    /// The moves the open side lines replace, innermost last.
    open: Vec<NodeId>,
    /// Whether the current line (the game, or the side line just opened) has a move yet.
    started: bool,
    /// Comments before the first move of the side line just opened.
    before: Vec<String>,
}

impl Reader {
    fn comment(&mut self, text: String) {
        if self.started {
            let node = self.tree.node_mut(self.at);
            match MoveData::read(&text) {
                Some(data) if node.data.is_empty() => node.data = data,
                _ => node.comments.push(text),
            }
        } else if self.open.is_empty() {
            self.tree.node_mut(NodeId::ROOT).comments.push(text);
        } else {
            self.before.push(text);
        }
    }

    fn open(&mut self) -> Result<(), String> {
        if !self.started {
            return Err("a side line comes before any move it could replace".into());
        }
        if self.open.len() >= MAX_NESTING {
            return Err(format!(
                "side lines are nested more than {MAX_NESTING} deep"
            ));
        }
        self.open.push(self.at);
        self.at = self.tree.node(self.at).parent().unwrap_or(NodeId::ROOT);
        self.started = false;
        Ok(())
    }

    fn close(&mut self) -> Result<(), String> {
        self.at = self
            .open
            .pop()
            .ok_or("a side line is closed with ')' but was never opened")?;
        self.started = true;
        self.before.clear();
        Ok(())
    }

    fn word(&mut self, word: &str) -> Result<(), String> {
        if is_result(word) {
            if self.open.is_empty() {
                self.tree.result = Some(word.to_string());
            }
            return Ok(());
        }
        if let Some(number) = word.strip_prefix('$') {
            let nag = number
                .parse()
                .map_err(|_| format!("'{word}' is not a NAG from $0 to $255"))?;
            self.nag(nag);
            return Ok(());
        }
        if let Some(nag) = suffix_nag(word) {
            self.nag(nag);
            return Ok(());
        }
        let word = without_number(word);
        let text = word.trim_end_matches(['!', '?']);
        if text.is_empty() {
            return Ok(());
        }
        self.at = self.tree.add_move(self.at, text);
        self.started = true;
        let before = std::mem::take(&mut self.before);
        let node = self.tree.node_mut(self.at);
        node.before.extend(before);
        node.nags.extend(suffix_nag(&word[text.len()..]));
        Ok(())
    }

    fn nag(&mut self, nag: u8) {
        if self.started {
            self.tree.node_mut(self.at).nags.push(nag);
        }
    }
}

impl MoveTree {
    /// The tree of a movetext, or the first thing wrong with it: a brace or parenthesis out of
    /// place, side lines nested too deep, a NAG that is no number. Comments before the first
    /// move are the root's; a comment that is record data and nothing else (`{cp 12 d6 48ms}`)
    /// is the move's [`MoveData`] (the first such comment of a move; later ones stay comments).
    pub fn parse(movetext: &str) -> Result<MoveTree, String> {
        let mut reader = Reader {
            tree: MoveTree::new(),
            at: NodeId::ROOT,
            open: Vec::new(),
            started: false,
            before: Vec::new(),
        };
        for token in tokens(movetext)? {
            match token {
                Token::Open => reader.open()?,
                Token::Close => reader.close()?,
                Token::Comment(text) => reader.comment(text),
                Token::Word(word) => reader.word(&word)?,
            }
        }
        if !reader.open.is_empty() {
            return Err("a side line opened with '(' is not closed".into());
        }
        Ok(reader.tree)
    }
}
