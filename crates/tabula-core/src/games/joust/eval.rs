//! Joust evaluation: mobility, onward mobility, territory (the squares each knight reaches first,
//! as in Tron bots' Voronoi heuristic), reachable area with square-colour parity, and the endgame
//! race once the two knights can never meet (then each side's longest path decides).

use super::Joust;
use crate::board::bitboard::Bitboard;
use crate::game::{EvalTerm, Side};

const MOBILITY: i32 = 12;
const ONWARD: i32 = 3;
const AREA: i32 = 2;
const TERRITORY: i32 = 4;
/// The side to move's bonus while the knights share and can still fight over squares, when they
/// stand on squares of one colour (see [`Features::same_colour`]), and its penalty otherwise.
const OPPOSITION: i32 = 180;
/// Value of one move of lead in a separated race whose path lengths are only bounded.
const RACE_MOVE: i32 = 60;
/// Score of a race whose path lengths are known exactly (far above positional terms).
const RACE_DECIDED: i32 = 5000;
/// Regions up to this size get an exact longest-path search.
const EXACT_REGION: u32 = 18;
/// Node budget of one exact longest-path search.
const PATH_BUDGET: u32 = 4000;

/// What the evaluation knows about one knight.
struct KnightFeatures {
    mobility: i32,
    onward: i32,
    area: i32,
    /// Squares this knight reaches before the other (0 once they are separated).
    territory: i32,
    /// Longest path length: exact when small enough, else the parity bound.
    path: i32,
    path_exact: bool,
}

/// Features of both knights, indexed (side to move, opponent).
struct Features {
    mover: KnightFeatures,
    other: KnightFeatures,
    separated: bool,
    /// Both knights on squares of one colour. Their targets are then of one colour too, so the
    /// side to move can leap onto a square the other knight wanted; on squares of different
    /// colours only the side not to move can. Every ply changes the mover's colour and the turn,
    /// so this stays the same for the side to move all game long.
    same_colour: bool,
}

fn free_squares<const W: usize>(position: &Joust<W>) -> Bitboard<W> {
    let mut blocked = position.burned;
    blocked.insert(position.knights[0]);
    blocked.insert(position.knights[1]);
    position.geometry.all_squares::<W>().without(blocked)
}

/// The squares each knight reaches first, (mover, other): both floods grow a move at a time, a
/// square one flood takes is closed to the other, and a square both reach on the same move goes to
/// neither (so the two knights of a mirror-image position get equal shares: there the side to move
/// has no edge, and the side not to move can answer every move with its mirror image).
fn territories<const W: usize>(
    position: &Joust<W>,
    free: Bitboard<W>,
) -> (Bitboard<W>, Bitboard<W>) {
    let g = position.geometry;
    let mut open = free;
    let mut fronts = [
        Bitboard::from_square(position.knight(position.side)),
        Bitboard::from_square(position.knight(position.side.opponent())),
    ];
    let mut taken = [Bitboard::EMPTY; 2];
    while !(fronts[0].is_empty() && fronts[1].is_empty()) {
        let reached = fronts.map(|front| g.knight_spread(front) & open);
        let both = reached[0] & reached[1];
        open = open.without(reached[0] | reached[1]);
        for side in 0..2 {
            fronts[side] = reached[side].without(both);
            taken[side] |= fronts[side];
        }
    }
    (taken[0], taken[1])
}

/// Every free square the knight on `start` can ever reach.
fn region<const W: usize>(position: &Joust<W>, start: usize, free: Bitboard<W>) -> Bitboard<W> {
    let g = position.geometry;
    let mut reached = g.knight_targets::<W>(start) & free;
    let mut frontier = reached;
    while !frontier.is_empty() {
        frontier = (g.knight_spread(frontier) & free).without(reached);
        reached |= frontier;
    }
    reached
}

