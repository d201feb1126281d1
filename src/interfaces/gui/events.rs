//! A table's events over a WebSocket: `{"event": <name>, "data": <JSON>}`, the first one the
//! current `state`. The page only listens: what it may send is kept small, and the sockets are
//! counted in all and per table (see `rooms`).

use super::answers::{Shared, error, missing};
use super::rooms::SocketTicket;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use tokio::sync::broadcast;

/// How often an open event socket is pinged; three times this without an answer closes it.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(20);
/// The largest message or frame taken from the page: it sends only answers to pings.
pub const MAX_INCOMING: usize = 1024;

/// The room's events over a WebSocket (a browser opens only six HTTP/1.1 connections to one
/// server, so a stream per tab over HTTP would starve the seventh tab).
pub async fn socket(
    State(rooms): Shared,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let ticket = match rooms.admit_socket(room) {
        Ok(ticket) => ticket,
        Err(problem) => return error(StatusCode::SERVICE_UNAVAILABLE, &problem),
    };
    upgrade
        .max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .on_upgrade(move |socket| stream_events(socket, ticket))
}

fn message(name: &str, data: &str) -> Message {
    Message::Text(format!(r#"{{"event":"{name}","data":{data}}}"#).into())
}

async fn stream_events(mut socket: WebSocket, ticket: SocketTicket) {
    let room = ticket.room.clone();
    let mut receiver = room.subscribe();
    if socket
        .send(message("state", &room.published()))
        .await
        .is_err()
    {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut last_heard = tokio::time::Instant::now();
    loop {
        let outgoing = tokio::select! {
            _ = ping.tick() => {
                // A page that has not answered for a while (a computer gone to sleep, a network
                // gone) no longer counts as an open tab.
                if last_heard.elapsed() > PING_EVERY * 3 {
                    break;
                }
                Message::Ping(Vec::new().into())
            },
            event = receiver.recv() => match event {
                Ok(event) => message(event.name, &event.data),
                // The page fell behind: the whole state again is all it needs.
                Err(broadcast::error::RecvError::Lagged(_)) => message("state", &room.published()),
                Err(broadcast::error::RecvError::Closed) => break,
            },
            // A message too large ends the socket with an error.
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {
                    last_heard = tokio::time::Instant::now();
                    continue;
                }
            },
        };
        if socket.send(outgoing).await.is_err() {
            break;
        }
    }
    drop(ticket);
}
