//! A reviewed game written back as a record, each move followed by a comment with the review's
//! judgement, which every record reader skips as it skips the match's own comments:
//! `{review 0.512 -> 0.380 loss 0.132 mistake best d4f5}` (the mover's expected scores before and
//! after, the loss, and for a marked move its mark and the engine's best move). The record's own
//! tags and comments are kept; an `Annotator` tag says how it was reviewed. The book moves stay in
//! the `Opening` tag, not judged.

use super::game::{ReviewGame, numbered};
use super::judgement::Review;
use crate::game::Side;
use crate::record::lines::tag_lines;

/// The longest line of moves written, as `tabula match` writes them.
const LINE_WIDTH: usize = 100;

/// The record text of `game` annotated with `review` (moves it did not judge keep only their own
/// comments); `limit` says how each position was searched.
pub fn annotated_record(game: &ReviewGame, review: &Review, limit: &str) -> String {
    let mut tags: Vec<(&str, String)> = if game.tags.is_empty() {
        vec![
            ("Game", game.game.name().to_string()),
            ("Size", game.size.to_string()),
            ("Opening", game.opening().describe()),
        ]
    } else {
        game.tags
            .iter()
            .filter(|(name, _)| name != "Annotator")
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect()
    };
    tags.push(("Annotator", format!("tabula review, {limit}")));
    let result = game.tag("Result").unwrap_or("*").to_string();
    let mut text = tag_lines(&tags);
    text.push('\n');
    let mut line = String::new();
    // The book moves are the Opening tag's.
    for (ply, entry) in game.moves.iter().enumerate().skip(game.book) {
        let (side, number) = numbered(game.first_move, ply);
        let mut token = match side {
            Side::White => format!("{number}. "),
            Side::Black if ply == game.book => format!("{number}... "),
            Side::Black => String::new(),
        };
        token.push_str(&entry.text);
        for comment in &entry.comments {
            token.push_str(&format!(" {{{comment}}}"));
        }
        if let Some(judged) = review.moves.get(ply)
            && let Some(loss) = judged.loss
        {
            let mut comment = format!(
                "review {:.3} -> {:.3} loss {loss:.4}",
                judged.expected_before, judged.expected_after
            );
            if let Some(mark) = judged.mark {
                comment.push_str(&format!(" {} best {}", mark.name(), judged.best));
            }
            token.push_str(&format!(" {{{comment}}}"));
        }
        if !line.is_empty() && line.len() + token.len() > LINE_WIDTH {
            text.push_str(line.trim_end());
            text.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
    }
    line.push_str(&result);
    text.push_str(&line);
    text.push('\n');
    text
}