/// The parity bound on a knight's path from `start` through `area`: colours alternate, so a path
/// of k moves needs ceil(k/2) squares of the other colour and floor(k/2) of its own.
fn path_bound<const W: usize>(position: &Joust<W>, start: usize, area: Bitboard<W>) -> i32 {
    let own = (area & position.geometry.same_colour(start)).count() as i32;
    let other = area.count() as i32 - own;
    (2 * other).min(2 * own + 1)
}

/// The longest knight path from `start` through `area`, if found within the node budget.
fn longest_path<const W: usize>(
    position: &Joust<W>,
    start: usize,
    area: Bitboard<W>,
) -> Option<i32> {
    fn search<const W: usize>(
        position: &Joust<W>,
        at: usize,
        area: Bitboard<W>,
        bound: i32,
        budget: &mut u32,
    ) -> Option<i32> {
        *budget = budget.checked_sub(1)?;
        let mut best = 0;
        for next in (position.geometry.knight_targets::<W>(at) & area).squares() {
            let mut rest = area;
            rest.remove(next);
            best = best.max(1 + search(position, next, rest, bound - 1, budget)?);
            if best >= bound {
                break;
            }
        }
        Some(best)
    }
    let bound = path_bound(position, start, area);
    search(position, start, area, bound, &mut PATH_BUDGET.clone())
}

fn knight_features<const W: usize>(
    position: &Joust<W>,
    side: Side,
    free: Bitboard<W>,
    area: Bitboard<W>,
    territory: Bitboard<W>,
    race: bool,
) -> KnightFeatures {
    let g = position.geometry;
    let targets = position.targets(side);
    let onward = targets
        .squares()
        .map(|square| (g.knight_targets::<W>(square) & free).count() as i32)
        .sum();
    let start = position.knight(side);
    let exact = (race && area.count() <= EXACT_REGION)
        .then(|| longest_path(position, start, area))
        .flatten();
    KnightFeatures {
        mobility: targets.count() as i32,
        onward,
        area: area.count() as i32,
        territory: territory.count() as i32,
        path: exact.unwrap_or_else(|| path_bound(position, start, area)),
        path_exact: exact.is_some(),
    }
}

fn features<const W: usize>(position: &Joust<W>) -> Features {
    let free = free_squares(position);
    let mover_side = position.side;
    let mover_area = region(position, position.knight(mover_side), free);
    let other_area = region(position, position.knight(mover_side.opponent()), free);
    let separated = (mover_area & other_area).is_empty();
    let (mover_territory, other_territory) = if separated {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    } else {
        territories(position, free)
    };
    Features {
        mover: knight_features(
            position,
            mover_side,
            free,
            mover_area,
            mover_territory,
            separated,
        ),
        other: knight_features(
            position,
            mover_side.opponent(),
            free,
            other_area,
            other_territory,
            separated,
        ),
        separated,
        same_colour: position
            .geometry
            .same_colour::<W>(position.knight(mover_side))
            .contains(position.knight(mover_side.opponent())),
    }
}

fn score(features: &Features) -> i32 {
    let (me, them) = (&features.mover, &features.other);
    if features.separated {
        // The mover runs out first unless its path is strictly longer.
        let lead = me.path - them.path;
        if me.path_exact && them.path_exact {
            return if lead > 0 {
                RACE_DECIDED + lead
            } else {
                -RACE_DECIDED + lead
            };
        }
        return RACE_MOVE * lead - RACE_MOVE / 2 + MOBILITY * (me.mobility - them.mobility);
    }
    MOBILITY * (me.mobility - them.mobility)
        + ONWARD * (me.onward - them.onward)
        + AREA * (me.area - them.area)
        + TERRITORY * (me.territory - them.territory)
        + opposition(features)
}

