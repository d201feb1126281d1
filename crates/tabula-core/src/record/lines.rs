//! The lines of a game record's text as every writer of records writes them: `[Tag "value"]`
//! lines, the numbered moves with their comments, the result, and today's date.

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
