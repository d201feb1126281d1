//! `tabula gui` against what a careless or hostile client does: positions that take the rules a
//! long time, connections that send slowly or nothing, sockets that send too much, requests from
//! other web sites or other machines. The server must keep answering everyone else.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;

use gui_support::*;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc::channel;
use std::thread;
use std::time::{Duration, Instant};

/// How long any one wait of these tests may last before the test counts the server as hung.
const GUARD: Duration = Duration::from_secs(90);

/// Waits until the server closes `stream` (it reads the end, or a reset); false if it is
/// still open after `GUARD`. What the server sent before closing is ignored.
fn closed_by_server(mut stream: TcpStream) -> bool {
    let deadline = Instant::now() + GUARD;
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let mut buffer = [0u8; 4096];
    while Instant::now() < deadline {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return true,
        }
    }
    false
}

#[test]
fn crowded_positions_hold_up_no_other_request() {
    let gui = Gui::start(&[]);
    let other = gui.open("joust", "8");
    let tables: Vec<String> = (0..8).map(|_| gui.open("apart", "25")).collect();
    let (done, finished) = channel();
    let heavy: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(seed, id)| {
            let (gui, id, done) = (gui.client.clone(), id.clone(), done.clone());
            thread::spawn(move || {
                let position = crowded_apart_position(seed as u64);
                let (status, state) = gui.post(
                    &format!("/api/tables/{id}/position"),
                    &format!(r#"{{"position":"{position}"}}"#),
                );
                assert_eq!(status, 200, "{state}");
                let (status, targets) =
                    gui.post(&format!("/api/tables/{id}/targets"), r#"{"path":[]}"#);
                assert_eq!(status, 200, "{targets}");
                assert!(!strings(&field(&targets, "next")).is_empty(), "{targets}");
                let _ = done.send(Instant::now());
            })
        })
        .collect();
    drop(done);
    // Sent while the crowded positions are being set up and looked at.
    let (status, _) = gui.get("/api/info");
    let info_answered = Instant::now();
    assert_eq!(status, 200);
    let (status, state) = gui.get(&format!("/api/tables/{other}"));
    let other_answered = Instant::now();
    assert_eq!(status, 200, "{state}");
    for thread in heavy {
        thread.join().expect("a crowded table's requests");
    }
    let last_heavy = finished
        .iter()
        .max()
        .expect("the crowded requests finished");
    assert!(
        info_answered < last_heavy && other_answered < last_heavy,
        "/api/info and another table were answered only after the crowded positions"
    );
    // A pass where moves exist is refused at once, without listing every move.
    let (status, answer) = gui.post(
        &format!("/api/tables/{}/move", tables[0]),
        r#"{"move":"0000"}"#,
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.contains("passing is allowed only when no move is"),
        "{answer}"
    );
}

#[test]
fn closed_tables_give_their_memory_back() {
    let gui = Gui::start(&["--close-after", "1"]);
    let warm = gui.open("apart", "25");
    let before = gui.resident_kib();
    let mut tables = Vec::new();
    for seed in 0..6 {
        let id = gui.open("apart", "25");
        let position = crowded_apart_position(100 + seed);
        let (status, body) = gui.post(
            &format!("/api/tables/{id}/position"),
            &format!(r#"{{"position":"{position}"}}"#),
        );
        assert_eq!(status, 200, "{body}");
        let (status, body) = gui.post(&format!("/api/tables/{id}/targets"), r#"{"path":[]}"#);
        assert_eq!(status, 200, "{body}");
        tables.push(id);
    }
    // Left alone (a request would count as the tab still there) for several times the second
    // after which they close.
    thread::sleep(Duration::from_secs(5));
    for id in &tables {
        assert_eq!(
            gui.get(&format!("/api/tables/{id}")).0,
            404,
            "a table stayed open"
        );
    }
    let after = gui.resident_kib();
    eprintln!("resident memory: {before} KiB before the crowded tables, {after} KiB after");
    // The server once kept a million moves of each such table (some 80 MB each) after it
    // closed; all six together may now leave less than one of those behind.
    assert!(
        after < before + 32 * 1024,
        "{before} KiB before, {after} KiB after the tables closed"
    );
    assert_eq!(gui.get(&format!("/api/tables/{warm}")).0, 404);
}

#[test]
fn slow_and_idle_connections_are_closed() {
    let gui = Gui::start(&[]);
    let silent: Vec<TcpStream> = (0..10)
        .map(|_| TcpStream::connect(&gui.address).expect("connect"))
        .collect();
    // Each sends its request head a line at a time, a line a second, for ever.
    let (closed, closures) = channel();
    let slow: Vec<_> = (0..10)
        .map(|_| {
            let (address, closed) = (gui.address.clone(), closed.clone());
            thread::spawn(move || {
                let mut stream = TcpStream::connect(&address).expect("connect");
                let _ = write!(stream, "GET /api/info HTTP/1.1\r\nHost: {address}\r\n");
                let deadline = Instant::now() + GUARD;
                while Instant::now() < deadline {
                    thread::sleep(Duration::from_secs(1));
                    if write!(stream, "X-Slow: 1\r\n").is_err() {
                        let _ = closed.send(Instant::now());
                        return;
                    }
                    let _ = stream.set_nonblocking(true);
                    let mut buffer = [0u8; 1024];
                    let read = stream.read(&mut buffer);
                    let _ = stream.set_nonblocking(false);
                    let ended = match read {
                        Ok(0) => true,
                        Ok(_) => false,
                        Err(e) => e.kind() != ErrorKind::WouldBlock,
                    };
                    if ended {
                        let _ = closed.send(Instant::now());
                        return;
                    }
                }
            })
        })
        .collect();
    drop(closed);
    // A connection that asked once and then kept quiet.
    let mut kept_alive = TcpStream::connect(&gui.address).expect("connect");
    write!(
        kept_alive,
        "GET /api/info HTTP/1.1\r\nHost: {}\r\n\r\n",
        gui.address
    )
    .expect("send");
    let (status, _) = gui.get("/api/info");
    let info_answered = Instant::now();
    assert_eq!(
        status, 200,
        "the server answers while the idle connections are open"
    );
    for stream in silent {
        assert!(
            closed_by_server(stream),
            "a connection that sent nothing stayed open"
        );
    }
    assert!(
        closed_by_server(kept_alive),
        "an idle kept-alive connection stayed open"
    );
    for thread in slow {
        thread.join().expect("a slow client");
    }
    let closures: Vec<Instant> = closures.iter().collect();
    assert_eq!(
        closures.len(),
        10,
        "connections sending a header a second stayed open"
    );
    assert!(closures.iter().all(|&closed| info_answered < closed));
}

#[test]
fn a_server_short_of_files_still_answers_after_a_flood_of_idle_connections() {
    let gui = Gui::start_with_file_limit(64, &[]);
    let idle: Vec<TcpStream> = (0..70)
        .map(|_| TcpStream::connect(&gui.address).expect("connect"))
        .collect();
    let (status, body) = gui.get("/api/info");
    assert_eq!(status, 200, "{body}");
    let waiters: Vec<_> = idle
        .into_iter()
        .map(|stream| thread::spawn(move || closed_by_server(stream)))
        .collect();
    for waiter in waiters {
        assert!(
            waiter.join().expect("a waiter"),
            "an idle connection stayed open"
        );
    }
    let id = gui.open("joust", "8");
    let (status, body) = gui.post(&format!("/api/tables/{id}/move"), r#"{"move":"d4f5"}"#);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn event_sockets_are_counted_and_take_only_small_messages() {
    // 128 files: at most 16 event sockets in all (see the server's limits), 4 per table.
    let gui = Gui::start_with_file_limit(128, &[]);
    let first = gui.open("joust", "8");
    let mut sockets: Vec<TcpStream> = (0..4).map(|_| open_socket(&gui, &first)).collect();
    let (_, head) = ask_for_socket(&gui, &first, "");
    assert!(
        head.starts_with("HTTP/1.1 503"),
        "a fifth socket of one table: {head}"
    );
    for _ in 0..3 {
        let id = gui.open("joust", "8");
        sockets.extend((0..4).map(|_| open_socket(&gui, &id)));
    }
    let last = gui.open("joust", "8");
    let (_, head) = ask_for_socket(&gui, &last, "");
    assert!(
        head.starts_with("HTTP/1.1 503"),
        "a seventeenth socket: {head}"
    );
    // A small message is taken; one of 64 KiB ends the socket.
    let mut socket = sockets.swap_remove(0);
    assert!(next_message(&mut socket).starts_with(r#"{"event":"state""#));
    send_frame(&mut socket, 1, b"hello").expect("a small message");
    assert_eq!(
        gui.post(&format!("/api/tables/{first}/move"), r#"{"move":"d4f5"}"#)
            .0,
        200
    );
    let after_move = next_message(&mut socket);
    assert!(after_move.contains(r#""moves":["d4f5"]"#), "{after_move}");
    let _ = send_frame(&mut socket, 1, &vec![b'x'; 64 * 1024]);
    let mut closed = false;
    let deadline = Instant::now() + GUARD;
    while !closed && Instant::now() < deadline {
        closed = try_next_message(&mut socket).is_none();
    }
    assert!(closed, "a 64 KiB message was taken");
    // Its place is free again.
    let deadline = Instant::now() + GUARD;
    loop {
        let (_, head) = ask_for_socket(&gui, &last, "");
        if head.starts_with("HTTP/1.1 101") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the closed socket was never uncounted: {head}"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn answers_protect_the_page_and_every_error_is_json() {
    let gui = Gui::start(&[]);
    let host = format!("Host: {}\r\n", gui.address);
    for (method, path) in [("GET", "/"), ("GET", "/app.js"), ("GET", "/api/info")] {
        let answer = gui.exchange(method, path, "", &host);
        assert_eq!(answer.status, 200, "{path}");
        for header in [
            "x-frame-options: deny",
            "x-content-type-options: nosniff",
            "frame-ancestors 'none'",
            "cross-origin-opener-policy: same-origin",
            "cross-origin-embedder-policy: require-corp",
        ] {
            assert!(
                answer.head.contains(header),
                "{path} lacks {header}: {}",
                answer.head
            );
        }
    }
    for (method, path, status) in [
        ("DELETE", "/api/info", 405),
        ("POST", "/api/info", 405),
        ("PUT", "/", 405),
        ("GET", "/nope.js", 404),
        ("GET", "/api/tables/nope/record", 404),
    ] {
        let answer = gui.exchange(method, path, "", &host);
        assert_eq!(answer.status, status, "{method} {path}");
        assert!(
            answer.head.contains("content-type: application/json"),
            "{}",
            answer.head
        );
        assert!(
            answer.body.starts_with(r#"{"error":""#),
            "{method} {path}: {}",
            answer.body
        );
        assert!(
            answer.head.contains("x-frame-options: deny"),
            "{}",
            answer.head
        );
    }
    // A body announced larger than the limit is refused before it is read.
    let answer = gui.raw(&format!(
        "POST /api/tables HTTP/1.1\r\n{host}Content-Length: 9999999\r\nConnection: close\r\n\r\n{{"
    ));
    assert_eq!(answer.status, 413, "{}", answer.head);
    assert!(answer.body.starts_with(r#"{"error":""#), "{}", answer.body);
    // The page's own origin, by either scheme.
    for scheme in ["http", "https"] {
        let origin = format!("{host}Origin: {scheme}://{}\r\n", gui.address);
        assert_eq!(
            gui.request_with("GET", "/api/info", "", &origin).0,
            200,
            "{scheme}"
        );
    }
    // A record with a comment left open is refused with a reason.
    let id = gui.open("joust", "8");
    let (status, answer) = gui.post(
        &format!("/api/tables/{id}/record"),
        r#"{"text":"[Game \"joust\"]\n\n1. d4f5 {a comment e5c4 *"}"#,
    );
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("is not closed"), "{answer}");
    // A level is kept as the engine spells it.
    let players = r#"{"white":{"kind":"engine","engine":0,"level":"mAx"},"black":{"kind":"human"},"limit":{"kind":"depth","depth":1}}"#;
    let (status, state) = gui.post(&format!("/api/tables/{id}/players"), players);
    assert_eq!(status, 200, "{state}");
    let white = field(&field(&state, "players"), "white");
    assert_eq!(field(&white, "level"), "max", "{white}");
}

#[test]
fn a_record_of_several_games_offers_each_game() {
    let gui = Gui::start(&[]);
    let id = gui.open("joust", "8");
    let two = "[Game \\\"joust\\\"]\\n[White \\\"a\\\"]\\n[Black \\\"b\\\"]\\n[Result \\\"*\\\"]\\n\\n1. d4f5 *\\n\\n\
               [Game \\\"jesonmor\\\"]\\n[Size \\\"5x5\\\"]\\n[White \\\"c\\\"]\\n[Black \\\"d\\\"]\\n\\n1. a1b3 *\\n";
    let (status, listed) = gui.post("/api/records", &format!(r#"{{"text":"{two}"}}"#));
    assert_eq!(status, 200, "{listed}");
    let games: serde_json::Value = serde_json::from_str(&listed).expect("JSON");
    assert_eq!(games["games"].as_array().map(Vec::len), Some(2), "{listed}");
    assert_eq!(games["games"][1]["white"], "c", "{listed}");
    let (status, state) = gui.post(
        &format!("/api/tables/{id}/record"),
        &format!(r#"{{"text":"{two}","game":2}}"#),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(field(&state, "game"), "jesonmor");
    assert_eq!(strings(&field(&state, "moves")), ["a1b3"]);
}

#[test]
fn beyond_loopback_every_request_needs_the_token() {
    let gui = Gui::start(&["--host", "0.0.0.0"]);
    let token = gui.token.clone().expect("a token in the printed address");
    assert!(
        token.len() == 32 && token.chars().all(|c| c.is_ascii_hexdigit()),
        "{token}"
    );
    let host = format!("Host: {}\r\n", gui.address);
    for path in ["/", "/api/info", "/api/info?token=0123", "/app.js"] {
        let (status, answer) = gui.request_with("GET", path, "", &host);
        assert_eq!(status, 401, "{path}: {answer}");
        assert!(answer.starts_with(r#"{"error":""#), "{answer}");
    }
    let (status, answer) = gui.request_with("POST", "/api/tables", r#"{"game":"joust"}"#, &host);
    assert_eq!(status, 401, "{answer}");
    // The address with the token opens the page and leaves the token as a cookie.
    let answer = gui.exchange("GET", &format!("/?token={token}"), "", &host);
    assert_eq!(answer.status, 200);
    let cookie = answer
        .head
        .lines()
        .find_map(|line| line.strip_prefix("set-cookie: "))
        .expect("a cookie")
        .to_string();
    assert!(
        cookie.contains("httponly") && cookie.contains("samesite=strict"),
        "{cookie}"
    );
    let with_cookie = format!("{host}Cookie: theme=dark; tabula_token={token}\r\n");
    let (status, opened) =
        gui.request_with("POST", "/api/tables", r#"{"game":"joust"}"#, &with_cookie);
    assert_eq!(status, 200, "{opened}");
    let id = field(&opened, "id");
    let (_, head) = ask_for_socket(&gui, &id, "");
    assert!(
        head.starts_with("HTTP/1.1 401"),
        "a socket without the token: {head}"
    );
    let (_, head) = ask_for_socket(&gui, &id, &format!("Cookie: tabula_token={token}\r\n"));
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    // Table ids are 128 random bits: one tells nothing of the next.
    let (_, second) = gui.request_with("POST", "/api/tables", r#"{"game":"joust"}"#, &with_cookie);
    let next = field(&second, "id");
    for id in [&id, &next] {
        assert!(
            id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit()),
            "{id}"
        );
    }
    assert_ne!(id[..8], next[..8], "{id} {next}");
    // Any IP address of the machine names it; a host name does not.
    let other_address = format!("Host: 10.20.30.40:8088\r\nCookie: tabula_token={token}\r\n");
    assert_eq!(
        gui.request_with("GET", "/api/info", "", &other_address).0,
        200
    );
    let name = format!("Host: evil.example:8088\r\nCookie: tabula_token={token}\r\n");
    assert_eq!(gui.request_with("GET", "/api/info", "", &name).0, 403);
}
