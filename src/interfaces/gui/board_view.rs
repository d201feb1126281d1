//! The board as rows of cells for the page: the position string's ranks spelt out, with the marks
//! of the board itself (Jeson Mor's centre, Claustro's goals and neutral corners) on empty cells.

use crate::games::GameKind;

/// One string per rank, the top rank first, one character per cell: the position string's
/// pieces and `*`, `.` for empty, and on empty cells `+` (centre), `G`/`g` (white's and black's
/// goal) and `#` (neutral corner).
pub fn board_rows(game: GameKind, position: &str) -> Vec<String> {
    let ranks = position.split_whitespace().next().unwrap_or("");
    let mut rows: Vec<Vec<char>> = ranks.split('/').map(spell_out).collect();
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if width == 0 {
        return Vec::new();
    }
    // (x, y) with y = rank - 1, as in the rules; rows are stored top rank first.
    let mut mark = |(x, y): (usize, usize), symbol: char| {
        if let Some(cell) = rows.get_mut(height - 1 - y).and_then(|row| row.get_mut(x))
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
    rows.into_iter()
        .map(|row| row.into_iter().collect())
        .collect()
}

/// A rank of a position string with its numbers spelt out as `.` cells.
fn spell_out(rank: &str) -> Vec<char> {
    let mut cells = Vec::new();
    let mut run = 0usize;
    for c in rank.chars() {
        match c.to_digit(10) {
            Some(digit) => run = run * 10 + digit as usize,
            None => {
                cells.extend(std::iter::repeat_n('.', run));
                run = 0;
                cells.push(c);
            }
        }
    }
    cells.extend(std::iter::repeat_n('.', run));
    cells
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
