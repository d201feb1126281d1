//! Text pictures of boards for people: ranks top down, files along the bottom.

use crate::board::geometry::Geometry;

/// A picture of the board, one character per square given by `cell`.
pub fn board_picture(geometry: &Geometry, cell: impl Fn(usize) -> char) -> String {
    let border = format!("   +{}+\n", "-".repeat(geometry.width * 2 + 1));
    let mut picture = border.clone();
    for y in (0..geometry.height).rev() {
        picture.push_str(&format!("{:>2} |", y + 1));
        for x in 0..geometry.width {
            picture.push(' ');
            picture.push(cell(geometry.square(x, y)));
        }
        picture.push_str(" |\n");
    }
    picture.push_str(&border);
    picture.push_str("    ");
    for x in 0..geometry.width {
        picture.push(' ');
        picture.push((b'a' + x as u8) as char);
    }
    picture.push('\n');
    picture
}
