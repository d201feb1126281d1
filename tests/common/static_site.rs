//! The static site (`scripts/web.sh` builds it into `target/web/`) in headless Chromium, for the
//! tests that open it (`web_browser`, and the `web_bench` benchmark): a plain static server
//! (`python3 -m http.server`) and Chromium through chromedriver, started and ended with the test,
//! and protocol lines sent to the console's engine (`window.tabula`, web/console.js).

#[allow(dead_code)]
#[path = "chunked.rs"]
mod chunked;
#[allow(dead_code)]
#[path = "process.rs"]
mod process;
#[allow(dead_code)]
#[path = "../gui_browser/processes.rs"]
pub mod processes;

use fantoccini::Client;
use processes::{
    Context, Processes, Res, connect, open_stream, printed_port, start_driver, strings,
};
use serde_json::json;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long one engine answer may take (the searches are a few tens of milliseconds).
pub const ANSWER: Duration = Duration::from_secs(20);

/// The four games at their default sizes.
pub const GAMES: [(&str, &str); 4] = [
    ("joust", "8"),
    ("jesonmor", "9"),
    ("claustro", "5"),
    ("apart", "8"),
];

pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// The site served and Chromium open on one of its pages.
pub struct Site {
    pub client: Client,
    pub base: String,
    /// chromedriver's port, for a second browser (`processes::connect`).
    pub driver_port: u16,
    processes: Processes,
    browser_log: PathBuf,
}

impl Site {
    /// Serves the site (`target/web/`, or the folder `TABULA_SITE` names: a released site
    /// unpacked) on a free port and opens its `page` in Chromium, whose log goes to
    /// `target/web-screenshots/<log>`.
    pub async fn open(page: &str, log: &str) -> Res<Site> {
        let site = std::env::var_os("TABULA_SITE")
            .map(PathBuf::from)
            .unwrap_or_else(|| target_dir().join("web"));
        Site::open_at(&site, page, log).await
    }

    /// As [`Site::open`], serving the site in the folder `site` (a copy a test may change).
    pub async fn open_at(site: &Path, page: &str, log: &str) -> Res<Site> {
        let site = site.to_path_buf();
        if !site.join("pkg/tabula_wasm_bg.wasm").exists() {
            return Err(format!(
                "{} has no engine: run scripts/web.sh first",
                site.display()
            ));
        }
        // A profile of its own for each test of a run (they may run at once): named by its log.
        let profile = std::env::temp_dir().join(format!(
            "tabula-web-browser-{}-{}",
            std::process::id(),
            log.replace(['/', '.'], "-")
        ));
        let (server, port) = serve(&site)?;
        let mut processes = Processes {
            server: Some(server),
            driver: None,
            profile: profile.clone(),
        };
        let browser_log = target_dir().join("web-screenshots").join(log);
        let (driver, driver_port) = start_driver(&browser_log)?;
        processes.driver = Some(driver);
        let client = connect(driver_port, &profile).await?;
        let base = format!("http://127.0.0.1:{port}/");
        let address = format!("{base}{page}");
        client
            .goto(&address)
            .await
            .ctx(&format!("open {address}"))?;
        Ok(Site {
            client,
            base,
            driver_port,
            processes,
            browser_log,
        })
    }

    /// Ends the static server: from now on the site is out of the network's reach.
    pub fn stop_server(&mut self) {
        if let Some(mut server) = self.processes.server.take() {
            let _ = server.kill();
            let _ = server.wait();
        }
    }

