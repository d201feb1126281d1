//! The static site's speed, measured (issue #66's targets; the figures are in docs/gui.md,
//! "In the browser, with no server"), printed and not asserted, as wall-clock times must never
//! decide a test:
//!
//! - **Search speed:** `bench` (fixed positions and depths, one thread) in the page's Web Worker
//!   against the native binary's `tabula bench`, one after the other in the same run; the two
//!   must count the same nodes (the same search), and the browser's nodes a second are given as a
//!   share of the native's.
//! - **First reply:** in each game at its default size, for every first move a human may make,
//!   the time from sending it (`position startpos moves <move>`) and the `go` the GUI sends for
//!   a level (`go movetime 1000`, after `setoption name Level value hard`) to `bestmove`; the
//!   median and the slowest are printed. It is measured from the test through WebDriver, so a
//!   few milliseconds more than the page sees.
//! - **First reply on the board:** the same first moves typed into the board page (the site's
//!   `index.html`, a person white against tabula at `hard` with the page's default second a
//!   move), timed in the page from the move sent to the engine's reply shown in the move list:
//!   everything a person waits for (the page's table, the engine's Worker, the drawing). The
//!   page's very first reply, with the engine's Worker still to start, is printed apart.
//!
//! - **First load** (a test of its own, `the_static_site_s_first_load`): the board page opened
//!   in a browser that has never seen the site (its cache, storage and service worker cleared
//!   through DevTools before each run), then, after that visit, with the network off (DevTools'
//!   `Network.emulateNetworkConditions`, the static server ended), from the service worker's
//!   cache: the page's requests (the page and what it fetches, the Workers' own fetches not
//!   counted) and their bytes as they came (uncompressed: `python3 -m http.server` does not
//!   compress) up to the first board drawn (squares and pieces), and the time from the start of
//!   the navigation to that board, by the page's clock; a few runs each.
//!
//! It needs chromium, chromium-driver, the site built and the release binary, so it is ignored:
//! `scripts/web.sh && cargo build --release && cargo test --test web_bench -- --ignored --nocapture`.

#[allow(dead_code)]
#[path = "common/board_page.rs"]
mod board_page;
#[allow(dead_code)]
#[path = "common/static_site.rs"]
mod static_site;

use board_page::{click, new_game, select, type_into, wait_for};
use fantoccini::Client;
use serde_json::Value;
use static_site::processes::{self, Context, Res};
use static_site::{
    ANSWER, CONTROLLED, GAMES, Site, ask, legal_moves, open_console, target_dir, tell,
};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long `bench` may take in the browser.
const BENCH_PATIENCE: Duration = Duration::from_secs(600);
/// What the GUI sends for a move at a named level (its default limit, a second a move).
const LEVEL_GO: &str = "go movetime 1000";

/// Sends a person's move typed into the board page and resolves, once the engine's reply shows
/// in the move list, to the milliseconds between the two, read by the page's own clock.
const BOARD_REPLY: &str = r#"
const [move] = arguments;
const shown = () => document.querySelectorAll('#moves .move[data-ply]').length >= 2;
const started = performance.now();
return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
        if (shown()) {
            watch.disconnect();
            resolve(performance.now() - started);
        }
    });
    watch.observe(document.getElementById('moves'), {childList: true, subtree: true});
    document.getElementById('move-text').value = move;
    document.getElementById('move-form').requestSubmit();
});
"#;

/// `bench`'s last line, `<N> nodes <X> nps`, as (N, X).
fn nodes_and_nps(lines: &[String]) -> Res<(u64, u64)> {
    let last = lines
        .iter()
        .rev()
        .find(|line| line.ends_with(" nps"))
        .ok_or_else(|| format!("bench wrote no `<N> nodes <X> nps` line: {lines:?}"))?;
    let words: Vec<&str> = last.split_whitespace().collect();
    match words[..] {
        [nodes, "nodes", nps, "nps"] => Ok((
            nodes.parse().ctx(&format!("the nodes of {last:?}"))?,
            nps.parse().ctx(&format!("the nps of {last:?}"))?,
        )),
        _ => Err(format!("bench's last line is {last:?}")),
    }
}

