//! Each move's proven value: on Joust 5 x 5 against a plain negamax over the rules, on one
//! thread and on several; through the real binary, the protocol's `probe` from a loaded Joust
//! proof (every defence the proof answers is a loss, the winner's proven move a win) and from a
//! Claustro table, `tabula probe` printing what the protocol does, bad input refused, and a
//! solver's table larger than the machine refused.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::negamax::mover_wins;
use common::process::tabula;
use common::solving::solve_into;
use common::{Engine, the_error};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicUsize, Ordering};
use tabula::game::BoardSize;
use tabula::games::probe::{MoveValue, Probe, value_text};
use tabula::games::{GameKind, build_session};
use tabula::session::{GameSession, Setup};

fn joust(size: usize, moves: &[String]) -> Box<dyn GameSession> {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    build_session(
        GameKind::Joust,
        Setup::Start(BoardSize::square(size)),
        &moves,
        false,
    )
    .expect("legal moves")
}

/// The `probe` lines after `position`, up to the position's value, without `info string `.
fn probe(engine: &mut Engine, position: &str, probe: &str) -> Vec<String> {
    engine.send(position);
    engine.send(probe);
    let lines = engine.read_until("info string probe position");
    lines
        .iter()
        .map(|line| line.trim_start_matches("info string ").to_string())
        .collect()
}

#[test]
fn a_loaded_proof_gives_the_winner_s_move_a_win_and_every_defence_a_loss() {
    let (path, _) = solve_into(&["solve", "joust", "5"], "--proof", "probe.proof");
    let mut engine = Engine::start_game("joust 5");
    engine.send(&format!(
        "setoption name SolutionFile value {}",
        path.display()
    ));
    engine.read_until("info string solution table loaded");
    let proven = engine.bestmove("go movetime 60000");
    let proven = proven.strip_prefix("bestmove ").expect("a move");
    // Without the solver (`nodes 0`) the proof alone is asked.
    let start = probe(&mut engine, "position startpos", "probe nodes 0");
    assert!(
        start.contains(&format!("probe move {proven} win")),
        "{start:?}"
    );
    assert_eq!(start.last().map(String::as_str), Some("probe position win"));
    let after = format!("position startpos moves {proven}");
    let replies = probe(&mut engine, &after, "probe nodes 0");
    engine.send(&after);
    let legal = engine.ask("moves");
    let legal: Vec<&str> = legal[0].split(' ').collect();
    assert_eq!(replies.len(), legal.len() + 1, "{replies:?}");
    for reply in legal {
        assert!(
            replies.contains(&format!("probe move {reply} loss")),
            "{reply}: {replies:?}"
        );
    }
    assert_eq!(
        replies.last().map(String::as_str),
        Some("probe position loss")
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_claustro_table_gives_distances_and_tabula_probe_prints_the_same() {
    let (path, _) = solve_into(&["solve", "claustro", "--pawns", "2"], "--out", "probe.tbl");
    // White's pawn on d5 steps into its goal e5 at once (rules.md): a win in one ply.
    let fen = "3P1/5/1p3/1P3/1p3 w 0 1";
    let mut engine = Engine::start_game("claustro");
    engine.send(&format!(
        "setoption name SolutionFile value {}",
        path.display()
    ));
    engine.read_until("info string solution table loaded");
    let lines = probe(&mut engine, &format!("position fen {fen}"), "probe");
    assert_eq!(lines[0], "probe move d5e5 win in 1", "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("probe position win in 1")
    );
    let output = tabula(&["probe", "claustro", "--fen", fen, "--table"])
        .arg(&path)
        .output()
        .expect("tabula runs");
    assert!(output.status.success(), "{output:?}");
    let printed: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| format!("probe {line}"))
        .collect();
    assert_eq!(printed, lines);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_probes_are_refused_and_the_engine_listens_on() {
    let mut engine = Engine::start_game("joust 5");
    for (line, token) in [("probe nodes many", "'many'"), ("probe deep", "'deep'")] {
        let lines = engine.ask(line);
        assert!(the_error(&lines).contains(token), "{line}: {lines:?}");
    }
    let lines = probe(&mut engine, "position startpos", "probe");
    assert_eq!(lines.last().map(String::as_str), Some("probe position win"));
    let output = tabula(&["probe", "joust", "--size", "5", "--moves", "a1a1"])
        .output()
        .expect("tabula runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("'a1a1'"));
}

#[test]
fn joust_values_agree_with_a_plain_negamax_on_5x5() {
    // Proven on one thread, and on three at once: each move's value must land on its move.
    for threads in [1, 3] {
        let probe = Probe::new(None, 1_000_000).with_threads(threads);
        values_agree_with_the_negamax(&probe, 86 + threads as u64);
    }
}

/// Every move's value `probe` lists, after six random plies of 30 Joust 5 x 5 games from
/// `seed`, is the negamax's; the moves of each position are all proven, and
/// `every_move_value` lists the same.
fn values_agree_with_the_negamax(probe: &Probe, seed: u64) {
    let mut checked = 0;
    for (moves, session) in random_positions(seed, 30) {
        let values = probe.move_values(session.as_ref());
        let every = probe.every_move_value(session.as_ref());
        assert_eq!(every.as_ref(), Some(&values), "{moves:?}");
        checked += agree_with_the_negamax(&moves, session.as_ref(), &values);
    }
    assert!(checked > 20, "only {checked} moves checked");
}

/// The positions six random plies into `count` Joust 5 x 5 games from `seed` (fewer where a
/// game ends sooner), with their moves: the tree left is small enough to walk whole.
fn random_positions(seed: u64, count: usize) -> Vec<(Vec<String>, Box<dyn GameSession>)> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut moves = Vec::new();
            let mut session = joust(5, &moves);
            for _ in 0..6 {
                let legal = session.legal_moves();
                if legal.is_empty() || session.verdict().is_some() {
                    break;
                }
                moves.push(legal[rng.random_range(0..legal.len())].clone());
                session = joust(5, &moves);
            }
            (moves, session)
        })
        .collect()
}

