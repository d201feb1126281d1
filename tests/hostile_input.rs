//! Input meant to hurt, or that asks too much: terminal escape sequences, NUL bytes, a megabyte
//! token, a table larger than the memory allowed, a search deeper than any. Each gets one
//! readable error line and changes nothing.

#[allow(dead_code)]
mod common;

use common::{Engine, errors, the_error};
use std::process::{Command, Stdio};

#[test]
fn error_lines_never_carry_control_characters_or_megabytes() {
    let mut engine = Engine::start();
    engine.send_bytes(b"\x1b[2J\x00clear\n");
    let reply = engine.ask("");
    let found = the_error(&reply);
    assert!(!found.chars().any(char::is_control), "{found}");
    assert!(found.contains("\\u{1b}[2J\\u{0}clear"), "{found}");

    let token = "x".repeat(1 << 20);
    let reply = engine.ask(&token);
    let found = the_error(&reply);
    assert!(found.len() < 400, "{} bytes", found.len());
    // The token is counted without the quotes around it, which stay after the cut.
    assert!(
        found.contains("xxx...(1048576 characters)' (try 'help')"),
        "{found}"
    );
}

#[test]
fn a_search_deeper_than_any_is_refused() {
    let mut engine = Engine::start();
    let reply = engine.ask("go depth 99999");
    assert!(errors(&reply)[0].contains("'99999'"), "{reply:#?}");
    assert!(!reply.iter().any(|l| l.starts_with("bestmove")));
}

#[test]
fn a_pass_in_a_game_without_passes_is_named_as_such() {
    for game in ["joust", "jesonmor", "claustro"] {
        let mut engine = Engine::start_game(game);
        let before = engine.display();
        let reply = engine.ask("position startpos moves 0000");
        assert!(errors(&reply)[0].contains("pass"), "{game}: {reply:#?}");
        assert_eq!(engine.display(), before);
    }
}

#[test]
fn a_button_takes_no_value() {
    let mut engine = Engine::start();
    let reply = engine.ask("setoption name Clear Hash value yes");
    assert!(errors(&reply)[0].contains("'yes'"), "{reply:#?}");
    assert!(errors(&engine.ask("setoption name Clear Hash")).is_empty());
}

#[test]
fn a_table_larger_than_the_memory_allowed_is_refused_and_the_old_one_kept() {
    // Three gigabytes of address space: the binary runs, an 8 GB table cannot be had.
    let script = format!(
        "ulimit -v 3000000 && exec '{}'",
        env!("CARGO_BIN_EXE_tabula")
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let input = "setoption name Hash value 8192\nisready\ngo depth 3\n";
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input.as_bytes())
        .expect("write");
    let output = child.wait_with_output().expect("the engine ends");
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("info string error: ") && l.contains("8192")),
        "{text}"
    );
    assert!(text.contains("readyok"), "{text}");
    assert!(text.contains("bestmove "), "{text}");
}

#[test]
fn subcommands_refuse_counts_out_of_range_instead_of_changing_them() {
    let analyse = ["analyse", "--game", "joust"];
    let perft = ["perft", "joust", "3"];
    for (command, args) in [
        (analyse, ["--depth", "0"]),
        (analyse, ["--depth", "256"]),
        (analyse, ["--multipv", "0"]),
        (analyse, ["--threads", "0"]),
        (analyse, ["--hash", "0"]),
        (analyse, ["--nodes", "0"]),
        (perft, ["--threads", "0"]),
        (perft, ["--threads", "257"]),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(command)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs");
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {errors}");
        assert!(
            errors.contains(&format!("'{}'", args[1])),
            "{args:?}: {errors}"
        );
    }
}
