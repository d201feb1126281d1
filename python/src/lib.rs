//! tabula for Python (the `tabula-engine` package, imported as `tabula_engine`): a door over
//! the core crate, like the binary. `Position` holds the rules, `Engine` the search, `VectorGames` a
//! batch of games stepped together (`tabula_engine.vector`); the
//! functions here are stateless, in pyffish's shape, for users coming from it; `records` reads
//! and writes game records for `tabula_engine.pgn`. Every refusal
//! is a `ValueError` with the protocol's message, cleaned as its error lines are; an argument
//! of the wrong type a `TypeError` naming it; nothing here panics on what Python passes.

mod arguments;
mod engine;
mod evaluation;
mod interrupt;
mod limit;
mod opponent;
mod player;
mod position;
mod records;
mod tables;
mod turns;
mod values;
mod vector;

use arguments::{Text, Texts, refused};
use position::State;
use pyo3::prelude::*;
use tabula_core::games::GameKind;

/// The game `game` from `fen` (its start if None) after `moves`.
fn state_after(game: Text, fen: Option<Text>, moves: Texts) -> PyResult<State> {
    let (game, fen) = (game.named("game")?, Text::optional(fen, "fen")?);
    let moves = moves.named("moves")?;
    let mut state = State::open(&game, None, fen.as_deref()).map_err(refused)?;
    for mv in &moves {
        state.play(mv).map_err(refused)?;
    }
    Ok(state)
}

/// The legal moves of `game` at `fen` (its start position if None) after `moves`.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Texts::none()),
    text_signature = "(game, fen=None, moves=())")]
fn legal_moves(
    py: Python<'_>,
    game: Text,
    fen: Option<Text>,
    moves: Texts,
) -> PyResult<Vec<String>> {
    position::list_moves(py, state_after(game, fen, moves)?.session)
}

/// The position string of `game` at `fen` (its start position if None) after `moves`.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Texts::none()),
    text_signature = "(game, fen=None, moves=())")]
fn get_fen(game: Text, fen: Option<Text>, moves: Texts) -> PyResult<String> {
    Ok(state_after(game, fen, moves)?.session.position_text())
}

/// How the game of `game` at `fen` (its start position if None) after `moves` ended, or None
/// while it goes on.
#[pyfunction]
#[pyo3(signature = (game, fen = None, moves = Texts::none()),
    text_signature = "(game, fen=None, moves=())")]
fn result(game: Text, fen: Option<Text>, moves: Texts) -> PyResult<Option<values::Outcome>> {
    Ok(state_after(game, fen, moves)?
        .session
        .verdict()
        .map(values::Outcome::from))
}

/// Whether `fen` is a position string that `game`'s rules accept (`Position(game, fen=fen)`
/// says why not).
#[pyfunction]
fn validate_fen(game: Text, fen: Text) -> PyResult<bool> {
    let (game, fen) = (game.named("game")?, fen.named("fen")?);
    GameKind::parse(&game).map_err(refused)?;
    Ok(State::open(&game, None, Some(&fen)).is_ok())
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
    let terminated = module.py().get_type::<engine::EngineTerminatedError>();
    module.add("EngineTerminatedError", terminated)?;
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
    module.add_function(wrap_pyfunction!(records::read_record, module)?)?;
    module.add_function(wrap_pyfunction!(records::write_record, module)?)?;
    Ok(())
}
