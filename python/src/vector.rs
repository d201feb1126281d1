//! `VectorGames`: N games of one kind and size stepped together, the Rust side of
//! `tabula_engine.vector`. Actions are the PettingZoo environment's legs (`from * cells + to`,
//! and *stop* = `cells * cells`); observations are its planes. Each call works on the typed
//! games (no move is written out but the ones played) and writes the whole batch's planes,
//! masks, rewards and flags into flat buffers that Python made (bytearrays seen by numpy), so
//! nothing is copied per game in Python. Finished games start again in the same step
//! (Gymnasium's "same-step" autoreset), their last planes kept for `final_obs`.

use crate::arguments::{Size, Whole, refused};
use crate::opponent::Opponent;
use crate::values::Outcome as PyOutcome;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tabula_core::board::bitboard::words_for;
use tabula_core::board::geometry::{Geometry, geometry};
use tabula_core::board::{BoardSize, Side};
use tabula_core::game::{Game, History, Outcome, Verdict};
use tabula_core::games::apart::Apart;
use tabula_core::games::claustro::Claustro;
use tabula_core::games::jesonmor::JesonMor;
use tabula_core::games::joust::Joust;
use tabula_core::games::{GameKind, game_and_size};
use tabula_core::session::{GameSession, GameState, Setup};

/// Planes of an observation (see `tabula_engine.pettingzoo`).
const PLANES: usize = 7;
/// The most games one batch holds.
const MOST_GAMES: i64 = 1 << 20;
/// The action that asks for a random legal action, drawn here.
const RANDOM_ACTION: i64 = -1;

/// Cell codes of the board kept for the planes.
const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;
const BURNED: u8 = 3;

/// The board's shape and its action numbering.
#[derive(Clone, Copy)]
struct Shape {
    width: usize,
    height: usize,
    cells: usize,
    geometry: &'static Geometry,
}

impl Shape {
    fn stop(self) -> u32 {
        (self.cells * self.cells) as u32
    }

    fn actions(self) -> usize {
        self.cells * self.cells + 1
    }

    fn leg(self, from: u16, to: u16) -> u32 {
        from as u32 * self.cells as u32 + to as u32
    }
}

/// The squares of a move entered leg by leg, and how many: two, or three for a Claustro capture.
type Squares = ([u16; 3], usize);

/// How a game's moves are entered leg by leg.
trait Legs: Game {
    /// Fills `legs` with the legal actions once the squares `path` are entered this turn
    /// (`moves` are the position's legal moves, `board` its cells), and returns the move that
    /// `path` makes if it is whole (the pass for an empty path where that is the only move).
    fn legs(
        &self,
        moves: &[Self::Move],
        path: &[u16],
        board: &[u8],
        shape: Shape,
        legs: &mut Vec<u32>,
    ) -> Option<Self::Move>;

    /// Whether [`Legs::legs`] reads the position's legal moves (else they are listed only for
    /// an opponent that draws among them).
    const READS_MOVES: bool = true;

    /// Updates `board` (cell codes) for `mv`, played by `mover`.
    fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]);
}

/// [`Legs::legs`] for a game whose moves each visit a fixed run of squares (`squares`), and
/// never pass.
fn legs_by_squares<M: Copy>(
    moves: &[M],
    squares: impl Fn(M) -> Squares,
    path: &[u16],
    shape: Shape,
    legs: &mut Vec<u32>,
) -> Option<M> {
    let mut complete = None;
    for &mv in moves {
        // Element by element: a slice comparison calls memcmp, slow for three squares.
        let (run, len) = squares(mv);
        let run = &run[..len];
        let follows = run.len() >= path.len() && path.iter().zip(run).all(|(a, b)| a == b);
        let leg = if path.is_empty() {
            shape.leg(run[0], run[1])
        } else if !follows {
            continue;
        } else if run.len() == path.len() {
            complete = Some(mv);
            continue;
        } else {
            shape.leg(run[path.len() - 1], run[path.len()])
        };
        // A capture's placements follow each other: one leg for them all.
        if legs.last() != Some(&leg) {
            legs.push(leg);
        }
    }
    legs.sort_unstable();
    legs.dedup();
    if complete.is_some() {
        legs.push(shape.stop());
    }
    complete
}

macro_rules! legs_of_two {
    ($game:ident, $left:expr) => {
        impl<const W: usize> Legs for $game<W> {
            fn legs(
                &self,
                moves: &[Self::Move],
                path: &[u16],
                _board: &[u8],
                shape: Shape,
                legs: &mut Vec<u32>,
            ) -> Option<Self::Move> {
                legs_by_squares(moves, |mv| ([mv.from, mv.to, 0], 2), path, shape, legs)
            }

            fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]) {
                board[mv.from as usize] = $left;
                board[mv.to as usize] = mover;
            }
        }
    };
}

