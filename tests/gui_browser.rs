//! The real-browser test of `tabula gui`: headless Chromium, driven through chromedriver
//! (WebDriver), plays a whole game of each of the four games against the engine by clicking the
//! board as a person would, and checks the result the page shows against the server's.
//!
//! It needs `chromium` and `chromium-driver` (Debian's packages), so it is ignored by a plain
//! `cargo test`; `.ci/run` installs them and runs it with
//! `cargo test --test gui_browser -- --ignored`. Screenshots of the finished games (and of an
//! empty 25 x 25 Apart board) are saved in `target/gui-screenshots/`.
//!
//! The page (`src/interfaces/gui/assets/`) keeps these ids and attributes for this test:
//! `<rect class="square" data-square="e4">` squares in `svg#board` with the classes `movable`,
//! `target` and `picked`, `<g class="piece" data-square data-piece>`, `#status`, `#result`,
//! `#moves .move[data-ply]`, `#end-turn`, `#pass`, `a#download` (its address names the table, which
//! the test then reads straight from the server), and the controls `#game`, `#size`, `#new-game`,
//! `#white`, `#black`, `#level`, `#limit-kind`, `#limit-value`, `#apply-players`, and `#diamond`
//! (`aria-pressed`) for a second Claustro game on the board turned 45 degrees.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

type Res<T> = Result<T, String>;

/// Adds what was being done to an error, so that a failure says which step broke.
trait Context<T> {
    fn ctx(self, what: &str) -> Res<T>;
}

impl<T, E: std::fmt::Display> Context<T> for Result<T, E> {
    fn ctx(self, what: &str) -> Res<T> {
        self.map_err(|e| format!("{what}: {e}"))
    }
}

/// The whole test, every game included, must finish within this.
const TOTAL: Duration = Duration::from_secs(170);
/// How long the page may take to react to one click or one server answer.
const STEP: Duration = Duration::from_secs(5);
/// How long the engine may take for one reply (its limit is a few tens of milliseconds).
const ENGINE_REPLY: Duration = Duration::from_secs(10);

/// One game the test plays: white is the test (a human clicking), black the engine.
struct GameSpec {
    /// The name of the game's screenshot, `target/gui-screenshots/<name>.png`.
    name: &'static str,
    /// The value of `select#game`.
    game: &'static str,
    /// Claustro drawn turned 45 degrees, as it is played (the page's `#diamond` button): the
    /// clicks then land on turned squares.
    diamond: bool,
    /// What is typed into `input#size`.
    size: &'static str,
    width: usize,
    height: usize,
    /// The engine's level (`select#level`) and limit (`select#limit-kind`, `input#limit-value`;
    /// the page takes a time per move in seconds).
    level: &'static str,
    limit_kind: &'static str,
    limit_value: &'static str,
    /// A game that has not ended after this many plies fails the test.
    max_plies: usize,
}

const GAMES: [GameSpec; 5] = [
    GameSpec {
        name: "joust",
        game: "joust",
        diamond: false,
        size: "8x8",
        width: 8,
        height: 8,
        level: "greedy",
        limit_kind: "movetime",
        limit_value: "0.05",
        // Every ply burns a square: at most 62 plies on 8 x 8.
        max_plies: 62,
    },
    GameSpec {
        name: "jesonmor",
        game: "jesonmor",
        diamond: false,
        size: "9x9",
        width: 9,
        height: 9,
        level: "easy",
        limit_kind: "movetime",
        limit_value: "0.05",
        max_plies: 200,
    },
    GameSpec {
        name: "claustro",
        game: "claustro",
        diamond: false,
        size: "5x5",
        width: 5,
        height: 5,
        level: "easy",
        limit_kind: "movetime",
        limit_value: "0.05",
        max_plies: 200,
    },
    GameSpec {
        name: "apart",
        game: "apart",
        diamond: false,
        size: "8x8",
        width: 8,
        height: 8,
        level: "easy",
        limit_kind: "movetime",
        limit_value: "0.05",
        max_plies: 200,
    },
    GameSpec {
        name: "claustro-diamond",
        game: "claustro",
        diamond: true,
        size: "5x5",
        width: 5,
        height: 5,
        level: "easy",
        limit_kind: "movetime",
        limit_value: "0.05",
        max_plies: 200,
    },
];

