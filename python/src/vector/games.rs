//! A batch of N games of one type: each game's slot (its position, history, the path entered
//! and its legal legs), stepped by checked actions, answered by the engine where it plays a side,
//! started again when it ends (in the same step, or held over until it is told to), and written
//! into the batch's planes, masks and rewards.

use super::PLANES;
use super::RANDOM_ACTION;
use super::legs::{legs, move_board};
use super::shape::{BLACK, BURNED, EMPTY, Shape, WHITE, read_board};
use crate::arguments::refused;
use crate::opponent::Opponent;
use pyo3::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tabula_core::board::{BoardSize, Side};
use tabula_core::game::{Game, History, Outcome, Verdict};
use tabula_core::session::{GameSession, GameState, Setup};

/// One game of a batch, its move being entered, and the last game its slot finished.
pub(super) struct Slot<G: Game> {
    pub(super) position: G,
    pub(super) history: History<G::Move>,
    /// The position's legal moves.
    pub(super) moves: Vec<G::Move>,
    /// The squares entered so far this turn.
    pub(super) path: Vec<u16>,
    /// The legal actions now, ascending (*stop* last).
    pub(super) legs: Vec<u32>,
    /// The move the path makes if it is whole (*stop* plays it).
    pub(super) complete: Option<G::Move>,
    pub(super) board: Vec<u8>,
    /// The mask entries set in the output now (cleared before the next are set).
    pub(super) shown: Vec<u32>,
    pub(super) rng: StdRng,
    /// The moves and verdict of the last game this slot finished (None for a truncated one).
    pub(super) last: Option<(History<G::Move>, Option<Verdict>)>,
    /// Where the game has ended and is held over (not started again in the step that ended
    /// it): the side whose view its planes take. It has no legal action until it starts again.
    pub(super) over: Option<Side>,
    /// The game's loss by an illegal action, where such an action loses.
    pub(super) forfeit: Option<Verdict>,
}

/// What a batch's steps report per game.
pub(super) struct Report<'a> {
    pub(super) rewards: &'a mut [f32],
    pub(super) terminated: &'a mut [bool],
    pub(super) truncated: &'a mut [bool],
    /// Where the game ended in this step, the side to move in its final position (its final
    /// planes are then in `final_obs` where it started again at once).
    pub(super) ended: &'a mut [Option<Side>],
    pub(super) final_obs: &'a mut [u8],
}

/// The object-safe face of a batch of one game type.
pub(super) trait Batch: Send + Sync {
    fn shape(&self) -> Shape;
    /// Starts the games again (those that `only` flags, else all), their draws seeded from
    /// `seed`.
    fn reset(&mut self, py: Python<'_>, seed: u64, only: Option<&[bool]>) -> PyResult<()>;
    /// Why `actions` cannot be played, naming the first bad one (the games that `restart` flags
    /// take none).
    fn check(&self, actions: &[i64], restart: &[bool]) -> Result<(), String>;
    /// Starts the games that `restart` flags again (their actions ignored) and plays checked
    /// `actions` in the others; a game that ends starts again at once where `same_step`, else
    /// is held over. Returns the plies played.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &[i64],
        restart: &[bool],
        same_step: bool,
        report: &mut Report,
    ) -> PyResult<u64>;
    /// Writes the planes, masks and side to move of every game.
    fn write(&mut self, obs: &mut [u8], mask: &mut [u8], to_move: &mut [u8]);
    /// A random legal action of each game.
    fn sample(&mut self, actions: &mut [i64]);
    fn moves(&self, index: usize) -> Vec<String>;
    fn fen(&self, index: usize) -> String;
    fn last(&self, index: usize) -> Option<(Vec<String>, Option<Verdict>)>;
}

/// How a batch's games are played, whatever their type.
pub(super) struct Rules {
    /// The engine playing the side that is not the learner's, if any.
    pub(super) opponent: Option<Opponent>,
    pub(super) learner: Side,
    pub(super) max_plies: Option<usize>,
    /// Whether an illegal action loses the game (else it is refused).
    pub(super) illegal_loses: bool,
}