// A Joust knight burns the square it leaves; a Jeson Mor knight leaves it empty.
legs_of_two!(Joust, BURNED);
legs_of_two!(JesonMor, EMPTY);

impl<const W: usize> Legs for Claustro<W> {
    fn legs(
        &self,
        moves: &[Self::Move],
        path: &[u16],
        _board: &[u8],
        shape: Shape,
        legs: &mut Vec<u32>,
    ) -> Option<Self::Move> {
        let squares = |mv: Self::Move| {
            let (from, to) = (mv.from() as u16, mv.to() as u16);
            match mv.placement() {
                Some(placement) => ([from, to, placement as u16], 3),
                None => ([from, to, 0], 2),
            }
        };
        legs_by_squares(moves, squares, path, shape, legs)
    }

    fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]) {
        board[mv.from()] = EMPTY;
        board[mv.to()] = mover;
        if let Some(placement) = mv.placement() {
            board[placement] = WHITE + BLACK - mover;
        }
    }
}

/// Apart's turns are entered movement by movement, as in the PettingZoo environment: the first
/// movements from the line lengths, the later ones asked of the rules square by square (whether
/// the path so far plus a square is a legal turn): a turn is its start, end and captures, not
/// one run of squares.
impl<const W: usize> Legs for Apart<W> {
    const READS_MOVES: bool = false;

    fn move_board(mv: Self::Move, mover: u8, board: &mut [u8]) {
        if mv.is_pass() {
            return;
        }
        for square in mv.captured.squares() {
            board[square] = EMPTY;
        }
        board[mv.start as usize] = EMPTY;
        board[mv.end as usize] = mover;
    }

    fn legs(
        &self,
        _moves: &[Self::Move],
        path: &[u16],
        board: &[u8],
        shape: Shape,
        legs: &mut Vec<u32>,
    ) -> Option<Self::Move> {
        let names = |squares: &[u16]| {
            let mut text = String::new();
            for &square in squares {
                shape.geometry.push_square_name(square as usize, &mut text);
            }
            text
        };
        let makes_a_move = |prefix: &str, to: usize| {
            let mut text = prefix.to_string();
            shape.geometry.push_square_name(to, &mut text);
            self.parse_move(&text).is_ok()
        };
        let mover = side_code(self.side_to_move());
        let mut complete = None;
        if path.is_empty() {
            // A first movement is legal wherever the line lengths reach a square that holds no
            // friendly piece (rules.md, Apart); the rules are asked about the later ones.
            for from in (0..shape.cells).filter(|&square| board[square] == mover) {
                for to in apart_reach(board, &[from as u16], mover, shape) {
                    if board[to] != mover {
                        legs.push(shape.leg(from as u16, to as u16));
                    }
                }
            }
            legs.sort_unstable();
            legs.dedup();
            if legs.is_empty() {
                complete = self.parse_move("0000").ok();
            }
        } else {
            let prefix = names(path);
            let last = path[path.len() - 1];
            for to in apart_reach(board, path, mover, shape) {
                if makes_a_move(&prefix, to) {
                    legs.push(shape.leg(last, to as u16));
                }
            }
            legs.sort_unstable();
            legs.dedup();
            if path.len() >= 2 {
                complete = self.parse_move(&prefix).ok();
            }
        }
        if complete.is_some() {
            legs.push(shape.stop());
        }
        complete
    }
}

/// The squares an Apart piece of `mover` that has entered `path` this turn (its start first)
/// may move to next, by the line lengths where it stands: along each of the four axes, exactly
/// as many squares as the unbroken run of friendly pieces through it, its start empty and the
/// pieces it landed on captured. For a first movement these are the legal targets (but for a
/// friendly piece's square); after a jump the rules judge each, and no other square is asked
/// about.
fn apart_reach(board: &[u8], path: &[u16], mover: u8, shape: Shape) -> Vec<usize> {
    let mut now = board.to_vec();
    for &square in path {
        now[square as usize] = EMPTY;
    }
    let here = path[path.len() - 1] as usize;
    now[here] = mover;
    let geometry = shape.geometry;
    let run = |dx: i32, dy: i32| {
        let mut count = 0;
        let mut at = here;
        while let Some(next) = geometry.offset(at, dx, dy) {
            if now[next] != mover {
                break;
            }
            count += 1;
            at = next;
        }
        count
    };
    let mut reach = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let length = 1 + run(dx, dy) + run(-dx, -dy);
        for sign in [1, -1] {
            if let Some(to) = geometry.offset(here, sign * dx * length, sign * dy * length) {
                reach.push(to);
            }
        }
    }
    reach
}

