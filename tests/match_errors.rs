//! `tabula match` and what its engines say: an option an engine refuses stops the match before
//! its first game (unless told to play on), error lines and stderr lines written in games are
//! counted in the summary and kept by `--log`, and engines of one name are told apart.

#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use common::Engine;
use matches::{Played, TABULA, out_dir, play_match, summary_count, tags};

/// The message of tabula's own `info string error` answer to `setoption name <name> value
/// <value>`, asked of tabula directly.
fn refusal(name: &str, value: &str) -> String {
    let mut engine = Engine::start();
    let answer = engine.ask(&format!("setoption name {name} value {value}"));
    answer
        .iter()
        .find_map(|line| line.strip_prefix("info string error: "))
        .unwrap_or_else(|| panic!("tabula takes {name}={value}: {answer:?}"))
        .to_string()
}

/// The settings of the two-game Jeson Mor matches here: 300 nodes a move, the same openings.
const JESONMOR_TWO_GAMES: [&str; 8] = [
    "--game",
    "jesonmor",
    "--tc",
    "nodes=300",
    "--games",
    "2",
    "--seed",
    "3",
];

/// A two-game Jeson Mor match of `engines`, with `extra` arguments.
fn jesonmor_match(test: &str, engines: &[&str], extra: &[&str]) -> Played {
    let mut args = Vec::new();
    for engine in engines {
        args.extend(["--engine", engine]);
    }
    args.extend(JESONMOR_TWO_GAMES);
    args.extend(extra);
    play_match(test, &args)
}

/// A two-game Jeson Mor match of `bad` against a plain tabula, which must stop before its first
/// game (exit code 2, no games).
fn refused_match(test: &str, bad: &str) -> Played {
    let played = jesonmor_match(test, &[bad, &format!("cmd={TABULA} name=b")], &[]);
    assert_eq!(played.code, 2, "{}", played.stderr);
    assert!(played.games.is_empty(), "{}", played.games);
    played
}

/// The one `error:` line of a run.
fn error_line(played: &Played) -> &str {
    let errors: Vec<&str> = (played.stderr.lines())
        .filter(|line| line.starts_with("error: "))
        .collect();
    assert_eq!(errors.len(), 1, "{}", played.stderr);
    errors[0]
}

#[test]
fn a_net_that_cannot_be_read_stops_the_match_naming_the_engine_option_and_message() {
    let bad = format!("cmd={TABULA} option.EvalFile=/nonexistent.nnue name=bad");
    let played = refused_match("bad-net", &bad);
    let line = error_line(&played);
    let expected = format!(
        "engine 'bad' refused option.EvalFile=/nonexistent.nnue: {}",
        refusal("EvalFile", "/nonexistent.nnue")
    );
    assert!(line.contains(&expected), "{expected} in {line}");
    assert!(line.contains("--ignore-option-errors"), "{line}");
    assert!(played.stdout.is_empty(), "{}", played.stdout);
}

#[test]
fn unknown_options_and_bad_values_are_all_named() {
    let bad = format!("cmd={TABULA} name=typo option.Nope=1 option.Hash=abc");
    let played = refused_match("typos", &bad);
    let line = error_line(&played);
    for (name, value) in [("Nope", "1"), ("Hash", "abc")] {
        let expected = format!(
            "engine 'typo' refused option.{name}={value}: {}",
            refusal(name, value)
        );
        assert!(line.contains(&expected), "{expected} in {line}");
    }
    // An engine that takes an option it does not declare without a word is caught too.
    let silent = format!(
        "cmd=bash {}/tests/fake_engines/illegal.sh name=silent option.Nope=1",
        env!("CARGO_MANIFEST_DIR")
    );
    let played = jesonmor_match("silent", &[&format!("cmd={TABULA}"), &silent], &[]);
    assert_eq!(played.code, 2, "{}", played.stderr);
    assert!(
        error_line(&played)
            .contains("engine 'silent' refused option.Nope=1: it declares no option 'Nope'"),
        "{}",
        played.stderr
    );
}