/// N games of the type `G`.
pub(super) struct Games<G: Game> {
    pub(super) shape: Shape,
    pub(super) size: BoardSize,
    pub(super) start: G,
    pub(super) start_board: Vec<u8>,
    /// The planes of a square for each cell code, from white's view and black's.
    pub(super) patterns: [[[u8; PLANES]; 4]; 2],
    /// The entries of the planes that mark squares the sides make for, from white's view and
    /// black's.
    pub(super) marks: [Vec<usize>; 2],
    pub(super) slots: Vec<Slot<G>>,
    pub(super) opponent: Option<Opponent>,
    /// The learner's side where an opponent plays the other.
    pub(super) learner: Side,
    pub(super) max_plies: Option<usize>,
    /// Whether an illegal action loses the game (else it is refused).
    pub(super) illegal_loses: bool,
}

impl<G: Game> Games<G> {
    pub(super) fn new(
        shape: Shape,
        size: BoardSize,
        count: usize,
        rules: Rules,
    ) -> Result<Games<G>, String> {
        let Rules {
            opponent,
            learner,
            max_plies,
            illegal_loses,
        } = rules;
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
            illegal_loses,
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
                over: None,
                forfeit: None,
            };
            games.turn_starts(&mut slot);
            games.slots.push(slot);
        }
        Ok(games)
    }

    /// The verdict of `slot`'s game, by every rule (and by an illegal action, where it loses).
    fn verdict(slot: &Slot<G>) -> Option<Verdict> {
        slot.forfeit.clone().or_else(|| {
            slot.position
                .verdict()
                .or_else(|| slot.position.history_verdict(&slot.history))
        })
    }

    /// Works out a new position's legal moves and legs (its board is up to date).
    fn turn_starts(&self, slot: &mut Slot<G>) {
        slot.path.clear();
        slot.moves.clear();
        slot.legs.clear();
        slot.complete = None;
        if Self::verdict(slot).is_none() {
            if !G::ENTERED_BY_ASKING {
                slot.position.legal_moves(&mut slot.moves);
            }
            slot.complete = legs(&slot.position, &slot.moves, &[], self.shape, &mut slot.legs);
        }
    }

    /// Plays `mv` in `slot` and works out the position after it.
    fn play(&self, slot: &mut Slot<G>, mv: G::Move) {
        move_board(&slot.position, mv, &mut slot.board);
        slot.history.push(slot.position.hash(), mv);
        slot.position.play(mv);
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
            slot.complete = legs(
                &slot.position,
                &slot.moves,
                &slot.path,
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
                    if G::ENTERED_BY_ASKING {
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

    /// The side whose view the planes of `slot` take: the learner's, else the side to move (or,
    /// in a game held over, the side that ended it).
    fn observer(&self, slot: &Slot<G>) -> Side {
        match (self.opponent.as_ref(), slot.over) {
            (Some(_), _) => self.learner,
            (None, Some(ender)) => ender,
            (None, None) => slot.position.side_to_move(),
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

    /// Ends `slot`'s game, its record kept: a new game, its final planes written to `final_obs`
    /// first, or (`final_planes` None) the game held over, with no legal action.
    fn finish(&self, slot: &mut Slot<G>, observer: Side, final_planes: Option<&mut [u8]>) {
        let verdict = Self::verdict(slot);
        match final_planes {
            Some(planes) => {
                self.write_planes(slot, observer, planes);
                let history = std::mem::replace(&mut slot.history, History::new(true));
                slot.last = Some((history, verdict));
                self.restart(slot);
            }
            None => {
                slot.last = Some((slot.history.clone(), verdict));
                slot.over = Some(observer);
                slot.moves.clear();
                slot.legs.clear();
                slot.path.clear();
                slot.complete = None;
            }
        }
    }

    fn restart(&self, slot: &mut Slot<G>) {
        slot.history = History::new(true);
        slot.position = self.start.clone();
        slot.board.clone_from(&self.start_board);
        slot.over = None;
        slot.forfeit = None;
        self.turn_starts(slot);
    }
}

/// A random legal action of `slot` (None where it has none: a game that is over).
pub(super) fn draw<G: Game>(slot: &mut Slot<G>) -> Option<u32> {
    let count = slot.legs.len();
    (count > 0).then(|| slot.legs[slot.rng.random_range(0..count)])
}

/// The planes of a square holding each cell code, from `observer`'s view: its piece's plane
/// (own 0, the other side's 1, burned 2) and plane 6, all ones for white.
pub(super) fn patterns(observer: Side) -> [[u8; PLANES]; 4] {
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
/// side makes for ([`Game::board_marks`]): plane 3 the observer's (Jeson Mor's centre, its
/// Claustro goal), plane 4 the other side's.
pub(super) fn marks<G: Game>(shape: Shape, observer: Side) -> Vec<usize> {
    let size = BoardSize {
        width: shape.width,
        height: shape.height,
    };
    let mut entries = Vec::new();
    for mark in G::board_marks(size) {
        let (x, y) = mark.square;
        let square = y * shape.width + x;
        for (plane, side) in [(3, observer), (4, observer.opponent())] {
            if mark.kind.made_for(side) {
                entries.push(square * PLANES + plane);
            }
        }
    }
    entries
}

/// The reward of a finished game for `side`.
pub(super) fn reward(verdict: &Verdict, side: Side) -> f32 {
    match verdict.outcome {
        Outcome::Win(winner) if winner == side => 1.0,
        Outcome::Win(_) => -1.0,
        Outcome::Draw => 0.0,
    }
}

/// The seed of slot `index`'s draws after `reset(seed=seed)`.
pub(super) fn slot_seed(seed: u64, index: usize) -> u64 {
    let mut mixed = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed ^= mixed >> 31;
    mixed.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

impl<G: Game> Batch for Games<G> {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn reset(&mut self, py: Python<'_>, seed: u64, only: Option<&[bool]>) -> PyResult<()> {
        if let (Some(opponent), None) = (&self.opponent, only) {
            opponent.clear_hash();
        }
        let mut slots = std::mem::take(&mut self.slots);
        let mut result = Ok(());
        for (index, slot) in slots.iter_mut().enumerate() {
            if only.is_some_and(|flags| !flags[index]) {
                continue;
            }
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

    fn check(&self, actions: &[i64], restart: &[bool]) -> Result<(), String> {
        let highest = self.shape.stop();
        for (index, (&action, slot)) in actions.iter().zip(&self.slots).enumerate() {
            if restart[index] || (action == RANDOM_ACTION && !slot.legs.is_empty()) {
                continue;
            }
            if slot.over.is_some() {
                return Err(format!(
                    "game {index} is over: reset it (reset(options={{'reset_mask': ...}})) \
                     before its next action"
                ));
            }
            let legal = u32::try_from(action).is_ok_and(|a| slot.legs.binary_search(&a).is_ok());
            let inside = (RANDOM_ACTION..=i64::from(highest)).contains(&action);
            if !inside {
                return Err(format!(
                    "action {action} of game {index} is outside -1 to {highest}"
                ));
            }
            let loses = self.illegal_loses && action != RANDOM_ACTION;
            if !legal && !loses {
                return Err(format!("action {action} of game {index} is not legal now"));
            }
        }
        Ok(())
    }

    fn step(
        &mut self,
        py: Python<'_>,
        actions: &[i64],
        restart: &[bool],
        same_step: bool,
        report: &mut Report,
    ) -> PyResult<u64> {
        let per_game = self.shape.cells * PLANES;
        let mut slots = std::mem::take(&mut self.slots);
        let mut result = Ok(0);
        for (index, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
            report.rewards[index] = 0.0;
            report.terminated[index] = false;
            report.truncated[index] = false;
            report.ended[index] = None;
            if restart[index] {
                self.restart(slot);
                match self.answer(py, slot) {
                    Ok(more) => {
                        if let Ok(total) = &mut result {
                            *total += more;
                        }
                        continue;
                    }
                    Err(error) => {
                        result = Err(error);
                        break;
                    }
                }
            }
            let actor = slot.position.side_to_move();
            let observer = match self.opponent {
                Some(_) => self.learner,
                None => actor,
            };
            let Some(action) = u32::try_from(action).ok().or_else(|| draw(slot)) else {
                continue;
            };
            let mut plies = 0;
            if slot.legs.binary_search(&action).is_ok() {
                plies = u64::from(self.enter(slot, action));
            } else {
                slot.forfeit = Some(Verdict::win(actor.opponent(), "illegal action"));
            }
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
            let ended = report.terminated[index] || report.truncated[index];
            report.ended[index] = ended.then(|| slot.position.side_to_move());
            if ended && !same_step {
                self.finish(slot, observer, None);
            } else if ended {
                let planes = &mut report.final_obs[index * per_game..(index + 1) * per_game];
                self.finish(slot, observer, Some(planes));
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
