//! The lines of a game record's text as every writer of records writes them: `[Tag "value"]`
//! lines, the numbered moves with their comments, the result, and today's date.

use super::tree::{MoveData, MoveTree, NodeId};
use crate::game::{Outcome, Side};

/// One move as played, with what the engine said about it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    pub text: String,
    /// The last `score` the engine reported (`cp 12`, `mate 3`).
    pub score: Option<String>,
    pub depth: Option<u32>,
    pub time_ms: u64,
}

/// Tag lines: `[Tag "value"]` each (a `"` in a value becomes `'`).
pub fn tag_lines(tags: &[(&str, String)]) -> String {
    tags.iter()
        .map(|(tag, value)| format!("[{tag} \"{}\"]\n", value.replace('"', "'")))
        .collect()
}

/// The moves as the main line of a tree, each with its record data (a score that is not
/// `cp N` or `mate N` is kept as a comment).
pub fn record_tree(moves: &[MoveRecord]) -> MoveTree {
    let mut tree = MoveTree::from_moves(&moves.iter().map(|mv| &mv.text).collect::<Vec<_>>());
    for (id, mv) in tree.main_line(NodeId::ROOT).into_iter().zip(moves) {
        let score = mv.score.as_deref();
        let node = tree.node_mut(id);
        node.data = MoveData {
            score: score.and_then(MoveData::read).and_then(|data| data.score),
            depth: mv.depth,
            time_ms: Some(mv.time_ms),
        };
        if node.data.score.is_none() {
            node.comments.extend(score.map(str::to_string));
        }
    }
    tree
}

/// The numbered moves with their record data and the result, in lines of about 100
/// characters, as the move tree writes them; `first_move` is who made the first move and its
/// number.
pub fn move_lines(first_move: (Side, u32), moves: &[MoveRecord], result: &str) -> String {
    let mut tree = record_tree(moves);
    tree.result = Some(result.to_string());
    tree.write(first_move)
}

/// Today's date (UTC) as PGN writes it: `YYYY.MM.DD`.
pub fn today() -> String {
    let seconds = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
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
