//! The real `tabula gui` for the GUI's tests: started on a free port of 127.0.0.1, spoken to in
//! plain HTTP/1.1 and WebSocket frames over TCP, and ended with the test.

#[path = "../common/chunked.rs"]
mod chunked;
#[path = "../common/process.rs"]
mod process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `tabula gui` on a free port, killed when dropped; its client is its `Deref`.
pub struct Gui {
    pub child: Child,
    pub client: Client,
}

/// What a client needs to reach the server (cloned for each thread that sends requests).
#[derive(Clone, Debug)]
pub struct Client {
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// The token of a server that listens beyond loopback.
    pub token: Option<String>,
}

impl std::ops::Deref for Gui {
    type Target = Client;

    fn deref(&self) -> &Client {
        &self.client
    }
}

/// An answer: its status, its head (lower-case) and its body.
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Gui {
    /// `tabula gui --port 0` with `extra` arguments, on loopback.
    pub fn start(extra: &[&str]) -> Gui {
        Gui::launch(Command::new(env!("CARGO_BIN_EXE_tabula")), extra)
    }

    /// The same, through `bash -c 'ulimit -n FILES; exec tabula gui ...'`: a process that may
    /// open only `files` files.
    pub fn start_with_file_limit(files: u32, extra: &[&str]) -> Gui {
        let mut command = Command::new("bash");
        command.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" \"$@\""),
            env!("CARGO_BIN_EXE_tabula"),
        ]);
        Gui::launch(command, extra)
    }

    fn launch(mut command: Command, extra: &[&str]) -> Gui {
        command.args(["gui", "--port", "0"]).args(extra);
        let mut child =
            process::start(&mut command, Stdio::null(), Stdio::null()).expect("tabula gui starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the address line");
        let url = line
            .trim()
            .strip_prefix("tabula gui: http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let (authority, rest) = url.split_once('/').expect("a path after the address");
        let token = rest.strip_prefix("?token=").map(str::to_string);
        // A server listening on every address is reached here on loopback.
        let port = authority.rsplit_once(':').expect("a port").1;
        let address = format!("127.0.0.1:{port}");
        Gui {
            child,
            client: Client { address, token },
        }
    }

    /// The resident memory of the server now, in KiB (VmRSS of /proc/PID/status).
    pub fn resident_kib(&self) -> u64 {
        memory_kib(self.child.id(), "VmRSS:").unwrap_or(0)
    }
}

