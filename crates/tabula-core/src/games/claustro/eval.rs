//! Claustro evaluation and move ordering.
//!
//! The race to the goal decides the game, so the terms are: pawns next to their goal (a win on the
//! next move unless captured) and runners (a pawn two steps away whose next step no enemy pawn
//! can answer), each pawn's progress (worth more the nearer it is), the tempo of the two nearest
//! pawns (who gets there first, the side to move winning ties), door guards (pawns on the two
//! squares next to their own home corner, which an enemy pawn must reach before it enters),
//! blocked pawns, captures on offer (a capture sends the victim back as far as the free squares
//! allow, so its worth depends on where the pawn would be placed), mobility, and stalemate danger
//! (a side left without a move wins, so leaving the opponent stuck is a liability).
//!
//! On boards larger than 7 x 7, progress and tempo count a pawn's distance in steps of the
//! 7 x 7 race: on 13 x 13, whose race is twice as long, two steps count as one. The weights were
//! set on 5 x 5 and hold on 7 x 7; counted in its own steps, a pawn halfway on 13 x 13 was worth
//! half of one halfway on 7 x 7, and mobility outweighed any step forward.
//!
//! Only captures of pawns near their goal are noisy: every capture has a placement per free square
//! and captures beget captures, so a quiescence search over all of them does not finish.

use super::layout::{Layout, NONE};
use super::{Claustro, ClaustroMove};
use crate::board::bitboard::Bitboard;
use crate::game::{EvalTerm, Side};

/// A pawn `d` steps from its goal is worth `PROGRESS / d`.
const PROGRESS: i32 = 600;
/// The side to move has a pawn one step from its goal: it wins on this move.
const WIN_NOW: i32 = 9000;
/// The opponent has a pawn one step from its goal that the side to move cannot capture, or two.
const LOST_NEXT: i32 = 8000;
/// The side to move must capture the opponent's pawn next to its goal: its move is forced.
const FORCED_CAPTURE: i32 = 150;
/// The side to move has a runner (see [`SideFeatures::runner`]) and the opponent no pawn next to
/// its goal: it wins on its next move.
const WIN_SOON: i32 = 7000;
/// The opponent has a runner: the side to move must stop it now.
const RUNNER_THREAT: i32 = 300;
/// The side whose nearest pawn arrives first (the side to move wins ties) gains `TEMPO / d`,
/// `d` its nearest pawn's distance.
const TEMPO: i32 = 200;
/// The side to move cashes its best capture at once, in full; the opponent's best capture counts
/// this many times less (the side to move may answer it first).
const CAPTURE_LATER_SHARE: i32 = 4;
/// Per pawn on a square next to its own home corner: the opponent's doors, where it keeps an
/// enemy pawn from stepping next to its goal. Set by matches: 100 beat 50, 200 beat 100, and
/// 400 beat 200 on 7 x 7 and 9 x 9 (even on 5 x 5).
pub(super) const DOOR_GUARD: i32 = 400;
/// A pawn that cannot step (weights of blocked pawns and mobility fitted by `tabula tune`).
const BLOCKED: i32 = 92;
/// Per legal step or capture target.
const MOBILITY: i32 = 53;
/// The opponent has no move now: unless the side to move frees it, it wins.
const STALEMATE_DANGER: i32 = 250;
/// Ordering: steps into the goal first, then captures by their worth.
const GOAL_HINT: i32 = 1 << 20;
const CAPTURE_HINT: i32 = 1000;
/// Captures of a pawn this close to its goal are noisy (searched in quiescence).
const NOISY_CAPTURE_DISTANCE: u32 = 2;

/// The longest race whose steps count in full: a corner to the opposite one on 7 x 7.
const REFERENCE_SPAN: i32 = 12;

/// The race length in whose steps distances are counted: the board's, or the reference's if
/// shorter.
#[inline]
fn race_scale(layout: &Layout) -> i32 {
    layout.span().max(REFERENCE_SPAN)
}

/// The worth of a pawn `distance` steps from its goal on a board of `layout`: `PROGRESS / d`,
/// with `d` counted in steps of the 7 x 7 race on larger boards (on 13 x 13, whose race is
/// twice as long, two steps count as one).
#[inline]
fn progress(layout: &Layout, distance: u32) -> i32 {
    PROGRESS * race_scale(layout) / (REFERENCE_SPAN * distance.max(1) as i32)
}

