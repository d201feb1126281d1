//! Apart notation: a turn is written as its start and landing squares (`b2d4f6`), the pass as
//! `0000`.
//!
//! A turn may be reached by several paths; the printed one has the fewest landings, and among
//! those it is the first when the landing sequences are compared square by square, each square
//! ordered by file, then rank (so `c1` < `c5` < `d1`). Input may use any legal path of the turn.
//!
//! A list of turns (`moves`, perft's divide) is written with one breadth-first search over paths
//! per start square, which finds the printed paths of all its turns at once; a single turn is
//! written with a search aimed at it.

use super::movegen::{self, jump_targets};
use super::printed_paths::{PathSearch, Search, max_states};
use super::tables::AXES;
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;
use crate::game::{Cutoff, Game, WrittenMoves};
use std::collections::{BTreeMap, HashMap};
use std::ops::ControlFlow;

const PASS_TEXT: &str = "0000";

/// The search for a turn's printed path: iterative deepening on the number of landings, trying
/// landings in (file, rank) order, so the first path found is the printed one. A lower bound on
/// the landings still needed prunes it: the jumps to the end, and through each capture still to
/// make to the end, ignoring the squares already stood on; and the number of captures still to
/// make.
struct PathFinder<const W: usize> {
    target: ApartMove<W>,
    /// The squares each square may jump to (limited to the squares a path may land on), in
    /// (file, rank) order.
    jumps: Vec<Vec<usize>>,
    /// The fewest jumps from each square to the end, ignoring the squares already stood on.
    distance: Vec<usize>,
    /// For each capture of the turn: its square, and the fewest jumps from each square to the
    /// end through it, ignoring the squares already stood on.
    through_captures: Vec<(usize, Vec<usize>)>,
    landings: Vec<usize>,
    /// Whether the last round cut some path short (so a longer limit may find one).
    cut_off: bool,
}

impl<const W: usize> PathFinder<W> {
    fn new(position: &Apart<W>, target: ApartMove<W>) -> Self {
        let start = target.start as usize;
        let squares = position.geometry.squares();
        let friends = position
            .pieces(position.side)
            .without(Bitboard::from_square(start));
        let enemies = position.pieces(position.side.opponent());
        let mut allowed = position
            .geometry
            .all_squares::<W>()
            .without(friends | enemies);
        allowed |= target.captured;
        allowed.remove(start);
        let jump_sets: Vec<Bitboard<W>> = (0..squares)
            .map(|square| jump_targets(position.tables, friends, square) & allowed)
            .collect();
        let distance = distances_to(&jump_sets, target.end as usize);
        let through_captures = target
            .captured
            .squares()
            .map(|capture| {
                let to_capture = distances_to(&jump_sets, capture);
                let through = to_capture
                    .iter()
                    .map(|&jumps| jumps.saturating_add(distance[capture]))
                    .collect();
                (capture, through)
            })
            .collect();
        let jumps = jump_sets
            .iter()
            .map(|targets| {
                let mut ordered: Vec<usize> = targets.squares().collect();
                ordered.sort_unstable_by_key(|&square| position.geometry.coords(square));
                ordered
            })
            .collect();
        PathFinder {
            target,
            jumps,
            distance,
            through_captures,
            landings: Vec::new(),
            cut_off: false,
        }
    }

    /// A lower bound on the landings still needed from `at` having captured `captured`
    /// (`usize::MAX` if the turn cannot be completed from there).
    fn needed(&self, at: usize, captured: Bitboard<W>) -> usize {
        let captures_left = self.target.captured.without(captured).count() as usize;
        self.through_captures
            .iter()
            .filter(|(capture, _)| !captured.contains(*capture))
            .map(|(_, through)| through[at])
            .fold(self.distance[at].max(captures_left), usize::max)
    }

    /// Extends the path from `at` by up to `left` landings; true once it makes the target turn.
    fn extend(
        &mut self,
        at: usize,
        visited: Bitboard<W>,
        captured: Bitboard<W>,
        left: usize,
    ) -> bool {
        for index in 0..self.jumps[at].len() {
            let to = self.jumps[at][index];
            if visited.contains(to) {
                continue;
            }
            let mut captured = captured;
            if self.target.captured.contains(to) {
                captured.insert(to);
            }
            if to == self.target.end as usize {
                if left == 1 && captured == self.target.captured {
                    self.landings.push(to);
                    return true;
                }
                continue;
            }
            let needed = self.needed(to, captured);
            if needed > left - 1 {
                self.cut_off |= needed != usize::MAX;
                continue;
            }
            let mut visited = visited;
            visited.insert(to);
            self.landings.push(to);
            if self.extend(to, visited, captured, left - 1) {
                return true;
            }
            self.landings.pop();
        }
        false
    }
}

