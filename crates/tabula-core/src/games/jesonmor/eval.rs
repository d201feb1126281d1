//! Jeson Mor evaluation: material, the race for the centre, mobility, knights two moves from the
//! centre, hanging knights, the move and the second player's edge; and the move-ordering hint.
//!
//! The race for the centre is judged exactly where it can be. Knights leap, so a knight attacks
//! the centre exactly when it stands on one of the centre's knight squares (its *guards*), and
//! moving one knight never changes what another attacks. All guards have the colour opposite to
//! the centre, so no knight moves from one guard to another. Hence, with `a` and `b` the guards
//! held by the side to move and by the other side:
//! - the other side on the centre: the side to move must capture it and the exchange on the centre
//!   runs to its end; the side to move wins it exactly when `a > b`;
//! - the centre empty and `a > b`: moving a guard in wins the exchange (the side to move wins);
//! - the centre empty and `b - a = m > 0`: the other side threatens to move in. The side to move
//!   parries `m = 1` by any leap onto a guard square not its own, `m = 2` only by capturing an enemy
//!   guard (one more for it, one fewer for the other), and never `m >= 3`.

use super::{JesonMor, JesonMorMove};
use crate::board::bitboard::Bitboard;
use crate::game::{EvalTerm, Side};

const KNIGHT: i32 = 100;
const GUARD: i32 = 30;
const NEAR_GUARD: i32 = 10;
const MOBILITY: i32 = 2;
const HANGING: i32 = 25;
/// The side to move's bonus (it also evens out the scores of odd and even depths).
const TEMPO: i32 = 15;
/// Black's edge, whoever is to move. Without it, white wins about a fifth of the openings that a
/// search calls level (black can often answer a leap with its mirror image across the middle
/// rank); with it, white wins about half of the 14-ply openings a depth-8 search calls level.
const SECOND_PLAYER: i32 = 45;
/// The score of a race for the centre whose end is known (far above the positional terms).
const RACE_DECIDED: i32 = 8000;

/// What the evaluation knows about one side.
struct SideFeatures<const W: usize> {
    knights: Bitboard<W>,
    /// Every square a knight of this side attacks or defends.
    attacks: Bitboard<W>,
    /// Legal leaps, summed over the knights.
    mobility: i32,
    /// Knights on the centre's guard squares.
    guards: i32,
    /// Knights that can leap onto a guard square (none on a guard square can; the one on the
    /// centre is not counted).
    near_guards: i32,
}

/// The race for the centre from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Race {
    Won,
    Lost,
    Open,
}

fn side_features<const W: usize>(position: &JesonMor<W>, side: Side) -> SideFeatures<W> {
    let g = position.geometry;
    let guards = position.centre_guards();
    let knights = position.knights(side);
    let mut attacks = Bitboard::EMPTY;
    let mut mobility = 0;
    let mut near_guards = 0;
    for square in knights.squares() {
        let targets = g.knight_targets::<W>(square);
        attacks |= targets;
        mobility += targets.without(knights).count() as i32;
        near_guards += (square != position.centre && !(targets & guards).is_empty()) as i32;
    }
    SideFeatures {
        knights,
        attacks,
        mobility,
        guards: (knights & guards).count() as i32,
        near_guards,
    }
}

/// Whether the knight on the centre, owned by `owner`, can leave it.
fn can_leave<const W: usize>(position: &JesonMor<W>, owner: &SideFeatures<W>) -> bool {
    !position.centre_guards().without(owner.knights).is_empty()
}

/// The race for the centre, judged from the guard counts (see the module notes).
fn race<const W: usize>(
    position: &JesonMor<W>,
    mover: &SideFeatures<W>,
    other: &SideFeatures<W>,
) -> Race {
    let centre = position.centre;
    let guards = position.centre_guards();
    if mover.knights.contains(centre) {
        return if can_leave(position, mover) {
            Race::Won
        } else {
            Race::Open
        };
    }
    if other.knights.contains(centre) {
        return match (mover.guards > other.guards, can_leave(position, other)) {
            (true, _) => Race::Won,
            (false, true) => Race::Lost,
            (false, false) => Race::Open,
        };
    }
    let can_parry = match other.guards - mover.guards {
        margin if margin < 0 => return Race::Won,
        0 => true,
        1 => !(mover.attacks & guards).without(mover.knights).is_empty(),
        2 => !(mover.attacks & guards & other.knights).is_empty(),
        _ => false,
    };
    if can_parry { Race::Open } else { Race::Lost }
}

/// Knights attacked by the enemy and not defended.
fn hanging<const W: usize>(own: &SideFeatures<W>, enemy: &SideFeatures<W>) -> i32 {
    (own.knights & enemy.attacks).without(own.attacks).count() as i32
}

/// The positional score of one side, against `enemy`.
fn positional<const W: usize>(own: &SideFeatures<W>, enemy: &SideFeatures<W>) -> i32 {
    KNIGHT * own.knights.count() as i32
        + GUARD * own.guards
        + NEAR_GUARD * own.near_guards
        + MOBILITY * own.mobility
        - HANGING * hanging(own, enemy)
}

fn race_score(race: Race) -> i32 {
    match race {
        Race::Won => RACE_DECIDED,
        Race::Lost => -RACE_DECIDED,
        Race::Open => 0,
    }
}

/// The race for the centre from the side to move's point of view.
pub(super) fn centre_race<const W: usize>(position: &JesonMor<W>) -> Race {
    let mover = side_features(position, position.side);
    let other = side_features(position, position.side.opponent());
    race(position, &mover, &other)
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate<const W: usize>(position: &JesonMor<W>) -> i32 {
    let mover = side_features(position, position.side);
    let other = side_features(position, position.side.opponent());
    let second_player = match position.side {
        Side::White => -SECOND_PLAYER,
        Side::Black => SECOND_PLAYER,
    };
    TEMPO + second_player + race_score(race(position, &mover, &other)) + positional(&mover, &other)
        - positional(&other, &mover)
}

/// The evaluation's terms, from white's point of view.
pub fn terms<const W: usize>(position: &JesonMor<W>) -> Vec<EvalTerm> {
    let white = side_features(position, Side::White);
    let black = side_features(position, Side::Black);
    let race = race_score(centre_race(position));
    let term = EvalTerm::new;
    vec![
        term(
            "material",
            KNIGHT * white.knights.count() as i32,
            KNIGHT * black.knights.count() as i32,
        ),
        term("centre guards", GUARD * white.guards, GUARD * black.guards),
        term(
            "two moves from the centre",
            NEAR_GUARD * white.near_guards,
            NEAR_GUARD * black.near_guards,
        ),
        term(
            "mobility",
            MOBILITY * white.mobility,
            MOBILITY * black.mobility,
        ),
        term(
            "hanging knights",
            -HANGING * hanging(&white, &black),
            -HANGING * hanging(&black, &white),
        ),
        EvalTerm::for_mover("race for the centre", position.side, race),
        EvalTerm::for_mover("side to move", position.side, TEMPO),
        term("second player's edge", 0, SECOND_PLAYER),
    ]
}

/// Larger for moves worth trying first: leaving the centre (it wins), entering it, captures.
/// Quiet moves are left to the search's history and killer ordering (guard-square bonuses and
/// danger penalties here made the trees larger, not smaller).
pub fn move_order_hint<const W: usize>(position: &JesonMor<W>, mv: JesonMorMove) -> i32 {
    if mv.from as usize == position.centre {
        return 1 << 20;
    }
    let mut hint = 0;
    if mv.to as usize == position.centre {
        hint += 3000;
    }
    if position.is_capture(mv) {
        hint += 1000;
    }
    hint
}
