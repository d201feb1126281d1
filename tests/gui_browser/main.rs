//! The real-browser test of `tabula gui`: headless Chromium, driven through chromedriver
//! (WebDriver), checks that the page opens ready to play against tabula (`opening.rs`), plays a
//! whole game of each of the four games against the engine by clicking the
//! board as a person would, and checks the result the page shows against the server's (after
//! the mends of `mends.rs`: the icon, engines thinking on every move, limits, clocks, a phone); then
//! reviews each finished game (`review.rs`) and checks its downloaded record. The engine plays
//! Jeson Mor at a point of its Elo knob picked from the page's level list (`levels.rs`).
//!
//! It needs `chromium` and `chromium-driver` (Debian's packages), so it is ignored by a plain
//! `cargo test`; `.ci/run` installs them and runs it with
//! `cargo test --test gui_browser -- --ignored`. Screenshots of the finished games with their
//! review (and of an empty 25 x 25 Apart board) are saved in `target/gui-screenshots/`.
//!
//! The page (`src/interfaces/gui/assets/`) keeps these ids and attributes for this test:
//! `<rect class="square" data-square="e4">` squares in `svg#board` with the classes `movable`,
//! `target` and `picked`, `<g class="piece" data-square data-piece>`, `#status`, `#result`,
//! `#moves .move[data-ply]`, `#end-turn`, `#pass`, `body[data-table]` (the table's id, which the
//! test then reads straight from the server), and the controls `#game`, `#size`, `#new-game`,
//! `#white`, `#black`, `#level-white`, `#level-black`, `#limit-kind`, `#limit-value`, `#apply-players`, and `#diamond`
//! (`aria-pressed`) for a second Claustro game on the board turned 45 degrees; `#swap-sides` and
//! `.clock-name` (`opening.rs`), and `#moves .move[data-book]` for a loaded record's book moves
//! (`details.rs`). The screenshot `ready-to-play` is docs/gui-ready.png, and those of the games
//! reviewed are docs/gui-review-<game>.png.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::Value;

#[path = "../common/board_kept.rs"]
mod board_kept;
#[path = "../common/board_lines.rs"]
mod board_lines;
#[path = "../common/board_mends.rs"]
mod board_mends;
#[path = "../common/board_page.rs"]
mod board_page;
#[path = "../common/board_probe.rs"]
mod board_probe;
#[path = "../common/board_store.rs"]
mod board_store;
#[path = "../common/chunked.rs"]
mod chunked;
mod details;
mod levels;
mod mends;
mod opening;
mod page;
#[path = "../common/process.rs"]
mod process;
mod processes;
mod review;
mod tables;

use board_page::*;
use page::*;
use processes::*;

/// The whole test, every game included, must finish within this.
const TOTAL: Duration = Duration::from_secs(400);
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
    /// The engine's level (`select#level-black`, or [`ELO_POINT`]) and limit (`select#limit-kind`,
    /// `input#limit-value`; the page takes a time per move in seconds).
    level: &'static str,
    limit_kind: &'static str,
    limit_value: &'static str,
    /// A game that has not ended after this many plies fails the test.
    max_plies: usize,
}

/// The level of a game whose engine plays at a point of the Elo knob, picked from the page's
/// list (`levels.rs`).
const ELO_POINT: &str = "an Elo point";

impl GameSpec {
    /// `game` on a `size` board (`width` x `height`) against `level` at 0.05 s a move, flat,
    /// failing after 200 plies; its screenshot named after the game.
    const fn new(
        game: &'static str,
        size: &'static str,
        (width, height): (usize, usize),
        level: &'static str,
    ) -> GameSpec {
        GameSpec {
            name: game,
            game,
            diamond: false,
            size,
            width,
            height,
            level,
            limit_kind: "movetime",
            limit_value: "0.05",
            max_plies: 200,
        }
    }
}

const CLAUSTRO: GameSpec = GameSpec::new("claustro", "5x5", (5, 5), "easy");

const GAMES: [GameSpec; 5] = [
    GameSpec {
        // Every ply burns a square: at most 62 plies on 8 x 8.
        max_plies: 62,
        ..GameSpec::new("joust", "8x8", (8, 8), "greedy")
    },
    GameSpec::new("jesonmor", "9x9", (9, 9), ELO_POINT),
    CLAUSTRO,
    GameSpec::new("apart", "8x8", (8, 8), "easy"),
    GameSpec {
        name: "claustro-diamond",
        diamond: true,
        ..CLAUSTRO
    },
];

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
    let table = state
        .table
        .clone()
        .ok_or("the page does not tell its table id (no data-table on body)")?;
    let black = set_players(client, base, &table, spec).await?;
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
    review::review_game(client, base, &table, spec, &black).await?;
    // No engine thinks once the game is over; the page may show the last status a moment late.
    if let Err(e) = wait_for(client, "no engine thinking", Duration::from_secs(1), |s| {
        !s.engines.contains("thinking")
    })
    .await
    {
        let shown = e.lines().find(|l| l.contains("engines:")).unwrap_or("");
        eprintln!("  note: the game is over but the page still shows{shown}");
    }
    client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .ctx("scroll to the top")?;
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