/// What the evaluation knows about one side.
#[derive(Default)]
struct SideFeatures<const W: usize> {
    nearest: u32,
    progress: i32,
    blocked: i32,
    /// Free steps plus capture targets (each target counted once, not per placement).
    mobility: i32,
    /// Pawns one step from the goal.
    at_door: u32,
    /// A pawn two steps from the goal, with the step onto a free square next to the goal (from,
    /// to) where no enemy pawn could capture it.
    runner: Option<(usize, usize)>,
    /// Enemy pawns this side can capture.
    targets: Bitboard<W>,
    /// The largest gain of one capture with its best placement.
    best_capture: i32,
    /// Pawns on the opponent's doors (the squares next to this side's home corner).
    door_guards: u32,
}

/// How far back the best placement sends a pawn of `victim`, captured by the pawn on `from`.
#[inline]
fn farthest_placement<const W: usize>(position: &Claustro<W>, victim: Side, from: usize) -> u32 {
    let layout = position.layout;
    let occupied = position.pawns[0] | position.pawns[1];
    let free = layout
        .remote_first(victim)
        .iter()
        .map(|&square| square as usize)
        .find(|&square| !occupied.contains(square))
        .map_or(0, |square| layout.distance(victim, square));
    free.max(layout.distance(victim, from))
}

/// The worth of capturing from `from` onto `to` for `side`, the victim placed `placed` steps
/// from its goal: the victim's lost progress plus the capturer's change of progress.
#[inline]
fn capture_gain<const W: usize>(
    position: &Claustro<W>,
    side: Side,
    from: usize,
    to: usize,
    placed: u32,
) -> i32 {
    let layout = position.layout;
    let victim = side.opponent();
    progress(layout, layout.distance(victim, to)) - progress(layout, placed)
        + progress(layout, layout.distance(side, to))
        - progress(layout, layout.distance(side, from))
}

fn side_features<const W: usize>(position: &Claustro<W>, side: Side) -> SideFeatures<W> {
    let layout = position.layout;
    let mut features = SideFeatures {
        nearest: u32::MAX,
        ..SideFeatures::default()
    };
    let pawns = position.pawns(side);
    features.at_door = (pawns & layout.doors::<W>(side)).count();
    features.door_guards = (pawns & layout.doors::<W>(side.opponent())).count();
    for from in pawns.squares() {
        let distance = layout.distance(side, from);
        features.nearest = features.nearest.min(distance);
        features.progress += progress(layout, distance);
        if distance == 2 && features.runner.is_none() {
            features.runner = position
                .free_steps(side, from)
                .find(|&door| !is_guarded(position, side.opponent(), door))
                .map(|door| (from, door));
        }
        let steps = position.free_steps(side, from).count() as i32;
        features.blocked += (steps == 0) as i32;
        features.mobility += steps;
        for to in position.capture_targets(side, from) {
            features.mobility += 1;
            features.targets.insert(to);
            let placed = farthest_placement(position, side.opponent(), from);
            let gain = capture_gain(position, side, from, to, placed);
            features.best_capture = features.best_capture.max(gain);
        }
    }
    features
}

/// Whether a pawn of `side` could capture on `square` (some pawn of `side` touches it diagonally).
#[inline]
fn is_guarded<const W: usize>(position: &Claustro<W>, side: Side, square: usize) -> bool {
    let pawns = position.pawns(side);
    position
        .layout
        .diagonals(square)
        .into_iter()
        .any(|d| d != NONE && pawns.contains(d as usize))
}

/// Whether the opponent still has a move after the side to move steps from `from` to `to` (if
/// not, the opponent wins by the stalemate rule).
fn opponent_can_move_after<const W: usize>(position: &Claustro<W>, from: usize, to: usize) -> bool {
    let mut after = position.clone();
    after.make(ClaustroMove::step(from, to));
    after.has_move(after.side)
}

/// The goal-threat term (side to move's share, opponent's share): pawns next to their goal (a win
/// now, a loss next unless one capture removes every threat) and runners (a win in two moves).
fn goal_threats<const W: usize>(
    position: &Claustro<W>,
    me: &SideFeatures<W>,
    them: &SideFeatures<W>,
) -> (i32, i32) {
    let opponent = position.side.opponent();
    let opponent_doors = position.pawns(opponent) & position.layout.doors(opponent);
    let uncapturable = !opponent_doors.without(me.targets).is_empty();
    if me.at_door > 0 {
        (WIN_NOW, 0)
    } else if them.at_door >= 2 || uncapturable {
        (0, LOST_NEXT)
    } else if them.at_door == 1 {
        (0, FORCED_CAPTURE)
    } else if me
        .runner
        .is_some_and(|(from, to)| opponent_can_move_after(position, from, to))
    {
        (WIN_SOON, 0)
    } else if them.runner.is_some() {
        (0, RUNNER_THREAT)
    } else {
        (0, 0)
    }
}

