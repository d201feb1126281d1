//! The picture shown by `d`: the square grid with coordinates (goals and neutral corners marked),
//! a legend, and the same board drawn as the diamond it is in play (white's home at the bottom).

use super::Claustro;
use crate::board::render;
use crate::game::Side;

/// The character shown for `square`: a pawn, a goal marker, a neutral corner or an empty square.
fn cell<const W: usize>(position: &Claustro<W>, square: usize) -> char {
    let layout = position.layout;
    if position.pawns[0].contains(square) {
        'P'
    } else if position.pawns[1].contains(square) {
        'p'
    } else if square == layout.goal(Side::White) {
        'G'
    } else if square == layout.goal(Side::Black) {
        'g'
    } else if layout.neutral_corners().contains(&square) {
        '#'
    } else {
        '.'
    }
}

/// The board turned 45 degrees: `a1` at the bottom, white's goal at the top, a row per
/// anti-diagonal (`x + y`), two columns per step of `x - y`.
fn diamond<const W: usize>(position: &Claustro<W>) -> String {
    let g = position.layout.geometry;
    let (width, height) = (g.width, g.height);
    let mut text = String::new();
    for sum in (0..width + height - 1).rev() {
        let mut line = vec![' '; 2 * (width + height - 1)];
        for x in sum.saturating_sub(height - 1)..=sum.min(width - 1) {
            let y = sum - x;
            line[2 * (x + height - 1 - y) + 1] = cell(position, g.square(x, y));
        }
        text.push_str("    ");
        text.push_str(line.iter().collect::<String>().trim_end());
        text.push('\n');
    }
    text
}

/// The grid, a legend line and the diamond.
pub fn picture<const W: usize>(position: &Claustro<W>) -> String {
    let layout = position.layout;
    let g = layout.geometry;
    let [neutral_a, neutral_b] = layout.neutral_corners();
    let mut text = render::board_picture(g, |square| cell(position, square));
    text.push_str(&format!(
        "G white's goal {}, g black's goal {}, # neutral corners {} {}; \
         P white pawn, p black pawn\n",
        g.square_name(layout.goal(Side::White)),
        g.square_name(layout.goal(Side::Black)),
        g.square_name(neutral_a),
        g.square_name(neutral_b),
    ));
    text.push_str("As played (white's home at the bottom):\n");
    text.push_str(&diamond(position));
    text
}
