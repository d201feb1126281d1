//! Protocol tests: the real binary, driven through stdin, read through stdout.

#[allow(dead_code)]
mod common;

use common::{Engine, assert_mate, assert_shows, elo_span, starting_with};
use std::time::{Duration, Instant};
use tabula::games::GameKind;

#[test]
fn uci_and_ugi_handshakes() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    assert!(lines[0].starts_with("id name tabula "));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for option in ["Hash", "Threads", "Move Overhead", "UCI_Variant"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    engine.send("ugi");
    assert_eq!(
        engine.read_until("ugiok").last().map(String::as_str),
        Some("ugiok")
    );
    assert_eq!(engine.ask(""), Vec::<String>::new());
}

#[test]
fn go_depth_reports_iterations_and_a_legal_bestmove() {
    let mut engine = Engine::start();
    let lines = engine.search_from("position startpos moves d4f5", "go depth 5");
    let infos = starting_with(&lines, "info depth");
    assert_eq!(infos.len(), 5, "{lines:#?}");
    for field in [
        "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv",
    ] {
        assert!(
            infos[4].split_whitespace().any(|t| t == field),
            "{field} in {}",
            infos[4]
        );
    }
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let legal = engine.ask("moves");
    assert!(
        legal[0].split_whitespace().any(|m| m == best),
        "{best} in {legal:?}"
    );
    assert_eq!(
        lines.last().unwrap().split_whitespace().count(),
        2,
        "no ponder token"
    );
}

#[test]
fn a_forced_win_is_reported_as_mate() {
    // White's only move d4b3 leaves black's knight on a1 without a move. `go mate 1` ends as
    // soon as it is found; though unbounded, once its bestmove is out the engine is idle.
    for go in ["go depth 3", "go mate 1"] {
        let mut engine = Engine::start();
        let lines = engine.search_from("position fen 3N/4/2*1/n3 w 0 1", go);
        assert!(
            lines.iter().any(|l| l.contains("score mate 1 ")),
            "{go}: {lines:#?}"
        );
        assert_eq!(lines.last().unwrap(), "bestmove d4b3", "{go}");
        assert_eq!(engine.ask("newgame jesonmor"), Vec::<String>::new(), "{go}");
    }
}

#[test]
fn finished_game_gives_bestmove_none() {
    let mut engine = Engine::start_game("joust 3");
    assert_eq!(engine.bestmove("go depth 3"), "bestmove (none)");
}

#[test]
fn isready_and_stop_during_infinite_search() {
    let mut engine = Engine::start_game("joust 12");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("isready");
    engine.read_until("readyok");
    assert!(asked.elapsed() < Duration::from_secs(2));
    let stopped = Instant::now();
    let lines = engine.search("stop");
    assert!(stopped.elapsed() < Duration::from_secs(2));
    assert!(
        lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .is_some_and(|m| m != "(none)")
    );
}

#[test]
fn an_infinite_search_reports_its_progress_and_nothing_after_bestmove() {
    let mut engine = Engine::start_game("apart 12");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(1700));
    let lines = engine.search("stop");
    let progress: Vec<u64> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("info nodes "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(progress.len() >= 2, "{lines:#?}");
    assert!(
        progress.windows(2).all(|pair| pair[0] <= pair[1]),
        "{progress:?}"
    );
    engine.send("isready");
    let after = engine.read_until("readyok");
    assert_eq!(after, ["readyok"], "nothing between bestmove and readyok");
}

