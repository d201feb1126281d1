//! The protocol's law, one line per game: every bad input, from one shared corpus and from the
//! game's own cases, gets exactly one error line naming the bad token, and changes nothing.
//! (The rules' laws, the same for every game, are in `crates/tabula-core/src/games/laws.rs`.)

#[allow(dead_code)]
mod common;

use common::Engine;
use std::time::Duration;

/// Input that every game refuses, made for `game` whose start position string is `start` and
/// whose first listed move is `first`: (command, what its error line must contain).
fn shared_corpus(game: &str, start: &str, first: &str) -> Vec<(String, String)> {
    let (board, _) = start.split_once(' ').unwrap_or((start, ""));
    let cases = [
        ("xyzzy".to_string(), "'xyzzy'"),
        ("position fen".to_string(), "fen"),
        ("position sideways".to_string(), "'sideways'"),
        (format!("position fen {board} x"), "'x'"),
        (format!("position fen {board}/1 w"), "ragged"),
        (format!("position fen {board} w 0 1 extra"), "'extra'"),
        ("position startpos moves zz9".to_string(), "'zz9'"),
        ("position startpos moves foo".to_string(), "'foo'"),
        ("position startpos moves é1c3".to_string(), "'é1c3'"),
        (format!("position startpos moves {first}€"), "€"),
        (format!("position startpos moves {first} {first}"), first),
        ("position startpos moves z9z8".to_string(), "'z9z8'"),
        (format!("newgame {game} 0"), "0x0"),
        (format!("newgame {game} 26"), "26x26"),
        (format!("newgame {game} 26x8"), "26x8"),
        (format!("newgame {game} big"), "'big'"),
        ("newgame chess".to_string(), "'chess'"),
        ("setoption name Hash value 0".to_string(), "'0'"),
        ("setoption name Hash value lots".to_string(), "'lots'"),
        ("setoption name Nonsense value 1".to_string(), "'Nonsense'"),
        (
            "setoption name UCI_Variant value chess".to_string(),
            "'chess'",
        ),
        ("setoption name Clear Hash value now".to_string(), "'now'"),
        ("go depth x".to_string(), "'x'"),
        ("go depth 256".to_string(), "'256'"),
        ("go wtime".to_string(), "'wtime'"),
        ("go sideways 3".to_string(), "'sideways'"),
        ("go searchmoves zz9".to_string(), "'zz9'"),
        ("perft 99".to_string(), "'99'"),
        ("perft".to_string(), "depth"),
        ("query weather".to_string(), "'weather'"),
        ("isready please".to_string(), "'please'"),
    ];
    cases
        .into_iter()
        .map(|(command, named)| (command, named.to_string()))
        .collect()
}

/// Starts `game`, plays its first listed move, then sends every bad input of the shared corpus
/// and of `own`: each must get one error line containing what it names and leave `d` unchanged.
fn refuses_bad_input(game: &str, own: &[(&str, &str)]) {
    let mut engine = Engine::start_game(game);
    let (start, first) = engine.position_and_first_move();
    let first = first.as_str();
    engine.send(&format!("position startpos moves {first}"));
    let before = engine.display();
    let own = own.iter().map(|&(c, n)| (c.to_string(), n.to_string()));
    for (command, named) in shared_corpus(game, &start, first).into_iter().chain(own) {
        let reply = engine.ask(&command);
        assert_eq!(reply.len(), 1, "{game}: {command}: {reply:?}");
        assert!(
            reply[0].starts_with("info string error: ") && reply[0].contains(&named),
            "{game}: {command}: {reply:?} should name {named}"
        );
        assert_eq!(
            engine.display(),
            before,
            "{game}: {command} changed the state"
        );
    }
    engine.send_bytes(b"\xff\xfe\x00garbage\n");
    engine.send_bytes(b"go depth \xff\n");
    let reply = engine.ask("");
    assert_eq!(reply.len(), 2, "{game}: {reply:?}");
    assert!(reply.iter().all(|l| l.starts_with("info string error: ")));
    assert_eq!(engine.display(), before);
    engine.close_input();
    assert!(engine.exits_within(Duration::from_secs(5)));
    assert!(!engine.stderr().contains("panicked"));
}

#[test]
fn joust() {
    refuses_bad_input(
        "joust",
        &[
            ("position fen 8/8/8/4n3/3N4/8/8/7N w", "white knight"),
            ("position fen 8/8/8/8/3N4/8/8/8 w", "exactly one"),
            ("position fen 8/8/8/4p3/3N4/8/8/8 w", "'p'"),
            ("position startpos moves d4e5", "'d4e5'"),
            ("position startpos moves 0000", "pass"),
            ("newgame joust 2", "2x2"),
        ],
    );
}

#[test]
fn jesonmor() {
    refuses_bad_input(
        "jesonmor",
        &[
            ("position fen nnnnnnnn/8/8/8/8/8/8/NNNNNNNN w", "8x8"),
            ("position fen nnn/3/NNN w", "3x3"),
            (
                "position fen 27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27 w",
                "27x27",
            ),
            ("position fen nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNP w", "'P'"),
            (
                "position fen nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0",
                "partner",
            ),
            ("position startpos moves b1d3", "'b1d3'"),
            ("position startpos moves b9c7", "'b9c7'"),
            ("position startpos moves 0000", "pass"),
            ("newgame jesonmor 8", "8x8"),
            ("newgame jesonmor 9x7", "9x7"),
        ],
    );
}

#[test]
fn claustro() {
    refuses_bad_input(
        "claustro",
        &[
            ("position fen p4/5/5/5/5 w", "neutral corner a5"),
            ("position fen 5/5/5/5/P4 w", "own home corner a1"),
            ("position fen 4p/5/5/5/5 w", "own home corner e5"),
            ("position fen 4/4/4/4 w", "4x4"),
            ("position fen 5/5/2n2/5/5 w", "'n'"),
            ("position startpos moves c2d3", "'c2d3'"),
            ("position startpos moves 0000", "pass"),
            ("newgame claustro 4", "4x4"),
        ],
    );
}

#[test]
fn apart() {
    refuses_bad_input(
        "apart",
        &[
            ("position fen 7/7/7/7/7/7/7 w", "7x7"),
            ("position fen 8/8/8/8/8/8/8/8/8 w", "8x9"),
            ("position fen 8/8/8/8/8/8/8/6Pn w", "'n'"),
            ("position fen 8/8/8/8/8/8/8/6P* w", "'*'"),
            ("position startpos moves b1b2", "'b1b2'"),
            ("position startpos moves b2d4f6", "'b2d4f6'"),
            ("position startpos moves 0000", "passing"),
            ("newgame apart 7", "7x7"),
            ("newgame apart 9x8", "9x8"),
        ],
    );
}