#[test]
fn ignore_option_errors_plays_on_and_counts_the_errors_of_every_game() {
    let bad = format!("cmd={TABULA} option.EvalFile=/nonexistent.nnue name=bad");
    let played = jesonmor_match(
        "bad-net-on",
        &[&bad, &format!("cmd={TABULA} name=b")],
        &["--ignore-option-errors"],
    );
    assert_eq!(played.code, 0, "{}", played.stderr);
    assert!(
        played
            .stderr
            .contains("warning: engine 'bad' refused option.EvalFile=/nonexistent.nnue: ")
            && played
                .stderr
                .contains("playing on (--ignore-option-errors)"),
        "{}",
        played.stderr
    );
    assert_eq!(tags(&played.games, "Result").len(), 2);
    // Each game sets the engines up afresh, and the refusal comes again: once a game.
    let errors = "Error lines (info string error): ";
    assert_eq!(
        summary_count(&played.stdout, errors, "bad"),
        2,
        "{}",
        played.stdout
    );
    assert_eq!(
        summary_count(&played.stdout, errors, "b"),
        0,
        "{}",
        played.stdout
    );
}

#[test]
fn errors_and_stderr_lines_in_games_are_counted_logged_and_kept_on_resume() {
    let complainer = format!(
        "cmd=bash {}/tests/fake_engines/faulty.sh complain {TABULA} name=complainer",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = out_dir("complain");
    let log = out_dir("complain-log");
    let quiet = format!("cmd={TABULA} name=quiet");
    let mut args = vec!["match", "--engine", &quiet, "--engine", &complainer];
    args.extend(JESONMOR_TWO_GAMES);
    let (out_text, log_text) = (out.display().to_string(), log.display().to_string());
    args.extend(["--out", &out_text, "--log", &log_text]);
    let output = matches::tabula(&args);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // The fake engine writes one error line and one stderr line before its first move of each
    // game.
    let errors = "Error lines (info string error): ";
    let stderr_lines = "stderr lines: ";
    assert_eq!(summary_count(&stdout, errors, "complainer"), 2, "{stdout}");
    assert_eq!(
        summary_count(&stdout, stderr_lines, "complainer"),
        2,
        "{stdout}"
    );
    assert_eq!(summary_count(&stdout, errors, "quiet"), 0, "{stdout}");
    assert!(
        stderr.contains("warning: complainer wrote an error line in game 1: cannot read the net"),
        "{stderr}"
    );
    let logged = std::fs::read_to_string(&log).expect("the log");
    let _ = std::fs::remove_file(&log);
    assert!(
        logged.lines().any(|line| line.contains("complainer[")
            && line.ends_with(">> info string error: cannot read the net")),
        "{logged}"
    );
    assert!(
        logged
            .lines()
            .any(|line| line.ends_with("2> complain: cannot read the net")),
        "{logged}"
    );
    // The result file keeps the counts with its games, so that a resumed run (which plays
    // nothing more here) and a merge print them again.
    let again = matches::tabula(&args[..args.len() - 2]);
    let _ = std::fs::remove_dir_all(&out);
    let again_stdout = String::from_utf8_lossy(&again.stdout);
    assert_eq!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stderr).contains("resumed: 2 of 2 games kept"));
    assert_eq!(
        summary_count(&again_stdout, errors, "complainer"),
        2,
        "{again_stdout}"
    );
    assert_eq!(summary_count(&again_stdout, stderr_lines, "complainer"), 2);
}

#[test]
fn engines_of_one_name_get_unique_names_that_a_resumed_run_keeps() {
    let out = out_dir("twins");
    let easy = format!("{TABULA} option.Level=easy");
    let mut args = vec!["match", "--engine", TABULA, "--engine", &easy];
    args.extend(JESONMOR_TWO_GAMES);
    let out_text = out.display().to_string();
    args.extend(["--out", &out_text]);
    let first = matches::tabula(&args);
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert_eq!(first.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&first.stderr)
            .contains("engine 2 is also called 'tabula': it is 'tabula-2' in this match")
    );
    assert!(stdout.contains("tabula vs tabula-2: games 2,"), "{stdout}");
    assert!(
        stdout.contains("Time forfeits: tabula 0, tabula-2 0"),
        "{stdout}"
    );
    let games = std::fs::read_to_string(out.join("games.txt")).expect("games");
    let mut players = tags(&games, "White");
    players.sort();
    assert_eq!(players, ["tabula", "tabula-2"]);
    let result = std::fs::read_to_string(out.join("result.json")).expect("result");
    assert!(result.contains("\"name\": \"tabula-2\""), "{result}");
    // Run again, the match is the same one: resumed, not refused as another.
    let again = matches::tabula(&args);
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stderr).contains("resumed: 2 of 2 games kept"));
}
