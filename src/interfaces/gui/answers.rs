//! What every handler of the GUI's HTTP API shares: its limits, the answers (JSON, and one
//! `{"error": ...}` for anything wrong), reading a request's body, and running the rules' work off
//! the threads that answer requests. It names no route, so that the router and the handlers it
//! routes to depend on it and not on each other.

use super::rooms::Rooms;
use crate::interfaces::uci::output::printable;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body accepted (a long game's record fits many times over).
pub const MAX_BODY: usize = 256 * 1024;
/// The longest a request may take, its body's arrival included.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// The handlers' shared state: every open room.
pub type Shared = State<Arc<Rooms>>;

/// Runs `work` on a thread of tokio's blocking pool: the rules' work, and waiting for a table
/// busy with it, never hold up the async runtime.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|problem| format!("the request failed: {problem}"))?
}

pub fn json(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// An error answer; what came from outside is echoed escaped and cut short.
pub fn error(status: StatusCode, text: &str) -> Response {
    let body = serde_json::json!({ "error": printable(text) }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

pub fn bad(text: String) -> Response {
    error(StatusCode::BAD_REQUEST, &text)
}

/// The request body read as `T`, or the error's status and text.
pub async fn read_body<T: DeserializeOwned>(body: Body) -> Result<T, (StatusCode, String)> {
    let bytes = read_bytes(body).await?;
    crate::desk::requests::parse(&bytes).map_err(|problem| (StatusCode::BAD_REQUEST, problem))
}

/// The request body's bytes, or the error's status and text.
pub async fn read_bytes(body: Body) -> Result<Bytes, (StatusCode, String)> {
    axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| {
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request is larger than {MAX_BODY} bytes"),
        )
    })
}

/// The answer to a request about table `id`, which does not exist.
pub fn missing(id: &str) -> Response {
    error(
        StatusCode::NOT_FOUND,
        &format!(
            "no table '{}' (it may have been closed; reload the page)",
            printable(id)
        ),
    )
}

pub fn respond(result: Result<String, String>) -> Response {
    match result {
        Ok(body) => json(body),
        Err(problem) => bad(problem),
    }
}