#[test]
fn pondering_answers_only_after_ponderhit_and_names_the_reply() {
    let mut engine = Engine::start_game("jesonmor");
    let plain = engine.search("go depth 3");
    // Without the Ponder option, `bestmove` stays two words (as cutegames requires).
    assert_eq!(plain.last().unwrap().split_whitespace().count(), 2);
    engine.send("setoption name Ponder value true");
    engine.send("go ponder wtime 3000 btime 3000 winc 30 binc 30");
    std::thread::sleep(Duration::from_millis(300));
    let waiting = engine.ask("go depth 2");
    assert!(!waiting.iter().any(|l| l.starts_with("bestmove")));
    assert!(
        waiting
            .last()
            .unwrap()
            .contains("error: 'go' refused: a search is pondering")
    );
    let answer = engine.search("ponderhit");
    let words: Vec<&str> = answer.last().unwrap().split_whitespace().collect();
    assert_eq!(words.len(), 4, "{words:?}");
    assert_eq!(words[2], "ponder");
    let line = format!("position startpos moves {} {}", words[1], words[3]);
    assert!(
        engine.ask(&line).is_empty(),
        "the reply must be legal: {line}"
    );
    assert!(engine.ask("ponderhit")[0].contains("error: ponderhit: no search is pondering"));
}

#[test]
fn stop_ends_pondering_with_a_bestmove() {
    let mut engine = Engine::start_game("claustro");
    engine.send("go ponder depth 2");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    let waiting = engine.read_until("readyok");
    assert!(!waiting.iter().any(|l| l.starts_with("bestmove")));
    engine.send("stop");
    let lines = [waiting, engine.read_until("bestmove")].concat();
    assert!(lines.iter().any(|l| l.starts_with("info depth 2 ")));
}

