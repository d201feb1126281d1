//! The HTTP API the page talks to (documented in docs/gui.md): JSON in, JSON out, one clear
//! `{"error": ...}` for anything wrong, and nothing changed by a request that fails.

use super::access::{self, Access};
use super::actions;
use super::answers::{
    MAX_BODY, REQUEST_TIMEOUT, Shared, bad, blocking, error, json, missing, read_body, read_bytes,
    respond,
};
use super::rooms::Rooms;
use super::{assets, events};
use crate::desk::action::Action;
use crate::desk::record_text;
use crate::desk::requests::{OpenTable, RecordGames, checked_players, info_json};
use crate::desk::table::{Player, Table};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::sync::Arc;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// What the page may load and where it may be shown: only from this server, and in no frame
/// of another page.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Every route of the GUI, behind the access check, the limits of a request, and the headers
/// every answer carries.
pub fn router(rooms: Arc<Rooms>, access: Arc<Access>) -> Router {
    let header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { assets::page(&file) }),
        )
        .route("/api/info", get(info))
        .route("/api/tables", post(open_table))
        .route("/api/records", post(record_games))
        .route("/api/tables/{id}", get(table).delete(close_table))
        .route("/api/tables/{id}/socket", get(events::socket))
        .route(
            "/api/tables/{id}/record",
            get(download_record).post(load_record),
        )
        .route("/api/tables/{id}/{action}", post(actions::act))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page") })
        .with_state(rooms)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(middleware::from_fn(errors_as_json))
        .layer(middleware::from_fn_with_state(access, access::check))
        .layer(header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(header::REFERRER_POLICY, "no-referrer"))
        // Cross-origin isolation (`crossOriginIsolated`, which shared memory between threads
        // needs): no window of another origin in the page's browsing context group, and nothing
        // loaded from another origin that has not agreed to it (the page loads nothing from
        // another origin at all).
        .layer(header(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ))
        .layer(header(
            HeaderName::from_static("cross-origin-embedder-policy"),
            "require-corp",
        ))
}

/// Gives the answers that the HTTP stack makes itself (a method a route does not take, a body
/// too large, a request too slow) the documented form `{"error": ...}`.
async fn errors_as_json(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let text = match status {
        StatusCode::METHOD_NOT_ALLOWED => format!("this address does not take {method}"),
        StatusCode::PAYLOAD_TOO_LARGE => format!("the request is larger than {MAX_BODY} bytes"),
        StatusCode::REQUEST_TIMEOUT => format!(
            "the request took longer than {} s",
            REQUEST_TIMEOUT.as_secs()
        ),
        StatusCode::NOT_FOUND => "no such page".to_string(),
        other => other.canonical_reason().unwrap_or("error").to_string(),
    };
    let mut answer = error(status, &text);
    if let Some(allow) = response.headers().get(header::ALLOW) {
        answer.headers_mut().insert(header::ALLOW, allow.clone());
    }
    answer
}

async fn info(State(rooms): Shared) -> Response {
    json(info_json(&rooms.engine_names()))
}

async fn open_table(State(rooms): Shared, body: Body) -> Response {
    let request: OpenTable = match read_body(body).await {
        Ok(request) => request,
        Err((status, problem)) => return error(status, &problem),
    };
    let engines = rooms.engine_names();
    let made = blocking(move || {
        let players = checked_players(request.white, request.black, &engines)?;
        let table = Table::new(&request.game, request.size.as_deref())?;
        table.pass();
        Ok((table, players))
    })
    .await;
    let (table, players) = match made {
        Ok(made) => made,
        Err(problem) => return bad(problem),
    };
    let room = match rooms.open(table) {
        Ok(room) => room,
        Err(problem) => return error(StatusCode::SERVICE_UNAVAILABLE, &problem),
    };
    if players == [Player::Human, Player::Human] {
        return json(room.published());
    }
    respond(
        blocking(move || {
            room.change(|state| {
                state.players = players;
                Ok(())
            })
        })
        .await,
    )
}

/// The table's state as of its last change: read without waiting for a table that is busy.
async fn table(State(rooms): Shared, Path(id): Path<String>) -> Response {
    match rooms.get(&id) {
        Some(room) => json(room.published()),
        None => missing(&id),
    }
}

/// A tab that goes, or leaves its table for another, closes it at once rather than leaving it
/// to be closed `--close-after` seconds later.
async fn close_table(State(rooms): Shared, Path(id): Path<String>) -> Response {
    let closing = rooms.clone();
    let key = id.clone();
    match blocking(move || Ok(closing.close(&key))).await {
        Ok(true) => json("{}".to_string()),
        _ => missing(&id),
    }
}

async fn download_record(State(rooms): Shared, Path(id): Path<String>) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let written = blocking(move || {
        let state = room.lock();
        let text = record_text::write_record(&state, |engine| room.engine_name(engine));
        let text = match &state.review {
            Some(review) => review.annotate(&text, state.table.game)?,
            None => text,
        };
        Ok((text, state.table.game.name()))
    })
    .await;
    let (text, game) = match written {
        Ok(written) => written,
        Err(problem) => return bad(problem),
    };
    let disposition = format!("attachment; filename=\"tabula-{game}.txt\"");
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

/// The games a record text holds, for the page to offer a choice: `{"games": [...]}`.
async fn record_games(body: Body) -> Response {
    let request: RecordGames = match read_body(body).await {
        Ok(request) => request,
        Err((status, problem)) => return error(status, &problem),
    };
    let listed = blocking(move || {
        let games = record_text::list_games(&request.text)
            .map_err(|problem| format!("record: {problem}"))?;
        serde_json::to_string(&serde_json::json!({ "games": games })).map_err(|e| e.to_string())
    })
    .await;
    respond(listed)
}

async fn load_record(State(rooms): Shared, Path(id): Path<String>, body: Body) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let body = match read_bytes(body).await {
        Ok(bytes) => bytes,
        Err((status, problem)) => return error(status, &problem),
    };
    respond(
        blocking(move || {
            let action = Action::parse("record", &body, &[])?;
            actions::carry_out(&room, action)
        })
        .await,
    )
}