/// The cell code of `side`'s pieces.
fn side_code(side: Side) -> u8 {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

/// Reads the board of a position string into cell codes (`y * width + x`).
fn read_board(text: &str, shape: Shape, board: &mut [u8]) {
    board.fill(EMPTY);
    let (mut x, mut y, mut run) = (0usize, shape.height.saturating_sub(1), 0usize);
    for byte in text.bytes() {
        if byte.is_ascii_digit() {
            run = run * 10 + usize::from(byte - b'0');
            continue;
        }
        x += run;
        run = 0;
        let code = match byte {
            b' ' => break,
            b'/' => {
                (x, y) = (0, y.saturating_sub(1));
                continue;
            }
            b'*' => BURNED,
            letter if letter.is_ascii_uppercase() => WHITE,
            _ => BLACK,
        };
        if let Some(cell) = board.get_mut(y * shape.width + x) {
            *cell = code;
        }
        x += 1;
    }
}

/// One game of a batch, its move being entered, and the last game its slot finished.
struct Slot<G: Game> {
    position: G,
    history: History<G::Move>,
    /// The position's legal moves.
    moves: Vec<G::Move>,
    /// The squares entered so far this turn.
    path: Vec<u16>,
    /// The legal actions now, ascending (*stop* last).
    legs: Vec<u32>,
    /// The move the path makes if it is whole (*stop* plays it).
    complete: Option<G::Move>,
    board: Vec<u8>,
    /// The mask entries set in the output now (cleared before the next are set).
    shown: Vec<u32>,
    rng: StdRng,
    /// The moves and verdict of the last game this slot finished (None for a truncated one).
    last: Option<(History<G::Move>, Option<Verdict>)>,
}

/// What a batch's steps report per game.
struct Report<'a> {
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    /// Whether the game's final planes are in `final_obs`.
    ended: &'a mut [bool],
    final_obs: &'a mut [u8],
}

/// The object-safe face of a batch of one game type.
trait Batch: Send + Sync {
    fn shape(&self) -> Shape;
    /// Starts every game again, the slots' draws seeded from `seed`.
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()>;
    /// Why `actions` cannot be played, naming the first bad one.
    fn check(&self, actions: &[i64]) -> Result<(), String>;
    /// Plays checked `actions`; returns the plies played.
    fn step(&mut self, py: Python<'_>, actions: &[i64], report: &mut Report) -> PyResult<u64>;
    /// Writes the planes, masks and side to move of every game.
    fn write(&mut self, obs: &mut [u8], mask: &mut [u8], to_move: &mut [u8]);
    /// A random legal action of each game.
    fn sample(&mut self, actions: &mut [i64]);
    fn moves(&self, index: usize) -> Vec<String>;
    fn fen(&self, index: usize) -> String;
    fn last(&self, index: usize) -> Option<(Vec<String>, Option<Verdict>)>;
}

/// N games of the type `G`.
struct Games<G: Legs> {
    shape: Shape,
    size: BoardSize,
    start: G,
    start_board: Vec<u8>,
    /// The planes of a square for each cell code, from white's view and black's.
    patterns: [[[u8; PLANES]; 4]; 2],
    /// The entries of the planes that mark squares the sides make for, from white's view and
    /// black's.
    marks: [Vec<usize>; 2],
    slots: Vec<Slot<G>>,
    opponent: Option<Opponent>,
    /// The learner's side where an opponent plays the other.
    learner: Side,
    max_plies: Option<usize>,
}

impl<G: Legs> Games<G> {
    fn new(
        shape: Shape,
        size: BoardSize,
        count: usize,
        opponent: Option<Opponent>,
        learner: Side,
        max_plies: Option<usize>,
    ) -> Result<Games<G>, String> {
        let start = G::start(size)?;
        let mut start_board = vec![EMPTY; shape.cells];
        read_board(&start.to_text(), shape, &mut start_board);
        let patterns = [Side::White, Side::Black].map(patterns);
        let marks = [Side::White, Side::Black].map(|side| marks::<G>(shape, side));
        let mut games = Games {
            shape,
            size,
            start: start.clone(),
            start_board: start_board.clone(),
            patterns,
            marks,
            slots: Vec::with_capacity(count),
            opponent,
            learner,
            max_plies,
        };
        for _ in 0..count {
            let mut slot = Slot {
                position: start.clone(),
                history: History::new(true),
                moves: Vec::new(),
                path: Vec::new(),
                legs: Vec::new(),
                complete: None,
                board: start_board.clone(),
                shown: Vec::new(),
                rng: StdRng::seed_from_u64(0),
                last: None,
            };
            games.turn_starts(&mut slot);
            games.slots.push(slot);
        }
        Ok(games)
    }

