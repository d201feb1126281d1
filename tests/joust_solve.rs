//! The Joust solver through the real binary: `tabula solve joust N --proof FILE`, and its proof
//! verified by the independent checker (crates/joust-proof-check), which must also refuse a proof
//! that is cut short, padded, or claims the wrong winner; `go` at a proven start; and a proof
//! loaded as the `SolutionFile`, playing the winner's moves against every defence tried.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::Engine;
use common::solving::{merge_shards, solve_into, solved_shards, taken};
use joust_proof_check::check;
use std::path::PathBuf;
use std::process::Command;

/// Solves the start of Joust `size` x `size` with a proof; returns the report and the proof.
/// `test` names the file, so that tests running at once keep to their own.
fn solve(size: usize, test: &str) -> (String, Vec<u8>) {
    let size = size.to_string();
    let (path, report) = solve_into(
        &["solve", "joust", &size],
        "--proof",
        &format!("{test}-{size}.proof"),
    );
    (report, taken(&path))
}

#[test]
fn proofs_of_the_small_odd_and_even_boards_hold() {
    // Independent figures: 5 x 5 and 7 x 7 are first-player wins (a separate alpha-beta program
    // proved 7 x 7 in 280 million nodes), and 6 x 6 a second-player win by mirroring.
    for (size, winner) in [(5, "white"), (6, "black"), (7, "white")] {
        let (report, proof) = solve(size, "hold");
        let first_or_second = if winner == "white" { "first" } else { "second" };
        assert!(
            report.starts_with(&format!(
                "joust {size}x{size}: the {first_or_second} player"
            )),
            "{report}"
        );
        let verdict = check(&proof).unwrap_or_else(|error| panic!("{size}x{size}: {error}"));
        assert!(
            verdict.starts_with(&format!(
                "the proof holds: {winner} wins joust {size}x{size}"
            )),
            "{verdict}"
        );
    }
}

#[test]
fn a_proof_cut_short_padded_or_claiming_the_other_winner_fails() {
    let (_, proof) = solve(5, "fail");
    let cut = &proof[..proof.len() - 1];
    assert_eq!(check(cut), Err("the choices end too soon".to_string()));
    let padded = [proof.as_slice(), &[0]].concat();
    assert_eq!(check(&padded), Err("1 bytes left over".to_string()));
    let text = String::from_utf8_lossy(&proof).replace("winner white", "winner black");
    assert!(check(text.as_bytes()).is_err());
    let mut wrong = proof.clone();
    let last = wrong.len() - 1;
    wrong[last] = 8;
    assert!(
        check(&wrong).unwrap_err().starts_with("choice 8 of "),
        "{:?}",
        check(&wrong)
    );
}

#[test]
fn go_at_a_proven_start_plays_a_move_the_solver_proves() {
    for (size, first_move) in [(5, "c3d1"), (7, "d4f3")] {
        let mut engine = Engine::start_game(&format!("joust {size}"));
        let lines = engine.search_from("position startpos", "go movetime 60000");
        assert_eq!(
            lines,
            [
                format!("info depth 1 score cp 19999 nodes 0 tbhits 0 pv {first_move}"),
                "info string proven: joust starts proven first-player wins: 5x5, 7x7".to_string(),
                format!("bestmove {first_move}"),
            ]
        );
        // After that move, black to move loses: the solver proves it anew.
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["solve", "joust", &size.to_string(), "--moves", first_move])
            .output()
            .expect("the tabula binary runs");
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            report.starts_with(&format!("joust {size}x{size} after 1 move (",))
                && report.lines().next().is_some_and(
                    |line| line.ends_with("the first player (white) wins with perfect play")
                ),
            "{report}"
        );
    }
}

/// Writes the 5 x 5 proof to a file of this test's own; returns its path.
fn proof_file(test: &str) -> PathBuf {
    proof_and_first_move(test).0
}

