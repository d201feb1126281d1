//! The HTTP API the page talks to (documented in docs/gui.md): JSON in, JSON out, one clear
//! `{"error": ...}` for anything wrong, and nothing changed by a request that fails.

use super::room::{Room, RoomState};
use super::rooms::Rooms;
use super::table::{AnalysisSettings, Limit, Player, Table, Targets};
use super::{assets, clocks::Clocks, record_text};
use crate::games::GameKind;
use crate::interfaces::uci::output::printable;
use crate::level::Level;
use axum::Router;
use axum::body::Body;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tokio::sync::broadcast;

/// How often an open event socket is pinged; three times this without an answer closes it.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(20);

/// The largest request body accepted (a long game's record fits many times over).
pub const MAX_BODY: usize = 256 * 1024;

type Shared = State<Arc<Rooms>>;

/// Every route of the GUI.
pub fn router(rooms: Arc<Rooms>) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { assets::page(&file) }),
        )
        .route("/api/info", get(info))
        .route("/api/tables", post(open_table))
        .route("/api/tables/{id}", get(table))
        .route("/api/tables/{id}/socket", get(socket))
        .route(
            "/api/tables/{id}/record",
            get(download_record).post(load_record),
        )
        .route("/api/tables/{id}/{action}", post(act))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page") })
        .layer(middleware::from_fn(same_site_only))
        .with_state(rooms)
}

/// Refuses what another web site could send through the user's browser: a request whose
/// `Origin` is not this server, or whose `Host` is a name other than `localhost` (a DNS
/// rebinding attack reaches this server under the attacker's own name).
async fn same_site_only(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    let known_name = name == "localhost"
        || name.parse::<std::net::IpAddr>().is_ok()
        || name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .is_some_and(|n| n.parse::<std::net::Ipv6Addr>().is_ok());
    let foreign_origin = headers
        .get(header::ORIGIN)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|origin| origin.split_once("://").map(|(_, rest)| rest) != Some(host));
    if !known_name || foreign_origin {
        return error(
            StatusCode::FORBIDDEN,
            "requests from other web sites are refused",
        );
    }
    next.run(request).await
}

fn json(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// An error answer; what came from outside is echoed escaped and cut short.
fn error(status: StatusCode, text: &str) -> Response {
    let body = serde_json::json!({ "error": printable(text) }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn bad(text: String) -> Response {
    error(StatusCode::BAD_REQUEST, &text)
}

/// The request body read as `T`, or the error's status and text.
async fn read_body<T: DeserializeOwned>(body: Body) -> Result<T, (StatusCode, String)> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| {
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request is larger than {MAX_BODY} bytes"),
        )
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|problem| (StatusCode::BAD_REQUEST, format!("bad JSON: {problem}")))
}

/// The answer to a request about table `id`, which does not exist.
fn missing(id: &str) -> Response {
    error(
        StatusCode::NOT_FOUND,
        &format!(
            "no table '{}' (it may have been closed; reload the page)",
            printable(id)
        ),
    )
}

async fn info(State(rooms): Shared) -> Response {
    let games: Vec<_> = GameKind::ALL
        .iter()
        .map(|kind| {
            serde_json::json!({
                "name": kind.name(),
                "title": kind.title(),
                "default_size": kind.default_size().to_string(),
                "sizes": kind.sizes(),
            })
        })
        .collect();
    let engines: Vec<_> = rooms
        .engines
        .iter()
        .enumerate()
        .map(|(index, spec)| serde_json::json!({ "index": index, "name": spec.name }))
        .collect();
    let levels: Vec<&str> = Level::names().collect();
    json(
        serde_json::json!({
            "version": env!("CARGO_PKG_VERSION"),
            "games": games,
            "engines": engines,
            "levels": levels,
        })
        .to_string(),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    size: Option<String>,
}

async fn open_table(State(rooms): Shared, body: Body) -> Response {
    let request: NewGame = match read_body(body).await {
        Ok(request) => request,
        Err((status, problem)) => return error(status, &problem),
    };
    let table = match Table::new(&request.game, request.size.as_deref()) {
        Ok(table) => table,
        Err(problem) => return bad(problem),
    };
    match rooms.open(table) {
        Ok(room) => {
            let state = room.lock();
            json(room.view_json(&state))
        }
        Err(problem) => error(StatusCode::SERVICE_UNAVAILABLE, &problem),
    }
}

async fn table(State(rooms): Shared, Path(id): Path<String>) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let mut state = room.lock();
    state.last_seen = std::time::Instant::now();
    json(room.view_json(&state))
}

/// Counts an open event stream of a room while it lives.
struct StreamGuard(Arc<Room>);

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.streams = state.streams.saturating_sub(1);
        state.last_seen = std::time::Instant::now();
    }
}

/// The room's events over a WebSocket (a browser opens only six HTTP/1.1 connections to one
/// server, so a stream per tab over HTTP would starve the seventh tab): each message is
/// `{"event": <name>, "data": <JSON>}`, the first one the current `state`.
async fn socket(
    State(rooms): Shared,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    upgrade.on_upgrade(move |socket| stream_events(socket, room))
}