/// The side to move's [`OPPOSITION`] term.
fn opposition(features: &Features) -> i32 {
    match (features.separated, features.same_colour) {
        (true, _) => 0,
        (false, true) => OPPOSITION,
        (false, false) => -OPPOSITION,
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate<const W: usize>(position: &Joust<W>) -> i32 {
    score(&features(position))
}

/// The evaluation's terms, from white's point of view.
pub fn terms<const W: usize>(position: &Joust<W>) -> Vec<EvalTerm> {
    let features = features(position);
    let (white, black) = match position.side {
        Side::White => (&features.mover, &features.other),
        Side::Black => (&features.other, &features.mover),
    };
    let term = EvalTerm::new;
    vec![
        term(
            "mobility",
            MOBILITY * white.mobility,
            MOBILITY * black.mobility,
        ),
        term(
            "onward mobility",
            ONWARD * white.onward,
            ONWARD * black.onward,
        ),
        term("reachable area", AREA * white.area, AREA * black.area),
        term(
            "territory",
            TERRITORY * white.territory,
            TERRITORY * black.territory,
        ),
        EvalTerm::for_mover("opposition", position.side, opposition(&features)),
        term(
            if features.separated {
                "separated: longest path"
            } else {
                "not separated: path bound"
            },
            white.path,
            black.path,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position_text::parse_position_text;
    use crate::game::Game;

    fn territory_sizes(text: &str) -> (u32, u32) {
        let position = Joust::<1>::from_text(&parse_position_text(text).unwrap()).unwrap();
        let (mover, other) = territories(&position, free_squares(&position));
        (mover.count(), other.count())
    }

    /// On 3 x 3 the knight graph is the cycle a1 b3 c1 a2 c3 b1 a3 c2 (the centre is cut off).
    /// Knights on a1 and c3 sit opposite: each first takes its two neighbours, and the two squares
    /// left are one leap from both, so they go to neither, whichever side is to move.
    #[test]
    fn squares_both_reach_at_once_go_to_neither() {
        assert_eq!(territory_sizes("2n/3/N2 w 0 1"), (2, 2));
        assert_eq!(territory_sizes("2n/3/N2 b 0 1"), (2, 2));
    }

    /// Knights on a1 and b3 are neighbours on the cycle: a1's flood runs one way round, b3's the
    /// other, and they meet half way.
    #[test]
    fn a_square_one_flood_takes_is_closed_to_the_other() {
        // White takes c2, a3, b1 in turn; black takes c1, a2, then c3 before white's b1 flood
        // can reach it.
        assert_eq!(territory_sizes("1n1/3/N2 w 0 1"), (3, 3));
    }

    /// The 8 x 8 start is its own half-turn image with the colours swapped, so each knight reaches
    /// first exactly as many squares as the other, whichever side is to move.
    #[test]
    fn a_mirror_image_position_splits_the_territory_evenly() {
        for text in ["8/8/8/4n3/3N4/8/8/8 w 0 1", "8/8/8/4n3/3N4/8/8/8 b 0 1"] {
            let (mover, other) = territory_sizes(text);
            assert_eq!(mover, other, "{text}");
            assert!(mover > 0, "{text}");
        }
    }

    /// Every ply moves one knight to a square of the other colour and hands the turn over, so the
    /// side the opposition term favours never changes: from the 10 x 10 start (both knights on
    /// one colour, white to move) it is white until the knights are separated.
    #[test]
    fn the_opposition_term_favours_the_same_side_all_game() {
        let mut position = Joust::<2>::from_text(
            &parse_position_text("10/10/10/10/5n4/4N5/10/10/10/10 w 0 1").unwrap(),
        )
        .unwrap();
        let mut moves = Vec::new();
        for ply in 0.. {
            let features = features(&position);
            if features.separated {
                assert!(ply > 0);
                break;
            }
            let for_white = match position.side {
                Side::White => opposition(&features),
                Side::Black => -opposition(&features),
            };
            assert_eq!(for_white, OPPOSITION, "ply {ply}: {}", position.to_text());
            moves.clear();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[ply % moves.len()]);
        }
    }
}