/// The tempo bonus of the side whose nearest pawn is `nearest` steps from its goal (counted as
/// [`progress`] counts them).
#[inline]
fn tempo(layout: &Layout, nearest: u32) -> i32 {
    TEMPO * race_scale(layout) / (REFERENCE_SPAN * nearest.clamp(1, TEMPO as u32) as i32)
}

/// The terms as (name, side to move's share, opponent's share); the score is their difference.
fn breakdown<const W: usize>(position: &Claustro<W>) -> [(&'static str, i32, i32); 8] {
    let me = side_features(position, position.side);
    let them = side_features(position, position.side.opponent());
    let goal_threats = goal_threats(position, &me, &them);
    let tempo = if me.nearest <= them.nearest {
        (tempo(position.layout, me.nearest), 0)
    } else {
        (0, tempo(position.layout, them.nearest))
    };
    [
        ("goal threats", goal_threats.0, goal_threats.1),
        ("progress", me.progress, them.progress),
        ("race tempo", tempo.0, tempo.1),
        (
            "captures on offer",
            me.best_capture,
            them.best_capture / CAPTURE_LATER_SHARE,
        ),
        (
            "blocked pawns",
            -BLOCKED * me.blocked,
            -BLOCKED * them.blocked,
        ),
        ("mobility", MOBILITY * me.mobility, MOBILITY * them.mobility),
        (
            "door guards",
            DOOR_GUARD * me.door_guards as i32,
            DOOR_GUARD * them.door_guards as i32,
        ),
        (
            "stalemate danger",
            0,
            if them.mobility == 0 {
                STALEMATE_DANGER
            } else {
                0
            },
        ),
    ]
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate<const W: usize>(position: &Claustro<W>) -> i32 {
    breakdown(position)
        .iter()
        .map(|&(_, mine, theirs)| mine - theirs)
        .sum()
}

/// The evaluation's terms, from white's point of view.
pub fn terms<const W: usize>(position: &Claustro<W>) -> Vec<EvalTerm> {
    breakdown(position)
        .into_iter()
        .map(|(name, mine, theirs)| {
            let (white, black) = match position.side {
                Side::White => (mine, theirs),
                Side::Black => (theirs, mine),
            };
            EvalTerm { name, white, black }
        })
        .collect()
}

/// Whether the square `placement` touches diagonally a pawn of `side` after `mv` (so the placed
/// pawn could capture it at once).
#[inline]
fn placement_exposed<const W: usize>(
    position: &Claustro<W>,
    side: Side,
    mv: ClaustroMove,
    placement: usize,
) -> bool {
    let mut own = position.pawns(side);
    own.remove(mv.from());
    own.insert(mv.to());
    position
        .layout
        .diagonals(placement)
        .into_iter()
        .any(|square| square != NONE && own.contains(square as usize))
}

/// A cheap guess of how good `mv` is: goal entries first, then captures by the victim's lost
/// progress and a safe, remote placement, then steps by the progress they make.
pub fn move_order_hint<const W: usize>(position: &Claustro<W>, mv: ClaustroMove) -> i32 {
    let layout = position.layout;
    let side = position.side;
    let (from, to) = (mv.from(), mv.to());
    let Some(placement) = mv.placement() else {
        if to == layout.goal(side) {
            return GOAL_HINT;
        }
        return progress(layout, layout.distance(side, to))
            - progress(layout, layout.distance(side, from));
    };
    let victim = side.opponent();
    let placed = layout.distance(victim, placement);
    let exposed = placement_exposed(position, side, mv, placement);
    let stuck = position.free_steps(victim, placement).next().is_none() as i32;
    CAPTURE_HINT + capture_gain(position, side, from, to, placed)
        - (exposed as i32) * progress(layout, 2)
        + stuck * BLOCKED
}

/// Noisy moves: stepping into the goal, and capturing a pawn near its goal.
pub fn is_noisy<const W: usize>(position: &Claustro<W>, mv: ClaustroMove) -> bool {
    let layout = position.layout;
    let side = position.side;
    if mv.is_capture() {
        layout.distance(side.opponent(), mv.to()) <= NOISY_CAPTURE_DISTANCE
    } else {
        mv.to() == layout.goal(side)
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::layout;
    use super::*;

    #[test]
    fn progress_counts_steps_of_the_seven_by_seven_race_on_larger_boards() {
        let (small, reference, large) = (layout(5, 5), layout(7, 7), layout(13, 13));
        assert_eq!(large.span(), 2 * reference.span());
        for distance in 1..=12 {
            let full = PROGRESS / distance as i32;
            assert_eq!(progress(small, distance), full);
            assert_eq!(progress(reference, distance), full);
            assert_eq!(progress(large, 2 * distance), full);
            assert_eq!(tempo(large, 2 * distance), tempo(reference, distance));
        }
    }
}
