//! Jeson Mor through the protocol: the real binary, driven through stdin, read through stdout.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::{Engine, assert_shows};

const START: &str = "Fen: nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0 1";
/// Knights shuffled out and back twice: the start position for the third time.
const SHUFFLE_TWICE: &str = "b1c3 b9c7 c3b1 c7b9 b1c3 b9c7 c3b1 c7b9";

#[test]
fn newgame_jesonmor_sets_up_every_size() {
    let mut engine = Engine::start_game("jesonmor");
    let lines = engine.display();
    assert_shows(&lines, START);
    assert!(lines.iter().any(|l| l.trim() == "a b c d e f g h i"));
    engine.send("newgame jesonmor 5");
    engine.assert_displays("Fen: nnnnn/5/5/5/NNNNN w 0 1");
    engine.send("newgame jesonmor 25");
    assert!(engine.bestmove("go depth 2").starts_with("bestmove "));
}

#[test]
fn uci_variant_selects_jesonmor_with_plain_uci_moves() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value jesonmor");
    assert!(engine.display().contains(&START.to_string()));
    let moves = engine.ask("moves");
    assert_eq!(moves[0].split_whitespace().count(), 30, "{moves:?}");
    engine.send("position startpos moves b1c3 b9c7 c3d5 c7d5");
    engine.assert_displays("Fen: n1nnnnnnn/9/9/9/3n5/9/9/9/N1NNNNNNN w 0 3");
}

/// Every first move of Jeson Mor leaves black its 30 knight moves (the table of perft in every
/// game is in tests/protocol.rs).
#[test]
fn every_first_move_leaves_thirty_replies() {
    let mut engine = Engine::start_game("jesonmor");
    let lines = engine.perft("go perft 2");
    assert!(
        lines[..30].iter().all(|l| l.ends_with(": 30")),
        "{lines:#?}"
    );
}

/// Openings four random plies deep where neither side can force the centre (searches to depth 21
/// stay within 30 centipawns of even): no depth may score the race for the centre as decided.
/// Late move pruning once skipped the only defences and claimed +79 pawns at depths 13 to 16.
#[test]
fn open_openings_are_never_scored_as_decided_races() {
    for opening in [
        "i1g2 f9h8 b1a3 d9c7",
        "i1h3 e9d7 c1e2 d7b6",
        "h1i3 i9h7 f1h2 e9d7",
    ] {
        let mut engine = Engine::start_game("jesonmor");
        let lines =
            engine.search_from(&format!("position startpos moves {opening}"), "go depth 16");
        let decided = lines.iter().find(|line| {
            line.split_whitespace()
                .skip_while(|&word| word != "cp")
                .nth(1)
                .and_then(|cp| cp.parse::<i32>().ok())
                .is_some_and(|cp| cp.abs() >= 4000)
        });
        assert!(decided.is_none(), "{opening}: {decided:?}");
    }
}

#[test]
fn queries_after_a_centre_win() {
    let mut engine = Engine::start_game("jesonmor");
    engine.assert_result("position fen 4n4/9/9/9/4N4/9/9/9/4N4 w 0 1", "none");
    engine.assert_result(
        "position fen 4n4/9/9/9/4N4/9/9/9/4N4 w 0 1 moves e5g6",
        "p1win",
    );
    engine.assert_displays("Status: white wins (a knight left the centre)");
    engine.assert_result(
        "position fen 4n4/9/9/9/4n4/9/9/9/4N4 b 0 1 moves e5c4",
        "p2win",
    );
    assert_eq!(engine.bestmove("go depth 2"), "bestmove (none)");
}

#[test]
fn threefold_repetition_draws_unless_engine_draws_are_off() {
    let mut engine = Engine::start_game("jesonmor");
    engine.assert_result(&format!("position startpos moves {SHUFFLE_TWICE}"), "draw");
    engine.send("setoption name EngineDraws value false");
    engine.assert_result(&format!("position startpos moves {SHUFFLE_TWICE}"), "none");
}

#[test]
fn a_hundred_plies_without_a_capture_draw() {
    let mut engine = Engine::start_game("jesonmor");
    engine.assert_result(
        "position fen nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 99 50",
        "none",
    );
    engine.assert_result(
        "position fen nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 99 50 moves b1c3",
        "draw",
    );
}

#[test]
fn bench_covers_jesonmor() {
    let mut engine = Engine::start();
    // bench runs on its own thread (isready is answered at once): its last line is the total.
    engine.send("bench");
    let mut lines = Vec::new();
    while let Some(line) = engine.next_line(common::TIMEOUT) {
        let total = line.ends_with(" nps");
        lines.push(line);
        if total {
            break;
        }
    }
    let searched: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("jesonmor "))
        .collect();
    assert!(searched.len() >= 2, "{lines:#?}");
    assert!(searched.iter().all(|l| !l.contains("(none)")));
}

/// A 9 x 9 board of 60 knights, legal by the position string, where nearly every move captures:
/// the search once never answered here, whatever the limit, `stop` unheard (issue 62).
const CROWDED: &str =
    "position fen 1NnN1nNnN/2N4NN/nN1nNN2n/NnNn1N1Nn/NnN3Nn1/nN1Nn1nNN/1N4NNn/nnnn1N2N/NN2n1N1N w";

#[test]
fn a_crowded_board_answers_every_limit_and_stop() {
    let mut engine = Engine::start();
    engine.send("newgame jesonmor");
    engine.send(CROWDED);
    let moves = engine.ask("moves");
    let answers_a_legal_move = |lines: Vec<String>| {
        let best = lines.last().and_then(|line| line.strip_prefix("bestmove "));
        best.is_some_and(|mv| moves[0].split_whitespace().any(|legal| legal == mv))
    };
    for go in ["go nodes 1", "go depth 1", "go movetime 50"] {
        engine.send(go);
        assert!(answers_a_legal_move(engine.read_until("bestmove")), "{go}");
    }
    engine.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(10));
    engine.send("stop");
    assert!(answers_a_legal_move(engine.read_until("bestmove")));
}