/// The fewest jumps from every square to `end` along `jumps` (`usize::MAX` if none).
fn distances_to<const W: usize>(jumps: &[Bitboard<W>], end: usize) -> Vec<usize> {
    let mut distance = vec![usize::MAX; jumps.len()];
    distance[end] = 0;
    let mut layer = Bitboard::<W>::from_square(end);
    let mut steps = 0;
    while !layer.is_empty() {
        steps += 1;
        let mut next = Bitboard::EMPTY;
        for (square, targets) in jumps.iter().enumerate() {
            if distance[square] == usize::MAX && !(*targets & layer).is_empty() {
                distance[square] = steps;
                next.insert(square);
            }
        }
        layer = next;
    }
    distance
}

/// The landings of the turn's printed path, or `None` if no path makes it (it is not legal).
fn canonical_path<const W: usize>(position: &Apart<W>, mv: ApartMove<W>) -> Option<Vec<usize>> {
    if first_movement_reaches(position, mv) {
        return Some(vec![mv.end as usize]);
    }
    if position.is_first_turn() {
        return None;
    }
    let start = mv.start as usize;
    let mut finder = PathFinder::new(position, mv);
    let mut limit = finder.needed(start, Bitboard::EMPTY).max(2);
    finder.cut_off = true;
    while finder.cut_off && limit != usize::MAX {
        finder.cut_off = false;
        if finder.extend(start, Bitboard::from_square(start), Bitboard::EMPTY, limit) {
            return Some(finder.landings);
        }
        limit += 1;
    }
    None
}

/// Whether the turn is made by one movement (a single step or one jump).
fn first_movement_reaches<const W: usize>(position: &Apart<W>, mv: ApartMove<W>) -> bool {
    let (start, end) = (mv.start as usize, mv.end as usize);
    let single_capture = position.pieces(position.side.opponent()).contains(end);
    let captures_match = mv.captured
        == if single_capture {
            Bitboard::from_square(end)
        } else {
            Bitboard::EMPTY
        };
    captures_match && follow_path(position, start, &[end]).is_ok()
}

/// The turns written out along their printed paths: for each start square, one search over
/// paths ([`PathSearch`]) writes them all; any it has not met within its memory bound are written
/// one by one.
pub fn move_texts<const W: usize>(position: &Apart<W>, moves: &[ApartMove<W>]) -> Vec<String> {
    let mut texts: Vec<Option<String>> = vec![None; moves.len()];
    let mut by_start: BTreeMap<usize, HashMap<(u16, Bitboard<W>), usize>> = Default::default();
    for (index, &mv) in moves.iter().enumerate() {
        if !mv.is_pass() {
            let wanted = by_start.entry(mv.start as usize).or_default();
            wanted.insert((mv.end, mv.captured), index);
        }
    }
    for (start, mut wanted) in by_start {
        let mut search = PathSearch::new(position, start, max_states::<W>());
        search.run(position, &mut |turn, landings| {
            if let Some(index) = wanted.remove(&(turn.end, turn.captured)) {
                texts[index] = Some(written(position, start, landings));
            }
            !wanted.is_empty()
        });
    }
    moves
        .iter()
        .zip(texts)
        .map(|(&mv, text)| text.unwrap_or_else(|| move_text(position, mv)))
        .collect()
}

/// How many turns [`write_turns_from`] hands over at a time.
const TURNS_PER_BATCH: usize = 4096;

/// Hands `visit` every turn of the piece on `start` with its text, a batch at a time: in printed
/// order as one search over paths meets them, then, if that search reached its memory bound,
/// the move generator's turns it had not met, written one by one; until `visit` says to stop
/// (then `Break`).
pub fn write_turns_from<const W: usize>(
    position: &Apart<W>,
    start: usize,
    visit: &mut WrittenMoves<ApartMove<W>>,
) -> ControlFlow<()> {
    write_turns_within(position, start, max_states::<W>(), visit)
}

/// [`write_turns_from`] with a search that keeps at most `max_states` paths.
pub fn write_turns_within<const W: usize>(
    position: &Apart<W>,
    start: usize,
    max_states: usize,
    visit: &mut WrittenMoves<ApartMove<W>>,
) -> ControlFlow<()> {
    let mut turns = Vec::with_capacity(TURNS_PER_BATCH);
    let mut texts = Vec::with_capacity(TURNS_PER_BATCH);
    let mut hand_over = |turns: &mut Vec<ApartMove<W>>, texts: &mut Vec<String>| {
        let flow = visit(turns, texts);
        turns.clear();
        texts.clear();
        flow
    };
    let mut search = PathSearch::new(position, start, max_states);
    let mut met = 0u64;
    let ended = search.run(position, &mut |turn, landings| {
        met += 1;
        turns.push(turn);
        texts.push(written(position, start, landings));
        turns.len() < TURNS_PER_BATCH || hand_over(&mut turns, &mut texts).is_continue()
    });
    log::debug!(
        "apart turns from {}: {met} met keeping {} paths, search {ended:?}",
        position.geometry.square_name(start),
        search.paths_kept()
    );
    match ended {
        Search::Stopped => return ControlFlow::Break(()),
        Search::Complete => {}
        Search::OverBudget => {
            let mut generated = Vec::new();
            movegen::generate_from(position, start, &mut generated);
            for turn in generated.into_iter().filter(|&turn| !search.has_met(turn)) {
                turns.push(turn);
                texts.push(move_text(position, turn));
                if turns.len() == TURNS_PER_BATCH {
                    hand_over(&mut turns, &mut texts)?;
                }
            }
        }
    }
    if turns.is_empty() {
        ControlFlow::Continue(())
    } else {
        hand_over(&mut turns, &mut texts)
    }
}