#[test]
fn end_of_input_during_infinite_search_exits_with_a_bestmove() {
    let mut engine = Engine::start_game("joust 12");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.close_input();
    assert!(engine.exits_within(Duration::from_secs(5)));
    assert!(engine.rest().iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn end_of_input_lets_a_bounded_search_finish() {
    let mut engine = Engine::start();
    engine.send("go depth 4");
    engine.close_input();
    let lines = engine.rest();
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 4 ")),
        "{lines:#?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn quit_during_search_exits_promptly() {
    let mut engine = Engine::start_game("joust 16");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.assert_quits_within(Duration::from_secs(5));
}

#[test]
fn movetime_is_respected() {
    let mut engine = Engine::start_game("joust 12");
    let started = Instant::now();
    engine.send("go movetime 300");
    engine.read_until("bestmove");
    assert!(started.elapsed() < Duration::from_secs(3));
}

/// A win in one move is found and scored `mate 1` in every game.
#[test]
fn a_win_in_one_is_found_as_mate_in_one_in_every_game() {
    // (game, position, search, the winning moves)
    let cases: [(&str, &str, &str, &[&str]); 4] = [
        // d4b3 leaves black's knight on a1 without a move.
        ("joust", "3N/4/2*1/n3 w 0 1", "go depth 3", &["d4b3"]),
        // Any move out of the centre wins.
        (
            "jesonmor",
            "4n4/9/9/9/4N4/9/9/9/4N4 w 0 1",
            "go depth 3",
            &[
                "e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6",
            ],
        ),
        // White's d5 is next to its goal e5; black's b1 is next to its goal a1 but moves second.
        (
            "claustro",
            "3P1/5/2p2/1P3/1p3 w 0 1",
            "go depth 4",
            &["d5e5"],
        ),
        // Either turn wins at once.
        (
            "apart",
            "8/8/8/8/8/8/3p4/PP1p4 w 0 2",
            "go depth 3",
            &["a1c1e1", "b1c2"],
        ),
    ];
    for (game, position, go, wins) in cases {
        let mut engine = Engine::start_game(game);
        let lines = engine.search_from(&format!("position fen {position}"), go);
        assert_mate(&lines, 1);
        let played = lines.last().unwrap().strip_prefix("bestmove ");
        assert!(
            played.is_some_and(|mv| wins.contains(&mv)),
            "{game}: {lines:#?}"
        );
    }
}

/// `newgame GAME [SIZE]` sets each game up at its default size or at the size asked, as `d`
/// shows.
#[test]
fn newgame_sets_up_each_game_at_its_size() {
    let mut engine = Engine::start();
    for (newgame, shown) in [
        ("joust", "joust 8x8"),
        ("joust 12", "joust 12x12"),
        ("jesonmor", "jesonmor 9x9"),
        ("jesonmor 25", "jesonmor 25x25"),
        ("claustro", "claustro 5x5"),
        ("claustro 6x7", "claustro 6x7"),
        ("apart", "apart 8x8"),
        ("apart 10", "apart 10x10"),
    ] {
        engine.send(&format!("newgame {newgame}"));
        engine.assert_displays(&format!("Game: {shown}"));
    }
}

/// Perft through the protocol in each game at its default size: `go perft N` lists each first
/// move with its count (the counts add up to the total), then `perft M` gives its total.
#[test]
fn perft_by_protocol_lists_each_move_in_every_game() {
    // (game, depth, first moves, total, second depth, its total), from the games' issues.
    let cases = [
        ("joust", 3, 8, 356, 2, 62),
        ("jesonmor", 2, 30, 900, 4, 868_624),
        ("claustro", 4, 6, 3356, 3, 284),
        ("apart", 2, 40, 3200, 3, 315_586),
    ];
    for (game, depth, moves, total, second, second_total) in cases {
        let mut engine = Engine::start_game(game);
        let lines = engine.perft(&format!("go perft {depth}"));
        assert_eq!(lines.len(), moves + 1, "{game}: {lines:#?}");
        assert_eq!(lines[moves], format!("Nodes searched: {total}"), "{game}");
        let sum: u64 = lines[..moves]
            .iter()
            .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, total, "{game}: {lines:#?}");
        let lines = engine.perft(&format!("perft {second}"));
        let expected = format!("Nodes searched: {second_total}");
        assert_eq!(lines.last(), Some(&expected), "{game}");
    }
}

/// With `Threads` 2, perft counts the first moves on two threads and still writes what one
/// thread writes: every first move with its count, in the order one thread lists them.
#[test]
fn perft_on_two_threads_writes_what_one_thread_writes() {
    for game in ["joust", "jesonmor", "claustro", "apart"] {
        let mut engine = Engine::start_game(game);
        let one_thread = engine.perft("go perft 3");
        engine.ask("setoption name Threads value 2");
        assert_eq!(engine.perft("go perft 3"), one_thread, "{game}");
    }
}

#[test]
fn queries_follow_the_game() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("query p1turn"), ["response true"]);
    assert_eq!(engine.ask("query gameover"), ["response false"]);
    assert_eq!(engine.ask("query result"), ["response none"]);
    engine.send("position fen 3N/4/2*1/n3 w 0 1 moves d4b3");
    assert_eq!(engine.ask("query p1turn"), ["response false"]);
    assert_eq!(engine.ask("query gameover"), ["response true"]);
    assert_eq!(engine.ask("query result"), ["response p1win"]);
    engine.assert_result("newgame joust 3", "p2win");
}

#[test]
fn display_shows_board_fen_and_status() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d4f5 e5c4");
    let lines = engine.display();
    assert_shows(&lines, "Fen: 8/8/8/4*N2/2n*4/8/8/8 w 2 2");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(" 5 |") && l.contains('*') && l.contains('N'))
    );
    assert_shows(&lines, "Status: in progress");
    assert!(lines.iter().any(|l| l.trim() == "a b c d e f g h"));
}

#[test]
fn commands_that_need_an_idle_engine_are_refused_during_infinite_search() {
    let mut engine = Engine::start_game("joust 12");
    let before = engine.display();
    engine.send("go infinite");
    let reply = engine.ask("newgame joust 8");
    assert!(
        reply
            .iter()
            .any(|l| l.starts_with("info string error: ") && l.contains("stop")),
        "{reply:?}"
    );
    engine.send("stop");
    engine.read_until("bestmove");
    assert_eq!(engine.display(), before);
}

