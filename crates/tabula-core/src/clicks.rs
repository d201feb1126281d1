//! What a board page asks of the rules while a person enters a move by clicking: the squares a
//! move text visits, as the page draws and clicks them (read by the board's own geometry,
//! `board::geometry`), and the squares that may be clicked next. The GUI's server
//! (`tabula gui`) and the browser module both ask here.

use crate::board::geometry::{Geometry, geometry};
use crate::game::BoardSize;
use crate::session::GameSession;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The most legal moves read to answer one question about moves by their squares (the games
/// other than Apart have far fewer). Apart, whose contrived positions have hundreds of millions,
/// is asked about squares instead (see [`targets`]). Moves are read one by one and never kept.
pub const SCANNED_MOVES: usize = 1_000_000;

/// What may be clicked next while a move is entered: square names, and the move the squares
/// picked make, if they make one.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Targets {
    pub next: Vec<String>,
    pub complete: Option<String>,
}

/// The geometry of a board of `size` (a size some game allows).
pub fn board_geometry(size: BoardSize) -> &'static Geometry {
    geometry(size.width, size.height)
}

/// The squares a move text visits (`b1h1f3` is b1, h1, f3) on a board of `size`; `None` for a
/// pass or text that is not a run of square names of that board.
pub fn move_squares(text: &str, size: BoardSize) -> Option<Vec<usize>> {
    board_geometry(size).parse_square_path(text).ok()
}

/// The names of the squares of a move (none for a pass or anything else).
pub fn move_square_names(text: &str, size: BoardSize) -> Vec<String> {
    let geometry = board_geometry(size);
    move_squares(text, size)
        .unwrap_or_default()
        .into_iter()
        .map(|square| geometry.square_name(square))
        .collect()
}

/// A game whose moves are entered by asking the rules ([`crate::game::Game::ENTERED_BY_ASKING`]:
/// Apart, whose every movement ends a whole turn and whose contrived positions have hundreds of
/// millions of turns, too many to read) answers the squares itself
/// ([`crate::game::Game::asked_next_squares`]). In the other games a move's first squares need
/// not make a whole move (a Claustro capture goes on with a placement), so the legal moves are
/// read, one by one. `starts` keeps the squares a move may start from, worked out once.
pub fn targets(
    session: &dyn GameSession,
    path: &[String],
    live: bool,
    starts: &OnceLock<Vec<usize>>,
) -> Result<Targets, String> {
    let size = session.size();
    let geometry = board_geometry(size);
    let picked = if path.is_empty() {
        Vec::new()
    } else {
        move_squares(&path.concat(), size)
            .filter(|squares| squares.len() == path.len())
            .ok_or_else(|| format!("'{}' is not a list of squares", path.join(" ")))?
    };
    if !live {
        return Ok(Targets::default());
    }
    let mut next = if session.entered_by_asking() {
        if picked.is_empty() {
            starts
                .get_or_init(|| session.asked_next_squares(&[]))
                .clone()
        } else {
            session.asked_next_squares(&picked)
        }
    } else if let (true, Some(known)) = (picked.is_empty(), starts.get()) {
        known.clone()
    } else {
        let next = continuations(session, &picked)?;
        if picked.is_empty() {
            let _ = starts.set(next.clone());
        }
        next
    };
    // By file, then rank, as people read a list of squares.
    next.sort_unstable_by_key(|&square| geometry.coords(square));
    next.dedup();
    let complete = (picked.len() >= 2)
        .then(|| session.canonical_move(&path.concat()).ok())
        .flatten();
    Ok(Targets {
        next: next
            .into_iter()
            .map(|square| geometry.square_name(square))
            .collect(),
        complete,
    })
}

/// The squares that follow `picked` in some legal move, read from the moves one by one.
fn continuations(session: &dyn GameSession, picked: &[usize]) -> Result<Vec<usize>, String> {
    let size = session.size();
    let mut next = Vec::new();
    let mut read = 0;
    let mut too_many = false;
    session.write_legal_moves(&mut |text| {
        read += 1;
        if read > SCANNED_MOVES {
            too_many = true;
            return ControlFlow::Break(());
        }
        if let Some(squares) = move_squares(text, size)
            && squares.len() > picked.len()
            && squares[..picked.len()] == picked[..]
            && !next.contains(&squares[picked.len()])
        {
            next.push(squares[picked.len()]);
        }
        ControlFlow::Continue(())
    });
    if too_many {
        return Err(format!(
            "this position has more than {SCANNED_MOVES} legal moves; type the move instead"
        ));
    }
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, build_session};
    use crate::session::Setup;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// On Apart positions of seeded random play (8 x 8 to 25 x 25): the squares a move may
    /// start from are the first squares of the legal moves, a start square's next squares
    /// are the second squares of its moves of one movement, and a whole move entered is
    /// completed as the list writes it.
    #[test]
    fn apart_targets_follow_the_listed_moves() {
        for (seed, size, plies) in [(31, 8, 20), (32, 16, 40), (33, 25, 60)] {
            let mut rng = StdRng::seed_from_u64(seed);
            let board = BoardSize::square(size);
            let mut session = build_session(GameKind::Apart, Setup::Start(board), &[], true)
                .expect("an apart board");
            let geometry = board_geometry(board);
            for _ in 0..plies {
                if session.verdict().is_some() {
                    break;
                }
                let legal = session.legal_moves();
                let squares: Vec<Vec<String>> = legal
                    .iter()
                    .map(|text| move_square_names(text, board))
                    .collect();
                let mut starts: Vec<String> = squares.iter().map(|s| s[0].clone()).collect();
                starts.sort_unstable_by_key(|name| {
                    geometry.coords(geometry.parse_square(name).expect("a square"))
                });
                starts.dedup();
                let found = targets(&*session, &[], true, &OnceLock::new());
                assert_eq!(found.expect("targets").next, starts);
                let start = &starts[rng.random_range(0..starts.len())];
                let mut seconds: Vec<String> = squares
                    .iter()
                    .filter(|s| s.len() == 2 && &s[0] == start)
                    .map(|s| s[1].clone())
                    .collect();
                seconds.sort_unstable_by_key(|name| {
                    geometry.coords(geometry.parse_square(name).expect("a square"))
                });
                let path = [start.clone()];
                let found = targets(&*session, &path, true, &OnceLock::new());
                assert_eq!(found.expect("targets").next, seconds);
                let chosen = &legal[rng.random_range(0..legal.len())];
                let entered = move_square_names(chosen, board);
                if entered.len() >= 2 {
                    let found = targets(&*session, &entered, true, &OnceLock::new());
                    assert_eq!(found.expect("targets").complete.as_ref(), Some(chosen));
                }
                session.play_move(chosen).expect("a listed move");
            }
        }
    }

    #[test]
    fn reads_runs_of_squares() {
        let size = BoardSize::square(25);
        assert_eq!(move_square_names("a10b12", size), ["a10", "b12"]);
        assert_eq!(move_square_names("b1h1f3", size), ["b1", "h1", "f3"]);
        for bad in [
            "0000",
            "",
            "a0",
            "a",
            "A1",
            "z1",
            "a26",
            "a1-",
            "a99999999999999999999",
        ] {
            assert_eq!(move_squares(bad, size), None, "{bad}");
        }
        assert_eq!(move_squares("i9", BoardSize::square(8)), None);
    }
}