/// Writes the 5 x 5 proof to a file of this test's own; returns its path and the winning first
/// move the solve reports, which the proof plays.
fn proof_and_first_move(test: &str) -> (PathBuf, String) {
    let (path, report) = solve_into(
        &["solve", "joust", "5"],
        "--proof",
        &format!("{test}.proof"),
    );
    let first_move = report
        .lines()
        .find_map(|line| line.strip_prefix("winning moves: "))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("no winning move in {report}"));
    (path, first_move)
}

#[test]
fn a_loaded_proof_plays_the_winner_to_a_win_against_each_defence() {
    let path = proof_file("loaded");
    // Black defends with the first, then the last of its leaps each time: two whole games.
    for defence in ["first", "last"] {
        let mut engine = Engine::start_game("joust 5");
        engine.send(&format!(
            "setoption name SolutionFile value {}",
            path.display()
        ));
        let loaded = engine.read_until("info string solution table loaded");
        // As many positions as the winner has choices, which the checker counts on its own.
        let verdict = check(&std::fs::read(&path).expect("the proof")).expect("the proof holds");
        let choices = verdict
            .split("; ")
            .nth(1)
            .and_then(|part| part.split(' ').next());
        assert_eq!(
            loaded.last(),
            Some(&format!(
                "info string solution table loaded: joust 5x5 proof, white wins, {} positions",
                choices.expect("a count of choices")
            )),
            "{loaded:?}"
        );
        let mut moves: Vec<String> = Vec::new();
        loop {
            let lines = engine.search_from(
                &format!("position startpos moves {}", moves.join(" ")),
                "go movetime 60000",
            );
            assert_eq!(
                lines[1], "info string solution table",
                "{defence}, after {moves:?}: {lines:?}"
            );
            assert!(lines[0].contains("score cp 19999"), "{lines:?}");
            let white = lines[2]
                .strip_prefix("bestmove ")
                .expect("a bestmove")
                .to_string();
            moves.push(white);
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
            let replies = engine.ask("moves");
            let replies: Vec<&str> = replies
                .first()
                .map_or(vec![], |line| line.split(' ').collect());
            let reply = if defence == "first" {
                replies.first()
            } else {
                replies.last()
            };
            let Some(reply) = reply.filter(|reply| !reply.is_empty() && **reply != "(none)") else {
                break;
            };
            moves.push(reply.to_string());
        }
        assert_eq!(
            engine.ask("query result"),
            ["response p1win"],
            "{defence}: {moves:?}"
        );
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_proof_that_does_not_hold_is_refused_and_the_loaded_one_stays() {
    let (path, first_move) = proof_and_first_move("refused");
    let bad = path.with_extension("bad");
    let mut proof = std::fs::read(&path).expect("the proof");
    proof.pop();
    std::fs::write(&bad, proof).expect("the cut proof is written");
    let mut engine = Engine::start_game("joust 5");
    engine.send(&format!(
        "setoption name SolutionFile value {}",
        path.display()
    ));
    engine.read_until("info string solution table loaded");
    let refused = engine.ask(&format!(
        "setoption name SolutionFile value {}",
        bad.display()
    ));
    assert_eq!(
        refused,
        [format!(
            "info string error: '{}': the proof does not hold: it ends too soon",
            bad.display()
        )]
    );
    // Black's knight on d4 leaps to b5, or to b3 (where no leap from c3 lands) if white's is there.
    let reply = if first_move.ends_with("b5") {
        "d4b3"
    } else {
        "d4b5"
    };
    let lines = engine.search_from(
        &format!("position startpos moves {first_move} {reply}"),
        "go movetime 60000",
    );
    assert_eq!(lines[1], "info string solution table", "{lines:?}");
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn a_solve_cut_into_shards_merges_into_a_proof_that_holds() {
    let dir = std::env::temp_dir().join(format!("tabula-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (lines, proofs) = solved_shards("5", "", 2, &dir);
    // White's 8 leaps from c3, each answered by black's from d4: b3, b5, c2 and e2 on 5 x 5,
    // less the one white's knight stands on (after c3b5 and c3e2).
    assert_eq!(lines.len(), 8 * 4 - 2, "{lines:?}");
    let merge = |shards: &[PathBuf], out: &PathBuf| merge_shards("5", "", shards, out);
    let merged = dir.join("merged.proof");
    let output = merge(&proofs, &merged);
    assert!(output.status.success(), "{output:?}");
    let verdict = check(&std::fs::read(&merged).expect("the merged proof")).expect("it holds");
    assert!(verdict.contains("white wins joust 5x5 from"), "{verdict}");
    // Without the shards of black's reply d4c2, no first leap of white's has every reply
    // proven.
    let without_one: Vec<PathBuf> = proofs
        .iter()
        .zip(&lines)
        .filter(|(_, line)| !line.ends_with("d4c2"))
        .map(|(path, _)| path.clone())
        .collect();
    let output = merge(&without_one, &dir.join("none.proof"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("the shards do not cover the start"),
        "{output:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_below_a_position_merge_into_a_proof_of_that_position() {
    let dir = std::env::temp_dir().join(format!("tabula-shards-below-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    // Black to move after white's first leap: every reply of black's must be covered.
    let root = "d4c2";
    let tabula = |args: &[&str]| common::process::tabula(args).output().expect("tabula runs");
    let direct = tabula(&["solve", "joust", "7", "--moves", root]);
    let report = String::from_utf8_lossy(&direct.stdout).to_string();
    // The root's position string, as the solve of the root itself reports it.
    let position = report
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(position, _)| position.to_string())
        .expect("the position in the report");
    let (lines, proofs) = solved_shards("7", root, 2, &dir);
    assert!(lines.len() > 8, "{lines:?}");
    assert!(
        lines.iter().all(|line| line.starts_with("d4c2 e5")),
        "{lines:?}"
    );
    let merge = |shards: &[PathBuf], out: &PathBuf| merge_shards("7", root, shards, out);
    let merged = dir.join("merged.proof");
    let output = merge(&proofs, &merged);
    assert!(output.status.success(), "{output:?}");
    let winner = if report.contains("first player (white) wins") {
        "white"
    } else {
        "black"
    };
    let verdict = check(&std::fs::read(&merged).expect("the merged proof")).expect("it holds");
    assert!(
        verdict.contains(&format!("{winner} wins joust 7x7 from {position}")),
        "{verdict} ({report})"
    );
    // Without the shards below one of black's replies, the merge covers nothing.
    let reply = lines[0].split(' ').nth(1).expect("black's reply");
    let without: Vec<PathBuf> = proofs
        .iter()
        .zip(&lines)
        .filter(|(_, line)| !line.starts_with(&format!("{root} {reply}")))
        .map(|(path, _)| path.clone())
        .collect();
    let output = merge(&without, &dir.join("none.proof"));
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(&format!(
            "the shards do not cover the position after {root}"
        )),
        "{output:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_proof_too_large_for_the_memory_is_refused_after_the_result() {
    // Joust 9 x 9 after 16 plies: the solve needs some 60 MB, its proof's walk some 600 MB. Under
    // a 150 MB limit the result is still reported, then one error line and exit code 2.
    let line = "e5f3 f6d5 f3d4 d5c7 d4b3 c7b5 b3c5 b5a3 c5a4 a3c4 a4b6 c4d2 b6d7 d2f1 d7b8 f1g3";
    let proof = std::env::temp_dir().join(format!("tabula-too-large-{}.proof", std::process::id()));
    let output = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 150000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "solve", "joust", "9", "--hash", "8", "--moves", line, "--proof",
        ])
        .arg(&proof)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("the first player (white) wins with perfect play"),
        "{stdout}"
    );
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].starts_with("error: the proof was not written: out of memory after "),
        "{stderr}"
    );
    assert!(!proof.exists(), "no proof file is written");
}