#[test]
fn newgame_sizes_and_variant_option() {
    let mut engine = Engine::start_game("joust 10x6");
    engine.assert_displays("Fen: 10/10/5n4/4N5/10/10 w 0 1");
    engine.send("position startpos");
    engine.assert_displays("Game: joust 10x6");
    engine.send("setoption name UCI_Variant value joust");
    engine.assert_displays("Fen: 8/8/8/4n3/3N4/8/8/8 w 0 1");
    engine.send("position fen 25/25/25/25/25/25/25/25/25/25/25/25/12n12/11N13/25/25/25/25/25/25/25/25/25/25/25 b 0 1");
    engine.send("go depth 3");
    assert!(
        engine
            .read_until("bestmove")
            .last()
            .unwrap()
            .starts_with("bestmove m13")
    );
}

#[test]
fn threads_and_hash_options_still_search() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Hash value 4");
    engine.send("setoption name Move Overhead value 50");
    engine.send("ucinewgame");
    engine.send("position startpos moves d4f5");
    assert!(
        engine
            .bestmove("go wtime 2000 btime 2000 winc 0 binc 0")
            .starts_with("bestmove ")
    );
}

#[test]
fn levels_choose_how_strongly_to_play() {
    let mut engine = Engine::start();
    engine.send("setoption name Level value random");
    engine.send("setoption name Seed value 7");
    let first = engine.bestmove("go depth 8");
    engine.send("setoption name Seed value 7");
    assert_eq!(
        engine.bestmove("go depth 8"),
        first,
        "the same seed, the same move"
    );
    // Greedy takes a win at once: white's d4b3 leaves black's knight on a1 without a move.
    engine.send("setoption name Level value greedy");
    engine.send("position fen 5/3N1/5/2*2/n4 w 0 1");
    assert_eq!(engine.bestmove("go"), "bestmove d4b3");
    // A depth level caps the search depth: Joust's `easy` searches 2 plies.
    engine.send("setoption name Level value easy");
    let lines = engine.search_from("position startpos", "go depth 9");
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth ")?.split_whitespace().next())
        .collect();
    assert_eq!(depths, ["1", "2"], "{lines:#?}");
    // A skill level plays the knob: Joust's `novice` is `Skill 0`, one ply and its 4 best lines.
    engine.send("setoption name Level value novice");
    let lines = engine.search_from("position startpos", "go depth 9");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 1 ") && l.contains(" multipv 4 ")),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:#?}"
    );
    let reply = engine.ask("setoption name Level value godlike");
    assert!(reply[0].starts_with("info string error: ") && reply[0].contains("'godlike'"));
}

#[test]
fn go_without_limits_runs_until_stopped_and_refuses_what_needs_an_idle_engine() {
    let mut engine = Engine::start_game("joust 16");
    engine.send("go");
    // Without a limit nothing ends the search but `stop`: `newgame` must not wait for it forever.
    // Each refused command is named.
    for (command, named) in [
        ("newgame joust 8", "'newgame' refused"),
        ("setoption name Hash value 1", "'setoption' refused"),
        ("go depth 3", "'go' refused"),
        ("perft 3", "'perft' refused"),
    ] {
        engine.send(command);
        let lines = engine.read_until("info string error");
        assert!(
            lines
                .last()
                .is_some_and(|l| l.contains(named) && l.contains("send 'stop' first")),
            "{command}: {lines:#?}"
        );
    }
    engine.send("stop");
    engine.read_until("bestmove");
    engine.send("newgame joust 8");
    engine.send("d");
    let lines = engine.read_until("Fen:");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Fen: 8/8/8/4n3/3N4/8/8/8 w 0 1"),
        "{lines:#?}"
    );
}

#[test]
fn with_helper_threads_the_last_reported_line_begins_with_the_best_move() {
    let mut engine = Engine::start();
    for (game, threads) in [("jesonmor", 2), ("claustro", 3), ("joust", 2), ("apart", 3)] {
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send(&format!("newgame {game}"));
        let reply = engine.search_from("position startpos", "go movetime 300");
        let best = reply.last().unwrap().split_whitespace().nth(1).unwrap();
        let last_line = reply
            .iter()
            .rev()
            .find_map(|line| line.split_once(" pv "))
            .map(|(_, pv)| pv.split_whitespace().next().unwrap());
        assert_eq!(last_line, Some(best), "{game}: {reply:?}");
    }
}

