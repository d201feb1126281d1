//! The engine always listens (issue #51): whatever command came before, `isready` is answered,
//! `stop` ends a search and `quit` ends the process promptly. Each test here is a fault that was
//! found by fuzzing: a file read whole before it was checked, a table cleared by writing all of
//! it, listings of a crowded Apart board on the thread that reads the input.

#[allow(dead_code)]
mod common;

use common::{Engine, PROMPT, errors, the_error};
use std::time::{Duration, Instant};

/// A random fill of a 10 x 10 Apart board, sides interleaved with room to land: hundreds of
/// millions of turns, minutes to list them all (the same board as in tests/apart.rs).
const CONTRIVED: &str = "ppP1Pp1Ppp/Pp1p1PPPp1/p1p1PPp1pP/PPP1P2Ppp/Pp1PpPp1PP/PpPPp1pppP/pPp1PppPP1/1P2PpPppp/1Pp1ppp1pP/1ppPppPpP1 w 0 5";

/// Sends `isready` and `quit` after whatever was sent: `readyok` must come and the process end,
/// each within `PROMPT`.
fn assert_listening(mut engine: Engine, what: &str) {
    engine.send("isready");
    let asked = Instant::now();
    engine.read_promptly("readyok");
    eprintln!("{what}: readyok after {:?}", asked.elapsed());
    engine.send("quit");
    assert!(engine.exits_within(PROMPT), "{what}: quit was not obeyed");
}

#[test]
fn a_solution_file_that_never_ends_is_refused_at_once() {
    let mut engine = Engine::start();
    let lines = engine.ask_promptly("setoption name SolutionFile value /dev/zero");
    let found = the_error(&lines);
    assert!(found.contains("/dev/zero"), "{lines:#?}");
    if let Some(peak) = engine.peak_memory_kb() {
        assert!(peak < 100 * 1024, "peak memory {peak} kB");
    }
    assert_listening(engine, "/dev/zero");
}