/// The start and landings as squares named one after another.
fn written<const W: usize>(position: &Apart<W>, start: usize, landings: &[usize]) -> String {
    let mut text = String::with_capacity(3 * (landings.len() + 1));
    for &square in std::iter::once(&start).chain(landings) {
        position.geometry.push_square_name(square, &mut text);
    }
    text
}

/// The turn written out along its printed path.
pub fn move_text<const W: usize>(position: &Apart<W>, mv: ApartMove<W>) -> String {
    if mv.is_pass() {
        return PASS_TEXT.to_string();
    }
    let landings = canonical_path(position, mv).unwrap_or_else(|| vec![mv.end as usize]);
    written(position, mv.start as usize, &landings)
}

/// The legal turn written as `text` along any of its paths, or why there is none.
pub fn parse_move<const W: usize>(position: &Apart<W>, text: &str) -> Result<ApartMove<W>, String> {
    if let Some(verdict) = position.verdict() {
        return Err(format!("the game is over ({})", verdict.reason));
    }
    if text == PASS_TEXT {
        // The first turn found settles it: a crowded board has millions, never listed here.
        let mut moves = Vec::new();
        let first_only = Cutoff {
            max_moves: 1,
            ..Cutoff::NEVER
        };
        movegen::generate(position, movegen::Turns::All, &mut moves, first_only);
        return if moves.is_empty() {
            Ok(ApartMove::PASS)
        } else {
            Err("passing is allowed only when no move is".to_string())
        };
    }
    let squares = position.geometry.parse_square_path(text)?;
    let [start, landings @ ..] = squares.as_slice() else {
        return Err("an apart move is a start square and its landings, e.g. b2d4, or 0000".into());
    };
    if landings.is_empty() {
        return Err("an apart move is a start square and its landings, e.g. b2d4, or 0000".into());
    }
    follow_path(position, *start, landings)
}

/// The turn of the piece on `start` landing on `landings` in order, or the first rule it breaks.
fn follow_path<const W: usize>(
    position: &Apart<W>,
    start: usize,
    landings: &[usize],
) -> Result<ApartMove<W>, String> {
    let g = position.geometry;
    let own = position.pieces(position.side);
    let enemies = position.pieces(position.side.opponent());
    if !own.contains(start) {
        return Err(format!(
            "no {} piece on {}",
            position.side.name(),
            g.square_name(start)
        ));
    }
    let friends = own.without(Bitboard::from_square(start));
    let mut visited = Bitboard::<W>::from_square(start);
    let mut captured = Bitboard::EMPTY;
    let mut at = start;
    for (index, &to) in landings.iter().enumerate() {
        let (from_name, to_name) = (g.square_name(at), g.square_name(to));
        let (axis, distance) = axis_between(position, at, to)
            .ok_or_else(|| format!("{to_name} is not on a line from {from_name}"))?;
        let length = position.tables.line_length(friends, at, axis);
        if distance != length {
            return Err(format!(
                "from {from_name} the line length towards {to_name} is {length}, not {distance}"
            ));
        }
        if friends.contains(to) {
            return Err(format!("{to_name} holds a friendly piece"));
        }
        if visited.contains(to) {
            return Err(format!("{to_name} was already stood on this turn"));
        }
        if index > 0 && position.is_first_turn() {
            return Err("white's first turn is a single movement".to_string());
        }
        if length == 1 && landings.len() > 1 {
            return Err("a single step is a whole turn".to_string());
        }
        if enemies.contains(to) {
            captured.insert(to);
        }
        visited.insert(to);
        at = to;
    }
    Ok(ApartMove {
        start: start as u16,
        end: at as u16,
        captured,
    })
}

/// The axis through `from` and `to` and their distance along it, if they share one.
fn axis_between<const W: usize>(
    position: &Apart<W>,
    from: usize,
    to: usize,
) -> Option<(usize, usize)> {
    let g = position.geometry;
    let ((x0, y0), (x1, y1)) = (g.coords(from), g.coords(to));
    let (dx, dy) = (x1 as i32 - x0 as i32, y1 as i32 - y0 as i32);
    let distance = dx.abs().max(dy.abs()) as usize;
    if distance == 0 {
        return None;
    }
    let unit = (dx / distance as i32, dy / distance as i32);
    let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    AXES.iter()
        .position(|&(ax, ay)| (ax, ay) == unit || (-ax, -ay) == unit)
        .filter(|_| on_line)
        .map(|axis| (axis, distance))
}
