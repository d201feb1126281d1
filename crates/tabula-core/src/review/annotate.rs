//! A reviewed game written back as a record, each move followed by a comment with the review's
//! judgement, which every record reader skips as it skips the match's own comments:
//! `{review 0.512 -> 0.380 loss 0.132 mistake best d4f5}` (the mover's expected scores before and
//! after, the loss, and for a marked move its mark and the engine's best move). The record's own
//! tags, comments and side lines (its [`MoveTree`](crate::record::tree::MoveTree)) are kept, but
//! an earlier review's comments on the main line, which this review's replace (as its
//! `Annotator` tag replaces the earlier one's: a record reviewed again, such as the board page's
//! game set up again from its record after a review, says one review); the side lines are not
//! reviewed. The book moves stay in
//! the `Opening` tag, not judged.

use super::game::{ReviewGame, numbered};
use super::judgement::Review;
use crate::record::lines::tag_lines;
use crate::record::tree::NodeId;

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
    let mut tree = game.tree.clone();
    for (at, id) in tree.main_line(NodeId::ROOT).into_iter().enumerate() {
        let comments = &mut tree.node_mut(id).comments;
        comments.retain(|comment| !comment.starts_with("review "));
        if let Some(judged) = review.moves.get(game.book + at)
            && let Some(loss) = judged.loss
        {
            let mut comment = format!(
                "review {:.3} -> {:.3} loss {loss:.4}",
                judged.expected_before, judged.expected_after
            );
            if let Some(mark) = judged.mark {
                comment.push_str(&format!(" {} best {}", mark.name(), judged.best));
            }
            tree.node_mut(id).comments.push(comment);
        }
    }
    tree.result = Some(game.tag("Result").unwrap_or("*").to_string());
    let mut text = tag_lines(&tags);
    text.push('\n');
    // The book moves are the Opening tag's.
    text.push_str(&tree.write(numbered(game.first_move, game.book)));
    text
}
