//! `tabula suite --engine`: a suite's best-move positions asked of an engine process (tabula
//! itself, a level of it, fake engines of tests/fake_engines), its moves judged by tabula's rules
//! and scored; perft fields counted by tabula's rules whatever the engine.

#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use matches::{TABULA, fake, run_command};

const JOUST_TACTICS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/suites/joust-tactics.epd");
const CLAUSTRO_TACTICS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/suites/claustro-tactics.epd");

/// Each position's verdict (`pass <id>` or `FAIL <id>`) and the move played, the scores left
/// out; then the score line and the totals.
fn verdicts(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|line| match line.split_once(" (") {
            Some((kept, _)) if !line.starts_with("score: ") => kept.to_string(),
            _ => line.to_string(),
        })
        .collect()
}

/// A suite file of `text` for `test` (in the temporary directory).
fn suite_file(test: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("tabula-suite-{test}-{}.epd", std::process::id()));
    std::fs::write(&path, text).expect("a suite file");
    path.display().to_string()
}

#[test]
fn tabula_as_an_engine_passes_what_its_own_search_passes() {
    let limits = ["--game", "joust", "--depth", "5"];
    let (code, own, err) = run_command("suite", &[&[JOUST_TACTICS], &limits[..]].concat());
    assert!(code == 0 || code == 1, "{code}: {err}");
    let engine = format!("cmd={TABULA}");
    let args = [
        &[JOUST_TACTICS],
        &limits[..],
        &["--engine", &engine, "name=self"],
    ]
    .concat();
    let (engine_code, asked, err) = run_command("suite", &args);
    assert_eq!(engine_code, code, "{asked}{err}");
    assert_eq!(verdicts(&asked), verdicts(&own), "{asked}\n{own}");
    let lines: Vec<&str> = own.lines().collect();
    let score = lines[lines.len() - 2];
    assert!(
        score.starts_with("score: ") && score.ends_with(" %)"),
        "{own}"
    );
    assert!(lines[lines.len() - 1].ends_with(" failed"), "{own}");
    assert!(asked.contains("pass last square: played d4b3"), "{asked}");
}

#[test]
fn a_level_is_scored() {
    let engine = format!("cmd={TABULA}");
    let (code, out, err) = run_command(
        "suite",
        &[
            CLAUSTRO_TACTICS,
            "--game",
            "claustro",
            "--movetime",
            "50",
            "--engine",
            &engine,
            "option.Level=easy",
        ],
    );
    assert!(code == 0 || code == 1, "{code}: {out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[lines.len() - 2].starts_with("score: ") && lines[lines.len() - 2].contains(" of 2 "),
        "{out}"
    );
    let (code, _, err) = run_command(
        "suite",
        &[
            CLAUSTRO_TACTICS,
            "--game",
            "claustro",
            "--engine",
            &engine,
            "option.Level=bogus",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("refused option.Level=bogus"), "{err}");
}

#[test]
fn an_illegal_move_fails_naming_it_and_scores_nothing() {
    let (code, out, err) = run_command(
        "suite",
        &[
            JOUST_TACTICS,
            "--game",
            "joust",
            "--depth",
            "2",
            "--engine",
            &fake("illegal"),
        ],
    );
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[..lines.len() - 2]
            .iter()
            .all(|line| line.starts_with("FAIL ") && line.contains("illegal move: move 'a1a1'")),
        "{out}"
    );
    let score = lines[lines.len() - 2];
    assert!(
        score.starts_with("score: 0 of ") && score.ends_with("(0.0 %)"),
        "{out}"
    );
    assert_eq!(
        lines[lines.len() - 1],
        format!("0 passed, {} failed", lines.len() - 2)
    );
}

#[test]
fn perft_is_counted_by_tabula_whatever_the_engine() {
    let file = suite_file(
        "perft",
        "8/8/8/4n3/3N4/8/8/8 w 0 1 ; D1 8 ; D3 356 ; id counted\n",
    );
    let (code, out, err) = run_command(
        "suite",
        &[&file, "--game", "joust", "--engine", &fake("illegal")],
    );
    let _ = std::fs::remove_file(&file);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "pass counted: D1 8, D3 356\n1 passed, 0 failed\n");
}

#[test]
fn an_engine_that_fails_stops_the_suite_naming_it_and_the_entry() {
    let file = suite_file("crash", "3N/4/2*1/n3 w 0 1 ; bm d4b3 ; id trap\n");
    let (code, out, err) = run_command(
        "suite",
        &[
            &file,
            "--game",
            "joust",
            "--depth",
            "2",
            "--engine",
            &fake("crash"),
        ],
    );
    let _ = std::fs::remove_file(&file);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err.trim(),
        "error: engine 'crash' disconnects: exit code 3, at trap (line 1)"
    );
}

#[test]
fn bad_engine_settings_are_named() {
    let cases: [(&[&str], &str); 3] = [
        (&["cmd=x", "tc=10+0.1"], "'tc=10+0.1'"),
        (&["cmd=x", "proto=xboard"], "'xboard'"),
        (&["cmd=/no/such/engine"], "failed to start"),
    ];
    for (engine, problem) in cases {
        let args = [&[JOUST_TACTICS, "--game", "joust", "--engine"], engine].concat();
        let (code, out, err) = run_command("suite", &args);
        assert_eq!(code, 2, "{engine:?}: {out}");
        assert!(err.contains(problem), "{engine:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_clock_asks_each_position_as_a_game_s_first_move_on_that_clock() {
    let log = std::env::temp_dir().join(format!("tabula-suite-clock-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let engine = format!(
        "cmd=bash {}/tests/fake_engines/tap.sh {} {TABULA}",
        env!("CARGO_MANIFEST_DIR"),
        log.display()
    );
    let args = [CLAUSTRO_TACTICS, "--game", "claustro", "--clock", "1+0.01"];
    let (code, stdout, err) = run_command("suite", &[&args[..], &["--engine", &engine]].concat());
    assert_eq!(code, 0, "{stdout}{err}");
    let sent = std::fs::read_to_string(&log).expect("the tap's log");
    let _ = std::fs::remove_file(&log);
    let gos: Vec<&str> = sent
        .lines()
        .filter(|line| line.starts_with("go "))
        .collect();
    let positions = stdout
        .lines()
        .filter(|line| line.starts_with("pass "))
        .count();
    assert_eq!(gos.len(), positions);
    assert!(
        gos.iter()
            .all(|go| *go == "go p1time 1000 p2time 1000 p1inc 10 p2inc 10"),
        "{gos:?}"
    );
    // tabula's own search takes the same clock; a clock is not also a depth.
    let (code, own, err) = run_command("suite", &args);
    assert_eq!(code, 0, "{own}{err}");
    for (bad, token) in [("1+x", "'1+x'"), ("movetime=100", "'movetime=100'")] {
        let (code, _, err) = run_command(
            "suite",
            &[CLAUSTRO_TACTICS, "--game", "claustro", "--clock", bad],
        );
        assert_eq!(code, 2);
        assert!(err.contains(token), "{err}");
    }
    let (code, _, err) = run_command("suite", &[&args[..], &["--depth", "3"]].concat());
    assert_eq!(code, 2, "{err}");
}