/// The keywords of UCI's `option` line. Clients such as cutechess split the line at them, so a
/// value spelt like one of them would be lost.
const OPTION_KEYWORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

#[test]
fn option_lines_parse_when_split_at_their_keywords() {
    let mut engine = Engine::start();
    engine.send("uci");
    for line in engine.read_until("uciok") {
        let Some(rest) = line.strip_prefix("option ") else {
            continue;
        };
        let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
        for token in rest.split_whitespace() {
            match fields.last_mut() {
                Some((_, values)) if !OPTION_KEYWORDS.contains(&token) => values.push(token),
                _ => fields.push((token, Vec::new())),
            }
        }
        assert!(
            fields.iter().all(|(_, values)| !values.is_empty()),
            "a keyword without a value: {line}"
        );
        let field = |key: &str| {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.join(" "))
        };
        if field("type").as_deref() == Some("combo") {
            let default = field("default").expect("a combo has a default");
            let choices: Vec<String> = fields
                .iter()
                .filter(|(k, _)| *k == "var")
                .map(|(_, v)| v.join(" "))
                .collect();
            assert!(choices.contains(&default), "default not a choice: {line}");
            for choice in &choices {
                let name = field("name").unwrap_or_default();
                let set = format!("setoption name {name} value {choice}");
                assert_eq!(engine.ask(&set), Vec::<String>::new(), "{set}");
            }
        }
    }
}

#[test]
fn debug_mode_echoes_the_commands_received() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("debug on"),
        vec!["info string received: isready"]
    );
    assert_eq!(
        engine.ask("debug off"),
        vec!["info string received: debug off"]
    );
    assert_eq!(engine.ask(""), Vec::<String>::new());
    assert_eq!(
        engine.ask("debug maybe"),
        vec!["info string error: bad value 'maybe' for 'debug' (on or off)"]
    );
}

/// The first move of every `info` line's PV, and the `bestmove`, of a search.
fn first_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| match line.split_once(" pv ") {
            Some((_, pv)) => pv.split_whitespace().next(),
            None => line.strip_prefix("bestmove "),
        })
        .map(String::from)
        .collect()
}

#[test]
fn searchmoves_limits_the_moves_searched_at_the_root() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d4f5 e5d3");
    let legal: Vec<String> = engine.ask("moves")[0]
        .split_whitespace()
        .map(String::from)
        .collect();
    let allowed = [&legal[legal.len() - 1], &legal[legal.len() - 2]];
    for setup in ["MultiPV value 1", "MultiPV value 3", "Threads value 2"] {
        engine.send(&format!("setoption name {setup}"));
        engine.send(&format!(
            "go depth 5 searchmoves {} {}",
            allowed[0], allowed[1]
        ));
        let lines = engine.read_until("bestmove");
        let firsts = first_moves(&lines);
        assert!(firsts.len() >= 6, "{setup}: {lines:#?}");
        assert!(
            firsts.iter().all(|mv| allowed.contains(&mv)),
            "{setup}: {lines:#?}"
        );
    }
    for level in ["random", "greedy"] {
        engine.send(&format!("setoption name Level value {level}"));
        let lines = engine.search(&format!("go searchmoves {}", allowed[0]));
        assert_eq!(lines.last(), Some(&format!("bestmove {}", allowed[0])));
    }
    let refused = engine.ask(&format!("go depth 3 searchmoves {} a1a1", allowed[0]));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with("info string error: searchmoves: move 'a1a1'"),
        "{refused:?}"
    );
}

