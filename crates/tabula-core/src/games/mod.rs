//! The games, and the one place that maps a game's name and board size to its compiled type.

pub mod apart;
pub mod claustro;
pub mod jesonmor;
pub mod joust;
#[cfg(test)]
mod laws;
#[cfg(test)]
mod perft_until_tests;
pub mod probe;
#[cfg(test)]
mod probe_tests;
mod solution_oracle;
#[cfg(test)]
mod test_support;

use crate::at_word_class;
use crate::board::bitboard::words_for;
use crate::board::position_text::parse_position_text;
use crate::game::BoardSize;
use crate::session::{GameSession, GameState, Setup, SharedOracle};
use crate::words::excerpt;
use apart::Apart;
use claustro::Claustro;
use jesonmor::JesonMor;
use joust::Joust;
use std::path::Path;

/// The games tabula knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameKind {
    Joust,
    JesonMor,
    Claustro,
    Apart,
}

impl GameKind {
    /// Every game, in the order the protocol lists them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Joust,
        GameKind::JesonMor,
        GameKind::Claustro,
        GameKind::Apart,
    ];

    /// The protocol name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Joust => "joust",
            GameKind::JesonMor => "jesonmor",
            GameKind::Claustro => "claustro",
            GameKind::Apart => "apart",
        }
    }

    /// The game called `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name))
    }

    /// The game called `name` (case-insensitive), or the protocol's refusal naming it.
    pub fn parse(name: &str) -> Result<GameKind, String> {
        GameKind::from_name(name).ok_or_else(|| format!("unknown game '{name}'"))
    }

    /// The name people read (`Jeson Mor`).
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Joust => "Joust",
            GameKind::JesonMor => "Jeson Mor",
            GameKind::Claustro => "Claustro",
            GameKind::Apart => "Apart",
        }
    }

    /// The board sizes the game allows, in words.
    pub fn sizes(self) -> &'static str {
        match self {
            GameKind::Joust => "3 to 25 each way",
            GameKind::JesonMor => "N x N with N odd, 5 to 25",
            GameKind::Claustro => "5 to 25 each way",
            GameKind::Apart => "square, 8x8 to 25x25",
        }
    }

    /// The default board size.
    pub fn default_size(self) -> BoardSize {
        match self {
            GameKind::Joust | GameKind::Apart => BoardSize::square(8),
            GameKind::JesonMor => BoardSize::square(9),
            GameKind::Claustro => BoardSize::square(5),
        }
    }
}

fn boxed<S: GameSession + 'static>(
    state: Result<S, String>,
) -> Result<Box<dyn GameSession>, String> {
    state.map(|state| Box::new(state) as Box<dyn GameSession>)
}

/// A game of `kind` set up by `setup`, after `moves`, with or without the engine-policy draws;
/// or the first problem found.
pub fn build_session(
    kind: GameKind,
    setup: Setup,
    moves: &[&str],
    engine_draws: bool,
) -> Result<Box<dyn GameSession>, String> {
    let (width, height) = match setup {
        Setup::Start(size) => (size.width, size.height),
        Setup::Text(text) => (text.width, text.height),
    };
    if !(1..=25).contains(&width) || !(1..=25).contains(&height) {
        return Err(format!(
            "{} board {width}x{height} is not allowed ({})",
            kind.name(),
            kind.sizes()
        ));
    }
    let words = words_for(width * height);
    // The session of one game type, at the word count of this board.
    macro_rules! session_of {
        ($game:ident) => {
            at_word_class!(
                words,
                boxed(GameState::<$game>::build(setup, moves, engine_draws))
            )
        };
    }
    match kind {
        GameKind::Joust => session_of!(Joust),
        GameKind::JesonMor => session_of!(JesonMor),
        GameKind::Apart => session_of!(Apart),
        GameKind::Claustro => session_of!(Claustro),
    }
}

/// A game of `kind` after `moves`, from the start on a board of `size` or from the position
/// string `position` (whose own board size then counts), with or without the engine-policy
/// draws; or the first problem found, in the protocol's words (a bad position string's named as
/// `position '...': why`).
pub fn open_session(
    kind: GameKind,
    size: BoardSize,
    position: Option<&str>,
    moves: &[&str],
    engine_draws: bool,
) -> Result<Box<dyn GameSession>, String> {
    match position {
        None => build_session(kind, Setup::Start(size), moves, engine_draws),
        Some(text) => parse_position_text(text)
            .and_then(|parsed| build_session(kind, Setup::Text(&parsed), moves, engine_draws))
            .map_err(|problem| format!("position '{}': {problem}", excerpt(text))),
    }
}

/// The number of inputs of the nets of the game named `game` on a board of `size`, or why
/// there are none (an unknown game, a board the game does not allow).
pub fn net_input_count(game: &str, size: BoardSize) -> Result<usize, String> {
    let kind = GameKind::from_name(game).ok_or_else(|| format!("no such game '{game}'"))?;
    let session = build_session(kind, Setup::Start(size), &[], false)?;
    match session.input_count() {
        0 => Err(format!("{game} has no nets")),
        inputs => Ok(inputs),
    }
}

/// Loads a solution table or proof (`SolutionFile`): a Claustro table written by `tabula solve
/// claustro`, or a Joust proof written by `tabula solve joust --proof`, told apart by their first
/// bytes.
pub fn load_oracle(path: &Path) -> Result<SharedOracle, String> {
    let (mut file, _) = crate::bounded_read::open(path, MAX_PROOF_BYTES)?;
    let mut start = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(&mut file, joust::solve::PROOF_MAGIC.len() as u64),
        &mut start,
    )
    .map_err(|error| format!("cannot read '{}': {error}", path.display()))?;
    if start != joust::solve::PROOF_MAGIC {
        return Ok(std::sync::Arc::new(
            claustro::solution::SolutionTable::read(path)?,
        ));
    }
    let bytes = crate::bounded_read::read_bytes(path, MAX_PROOF_BYTES)?;
    let proof = joust::solve::LoadedProof::from_bytes(&bytes)
        .map_err(|problem| format!("'{}': {problem}", path.display()))?;
    Ok(std::sync::Arc::new(proof))
}

/// The largest proof file `SolutionFile` reads (and the largest Claustro table's size is
/// checked by the table's own reader).
const MAX_PROOF_BYTES: u64 = 1 << 32;

/// The game named `game` and its board (`size`, else the game's default).
pub fn game_and_size(game: &str, size: Option<&str>) -> Result<(GameKind, BoardSize), String> {
    let kind = GameKind::parse(game)?;
    let size = size
        .map(BoardSize::parse)
        .transpose()?
        .unwrap_or(kind.default_size());
    Ok((kind, size))
}
