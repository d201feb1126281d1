//! The Claustro board as this checker sees it, from the rules alone: the cells (every square but
//! the four corners, numbered in board order: `a1`, `b1`, ... along the first rank, then the
//! next rank), each side's steps and goal, the diagonals, and the moves and un-moves of a
//! position held as two masks of cells.
//!
//! White steps `+x` or `+y` towards its goal, the top right corner; black steps `-x` or `-y`
//! towards `a1`. A step may not land on a neutral corner; a step into the goal wins. A capture
//! moves a pawn one square diagonally onto an enemy pawn, which the capturer then places on any
//! empty cell (the square it just left included).

/// A position: the side to move (0 white, 1 black) and each side's pawns as masks of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub side: usize,
    pub pawns: [u64; 2],
}

/// The geometry of one board size, in cells.
#[derive(Debug)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// Cell -> `(x, y)`.
    coords: Vec<(usize, usize)>,
    /// Per side and cell: the cells one step towards the goal reaches (neutral corners and the
    /// goal itself left out).
    steps: [Vec<Vec<usize>>; 2],
    /// Per side and cell: the cells from which one step reaches it.
    unsteps: [Vec<Vec<usize>>; 2],
    /// Per side: the cells from which one step enters the goal.
    doors: [u64; 2],
    /// Per cell: its diagonal neighbours that are cells.
    diagonals: Vec<Vec<usize>>,
}

impl Board {
    /// The board `width` x `height` (each at least 2, at most 64 squares).
    pub fn new(width: usize, height: usize) -> Result<Board, String> {
        if width < 2 || height < 2 || width * height > 64 {
            return Err(format!(
                "a {width}x{height} board is not checked (2 or more each way, 64 squares at most)"
            ));
        }
        let corner = |x: usize, y: usize| (x == 0 || x == width - 1) && (y == 0 || y == height - 1);
        let mut coords = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if !corner(x, y) {
                    coords.push((x, y));
                }
            }
        }
        let cell_at = |x: i64, y: i64| {
            coords
                .iter()
                .position(|&(cx, cy)| cx as i64 == x && cy as i64 == y)
        };
        let goals = [(width as i64 - 1, height as i64 - 1), (0, 0)];
        let mut steps = [Vec::new(), Vec::new()];
        let mut doors = [0u64; 2];
        for side in 0..2 {
            let forward: i64 = if side == 0 { 1 } else { -1 };
            for (cell, &(x, y)) in coords.iter().enumerate() {
                let mut to = Vec::new();
                for (dx, dy) in [(forward, 0), (0, forward)] {
                    let (tx, ty) = (x as i64 + dx, y as i64 + dy);
                    if (tx, ty) == goals[side] {
                        doors[side] |= 1 << cell;
                    } else if let Some(target) = cell_at(tx, ty) {
                        to.push(target);
                    }
                }
                steps[side].push(to);
            }
        }
        let unsteps = [0, 1].map(|side: usize| {
            (0..coords.len())
                .map(|to| {
                    (0..coords.len())
                        .filter(|&from| steps[side][from].contains(&to))
                        .collect()
                })
                .collect()
        });
        let diagonals = coords
            .iter()
            .map(|&(x, y)| {
                [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                    .iter()
                    .filter_map(|&(dx, dy)| cell_at(x as i64 + dx, y as i64 + dy))
                    .collect()
            })
            .collect();
        Ok(Board {
            width,
            height,
            coords,
            steps,
            unsteps,
            doors,
            diagonals,
        })
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.coords.len()
    }

    /// A cell's name (`b1`).
    pub fn name(&self, cell: usize) -> String {
        let (x, y) = self.coords[cell];
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    /// A position in words: `white b1 c2, black d4 e3, white to move`.
    pub fn describe(&self, position: Position) -> String {
        let names = |mask: u64| {
            cells_of(mask)
                .map(|c| self.name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mover = ["white", "black"][position.side];
        format!(
            "white {}, black {}, {mover} to move",
            names(position.pawns[0]),
            names(position.pawns[1])
        )
    }

    /// Whether the side to move can step into its goal (a win in one ply).
    pub fn can_enter_goal(&self, position: Position) -> bool {
        position.pawns[position.side] & self.doors[position.side] != 0
    }

    /// Every position one move of the side to move leads to, moves into the goal left out.
    pub fn children(&self, position: Position, mut visit: impl FnMut(Position)) {
        let me = position.side;
        let them = 1 - me;
        let occupied = position.pawns[0] | position.pawns[1];
        for from in cells_of(position.pawns[me]) {
            let rest = position.pawns[me] & !(1 << from);
            for &to in &self.steps[me][from] {
                if occupied >> to & 1 == 0 {
                    let mut pawns = position.pawns;
                    pawns[me] = rest | 1 << to;
                    visit(Position { side: them, pawns });
                }
            }
            for &to in &self.diagonals[from] {
                if position.pawns[them] >> to & 1 == 0 {
                    continue;
                }
                let mine = rest | 1 << to;
                let victims = position.pawns[them] & !(1 << to);
                for place in 0..self.cells() {
                    if (mine | victims) >> place & 1 == 0 {
                        let mut pawns = [0; 2];
                        pawns[me] = mine;
                        pawns[them] = victims | 1 << place;
                        visit(Position { side: them, pawns });
                    }
                }
            }
        }
    }

    /// The number of legal moves of the side to move (moves into the goal included).
    pub fn count_moves(&self, position: Position) -> usize {
        let me = position.side;
        let occupied = position.pawns[0] | position.pawns[1];
        let placements = self.cells() - occupied.count_ones() as usize + 1;
        let mut count = (position.pawns[me] & self.doors[me]).count_ones() as usize;
        for from in cells_of(position.pawns[me]) {
            count += self.steps[me][from]
                .iter()
                .filter(|&&to| occupied >> to & 1 == 0)
                .count();
            count += self.diagonals[from]
                .iter()
                .filter(|&&to| position.pawns[1 - me] >> to & 1 == 1)
                .count()
                * placements;
        }
        count
    }

    /// Every position from which one move leads to `position`, once per such move: the side
    /// not to move made it, by a step (back one step against its direction, onto an empty cell)
    /// or by a capture (back one diagonal from the cell it stands on, the victim returning to
    /// that cell from wherever it was placed: from the square the capturer left if a victim
    /// stands there, else from any square one of its pawns stands on).
    pub fn parents(&self, position: Position, mut visit: impl FnMut(Position)) {
        let mover = 1 - position.side;
        let victim = position.side;
        let occupied = position.pawns[0] | position.pawns[1];
        let parent = |mine: u64, theirs: u64| {
            let mut pawns = [0; 2];
            pawns[mover] = mine;
            pawns[victim] = theirs;
            Position { side: mover, pawns }
        };
        for to in cells_of(position.pawns[mover]) {
            let rest = position.pawns[mover] & !(1 << to);
            for &from in &self.unsteps[mover][to] {
                if occupied >> from & 1 == 0 {
                    visit(parent(rest | 1 << from, position.pawns[victim]));
                }
            }
            for &from in &self.diagonals[to] {
                let mine = rest | 1 << from;
                let theirs = position.pawns[victim];
                if theirs >> from & 1 == 1 {
                    visit(parent(mine, theirs & !(1 << from) | 1 << to));
                } else if occupied >> from & 1 == 0 {
                    for placed in cells_of(theirs) {
                        visit(parent(mine, theirs & !(1 << placed) | 1 << to));
                    }
                }
            }
        }
    }
}

/// The cells of a mask, lowest first.
pub fn cells_of(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}
