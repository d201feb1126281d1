//! The search probing a loaded table or proof inside its tree (`SolutionFile`, UCI's
//! `tbhits`), through the real binary: every Claustro move searched alone (`searchmoves`) scores
//! what the table's `probe` says of it, as a mate in the table's distance; a Joust proof's
//! defence searches as a proven loss, as a plain negamax over the rules finds it; and nothing is
//! probed where no table is loaded or the loaded one covers another board.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::Engine;
use common::negamax::mover_wins;
use common::solving::solve_into;
use tabula::game::BoardSize;
use tabula::games::{GameKind, build_session};
use tabula::session::Setup;

/// An engine on `game` with the table or proof at `path` loaded.
fn engine_with(game: &str, path: &std::path::Path) -> Engine {
    let mut engine = Engine::start_game(game);
    engine.send(&format!(
        "setoption name SolutionFile value {}",
        path.display()
    ));
    engine.read_until("info string solution table loaded");
    engine
}

/// The value of `field` (`score`: both words) in the last `info depth` line of `lines`.
fn last_info(lines: &[String], field: &str) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info line in {lines:?}"));
    let words: Vec<&str> = line.split(' ').collect();
    let at = words
        .iter()
        .position(|word| *word == field)
        .unwrap_or_else(|| panic!("no {field} in {line}"));
    let width = if field == "score" { 2 } else { 1 };
    words[at + 1..=at + width].join(" ")
}

/// The score a search gives a move whose value `probe` writes as `value` (`win in 3`, `loss in
/// 2`, `draw`): a mate in as many of the mover's moves as the plies to the end take.
fn expected_score(value: &str) -> String {
    let plies = |rest: &str| rest.parse::<i32>().expect("a distance");
    if let Some(rest) = value.strip_prefix("win in ") {
        format!("mate {}", (plies(rest) + 1) / 2)
    } else if let Some(rest) = value.strip_prefix("loss in ") {
        format!("mate -{}", (plies(rest) + 1) / 2)
    } else {
        assert_eq!(value, "draw");
        "cp 0".to_string()
    }
}

#[test]
fn every_claustro_move_searched_alone_scores_what_the_table_says_of_it() {
    let (path, _) = solve_into(
        &["solve", "claustro", "--pawns", "2"],
        "--out",
        "tbhits.tbl",
    );
    let mut engine = engine_with("claustro", &path);
    let mut decided = 0;
    for fen in [
        "3P1/5/1p3/1P3/1p3 w 0 1",
        "5/1p1p1/5/1P1P1/5 w 0 1",
        "5/2p2/1P1p1/2P2/5 b 0 1",
    ] {
        let position = format!("position fen {fen}");
        engine.send(&position);
        engine.send("probe nodes 0");
        let probed = engine.read_until("info string probe position");
        for line in &probed[..probed.len() - 1] {
            let rest = line.strip_prefix("info string probe move ").expect(line);
            let (mv, value) = rest.split_once(' ').expect(line);
            let lines = engine.search(&format!("go depth 3 searchmoves {mv}"));
            assert_eq!(
                last_info(&lines, "score"),
                expected_score(value),
                "{fen} {mv}: {lines:?}"
            );
            let tbhits: u64 = last_info(&lines, "tbhits").parse().expect("a count");
            let ends_at_once = value.ends_with(" in 1");
            assert_eq!(tbhits == 0, ends_at_once, "{fen} {mv}: {lines:?}");
            decided += usize::from(value != "draw");
        }
    }
    assert!(
        decided > 0,
        "the positions hold wins or losses, not only draws"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_joust_proof_s_defence_searches_as_the_proven_loss_a_negamax_finds() {
    let (path, _) = solve_into(&["solve", "joust", "5"], "--proof", "tbhits.proof");
    let mut engine = engine_with("joust 5", &path);
    // The winner's first move from the proof (`go` answers from it at once).
    let first = engine.bestmove("go depth 1");
    let first = first.strip_prefix("bestmove ").expect("a move").to_string();
    let defence = build_session(
        GameKind::Joust,
        Setup::Start(BoardSize::square(5)),
        &[first.as_str()],
        false,
    )
    .expect("a legal move");
    assert!(!mover_wins(defence.as_ref()), "the defender loses");
    let position = format!("position startpos moves {first}");
    let lines = engine.search_from(&position, "go depth 3");
    assert_eq!(last_info(&lines, "score"), "cp -19999", "{lines:?}");
    assert_ne!(last_info(&lines, "tbhits"), "0", "{lines:?}");
    // Without the proof, and with it on another board, the search probes nothing.
    let mut plain = Engine::start_game("joust 5");
    let lines = plain.search_from(&position, "go depth 3");
    assert_eq!(last_info(&lines, "tbhits"), "0", "{lines:?}");
    engine.send("newgame joust 7");
    let lines = engine.search_from("position startpos moves d4f3", "go depth 3");
    assert_eq!(last_info(&lines, "tbhits"), "0", "{lines:?}");
    let _ = std::fs::remove_file(&path);
}