async fn stream_events(mut socket: WebSocket, room: Arc<Room>) {
    let mut receiver = room.subscribe();
    let first = {
        let mut state = room.lock();
        state.streams += 1;
        room.view_json(&state)
    };
    let guard = StreamGuard(room);
    let message = |name: &str, data: &str| {
        Message::Text(format!(r#"{{"event":"{name}","data":{data}}}"#).into())
    };
    if socket.send(message("state", &first)).await.is_err() {
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
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let state = guard.0.lock();
                    message("state", &guard.0.view_json(&state))
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
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
}

async fn download_record(State(rooms): Shared, Path(id): Path<String>) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let state = room.lock();
    let text = record_text::write_record(&state, |engine| {
        room.engines
            .get(engine)
            .map_or_else(|| format!("engine {engine}"), |spec| spec.name.clone())
    });
    let disposition = format!(
        "attachment; filename=\"tabula-{}.txt\"",
        state.table.game.name()
    );
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordText {
    text: String,
}

async fn load_record(State(rooms): Shared, Path(id): Path<String>, body: Body) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let request: RecordText = match read_body(body).await {
        Ok(request) => request,
        Err((status, problem)) => return error(status, &problem),
    };
    let table = match record_text::read_record(&request.text) {
        Ok(table) => table,
        Err(problem) => return bad(format!("record: {problem}")),
    };
    respond(room.change(|state| {
        replace_table(state, table);
        Ok(())
    }))
}

fn respond(result: Result<String, String>) -> Response {
    match result {
        Ok(body) => json(body),
        Err(problem) => bad(problem),
    }
}

/// A new game on the table: the clocks start again.
fn replace_table(state: &mut RoomState, table: Table) {
    state.table = table;
    state.notes.clear();
    state.clocks = new_clocks(state.limit);
}

fn new_clocks(limit: Limit) -> Option<Clocks> {
    match limit {
        Limit::Clock { base_ms, inc_ms } => Some(Clocks::new(base_ms, inc_ms)),
        _ => None,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    position: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetsRequest {
    path: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GotoRequest {
    ply: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersRequest {
    white: Player,
    black: Player,
    limit: Limit,
}

/// The actions on a table, by name.
async fn act(
    State(rooms): Shared,
    Path((id, action)): Path<(String, String)>,
    body: Body,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let engines = rooms.engines.len();
    match action.as_str() {
        "new" => {
            with_body(body, |request: NewGame| {
                let table = Table::new(&request.game, request.size.as_deref())?;
                room.change(|state| {
                    replace_table(state, table);
                    Ok(())
                })
            })
            .await
        }
        "position" => {
            with_body(body, |request: PositionRequest| {
                room.change(|state| {
                    let table = Table::from_position(state.table.game, &request.position)?;
                    replace_table(state, table);
                    Ok(())
                })
            })
            .await
        }
        "move" => {
            with_body(body, |request: MoveRequest| {
                room.change(|state| state.person_moves(&request.text))
            })
            .await
        }
        "targets" => {
            with_body(body, |request: TargetsRequest| {
                if request.path.len() > 64 {
                    return Err("a move has at most 64 squares".to_string());
                }
                let state = room.lock();
                let targets = match state.why_no_move() {
                    Some(_) => Targets::default(),
                    None => state.table.targets(&request.path)?,
                };
                serde_json::to_string(&targets).map_err(|e| e.to_string())
            })
            .await
        }
        "goto" => {
            with_body(body, |request: GotoRequest| {
                room.change(|state| state.table.goto(request.ply))
            })
            .await
        }
        "undo" => respond(room.change(RoomState::take_back)),
        "players" => {
            with_body(body, |request: PlayersRequest| {
                check_player(&request.white, engines)?;
                check_player(&request.black, engines)?;
                check_limit(request.limit)?;
                room.change(|state| {
                    // The clocks of a game in progress go on unless the limit changes.
                    if state.limit != request.limit || state.table.moves.is_empty() {
                        state.clocks = new_clocks(request.limit);
                    }
                    state.players = [request.white, request.black];
                    state.limit = request.limit;
                    Ok(())
                })
            })
            .await
        }
        "analysis" => {
            with_body(body, |request: AnalysisSettings| {
                if request.engine >= engines {
                    return Err(format!("no engine {}", request.engine));
                }
                if !(1..=8).contains(&request.multipv) {
                    return Err(format!("multipv {} is not 1 to 8", request.multipv));
                }
                room.change(|state| {
                    state.analysis = request;
                    Ok(())
                })
            })
            .await
        }
        other => error(
            StatusCode::NOT_FOUND,
            &format!("no action '{}' on a table", printable(other)),
        ),
    }
}

/// Reads the body as `T` and answers with what `handle` makes of it.
async fn with_body<T: DeserializeOwned>(
    body: Body,
    handle: impl FnOnce(T) -> Result<String, String>,
) -> Response {
    match read_body(body).await {
        Ok(request) => respond(handle(request)),
        Err((status, problem)) => error(status, &problem),
    }
}

fn check_player(player: &Player, engines: usize) -> Result<(), String> {
    match player {
        Player::Human => Ok(()),
        Player::Engine { engine, .. } if *engine >= engines => {
            Err(format!("no engine {engine} (there are {engines})"))
        }
        Player::Engine { level, .. } => level
            .as_deref()
            .map_or(Ok(()), |level| Level::parse(level).map(|_| ())),
    }
}

fn check_limit(limit: Limit) -> Result<(), String> {
    const DAY_MS: u64 = 86_400_000;
    match limit {
        Limit::Clock { base_ms, inc_ms } if (1..=DAY_MS).contains(&base_ms) && inc_ms <= DAY_MS => {
            Ok(())
        }
        Limit::Movetime { ms } if (1..=DAY_MS).contains(&ms) => Ok(()),
        Limit::Depth { depth } if (1..=64).contains(&depth) => Ok(()),
        _ => Err(
            "the limit is out of range (clock and movetime 1 ms to a day, depth 1 to 64)"
                .to_string(),
        ),
    }
}