    /// The verdict of `slot`'s game, by every rule.
    fn verdict(slot: &Slot<G>) -> Option<Verdict> {
        slot.position
            .verdict()
            .or_else(|| slot.position.history_verdict(&slot.history))
    }

    /// Works out a new position's legal moves and legs (its board is up to date).
    fn turn_starts(&self, slot: &mut Slot<G>) {
        slot.path.clear();
        slot.moves.clear();
        slot.legs.clear();
        slot.complete = None;
        if Self::verdict(slot).is_none() {
            if G::READS_MOVES {
                slot.position.legal_moves(&mut slot.moves);
            }
            slot.complete =
                slot.position
                    .legs(&slot.moves, &[], &slot.board, self.shape, &mut slot.legs);
        }
    }

    /// Plays `mv` in `slot` and works out the position after it.
    fn play(&self, slot: &mut Slot<G>, mv: G::Move) {
        let mover = side_code(slot.position.side_to_move());
        slot.history.push(slot.position.hash(), mv);
        slot.position.play(mv);
        G::move_board(mv, mover, &mut slot.board);
        self.turn_starts(slot);
    }

    /// The moves of `history` from the start, as the rules write them.
    fn texts(&self, history: &History<G::Move>) -> Vec<String> {
        let Ok(mut position) = G::start(self.size) else {
            return Vec::new();
        };
        history
            .moves()
            .map(|mv| {
                let text = position.move_text(mv);
                position.play(mv);
                text
            })
            .collect()
    }

    /// Enters `action` (legal) in `slot`; returns whether a move was played.
    fn enter(&self, slot: &mut Slot<G>, action: u32) -> bool {
        let stop = self.shape.stop();
        let mut played = None;
        if action == stop {
            played = slot.complete;
        } else {
            let cells = self.shape.cells as u32;
            let (from, to) = ((action / cells) as u16, (action % cells) as u16);
            if slot.path.is_empty() {
                slot.path.push(from);
            }
            slot.path.push(to);
            slot.legs.clear();
            slot.complete = slot.position.legs(
                &slot.moves,
                &slot.path,
                &slot.board,
                self.shape,
                &mut slot.legs,
            );
            if slot.complete.is_some() && slot.legs.len() == 1 {
                played = slot.complete;
            }
        }
        match played {
            Some(mv) => {
                self.play(slot, mv);
                true
            }
            None => false,
        }
    }

    /// Plays the opponent's turns in `slot` while the game goes on and it is not the learner's
    /// turn; returns the plies played.
    fn answer(&self, py: Python<'_>, slot: &mut Slot<G>) -> PyResult<u64> {
        let Some(opponent) = &self.opponent else {
            return Ok(0);
        };
        let mut plies = 0;
        while slot.position.side_to_move() != self.learner
            && Self::verdict(slot).is_none()
            && !self.truncated(slot)
        {
            let chosen =
                if opponent.is_random() {
                    if !G::READS_MOVES {
                        slot.position.legal_moves(&mut slot.moves);
                    }
                    let count = slot.moves.len();
                    (count > 0).then(|| slot.moves[slot.rng.random_range(0..count)])
                } else {
                    let texts = self.texts(&slot.history);
                    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                    let mut session = GameState::<G>::build(Setup::Start(self.size), &texts, true)
                        .map_err(refused)?;
                    session.select_network();
                    let seed = slot.rng.random::<u64>();
                    match opponent.choose(py, Box::new(session), seed) {
                        Some(text) => Some(slot.position.parse_move(&text).map_err(|why| {
                            refused(format!("the opponent's move '{text}': {why}"))
                        })?),
                        None => None,
                    }
                };
            let Some(mv) = chosen else {
                return Err(refused(format!(
                    "the {} opponent found no move in '{}'",
                    opponent.name(),
                    slot.position.to_text()
                )));
            };
            self.play(slot, mv);
            plies += 1;
        }
        Ok(plies)
    }

    fn truncated(&self, slot: &Slot<G>) -> bool {
        self.max_plies
            .is_some_and(|most| slot.history.len() >= most)
    }

    /// The side whose view the planes of `slot` take: the learner's, else the side to move.
    fn observer(&self, slot: &Slot<G>) -> Side {
        match self.opponent {
            Some(_) => self.learner,
            None => slot.position.side_to_move(),
        }
    }

    /// Writes the planes of `slot` from `observer`'s view into `planes` (one game's).
    fn write_planes(&self, slot: &Slot<G>, observer: Side, planes: &mut [u8]) {
        // One store per square, without branches (the boards are random to a branch
        // predictor).
        let patterns = &self.patterns[observer.index()];
        for (cell, &code) in planes.chunks_exact_mut(PLANES).zip(&slot.board) {
            cell.copy_from_slice(&patterns[usize::from(code & 3)]);
        }
        for &entry in &self.marks[observer.index()] {
            planes[entry] = 1;
        }
        for &square in &slot.path {
            planes[square as usize * PLANES + 5] = 1;
        }
    }