    /// Sends the DevTools command `cmd` with `params` to the page's tab through chromedriver's
    /// CDP endpoint (`POST /session/{id}/goog/cdp/execute`); its answer.
    pub async fn devtools(&self, cmd: &str, params: serde_json::Value) -> Res<serde_json::Value> {
        let session = self
            .client
            .session_id()
            .await
            .ctx("read the WebDriver session")?
            .ok_or("no WebDriver session")?;
        let body = json!({ "cmd": cmd, "params": params }).to_string();
        let authority = format!("127.0.0.1:{}", self.driver_port);
        let mut stream = open_stream(&authority, Duration::from_secs(20))?;
        write!(
            stream,
            "POST /session/{session}/goog/cdp/execute HTTP/1.1\r\nHost: {authority}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .ctx("send the DevTools command")?;
        // chromedriver may keep the connection open: the answer is read up to its length.
        let mut answer = Vec::new();
        let mut buffer = [0u8; 4096];
        loop {
            let text = String::from_utf8_lossy(&answer).to_string();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())
                        .flatten()
                });
                if length.is_some_and(|length| body.len() >= length) {
                    if !head.lines().next().unwrap_or("").contains(" 200") {
                        return Err(format!("{cmd}: {text}"));
                    }
                    return serde_json::from_str(body).ctx(&format!("{cmd}: the answer {body:?}"));
                }
            }
            let read = stream.read(&mut buffer).ctx("read the DevTools answer")?;
            if read == 0 {
                return Err(format!("{cmd}: the answer ends early: {text}"));
            }
            answer.extend_from_slice(&buffer[..read]);
        }
    }

    /// Closes Chromium and ends the processes; returns the page's console messages and the
    /// errors of its requests from Chromium's log. Panics with them if the test's `outcome`
    /// is a failure.
    pub async fn close(self, outcome: Res<()>) -> Vec<String> {
        let _ = self.client.close().await;
        let console: Vec<String> = std::fs::read_to_string(&self.browser_log)
            .unwrap_or_default()
            .lines()
            .filter(|line| line.contains("CONSOLE") || line.contains(":ERROR:"))
            .filter(|line| line.contains("CONSOLE") || line.contains("http"))
            .map(str::to_string)
            .collect();
        drop(self.processes);
        if let Err(problem) = outcome {
            panic!("{problem}\nthe page's console:\n{}", console.join("\n"));
        }
        console
    }

    /// Closes Chromium and ends the processes; panics if the test's `outcome` is a failure or
    /// the page's console holds a message.
    pub async fn close_clean(self, outcome: Res<()>) {
        let console = self.close(outcome).await;
        assert!(
            console.is_empty(),
            "console messages:\n{}",
            console.join("\n")
        );
    }
}

/// Serves the folder `site` with `python3 -m http.server` on a port the system gives it (port 0:
/// no other process can hold it between its choice and its use), read from the line it prints
/// once it listens: `Serving HTTP on 127.0.0.1 port PORT (...) ...`.
fn serve(site: &Path) -> Res<(Child, u16)> {
    let mut server = Command::new("python3")
        .args(["-u", "-m", "http.server", "--bind", "127.0.0.1", "0"])
        .current_dir(site)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ctx("start python3 -m http.server")?;
    let port = printed_port(&mut server, "python3 -m http.server", "Serving HTTP")?;
    Ok((server, port))
}

/// Runs `work` on the site `opened` ([`Site::open`], [`open_console`]) and closes it, no console
/// message allowed; where `work` fails, the page's screenshot is saved at `failure_shot`.
pub async fn in_site(
    opened: Res<Site>,
    failure_shot: &Path,
    work: impl AsyncFnOnce(&Site) -> Res<()>,
) {
    let site = opened.unwrap_or_else(|e| panic!("{e}"));
    let outcome = work(&site).await;
    if outcome.is_err()
        && let Ok(png) = site.client.screenshot().await
    {
        let _ = std::fs::write(failure_shot, png);
    }
    site.close_clean(outcome).await;
}

/// Opens the protocol console, its engine ready (`readyok`). The page's script is waited for;
/// a page without it is described (its address, state, title and requests' statuses) beside its
/// console.
pub async fn open_console(log: &str) -> Res<Site> {
    let site = Site::open("console.html", log).await?;
    let script = r#"
        const [patience, done] = arguments;
        const began = performance.now();
        (function check() {
            if (window.tabula && window.lines) done(null);
            else if (performance.now() - began > patience) done(
                `${location.href} is ${document.readyState}, titled ${JSON.stringify(document.title)}; ` +
                `its requests: ${performance.getEntriesByType("resource")
                    .map((r) => `${r.name} ${r.responseStatus}`).join(", ")}`);
            else setTimeout(check, 10);
        })();"#;
    let loaded = site
        .client
        .execute_async(script, vec![json!(ANSWER.as_millis() as u64)])
        .await
        .ctx("wait for console.js");
    let ready = match loaded {
        Ok(serde_json::Value::Null) => ask(&site.client, &["isready"], "readyok", ANSWER).await,
        Ok(page) => Err(format!("console.js never ran: {page}")),
        Err(problem) => Err(problem),
    };
    match ready {
        Ok(_) => Ok(site),
        Err(problem) => {
            let console = site.close(Ok(())).await;
            Err(format!(
                "{problem}\nthe page's console:\n{}",
                console.join("\n")
            ))
        }
    }
}

