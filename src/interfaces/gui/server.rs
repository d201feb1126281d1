//! The GUI's HTTP server: connections accepted up to a cap and served by hyper's HTTP/1.1
//! connection builder, whose header read timeout closes a connection that sends no complete
//! request head in time (also an idle kept-alive one). A WebSocket leaves this count when it
//! is upgraded; its own caps are in `rooms`.

use axum::Router;
use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How long a connection may take to send a whole request head, counted from its opening or
/// from the end of its previous answer: a connection idle for this long is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The most HTTP connections served at once, and event sockets open at once (fewer of each when
/// the process may open few files).
const MAX_CONNECTIONS: usize = 256;
const MAX_SOCKETS: usize = 64;
/// How long to wait after an accept fails (out of file descriptors) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How many connections and event sockets this process serves at once.
pub struct Limits {
    pub connections: usize,
    pub sockets: usize,
}

impl Limits {
    /// [`MAX_CONNECTIONS`] and [`MAX_SOCKETS`], or a quarter and an eighth of the process's
    /// limit of open files when that is lower, so that engine pipes and the process's own files
    /// keep the rest.
    pub fn for_this_process() -> Limits {
        match open_file_limit() {
            Some(files) => Limits {
                connections: (files / 4).clamp(4, MAX_CONNECTIONS),
                sockets: (files / 8).clamp(2, MAX_SOCKETS),
            },
            None => Limits {
                connections: MAX_CONNECTIONS,
                sockets: MAX_SOCKETS,
            },
        }
    }
}

/// The soft limit of open files of this process (`Max open files` in /proc/self/limits).
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serves `app` on `listener` until the process ends: at most `cap` connections at once; further
/// ones wait in the listen queue until one closes.
pub async fn serve(listener: TcpListener, app: Router, cap: usize) {
    let slots = Arc::new(Semaphore::new(cap));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(problem) => {
                log::warn!("cannot accept a connection: {problem}");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let service = app
            .clone()
            .map_request(|request: hyper::Request<Incoming>| request.map(Body::new));
        tokio::spawn(async move {
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades()
                .await;
            if let Err(problem) = served {
                log::debug!("connection closed: {problem}");
            }
            drop(slot);
        });
    }
}