    /// Ends `slot`'s game: its final planes for `final_obs`, its record kept, a new game.
    fn finish(&self, slot: &mut Slot<G>, observer: Side, final_planes: &mut [u8]) {
        self.write_planes(slot, observer, final_planes);
        let verdict = Self::verdict(slot);
        let history = std::mem::replace(&mut slot.history, History::new(true));
        slot.last = Some((history, verdict));
        self.restart(slot);
    }

    fn restart(&self, slot: &mut Slot<G>) {
        slot.history = History::new(true);
        slot.position = self.start.clone();
        slot.board.clone_from(&self.start_board);
        self.turn_starts(slot);
    }
}

/// A random legal action of `slot` (None where it has none: a game that is over).
fn draw<G: Game>(slot: &mut Slot<G>) -> Option<u32> {
    let count = slot.legs.len();
    (count > 0).then(|| slot.legs[slot.rng.random_range(0..count)])
}

/// The planes of a square holding each cell code, from `observer`'s view: its piece's plane
/// (own 0, the other side's 1, burned 2) and plane 6, all ones for white.
fn patterns(observer: Side) -> [[u8; PLANES]; 4] {
    let white = u8::from(observer == Side::White);
    let mut patterns = [[0, 0, 0, 0, 0, 0, white]; 4];
    let (own, other) = match observer {
        Side::White => (WHITE, BLACK),
        Side::Black => (BLACK, WHITE),
    };
    patterns[usize::from(own)][0] = 1;
    patterns[usize::from(other)][1] = 1;
    patterns[usize::from(BURNED)][2] = 1;
    patterns
}

/// The entries of a game of `G`'s planes, from `observer`'s view, that mark the squares each
/// side makes for: plane 3 the observer's (Jeson Mor's centre, its Claustro goal), plane 4 the
/// other side's.
fn marks<G: Game>(shape: Shape, observer: Side) -> Vec<usize> {
    let Shape { width, height, .. } = shape;
    let entry = |(x, y): (usize, usize), plane: usize| (y * width + x) * PLANES + plane;
    match G::NAME {
        "jesonmor" => {
            let centre = ((width - 1) / 2, (height - 1) / 2);
            vec![entry(centre, 3), entry(centre, 4)]
        }
        "claustro" => {
            let goals = [(width - 1, height - 1), (0, 0)];
            let (mine, theirs) = match observer {
                Side::White => (goals[0], goals[1]),
                Side::Black => (goals[1], goals[0]),
            };
            vec![entry(mine, 3), entry(theirs, 4)]
        }
        _ => Vec::new(),
    }
}

/// The reward of a finished game for `side`.
fn reward(verdict: &Verdict, side: Side) -> f32 {
    match verdict.outcome {
        Outcome::Win(winner) if winner == side => 1.0,
        Outcome::Win(_) => -1.0,
        Outcome::Draw => 0.0,
    }
}

/// The seed of slot `index`'s draws after `reset(seed=seed)`.
fn slot_seed(seed: u64, index: usize) -> u64 {
    let mut mixed = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed ^= mixed >> 31;
    mixed.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

impl<G: Legs> Batch for Games<G> {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        if let Some(opponent) = &self.opponent {
            opponent.clear_hash();
        }
        let mut slots = std::mem::take(&mut self.slots);
        let mut result = Ok(());
        for (index, slot) in slots.iter_mut().enumerate() {
            slot.rng = StdRng::seed_from_u64(slot_seed(seed, index));
            slot.last = None;
            self.restart(slot);
            if result.is_ok() {
                result = self.answer(py, slot).map(|_| ());
            }
        }
        self.slots = slots;
        result
    }

    fn check(&self, actions: &[i64]) -> Result<(), String> {
        let highest = self.shape.stop();
        for (index, (&action, slot)) in actions.iter().zip(&self.slots).enumerate() {
            if action == RANDOM_ACTION && !slot.legs.is_empty() {
                continue;
            }
            let legal = u32::try_from(action).is_ok_and(|a| slot.legs.binary_search(&a).is_ok());
            if !legal {
                return Err(if (RANDOM_ACTION..=i64::from(highest)).contains(&action) {
                    format!("action {action} of game {index} is not legal now")
                } else {
                    format!("action {action} of game {index} is outside -1 to {highest}")
                });
            }
        }
        Ok(())
    }

    fn step(&mut self, py: Python<'_>, actions: &[i64], report: &mut Report) -> PyResult<u64> {
        let per_game = self.shape.cells * PLANES;
        let mut slots = std::mem::take(&mut self.slots);
        let mut result = Ok(0);
        for (index, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
            let actor = slot.position.side_to_move();
            let observer = match self.opponent {
                Some(_) => self.learner,
                None => actor,
            };
            let Some(action) = u32::try_from(action).ok().or_else(|| draw(slot)) else {
                continue;
            };
            let mut plies = u64::from(self.enter(slot, action));
            if plies > 0 {
                match self.answer(py, slot) {
                    Ok(more) => plies += more,
                    Err(error) => {
                        result = Err(error);
                        break;
                    }
                }
            }
            if let Ok(total) = &mut result {
                *total += plies;
            }
            let verdict = Self::verdict(slot);
            report.rewards[index] = verdict.as_ref().map_or(0.0, |v| reward(v, observer));
            report.terminated[index] = verdict.is_some();
            report.truncated[index] = verdict.is_none() && self.truncated(slot);
            report.ended[index] = report.terminated[index] || report.truncated[index];
            if report.ended[index] {
                let planes = &mut report.final_obs[index * per_game..(index + 1) * per_game];
                self.finish(slot, observer, planes);
                if let Err(error) = self.answer(py, slot) {
                    result = Err(error);
                    break;
                }
            }
        }
        self.slots = slots;
        result
    }

    fn write(&mut self, obs: &mut [u8], mask: &mut [u8], to_move: &mut [u8]) {
        let per_game = self.shape.cells * PLANES;
        let actions = self.shape.actions();
        let mut slots = std::mem::take(&mut self.slots);
        for (index, slot) in slots.iter_mut().enumerate() {
            let observer = self.observer(slot);
            self.write_planes(
                slot,
                observer,
                &mut obs[index * per_game..(index + 1) * per_game],
            );
            let row = &mut mask[index * actions..(index + 1) * actions];
            for &shown in &slot.shown {
                row[shown as usize] = 0;
            }
            for &leg in &slot.legs {
                row[leg as usize] = 1;
            }
            slot.shown.clone_from(&slot.legs);
            to_move[index] = u8::from(slot.position.side_to_move() == Side::Black);
        }
        self.slots = slots;
    }

    fn sample(&mut self, actions: &mut [i64]) {
        for (slot, action) in self.slots.iter_mut().zip(actions) {
            *action = draw(slot).map_or(RANDOM_ACTION, i64::from);
        }
    }

    fn moves(&self, index: usize) -> Vec<String> {
        self.texts(&self.slots[index].history)
    }

    fn fen(&self, index: usize) -> String {
        self.slots[index].position.to_text()
    }

    fn last(&self, index: usize) -> Option<(Vec<String>, Option<Verdict>)> {
        let (history, verdict) = self.slots[index].last.as_ref()?;
        Some((self.texts(history), verdict.clone()))
    }
}

/// A batch of `count` games of `G` at the word count its board needs.
macro_rules! sized_batch {
    ($game:ident, $words:expr, $($args:expr),*) => {
        match $words {
            1 => boxed(Games::<$game<1>>::new($($args),*)),
            2 => boxed(Games::<$game<2>>::new($($args),*)),
            4 => boxed(Games::<$game<4>>::new($($args),*)),
            _ => boxed(Games::<$game<10>>::new($($args),*)),
        }
    };
}

fn boxed<B: Batch + 'static>(batch: Result<B, String>) -> Result<Box<dyn Batch>, String> {
    batch.map(|batch| Box::new(batch) as Box<dyn Batch>)
}

