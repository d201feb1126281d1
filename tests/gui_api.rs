//! `tabula gui` through its HTTP API, as the page uses it: whole games of the four games against
//! the engine, bad requests that change nothing, engines that crash or cheat, records, events.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;

use gui_support::*;
use serde_json::Value;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Enters one move as the page does: the first square offered, then the first continuation,
/// until the squares picked make a move; returns it.
fn enter_a_move(gui: &Gui, id: &str, nth: usize) -> String {
    let mut path: Vec<String> = Vec::new();
    loop {
        let picked: Vec<String> = path.iter().map(|s| format!("\"{s}\"")).collect();
        let (status, body) = gui.post(
            &format!("/api/tables/{id}/targets"),
            &format!(r#"{{"path":[{}]}}"#, picked.join(",")),
        );
        assert_eq!(status, 200, "{body}");
        let next = strings(&field(&body, "next"));
        let complete = field(&body, "complete");
        if complete != "null" && (next.is_empty() || path.len() >= 3) {
            return complete;
        }
        assert!(!next.is_empty(), "nothing to click after {path:?}: {body}");
        path.push(next[nth % next.len()].clone());
    }
}

/// The result line `tabula` itself prints for `game` after `moves` (an independent session of
/// the engine's protocol).
fn engine_status(game: &str, start: &str, moves: &[String]) -> String {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    let mut stdin = engine.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "setoption name UCI_Variant value {game}\nposition fen {start} moves {}\nd\nquit",
        moves.join(" ")
    )
    .expect("write");
    drop(stdin);
    let mut out = String::new();
    engine
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read");
    let _ = engine.wait();
    out.lines()
        .find_map(|line| line.strip_prefix("Status: "))
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_person_plays_each_game_to_the_end_against_the_engine() {
    let gui = Gui::start(&[]);
    for (game, size) in [
        ("joust", "8"),
        ("jesonmor", "7"),
        ("claustro", "5"),
        ("apart", "8"),
    ] {
        let id = gui.open(game, size);
        let players = r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":0,"level":"greedy"},"limit":{"kind":"depth","depth":1}}"#;
        let (status, body) = gui.post(&format!("/api/tables/{id}/players"), players);
        assert_eq!(status, 200, "{body}");
        let mut state = body;
        for turn in 0.. {
            assert!(turn < 400, "{game}: the game did not end: {state}");
            if field(&state, "result") != "null" {
                break;
            }
            let mv = if field(&state, "pass") == "true" {
                "0000".to_string()
            } else {
                enter_a_move(&gui, &id, turn)
            };
            let (status, body) = gui.post(
                &format!("/api/tables/{id}/move"),
                &format!(r#"{{"move":"{mv}"}}"#),
            );
            assert_eq!(status, 200, "{game} {mv}: {body}");
            let plies = strings(&field(&body, "moves")).len();
            state = wait_for(&gui, &id, "the engine's reply", |s| {
                field(s, "result") != "null" || strings(&field(s, "moves")).len() > plies
            });
        }
        let result = field(&state, "result");
        let text = field(&result, "text");
        assert!(
            text.contains(" wins (") || text.starts_with("draw ("),
            "{game}: {text}"
        );
        let moves = strings(&field(&state, "moves"));
        let status = engine_status(game, &field(&state, "start"), &moves);
        assert!(
            status.contains(&text),
            "{game}: the page says {text:?}, the engine {status:?}"
        );
    }
}

/// A table opens with its players, as the page opens one for a person against the engine: an
/// engine that has the first move plays it at once.
#[test]
fn a_table_opens_with_its_players() {
    let gui = Gui::start(&[]);
    let engine = r#"{"kind":"engine","engine":0,"level":"medium"}"#;
    let (status, state) = gui.post(
        "/api/tables",
        &format!(r#"{{"game":"jesonmor","size":"7","white":{engine},"black":{{"kind":"human"}}}}"#),
    );
    assert_eq!(status, 200, "{state}");
    let table: Value = serde_json::from_str(&state).expect("a Table");
    assert_eq!(table["players"]["white"]["level"], "medium", "{state}");
    assert_eq!(table["players"]["black"]["kind"], "human", "{state}");
    let id = field(&state, "id");
    wait_for(&gui, &id, "the engine's first move", |state| {
        strings(&field(state, "moves")).len() == 1
    });
}

#[test]
fn bad_requests_are_refused_and_change_nothing() {
    let gui = Gui::start(&[]);
    let id = gui.open("claustro", "5");
    let (_, before) = gui.get(&format!("/api/tables/{id}"));
    let table = format!("/api/tables/{id}");
    let huge = format!(r#"{{"position":"{}"}}"#, "1".repeat(300 * 1024));
    let bad: Vec<(String, String, u16)> = vec![
        (format!("{table}/move"), "{".into(), 400),
        (format!("{table}/move"), "[]".into(), 400),
        (format!("{table}/move"), r#"{"move":"b1b1"}"#.into(), 400),
        (format!("{table}/move"), r#"{"move":"b1c1","x":1}"#.into(), 400),
        (format!("{table}/move"), r#"{"move":"0000"}"#.into(), 400),
        (format!("{table}/move"), "\u{1}\u{2}".into(), 400),
        (format!("{table}/position"), r#"{"position":"5/5/5 w"}"#.into(), 400),
        (format!("{table}/position"), r#"{"position":"8/8/8/4n3/3N4/8/8/8 w 0 1"}"#.into(), 400),
        (format!("{table}/position"), huge, 413),
        (format!("{table}/new"), r#"{"game":"chess"}"#.into(), 400),
        (format!("{table}/new"), r#"{"game":"jesonmor","size":"8"}"#.into(), 400),
        (format!("{table}/new"), r#"{"game":"apart","size":"99999999999999999999"}"#.into(), 400),
        (format!("{table}/goto"), r#"{"ply":5}"#.into(), 400),
        (format!("{table}/goto"), r#"{"ply":-1}"#.into(), 400),
        (format!("{table}/line"), r#"{"node":1}"#.into(), 400),
        (format!("{table}/line"), r#"{"ply":0}"#.into(), 400),
        (format!("{table}/promote"), r#"{"node":0}"#.into(), 400),
        (format!("{table}/delete"), r#"{"node":"1"}"#.into(), 400),
        (format!("{table}/comment"), r#"{"node":0}"#.into(), 400),
        (format!("{table}/undo"), "".into(), 400),
        (format!("{table}/targets"), r#"{"path":["z9"]}"#.into(), 400),
        (format!("{table}/targets"), r#"{"path":["b1","b1b1"]}"#.into(), 400),
        (
            format!("{table}/players"),
            r#"{"white":{"kind":"engine","engine":7},"black":{"kind":"human"},"limit":{"kind":"depth","depth":3}}"#.into(),
            400,
        ),
        (
            format!("{table}/players"),
            r#"{"white":{"kind":"engine","engine":0,"level":"godlike"},"black":{"kind":"human"},"limit":{"kind":"depth","depth":3}}"#.into(),
            400,
        ),
        (
            format!("{table}/players"),
            r#"{"white":{"kind":"human"},"black":{"kind":"human"},"limit":{"kind":"depth","depth":0}}"#.into(),
            400,
        ),
        (
            format!("{table}/players"),
            r#"{"white":{"kind":"program","cmd":"rm"},"black":{"kind":"human"},"limit":{"kind":"depth","depth":3}}"#.into(),
            400,
        ),
        (format!("{table}/analysis"), r#"{"on":true,"multipv":0}"#.into(), 400),
        (format!("{table}/analysis"), r#"{"on":true,"engine":3}"#.into(), 400),
        (format!("{table}/record"), r#"{"text":"[Game \"claustro\"]\n\n1. b1b1"}"#.into(), 400),
        (format!("{table}/record"), r#"{"text":"[Game \"claustro\"]\n\n1. b1b2 {unclosed c5c4"}"#.into(), 400),
        (format!("{table}/record"), r#"{"text":"[Game \"claustro\"]\n\n1. b1b2","game":2}"#.into(), 400),
        (format!("{table}/launch"), "{}".into(), 404),
        ("/api/tables/nope/move".into(), r#"{"move":"b1c1"}"#.into(), 404),
        ("/api/tables".into(), r#"{"game":"apart","size":"7"}"#.into(), 400),
        ("/api/tables".into(), r#"{"game":"joust","black":{"kind":"engine","engine":7}}"#.into(), 400),
        ("/api/tables".into(), r#"{"game":"joust","white":{"kind":"engine","engine":0,"level":"godlike"}}"#.into(), 400),
    ];
    for (path, body, status) in bad {
        let (got, answer) = gui.post(&path, &body);
        assert_eq!(got, status, "{path} {:.80}: {answer}", body);
        assert!(answer.starts_with("{\"error\":\""), "{path}: {answer}");
        let (_, now) = gui.get(&format!("/api/tables/{id}"));
        assert_eq!(now, before, "{path} {:.80} changed the table", body);
    }
    // What another web site could make the browser send: refused.
    let move_body = r#"{"move":"b1b2"}"#;
    let move_path = format!("{table}/move");
    for headers in [
        format!("Host: {}\r\nOrigin: http://evil.example\r\n", gui.address),
        format!("Host: {}\r\nOrigin: null\r\n", gui.address),
        format!("Host: {0}\r\nOrigin: evil://{0}\r\n", gui.address),
        format!(
            "Host: {0}\r\nOrigin: http://{0}.evil.example\r\n",
            gui.address
        ),
        "Host: evil.example:8088\r\n".to_string(),
        "Host: 10.20.30.40:8088\r\n".to_string(),
    ] {
        let (status, answer) = gui.request_with("POST", &move_path, move_body, &headers);
        assert_eq!(status, 403, "{headers}: {answer}");
    }
    let same_site = format!("Host: {0}\r\nOrigin: http://{0}\r\n", gui.address);
    let (_, now) = gui.get(&format!("/api/tables/{id}"));
    assert_eq!(now, before, "a refused request changed the table");
    // An engine's turn is not a person's.
    let engine_black = r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":0},"limit":{"kind":"depth","depth":30}}"#;
    assert_eq!(gui.post(&format!("{table}/players"), engine_black).0, 200);
    assert_eq!(
        gui.request_with("POST", &move_path, move_body, &same_site)
            .0,
        200
    );
    let (status, answer) = gui.post(&move_path, r#"{"move":"d5d4"}"#);
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("black's turn"), "{answer}");
    let (_, targets) = gui.post(&format!("{table}/targets"), r#"{"path":[]}"#);
    assert_eq!(targets, r#"{"next":[],"complete":null}"#);
    assert_eq!(gui.get("/no/such/page").0, 404);
    assert_eq!(gui.get("/").0, 200);
}

#[test]
fn engines_that_crash_hang_or_cheat_are_reported_and_the_game_is_kept() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let fake = |name: &str| format!("cmd=bash {dir}/tests/fake_engines/{name}.sh name={name}");
    let engines = [fake("crash"), fake("illegal"), fake("garbage")];
    let mut args = Vec::new();
    for engine in &engines {
        args.push("--engine");
        args.push(engine.as_str());
    }
    let gui = Gui::start(&args);
    for (index, name) in [(1, "crash"), (2, "illegal"), (3, "garbage")] {
        let id = gui.open("joust", "8");
        let players = format!(
            r#"{{"white":{{"kind":"human"}},"black":{{"kind":"engine","engine":{index}}},"limit":{{"kind":"movetime","ms":50}}}}"#
        );
        assert_eq!(
            gui.post(&format!("/api/tables/{id}/players"), &players).0,
            200
        );
        let (status, body) = gui.post(&format!("/api/tables/{id}/move"), r#"{"move":"d4f5"}"#);
        assert_eq!(status, 200, "{body}");
        std::thread::sleep(Duration::from_millis(1500));
        let (_, state) = gui.get(&format!("/api/tables/{id}"));
        assert_eq!(
            strings(&field(&state, "moves")),
            ["d4f5"],
            "{name}: {state}"
        );
        let engines = field(&state, "engines");
        assert!(
            engines.contains(&format!(r#""name":"{name}","status":"failed: "#)),
            "{name}: {engines}"
        );
        // tabula takes over the black side and the game goes on.
        let players = r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":0},"limit":{"kind":"depth","depth":2}}"#;
        assert_eq!(
            gui.post(&format!("/api/tables/{id}/players"), players).0,
            200
        );
        wait_for(&gui, &id, "tabula's reply", |s| {
            strings(&field(s, "moves")).len() == 2
        });
    }
}

#[test]
fn an_engines_error_lines_and_stderr_become_notices_and_names_are_told_apart() {
    let complainer = format!(
        "cmd=bash {}/tests/fake_engines/faulty.sh complain {} name=complainer",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_tabula")
    );
    let gui = Gui::start(&["--engine", &complainer, "--engine", "cmd=true name=tabula"]);
    // An engine given tabula's own name is told apart from it.
    let (_, info) = gui.get("/api/info");
    let info: serde_json::Value = serde_json::from_str(&info).expect("JSON");
    let names: Vec<&str> = (info["engines"].as_array().expect("engines").iter())
        .filter_map(|engine| engine["name"].as_str())
        .collect();
    assert_eq!(names, ["tabula", "complainer", "tabula-2"]);
    let id = gui.open("jesonmor", "9");
    let mut socket = open_socket(&gui, &id);
    socket
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    let players = r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":1},"limit":{"kind":"depth","depth":2}}"#;
    assert_eq!(
        gui.post(&format!("/api/tables/{id}/players"), players).0,
        200
    );
    let (status, body) = gui.post(&format!("/api/tables/{id}/move"), r#"{"move":"a1b3"}"#);
    assert_eq!(status, 200, "{body}");
    // Before its first move the fake engine writes one error line and one stderr line.
    let mut wanted = vec![
        r#"{"level":"error","text":"complainer: error: cannot read the net"}"#,
        r#"{"level":"info","text":"complainer (stderr): complain: cannot read the net"}"#,
    ];
    let mut seen = Vec::new();
    while !wanted.is_empty() {
        let Some(message) = try_next_message(&mut socket) else {
            panic!("no notices {wanted:?} among {seen:#?}");
        };
        wanted.retain(|notice| !message.contains(notice));
        seen.push(message);
    }
}

#[test]
fn a_record_goes_out_and_comes_back() {
    let gui = Gui::start(&[]);
    let id = gui.open("jesonmor", "9");
    for mv in ["a1b3", "i9h7", "b3c5"] {
        let (status, body) = gui.post(
            &format!("/api/tables/{id}/move"),
            &format!(r#"{{"move":"{mv}"}}"#),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, record) = gui.get(&format!("/api/tables/{id}/record"));
    assert_eq!(status, 200);
    assert!(record.contains("[Game \"jesonmor\"]"), "{record}");
    // A person's move is noted with the time since the turn began.
    let movetext = record.lines().last().unwrap_or("");
    let words: Vec<&str> = movetext.split_whitespace().collect();
    assert_eq!(
        [words[0], words[1], words[3], words[5], words[6], words[8]],
        ["1.", "a1b3", "i9h7", "2.", "b3c5", "*"],
        "{record}"
    );
    for time in [words[2], words[4], words[7]] {
        let ms = time.strip_prefix('{').and_then(|t| t.strip_suffix("ms}"));
        assert!(ms.is_some_and(|ms| ms.parse::<u64>().is_ok()), "{record}");
    }
    let other = gui.open("joust", "8");
    let (status, state) = gui.load_record(&other, &record, None);
    assert_eq!(status, 200, "{state}");
    assert_eq!(field(&state, "game"), "jesonmor");
    assert_eq!(strings(&field(&state, "moves")), ["a1b3", "i9h7", "b3c5"]);
}

#[test]
fn analysis_streams_lines_several_times_a_second() {
    let gui = Gui::start(&[]);
    let id = gui.open("apart", "8");
    let mut socket = open_socket(&gui, &id);
    assert!(next_message(&mut socket).starts_with(r#"{"event":"state","data":{"#));
    let (status, _) = gui.post(
        &format!("/api/tables/{id}/analysis"),
        r#"{"on":true,"engine":0,"multipv":2}"#,
    );
    assert_eq!(status, 200);
    let started = Instant::now();
    let mut analyses = 0;
    let mut two_lines = false;
    while started.elapsed() < Duration::from_secs(3) {
        let message = next_message(&mut socket);
        if message.starts_with(r#"{"event":"analysis""#) {
            analyses += 1;
            two_lines |= message.contains(r#""multipv":2,"#);
        }
    }
    assert!(analyses >= 8, "{analyses} analysis events in 3 s");
    assert!(two_lines, "no second line");
}

#[test]
fn the_number_of_tables_is_bounded() {
    let gui = Gui::start(&[]);
    let mut refused = None;
    for n in 0..40 {
        let (status, body) = gui.post("/api/tables", r#"{"game":"joust"}"#);
        if status != 200 {
            refused = Some((n, status, body));
            break;
        }
    }
    let (n, status, body) = refused.expect("a table too many is refused");
    assert_eq!((n, status), (32, 503), "{body}");
    assert!(body.contains("too many tables"), "{body}");
}

#[test]
fn a_table_closed_by_its_tab_is_gone_and_frees_its_place() {
    let gui = Gui::start(&[]);
    let ids: Vec<String> = (0..32).map(|_| gui.open("joust", "8")).collect();
    let (status, body) = gui.post("/api/tables", r#"{"game":"joust"}"#);
    assert_eq!(status, 503, "{body}");
    let (status, body) = gui.request("DELETE", &format!("/api/tables/{}", ids[7]), "");
    assert_eq!((status, body.as_str()), (200, "{}"));
    assert_eq!(gui.get(&format!("/api/tables/{}", ids[7])).0, 404);
    assert_eq!(gui.get(&format!("/api/tables/{}", ids[8])).0, 200);
    let (status, body) = gui.request("DELETE", &format!("/api/tables/{}", ids[7]), "");
    assert_eq!(status, 404, "{body}");
    let (status, body) = gui.post("/api/tables", r#"{"game":"joust"}"#);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_closed_tab_takes_its_engines_with_it() {
    let gui = Gui::start(&["--close-after", "1"]);
    let id = gui.open("joust", "8");
    let socket = open_socket(&gui, &id);
    let players = r#"{"white":{"kind":"engine","engine":0},"black":{"kind":"engine","engine":0},"limit":{"kind":"depth","depth":1}}"#;
    assert_eq!(
        gui.post(&format!("/api/tables/{id}/players"), players).0,
        200
    );
    wait_for(&gui, &id, "the end of the game", |s| {
        field(s, "result") != "null"
    });
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        gui.get(&format!("/api/tables/{id}")).0,
        200,
        "an open tab keeps its table"
    );
    assert_eq!(
        children(gui.child.id()).len(),
        2,
        "one engine process per side"
    );
    drop(socket);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !children(gui.child.id()).is_empty() || gui.get(&format!("/api/tables/{id}")).0 != 404 {
        assert!(
            Instant::now() < deadline,
            "the closed tab's table and engines stayed"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn clocks_run_and_a_flag_ends_the_game() {
    let gui = Gui::start(&[]);
    let id = gui.open("claustro", "5");
    let waiting = r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":0},"limit":{"kind":"clock","base_ms":300,"inc_ms":0}}"#;
    let (status, body) = gui.post(&format!("/api/tables/{id}/players"), waiting);
    assert_eq!(status, 200, "{body}");
    assert_eq!(field(&field(&body, "clocks"), "running"), "white");
    let over = wait_for(&gui, &id, "white's flag", |s| field(s, "result") != "null");
    assert_eq!(
        field(&field(&over, "result"), "text"),
        "black wins (white lost on time)"
    );
    let (status, _) = gui.post(&format!("/api/tables/{id}/move"), r#"{"move":"b1b2"}"#);
    assert_eq!(status, 400, "no move after a flag");
    // Two engines at 2 s + 20 ms play a game to its end by the rules.
    let id = gui.open("joust", "8");
    let engines = r#"{"white":{"kind":"engine","engine":0},"black":{"kind":"engine","engine":0},"limit":{"kind":"clock","base_ms":2000,"inc_ms":20}}"#;
    assert_eq!(
        gui.post(&format!("/api/tables/{id}/players"), engines).0,
        200
    );
    let over = wait_for(&gui, &id, "the end of the game", |s| {
        field(s, "result") != "null"
    });
    assert_eq!(
        field(&field(&over, "result"), "reason"),
        "no legal move",
        "{over}"
    );
}

#[test]
fn a_game_with_clocks_goes_on_at_its_end_whatever_is_shown() {
    let gui = Gui::start(&[]);
    let id = gui.open("joust", "8");
    let table = format!("/api/tables/{id}");
    let clock = r#"{"white":{"kind":"human"},"black":{"kind":"human"},"limit":{"kind":"clock","base_ms":60000,"inc_ms":5000}}"#;
    assert_eq!(gui.post(&format!("{table}/players"), clock).0, 200);
    // A refused move neither stops a clock nor gives an increment.
    let (status, _) = gui.post(&format!("{table}/move"), r#"{"move":"a1a1"}"#);
    assert_eq!(status, 400);
    let (_, state) = gui.get(&table);
    let clocks = field(&state, "clocks");
    assert_eq!(field(&clocks, "running"), "white", "{clocks}");
    assert!(
        field(&clocks, "white_ms").parse::<i64>().expect("ms") <= 60000,
        "{clocks}"
    );
    for mv in ["d4f5", "e5c4"] {
        let (status, body) = gui.post(&format!("{table}/move"), &format!(r#"{{"move":"{mv}"}}"#));
        assert_eq!(status, 200, "{body}");
    }
    // Looking back does not stop white's clock, and no move is made there.
    let (_, shown) = gui.post(&format!("{table}/goto"), r#"{"ply":1}"#);
    assert_eq!(field(&field(&shown, "clocks"), "running"), "white");
    let (status, answer) = gui.post(&format!("{table}/move"), r#"{"move":"e5g4"}"#);
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("last move"), "{answer}");
    // Applying the same players again keeps the clocks of the game in progress.
    let (_, applied) = gui.post(&format!("{table}/players"), clock);
    let black = field(&field(&applied, "clocks"), "black_ms");
    assert!(
        black.parse::<i64>().expect("ms") > 60000,
        "black kept its increment: {applied}"
    );
    // Take back works from the end of the game.
    let (status, back) = gui.post(&format!("{table}/undo"), "");
    assert_eq!(status, 200, "{back}");
    assert_eq!(strings(&field(&back, "moves")), ["d4f5"]);
}

#[test]
fn take_back_after_the_end_reopens_the_game() {
    let gui = Gui::start(&[]);
    let id = gui.open("jesonmor", "5");
    let post = |action: &str, body: &str| {
        let (status, state) = gui.post(&format!("/api/tables/{id}/{action}"), body);
        assert_eq!(status, 200, "{action} {body}: {state}");
        state
    };
    // White's knight leaves the centre: white wins at once.
    post("position", r#"{"position":"5/5/2N2/5/n4 w 0 1"}"#);
    let over = post("move", r#"{"move":"c3b1"}"#);
    assert_ne!(field(&over, "result"), "null", "{over}");
    let (_, record) = gui.get(&format!("/api/tables/{id}/record"));
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    assert!(
        !record.contains("[Termination \"unterminated\"]"),
        "{record}"
    );
    let reopened = post("undo", "");
    assert_eq!(field(&reopened, "result"), "null", "{reopened}");
    assert_eq!(strings(&field(&reopened, "moves")), Vec::<String>::new());

    // Against an engine: the person's winning move is taken back, and the game goes on.
    post(
        "players",
        r#"{"white":{"kind":"human"},"black":{"kind":"engine","engine":0,"level":"easy"},
            "limit":{"kind":"movetime","ms":50}}"#,
    );
    post("move", r#"{"move":"c3b1"}"#);
    let reopened = post("undo", "");
    assert_eq!(field(&reopened, "result"), "null", "{reopened}");
    assert_eq!(strings(&field(&reopened, "moves")), Vec::<String>::new());
    let (_, record) = gui.get(&format!("/api/tables/{id}/record"));
    assert!(record.contains("[Result \"*\"]"), "{record}");
    assert!(
        record.contains("[Black \"tabula (level easy)\"]"),
        "{record}"
    );
}
