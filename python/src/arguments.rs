//! Arguments from Python, checked by name, by one rule: an argument of the wrong type (a float,
//! a bool or a text where a whole number is wanted, one text where a list of texts is) is a
//! `TypeError` naming the argument and the type given (`depth must be an int, not float`), and a
//! number of the right type out of range a `ValueError` naming the argument and its range
//! (`depth -1 is outside 1 to 255`), never PyO3's `OverflowError` or its own wording. Arguments
//! are read leniently and checked where their names are known ([`Whole::within`],
//! [`Text::named`], ...). Board sizes: an int for a square board or the text the protocol
//! takes. A refusal of what the core refuses is a `ValueError` carrying the core's message,
//! cleaned as the protocol cleans its error lines.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};
use std::fmt::Display;
use tabula_core::protocol::output::printable;

/// A core refusal as Python's `ValueError`, made printable as the binary's `info string error:`
/// line is: control characters escaped, a long word of input cut to its start and length.
pub fn refused(message: String) -> PyErr {
    PyValueError::new_err(printable(&message))
}

/// The `TypeError` of the argument `name`, which is not `wanted` but of the type `given`.
pub fn wrong_type(name: &str, wanted: &str, given: &str) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {wanted}, not {given}"))
}

/// The name of `value`'s type.
pub fn type_name(value: &Borrowed<'_, '_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "another type".to_string(), |name| name.to_string())
}

/// A Python int as given: its value where it fits an `i64`, else its decimal text; or the type
/// of what came instead.
pub enum Whole {
    Fits(i64),
    Huge(String),
    NotInt(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let int = !value.is_instance_of::<PyBool>()
            && (value.is_instance_of::<PyInt>() || value.hasattr("__index__")?);
        if !int {
            return Ok(Whole::NotInt(type_name(&value)));
        }
        match value.extract::<i64>() {
            Ok(number) => Ok(Whole::Fits(number)),
            Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
                Ok(Whole::Huge(value.str()?.to_string()))
            }
            Err(_) => Ok(Whole::NotInt(type_name(&value))),
        }
    }
}

impl Whole {
    /// The number, if it lies within `low..=high`; else a `ValueError` naming `name` (a
    /// `TypeError` if it is no int).
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
            Whole::NotInt(given) => Err(wrong_type(name, "an int", given)),
        }
    }

    /// The number, if a `T` holds it (negative ones too); else a `ValueError` naming `name`
    /// and `T`'s range (a `TypeError` if it is no int).
    pub fn signed<T>(&self, name: &str, low: T, high: T) -> PyResult<T>
    where
        T: TryFrom<i64> + Display + Copy,
    {
        let outside = |shown: &str| refused(format!("{name} {shown} is outside {low} to {high}"));
        match self {
            Whole::Fits(number) => T::try_from(*number).map_err(|_| outside(&number.to_string())),
            Whole::Huge(text) => Err(outside(text)),
            Whole::NotInt(given) => Err(wrong_type(name, "an int", given)),
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

/// A number of seconds as given: an int or a float (not a bool); or the type of what came
/// instead.
pub struct Seconds(Result<f64, String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Seconds {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let number = value.is_instance_of::<PyFloat>()
            || (value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>());
        let seconds = value.extract::<f64>().ok().filter(|_| number);
        Ok(Seconds(seconds.ok_or_else(|| type_name(&value))))
    }
}

impl From<f64> for Seconds {
    fn from(seconds: f64) -> Self {
        Seconds(Ok(seconds))
    }
}

impl Seconds {
    /// The seconds, or a `TypeError` naming `name`.
    pub fn named(&self, name: &str) -> PyResult<f64> {
        self.0
            .clone()
            .map_err(|given| wrong_type(name, "an int or a float", &given))
    }
}

/// A text argument as given: a `str`, or the type of what came instead.
pub struct Text(Result<String, String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Text(match value.cast::<PyString>() {
            Ok(text) => Ok(text.to_str()?.to_string()),
            Err(_) => Err(type_name(&value)),
        }))
    }
}

impl Text {
    /// The text, or a `TypeError` naming `name`.
    pub fn named(self, name: &str) -> PyResult<String> {
        self.0.map_err(|given| wrong_type(name, "a str", &given))
    }

    /// The text of an argument that may be None.
    pub fn optional(text: Option<Text>, name: &str) -> PyResult<Option<String>> {
        text.map(|text| text.named(name)).transpose()
    }
}

/// A list of texts (moves, squares) as given: any iterable of `str`, but not one `str`, whose
/// characters would be read as texts one by one; or what came instead.
pub struct Texts(Result<Vec<String>, String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Texts {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyString>() {
            return Ok(Texts(Err(type_name(&value))));
        }
        let Ok(items) = value.try_iter() else {
            return Ok(Texts(Err(type_name(&value))));
        };
        let mut texts = Vec::new();
        for item in items {
            let item = item?;
            match item.cast::<PyString>() {
                Ok(text) => texts.push(text.to_str()?.to_string()),
                Err(_) => {
                    let given = type_name(&item.as_borrowed());
                    return Ok(Texts(Err(format!("a list holding {given}"))));
                }
            }
        }
        Ok(Texts(Ok(texts)))
    }
}

impl Texts {
    /// No texts.
    pub fn none() -> Texts {
        Texts(Ok(Vec::new()))
    }

    /// The texts, or a `TypeError` naming `name`.
    pub fn named(self, name: &str) -> PyResult<Vec<String>> {
        self.0
            .map_err(|given| wrong_type(name, "a list of str", &given))
    }
}

/// A yes or no as Python reads one: any object, by its truth (as `if` reads it).
pub struct Flag(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        value.is_truthy().map(Flag)
    }
}

/// A board's size as given: `8` for a square board, or text (`"8"`, `"10x8"`).
pub struct Size(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for Size {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyString>() {
            return Ok(Size(value.extract()?));
        }
        match value.extract::<Whole>()? {
            Whole::Fits(side) => Ok(Size(side.to_string())),
            Whole::Huge(text) => Ok(Size(text)),
            Whole::NotInt(given) => {
                Err(wrong_type("size", "an int or a str such as '10x8'", &given))
            }
        }
    }
}

impl Size {
    /// The text the core reads, if a size was given.
    pub fn text(size: &Option<Size>) -> Option<&str> {
        size.as_ref().map(|size| size.0.as_str())
    }
}
