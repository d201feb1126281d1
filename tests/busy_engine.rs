//! Commands sent while a search runs: `stop`, `isready` and `quit` are answered at once whatever
//! waits behind the search, the waiting commands keep their order, and MultiPV lines come in score
//! order with the best one played.

#[allow(dead_code)]
mod common;

use common::{Engine, PROMPT, starting_with};

#[test]
fn isready_and_stop_are_answered_behind_a_command_that_waits_for_the_search() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("go movetime 20000");
    let before_ready = engine.ask_promptly("setoption name MultiPV value 2");
    assert!(!before_ready.iter().any(|l| l.starts_with("bestmove")));
    engine.send("stop");
    engine.read_promptly("bestmove");
    // The queued option took effect once the search had answered.
    let lines = engine.search("go depth 2");
    assert!(
        lines.iter().any(|l| l.contains(" multipv 2 ")),
        "{lines:#?}"
    );
}

#[test]
fn quit_ends_the_engine_behind_a_command_that_waits_for_the_search() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("go depth 60");
    engine.send("setoption name Threads value 2");
    engine.assert_quits_within(PROMPT);
}

#[test]
fn stop_also_ends_the_searches_queued_before_it() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("go movetime 20000");
    engine.send("go movetime 20000");
    engine.send("stop");
    engine.read_promptly("bestmove");
    engine.read_promptly("bestmove");
}

#[test]
fn commands_behind_a_search_keep_their_order() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("go depth 5");
    engine.send("newgame claustro");
    // `d` needs no idle engine, but it comes after `newgame`, so it must show Claustro.
    engine.send("d");
    let lines = engine.read_until("Game:");
    let answered = lines.iter().position(|l| l.starts_with("bestmove"));
    assert!(answered.is_some(), "{lines:#?}");
    assert!(lines.last().unwrap().contains("claustro"), "{lines:#?}");
}

/// The multipv number and the centipawn score of an `info` line.
fn multipv_and_score(line: &str) -> Option<(usize, i32)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).copied()
    };
    let multipv = after("multipv")?.parse().ok()?;
    let score = if after("score")? == "cp" {
        words[words.iter().position(|w| *w == "cp")? + 1]
            .parse()
            .ok()?
    } else {
        return None;
    };
    Some((multipv, score))
}

#[test]
fn multipv_lines_come_in_score_order_and_the_first_is_played() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("setoption name MultiPV value 3");
    let lines = engine.search("go depth 14");
    let infos = starting_with(&lines, "info depth");
    let mut last_first_move = None;
    let mut previous: Option<(usize, i32)> = None;
    for line in &infos {
        let Some((multipv, score)) = multipv_and_score(line) else {
            continue;
        };
        if multipv == 1 {
            last_first_move = line
                .split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split(' ').next());
        } else if let Some((earlier, earlier_score)) = previous {
            assert_eq!(earlier + 1, multipv, "{infos:#?}");
            assert!(earlier_score >= score, "lines out of order: {infos:#?}");
        }
        previous = Some((multipv, score));
    }
    let played = lines.last().unwrap().split_whitespace().nth(1);
    assert!(last_first_move.is_some(), "{infos:#?}");
    assert_eq!(played, last_first_move);
}

#[test]
fn isready_and_quit_are_answered_during_a_long_perft() {
    let mut engine = Engine::start_game("jesonmor");
    engine.ask_promptly("perft 7");
    // stop does not end a perft: it goes on, and what is sent after it waits.
    engine.send("stop");
    engine.assert_quits_within(PROMPT);
}

#[test]
fn output_after_a_perft_keeps_its_order() {
    let mut engine = Engine::start();
    engine.send("perft 3");
    engine.send("d");
    let lines = engine.read_until("Fen:");
    let total = lines.iter().position(|l| l.starts_with("Nodes searched: "));
    assert!(total.is_some(), "{lines:#?}");
}

#[test]
fn quit_answers_what_waited_but_starts_nothing() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("go depth 60");
    engine.send("setoption name MultiPV value 0");
    engine.send("perft 3");
    engine.send("xyzzy");
    engine.assert_quits_within(PROMPT);
    let lines = engine.rest();
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 2, "{lines:#?}");
    assert!(
        errors[0].contains("'0'") && errors[1].contains("'xyzzy'"),
        "{errors:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:#?}"
    );
}
