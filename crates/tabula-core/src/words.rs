//! Words in what tabula prints: counted nouns (`1 move`, `2 moves`, `1 inaccuracy`, `3 plies`)
//! and outside texts quoted in a message, cut short where they are long.

use std::fmt::Display;

/// `count` followed by `noun`, in the plural unless the count is exactly one: `y` after a
/// consonant becomes `ies` (`ply`, `plies`), `s`, `x`, `ch` and `sh` take `es`, others `s`.
pub fn counted(count: impl Display, noun: &str) -> String {
    let count = count.to_string();
    if count == "1" {
        return format!("1 {noun}");
    }
    let after_consonant_y = noun
        .strip_suffix('y')
        .filter(|stem| !stem.ends_with(['a', 'e', 'i', 'o', 'u']));
    match after_consonant_y {
        Some(stem) => format!("{count} {stem}ies"),
        None if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) => {
            format!("{count} {noun}es")
        }
        None => format!("{count} {noun}s"),
    }
}

/// The most characters of an outside text that a message quotes whole.
const QUOTED_WHOLE: usize = 120;
/// The characters a message quotes of a longer text.
const QUOTED_START: usize = 80;

/// `text` as a message quotes it: whole when short, else its first characters, an ellipsis and
/// its length (a refused megabyte comes back as one short line).
pub fn excerpt(text: &str) -> String {
    let length = text.chars().count();
    if length <= QUOTED_WHOLE {
        return text.to_string();
    }
    let start: String = text.chars().take(QUOTED_START).collect();
    format!("{start}... ({})", counted(length, "character"))
}

#[cfg(test)]
mod tests {
    use super::{counted, excerpt};

    #[test]
    fn a_long_text_is_quoted_by_its_start_and_length() {
        assert_eq!(excerpt("8/8 w"), "8/8 w");
        let long = "p".repeat(1 << 20);
        let quoted = excerpt(&long);
        assert!(quoted.starts_with(&"p".repeat(80)));
        assert!(quoted.ends_with("... (1048576 characters)"));
        assert!(quoted.len() < 120);
        let accented = "é".repeat(200);
        assert!(excerpt(&accented).ends_with("(200 characters)"));
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "move"), "1 move");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(2usize, "blunder"), "2 blunders");
        assert_eq!(counted(1u64, "inaccuracy"), "1 inaccuracy");
        assert_eq!(counted(3, "inaccuracy"), "3 inaccuracies");
        assert_eq!(counted(4, "ply"), "4 plies");
        assert_eq!(counted(2, "day"), "2 days");
        assert_eq!(counted(2, "pass"), "2 passes");
        assert_eq!(counted(11, "position"), "11 positions");
    }
}