/// A small fixed-seed generator (SplitMix64), so that a failing game can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// The processes the test starts; killed (and the browser profile removed) when dropped, also
/// when the test fails.
struct Processes {
    server: Option<Child>,
    driver: Option<Child>,
    profile: PathBuf,
}

impl Drop for Processes {
    fn drop(&mut self) {
        if let Some(driver) = &self.driver {
            // chromedriver's process group (see `start_driver`): Chromium too, if still running.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", driver.id())])
                .stderr(Stdio::null())
                .status();
        }
        for child in [self.driver.as_mut(), self.server.as_mut()]
            .into_iter()
            .flatten()
        {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("gui-screenshots")
}

/// Starts `tabula gui --port 0` and returns it with the page's address, read from the first line
/// it prints (`tabula gui: http://127.0.0.1:PORT/`).
fn start_server() -> Res<(Child, String)> {
    let mut server = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["gui", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .ctx("start `tabula gui --port 0`")?;
    let stdout = server.stdout.take().expect("piped stdout");
    let (sender, lines) = channel();
    // Reads every line, so that the server never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = sender.send(line);
        }
    });
    let first = match lines.recv_timeout(Duration::from_secs(20)) {
        Ok(line) => line,
        Err(_) => {
            let _ = server.kill();
            return Err("`tabula gui --port 0` printed no line within 20 s".into());
        }
    };
    let Some(start) = first.find("http://") else {
        let _ = server.kill();
        return Err(format!(
            "the first line of `tabula gui` has no http:// address: {first:?}"
        ));
    };
    let url = first[start..].split_whitespace().next().unwrap_or("");
    let url = if url.ends_with('/') {
        url.to_string()
    } else {
        format!("{url}/")
    };
    Ok((server, url))
}

fn free_port() -> Res<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").ctx("bind a free port")?;
    Ok(listener.local_addr().ctx("local address")?.port())
}

/// Starts chromedriver on a free port and waits until it accepts connections.
/// Chromium's own log (`--enable-logging=stderr`) goes to `log`: the page's console messages and
/// script errors are there, as lines with `CONSOLE`.
fn start_driver(log: &Path) -> Res<(Child, u16)> {
    let port = free_port()?;
    if let Some(dir) = log.parent() {
        std::fs::create_dir_all(dir).ctx(&format!("create {}", dir.display()))?;
    }
    let log_file = std::fs::File::create(log).ctx(&format!("create {}", log.display()))?;
    let mut driver = Command::new(chromedriver())
        .arg(format!("--port={port}"))
        .arg("--enable-chrome-logs")
        // Its own process group, with the Chromium it starts: if the test dies before it closes
        // the session, the whole group is ended.
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log_file)
        .spawn()
        .ctx("start chromedriver (apt-get install chromium-driver)")?;
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            let _ = driver.kill();
            return Err(format!(
                "chromedriver did not listen on port {port} within 20 s"
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok((driver, port))
}

fn chromedriver() -> &'static str {
    if Path::new("/usr/bin/chromedriver").exists() {
        "/usr/bin/chromedriver"
    } else {
        "chromedriver"
    }
}

/// Debian's `/usr/bin/chromium` is a shell script that adds flags of its own; the real binary is
/// beside its libraries.
fn chromium() -> &'static str {
    if Path::new("/usr/lib/chromium/chromium").exists() {
        "/usr/lib/chromium/chromium"
    } else {
        "/usr/bin/chromium"
    }
}

async fn connect(driver_port: u16, profile: &Path) -> Res<Client> {
    let args = vec![
        "--headless".to_string(),
        "--no-sandbox".to_string(),
        "--disable-gpu".to_string(),
        "--disable-quic".to_string(),
        "--no-first-run".to_string(),
        "--disable-background-networking".to_string(),
        "--disable-component-update".to_string(),
        "--disable-sync".to_string(),
        "--disable-dev-shm-usage".to_string(),
        "--window-size=1280,960".to_string(),
        "--enable-logging=stderr".to_string(),
        "--v=0".to_string(),
        format!("--user-data-dir={}", profile.display()),
    ];
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({"binary": chromium(), "args": args}),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{driver_port}"))
        .await
        .ctx("open a Chromium session through chromedriver")
}