#[test]
fn go_mate_without_a_short_enough_win_runs_until_stopped() {
    let mut engine = Engine::start();
    // No mate within one move at the Jeson Mor start: the search goes on until stopped.
    engine.send("newgame jesonmor");
    engine.send("go mate 1");
    assert_eq!(
        engine
            .ask("d")
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count(),
        0
    );
    let waited = Instant::now();
    while waited.elapsed() < Duration::from_millis(300) {
        assert!(
            engine
                .next_line(Duration::from_millis(10))
                .is_none_or(|line| line.starts_with("info depth")),
            "the search ended without a mate"
        );
    }
    assert!(engine.bestmove("stop").starts_with("bestmove "));
}

#[test]
fn threads_beyond_the_cores_are_capped_and_the_cap_is_said() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut engine = Engine::start();
    let reply = engine.ask(&format!("setoption name Threads value {}", cores + 1));
    assert_eq!(
        reply,
        [format!(
            "info string Threads {} is more than this machine runs at once: searches use {cores}",
            cores + 1
        )]
    );
    assert!(
        engine
            .ask(&format!("setoption name Threads value {cores}"))
            .is_empty()
    );
}

#[test]
fn errors_name_the_token_that_is_wrong() {
    let mut engine = Engine::start();
    for (command, named) in [
        (
            "newgame joust 26",
            "joust board 26x26 is not allowed (3 to 25 each way)",
        ),
        ("newgame jesonmor 27", "jesonmor board 27x27 is not allowed"),
        (
            "position fen 8/8/8/4n3/3N4/8/8/8 w KQkq e3 0 1",
            "'KQkq' is not a halfmove counter",
        ),
        (
            "position fen 1111111/8/8/4n3/3N4/8/8/8 w 0 1",
            "rank 8 is 1111111 squares wide",
        ),
        (
            "position fen 8/8/8/4n3/3N4/8/8/8 w 4294967296 1",
            "halfmove '4294967296' is too large",
        ),
        ("go depth 3 depth 4", "'depth' is given twice"),
    ] {
        let reply = engine.ask(command);
        assert!(
            reply.len() == 1
                && reply[0].starts_with("info string error: ")
                && reply[0].contains(named),
            "{command}: {reply:?}"
        );
    }
    let long = "x".repeat(1_000_000);
    let reply = engine.ask(&long);
    assert!(
        reply[0].contains("...(1000000 characters)"),
        "{}",
        &reply[0][..200]
    );
}

/// The moves of `count` searches of `go depth 5` in the engine's current position.
fn bestmoves(engine: &mut Engine, count: usize) -> Vec<String> {
    (0..count)
        .map(|_| {
            engine.send("go depth 5");
            engine.read_until("bestmove").pop().unwrap_or_default()
        })
        .collect()
}

