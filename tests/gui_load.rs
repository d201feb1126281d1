//! `tabula gui` under load, on 127.0.0.1, for a bounded time: tables where engines play each
//! other at a fast limit, analyses, event sockets opened and dropped, crowded positions pasted,
//! and `/api/info` asked all the while. It reports the requests served, the slowest answer (of
//! `/api/info` and of all), the errors, the server's and the engines' peak memory, and the engine
//! processes left once the clients have gone, which must be none.
//!
//! In `cargo test` it runs small and short (`GUI_LOAD_SECONDS`, default 4, and
//! `GUI_LOAD_CLIENTS` of each kind, default 2); `scripts/gui-load.sh` runs it larger.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;

use gui_support::*;
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest run and the most clients of each kind the variables may ask for: the run stays
/// bounded whatever they say (the server holds at most 32 tables).
const MAX_SECONDS: u64 = 170;
const MAX_CLIENTS: usize = 6;
/// How long the engines of the closed tables may take to end.
const CLOSE_GUARD: Duration = Duration::from_secs(60);

fn setting(name: &str, default: u64, max: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
        .clamp(1, max)
}

/// What the clients saw, by kind of request.
#[derive(Default)]
struct Tally {
    served: u64,
    errors: Vec<String>,
    slowest: BTreeMap<&'static str, Duration>,
}

#[derive(Clone)]
struct Load {
    client: Client,
    tally: Arc<Mutex<Tally>>,
    /// The ids of the tables opened.
    tables: Arc<Mutex<Vec<String>>>,
    until: Instant,
}

impl Load {
    fn going(&self) -> bool {
        Instant::now() < self.until
    }

    /// One request whose answer should have a status in `expected`; its body if so.
    fn ask(
        &self,
        kind: &'static str,
        method: &str,
        path: &str,
        body: &str,
        expected: &[u16],
    ) -> Option<String> {
        let started = Instant::now();
        let host = format!("Host: {}\r\n", self.client.address);
        let answer = self.client.try_exchange(method, path, body, &host);
        let took = started.elapsed();
        let mut tally = self.tally.lock().unwrap_or_else(|p| p.into_inner());
        let slowest = tally.slowest.entry(kind).or_default();
        *slowest = (*slowest).max(took);
        match answer {
            Ok(answer) if expected.contains(&answer.status) => {
                tally.served += 1;
                Some(answer.body)
            }
            Ok(answer) => {
                let body: String = answer.body.chars().take(200).collect();
                tally
                    .errors
                    .push(format!("{method} {path}: {} {body}", answer.status));
                None
            }
            Err(problem) => {
                tally.errors.push(format!("{method} {path}: {problem}"));
                None
            }
        }
    }

    fn open(&self, game: &str, size: &str) -> Option<String> {
        let body = format!(r#"{{"game":"{game}","size":"{size}"}}"#);
        let state = self.ask("open", "POST", "/api/tables", &body, &[200])?;
        let id = field(&state, "id");
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables.push(id.clone());
        Some(id)
    }

    /// Keeps an event socket of table `id` read until the run ends (or the server closes it).
    fn listen(&self, id: &str) -> Option<thread::JoinHandle<()>> {
        let (mut socket, head) = match try_ask_for_socket(&self.client, id, "") {
            Ok(opened) => opened,
            Err(problem) => {
                self.fail(format!("socket of {id}: {problem}"));
                return None;
            }
        };
        if !head.starts_with("HTTP/1.1 101") {
            self.fail(format!("socket of {id}: {head}"));
            return None;
        }
        let until = self.until;
        Some(thread::spawn(move || {
            let _ = socket.set_read_timeout(Some(Duration::from_millis(200)));
            let mut buffer = [0u8; 16 * 1024];
            while Instant::now() < until {
                match socket.read(&mut buffer) {
                    Ok(0) => return,
                    Ok(_) => {}
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) => {}
                    Err(_) => return,
                }
            }
        }))
    }

    fn fail(&self, problem: String) {
        let mut tally = self.tally.lock().unwrap_or_else(|p| p.into_inner());
        tally.errors.push(problem);
    }
}

