//! The static site's engine on every core, in headless Chromium (`scripts/web.sh` builds the
//! site into `target/web/`): a page served before the service worker controls it is not
//! cross-origin isolated, and its engine (the module of one thread) searches with one thread and
//! plays a legal move; once the service worker serves the page with its isolation headers, the
//! engine is the threaded module, whose `bench` (one thread) and perft (every thread) count what
//! the other module counts, `Threads` is `navigator.hardwareConcurrency` by default, a
//! search with two threads counts the helper's nodes with the main thread's (other nodes than
//! one thread's search to the same depth, which counts the same nodes each time), and its move
//! is legal. No console error may appear, and every request stays on the page's origin.
//!
//! It needs chromium and chromium-driver, the site built, and a machine of two cores or more,
//! so it is ignored by a plain `cargo test`; `.ci/run` runs it with
//! `cargo test --test web_threads -- --ignored`.

#[allow(dead_code)]
#[path = "common/static_site.rs"]
mod static_site;

use fantoccini::Client;
use static_site::processes::{Context, Res};
use static_site::{
    ANSWER, Site, ask, in_site, legal_moves, only_own_origin, open_isolated_console, tell,
};
use std::time::Duration;

/// How long `bench` may take.
const BENCH: Duration = Duration::from_secs(120);
/// The depth searched, deep enough for a helper to join in (some tenths of a second).
const DEPTH: &str = "go depth 12";

/// `window.crossOriginIsolated` and `navigator.hardwareConcurrency` of the page.
async fn isolation(client: &Client) -> Res<(bool, u64)> {
    let seen = client
        .execute(
            "return [window.crossOriginIsolated, navigator.hardwareConcurrency];",
            vec![],
        )
        .await
        .ctx("read crossOriginIsolated")?;
    Ok((
        seen[0].as_bool().unwrap_or(false),
        seen[1].as_u64().unwrap_or(1),
    ))
}

/// `Threads`' default, as the handshake declares it.
async fn default_threads(client: &Client) -> Res<u64> {
    let lines = ask(client, &["uci"], "uciok", ANSWER).await?;
    let declared = lines
        .iter()
        .find_map(|line| line.strip_prefix("option name Threads type spin default "))
        .ok_or_else(|| format!("uci declares no Threads: {lines:?}"))?;
    declared
        .split_whitespace()
        .next()
        .and_then(|value| value.parse().ok())
        .ok_or_else(|| format!("Threads' default in {declared:?}"))
}

/// Searches Jeson Mor's start to [`DEPTH`] with `threads` threads and a fresh table: the nodes of its
/// last `info` line; its `bestmove` must be a legal move.
async fn search(client: &Client, threads: u32) -> Res<u64> {
    tell(client, &format!("setoption name Threads value {threads}")).await?;
    tell(client, "newgame jesonmor 9").await?;
    tell(client, "position startpos").await?;
    let legal = legal_moves(client).await?;
    let lines = ask(client, &[DEPTH], "bestmove", ANSWER).await?;
    let best = lines
        .last()
        .and_then(|line| line.split_whitespace().nth(1))
        .unwrap_or_default();
    if !legal.iter().any(|mv| mv == best) {
        return Err(format!(
            "{threads} threads: bestmove {best} is not legal: {lines:?}"
        ));
    }
    lines
        .iter()
        .rev()
        .find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|word| *word == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .ok_or_else(|| format!("{threads} threads: no nodes counted: {lines:?}"))
}

/// `bench`'s nodes (its last line, `<N> nodes <X> nps`) and Jeson Mor's perft 4 (`Nodes
/// searched: N`, counted on every thread the engine has).
async fn counts(client: &Client) -> Res<String> {
    let lines = ask(client, &["bench", "isready"], "readyok", BENCH).await?;
    let bench = lines
        .iter()
        .rev()
        .find_map(|line| line.strip_suffix(" nps")?.split(" nodes ").next())
        .ok_or_else(|| format!("bench wrote no `<N> nodes <X> nps` line: {lines:?}"))?;
    tell(client, "newgame jesonmor 9").await?;
    let perft = ask(client, &["perft 4"], "Nodes searched", ANSWER).await?;
    Ok(format!(
        "bench {bench}, {}",
        perft.last().map_or("", String::as_str)
    ))
}

/// The console as its engine has it before the service worker controls the page: one thread.
async fn one_thread(site: &Site) -> Res<String> {
    let client = &site.client;
    if isolation(client).await?.0 {
        return Err("the page is isolated before the service worker serves it".into());
    }
    let threads = default_threads(client).await?;
    if threads != 1 {
        return Err(format!(
            "a page not isolated searches with {threads} threads"
        ));
    }
    search(client, 1).await?;
    counts(client).await
}

/// The console served by the service worker: isolated, and searching on every core; its
/// `bench` (one thread) and perft (every thread) count what the module of one thread counted
/// (`single`).
async fn every_core(site: &Site, single: &str) -> Res<()> {
    open_isolated_console(site).await?;
    let client = &site.client;
    let (isolated, cores) = isolation(client).await?;
    if !isolated {
        return Err("the service worker's page is not cross-origin isolated".into());
    }
    if cores < 2 {
        return Err(format!("this machine has {cores} core: two are needed"));
    }
    let threads = default_threads(client).await?;
    if threads != cores {
        return Err(format!("Threads is {threads} by default, on {cores} cores"));
    }
    let counted = counts(client).await?;
    if counted != single {
        return Err(format!(
            "the threaded module counts {counted}, the other {single}"
        ));
    }
    let alone = search(client, 1).await?;
    let again = search(client, 1).await?;
    if again != alone {
        return Err(format!("one thread counted {alone} nodes, then {again}"));
    }
    let two = search(client, 2).await?;
    eprintln!("{DEPTH} from Jeson Mor's start: 1 thread {alone} nodes, 2 threads {two} nodes");
    // The helper's nodes are counted, and what it leaves in the table changes the main thread's
    // search: two threads count other nodes than one (often fewer, the helper having searched
    // ahead), which a search of one thread never does.
    if two == alone {
        return Err(format!(
            "2 threads counted {two} nodes, as one thread does: no helper searched"
        ));
    }
    only_own_origin(client, &site.base).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_site_searches_on_every_core_where_it_is_isolated() {
    let shot = static_site::target_dir().join("web-screenshots/threads-failure.png");
    in_site(
        static_site::open_console("threads.log").await,
        &shot,
        async |site| {
            let single = one_thread(site).await?;
            every_core(site, &single).await
        },
    )
    .await;
}
