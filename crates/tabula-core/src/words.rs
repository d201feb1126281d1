//! Counted nouns in what tabula prints: `1 move`, `2 moves`, `1 inaccuracy`, `3 plies`.

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

#[cfg(test)]
mod tests {
    use super::counted;

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