impl Client {
    /// One request; the status and the body.
    pub fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let host = format!("Host: {}\r\n", self.address);
        self.request_with(method, path, body, &host)
    }

    /// One request with the header lines `headers` (each ending in CRLF, `Host` included).
    pub fn request_with(
        &self,
        method: &str,
        path: &str,
        body: &str,
        headers: &str,
    ) -> (u16, String) {
        let answer = self.exchange(method, path, body, headers);
        (answer.status, answer.body)
    }

    /// One request with the header lines `headers`; the whole answer.
    pub fn exchange(&self, method: &str, path: &str, body: &str, headers: &str) -> Answer {
        self.try_exchange(method, path, body, headers)
            .unwrap_or_else(|problem| panic!("{method} {path}: {problem}"))
    }

    /// One request with the header lines `headers`; the whole answer, or what went wrong.
    pub fn try_exchange(
        &self,
        method: &str,
        path: &str,
        body: &str,
        headers: &str,
    ) -> Result<Answer, String> {
        let mut stream = TcpStream::connect(&self.address).map_err(|e| format!("connect: {e}"))?;
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(|e| format!("timeout: {e}"))?;
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .map_err(|e| format!("send: {e}"))?;
        let mut answer = String::new();
        stream
            .read_to_string(&mut answer)
            .map_err(|e| format!("read: {e}"))?;
        if !answer.contains("\r\n\r\n") {
            return Err(format!("not an HTTP answer: {answer:?}"));
        }
        Ok(read_answer(&answer))
    }

    /// Sends `request` as it is (head and body); the whole answer.
    pub fn raw(&self, request: &str) -> Answer {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        stream.write_all(request.as_bytes()).expect("send");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("read");
        read_answer(&answer)
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.request("POST", path, body)
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, "")
    }

    /// Loads `record` (a record file's text) into table `id`, game number `game` of the file where
    /// given; the answer's status and body.
    pub fn load_record(&self, id: &str, record: &str, game: Option<u32>) -> (u16, String) {
        let text = serde_json::to_string(record).expect("a JSON string");
        let pick = game.map(|n| format!(r#","game":{n}"#)).unwrap_or_default();
        let body = format!(r#"{{"text":{text}{pick}}}"#);
        self.post(&format!("/api/tables/{id}/record"), &body)
    }

    /// A new table of `game`; its id.
    pub fn open(&self, game: &str, size: &str) -> String {
        let (status, body) = self.post(
            "/api/tables",
            &format!(r#"{{"game":"{game}","size":"{size}"}}"#),
        );
        assert_eq!(status, 200, "{body}");
        field(&body, "id")
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer read whole (a chunked body put back together).
pub fn read_answer(answer: &str) -> Answer {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("not an HTTP answer: {answer:?}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let head = head.to_ascii_lowercase();
    let body = if head.contains("transfer-encoding: chunked") {
        chunked::dechunk(body).expect("a chunked body")
    } else {
        body.to_string()
    };
    Answer { status, head, body }
}

/// A line of /proc/PID/status (`VmRSS:`, `VmHWM:`), in KiB.
pub fn memory_kib(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The JSON value of `key` at the top level of `json`, as text (strings without quotes).
pub fn field(json: &str, key: &str) -> String {
    let value: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    match value.get(key) {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => panic!("no {key} in {json}"),
    }
}

/// The strings of a JSON array of strings.
pub fn strings(array: &str) -> Vec<String> {
    serde_json::from_str(array).unwrap_or_else(|e| panic!("{e}: {array}"))
}

/// Polls the table until `done` holds for its state; the state.
pub fn wait_for(gui: &Client, id: &str, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (status, body) = gui.get(&format!("/api/tables/{id}"));
        assert_eq!(status, 200, "{body}");
        if done(&body) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "waited in vain for {what}: {body}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Asks for the table's event socket (a WebSocket) with the extra header lines `headers`; the
/// stream and the head of the answer.
pub fn ask_for_socket(gui: &Client, id: &str, headers: &str) -> (TcpStream, String) {
    try_ask_for_socket(gui, id, headers).unwrap_or_else(|problem| panic!("{problem}"))
}

/// [`ask_for_socket`], or what went wrong.
pub fn try_ask_for_socket(
    gui: &Client,
    id: &str,
    headers: &str,
) -> Result<(TcpStream, String), String> {
    let mut stream = TcpStream::connect(&gui.address).map_err(|e| format!("connect: {e}"))?;
    write!(
        stream,
        "GET /api/tables/{id}/socket HTTP/1.1\r\nHost: {}\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{headers}\r\n",
        gui.address
    )
    .map_err(|e| format!("send: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| format!("timeout: {e}"))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream
            .read_exact(&mut byte)
            .map_err(|e| format!("the handshake's answer: {e}"))?;
        head.push(byte[0]);
    }
    Ok((stream, String::from_utf8_lossy(&head).into_owned()))
}

/// Opens the table's event socket; the stream after the handshake.
pub fn open_socket(gui: &Client, id: &str) -> TcpStream {
    let (stream, head) = ask_for_socket(gui, id, "");
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    stream
}

/// The next text message of a WebSocket (server messages are not masked); `None` when the
/// server closes it.
pub fn try_next_message(stream: &mut TcpStream) -> Option<String> {
    loop {
        let mut header = [0u8; 2];
        stream.read_exact(&mut header).ok()?;
        let mut length = u64::from(header[1] & 0x7f);
        if length == 126 {
            let mut bytes = [0u8; 2];
            stream.read_exact(&mut bytes).ok()?;
            length = u64::from(u16::from_be_bytes(bytes));
        } else if length == 127 {
            let mut bytes = [0u8; 8];
            stream.read_exact(&mut bytes).ok()?;
            length = u64::from_be_bytes(bytes);
        }
        let mut payload = vec![0u8; usize::try_from(length).ok()?];
        stream.read_exact(&mut payload).ok()?;
        match header[0] & 0x0f {
            1 => return String::from_utf8(payload).ok(),
            8 => return None,
            _ => {}
        }
    }
}

/// The next text message of a WebSocket.
pub fn next_message(stream: &mut TcpStream) -> String {
    try_next_message(stream).expect("a message")
}

/// Sends one masked frame (a client's frames are masked) of `opcode` with `payload`.
pub fn send_frame(stream: &mut TcpStream, opcode: u8, payload: &[u8]) -> std::io::Result<()> {
    let mut frame = vec![0x80 | opcode];
    match payload.len() {
        n if n < 126 => frame.push(0x80 | n as u8),
        n if n <= usize::from(u16::MAX) => {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    stream.write_all(&frame)
}

/// The processes whose parent is `pid`.
pub fn children(pid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let child: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // The parent's pid is the second field after the command's closing parenthesis.
            let parent = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())?;
            (parent == pid).then_some(child)
        })
        .collect()
}

/// A 25 x 25 Apart position of the kind that froze the server: each square white, black or
/// empty with odds 0.4, 0.4 and 0.2 (a fixed-seed generator, so each seed is one position).
pub fn crowded_apart_position(seed: u64) -> String {
    let mut state = seed;
    let mut next = || {
        // SplitMix64.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % 10
    };
    let mut ranks = Vec::new();
    for _ in 0..25 {
        let mut rank = String::new();
        let mut empty = 0;
        for _ in 0..25 {
            let cell = match next() {
                0..=3 => Some('P'),
                4..=7 => Some('p'),
                _ => None,
            };
            match cell {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(piece);
                }
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    format!("{} w 0 5", ranks.join("/"))
}
