//! tabula for Python (the `tabula-engine` package, imported as `tabula_engine`): a door over
//! the core crate, like the binary. `Position` holds the rules, `Engine` the search, `VectorGames` a
//! batch of games stepped together (`tabula_engine.vector`); the
//! functions here are stateless, in pyffish's shape, for users coming from it. Every refusal
//! is a `ValueError` with the protocol's message; nothing here panics on what Python passes.

mod arguments;
mod engine;
mod evaluation;
mod interrupt;
mod limit;
mod opponent;
mod player;
mod position;
mod values;
mod vector;

use arguments::refused;
use position::State;
use pyo3::prelude::*;
use tabula_core::games::GameKind;

/// The game `game` from `fen` (its start if None) after `moves`.
fn state_after(game: &str, fen: Option<&str>, moves: Vec<String>) -> PyResult<State> {
    let mut state = State::open(game, None, fen).map_err(refused)?;
    for mv in &moves {
        state.play(mv).map_err(refused)?;
    }
    Ok(state)
}

/// The legal moves of `game` at `fen` (its start position if None) after `moves`.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Vec::new()))]
fn legal_moves(
    py: Python<'_>,
    game: &str,
    fen: Option<&str>,
    moves: Vec<String>,
) -> PyResult<Vec<String>> {
    position::list_moves(py, state_after(game, fen, moves)?.session)
}

/// The position string of `game` at `fen` (its start position if None) after `moves`.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Vec::new()))]
fn get_fen(game: &str, fen: Option<&str>, moves: Vec<String>) -> PyResult<String> {
    Ok(state_after(game, fen, moves)?.session.position_text())
}

/// How the game of `game` at `fen` (its start position if None) after `moves` ended, or None
/// while it goes on.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Vec::new()))]
fn result(game: &str, fen: Option<&str>, moves: Vec<String>) -> PyResult<Option<values::Outcome>> {
    Ok(state_after(game, fen, moves)?
        .session
        .verdict()
        .map(values::Outcome::from))
}

/// Whether `fen` is a position string that `game`'s rules accept (`Position(game, fen=fen)`
/// says why not).
#[pyfunction]
fn validate_fen(game: &str, fen: &str) -> PyResult<bool> {
    GameKind::parse(game).map_err(refused)?;
    Ok(State::open(game, None, Some(fen)).is_ok())
}

/// The games: (name, default board size, the sizes allowed).
#[pyfunction]
fn games() -> Vec<(&'static str, String, &'static str)> {
    GameKind::ALL
        .iter()
        .map(|kind| (kind.name(), kind.default_size().to_string(), kind.sizes()))
        .collect()
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", tabula_core::version::VERSION)?;
    module.add("__commit__", tabula_core::version::COMMIT)?;
    module.add_class::<position::Position>()?;
    module.add_class::<engine::Engine>()?;
    module.add_class::<values::Outcome>()?;
    module.add_class::<values::Score>()?;
    module.add_class::<values::PovScore>()?;
    module.add_class::<limit::Limit>()?;
    module.add_class::<limit::PlayResult>()?;
    module.add_class::<vector::VectorGames>()?;
    module.add_function(wrap_pyfunction!(legal_moves, module)?)?;
    module.add_function(wrap_pyfunction!(get_fen, module)?)?;
    module.add_function(wrap_pyfunction!(result, module)?)?;
    module.add_function(wrap_pyfunction!(validate_fen, module)?)?;
    module.add_function(wrap_pyfunction!(games, module)?)?;
    Ok(())
}