/// Two engines play each other at 20 ms a move; a finished game is followed by another.
fn engines_play(load: Load) {
    let Some(id) = load.open("joust", "8") else {
        return;
    };
    let listener = load.listen(&id);
    let table = format!("/api/tables/{id}");
    let players = r#"{"white":{"kind":"engine","engine":0},"black":{"kind":"engine","engine":0,"level":"easy"},"limit":{"kind":"movetime","ms":20}}"#;
    load.ask(
        "players",
        "POST",
        &format!("{table}/players"),
        players,
        &[200],
    );
    while load.going() {
        thread::sleep(Duration::from_millis(100));
        let Some(state) = load.ask("table", "GET", &table, "", &[200]) else {
            continue;
        };
        if field(&state, "result") != "null" {
            let new = r#"{"game":"joust","size":"8"}"#;
            load.ask("new", "POST", &format!("{table}/new"), new, &[200]);
        }
    }
    drop(listener.map(thread::JoinHandle::join));
}

/// An analysis with two lines, of a position that changes now and then.
fn analyses(load: Load) {
    let Some(id) = load.open("apart", "8") else {
        return;
    };
    let listener = load.listen(&id);
    let table = format!("/api/tables/{id}");
    let on = r#"{"on":true,"engine":0,"multipv":2}"#;
    load.ask("analysis", "POST", &format!("{table}/analysis"), on, &[200]);
    let mut moves = 0;
    while load.going() {
        thread::sleep(Duration::from_millis(300));
        let path = format!("{table}/targets");
        let Some(starts) = load.ask("targets", "POST", &path, r#"{"path":[]}"#, &[200]) else {
            continue;
        };
        let starts = strings(&field(&starts, "next"));
        if moves >= 6 || starts.is_empty() {
            let new = r#"{"game":"apart","size":"8"}"#;
            load.ask("new", "POST", &format!("{table}/new"), new, &[200]);
            moves = 0;
            continue;
        }
        let body = format!(r#"{{"path":["{}"]}}"#, starts[moves % starts.len()]);
        let Some(next) = load.ask("targets", "POST", &path, &body, &[200]) else {
            continue;
        };
        if let Some(to) = strings(&field(&next, "next")).first() {
            let mv = format!(r#"{{"move":"{}{to}"}}"#, starts[moves % starts.len()]);
            load.ask("move", "POST", &format!("{table}/move"), &mv, &[200, 400]);
            moves += 1;
        }
    }
    drop(listener.map(thread::JoinHandle::join));
}

/// Event sockets opened, read once and dropped, over and over.
fn sockets_come_and_go(load: Load) {
    let Some(id) = load.open("claustro", "5") else {
        return;
    };
    while load.going() {
        match try_ask_for_socket(&load.client, &id, "") {
            Ok((mut socket, head)) if head.starts_with("HTTP/1.1 101") => {
                match try_next_message(&mut socket) {
                    Some(_) => load.tally.lock().unwrap_or_else(|p| p.into_inner()).served += 1,
                    None => load.fail("a socket gave no first state".to_string()),
                }
            }
            Ok((_, head)) => load.fail(format!("socket: {head}")),
            Err(problem) => load.fail(format!("socket: {problem}")),
        }
    }
}

/// Crowded 25 x 25 Apart positions pasted, looked at and answered with a pass.
fn hostile_positions(load: Load, seed: u64) {
    let Some(id) = load.open("apart", "25") else {
        return;
    };
    let table = format!("/api/tables/{id}");
    let mut round = 0;
    while load.going() {
        let position = crowded_apart_position(seed * 1000 + round);
        round += 1;
        let body = format!(r#"{{"position":"{position}"}}"#);
        load.ask(
            "position",
            "POST",
            &format!("{table}/position"),
            &body,
            &[200],
        );
        let path = format!("{table}/targets");
        let Some(starts) = load.ask("targets", "POST", &path, r#"{"path":[]}"#, &[200]) else {
            continue;
        };
        if let Some(from) = strings(&field(&starts, "next")).first() {
            let body = format!(r#"{{"path":["{from}"]}}"#);
            load.ask("targets", "POST", &path, &body, &[200]);
        }
        let pass = r#"{"move":"0000"}"#;
        load.ask("move", "POST", &format!("{table}/move"), pass, &[400]);
    }
}

/// `/api/info` every 20 ms: how long the cheapest request waits while the rest goes on.
fn info_all_the_while(load: Load) {
    while load.going() {
        load.ask("info", "GET", "/api/info", "", &[200]);
        thread::sleep(Duration::from_millis(20));
    }
}

/// The peaks seen by the memory sampler, in KiB.
#[derive(Default)]
struct Peaks {
    server_kib: u64,
    engine_kib: u64,
    engines: usize,
}

fn sample_memory(pid: u32, until: Instant, stop: Arc<AtomicBool>) -> Peaks {
    let mut peaks = Peaks::default();
    while Instant::now() < until + CLOSE_GUARD && !stop.load(Ordering::Relaxed) {
        peaks.server_kib = peaks.server_kib.max(memory_kib(pid, "VmHWM:").unwrap_or(0));
        let engines = children(pid);
        peaks.engines = peaks.engines.max(engines.len());
        for engine in engines {
            let kib = memory_kib(engine, "VmHWM:").unwrap_or(0);
            peaks.engine_kib = peaks.engine_kib.max(kib);
        }
        thread::sleep(Duration::from_millis(100));
    }
    peaks
}

#[test]
fn the_server_keeps_serving_under_load_and_leaves_no_engine_behind() {
    let seconds = setting("GUI_LOAD_SECONDS", 4, MAX_SECONDS);
    let clients = setting("GUI_LOAD_CLIENTS", 2, MAX_CLIENTS as u64) as usize;
    let gui = Gui::start(&["--close-after", "1"]);
    let pid = gui.child.id();
    let start_kib = gui.resident_kib();
    let until = Instant::now() + Duration::from_secs(seconds);
    let load = Load {
        client: gui.client.clone(),
        tally: Arc::default(),
        tables: Arc::default(),
        until,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = {
        let stop = stop.clone();
        thread::spawn(move || sample_memory(pid, until, stop))
    };
    let mut threads = Vec::new();
    for n in 0..clients {
        let kinds: [Box<dyn FnOnce(Load) + Send>; 4] = [
            Box::new(engines_play),
            Box::new(analyses),
            Box::new(sockets_come_and_go),
            Box::new(move |load| hostile_positions(load, n as u64)),
        ];
        for kind in kinds {
            let load = load.clone();
            threads.push(thread::spawn(move || kind(load)));
        }
    }
    threads.push(thread::spawn({
        let load = load.clone();
        move || info_all_the_while(load)
    }));
    for thread in threads {
        thread.join().expect("a client");
    }
    let clients_gone = Instant::now();
    let mut engines_left = children(pid).len();
    while engines_left > 0 && clients_gone.elapsed() < CLOSE_GUARD {
        thread::sleep(Duration::from_millis(100));
        engines_left = children(pid).len();
    }
    // The tables close a second after their last request (the housekeeping looks every second),
    // and the server's idle threads for the rules' work end two seconds after their last.
    thread::sleep(Duration::from_secs(5));
    let tables = load
        .tables
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone();
    let tables_left = tables
        .iter()
        .filter(|id| gui.get(&format!("/api/tables/{id}")).0 != 404)
        .count();
    let end_kib = gui.resident_kib();
    stop.store(true, Ordering::Relaxed);
    let peaks = sampler.join().expect("the memory sampler");
    let tally = load.tally.lock().unwrap_or_else(|p| p.into_inner());
    let slowest_of_all = tally.slowest.values().max().copied().unwrap_or_default();
    let slowest: Vec<String> = tally
        .slowest
        .iter()
        .map(|(kind, took)| format!("{kind} {} ms", took.as_millis()))
        .collect();
    eprintln!(
        "gui load: {seconds} s, {clients} clients of each kind (engines playing, analyses, \
         sockets, crowded positions) and /api/info\n\
         requests served: {}\n\
         errors: {}\n\
         slowest answer: {} ms; /api/info {} ms; by kind: {}\n\
         tables opened: {}, still open 5 s after the clients went: {tables_left}\n\
         server memory: {} KiB at start, peak {} KiB, {} KiB once the tables closed\n\
         engine processes: at most {} at once, peak {} KiB each at most\n\
         engine processes left after the clients went: {engines_left}",
        tally.served,
        tally.errors.len(),
        slowest_of_all.as_millis(),
        tally
            .slowest
            .get("info")
            .copied()
            .unwrap_or_default()
            .as_millis(),
        slowest.join(", "),
        tables.len(),
        start_kib,
        peaks.server_kib,
        end_kib,
        peaks.engines,
        peaks.engine_kib,
    );
    for problem in tally.errors.iter().take(10) {
        eprintln!("  error: {problem}");
    }
    assert!(tally.errors.is_empty(), "{} errors", tally.errors.len());
    for kind in [
        "players", "table", "analysis", "targets", "position", "move", "info",
    ] {
        assert!(
            tally.slowest.contains_key(kind),
            "no {kind} request was made"
        );
    }
    assert_eq!(engines_left, 0, "engine processes outlived their tables");
    assert_eq!(tables_left, 0, "tables left alone stayed open");
    assert!(peaks.engines > 0, "no engine ever ran");
}
