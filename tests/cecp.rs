//! The CECP (XBoard) dialogue with the real binary: the handshake, play under each kind of
//! time control, taking moves back, thinking output, analysis, result claims, and the error
//! replies that leave the game unchanged.

#[allow(dead_code)]
mod common;

use common::Engine;
use std::time::{Duration, Instant};

/// Claustro: white's pawn d5 is one step from its goal e5.
const DOORSTEPS: &str = "3P1/5/2p2/1P3/1p3 w 0 1";

/// An engine switched to CECP, its features read.
fn xboard() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until("feature done=1");
    (engine, features)
}

/// Sends `line` and a ping, and returns what came before the pong.
fn ask(engine: &mut Engine, line: &str) -> Vec<String> {
    engine.send(line);
    engine.send("ping 99");
    let mut lines = engine.read_until("pong 99");
    lines.pop();
    lines
}

/// Sends `line` and checks that it is taken: no error reply, no move refused (`variant` may
/// print a `setup` line for XBoard).
fn assert_accepted(engine: &mut Engine, line: &str) {
    let answer = ask(engine, line);
    assert!(
        !answer
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal move")),
        "{line}: {answer:#?}"
    );
}

/// The move of a `move M` line, after every line before it.
fn engine_move(engine: &Engine) -> (String, Vec<String>) {
    let mut lines = engine.read_until("move ");
    let last = lines.pop().unwrap_or_default();
    (last["move ".len()..].to_string(), lines)
}

/// Whether `moves`, played from the start of `game` and checked by a second engine over UCI,
/// are all legal.
fn legal_by_uci(game: &str, moves: &[&str]) -> bool {
    let mut judge = Engine::start();
    judge.send(&format!("newgame {game}"));
    let answer = judge.ask(&format!("position startpos moves {}", moves.join(" ")));
    answer.is_empty()
}

#[test]
fn protover_2_announces_the_features_with_done_last() {
    let (_engine, features) = xboard();
    let all = features.join(" ");
    for feature in [
        "usermove=1",
        "setboard=1",
        "ping=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "myname=\"tabula",
        "variants=\"joust,jesonmor,claustro,apart\"",
    ] {
        assert!(all.contains(feature), "{feature} missing: {features:#?}");
    }
    assert_eq!(features.last().map(String::as_str), Some("feature done=1"));
    assert!(features.iter().all(|line| line.starts_with("feature ")));
}

#[test]
fn the_engine_answers_a_user_move_with_a_legal_move_and_plays_on() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "sd 2"] {
        assert_accepted(&mut engine, line);
    }
    engine.send("usermove e1d3");
    let (reply, _) = engine_move(&engine);
    assert!(legal_by_uci("jesonmor", &["e1d3", &reply]), "{reply}");
    // The engine's move is on the board: the same reply again is not legal for white.
    let refused = ask(&mut engine, &format!("usermove {reply}"));
    assert_eq!(refused, vec![format!("Illegal move: {reply}")]);
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let (mut engine, _) = xboard();
    ask(&mut engine, "force");
    assert_eq!(
        ask(&mut engine, "usermove d4d5"),
        vec!["Illegal move: d4d5"]
    );
    assert_eq!(
        ask(&mut engine, "usermove z9z9"),
        vec!["Illegal move: z9z9"]
    );
    // Still white to move at the start: white's first move is taken.
    assert_eq!(ask(&mut engine, "usermove d4c2"), Vec::<String>::new());
}

#[test]
fn bad_commands_get_cecp_error_replies() {
    let (mut engine, _) = xboard();
    assert_eq!(
        ask(&mut engine, "frobnicate 3"),
        vec!["Error (unknown command): frobnicate 3"]
    );
    assert_eq!(
        ask(&mut engine, "sd deep"),
        vec!["Error (not a number): sd deep"]
    );
    assert_eq!(
        ask(&mut engine, "variant chess"),
        vec!["Error (unsupported variant): unknown game 'chess'"]
    );
    let refused = ask(&mut engine, "setboard 9/9 w 0 1");
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert!(
        refused[0].starts_with("Error (illegal position): "),
        "{refused:#?}"
    );
    assert_eq!(
        ask(&mut engine, "undo"),
        vec!["Error (no move to take back): undo"]
    );
}

#[test]
fn go_plays_for_the_side_to_move_and_playother_gives_the_engine_the_other_side() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "sd 1", "force", "usermove e1d3"] {
        ask(&mut engine, line);
    }
    // Black to move: go makes the engine black, and it answers at once.
    engine.send("go");
    let (black, _) = engine_move(&engine);
    assert!(legal_by_uci("jesonmor", &["e1d3", &black]), "{black}");
    // force, then playother: the engine takes the side not to move (black again) and waits.
    ask(&mut engine, "force");
    assert_eq!(ask(&mut engine, "playother"), Vec::<String>::new());
    engine.send("usermove d3e5");
    let (second, _) = engine_move(&engine);
    assert!(
        legal_by_uci("jesonmor", &["e1d3", &black, "d3e5", &second]),
        "{black} {second}"
    );
}

