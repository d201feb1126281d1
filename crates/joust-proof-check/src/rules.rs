//! Joust's rules, as the checker knows them: the board, the position string, the leaps.

/// A position: the burned squares, the two knights and who is to move. Squares are numbered
/// `y * width + x`, `a1` first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub burned: u128,
    /// The white and the black knight's squares.
    pub knights: [usize; 2],
    /// 0: white to move; 1: black.
    pub to_move: usize,
}

/// A board's size.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    pub width: usize,
    pub height: usize,
}

impl Board {
    /// The squares a knight on `square` may leap to in `position`, lowest first.
    pub fn leaps(&self, position: &Position, square: usize) -> Vec<usize> {
        let (x, y) = ((square % self.width) as i64, (square / self.width) as i64);
        let mut targets = Vec::new();
        // A knight's leap: two squares one way and one the other, so |dx * dy| is 2.
        let leaps = (-2i64..=2).flat_map(|dx| (-2i64..=2).map(move |dy| (dx, dy)));
        for (dx, dy) in leaps.filter(|(dx, dy)| (dx * dy).abs() == 2) {
            let (tx, ty) = (x + dx, y + dy);
            if tx < 0 || ty < 0 || tx >= self.width as i64 || ty >= self.height as i64 {
                continue;
            }
            let target = ty as usize * self.width + tx as usize;
            let burned = position.burned >> target & 1 == 1;
            if !burned && !position.knights.contains(&target) {
                targets.push(target);
            }
        }
        targets.sort_unstable();
        targets
    }

    /// The legal leaps' targets of the side to move.
    pub fn moves(&self, position: &Position) -> Vec<usize> {
        self.leaps(position, position.knights[position.to_move])
    }

    /// The position after the side to move leaps to `target`.
    pub fn play(&self, position: &Position, target: usize) -> Position {
        let mut next = *position;
        next.burned |= 1u128 << position.knights[position.to_move];
        next.knights[position.to_move] = target;
        next.to_move = 1 - position.to_move;
        next
    }

    /// Reads a position string: ranks from the top, `/` between them; a number is that many
    /// empty squares, `N` the white knight, `n` the black, `*` a burned square; then `w` or `b`.
    pub fn parse(text: &str) -> Result<(Board, Position), String> {
        let mut fields = text.split_whitespace();
        let ranks: Vec<&str> = fields
            .next()
            .ok_or("an empty position")?
            .split('/')
            .collect();
        let to_move = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            other => return Err(format!("bad side to move {other:?}")),
        };
        let height = ranks.len();
        let mut rows = Vec::new();
        for rank in &ranks {
            let mut row = Vec::new();
            let mut run = String::new();
            for letter in rank.chars().chain(std::iter::once('/')) {
                if letter.is_ascii_digit() {
                    run.push(letter);
                    continue;
                }
                if !run.is_empty() {
                    let empty: usize = run.parse().map_err(|_| format!("bad number {run}"))?;
                    row.extend(std::iter::repeat_n('.', empty));
                    run.clear();
                }
                match letter {
                    'N' | 'n' | '*' => row.push(letter),
                    '/' => {}
                    other => return Err(format!("bad letter {other:?} in the position")),
                }
            }
            rows.push(row);
        }
        let width = rows[0].len();
        if rows.iter().any(|row| row.len() != width) || width * height > 128 {
            return Err("ranks of different lengths, or over 128 squares".to_string());
        }
        let mut position = Position {
            burned: 0,
            knights: [usize::MAX; 2],
            to_move,
        };
        for (from_top, row) in rows.iter().enumerate() {
            for (x, &cell) in row.iter().enumerate() {
                let square = (height - 1 - from_top) * width + x;
                match cell {
                    'N' => position.knights[0] = square,
                    'n' => position.knights[1] = square,
                    '*' => position.burned |= 1u128 << square,
                    _ => {}
                }
            }
        }
        if position.knights.contains(&usize::MAX) {
            return Err("a knight is missing".to_string());
        }
        Ok((Board { width, height }, position))
    }
}
