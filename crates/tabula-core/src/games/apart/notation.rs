//! Apart notation: a turn is written as its start and landing squares (`b2d4f6`), the pass as
//! `0000`.
//!
//! A turn may be reached by several paths; the printed one has the fewest landings, and among
//! those it is the first when the landing sequences are compared square by square, each square
//! ordered by file, then rank (so `c1` < `c5` < `d1`). Input may use any legal path of the turn.
//!
//! A list of turns (`moves`, perft's divide, `legal_moves()`) is written a start square at a
//! time: the move generator lists the square's turns, one breadth-first search over them finds
//! the first shortest walk of each (`shortest_walks`), which is its printed path where it lands
//! on no square twice; a turn whose walk does (rare in play) gets a search aimed at it. So the
//! list costs about what generating the turns does. A start square with more turns than that
//! is meant to hold (a contrived position), or with many walks that are no paths (a crowded
//! one), is written by one breadth-first search over paths (`printed_paths`). A single turn is written from its start square's walks, or, where its
//! start square has too many turns or its walk is no path, with a search aimed at it.

use super::movegen::{self, jump_targets};
use super::printed_paths::{PathSearch, Search, max_states};
use super::shortest_walks::TurnWalks;
use super::tables::AXES;
use super::{Apart, ApartMove};
use crate::board::bitboard::Bitboard;
use crate::game::{Cutoff, Game, WrittenMoves};
use std::cmp::Ordering;
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