#[test]
fn remove_takes_back_two_plies_and_undo_one() {
    let (mut engine, _) = xboard();
    for line in [
        "new",
        "variant jesonmor",
        "force",
        "usermove e1d3",
        "usermove e9d7",
    ] {
        assert_accepted(&mut engine, line);
    }
    assert_eq!(ask(&mut engine, "remove"), Vec::<String>::new());
    // White to move from the start again: e1d3 is legal once more.
    assert_eq!(ask(&mut engine, "usermove e1d3"), Vec::<String>::new());
    assert_eq!(ask(&mut engine, "undo"), Vec::<String>::new());
    assert_eq!(ask(&mut engine, "usermove e1f3"), Vec::<String>::new());
}

#[test]
fn post_shows_thinking_lines_and_nopost_hides_them() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "sd 3", "post"] {
        ask(&mut engine, line);
    }
    engine.send("usermove e1d3");
    let (reply, thinking) = engine_move(&engine);
    assert!(!thinking.is_empty());
    for line in &thinking {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(fields.len() >= 5, "{line}");
        assert!(
            fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
            "{line}"
        );
    }
    assert_eq!(
        thinking.last().map(|l| l.split(' ').nth(4)),
        Some(Some(&*reply))
    );
    for line in ["force", "remove", "nopost", "go"] {
        engine.send(line);
    }
    let (_, quiet) = engine_move(&engine);
    assert!(quiet.is_empty(), "{quiet:#?}");
}

#[test]
fn a_move_that_ends_the_game_is_claimed_in_cecp_form() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant claustro", "force"] {
        ask(&mut engine, line);
    }
    assert_eq!(
        ask(&mut engine, &format!("setboard {DOORSTEPS}")),
        Vec::<String>::new()
    );
    // The user's winning move is claimed...
    assert_eq!(
        ask(&mut engine, "usermove d5e5"),
        vec!["1-0 {White wins: a pawn reached its goal}"]
    );
    // ... and so is the engine's.
    ask(&mut engine, &format!("setboard {DOORSTEPS}"));
    ask(&mut engine, "sd 3");
    engine.send("go");
    let (mv, _) = engine_move(&engine);
    assert_eq!(mv, "d5e5");
    assert_eq!(
        engine.next_line(common::TIMEOUT).as_deref(),
        Some("1-0 {White wins: a pawn reached its goal}")
    );
    // The game is over: go claims the result again and plays nothing.
    assert_eq!(
        ask(&mut engine, "go"),
        vec!["1-0 {White wins: a pawn reached its goal}"]
    );
}

#[test]
fn the_clock_bounds_the_move_and_move_now_ends_the_search() {
    let (mut engine, _) = xboard();
    // Half a second left of a whole-game control: the move comes well within two seconds,
    // where the default control (40 moves in 5 minutes) would think for several.
    for line in [
        "new",
        "variant jesonmor",
        "level 0 1 0",
        "time 50",
        "otim 50",
    ] {
        ask(&mut engine, line);
    }
    let asked = Instant::now();
    engine.send("usermove e1d3");
    engine_move(&engine);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    // A minute a move, cut short by `?`.
    for line in ["force", "remove", "st 60"] {
        ask(&mut engine, line);
    }
    engine.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    engine.send("?");
    engine_move(&engine);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn analyze_thinks_without_moving_follows_the_moves_and_exits() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "force", "analyze"] {
        engine.send(line);
    }
    let first = engine.next_line(common::TIMEOUT).unwrap_or_default();
    assert!(first.split_whitespace().count() >= 5, "{first}");
    engine.send(".");
    engine.send("usermove e1d3");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("exit");
    let lines = ask(&mut engine, "nopost");
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:#?}");
    // The analysed move was played: black to move, so e9d7 is legal and e1d3 is not.
    assert_eq!(
        ask(&mut engine, "usermove e1f3"),
        vec!["Illegal move: e1f3"]
    );
    assert_eq!(ask(&mut engine, "usermove e9d7"), Vec::<String>::new());
}

#[test]
fn quit_ends_the_engine_even_while_it_thinks() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "st 60", "go", "quit"] {
        engine.send(line);
    }
    assert!(engine.exits_within(Duration::from_secs(2)));
}

#[test]
fn a_uci_search_stopped_by_xboard_does_not_disturb_the_first_cecp_search() {
    let mut engine = Engine::start();
    // The UCI search is stopped when `xboard` comes; its late word must not be taken for the
    // analysis that CECP starts next.
    for line in [
        "newgame jesonmor",
        "go infinite",
        "xboard",
        "protover 2",
        "analyze",
    ] {
        engine.send(line);
    }
    engine.read_until("feature done=1");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("exit");
    engine.send("ping 5");
    let asked = Instant::now();
    engine.read_until("pong 5");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn a_sized_variant_sets_up_that_board_and_tells_xboard_its_size() {
    let (mut engine, _) = xboard();
    let answer = ask(&mut engine, "variant 7x7_jesonmor");
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("setup ") && l.contains(" 7x7+0_") && l.contains("nnnnnnn/7/")),
        "{answer:#?}"
    );
    // The game is on the 7 x 7 board: g1 is its last file, h1 is off it.
    assert_accepted(&mut engine, "force");
    assert_accepted(&mut engine, "usermove g1f3");
    assert_eq!(
        ask(&mut engine, "variant 7x7_jesonmor"),
        answer,
        "a new variant line starts again"
    );
    assert_eq!(
        ask(&mut engine, "usermove h1g3"),
        vec!["Illegal move: h1g3"]
    );
}