#[test]
fn limited_strength_is_declared_checked_and_weakens_play_by_elo() {
    let mut engine = Engine::start();
    engine.send("uci");
    let handshake = engine.read_until("uciok");
    for declared in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1000 min 400 max 3000",
        "option name Skill type spin default 20 min 0 max 20",
    ] {
        assert!(handshake.iter().any(|l| l == declared), "{handshake:#?}");
    }
    for bad in ["399", "3001", "strong", "-5"] {
        let reply = engine.ask(&format!("setoption name UCI_Elo value {bad}"));
        assert_eq!(reply.len(), 1, "{reply:#?}");
        assert!(
            reply[0].starts_with("info string error: ")
                && reply[0].contains(&format!("'{bad}'"))
                && reply[0].contains("400 to 3000"),
            "{reply:#?}"
        );
    }
    let reply = engine.ask("setoption name UCI_LimitStrength value sometimes");
    assert!(
        reply.len() == 1 && reply[0].contains("'sometimes'"),
        "{reply:#?}"
    );

    // Joust 5 x 5: d4b3 wins at once (black's a1 knight is left without a move); d4e2 and d4b5,
    // the only other moves, do not.
    engine.send("newgame joust 5");
    engine.send("position fen 5/3N1/5/2*2/n4 w 0 1");
    engine.send("setoption name Seed value 3");
    let winning = "bestmove d4b3".to_string();
    // Without UCI_LimitStrength, UCI_Elo changes nothing.
    engine.send("setoption name UCI_Elo value 400");
    assert_eq!(bestmoves(&mut engine, 3), vec![winning.clone(); 3]);
    // At the lowest Elo the engine misses the win at times (each search draws among the three
    // moves alike: all twelve taking the win would have a chance of one in 500 000).
    engine.send("setoption name UCI_LimitStrength value true");
    let weakest = bestmoves(&mut engine, 12);
    assert!(weakest.iter().any(|m| *m != winning), "{weakest:#?}");
    assert!(weakest.contains(&winning), "{weakest:#?}");
    // The out-of-range value was refused: the lowest Elo still holds, with the same seed the
    // same moves.
    let _ = engine.ask("setoption name UCI_Elo value 9000");
    engine.send("setoption name Seed value 3");
    assert_eq!(bestmoves(&mut engine, 12), weakest);
    engine.send("setoption name UCI_Elo value 3000");
    assert_eq!(bestmoves(&mut engine, 6), vec![winning.clone(); 6]);
    // Skill 0, the same weakest skill, plays the same moves from the same seed; out of range it
    // is refused; Skill 20 is full strength.
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("setoption name Skill value 0");
    engine.send("setoption name Seed value 3");
    assert_eq!(bestmoves(&mut engine, 12), weakest);
    let reply = engine.ask("setoption name Skill value 21");
    assert!(
        reply.len() == 1 && reply[0].contains("'21'") && reply[0].contains("0 to 20"),
        "{reply:#?}"
    );
    engine.send("setoption name Skill value 20");
    assert_eq!(bestmoves(&mut engine, 6), vec![winning; 6]);
}

/// The `info string` lines of a `go depth 1` in the engine's current game and position.
fn said_by_a_search(engine: &mut Engine) -> Vec<String> {
    let lines = engine.search("go depth 1");
    lines
        .into_iter()
        .filter(|line| line.starts_with("info string"))
        .collect()
}

#[test]
fn an_elo_out_of_the_games_reach_plays_at_its_end_and_says_so_once() {
    let mut engine = Engine::start_game("jesonmor");
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 3000");
    let (_, full) = elo_span(GameKind::JesonMor);
    assert_eq!(
        said_by_a_search(&mut engine),
        [format!(
            "info string UCI_Elo 3000 is above jesonmor's full strength ({full}): playing at {full}"
        )]
    );
    // Said once: the same game and Elo again say nothing.
    assert!(said_by_a_search(&mut engine).is_empty());
    // The game changed after the option was set: said again, for the new game.
    engine.send("newgame apart");
    let (weakest, full) = elo_span(GameKind::Apart);
    assert_eq!(
        said_by_a_search(&mut engine),
        [format!(
            "info string UCI_Elo 3000 is above apart's full strength ({full}): playing at {full}"
        )]
    );
    engine.send("setoption name UCI_Elo value 400");
    assert_eq!(
        said_by_a_search(&mut engine),
        [format!(
            "info string UCI_Elo 400 is below apart's weakest play ({weakest}): playing at {weakest}"
        )]
    );
    // Within the span, or with the strength not limited, nothing is said.
    engine.send(&format!(
        "setoption name UCI_Elo value {}",
        (weakest + full) / 2
    ));
    assert!(said_by_a_search(&mut engine).is_empty());
    engine.send("setoption name UCI_Elo value 3000");
    engine.send("setoption name UCI_LimitStrength value false");
    assert!(said_by_a_search(&mut engine).is_empty());
    // The default Elo is within every game's span: limited strength alone says nothing.
    let mut fresh = Engine::start();
    for game in ["joust", "jesonmor", "claustro", "apart"] {
        fresh.send(&format!("newgame {game}"));
        fresh.send("setoption name UCI_LimitStrength value true");
        assert!(said_by_a_search(&mut fresh).is_empty(), "{game}");
    }
}