/// Asserts that each of `values`, the moves of the position `moves` reach, is the negamax's
/// win or loss; returns how many moves it checked.
fn agree_with_the_negamax(
    moves: &[String],
    session: &dyn GameSession,
    values: &[MoveValue],
) -> usize {
    for entry in values {
        let mut child = session.boxed_clone();
        child.play_move(&entry.text).expect("a listed move");
        let wins = !mover_wins(child.as_ref());
        let expected = if wins { "win" } else { "loss" };
        let shown = value_text(entry.value);
        assert!(
            shown.starts_with(expected),
            "{moves:?} then {}: probed {shown}, negamax says {expected}",
            entry.text
        );
    }
    values.len()
}

#[test]
fn a_suite_s_positions_dealt_out_to_threads_get_each_its_own_values() {
    // Twelve 5 x 5 positions and, second, the 9 x 9 start, whose first move is beyond the
    // budget: on one thread (every position on one carried table), on two and on five (the
    // positions dealt out in turn), and on twenty (more threads than positions: each position's
    // moves shared out), each position gets the negamax's values, the 9 x 9 start none.
    let mut positions = random_positions(9, 12);
    positions.insert(1, (Vec::new(), joust(9, &[])));
    let sessions: Vec<Box<dyn GameSession>> = positions
        .iter()
        .map(|(_, session)| session.boxed_clone())
        .collect();
    for threads in [1, 2, 5, 20] {
        let probe = Probe::new(None, 200_000).with_threads(threads);
        let done = AtomicUsize::new(0);
        let found = probe.every_move_value_of_each(&sessions, &|| {
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(done.into_inner(), sessions.len(), "{threads} threads");
        assert_eq!(found.len(), sessions.len());
        for ((moves, session), values) in positions.iter().zip(found) {
            if session.size() == BoardSize::square(9) {
                assert_eq!(values, None, "{threads} threads");
                continue;
            }
            let values = values.unwrap_or_else(|| panic!("{moves:?}: unproven on {threads}"));
            assert_eq!(values.len(), session.legal_moves().len(), "{moves:?}");
            agree_with_the_negamax(moves, session.as_ref(), &values);
        }
    }
}

#[test]
fn the_solver_s_table_is_the_size_asked_for_and_one_too_large_is_refused() {
    // A thousand terabytes: more than any machine's address space.
    let huge = "1000000000";
    let error = format!("cannot allocate a {huge} MB solver table");
    for args in [
        &["probe", "joust", "--size", "5", "--hash", huge][..],
        &["solve", "joust", "5", "--hash", huge],
    ] {
        let output = tabula(args).output().expect("tabula runs");
        assert_ne!(output.status.code(), Some(0), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(&error),
            "{args:?}: {output:?}"
        );
    }
    // Each of the probe's solves takes the table asked for: one that cannot be had proves
    // nothing, where a one-megabyte table proves every value the negamax gives.
    let start = joust(5, &[]);
    let too_large = Probe::new(None, 1_000_000).with_hash(1_000_000_000);
    assert!(too_large.check_memory().is_err());
    let values = too_large.move_values(start.as_ref());
    assert!(
        values.iter().all(|entry| entry.value.is_none()),
        "{values:?}"
    );
    let small = Probe::new(None, 1_000_000).with_hash(1);
    assert_eq!(small.check_memory(), Ok(()));
    values_agree_with_the_negamax(&small, 7);
    // The binary's probe says on stderr what its solves cost; stdout keeps the values alone.
    let output = tabula(&["probe", "joust", "--size", "5", "--hash", "1"])
        .output()
        .expect("tabula runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout
            .lines()
            .all(|line| line.starts_with("move ") || line.starts_with("position ")),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let nodes: u64 = stderr
        .lines()
        .find_map(|line| {
            line.strip_prefix("solver: ")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no solver line: {stderr}"));
    assert!(nodes > 0, "{stderr}");
}

#[test]
fn a_suite_s_probe_gives_up_on_a_position_with_a_move_unknown() {
    // Joust 9 x 9's first moves are far beyond a thousand nodes of the solver.
    let start = joust(9, &[]);
    for threads in [1, 2] {
        let probe = Probe::new(None, 1_000).with_threads(threads);
        assert_eq!(probe.every_move_value(start.as_ref()), None);
        let values = probe.move_values(start.as_ref());
        assert_eq!(values.len(), start.legal_moves().len());
        assert!(values.iter().all(|entry| entry.value.is_none()));
    }
}
