//! How an Apart turn is laid out as squares while it is entered movement by movement (the
//! board pages and the learning environments ask here, through
//! `Game::asked_next_squares`): a turn is its start, end and captures, not one run of squares,
//! so the rules are asked about each square that may come next.

use super::Apart;
use super::movegen::one_leg_targets;
use super::notation::parse_move;
use super::tables::AXES;

/// The squares that may follow `path` (the squares a piece of the side to move has entered this
/// turn, its start first) in a legal turn, the rules asked about each: for an empty path the
/// pieces with a first movement, for a start its first movements ([`one_leg_targets`]), and
/// after a movement the squares of [`reach`] that make the path a legal turn. Whether the game is
/// over is the caller's to check.
pub fn next_movements<const W: usize>(position: &Apart<W>, path: &[usize]) -> Vec<usize> {
    match path {
        [] => position
            .pieces(position.side)
            .squares()
            .filter(|&start| !one_leg_targets(position, start).is_empty())
            .collect(),
        &[start] => one_leg_targets(position, start),
        _ => {
            let mut prefix = String::new();
            for &square in path {
                position.geometry.push_square_name(square, &mut prefix);
            }
            reach(position, path)
                .into_iter()
                .filter(|&to| {
                    let mut text = prefix.clone();
                    position.geometry.push_square_name(to, &mut text);
                    parse_move(position, &text).is_ok()
                })
                .collect()
        }
    }
}

/// The squares a piece of the side to move that has entered `path` this turn (its start first,
/// `path` not empty) may move to next by the line lengths where it stands: along each axis,
/// exactly as many squares as the unbroken run of friendly pieces through it, its start empty.
/// After a jump the rules judge each; no other square can continue the turn.
fn reach<const W: usize>(position: &Apart<W>, path: &[usize]) -> Vec<usize> {
    let mut own = position.pieces(position.side);
    for &square in path {
        own.remove(square);
    }
    let Some(&here) = path.last() else {
        return Vec::new();
    };
    own.insert(here);
    let tables = position.tables;
    let mut reach = Vec::new();
    for axis in 0..AXES.len() {
        let length = tables.line_length(own, here, axis);
        for direction in [2 * axis, 2 * axis + 1] {
            reach.extend(tables.landing(here, direction, length));
        }
    }
    reach
}
