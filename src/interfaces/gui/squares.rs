//! Square names and the squares a move text visits, as the page draws and clicks them.

use crate::game::BoardSize;

/// The name of square `(x, y)`: `a1`, `y25`.
pub fn square_name((x, y): (usize, usize)) -> String {
    let file = char::from(b'a' + (x % 26) as u8);
    format!("{file}{}", y + 1)
}

/// The squares a move text visits (`b1h1f3` is b1, h1, f3), each on a board of `size`; `None`
/// for a pass or text that is not a run of square names.
pub fn move_squares(text: &str, size: BoardSize) -> Option<Vec<(usize, usize)>> {
    let mut squares = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&file, tail)) = rest.split_first() {
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
        let rank: usize = std::str::from_utf8(&tail[..digits]).ok()?.parse().ok()?;
        let (x, y) = (usize::from(file - b'a'), rank.checked_sub(1)?);
        if x >= size.width || y >= size.height {
            return None;
        }
        squares.push((x, y));
        rest = &tail[digits..];
    }
    (!squares.is_empty()).then_some(squares)
}

/// The squares of a move as names (empty for a pass or anything else).
pub fn move_square_names(text: &str, size: BoardSize) -> Vec<String> {
    move_squares(text, size)
        .unwrap_or_default()
        .into_iter()
        .map(square_name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_runs_of_squares() {
        let size = BoardSize::square(25);
        assert_eq!(move_squares("a10b12", size), Some(vec![(0, 9), (1, 11)]));
        assert_eq!(move_square_names("b1h1f3", size), ["b1", "h1", "f3"]);
        assert_eq!(square_name((24, 24)), "y25");
        for bad in [
            "0000",
            "",
            "a0",
            "a",
            "A1",
            "z1",
            "a26",
            "a1-",
            "a99999999999999999999",
        ] {
            assert_eq!(move_squares(bad, size), None, "{bad}");
        }
        assert_eq!(move_squares("i9", BoardSize::square(8)), None);
    }
}