/// Opens the page at `base` and waits for its board.
async fn open_board(client: &Client, base: &str) -> Res<()> {
    client.goto(base).await.ctx(&format!("open {base}"))?;
    wait_for(client, "the board to be drawn", STEP, |s| s.squares > 0).await?;
    Ok(())
}

async fn run(client: &Client, base: &str, _driver_port: u16) -> Res<()> {
    // White's moves are random with a fixed seed; GUI_BROWSER_SEED=N plays other games.
    let seed = match std::env::var("GUI_BROWSER_SEED") {
        Ok(text) => text
            .parse::<u64>()
            .map_err(|e| format!("GUI_BROWSER_SEED={text:?}: {e}"))?,
        Err(_) => 0x7ab1_0000,
    };
    open_board(client, base).await?;
    shows_the_version(client).await?;
    is_isolated(client).await?;
    opening::ready_to_play(client, base)
        .await
        .map_err(|e| format!("ready to play: {e}"))?;
    details::check_page_details(client, base)
        .await
        .map_err(|e| format!("page details: {e}"))?;
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
    in_browser("chromium.log", run).await;
}

/// What issue 72 mended and added (`mends.rs`: games kept and shared too), on a page of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; .ci/run runs it"]
async fn the_gui_mends_in_a_real_browser() {
    in_browser(
        "chromium-mends.log",
        async |client: &Client, base: &str, driver_port: u16| {
            open_board(client, base).await?;
            mends::check_mends(client, base).await?;
            mends::check_kept(client, base, driver_port).await
        },
    )
    .await;
}

/// Reloads by the dozen, and a page that meets the limit of tables (`tables.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; .ci/run runs it"]
async fn the_gui_never_runs_out_of_tables() {
    in_browser(
        "chromium-tables.log",
        async |client: &Client, base: &str, _driver_port: u16| {
            client.goto(base).await.ctx(&format!("open {base}"))?;
            wait_for(client, "the board to be drawn", STEP, |s| s.squares > 0).await?;
            tables::check_tables(client, base).await
        },
    )
    .await;
}

/// A study board's side lines, browsed, saved and loaded back (`mends.rs`), on a page of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; .ci/run runs it"]
async fn the_gui_browses_side_lines_in_a_real_browser() {
    in_browser(
        "chromium-side-lines.log",
        async |client: &Client, base: &str, _driver_port: u16| {
            open_board(client, base).await?;
            mends::check_side_lines(client).await
        },
    )
    .await;
}

/// The "Perfect play" card (`tests/common/board_probe.rs`) on Joust 5 x 5: every move with its
/// proven value, a winning one played by a click (`perfect-play.png`); Jeson Mor's all unknown
/// (`perfect-play-page.png`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; .ci/run runs it"]
async fn the_gui_shows_perfect_play_in_a_real_browser() {
    in_browser(
        "chromium-perfect-play.log",
        async |client: &Client, base: &str, _driver_port: u16| {
            open_board(client, base).await?;
            let (card, page) = board_probe::perfect_play(client).await?;
            let card = save_png("perfect-play", card)?;
            let page = save_png("perfect-play-page", page)?;
            eprintln!("perfect play: {} and {}", card.display(), page.display());
            Ok(())
        },
    )
    .await;
}

/// Starts `tabula gui`, chromedriver and Chromium (its log in the screenshot folder as `log`),
/// runs `test` on the server's address (and chromedriver's port, for a second browser) within
/// [`TOTAL`], and ends them; panics with the page's console if the test failed.
async fn in_browser(log: &str, test: impl AsyncFnOnce(&Client, &str, u16) -> Res<()>) {
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
    let (server, base) = start_server(&[]).unwrap_or_else(|e| panic!("{e}"));
    processes.server = Some(server);
    let browser_log = screenshot_dir().join(log);
    let (driver, driver_port) = start_driver(&browser_log).unwrap_or_else(|e| panic!("{e}"));
    processes.driver = Some(driver);
    let client = connect(driver_port, &profile)
        .await
        .unwrap_or_else(|e| panic!("{e}"));

    let outcome = match tokio::time::timeout(TOTAL, test(&client, &base, driver_port)).await {
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
