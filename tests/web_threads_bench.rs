//! The static site's engine on one and on two threads against the native binary on one (issue
//! #85's targets: two threads give at least 1.6 times one thread's nodes a second in the page,
//! and one thread in the page at least 80 % of native; the figures are in docs/gui.md, "Every
//! core"), measured side by side in one run, printed and not asserted, as wall-clock times must
//! never decide a test.
//!
//! Each game's start at its default size is searched for [`MOVETIME`] with a fresh table by the
//! release binary (`tabula`, its protocol on standard input, `Threads` 1), then in the page's
//! engine before the service worker serves it (not isolated: the module of one thread), then
//! served by the service worker (cross-origin isolated: the threaded module) with `Threads` 1
//! and 2; a search's nodes and time are its last `info` line's, and a column's
//! nodes a second are its nodes over its time, all games together.
//!
//! It needs chromium, chromium-driver, the site built and the release binary, so it is ignored:
//! `scripts/web.sh && cargo build --release && cargo test --test web_threads_bench --
//! --ignored --nocapture`, on a machine doing nothing else.

#[allow(dead_code)]
#[path = "common/static_site.rs"]
mod static_site;

use fantoccini::Client;
use static_site::processes::{Context, Res};
use static_site::{GAMES, ask, in_site, open_console, open_isolated_console, target_dir, tell};
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdout, Command, Stdio};
use std::time::Duration;

/// How long each search runs.
const MOVETIME: &str = "go movetime 3000";
/// How long a search may take to answer.
const PATIENCE: Duration = Duration::from_secs(30);

/// The nodes and milliseconds of a search's last `info` line that has both.
fn nodes_and_time(lines: &[String]) -> Res<(u64, u64)> {
    lines
        .iter()
        .rev()
        .find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let value = |name: &str| -> Option<u64> {
                let at = words.iter().position(|word| *word == name)?;
                words.get(at + 1)?.parse().ok()
            };
            Some((value("nodes")?, value("time")?))
        })
        .ok_or_else(|| format!("no info line with nodes and time: {lines:?}"))
}

/// The lines that prepare a search of `game`'s start at `size` with `threads` threads.
fn setup(game: &str, size: &str, threads: u32) -> [String; 4] {
    [
        format!("setoption name Threads value {threads}"),
        format!("newgame {game} {size}"),
        "ucinewgame".to_string(),
        "position startpos".to_string(),
    ]
}

/// Reads `out` up to a line starting `until`; the lines read.
fn read_until(out: &mut BufReader<ChildStdout>, until: &str) -> Res<Vec<String>> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ctx("read the engine")? == 0 {
            return Err(format!("the engine ended before {until:?}: {lines:?}"));
        }
        let line = line.trim_end().to_string();
        let done = line.starts_with(until);
        lines.push(line);
        if done {
            return Ok(lines);
        }
    }
}

/// Each game's search by the release binary with one thread: (nodes, milliseconds).
fn native() -> Res<Vec<(u64, u64)>> {
    let binary = target_dir().join("release/tabula");
    let mut engine = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ctx(&format!(
            "start {} (cargo build --release)",
            binary.display()
        ))?;
    let (Some(mut input), Some(output)) = (engine.stdin.take(), engine.stdout.take()) else {
        return Err("the engine's pipes".into());
    };
    let mut output = BufReader::new(output);
    let mut searched = Vec::new();
    for (game, size) in GAMES {
        for line in setup(game, size, 1) {
            writeln!(input, "{line}").ctx("write to the engine")?;
        }
        writeln!(input, "isready").ctx("write to the engine")?;
        read_until(&mut output, "readyok")?;
        writeln!(input, "{MOVETIME}").ctx("write to the engine")?;
        searched.push(nodes_and_time(&read_until(&mut output, "bestmove")?)?);
    }
    let _ = writeln!(input, "quit");
    let _ = engine.wait();
    Ok(searched)
}

/// Each game's search in the page's engine with `threads` threads: (nodes, milliseconds).
async fn in_page(client: &Client, threads: u32) -> Res<Vec<(u64, u64)>> {
    let mut searched = Vec::new();
    for (game, size) in GAMES {
        for line in setup(game, size, threads) {
            tell(client, &line).await?;
        }
        let lines = ask(client, &[MOVETIME], "bestmove", PATIENCE).await?;
        searched.push(nodes_and_time(&lines)?);
    }
    Ok(searched)
}

/// Nodes a second over the searches.
fn nps(searched: &[(u64, u64)]) -> f64 {
    let (nodes, ms) = searched
        .iter()
        .fold((0, 0), |(nodes, ms), (n, t)| (nodes + n, ms + t));
    1000.0 * nodes as f64 / ms.max(1) as f64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: needs chromium, chromedriver, the site and the release binary"]
async fn threads_in_the_page_against_native() {
    let shot = target_dir().join("web-screenshots/threads-bench-failure.png");
    in_site(
        open_console("threads-bench.log").await,
        &shot,
        async |site| {
            let native = native()?;
            let single = in_page(&site.client, 1).await?;
            open_isolated_console(site).await?;
            let one = in_page(&site.client, 1).await?;
            let two = in_page(&site.client, 2).await?;
            eprintln!(
                "| position | native, 1 thread | page not isolated, 1 thread | page, 1 thread | \
                 page, 2 threads |"
            );
            eprintln!("|---|---|---|---|---|");
            for (index, (game, size)) in GAMES.iter().enumerate() {
                let row = [&native, &single, &one, &two].map(|column| nps(&column[index..=index]));
                eprintln!(
                    "| {game} {size} | {:.0} | {:.0} | {:.0} | {:.0} |",
                    row[0], row[1], row[2], row[3]
                );
            }
            let [native, single, one, two] = [&native, &single, &one, &two].map(|c| nps(c));
            eprintln!("| all | {native:.0} | {single:.0} | {one:.0} | {two:.0} |");
            eprintln!(
                "page / native, 1 thread: {:.0} %; page, 2 threads / 1 thread: {:.2}",
                100.0 * one / native.max(1.0),
                two / one.max(1.0)
            );
            Ok(())
        },
    )
    .await;
}
