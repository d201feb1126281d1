//! The squares a move text visits, as the page draws and clicks them, read by the board's own
//! geometry (`board::geometry`).

use crate::board::geometry::{Geometry, geometry};
use crate::game::BoardSize;

/// The geometry of a board of `size` (a size some game allows).
pub fn board_geometry(size: BoardSize) -> &'static Geometry {
    geometry(size.width, size.height)
}

/// The squares a move text visits (`b1h1f3` is b1, h1, f3) on a board of `size`; `None` for a
/// pass or text that is not a run of square names of that board.
pub fn move_squares(text: &str, size: BoardSize) -> Option<Vec<usize>> {
    board_geometry(size).parse_square_path(text).ok()
}

/// The names of the squares of a move (none for a pass or anything else).
pub fn move_square_names(text: &str, size: BoardSize) -> Vec<String> {
    let geometry = board_geometry(size);
    move_squares(text, size)
        .unwrap_or_default()
        .into_iter()
        .map(|square| geometry.square_name(square))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_runs_of_squares() {
        let size = BoardSize::square(25);
        assert_eq!(move_square_names("a10b12", size), ["a10", "b12"]);
        assert_eq!(move_square_names("b1h1f3", size), ["b1", "h1", "f3"]);
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