/// A plain HTTP GET to the server, independent of the browser: the JSON it answers.
fn api_get(base: &str, path: &str) -> Res<Value> {
    let authority = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = TcpStream::connect(&authority).ctx(&format!("connect to {authority}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ctx("set a read timeout")?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .ctx("send the request")?;
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).ctx("read the answer")?;
    let text = String::from_utf8_lossy(&bytes);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("GET {path}: no end of headers in {text:?}"))?;
    let status = head.lines().next().unwrap_or("");
    if !status.contains(" 200") {
        return Err(format!("GET {path}: {status}: {body}"));
    }
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)?
    } else {
        body.to_string()
    };
    serde_json::from_str(&body).ctx(&format!("GET {path}: the answer is not JSON: {body:?}"))
}

fn dechunk(mut body: &str) -> Res<String> {
    let mut out = String::new();
    loop {
        let (size, rest) = body
            .split_once("\r\n")
            .ok_or("a chunked answer ends early")?;
        let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
            .ctx("a chunk size")?;
        if size == 0 {
            return Ok(out);
        }
        out.push_str(rest.get(..size).ok_or("a chunk is cut short")?);
        body = rest.get(size + 2..).unwrap_or("");
    }
}

/// What the page shows, read in one script call (reading each element through WebDriver would
/// take a round trip per attribute).
#[derive(Debug, Clone, PartialEq)]
struct PageState {
    squares: usize,
    movable: Vec<String>,
    targets: Vec<String>,
    picked: Vec<String>,
    /// The squares with a white (upper-case) piece on them.
    white_pieces: Vec<String>,
    /// Every piece drawn, as `e4=N`.
    pieces: Vec<String>,
    moves: usize,
    result: Option<String>,
    end_turn: bool,
    pass: bool,
    status: String,
    /// `#engines-status`, where the page has one (not in the contract).
    engines: String,
    table: Option<String>,
}

