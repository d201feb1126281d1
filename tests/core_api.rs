//! The core crate as the doors (Python, the browser) call it: what they pass it from outside (a
//! game name, a board size, a position string, moves) is refused as a `Result` carrying the
//! protocol's own message, never a panic. Each refusal is checked against the binary's
//! `info string error:` line for the same input.

#[allow(dead_code)]
mod common;

use common::Engine;
use tabula_core::games::{game_and_size, open_session};

/// What the core says of a game opened from this input: `None` if it opens.
fn core_refusal(
    game: &str,
    size: Option<&str>,
    position: Option<&str>,
    moves: &[&str],
) -> Option<String> {
    let (kind, size) = match game_and_size(game, size) {
        Ok(found) => found,
        Err(why) => return Some(why),
    };
    open_session(kind, size, position, moves, true).err()
}

/// One bad input: the core's arguments, and the protocol command that carries the same input.
struct Case {
    size: Option<String>,
    position: Option<String>,
    moves: Vec<String>,
    command: String,
}

/// Bad input for `game`, whose start position string is `start` and first listed move `first`.
fn cases(game: &str, start: &str, first: &str) -> Vec<Case> {
    let board = start.split_once(' ').map_or(start, |(board, _)| board);
    let position = |text: String| Case {
        command: format!("position fen {text}"),
        size: None,
        position: Some(text),
        moves: vec![],
    };
    let moves = |played: &[&str]| Case {
        command: format!("position startpos moves {}", played.join(" ")),
        size: None,
        position: None,
        moves: played.iter().map(|m| m.to_string()).collect(),
    };
    let size = |text: &str| Case {
        command: format!("newgame {game} {text}"),
        size: Some(text.to_string()),
        position: None,
        moves: vec![],
    };
    vec![
        size("0"),
        size("26x8"),
        size("big"),
        position(format!("{board} x")),
        position(format!("{board}/1 w")),
        position("sideways".to_string()),
        moves(&["zz9"]),
        moves(&["é1c3"]),
        moves(&[first, first]),
    ]
}

#[test]
fn the_cores_refusals_are_the_protocols_in_every_game() {
    for game in ["joust", "jesonmor", "claustro", "apart"] {
        let mut engine = Engine::start_game(game);
        let (start, first) = engine.position_and_first_move();
        for case in cases(game, &start, &first) {
            let (size, position) = (case.size.as_deref(), case.position.as_deref());
            let played: Vec<&str> = case.moves.iter().map(String::as_str).collect();
            let command = case.command;
            let refusal = core_refusal(game, size, position, &played)
                .unwrap_or_else(|| panic!("{game}: the core accepted what `{command}` carries"));
            assert_eq!(
                engine.ask(&command),
                [format!("info string error: {refusal}")],
                "{game}: {command}"
            );
        }
    }
    assert_eq!(
        core_refusal("chess", None, None, &[]),
        Some("unknown game 'chess'".to_string())
    );
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("newgame chess"),
        ["info string error: unknown game 'chess'"]
    );
}