/// `tabula bench` of the release build: (nodes, nps).
fn native_bench() -> Res<(u64, u64)> {
    let binary = target_dir().join("release/tabula");
    let output = Command::new(&binary).arg("bench").output().ctx(&format!(
        "run {} bench (cargo build --release)",
        binary.display()
    ))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    nodes_and_nps(&lines)
}

/// `bench` in the page's Worker: (nodes, nps). The Worker answers one message at a time, so
/// `readyok` comes after the bench's last line.
async fn browser_bench(client: &Client) -> Res<(u64, u64)> {
    let lines = ask(client, &["bench", "isready"], "readyok", BENCH_PATIENCE).await?;
    nodes_and_nps(&lines)
}

/// The times from each first move a human may make in `game` to the engine's `bestmove` at
/// the hard level, slowest first, with the moves.
async fn first_replies(client: &Client, game: &str, size: &str) -> Res<Vec<(Duration, String)>> {
    tell(client, &format!("newgame {game} {size}")).await?;
    tell(client, "setoption name Level value hard").await?;
    let mut replies = Vec::new();
    for human in legal_moves(client).await? {
        let position = format!("position startpos moves {human}");
        let started = Instant::now();
        let answer = ask(client, &[&position, LEVEL_GO], "bestmove", ANSWER).await?;
        let waited = started.elapsed();
        let reply = answer.last().map(String::as_str).unwrap_or_default();
        if reply.ends_with("(none)") {
            return Err(format!("{game}: no reply to {human}: {answer:?}"));
        }
        replies.push((waited, format!("{human}, {reply}")));
    }
    replies.sort_by(|a, b| b.cmp(a));
    Ok(replies)
}

/// The board page's replies at `hard` to each of `firsts` (a person's first moves in `game`),
/// in milliseconds, in the order played.
async fn board_replies(
    client: &Client,
    game: &str,
    size: &str,
    firsts: &[String],
) -> Res<Vec<f64>> {
    let side: usize = size.parse().ctx("a size")?;
    new_game(client, game, size, side * side).await?;
    select(client, "white", "human").await?;
    select(client, "black", "engine:0").await?;
    select(client, "level-black", "hard").await?;
    select(client, "limit-kind", "movetime").await?;
    type_into(client, "limit-value", "1").await?;
    click(client, "#apply-players").await?;
    let mut replies = Vec::new();
    for human in firsts {
        new_game(client, game, size, side * side).await?;
        let waited = client
            .execute(BOARD_REPLY, vec![Value::from(human.as_str())])
            .await
            .ctx(&format!("{game}: the board's reply to {human}"))?;
        replies.push(waited.as_f64().unwrap_or(f64::NAN));
    }
    Ok(replies)
}

/// The median and the slowest of `times`.
fn median_and_slowest(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
    (median, times.last().copied().unwrap_or(f64::NAN))
}