/// Refuses a buffer Python made for one of a call's outputs that does not hold `len` bytes.
fn check_buffer(buffer: &Bound<'_, PyByteArray>, name: &str, len: usize) -> PyResult<()> {
    if buffer.len() == len {
        Ok(())
    } else {
        Err(refused(format!(
            "the {name} buffer holds {} bytes, not {len}",
            buffer.len()
        )))
    }
}

/// Runs `write` on the bytes of `buffer` (checked by [`check_buffer`]).
fn with_buffer<T>(buffer: &Bound<'_, PyByteArray>, write: impl FnOnce(&mut [u8]) -> T) -> T {
    // SAFETY: the GIL is held throughout `write`, which runs no Python code (the opponents have
    // searched before), and the bytearray is not resized meanwhile (numpy's views of it forbid
    // that, and nothing else runs); the caller never passes one bytearray twice at once.
    write(unsafe { buffer.as_bytes_mut() })
}

/// N games of one kind and size stepped together (the Rust side of `tabula_engine.vector`).
#[pyclass(module = "tabula_engine")]
pub struct VectorGames {
    batch: Box<dyn Batch>,
    count: usize,
    /// The final planes of the games the last step ended.
    final_obs: Vec<u8>,
    ended: Vec<bool>,
}

#[pymethods]
impl VectorGames {
    /// `count` games of `game` on a board of `size`; with an `opponent` (a level's name) or an
    /// `elo`, the engine plays the side that is not `learner`'s within `depth`, `movetime`
    /// (seconds) and `nodes`; `max_plies` truncates longer games.
    #[new]
    #[pyo3(signature = (game, count, size = None, opponent = None, elo = None,
        learner = "white", depth = None, movetime = None, nodes = None, max_plies = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        count: i64,
        size: Option<Size>,
        opponent: Option<&str>,
        elo: Option<Whole>,
        learner: &str,
        depth: Option<Whole>,
        movetime: Option<f64>,
        nodes: Option<Whole>,
        max_plies: Option<i64>,
    ) -> PyResult<VectorGames> {
        let (kind, size) = game_and_size(game, Size::text(&size)).map_err(refused)?;
        if !(1..=MOST_GAMES).contains(&count) {
            return Err(refused(format!(
                "num_envs {count} is outside 1 to {MOST_GAMES}"
            )));
        }
        let learner = match learner {
            "white" | "player_0" => Side::White,
            "black" | "player_1" => Side::Black,
            other => {
                return Err(refused(format!("learner '{other}' is not white or black")));
            }
        };
        let max_plies = max_plies
            .map(|most| match usize::try_from(most) {
                Ok(most @ 1..) => Ok(most),
                _ => Err(refused(format!(
                    "max_plies {most} is not a positive number"
                ))),
            })
            .transpose()?;
        let has_limits = depth.is_some() || movetime.is_some() || nodes.is_some();
        let opponent = if opponent.is_some() || elo.is_some() {
            Some(Opponent::new(kind, opponent, elo, depth, movetime, nodes)?)
        } else if has_limits {
            return Err(refused(
                "depth, movetime and nodes are the opponent's: give opponent or elo".to_string(),
            ));
        } else {
            None
        };
        if !(1..=25).contains(&size.width) || !(1..=25).contains(&size.height) {
            return Err(refused(format!(
                "{} board {size} is not allowed ({})",
                kind.name(),
                kind.sizes()
            )));
        }
        let shape = Shape {
            width: size.width,
            height: size.height,
            cells: size.width * size.height,
            geometry: geometry(size.width, size.height),
        };
        let count = count as usize;
        let words = words_for(shape.cells);
        let batch = match kind {
            GameKind::Joust => {
                sized_batch!(
                    Joust, words, shape, size, count, opponent, learner, max_plies
                )
            }
            GameKind::JesonMor => {
                sized_batch!(
                    JesonMor, words, shape, size, count, opponent, learner, max_plies
                )
            }
            GameKind::Claustro => {
                sized_batch!(
                    Claustro, words, shape, size, count, opponent, learner, max_plies
                )
            }
            GameKind::Apart => {
                sized_batch!(
                    Apart, words, shape, size, count, opponent, learner, max_plies
                )
            }
        }
        .map_err(refused)?;
        Ok(VectorGames {
            batch,
            count,
            final_obs: vec![0; count * shape.cells * PLANES],
            ended: vec![false; count],
        })
    }

    /// The board's width and height.
    #[getter]
    fn board(&self) -> (usize, usize) {
        let shape = self.batch.shape();
        (shape.width, shape.height)
    }

    /// Starts every game again, each game's draws seeded from `seed` (0 to 2**63 - 1), and
    /// writes their planes, masks and sides to move.
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: i64,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
    ) -> PyResult<()> {
        let seed = u64::try_from(seed)
            .map_err(|_| refused(format!("seed {seed} is outside 0 to {}", i64::MAX)))?;
        let [planes, masks, sides] = self.view_sizes();
        self.check_outputs(&[
            (obs, "observation", planes),
            (mask, "action_mask", masks),
            (to_move, "to_move", sides),
        ])?;
        self.batch.reset(py, seed)?;
        self.write(obs, mask, to_move);
        Ok(())
    }

    /// Plays `actions` (the bytes of `count` native int64 actions; -1 asks for a random legal
    /// one): all are checked before any is played. Writes the planes, masks, rewards,
    /// terminations, truncations and sides to move into the buffers, and the final planes of
    /// the games that ended into `final_obs` (`ended` says which); returns the plies played.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &[u8],
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        rewards: &Bound<'_, PyByteArray>,
        terminated: &Bound<'_, PyByteArray>,
        truncated: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
        final_obs: &Bound<'_, PyByteArray>,
        ended: &Bound<'_, PyByteArray>,
    ) -> PyResult<u64> {
        if actions.len() != self.count * 8 {
            return Err(refused(format!(
                "{} bytes of actions, not {} ({} int64)",
                actions.len(),
                self.count * 8,
                self.count
            )));
        }
        let actions: Vec<i64> = actions
            .chunks_exact(8)
            .map(|bytes| {
                let mut word = [0u8; 8];
                word.copy_from_slice(bytes);
                i64::from_ne_bytes(word)
            })
            .collect();
        let count = self.count;
        let [planes, masks, sides] = self.view_sizes();
        self.check_outputs(&[
            (obs, "observation", planes),
            (mask, "action_mask", masks),
            (rewards, "rewards", count * 4),
            (terminated, "terminations", count),
            (truncated, "truncations", count),
            (to_move, "to_move", sides),
            (final_obs, "final_obs", planes),
            (ended, "ended", count),
        ])?;
        self.batch.check(&actions).map_err(refused)?;
        let mut rewards_now = vec![0f32; count];
        let mut terminated_now = vec![false; count];
        let mut truncated_now = vec![false; count];
        let mut report = Report {
            rewards: &mut rewards_now,
            terminated: &mut terminated_now,
            truncated: &mut truncated_now,
            ended: &mut self.ended,
            final_obs: &mut self.final_obs,
        };
        let plies = self.batch.step(py, &actions, &mut report)?;
        with_buffer(rewards, |target| {
            for (bytes, reward) in target.chunks_exact_mut(4).zip(&rewards_now) {
                bytes.copy_from_slice(&reward.to_ne_bytes());
            }
        });
        for (source, target) in [
            (&terminated_now, terminated),
            (&truncated_now, truncated),
            (&self.ended, ended),
        ] {
            with_buffer(target, |target| {
                for (byte, &flag) in target.iter_mut().zip(source.iter()) {
                    *byte = u8::from(flag);
                }
            });
        }
        let per_game = self.final_obs.len() / count;
        with_buffer(final_obs, |target| {
            for index in (0..count).filter(|&index| self.ended[index]) {
                let rows = index * per_game..(index + 1) * per_game;
                target[rows.clone()].copy_from_slice(&self.final_obs[rows]);
            }
        });
        self.write(obs, mask, to_move);
        Ok(plies)
    }

    /// A random legal action of each game (drawn from each game's seeded draws), as the bytes
    /// of `count` native int64.
    fn sample(&mut self) -> Vec<u8> {
        let mut actions = vec![0i64; self.count];
        self.batch.sample(&mut actions);
        actions.iter().flat_map(|a| a.to_ne_bytes()).collect()
    }

    /// The moves of game `index` since it started, as the rules write them.
    fn moves(&self, index: i64) -> PyResult<Vec<String>> {
        Ok(self.batch.moves(self.index(index)?))
    }

    /// The position string of game `index`.
    fn fen(&self, index: i64) -> PyResult<String> {
        Ok(self.batch.fen(self.index(index)?))
    }

    /// The moves of the last game that slot `index` finished and how it ended (None where it
    /// was truncated), or None before its first game ends.
    fn last_game(&self, index: i64) -> PyResult<Option<(Vec<String>, Option<PyOutcome>)>> {
        Ok(self
            .batch
            .last(self.index(index)?)
            .map(|(moves, verdict)| (moves, verdict.map(PyOutcome::from))))
    }
}

