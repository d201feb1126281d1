//! `tabula match` tests: real tabula processes and small fake engines (tests/fake_engines),
//! checking counts, records, forfeits and the SPRT stop.

#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use matches::{TABULA, fake, out_dir, run_command, run_match, summary_count, tags};
use std::process::Command;

/// Replays a recorded game with tabula itself and returns its `query result` answer.
fn replayed_result(opening: &str, moves: &[&str]) -> String {
    let setup = match opening.split_once(" moves ") {
        Some((start, opening_moves)) => format!("{start} moves {opening_moves}"),
        None => format!("{opening} moves"),
    };
    let setup = if setup.starts_with("startpos") {
        setup
    } else {
        format!("fen {setup}")
    };
    let script = format!("position {setup} {}\nquery result\n", moves.join(" "));
    let output = Command::new(TABULA)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .expect("tabula runs");
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

#[test]
fn a_match_between_two_tabulas_has_consistent_counts_and_records() {
    let engine_a = format!("cmd={TABULA} name=A");
    let engine_b = format!("cmd={TABULA} name=B option.Hash=4");
    let (code, stdout, games) = run_match(
        "two-tabulas",
        &[
            "--engine",
            &engine_a,
            "--engine",
            &engine_b,
            "--game",
            "joust",
            "--tc",
            "nodes=300",
            "--games",
            "6",
            "--seed",
            "11",
            "--concurrency",
            "2",
        ],
    );
    assert_eq!(code, 0, "{stdout}");
    let results = tags(&games, "Result");
    assert_eq!(results.len(), 6, "{games}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("A vs B:"))
        .expect("pairing line");
    assert!(line.contains("games 6,"), "{line}");
    let count = |result| results.iter().filter(|r| **r == result).count();
    let colours = format!(
        "White vs black: +{} ={} -{},",
        count("1-0"),
        count("1/2-1/2"),
        count("0-1")
    );
    assert!(stdout.contains(&colours), "{colours} in {stdout}");
    // Every recorded result is what tabula's rules say of the recorded moves.
    for record in games.split("\n\n[Event").filter(|r| r.contains("[Result")) {
        let opening = tags(record, "Opening")[0];
        let result = tags(record, "Result")[0];
        let movetext: String = record
            .lines()
            .filter(|l| !l.starts_with('[') && !l.ends_with("\"]"))
            .collect::<Vec<_>>()
            .join(" ");
        let without_comments: String = movetext
            .split('{')
            .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
            .collect();
        let moves: Vec<&str> = without_comments
            .split_whitespace()
            .filter(|t| t.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
            .collect();
        let expected = match result {
            "1-0" => "response p1win",
            "0-1" => "response p2win",
            _ => "response draw",
        };
        let reason = tags(record, "Termination")[0];
        if reason.starts_with("adjudicated") {
            // The claimed winning move, played, wins by the rules.
            let winning = reason.split_whitespace().last().expect("the winning move");
            assert_eq!(
                replayed_result(opening, &moves),
                "response none",
                "{record}"
            );
            let mut with_win = moves.clone();
            with_win.push(winning);
            assert_eq!(replayed_result(opening, &with_win), expected, "{record}");
        } else {
            assert_eq!(replayed_result(opening, &moves), expected, "{record}");
        }
    }
}

/// The summary's counts of each engine failure, as `[time forfeits, disconnects, stalls]` of
/// the engine named `name`.
fn failures_of(stdout: &str, name: &str) -> [u32; 3] {
    ["Time forfeits: ", "Disconnects: ", "stalls: "]
        .map(|prefix| summary_count(stdout, prefix, name))
}

#[test]
fn failing_engines_lose_and_each_failure_is_named_and_counted() {
    let tabula = format!("cmd={TABULA} name=tabula");
    let faulty = |mode: &str| {
        format!(
            "cmd=bash {}/tests/fake_engines/faulty.sh {mode} {TABULA} name={mode}",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    // (engine, time control, what its games' terminations say, [time, disconnect, stall]).
    let cases = [
        (
            fake("crash"),
            "nodes=200",
            "crash) disconnects: exit code 3",
            [0, 2, 0],
        ),
        (
            faulty("exit-after-2"),
            "nodes=200",
            "disconnects: exit code 3",
            [0, 2, 0],
        ),
        (fake("illegal"), "nodes=200", "illegal move", [0, 0, 0]),
        (fake("garbage"), "nodes=200", "without a move", [0, 0, 0]),
        // Hung under a node limit: a stall once the stall timeout passes.
        (
            faulty("hang-after-2"),
            "nodes=200",
            "stalls: no move within 1000 ms",
            [0, 0, 2],
        ),
        // Hung on a clock: no answer to stop either, so a stall, not a slow engine.
        (
            fake("hang"),
            "0.3+0",
            "hang) stalls: no answer to stop",
            [0, 0, 2],
        ),
        // Slow on a clock but answering stop: a time forfeit.
        (fake("sleepy"), "0.3+0", "sleepy) loses on time", [2, 0, 0]),
    ];
    for (engine, tc, reason, failures) in cases {
        let name = engine.rsplit("name=").next().expect("a name").to_string();
        let (code, stdout, games) = run_match(
            &name,
            &[
                "--engine",
                &tabula,
                "--engine",
                &engine,
                "--game",
                "joust",
                "--tc",
                tc,
                "--games",
                "2",
                "--seed",
                "5",
                "--stall-timeout",
                "1",
            ],
        );
        assert_eq!(code, 0, "{name}: {stdout}");
        assert!(
            stdout.contains("+2 =0 -0"),
            "{name}: tabula wins both: {stdout}"
        );
        let terminations = tags(&games, "Termination");
        assert_eq!(terminations.len(), 2);
        assert!(
            terminations.iter().all(|t| t.contains(reason)),
            "{name}: {terminations:?}"
        );
        assert_eq!(failures_of(&stdout, &name), failures, "{name}: {stdout}");
        assert_eq!(
            failures_of(&stdout, "tabula"),
            [0, 0, 0],
            "{name}: {stdout}"
        );
    }
}

#[test]
fn lines_are_read_by_their_first_word_and_floods_do_not_stop_a_game() {
    // Before each of its moves the engine floods its output: garbage, bad bytes, a 100 kB
    // line, `bestmovex a1a1` and `bestmove` inside other words. The runner reads only a line
    // whose first word is `bestmove` as the move, so the games are played as without the noise.
    let flood = format!(
        "cmd=bash {}/tests/fake_engines/faulty.sh flood {TABULA} name=noisy",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = |engine: &str| -> Vec<String> {
        [
            "--engine",
            &format!("cmd={TABULA} name=tabula"),
            "--engine",
            engine,
            "--game",
            "joust",
            "--tc",
            "nodes=300",
            "--games",
            "2",
            "--seed",
            "8",
        ]
        .map(String::from)
        .to_vec()
    };
    let run = |test: &str, engine: &str| {
        let args = args(engine);
        run_match(test, &args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let (code, stdout, noisy_games) = run("flood", &flood);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(failures_of(&stdout, "noisy"), [0, 0, 0], "{stdout}");
    let (_, _, plain_games) = run("flood-plain", &format!("cmd={TABULA} name=noisy"));
    // The moves, without the comments (whose times vary).
    let moves = |games: &str| -> String {
        let mut depth = 0;
        let text: String = (games.lines())
            .filter(|line| !line.starts_with('['))
            .flat_map(|line| line.chars().chain([' ']))
            .filter(|&c| {
                depth += i32::from(c == '{');
                let keep = depth == 0;
                depth -= i32::from(c == '}');
                keep
            })
            .collect();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert!(
        !tags(&noisy_games, "Termination")
            .iter()
            .any(|t| t.contains("noisy"))
    );
    assert_eq!(moves(&noisy_games), moves(&plain_games));
}

#[test]
fn sprt_stops_the_match_once_a_bound_is_crossed() {
    let tabula = format!("cmd={TABULA} name=tabula");
    let (code, stdout, games) = run_match(
        "sprt",
        &[
            "--engine",
            &tabula,
            "--engine",
            &fake("illegal"),
            "--game",
            "joust",
            "--tc",
            "nodes=100",
            "--games",
            "200",
            "--sprt",
            "elo0=0",
            "elo1=20",
            "--seed",
            "1",
        ],
    );
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    let played = tags(&games, "Result").len();
    assert!((2..200).contains(&played), "{played}");
}

#[test]
fn bad_arguments_are_reported() {
    let output = Command::new(TABULA)
        .args(["match", "--engine", "x", "--engine", "y", "--game", "chess"])
        .output()
        .expect("tabula runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("'chess'"));
    let output = Command::new(TABULA)
        .args([
            "match", "--engine", "x", "--engine", "y", "--game", "joust", "--tc", "fast",
        ])
        .output()
        .expect("tabula runs");
    assert!(String::from_utf8_lossy(&output.stderr).contains("'fast'"));
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_its_first_game() {
    let output = Command::new(TABULA)
        .args([
            "match",
            "--engine",
            &format!("cmd={TABULA} name=tabula"),
            "--engine",
            "cmd=/nonexistent/engine name=ghost",
            "--game",
            "joust",
            "--tc",
            "nodes=100",
            "--games",
            "2",
            "--out",
            &out_dir("ghost").display().to_string(),
        ])
        .output()
        .expect("tabula runs");
    assert_eq!(output.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("ghost"), "{errors}");
    assert!(String::from_utf8_lossy(&output.stdout).is_empty());
    assert!(!out_dir("ghost").join("games.txt").exists());
}

/// Runs `tabula openings` with `args`; returns (exit code, stdout).
fn run_openings(args: &[&str]) -> (i32, String) {
    let (code, stdout, _) = run_command("openings", args);
    (code, stdout)
}

#[test]
fn a_balanced_openings_file_drops_decided_lines_and_feeds_a_match() {
    let args = [
        "--game",
        "jesonmor",
        "--count",
        "3",
        "--seed",
        "5",
        "--balanced",
        "150",
        "--depth",
        "6",
    ];
    let (code, random) = run_openings(&args);
    assert_eq!(code, 0, "{random}");
    assert_eq!(run_openings(&args).1, random, "reproducible");
    assert_eq!(random.lines().count(), 3, "{random}");
    for line in random.lines() {
        let (_, score) = line.split_once(" # cp ").expect("a score comment");
        let score: i32 = score.parse().expect("centipawns");
        assert!(score.abs() <= 150, "{line}");
    }

    // Black's a8 knight can only go to b6, which white's c4 knight takes: a mate in one.
    let decided = "n7/2*5/8/8/2N5/8/8/8 w 0 1";
    let quiet = [
        "1n6/8/8/8/8/8/8/N7 w 0 1 moves a1b3",
        "3n4/8/8/8/8/8/8/N7 w 0 1 moves a1c2",
    ];
    let candidates = std::env::temp_dir().join(format!("tabula-openings-{}", std::process::id()));
    std::fs::write(&candidates, format!("{decided}\n{}\n", quiet.join("\n"))).expect("writes");
    let from = candidates.to_string_lossy().into_owned();
    let (code, book) = run_openings(&[
        "--game",
        "joust",
        "--from",
        &from,
        "--balanced",
        "1000",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 1, "fewer than the default count: {book}");
    let kept: Vec<&str> = book
        .lines()
        .map(|l| l.split(" # ").next().unwrap_or(l))
        .collect();
    assert_eq!(kept, quiet, "{book}");

    std::fs::write(&candidates, &book).expect("writes");
    let engine = format!("cmd={TABULA} name=A");
    let (code, stdout, games) = run_match(
        "balanced-book",
        &[
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--game",
            "joust",
            "--tc",
            "depth=2",
            "--games",
            "4",
            "--openings",
            &from,
        ],
    );
    let _ = std::fs::remove_file(&candidates);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(
        tags(&games, "Opening"),
        [quiet[0], quiet[0], quiet[1], quiet[1]],
        "{games}"
    );
}

/// The (engine, Elo, score) rows of a ratings table.
fn rating_rows(text: &str) -> Vec<(String, f64, f64)> {
    text.lines()
        .skip_while(|line| !line.starts_with("Ratings ("))
        .skip(2)
        .map_while(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let [_, name, elo, _, _, score] = words.as_slice() else {
                return None;
            };
            Some((
                name.to_string(),
                elo.parse().ok()?,
                score.trim_end_matches('%').parse().ok()?,
            ))
        })
        .collect()
}

#[test]
fn a_round_robin_rates_its_engines_in_the_order_of_their_scores() {
    let out = out_dir("ratings");
    let engines = [
        format!("cmd={TABULA} name=full"),
        format!("cmd={TABULA} name=greedy option.Level=greedy"),
        format!("cmd={TABULA} name=random option.Level=random"),
    ];
    let mut args = vec![
        "match",
        "--game",
        "jesonmor",
        "--tc",
        "nodes=300",
        "--games",
        "6",
    ];
    args.extend(["--seed", "3", "--concurrency", "2", "--out"]);
    let out_text = out.display().to_string();
    args.push(&out_text);
    for engine in &engines {
        args.extend(["--engine", engine]);
    }
    let played = matches::tabula(&args);
    assert_eq!(played.status.code(), Some(0));
    let summary = String::from_utf8_lossy(&played.stdout).into_owned();
    // Every engine played 12 games, as many against each other: then the likelihood's ratings
    // must order the engines as their scores do.
    let rows = rating_rows(&summary);
    assert_eq!(rows.len(), 3, "{summary}");
    assert!(
        rows.windows(2)
            .all(|w| w[0].1 >= w[1].1 && w[0].2 >= w[1].2),
        "{summary}"
    );
    assert!(
        (rows.iter().map(|r| r.1).sum::<f64>()).abs() < 0.5,
        "average 0: {summary}"
    );

    let anchored = matches::tabula(&["match", "ratings", &out_text, "--anchor", "random=100"]);
    assert_eq!(anchored.status.code(), Some(0));
    let text = String::from_utf8_lossy(&anchored.stdout).into_owned();
    assert!(text.contains("random at 100"), "{text}");
    let random = rating_rows(&text).into_iter().find(|r| r.0 == "random");
    assert_eq!(random.map(|r| r.1), Some(100.0), "{text}");

    let refused = matches::tabula(&["match", "ratings", &out_text, "--anchor", "nobody=5"]);
    let error = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert_eq!(refused.status.code(), Some(2), "{error}");
    assert!(
        error.contains("'nobody'") && error.contains("full, greedy, random"),
        "{error}"
    );

    // Within a reach that holds every gap, the near ratings are those of every pairing;
    // a reach that is not a positive number is refused.
    let wide = matches::tabula(&["match", "ratings", &out_text, "--within", "100000"]);
    assert_eq!(wide.status.code(), Some(0));
    let text = String::from_utf8_lossy(&wide.stdout).into_owned();
    assert!(
        text.contains(": 0 pairings played further apart left out"),
        "{text}"
    );
    assert_eq!(rating_rows(&text), rows, "{text}");
    for reach in ["--within=0", "--within=-5", "--within=inf"] {
        let refused = matches::tabula(&["match", "ratings", &out_text, reach]);
        let error = String::from_utf8_lossy(&refused.stderr).into_owned();
        assert_eq!(refused.status.code(), Some(2), "{reach}: {error}");
        assert!(error.contains("--within"), "{error}");
    }
    let _ = std::fs::remove_dir_all(&out);
}
