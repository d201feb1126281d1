//! The board as rows of cells for a board page (the GUI's, served or in the browser): the
//! position string's ranks spelt out, with the marks of the board itself
//! ([`crate::game::Game::board_marks`]: Jeson Mor's centre, Claustro's goals and neutral
//! corners) on empty cells.

use crate::board::position_text::{Cell, parse_position_text};
use crate::game::BoardMark;

/// One string per rank, the top rank first, one character per cell: the position string's
/// pieces and `*`, `.` for empty, and on empty cells the `marks`' symbols
/// ([`crate::game::MarkKind::symbol`]).
pub fn board_rows(marks: &[BoardMark], position: &str) -> Vec<String> {
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
    for mark in marks {
        let (x, y) = mark.square;
        if x < width
            && let Some(cell) = cells.get_mut(y * width + x)
            && *cell == '.'
        {
            *cell = mark.kind.symbol();
        }
    }
    (0..height)
        .rev()
        .map(|y| cells[y * width..(y + 1) * width].iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, build_session};
    use crate::session::Setup;

    fn rows(game: GameKind, position: &str) -> Vec<String> {
        let parsed = parse_position_text(position).expect("a position");
        let session = build_session(game, Setup::Text(&parsed), &[], false).expect("a game");
        board_rows(&session.board_marks(), &session.position_text())
    }

    #[test]
    fn spells_out_ranks_and_marks_the_board() {
        // The rules' Claustro start on 5 x 5, as `d` draws it.
        assert_eq!(
            rows(GameKind::Claustro, "2pp1/4p/P3p/P4/1PP2 w 0 1"),
            ["#.ppG", "....p", "P...p", "P....", "gPP.#"]
        );
        assert_eq!(
            rows(GameKind::JesonMor, "5/5/5/5/nN3 b 1 1"),
            [".....", ".....", "..+..", ".....", "nN..."]
        );
        assert_eq!(
            rows(GameKind::Joust, "12/3*N7/12/2n9 w 2 2"),
            [
                "............",
                "...*N.......",
                "............",
                "..n........."
            ]
        );
    }
}
