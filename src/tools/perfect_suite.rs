//! `tabula probe GAME --suite N`: a perfect-play suite written from what the probes prove. The
//! positions come from the engine's own games (a few random first plies, then fast searches), or
//! with `--suite-lines` from lines of moves given (positions chosen by hand, such as the openings
//! the solver has proven); a position is kept where every legal move's value is proven, the side to move does not lose,
//! and some move throws the value away. Its `bm` lists every move that keeps the value: each
//! winning move of a won position, each drawing move of a drawn one.

use crate::game::BoardSize;
use crate::games::probe::{MoveValue, Probe};
use crate::games::{GameKind, open_session};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::session::GameSession;
use crate::tablebase::Proven;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How the games that the suite's positions come from are played and sampled.
pub struct SuiteRecipe {
    pub game: GameKind,
    pub size: BoardSize,
    /// Positions wanted.
    pub count: usize,
    /// The plies of a game at which a position may be taken, first and last.
    pub plies: (usize, usize),
    /// Random first plies of each game.
    pub random_plies: usize,
    /// Nodes of each search that plays a move after those.
    pub nodes: u64,
    pub seed: u64,
    /// Games to play at most before giving up on finding more positions.
    pub max_games: usize,
}

/// One suite line: the position, the moves that keep its value (every move's proven), and a
/// name saying why.
fn suite_line(session: &dyn GameSession, values: &[MoveValue], name: &str) -> Option<String> {
    let best = values.first()?.value?;
    if matches!(best, Proven::Loss(_)) {
        return None;
    }
    let keeps = |entry: &&MoveValue| match (entry.value, best) {
        (Some(Proven::Win(_)), Proven::Win(_)) => true,
        (value, _) => value == Some(best),
    };
    let kept: Vec<&str> = values
        .iter()
        .filter(keeps)
        .map(|entry| entry.text.as_str())
        .collect();
    (kept.len() < values.len()).then(|| {
        let kind = if best == Proven::Draw { "draw" } else { "win" };
        format!(
            "{} ; bm {} ; id \"{name}: {kind}, {} of {} moves keep it\"",
            session.position_text(),
            kept.join(" "),
            kept.len(),
            values.len()
        )
    })
}

/// Plays games and writes each position kept as a suite line to `out`, with `progress` told of
/// each game; returns how many lines were written.
pub fn write_suite(
    recipe: &SuiteRecipe,
    probe: &Probe,
    out: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<usize, String> {
    let mut rng = StdRng::seed_from_u64(recipe.seed);
    let tt = TranspositionTable::try_new(16)?;
    let limits = Limits {
        nodes: Some(recipe.nodes),
        ..Limits::default()
    };
    let mut written = 0;
    let mut seen = std::collections::HashSet::new();
    for game in 0..recipe.max_games {
        if written == recipe.count {
            break;
        }
        progress(game, written);
        let (first, last) = recipe.plies;
        let target = rng.random_range(first..=last.max(first));
        let mut session = open_session(recipe.game, recipe.size, None, &[], true)?;
        let mut ply = 0;
        while ply < target && session.verdict().is_none() {
            let mv = if ply < recipe.random_plies {
                let moves = session.legal_moves();
                moves.get(rng.random_range(0..moves.len().max(1))).cloned()
            } else {
                tt.clear();
                session.search_quietly(&limits, &tt).best_move
            };
            let Some(mv) = mv else { break };
            session.play_move(&mv)?;
            ply += 1;
        }
        if ply < target || session.verdict().is_some() || !seen.insert(session.position_text()) {
            continue;
        }
        let name = format!("game {} ply {ply}", game + 1);
        let line = probe
            .every_move_value(session.as_ref())
            .and_then(|values| suite_line(session.as_ref(), &values, &name));
        if let Some(line) = line {
            out(&line);
            written += 1;
        }
    }
    Ok(written)
}

/// A position a line of moves reaches: the line's number in its file (from 1), and its plies.
pub struct LinePosition {
    pub line: usize,
    pub plies: usize,
    pub session: Box<dyn GameSession>,
}

/// The positions that `text`'s lines of moves reach from the start of `game` on `size`: one line of moves (separated by spaces) a
/// position, blank lines and `#` comments skipped. A line that is not a game's moves is refused
/// with its number, before anything is solved.
pub fn positions_of_lines(
    game: GameKind,
    size: BoardSize,
    text: &str,
) -> Result<Vec<LinePosition>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            let moves: Vec<&str> = line.split_whitespace().collect();
            open_session(game, size, None, &moves, true)
                .map(|session| LinePosition {
                    line: index + 1,
                    plies: moves.len(),
                    session,
                })
                .map_err(|problem| format!("line {}: {problem}", index + 1))
        })
        .collect()
}

/// Writes a suite line to `out` for each of `positions` that qualifies (every move's value
/// proven, the side to move not losing, some move throwing the value away), in the file's
/// order once all are probed, the probe's threads taking whole positions in turn
/// ([`Probe::every_move_value_of_each`]), with `done` told as each position is finished;
/// returns how many lines were written.
pub fn write_suite_of_positions(
    positions: &[LinePosition],
    probe: &Probe,
    out: &mut dyn FnMut(&str),
    done: &(dyn Fn() + Sync),
) -> usize {
    let sessions: Vec<Box<dyn GameSession>> = positions
        .iter()
        .map(|position| position.session.boxed_clone())
        .collect();
    let mut written = 0;
    for (position, values) in positions
        .iter()
        .zip(probe.every_move_value_of_each(&sessions, done))
    {
        let session = position.session.as_ref();
        let name = format!("line {} ply {}", position.line, position.plies);
        if let Some(text) = values.and_then(|values| suite_line(session, &values, &name)) {
            out(&text);
            written += 1;
        }
    }
    written
}