#[test]
fn solution_files_that_are_not_regular_or_too_large_are_refused_by_what_they_are() {
    let dir = std::env::temp_dir().join(format!("tabula-listening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let sparse = dir.join("sparse.bin");
    let file = std::fs::File::create(&sparse).expect("a file");
    // A terabyte of nothing: the file system stores no block of it.
    file.set_len(1 << 40).expect("a sparse file");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut paths = vec![sparse.clone(), dir.clone()];
    if made {
        paths.push(fifo.clone());
    }
    for path in paths {
        let mut engine = Engine::start();
        let lines = engine.ask_promptly(&format!(
            "setoption name SolutionFile value {}",
            path.display()
        ));
        let found = errors(&lines);
        assert_eq!(found.len(), 1, "{}: {lines:#?}", path.display());
        assert!(found[0].contains(&path.display().to_string()), "{lines:#?}");
        assert_listening(engine, &path.display().to_string());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a short search, clearing a large table costs what the search touched, not the table:
/// `readyok` at once and the memory far below the table's size.
#[test]
fn clearing_a_large_table_after_a_search_costs_what_the_search_touched() {
    for clear in [
        "ucinewgame",
        "uginewgame",
        "newgame joust",
        "setoption name Clear Hash",
    ] {
        let mut engine = Engine::start();
        engine.send("setoption name Hash value 4096");
        engine.send("go nodes 2000");
        engine.read_until("bestmove");
        engine.send(clear);
        engine.send("isready");
        let asked = Instant::now();
        engine.read_promptly("readyok");
        eprintln!("{clear}: readyok after {:?}", asked.elapsed());
        if let Some(peak) = engine.peak_memory_kb() {
            assert!(peak < 100 * 1024, "{clear}: peak memory {peak} kB");
        }
        // The table still works as a cleared one: a search after it answers.
        engine.send("go depth 3");
        engine.read_until("bestmove");
        assert_listening(engine, clear);
    }
}

/// A table set to the largest size is set at once, whatever it costs later.
#[test]
fn setting_the_largest_table_is_instant_and_lazy() {
    let mut engine = Engine::start();
    let lines = engine.ask_promptly("setoption name Hash value 32768");
    // A machine that cannot give 32 GB of address space refuses it with an error; either way
    // nothing is written.
    assert!(errors(&lines).len() <= 1, "{lines:#?}");
    if let Some(peak) = engine.peak_memory_kb() {
        assert!(peak < 100 * 1024, "peak memory {peak} kB");
    }
    assert_listening(engine, "Hash 32768");
}

/// Commands that list the turns of a crowded Apart board (or work out its status) leave the
/// input heard: `isready` is answered and `quit` obeyed while they run.
#[test]
fn listing_a_crowded_board_leaves_isready_and_quit_heard() {
    for command in [
        "moves",
        "go perft 1",
        "perft 1",
        "d",
        "eval",
        "query gameover",
        "go depth 1 searchmoves j10j8",
        "setoption name Level value random",
        "setoption name Level value greedy",
    ] {
        let mut engine = Engine::start_game("apart 10");
        engine.send(&format!("position fen {CONTRIVED}"));
        engine.send(command);
        if command.starts_with("setoption") {
            engine.send("go depth 1");
        }
        assert_listening(engine, command);
    }
}

#[test]
fn lifting_a_piece_of_a_crowded_board_in_cecp_leaves_quit_heard() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until("feature done=1");
    engine.send("variant 10x10_apart");
    engine.send("force");
    engine.send(&format!("setboard {CONTRIVED}"));
    for square in ["c1", "d1", "e1", "f1", "g1", "b2", "c2", "d2"] {
        engine.send(&format!("lift {square}"));
    }
    let asked = Instant::now();
    engine.assert_quits_within(PROMPT);
    eprintln!("quit after {:?}", asked.elapsed());
}

#[test]
fn quit_with_words_after_it_still_quits() {
    let mut engine = Engine::start();
    engine.send("quit now");
    assert!(engine.exits_within(PROMPT));
}

#[test]
fn a_line_that_never_ends_is_cut_and_the_engine_listens_after_it() {
    let mut engine = Engine::start();
    // 256 MB without a newline, then a newline and the usual questions.
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..256 {
        engine.send_bytes(&chunk);
    }
    engine.send_bytes(b"\n");
    engine.send("isready");
    let lines = engine.read_promptly("readyok");
    assert_eq!(errors(&lines).len(), 1, "{} lines", lines.len());
    if let Some(peak) = engine.peak_memory_kb() {
        assert!(peak < 100 * 1024, "peak memory {peak} kB");
    }
    assert_listening(engine, "a long line");
}

#[test]
fn perft_with_two_depths_names_the_second() {
    let mut engine = Engine::start();
    let reply = engine.ask("perft 3 4");
    assert!(the_error(&reply).contains("'4'"), "{reply:#?}");
}

#[test]
fn an_option_value_left_out_is_named_as_missing() {
    let mut engine = Engine::start();
    for option in ["Level", "Hash", "Threads"] {
        let reply = engine.ask(&format!("setoption name {option} value"));
        let found = the_error(&reply);
        assert!(
            found.contains("missing") && !found.contains("''"),
            "{option}: {reply:#?}"
        );
    }
}

/// `suite`'s perft depths have perft's limit, with perft's error, instead of running for ever.
#[test]
fn a_suite_perft_deeper_than_perft_allows_is_refused() {
    let dir = std::env::temp_dir().join(format!("tabula-suite-depth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for depth in ["D99999", "D31"] {
        let file = dir.join("deep.epd");
        std::fs::write(&file, format!("startpos ; {depth} 5\n")).expect("written");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["suite", "--game", "joust", "--depth", "1"])
            .arg(&file)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("tabula runs");
        let started = Instant::now();
        while child.try_wait().ok().flatten().is_none() && started.elapsed() < PROMPT * 5 {
            std::thread::sleep(Duration::from_millis(20));
        }
        let finished = child.try_wait().ok().flatten().is_some();
        let _ = child.kill();
        let output = child.wait_with_output().expect("tabula ends");
        assert!(finished, "{depth}: still running");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let number = depth.trim_start_matches('D');
        assert!(
            text.contains(&format!("perft depth '{number}' is above 30")),
            "{depth}: {text}"
        );
        assert_ne!(output.status.code(), Some(0), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A piped script of many quick commands is answered whole before `quit` ends the engine:
/// nothing is cut off or answered ahead of its turn when no single command takes long.
#[test]
fn a_piped_script_of_quick_commands_is_answered_whole_before_quit() {
    let mut engine = Engine::start();
    let count = 50_000;
    let mut script = String::new();
    for _ in 0..count {
        script.push_str("query p1turn\nisready\n");
    }
    script.push_str("quit\n");
    engine.send_bytes(script.as_bytes());
    let lines = engine.rest();
    let answers: Vec<&String> = lines
        .iter()
        .filter(|l| *l == "response true" || *l == "readyok")
        .collect();
    assert_eq!(answers.len(), 2 * count, "{} lines", lines.len());
    // Each readyok comes after the answer sent before it.
    assert!(
        answers
            .chunks(2)
            .all(|pair| pair[0] == "response true" && pair[1] == "readyok"),
        "out of order"
    );
}

/// Whether the process `pid` is still running (a zombie, ended but not waited for, is not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| !rest.contains(" Z "))
    })
}

#[test]
fn an_engine_started_with_the_parent_watch_ends_when_its_parent_is_killed() {
    // A shell starts tabula (as `tabula gui` and `tabula match` start engines, with the watch
    // asked for) on a deep search whose input stays open, says the engine's process id, and
    // is then killed with SIGKILL: the engine must end soon after, not finish the search.
    let script = format!(
        "(printf 'newgame jesonmor\\ngo depth 40\\n'; sleep 30) | \
         TABULA_PARENT_WATCH=1 {} & echo $!; wait",
        env!("CARGO_BIN_EXE_tabula")
    );
    let mut shell = std::process::Command::new("sh")
        .args(["-c", &script])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut line = String::new();
    let stdout = shell.stdout.take().expect("its output");
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)
        .expect("the engine's id");
    let engine = line.trim().to_string();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        running(&engine),
        "the engine {engine} did not start its search"
    );
    shell.kill().expect("SIGKILL");
    shell.wait().expect("the shell ends");
    let killed = Instant::now();
    while running(&engine) && killed.elapsed() < PROMPT * 10 {
        std::thread::sleep(Duration::from_millis(20));
    }
    let searched_on = running(&engine);
    if searched_on {
        let _ = std::process::Command::new("kill")
            .args(["-9", &engine])
            .status();
    }
    assert!(
        !searched_on,
        "the engine searched on after its parent was killed"
    );
    eprintln!("the engine ended {:?} after its parent", killed.elapsed());
}
