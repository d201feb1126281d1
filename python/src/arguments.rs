//! Arguments from Python, checked by name. Whole numbers: a negative or huge int is a
//! `ValueError` naming the argument and its range (PyO3's own conversion to an unsigned type
//! raises `OverflowError`, which the documentation does not promise), and anything else not an
//! int is a `TypeError`. Board sizes: an int for a square board or the text the protocol takes.
//! A refusal of what the core refuses is a `ValueError` carrying the core's message.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

/// A core refusal as Python's `ValueError`.
pub fn refused(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// A Python int as given: its value where it fits an `i64`, else its decimal text.
pub enum Whole {
    Fits(i64),
    Huge(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "expected a whole number, not {}",
                value.str()?
            )));
        }
        match value.extract::<i64>() {
            Ok(number) => Ok(Whole::Fits(number)),
            Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
                Ok(Whole::Huge(value.str()?.to_string()))
            }
            Err(error) => Err(error),
        }
    }
}

impl Whole {
    /// The number, if it lies within `low..=high`; else a `ValueError` naming `name`.
    pub fn within<T: TryFrom<i64>>(&self, name: &str, range: (usize, usize)) -> PyResult<T> {
        let (low, high) = (range.0 as u64, range.1 as u64);
        let outside = |shown: &str| refused(format!("{name} {shown} is outside {low} to {high}"));
        match self {
            Whole::Fits(number) => {
                let fits = u64::try_from(*number).is_ok_and(|n| (low..=high).contains(&n));
                if !fits {
                    return Err(outside(&number.to_string()));
                }
                T::try_from(*number).map_err(|_| outside(&number.to_string()))
            }
            Whole::Huge(text) => Err(outside(text)),
        }
    }
}

/// `value` within `low..=high` where given, named `name` in a refusal.
pub fn optional<T: TryFrom<i64>>(
    value: Option<Whole>,
    name: &str,
    range: (usize, usize),
) -> PyResult<Option<T>> {
    value.map(|value| value.within(name, range)).transpose()
}

/// A board's size as given: `8` for a square board, or text (`"8"`, `"10x8"`).
pub struct Size(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for Size {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyString>() {
            return Ok(Size(value.extract()?));
        }
        match value.extract::<Whole>() {
            Ok(Whole::Fits(side)) => Ok(Size(side.to_string())),
            Ok(Whole::Huge(text)) => Ok(Size(text)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "size: expected an int or a text such as '10x8', not {}",
                value.get_type().name()?
            ))),
        }
    }
}

impl Size {
    /// The text the core reads, if a size was given.
    pub fn text(size: &Option<Size>) -> Option<&str> {
        size.as_ref().map(|size| size.0.as_str())
    }
}