async fn measure(client: &Client, base: &str) -> Res<()> {
    let mut firsts = Vec::new();
    for (game, size) in GAMES {
        let replies = first_replies(client, game, size).await?;
        let (Some((slowest, moves)), Some((median, _))) =
            (replies.first(), replies.get(replies.len() / 2))
        else {
            return Err(format!("{game} {size}: no legal first move"));
        };
        eprintln!(
            "first reply, {game} {size}, hard, {} first moves: median {} ms, slowest {} ms ({moves})",
            replies.len(),
            median.as_millis(),
            slowest.as_millis()
        );
        let humans = replies
            .iter()
            .filter_map(|(_, moves)| moves.split(',').next());
        firsts.push((game, size, humans.map(str::to_string).collect::<Vec<_>>()));
    }
    let (native_nodes, native_nps) = native_bench()?;
    let (browser_nodes, browser_nps) = browser_bench(client).await?;
    eprintln!("bench, native (Threads 1): {native_nodes} nodes {native_nps} nps");
    eprintln!("bench, browser: {browser_nodes} nodes {browser_nps} nps");
    if native_nodes != browser_nodes {
        return Err(format!(
            "bench searched {browser_nodes} nodes in the browser but {native_nodes} natively"
        ));
    }
    eprintln!(
        "bench, browser / native: {:.0}%",
        100.0 * browser_nps as f64 / native_nps.max(1) as f64
    );
    client.goto(base).await.ctx("open the board page")?;
    wait_for(client, "the board to be drawn", ANSWER, |s| s.squares > 0).await?;
    for (index, (game, size, humans)) in firsts.iter().enumerate() {
        let mut replies = board_replies(client, game, size, humans).await?;
        if index == 0 && !replies.is_empty() {
            let cold = replies.remove(0);
            eprintln!(
                "first reply on the board, the page's first (its engine starting): {cold:.0} ms"
            );
        }
        let (median, slowest) = median_and_slowest(replies.clone());
        eprintln!(
            "first reply on the board, {game} {size}, hard, {} first moves: median {median:.0} ms, slowest {slowest:.0} ms",
            replies.len()
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: needs chromium, chromedriver, scripts/web.sh's site and the release binary"]
async fn the_static_site_s_speed_against_the_native_binary() {
    let site = open_console("chromium-bench.log")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let outcome = measure(&site.client, &site.base).await;
    site.close(outcome).await;
}

/// Put into every page before its own scripts run: notes, by the page's clock, when the board
/// is first drawn (a piece on it) and how many requests the page had made by then.
const FIRST_BOARD: &str = r#"
(() => {
    const mark = () => {
        if (window.firstBoard || !document.querySelector('#board .piece')) return;
        window.firstBoard = performance.now();
        window.requestsAtBoard = performance.getEntriesByType('resource').length;
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
})();
"#;

/// The first load as the page saw it: the time to the first board, the requests made by then
/// (the page itself counted) with their bytes, and the requests made and bytes fetched from
/// the network (`transferSize`: nothing when the service worker answered from its cache).
const READ_LOAD: &str = r#"
const nav = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource');
const byBoard = [nav, ...resources.slice(0, window.requestsAtBoard)];
const sum = (list, key) => list.reduce((total, e) => total + (e[key] || 0), 0);
return {
    first_board_ms: window.firstBoard || null,
    requests: byBoard.length,
    bytes: sum(byBoard, 'decodedBodySize'),
    network_bytes: sum(byBoard, 'transferSize'),
    files: byBoard.map((e) => e.name.replace(location.origin + '/', '') || '/'),
};
"#;

/// Opens the board page and returns what [`READ_LOAD`] reads once its board is drawn.
async fn load_once(site: &Site) -> Res<Value> {
    site.client
        .goto(&site.base)
        .await
        .ctx("open the board page")?;
    let started = Instant::now();
    loop {
        let load = site
            .client
            .execute(READ_LOAD, vec![])
            .await
            .ctx("read the first load")?;
        if !load["first_board_ms"].is_null() {
            return Ok(load);
        }
        if started.elapsed() > ANSWER {
            return Err(format!("no board within {ANSWER:?}: {load}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn print_load(kind: &str, run: usize, load: &Value) {
    eprintln!(
        "first load, {kind}, run {run}: first board {:.0} ms, {} requests, {} bytes ({} from the network): {}",
        load["first_board_ms"].as_f64().unwrap_or(f64::NAN),
        load["requests"],
        load["bytes"],
        load["network_bytes"],
        load["files"]
    );
}

async fn first_loads(site: &mut Site) -> Res<()> {
    const RUNS: usize = 4;
    site.devtools(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": FIRST_BOARD }),
    )
    .await?;
    let origin = site.base.trim_end_matches('/').to_string();
    for run in 1..=RUNS {
        site.devtools("Network.clearBrowserCache", serde_json::json!({}))
            .await?;
        site.devtools(
            "Storage.clearDataForOrigin",
            serde_json::json!({ "origin": origin, "storageTypes": "all" }),
        )
        .await?;
        print_load("online, a first visit", run, &load_once(site).await?);
    }
    let cached = site
        .client
        .execute_async(CONTROLLED, vec![])
        .await
        .ctx("wait for the service worker")?;
    eprintln!("the service worker's caches: {cached}");
    site.stop_server();
    site.devtools(
        "Network.emulateNetworkConditions",
        serde_json::json!({"offline": true, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}),
    )
    .await?;
    for run in 1..=RUNS {
        print_load(
            "offline, from the service worker",
            run,
            &load_once(site).await?,
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: needs chromium, chromedriver and scripts/web.sh's site"]
async fn the_static_site_s_first_load() {
    let mut site = Site::open("icon.svg", "chromium-first-load.log")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let outcome = first_loads(&mut site).await;
    site.close(outcome).await;
}
