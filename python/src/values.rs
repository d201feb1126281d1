//! What Python reads back: a game's outcome, and a search's score from either side's view, in
//! python-chess's shape (`Outcome`, `Score`, `PovScore`).

use pyo3::prelude::*;
use tabula_core::board::Side;
use tabula_core::game::{Outcome as CoreOutcome, Verdict};
use tabula_core::search::score::Score as CoreScore;

/// How a finished game ended: `winner` is "white", "black" or None (a draw); `reason` is the rule.
#[pyclass(module = "tabula_engine", frozen, eq, get_all, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub struct Outcome {
    pub winner: Option<String>,
    pub reason: String,
}

#[pymethods]
impl Outcome {
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
/// side is mated); exactly one of them is set.
#[pyclass(module = "tabula_engine", frozen, eq, get_all, skip_from_py_object)]
#[derive(Clone, Copy, PartialEq)]
pub struct Score {
    pub cp: Option<i32>,
    pub mate: Option<i32>,
}

#[pymethods]
impl Score {
    fn is_mate(&self) -> bool {
        self.mate.is_some()
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
#[pyclass(module = "tabula_engine", frozen, eq, get_all, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PovScore {
    pub relative: Score,
    pub turn: String,
}

#[pymethods]
impl PovScore {
    /// The score from `side`'s view ("white" or "black").
    fn pov(&self, side: &str) -> PyResult<Score> {
        let side = side_named(side)?;
        Ok(if side.name() == self.turn {
            self.relative
        } else {
            self.relative.__neg__()
        })
    }

    fn white(&self) -> Score {
        self.pov("white").unwrap_or(self.relative)
    }

    fn black(&self) -> Score {
        self.pov("black").unwrap_or(self.relative)
    }

    fn __repr__(&self) -> String {
        format!("PovScore({}, '{}')", self.relative.__repr__(), self.turn)
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