/// The turns written out along their printed paths, a start square at a time as
/// [`write_turns_from`] writes them.
pub fn move_texts<const W: usize>(position: &Apart<W>, moves: &[ApartMove<W>]) -> Vec<String> {
    let mut wanted: BTreeMap<usize, HashMap<(u16, Bitboard<W>), usize>> = Default::default();
    for (index, &mv) in moves.iter().enumerate() {
        if !mv.is_pass() {
            let of_start = wanted.entry(mv.start as usize).or_default();
            of_start.insert((mv.end, mv.captured), index);
        }
    }
    let mut texts: Vec<Option<String>> = vec![None; moves.len()];
    for (start, of_start) in wanted {
        let _ = write_turns_from(position, start, &mut |turns, written| {
            for (turn, text) in turns.iter().zip(written) {
                if let Some(&index) = of_start.get(&(turn.end, turn.captured)) {
                    texts[index] = Some(text.clone());
                }
            }
            ControlFlow::Continue(())
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

/// The most turns of one start square written along their first shortest walks
/// ([`TurnWalks`], which holds the move generator's list of them and hands over none before it
/// has them all); a start square with more (a contrived position) is written by a search over
/// paths ([`write_turns_within`]), which holds less per turn and hands turns over as it meets
/// them (so that asking for the first few moves stays quick).
const WALKED_TURNS: usize = 1 << 14;

/// Hands `visit` every turn of the piece on `start` with its text, a batch at a time, in printed
/// order (for a start square with more than `WALKED_TURNS` turns, as [`write_turns_within`]
/// writes them), until `visit` says to stop (then `Break`).
pub fn write_turns_from<const W: usize>(
    position: &Apart<W>,
    start: usize,
    visit: &mut WrittenMoves<ApartMove<W>>,
) -> ControlFlow<()> {
    let mut turns = Vec::new();
    if movegen::generate_from(position, start, &mut turns, WALKED_TURNS) {
        write_walked_turns(position, start, &turns, visit)
    } else {
        write_turns_within(position, start, max_states::<W>(), visit)
    }
}

/// The most turns of one start square whose first walks are no paths that are given a search
/// each (a tenth of a millisecond or so each); where there are more (crowded positions, where
/// paths wind among the pieces), the start square's turns are written by one search over paths
/// ([`write_turns_within`]), which is fast there.
const DETOURS_SEARCHED_ALONE: usize = 16;

/// Hands `visit` the `turns` of the piece on `start` (all of them) with their texts, a batch at
/// a time, in printed order: each along its first shortest walk ([`TurnWalks`]) where that is a
/// path, else along the path found for it alone (or all by one search over paths, where many
/// walks are no paths).
fn write_walked_turns<const W: usize>(
    position: &Apart<W>,
    start: usize,
    turns: &[ApartMove<W>],
    visit: &mut WrittenMoves<ApartMove<W>>,
) -> ControlFlow<()> {
    let walks = TurnWalks::search(position, start, turns);
    let mut detours: Vec<u32> = walks
        .order()
        .iter()
        .copied()
        .filter(|&turn| !walks.first_walk_is_path(turns, turn))
        .collect();
    detours.extend((0..turns.len() as u32).filter(|&turn| !walks.reaches(turn)));
    log::debug!(
        "apart turns from {}: {} written along their first walks, {} walks are no paths",
        position.geometry.square_name(start),
        turns.len() - detours.len(),
        detours.len()
    );
    if detours.len() > DETOURS_SEARCHED_ALONE {
        return write_turns_within(position, start, max_states::<W>(), visit);
    }
    let mut detours: Vec<(Vec<usize>, u32)> = detours
        .into_iter()
        .map(|turn| (printed_path(position, turns[turn as usize]), turn))
        .collect();
    detours.sort_by(|(a, _), (b, _)| printed_order(position, a, b));
    let mut detours = detours.into_iter().peekable();
    let mut batch = Batch::new(position, start, turns);
    let mut landings = Vec::new();
    for &turn in walks.order() {
        if !walks.first_walk_is_path(turns, turn) {
            continue;
        }
        walks.first_walk(turn, &mut landings);
        while let Some((detour, _)) = detours.peek()
            && printed_order(position, detour, &landings).is_lt()
        {
            if let Some((detour, before)) = detours.next() {
                batch.push(before, &detour, visit)?;
            }
        }
        batch.push(turn, &landings, visit)?;
    }
    for (detour, turn) in detours {
        batch.push(turn, &detour, visit)?;
    }
    batch.hand_over(visit)
}

/// Turns of one start square and their texts gathered for `visit`.
struct Batch<'a, const W: usize> {
    position: &'a Apart<W>,
    start: usize,
    turns: &'a [ApartMove<W>],
    gathered: Vec<ApartMove<W>>,
    texts: Vec<String>,
}

impl<'a, const W: usize> Batch<'a, W> {
    fn new(position: &'a Apart<W>, start: usize, turns: &'a [ApartMove<W>]) -> Self {
        let size = turns.len().min(TURNS_PER_BATCH);
        Batch {
            position,
            start,
            turns,
            gathered: Vec::with_capacity(size),
            texts: Vec::with_capacity(size),
        }
    }

    /// Adds the turn with index `turn` written along `landings`; hands the batch over once full.
    fn push(
        &mut self,
        turn: u32,
        landings: &[usize],
        visit: &mut WrittenMoves<ApartMove<W>>,
    ) -> ControlFlow<()> {
        self.gathered.push(self.turns[turn as usize]);
        self.texts
            .push(written(self.position, self.start, landings));
        if self.gathered.len() == TURNS_PER_BATCH {
            self.hand_over(visit)
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Hands what is gathered (if anything) to `visit`.
    fn hand_over(&mut self, visit: &mut WrittenMoves<ApartMove<W>>) -> ControlFlow<()> {
        if self.gathered.is_empty() {
            return ControlFlow::Continue(());
        }
        let flow = visit(&self.gathered, &self.texts);
        self.gathered.clear();
        self.texts.clear();
        flow
    }
}

/// How two paths of turns of one start square are printed in order: fewer landings first, then
/// the first landing that differs, in (file, rank) order.
pub fn printed_order<const W: usize>(position: &Apart<W>, a: &[usize], b: &[usize]) -> Ordering {
    let coords = |square: &usize| position.geometry.coords(*square);
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().map(coords).cmp(b.iter().map(coords)))
}

/// The landings of the turn's printed path (the turn is legal), found by a search aimed at it
/// alone.
pub fn printed_path<const W: usize>(position: &Apart<W>, mv: ApartMove<W>) -> Vec<usize> {
    canonical_path(position, mv).unwrap_or_else(|| vec![mv.end as usize])
}

/// Hands `visit` every turn of the piece on `start` with its text, a batch at a time: in printed
/// order as one search over paths keeping at most `max_states` paths meets them, then, if that
/// search reached its bound, the move generator's turns it had not met, written one by one;
/// until `visit` says to stop (then `Break`).
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
            movegen::generate_from(position, start, &mut generated, usize::MAX);
            for turn in generated.into_iter().filter(|&turn| !search.has_met(turn)) {
                turns.push(turn);
                texts.push(written(position, start, &printed_path(position, turn)));
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
    let start = mv.start as usize;
    let mut turns = Vec::new();
    let mut landings = Vec::new();
    let walked = movegen::generate_from(position, start, &mut turns, WALKED_TURNS)
        && turns
            .iter()
            .position(|&turn| turn == mv)
            .is_some_and(|turn| {
                let walks = TurnWalks::search(position, start, &turns);
                let turn = turn as u32;
                let walked = walks.reaches(turn) && walks.first_walk_is_path(&turns, turn);
                if walked {
                    walks.first_walk(turn, &mut landings);
                }
                walked
            });
    if !walked {
        landings = printed_path(position, mv);
    }
    written(position, start, &landings)
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