const READ_STATE: &str = r#"
const all = (s) => Array.from(document.querySelectorAll(s));
const shown = (el) => !!el && !el.hidden && !el.disabled && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
const byId = (id) => document.getElementById(id);
const result = byId('result');
// The table id: a data-table attribute if the page sets one, else the address of the record
// download link or of a request the page made to /api/tables/{id}/...
let table = document.body.dataset.table || null;
const download = byId('download');
if (!table && download) {
    const m = /\/api\/tables\/([^\/?#]+)/.exec(download.getAttribute('href') || '');
    if (m) table = decodeURIComponent(m[1]);
}
if (!table) {
    for (const entry of performance.getEntriesByType('resource')) {
        const m = /\/api\/tables\/([^\/?#]+)/.exec(entry.name);
        if (m) table = decodeURIComponent(m[1]);
    }
}
return {
    squares: all('#board .square').length,
    movable: all('#board .square.movable').map((e) => e.dataset.square),
    targets: all('#board .square.target').map((e) => e.dataset.square),
    picked: all('#board .square.picked').map((e) => e.dataset.square),
    white_pieces: all('#board .piece').filter((e) => /^[A-Z]$/.test(e.dataset.piece || ''))
        .map((e) => e.dataset.square),
    pieces: all('#board .piece').map((e) => `${e.dataset.square}=${e.dataset.piece}`),
    moves: all('#moves .move[data-ply]').length,
    result: shown(result) ? result.textContent.trim() : null,
    end_turn: shown(byId('end-turn')),
    pass: shown(byId('pass')),
    status: (byId('status') || {}).textContent || '',
    engines: (byId('engines-status') || {}).textContent || '',
    table: table,
};
"#;

fn strings(value: &Value, key: &str) -> Vec<String> {
    value[key]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

async fn read_state(client: &Client) -> Res<PageState> {
    let value = client
        .execute(READ_STATE, vec![])
        .await
        .ctx("read the page")?;
    Ok(PageState {
        squares: value["squares"].as_u64().unwrap_or(0) as usize,
        movable: strings(&value, "movable"),
        targets: strings(&value, "targets"),
        picked: strings(&value, "picked"),
        white_pieces: strings(&value, "white_pieces"),
        pieces: strings(&value, "pieces"),
        moves: value["moves"].as_u64().unwrap_or(0) as usize,
        result: value["result"].as_str().map(str::to_string),
        end_turn: value["end_turn"].as_bool().unwrap_or(false),
        pass: value["pass"].as_bool().unwrap_or(false),
        status: value["status"].as_str().unwrap_or("").trim().to_string(),
        engines: value["engines"].as_str().unwrap_or("").trim().to_string(),
        table: value["table"].as_str().map(str::to_string),
    })
}

/// Polls the page until `ready` holds; a timeout error names what was awaited and the last state.
async fn wait_for(
    client: &Client,
    what: &str,
    timeout: Duration,
    ready: impl Fn(&PageState) -> bool,
) -> Res<PageState> {
    let deadline = Instant::now() + timeout;
    loop {
        let state = read_state(client).await?;
        if ready(&state) {
            return Ok(state);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "waited {timeout:?} for {what}; the page shows {state:#?}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Clicks the element `selector` finds. The page redraws the whole board on every change, so
/// the element found may be replaced before the click lands: then it is found again.
async fn click(client: &Client, selector: &str) -> Res<()> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let element = client
            .find(Locator::Css(selector))
            .await
            .ctx(&format!("find {selector}"))?;
        match element.click().await {
            Ok(()) => return Ok(()),
            Err(e) if attempt < 5 && e.to_string().contains("stale element") => {}
            Err(e) => return Err(format!("click {selector}: {e}")),
        }
    }
}

async fn click_square(client: &Client, square: &str) -> Res<()> {
    click(
        client,
        &format!("#board rect.square[data-square=\"{square}\"]"),
    )
    .await
}

async fn select(client: &Client, id: &str, value: &str) -> Res<()> {
    client
        .find(Locator::Id(id))
        .await
        .ctx(&format!("find select#{id}"))?
        .select_by_value(value)
        .await
        .ctx(&format!("choose {value:?} in select#{id}"))
}

async fn type_into(client: &Client, id: &str, text: &str) -> Res<()> {
    let input = client
        .find(Locator::Id(id))
        .await
        .ctx(&format!("find input#{id}"))?;
    input.clear().await.ctx(&format!("clear input#{id}"))?;
    input
        .send_keys(text)
        .await
        .ctx(&format!("type {text:?} into input#{id}"))
}

async fn save_screenshot(client: &Client, name: &str) -> Res<PathBuf> {
    let png = client.screenshot().await.ctx("take a screenshot")?;
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).ctx(&format!("create {}", dir.display()))?;
    let path = dir.join(format!("{name}.png"));
    std::fs::write(&path, png).ctx(&format!("write {}", path.display()))?;
    Ok(path)
}

/// Chooses the game and size and clicks "New game"; returns once the page shows the empty
/// board of that size with no moves.
async fn new_game(client: &Client, game: &str, size: &str, squares: usize) -> Res<PageState> {
    select(client, "game", game).await?;
    type_into(client, "size", size).await?;
    click(client, "#new-game").await?;
    wait_for(
        client,
        &format!("a new {game} {size} board ({squares} squares, no moves)"),
        STEP,
        |s| s.squares == squares && s.moves == 0 && s.result.is_none(),
    )
    .await
}

/// Turns the page's Claustro diamond view (`#diamond`, `aria-pressed`) on or off.
async fn set_diamond(client: &Client, on: bool) -> Res<()> {
    let button = client
        .find(Locator::Id("diamond"))
        .await
        .ctx("find button#diamond (Claustro drawn as a diamond)")?;
    let pressed = button.attr("aria-pressed").await.ctx("read #diamond")?;
    if (pressed.as_deref() == Some("true")) != on {
        click(client, "#diamond").await?;
    }
    let pressed = button.attr("aria-pressed").await.ctx("read #diamond")?;
    if (pressed.as_deref() == Some("true")) != on {
        return Err(format!(
            "#diamond has aria-pressed {pressed:?} after a click to turn it {}",
            if on { "on" } else { "off" }
        ));
    }
    Ok(())
}

/// White human, black the engine 0 at the game's level and limit.
async fn set_players(client: &Client, base: &str, table: &str, spec: &GameSpec) -> Res<()> {
    select(client, "white", "human").await?;
    select(client, "black", "engine:0").await?;
    select(client, "level", spec.level).await?;
    select(client, "limit-kind", spec.limit_kind).await?;
    type_into(client, "limit-value", spec.limit_value).await?;
    click(client, "#apply-players").await?;
    // The server must have taken them before the first move.
    let deadline = Instant::now() + STEP;
    loop {
        let t = api_get(base, &format!("/api/tables/{table}"))?;
        let players = &t["players"];
        if players["white"]["kind"] == "human"
            && players["black"]["kind"] == "engine"
            && players["black"]["level"] == spec.level
            && t["limit"]["kind"] == spec.limit_kind
        {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!(
                "after #apply-players the server still has players {players} and limit {}",
                t["limit"]
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The human's turn is ready to be played: the page offers start squares (each under a white
/// piece), or a pass, and no move is being entered; or the game is over.
fn human_can_move(s: &PageState) -> bool {
    s.result.is_some()
        || s.pass
        || (!s.movable.is_empty()
            && s.targets.is_empty()
            && s.picked.is_empty()
            && !s.end_turn
            && s.movable.iter().all(|sq| s.white_pieces.contains(sq)))
}

/// Plays one move for white by clicks: a movable square, then target squares (or "End turn",
/// chosen at random with the targets) until the page sends the move. Returns the squares clicked,
/// and `(End turn)` after them when the move was ended with that button.
async fn play_human_move(client: &Client, rng: &mut Rng, before: &PageState) -> Res<Vec<String>> {
    let moves_before = before.moves;
    if before.pass {
        click(client, "#pass").await?;
        wait_for(client, "the pass to be played", STEP, |s| {
            s.moves > moves_before || s.result.is_some()
        })
        .await?;
        return Ok(vec!["0000".to_string()]);
    }
    let start = rng.pick(&before.movable).clone();
    click_square(client, &start).await?;
    let mut path = vec![start];
    loop {
        if path.len() > 64 {
            return Err(format!(
                "the move entry did not end after clicking {path:?}"
            ));
        }
        let last = path.last().cloned().unwrap_or_default();
        // The page has sent the move, or it shows the path so far as picked and offers the next
        // squares (or "End turn").
        let entered = |s: &PageState| {
            s.picked.len() == path.len()
                && s.picked.contains(&last)
                && (!s.targets.is_empty() || s.end_turn)
        };
        let state = wait_for(
            client,
            &format!("the page to take the click on {last} (path {path:?})"),
            STEP,
            |s| s.moves > moves_before || s.result.is_some() || entered(s),
        )
        .await?;
        if state.moves > moves_before || state.result.is_some() {
            return Ok(path);
        }
        let mut choices: Vec<Option<String>> = state.targets.iter().cloned().map(Some).collect();
        if state.end_turn {
            choices.push(None);
        }
        match rng.pick(&choices).clone() {
            Some(square) => {
                click_square(client, &square).await?;
                path.push(square);
            }
            None => {
                click(client, "#end-turn").await?;
                let state = wait_for(
                    client,
                    &format!("the move {path:?} to be sent after #end-turn"),
                    STEP,
                    |s| s.moves > moves_before || s.result.is_some(),
                )
                .await?;
                if state.moves <= moves_before && state.result.is_none() {
                    return Err(format!("#end-turn did not send {path:?}"));
                }
                path.push("(End turn)".to_string());
                return Ok(path);
            }
        }
    }
}

/// How a game went, for the log.
struct Played {
    plies: usize,
    /// White's moves as clicked (the squares, concatenated).
    clicked: Vec<String>,
    result: String,
    elapsed: Duration,
}

async fn play_game(client: &Client, base: &str, spec: &GameSpec, seed: u64) -> Res<Played> {
    let started = Instant::now();
    let squares = spec.width * spec.height;
    new_game(client, spec.game, spec.size, squares).await?;
    let state = read_state(client).await?;
    let table = state.table.clone().ok_or(
        "the page does not tell its table id (no data-table on body, no request to \
         /api/tables/{id} seen)",
    )?;
    set_players(client, base, &table, spec).await?;
    if spec.diamond {
        set_diamond(client, true).await?;
    }
    let t = api_get(base, &format!("/api/tables/{table}"))?;
    if t["game"] != spec.game || t["width"] != spec.width || t["height"] != spec.height {
        return Err(format!(
            "the server's table {table} is {} {}x{}, the page asked for {} {}",
            t["game"], t["width"], t["height"], spec.game, spec.size
        ));
    }

    let mut rng = Rng(seed);
    let mut log = Vec::new();
    let result = loop {
        let state = wait_for(
            client,
            &format!("white's turn in {} after {log:?}", spec.game),
            ENGINE_REPLY,
            human_can_move,
        )
        .await?;
        if let Some(result) = state.result {
            break result;
        }
        if state.moves >= spec.max_plies {
            return Err(format!(
                "{} has not ended after {} plies (cap {}): {log:?}",
                spec.game, state.moves, spec.max_plies
            ));
        }
        let path = play_human_move(client, &mut rng, &state).await?;
        log.push(path.concat());
        // The engine's reply, or the end of the game.
        let moves_before = state.moves;
        let after = wait_for(
            client,
            &format!("the engine's reply to {}", path.concat()),
            ENGINE_REPLY,
            |s| s.moves >= moves_before + 2 || s.result.is_some(),
        )
        .await?;
        if let Some(result) = after.result {
            break result;
        }
    };
    let state = read_state(client).await?;
    check_result(base, &table, spec, &result, &state).await?;
    // No engine thinks once the game is over; the page may show the last status a moment late.
    if let Err(e) = wait_for(client, "no engine thinking", Duration::from_secs(1), |s| {
        !s.engines.contains("thinking")
    })
    .await
    {
        let shown = e.lines().find(|l| l.contains("engines:")).unwrap_or("");
        eprintln!("  note: the game is over but the page still shows{shown}");
    }
    let shot = save_screenshot(client, spec.name).await?;
    if spec.diamond {
        set_diamond(client, false).await?;
    }
    eprintln!("  screenshot {}", shot.display());
    Ok(Played {
        plies: state.moves,
        clicked: log,
        result,
        elapsed: started.elapsed(),
    })
}

/// The result the page shows names a winner or a draw and a reason, and agrees with the server.
async fn check_result(
    base: &str,
    table: &str,
    spec: &GameSpec,
    shown: &str,
    state: &PageState,
) -> Res<()> {
    let lower = shown.to_lowercase();
    let outcome = if lower.contains("white wins") {
        Some("white")
    } else if lower.contains("black wins") {
        Some("black")
    } else if lower.contains("draw") {
        None
    } else {
        return Err(format!(
            "#result {shown:?} names neither a winner nor a draw"
        ));
    };
    let reason = shown
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(reason, _)| reason.trim())
        .unwrap_or("");
    if reason.is_empty() {
        return Err(format!("#result {shown:?} gives no reason in brackets"));
    }
    let t = api_get(base, &format!("/api/tables/{table}"))?;
    let result = &t["result"];
    if result.is_null() {
        return Err(format!(
            "#result shows {shown:?} but the server's table {table} has no result: {t}"
        ));
    }
    let winner = result["winner"].as_str();
    if winner != outcome {
        return Err(format!(
            "#result {shown:?} but the server says winner {:?} ({result})",
            winner
        ));
    }
    if result["reason"].as_str() != Some(reason) {
        return Err(format!(
            "#result gives the reason {reason:?}, the server {}",
            result["reason"]
        ));
    }
    if let Some(text) = result["text"].as_str()
        && !shown.contains(text)
    {
        return Err(format!(
            "#result {shown:?} does not contain the server's text {text:?}"
        ));
    }
    if !t["thinking"].is_null() {
        return Err(format!(
            "the game is over but the server's table says {} is thinking",
            t["thinking"]
        ));
    }
    let statuses: Vec<String> = t["engines"]
        .as_array()
        .map(|engines| {
            engines
                .iter()
                .map(|e| format!("{}: {}", e["name"], e["status"]))
                .collect()
        })
        .unwrap_or_default();
    eprintln!("  engines after the game: {}", statuses.join(", "));
    let server_moves = t["moves"].as_array().map(Vec::len).unwrap_or(0);
    if server_moves != state.moves {
        return Err(format!(
            "the page lists {} moves, the server's table has {server_moves}",
            state.moves
        ));
    }
    // The board drawn is the server's board.
    let mut drawn = state.pieces.clone();
    drawn.sort();
    let served = served_pieces(&t)?;
    if drawn != served {
        return Err(format!(
            "the page draws the pieces {drawn:?}, the server's board has {served:?}"
        ));
    }
    if t["game"] != spec.game {
        return Err(format!("the server's table plays {}", t["game"]));
    }
    if !state.status.contains(shown) && !shown.contains(&state.status) {
        eprintln!(
            "  note: #status {:?} differs from #result {shown:?}",
            state.status
        );
    }
    Ok(())
}

/// The pieces of a Table's `board` (one string per rank, the top rank first), as `e4=N`, sorted.
fn served_pieces(table: &Value) -> Res<Vec<String>> {
    let rows = table["board"]
        .as_array()
        .ok_or_else(|| format!("the server's table has no board: {table}"))?;
    let mut pieces = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let rank = rows.len() - row;
        for (file, cell) in text.as_str().unwrap_or("").chars().enumerate() {
            if "NnPp".contains(cell) {
                let file = char::from(b'a' + file as u8);
                pieces.push(format!("{file}{rank}={cell}"));
            }
        }
    }
    pieces.sort();
    Ok(pieces)
}

async fn run(client: &Client, base: &str) -> Res<()> {
    // White's moves are random with a fixed seed; GUI_BROWSER_SEED=N plays other games.
    let seed = match std::env::var("GUI_BROWSER_SEED") {
        Ok(text) => text
            .parse::<u64>()
            .map_err(|e| format!("GUI_BROWSER_SEED={text:?}: {e}"))?,
        Err(_) => 0x7ab1_0000,
    };
    client.goto(base).await.ctx(&format!("open {base}"))?;
    wait_for(client, "the board to be drawn", STEP, |s| s.squares > 0).await?;
    for (index, spec) in GAMES.iter().enumerate() {
        let played = play_game(client, base, spec, seed + index as u64)
            .await
            .map_err(|e| format!("{} {}: {e}", spec.name, spec.size))?;
        eprintln!(
            "{} {}: {:?} after {} plies, {:.1} s; white clicked {}",
            spec.name,
            spec.size,
            played.result,
            played.plies,
            played.elapsed.as_secs_f64(),
            played.clicked.join(" ")
        );
    }
    // A large board, to look at: every square and piece must stay readable.
    let state = new_game(client, "apart", "25", 25 * 25).await?;
    let table = state
        .table
        .clone()
        .ok_or("the page does not tell its table id")?;
    let served = served_pieces(&api_get(base, &format!("/api/tables/{table}"))?)?;
    let mut drawn = state.pieces.clone();
    drawn.sort();
    if drawn != served || served.len() != 2 * 2 * 23 {
        return Err(format!(
            "apart 25x25: the page draws {} pieces, the server's board has {} (92 expected)",
            drawn.len(),
            served.len()
        ));
    }
    let shot = save_screenshot(client, "apart-25").await?;
    eprintln!("apart 25x25: screenshot {}", shot.display());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; .ci/run runs it"]
async fn the_gui_plays_every_game_in_a_real_browser() {
    let started = Instant::now();
    let profile = std::env::temp_dir().join(format!(
        "tabula-gui-browser-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    let mut processes = Processes {
        server: None,
        driver: None,
        profile: profile.clone(),
    };
    let (server, base) = start_server().unwrap_or_else(|e| panic!("{e}"));
    processes.server = Some(server);
    let browser_log = screenshot_dir().join("chromium.log");
    let (driver, driver_port) = start_driver(&browser_log).unwrap_or_else(|e| panic!("{e}"));
    processes.driver = Some(driver);
    let client = connect(driver_port, &profile)
        .await
        .unwrap_or_else(|e| panic!("{e}"));

    let outcome = match tokio::time::timeout(TOTAL, run(&client, &base)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(format!("the test took longer than {TOTAL:?}")),
    };
    if outcome.is_err()
        && let Ok(path) = save_screenshot(&client, "failure").await
    {
        eprintln!("the page at the failure: {}", path.display());
    }
    // Closing the session ends Chromium; dropping `processes` ends chromedriver and the server.
    let _ = client.close().await;
    drop(processes);
    eprintln!("total {:.1} s", started.elapsed().as_secs_f64());
    if let Err(e) = outcome {
        let console: Vec<String> = std::fs::read_to_string(&browser_log)
            .unwrap_or_default()
            .lines()
            .filter(|line| line.contains("CONSOLE"))
            .map(str::to_string)
            .collect();
        panic!(
            "{e}\nthe page's console ({}):\n{}",
            browser_log.display(),
            console.join("\n")
        );
    }
}