/// Opens the console again as the service worker serves it, cross-origin isolated (its engine
/// the threaded module): the board page (`index.html`) registers the worker, which controls the
/// site's pages once it holds the build's files.
pub async fn open_isolated_console(site: &Site) -> Res<()> {
    let client = &site.client;
    client
        .goto(&format!("{}index.html", site.base))
        .await
        .ctx("open the board page")?;
    let controlled = client
        .execute_async(CONTROLLED, vec![])
        .await
        .ctx("wait for the service worker")?;
    if controlled.get("failed").is_some() {
        return Err(format!("the service worker: {controlled}"));
    }
    client
        .goto(&format!("{}console.html", site.base))
        .await
        .ctx("open the console again")?;
    ask(client, &["isready"], "readyok", ANSWER).await?;
    Ok(())
}

/// Sends `lines` to the console's engine and returns the lines it writes up to the first that
/// starts with `until`; an error if none does within `patience`.
pub async fn ask(
    client: &Client,
    lines: &[&str],
    until: &str,
    patience: Duration,
) -> Res<Vec<String>> {
    let script = r#"
        const [lines, until, patience, done] = arguments;
        const start = window.lines.length;
        const began = performance.now();
        lines.forEach((line) => window.tabula.send(line));
        (function check() {
            const got = window.lines.slice(start);
            const end = got.findIndex((l) => l.startsWith(until));
            if (end >= 0) done({ lines: got.slice(0, end + 1) });
            else if (performance.now() - began > patience) done({ late: got });
            else setTimeout(check, 2);
        })();"#;
    let answer = client
        .execute_async(
            script,
            vec![
                json!(lines),
                json!(until),
                json!(patience.as_millis() as u64),
            ],
        )
        .await
        .ctx(&format!("send {lines:?}"))?;
    if let Some(late) = answer.get("late") {
        return Err(format!("{lines:?}: no line starting {until:?}; got {late}"));
    }
    Ok(strings(&answer, "lines"))
}

/// Sends `line`, which answers nothing when it is right, and waits for `readyok` after it; an
/// error line before it fails.
pub async fn tell(client: &Client, line: &str) -> Res<()> {
    let answer = ask(client, &[line, "isready"], "readyok", ANSWER).await?;
    match answer
        .iter()
        .find(|said| said.starts_with("info string error"))
    {
        Some(error) => Err(format!("{line:?}: {error}")),
        None => Ok(()),
    }
}

/// The legal moves the engine lists (`moves`; none when the game is over).
pub async fn legal_moves(client: &Client) -> Res<Vec<String>> {
    let lines = ask(client, &["moves"], "", ANSWER).await?;
    Ok(lines[0]
        .split_whitespace()
        .filter(|word| *word != "(none)")
        .map(str::to_string)
        .collect())
}

/// Every resource the page loaded came from its own origin.
pub async fn only_own_origin(client: &Client, base: &str) -> Res<()> {
    let loaded = client
        .execute(
            "return {names: performance.getEntriesByType('resource').map((e) => e.name)}",
            vec![],
        )
        .await
        .ctx("list the page's requests")?;
    let outside: Vec<String> = strings(&loaded, "names")
        .into_iter()
        .filter(|name| !name.starts_with(base))
        .collect();
    if outside.is_empty() {
        Ok(())
    } else {
        Err(format!("requests outside {base}: {outside:?}"))
    }
}

/// Waits until a service worker controls the page (its files cached: it took over after
/// installing them).
pub const CONTROLLED: &str = r#"
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready
    .then(() => (navigator.serviceWorker.controller ? true
        : new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true)))))
    .then(() => caches.keys())
    .then((keys) => done({ caches: keys }), (e) => done({ failed: String(e) }));
"#;
