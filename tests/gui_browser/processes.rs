//! The processes of the browser tests (`gui_browser`, and `web_browser` of the static site):
//! `tabula gui`, chromedriver and Chromium, started on ports the system gives them and ended
//! with the test; and plain HTTP to the server, outside the browser.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

pub type Res<T> = Result<T, String>;

/// Adds what was being done to an error, so that a failure says which step broke.
pub trait Context<T> {
    fn ctx(self, what: &str) -> Res<T>;
}

impl<T, E: std::fmt::Display> Context<T> for Result<T, E> {
    fn ctx(self, what: &str) -> Res<T> {
        self.map_err(|e| format!("{what}: {e}"))
    }
}

/// The processes the test starts; killed (and the browser profile removed) when dropped, also
/// when the test fails.
pub struct Processes {
    pub server: Option<Child>,
    pub driver: Option<Child>,
    pub profile: PathBuf,
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

pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("gui-screenshots")
}

/// Starts `tabula gui --port 0` with `extra` arguments (`--port` among them replaces the `0`)
/// and returns it with the page's address, read from the first line it prints
/// (`tabula gui: http://127.0.0.1:PORT/`, with `?token=...` beyond loopback).
pub fn start_server(extra: &[&str]) -> Res<(Child, String)> {
    let mut command = super::process::tabula(&["gui"]);
    if !extra.contains(&"--port") {
        command.args(["--port", "0"]);
    }
    command.args(extra);
    let mut server = super::process::start(&mut command, Stdio::null(), Stdio::inherit())
        .ctx("start `tabula gui --port 0`")?;
    let first = printed_line(&mut server, "`tabula gui --port 0`", |_| true)?;
    let Some(start) = first.find("http://") else {
        let _ = server.kill();
        return Err(format!(
            "the first line of `tabula gui` has no http:// address: {first:?}"
        ));
    };
    let url = first[start..].split_whitespace().next().unwrap_or("");
    let url = if url.ends_with('/') || url.contains('?') {
        url.to_string()
    } else {
        format!("{url}/")
    };
    Ok((server, url))
}

/// The first line `server` (started with its stdout piped) prints that `wanted` accepts, within
/// 20 s; every line is read, so that the server never blocks on a full pipe. The server is
/// killed if it prints none.
pub fn printed_line(
    server: &mut Child,
    what: &str,
    wanted: impl Fn(&str) -> bool + Send + 'static,
) -> Res<String> {
    let stdout = server
        .stdout
        .take()
        .ok_or(format!("{what}: no piped stdout"))?;
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if wanted(&line) {
                let _ = sender.send(line);
            }
        }
    });
    lines.recv_timeout(Duration::from_secs(20)).map_err(|_| {
        let _ = server.kill();
        format!("{what} printed no such line within 20 s")
    })
}

/// The port `server` (started with its stdout piped, listening on port 0) says it got: the word
/// after `port` in the first line it prints that holds `marker`. The server is killed if it
/// names none within 20 s.
pub fn printed_port(server: &mut Child, what: &str, marker: &'static str) -> Res<u16> {
    let line = printed_line(server, what, move |line| line.contains(marker))?;
    let port = line
        .split_whitespace()
        .skip_while(|word| *word != "port")
        .nth(1)
        .and_then(|port| port.trim_end_matches('.').parse().ok());
    port.ok_or_else(|| {
        let _ = server.kill();
        format!("{what} names no port: {line:?}")
    })
}

/// Starts chromedriver on a port the system gives it (`--port=0`: no other process can hold it
/// between its choice and its use), read from the line it prints once it listens.
/// Chromium's own log (`--enable-logging=stderr`) goes to `log`: the page's console messages and
/// script errors are there, as lines with `CONSOLE`.
pub fn start_driver(log: &Path) -> Res<(Child, u16)> {
    if let Some(dir) = log.parent() {
        std::fs::create_dir_all(dir).ctx(&format!("create {}", dir.display()))?;
    }
    let log_file = std::fs::File::create(log).ctx(&format!("create {}", log.display()))?;
    let mut driver = Command::new(chromedriver())
        .arg("--port=0")
        .arg("--enable-chrome-logs")
        // Its own process group, with the Chromium it starts: if the test dies before it closes
        // the session, the whole group is ended.
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(log_file)
        .spawn()
        .ctx("start chromedriver (apt-get install chromium-driver)")?;
    // "ChromeDriver was started successfully on port 34589."
    let port = printed_port(&mut driver, "chromedriver", "started successfully")?;
    Ok((driver, port))
}

pub fn chromedriver() -> &'static str {
    if Path::new("/usr/bin/chromedriver").exists() {
        "/usr/bin/chromedriver"
    } else {
        "chromedriver"
    }
}

/// Debian's `/usr/bin/chromium` is a shell script that adds flags of its own; the real binary is
/// beside its libraries.
pub fn chromium() -> &'static str {
    if Path::new("/usr/lib/chromium/chromium").exists() {
        "/usr/lib/chromium/chromium"
    } else {
        "/usr/bin/chromium"
    }
}

pub async fn connect(driver_port: u16, profile: &Path) -> Res<Client> {
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
pub fn api_get(base: &str, path: &str) -> Res<Value> {
    let body = http_get(base, path)?;
    serde_json::from_str(&body).ctx(&format!("GET {path}: the answer is not JSON: {body:?}"))
}

/// A connection to `authority` whose reads give up after `patience`.
pub fn open_stream(authority: &str, patience: Duration) -> Res<TcpStream> {
    let stream = TcpStream::connect(authority).ctx(&format!("connect to {authority}"))?;
    stream
        .set_read_timeout(Some(patience))
        .ctx("set a read timeout")?;
    Ok(stream)
}

/// A plain HTTP GET to the server: the body of its answer (200 only).
pub fn http_get(base: &str, path: &str) -> Res<String> {
    let authority = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = open_stream(&authority, Duration::from_secs(10))?;
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
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        super::chunked::dechunk(body)
    } else {
        Ok(body.to_string())
    }
}

/// The strings in the array `value[key]` (none if it is not an array).
pub fn strings(value: &Value, key: &str) -> Vec<String> {
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