impl VectorGames {
    fn index(&self, index: i64) -> PyResult<usize> {
        usize::try_from(index)
            .ok()
            .filter(|&index| index < self.count)
            .ok_or_else(|| refused(format!("game {index} is outside 0 to {}", self.count - 1)))
    }

    /// Refuses output buffers of the wrong sizes, or one bytearray passed twice.
    fn check_outputs(&self, buffers: &[(&Bound<'_, PyByteArray>, &str, usize)]) -> PyResult<()> {
        for (at, (buffer, name, len)) in buffers.iter().enumerate() {
            check_buffer(buffer, name, *len)?;
            if buffers[..at].iter().any(|(other, _, _)| other.is(*buffer)) {
                return Err(refused(format!("the {name} buffer is passed twice")));
            }
        }
        Ok(())
    }

    /// The sizes of the planes', masks' and sides' buffers.
    fn view_sizes(&self) -> [usize; 3] {
        let shape = self.batch.shape();
        [
            self.count * shape.cells * PLANES,
            self.count * shape.actions(),
            self.count,
        ]
    }

    /// Writes the planes, masks and sides to move (buffers checked by `check_outputs`).
    fn write(
        &mut self,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        to_move: &Bound<'_, PyByteArray>,
    ) {
        let batch = &mut self.batch;
        with_buffer(obs, |obs| {
            with_buffer(mask, |mask| {
                with_buffer(to_move, |to_move| batch.write(obs, mask, to_move))
            })
        });
    }
}
