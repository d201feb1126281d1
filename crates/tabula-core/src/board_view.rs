//! The board as rows of cells for a board page (the GUI's, served or in the browser): the position string's ranks spelt out, with the marks
//! of the board itself (Jeson Mor's centre, Claustro's goals and neutral corners) on empty cells.

use crate::board::position_text::{Cell, parse_position_text};
use crate::games::GameKind;

/// One string per rank, the top rank first, one character per cell: the position string's
/// pieces and `*`, `.` for empty, and on empty cells `+` (centre), `G`/`g` (white's and black's
/// goal) and `#` (neutral corner).
pub fn board_rows(game: GameKind, position: &str) -> Vec<String> {
    let Ok(parsed) = parse_position_text(position) else {
        return Vec::new();
    };
    let (width, height) = (parsed.width, parsed.height);
    // Cells are indexed y * width + x with y = rank - 1; rows are drawn top rank first.
    let mut cells: Vec<char> = parsed
        .cells
        .iter()
        .map(|cell| match cell {
            Cell::Empty => '.',
            Cell::Burned => '*',
            Cell::Piece(letter) => *letter,
        })
        .collect();
    let mut mark = |(x, y): (usize, usize), symbol: char| {
        if let Some(cell) = cells.get_mut(y * width + x)
            && *cell == '.'
        {
            *cell = symbol;
        }
    };
    let (right, top) = (width - 1, height - 1);
    match game {
        GameKind::JesonMor => mark((width / 2, height / 2), '+'),
        GameKind::Claustro => {
            mark((right, top), 'G');
            mark((0, 0), 'g');
            mark((right, 0), '#');
            mark((0, top), '#');
        }
        GameKind::Joust | GameKind::Apart => {}
    }
    (0..height)
        .rev()
        .map(|y| cells[y * width..(y + 1) * width].iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_out_ranks_and_marks_the_board() {
        // The rules' Claustro start on 5 x 5, as `d` draws it.
        assert_eq!(
            board_rows(GameKind::Claustro, "2pp1/4p/P3p/P4/1PP2 w 0 1"),
            ["#.ppG", "....p", "P...p", "P....", "gPP.#"]
        );
        assert_eq!(
            board_rows(GameKind::JesonMor, "5/5/5/5/nN3 b 1 1"),
            [".....", ".....", "..+..", ".....", "nN..."]
        );
        assert_eq!(
            board_rows(GameKind::Joust, "12/3*N7/12/2n9 w 2 2"),
            [
                "............",
                "...*N.......",
                "............",
                "..n........."
            ]
        );
    }
}
