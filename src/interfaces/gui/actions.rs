//! The actions on a table (`POST /api/tables/{id}/{action}`), read and carried out by the core
//! ([`crate::desk::action`]): each runs on a thread of tokio's blocking pool, and the rules'
//! heavier work is done before the table's lock is taken or on a snapshot of the table, so that
//! no table's work holds up the server or its other requests.

use super::answers::{Shared, blocking, error, missing, read_bytes, respond};
use super::room::Room;
use crate::desk::action::{Action, targets_json};
use crate::desk::perfect_play::probe_json;
use crate::interfaces::uci::output::printable;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use std::sync::Arc;

/// The actions on a table, by name.
pub async fn act(
    State(rooms): Shared,
    Path((id, name)): Path<(String, String)>,
    body: Body,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    if !Action::exists(&name) {
        return error(
            StatusCode::NOT_FOUND,
            &format!("no action '{}' on a table", printable(&name)),
        );
    }
    let body = if Action::reads_body(&name) {
        match read_bytes(body).await {
            Ok(bytes) => bytes,
            Err((status, problem)) => return error(status, &problem),
        }
    } else {
        Bytes::new()
    };
    let engines = rooms.engine_names();
    respond(
        blocking(move || {
            let action = Action::parse(&name, &body, &engines)?;
            carry_out(&room, action)
        })
        .await,
    )
}

/// Carries out `action` on `room`: the table's state after it, or `targets`'s or `probe`'s
/// answer.
pub fn carry_out(room: &Arc<Room>, action: Action) -> Result<String, String> {
    match action {
        Action::Targets(path) => {
            // Worked out on a snapshot: the table stays free meanwhile.
            let snapshot = {
                let state = room.lock();
                state.why_no_move().is_none().then(|| state.table.clone())
            };
            targets_json(snapshot.as_ref(), &path)
        }
        Action::Probe => {
            // The solver runs on a snapshot of the position shown: the table stays free.
            let (session, tablebase) = {
                let state = room.lock();
                (state.table.session().boxed_clone(), state.tablebase.clone())
            };
            probe_json(session.as_ref(), tablebase)
        }
        Action::Review(Some(depth)) => super::review::start(room, depth),
        Action::Review(None) => super::review::stop(room),
        action => {
            // A position is set up before the table is locked.
            let game = room.lock().table.game;
            let action = action.set_up(game)?;
            room.change(|state| state.apply(action))
        }
    }
}
