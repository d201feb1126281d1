//! What Python reads back: a game's outcome, and a search's score from either side's view, in
//! python-chess's shape (`Outcome`, `Score`, `PovScore`): values that compare, hash, copy and
//! pickle, and scores that order as python-chess's do.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::cmp::Ordering;
use tabula_core::board::Side;
use tabula_core::game::{Outcome as CoreOutcome, Verdict};
use tabula_core::search::score::Score as CoreScore;

/// How a finished game ended: `winner` is "white", "black" or None (a draw); `reason` is the rule.
#[pyclass(module = "tabula_engine", frozen, eq, hash, get_all, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// "white", "black", or None for a draw.
    pub winner: Option<String>,
    /// The rule that ended the game, in words.
    pub reason: String,
}

#[pymethods]
impl Outcome {
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn new(winner: Option<&str>, reason: String) -> PyResult<Outcome> {
        let winner = winner.map(side_named).transpose()?;
        Ok(Outcome {
            winner: winner.map(|side| side.name().to_string()),
            reason,
        })
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner.as_deref() {
            Some("white") => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = self
            .winner
            .as_deref()
            .map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let args = (this.winner.clone(), this.reason.clone());
        (slf.get_type(), args).into_pyobject(slf.py())
    }
}

impl From<Verdict> for Outcome {
    fn from(verdict: Verdict) -> Self {
        Outcome {
            winner: match verdict.outcome {
                CoreOutcome::Win(side) => Some(side.name().to_string()),
                CoreOutcome::Draw => None,
            },
            reason: verdict.reason.to_string(),
        }
    }
}

/// A score from one side's view: `cp` centipawns, or `mate` in so many moves (negative: that
/// side is mated); exactly one of them is set. Scores order as python-chess's do: a mate being
/// given is best (the sooner the better), a mate suffered worst (the sooner the worse), and
/// centipawns between.
#[pyclass(
    module = "tabula_engine",
    frozen,
    eq,
    ord,
    hash,
    get_all,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    /// Centipawns, where the score is no mate.
    pub cp: Option<i32>,
    /// Moves to mate: positive where this side mates, negative where it is mated.
    pub mate: Option<i32>,
}

impl Score {
    /// What orders scores: mates suffered, then centipawns, then mates given.
    fn rank(&self) -> (i8, i64) {
        match (self.cp, self.mate) {
            (_, Some(mate)) if mate > 0 => (1, -i64::from(mate)),
            (_, Some(mate)) => (-1, -i64::from(mate)),
            (cp, None) => (0, i64::from(cp.unwrap_or(0))),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

#[pymethods]
impl Score {
    /// `Score(cp=12)` or `Score(mate=-3)`: exactly one of them.
    #[new]
    #[pyo3(signature = (cp = None, mate = None))]
    fn new(cp: Option<i32>, mate: Option<i32>) -> PyResult<Score> {
        if cp.is_some() == mate.is_some() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "give cp or mate, exactly one",
            ));
        }
        Ok(Score { cp, mate })
    }

    /// Whether the score is a mate, given or suffered.
    fn is_mate(&self) -> bool {
        self.mate.is_some()
    }

    /// The centipawns; for a mate, None, or with `mate_score` given, `mate_score` less the
    /// moves to mate (negated for a mate suffered), as python-chess's `Score.score` does.
    #[pyo3(signature = (*, mate_score = None))]
    fn score(&self, mate_score: Option<i64>) -> Option<i64> {
        match (self.cp, self.mate) {
            (_, Some(mate)) if mate > 0 => mate_score.map(|best| best - i64::from(mate)),
            (_, Some(mate)) => mate_score.map(|best| -best - i64::from(mate)),
            (cp, None) => cp.map(i64::from),
        }
    }

    fn __neg__(&self) -> Score {
        Score {
            cp: self.cp.map(|cp| -cp),
            mate: self.mate.map(|mate| -mate),
        }
    }

    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(mate)) => format!("Score(mate={mate})"),
            (cp, None) => format!("Score(cp={})", cp.unwrap_or(0)),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.cp, this.mate)).into_pyobject(slf.py())
    }
}

impl From<CoreScore> for Score {
    fn from(score: CoreScore) -> Self {
        match score {
            CoreScore::Centipawns(cp) => Score {
                cp: Some(cp),
                mate: None,
            },
            CoreScore::Mate(moves) => Score {
                cp: None,
                mate: Some(moves),
            },
        }
    }
}

/// A score with the side whose view it is: `relative` is `turn`'s (the side to move);
/// `white()` and `black()` turn it to either side's view.
#[pyclass(module = "tabula_engine", frozen, eq, hash, get_all, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PovScore {
    /// The score from the view of `turn`.
    pub relative: Score,
    /// The side whose view `relative` is: "white" or "black".
    pub turn: String,
}

#[pymethods]
impl PovScore {
    /// `relative`, from the view of `turn` ("white" or "black").
    #[new]
    fn py_new(relative: Score, turn: &str) -> PyResult<PovScore> {
        Ok(PovScore {
            relative,
            turn: side_named(turn)?.name().to_string(),
        })
    }

    /// The score from `side`'s view ("white" or "black").
    fn pov(&self, side: &str) -> PyResult<Score> {
        let side = side_named(side)?;
        Ok(if side.name() == self.turn {
            self.relative
        } else {
            self.relative.__neg__()
        })
    }

    /// The score from white's view.
    fn white(&self) -> Score {
        self.pov("white").unwrap_or(self.relative)
    }

    /// The score from black's view.
    fn black(&self) -> Score {
        self.pov("black").unwrap_or(self.relative)
    }

    /// Whether the score is a mate, given or suffered.
    fn is_mate(&self) -> bool {
        self.relative.is_mate()
    }

    fn __repr__(&self) -> String {
        format!("PovScore({}, '{}')", self.relative.__repr__(), self.turn)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.relative, this.turn.clone())).into_pyobject(slf.py())
    }
}

impl PovScore {
    pub fn new(score: CoreScore, turn: Side) -> Self {
        PovScore {
            relative: score.into(),
            turn: turn.name().to_string(),
        }
    }
}

/// The side called `name`.
pub fn side_named(name: &str) -> PyResult<Side> {
    match name {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "unknown side '{name}' (white or black)"
        ))),
    }
}
