//! Search scores: centipawns, proven results without a known distance, and mates in N.

/// A win this many plies from the root scores `MATE - plies`.
pub const MATE: i32 = 30_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 256;
/// Scores at least this large are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A result proven by a known strategy, found this many plies from the root, scores
/// `PROVEN - plies`: a certain win whose length is not known.
pub const PROVEN: i32 = 20_000;
/// Scores at least this large are proven wins or mates.
pub const PROVEN_BOUND: i32 = PROVEN - MAX_PLY as i32;
/// Scores at least this large are decided ones, by the evaluation (a won race for the centre, a
/// race of known path lengths, a goal reached next move) or by search. Late move pruning stops in
/// a node where every move tried so far scores this badly (the only defence may come late), and
/// `tabula tune` skips positions evaluated this high.
pub const DECIDED_BOUND: i32 = 4000;
/// Static evaluations are kept inside this bound.
pub const EVAL_LIMIT: i32 = PROVEN_BOUND - 1;
/// Larger than every score.
pub const INFINITY: i32 = MATE + 1;

/// A score as reported to the user.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// An evaluation, or a proven result (at least `PROVEN_BOUND` in size).
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The reported form of an internal score.
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score + 1) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// A score made independent of the ply it was found at, for the transposition table.
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN_BOUND {
        score + ply as i32
    } else if score <= -PROVEN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A table score seen from `ply` plies below the root.
#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN_BOUND {
        score - ply as i32
    } else if score <= -PROVEN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_count_moves_not_plies() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_internal(57), Score::Centipawns(57));
        assert_eq!(
            Score::from_internal(PROVEN - 3),
            Score::Centipawns(PROVEN - 3)
        );
    }

    #[test]
    fn table_scores_round_trip() {
        for score in [0, 100, PROVEN - 5, -(PROVEN - 5), MATE - 7, -(MATE - 7)] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
        }
    }
}
