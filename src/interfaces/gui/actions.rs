//! The actions on a table (`POST /api/tables/{id}/{action}`): each runs on a thread of tokio's
//! blocking pool, and the rules' heavier work is done before the table's lock is taken or on a
//! snapshot of the table, so that no table's work holds up the server or its other requests.

use super::answers::{Shared, blocking, error, missing, read_body, respond};
use crate::desk::requests::{
    GotoRequest, MoveRequest, NewGame, PlayersRequest, PositionRequest, ReviewRequest,
    TargetsRequest, check_analysis, check_clock_times, check_limit, checked_players,
};
use crate::desk::table::{AnalysisSettings, Table, Targets};
use crate::interfaces::uci::output::printable;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::de::DeserializeOwned;

/// The actions on a table, by name.
pub async fn act(
    State(rooms): Shared,
    Path((id, action)): Path<(String, String)>,
    body: Body,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let engines = rooms.engine_names();
    match action.as_str() {
        "new" => {
            with_body(body, move |request: NewGame| {
                let table = Table::new(&request.game, request.size.as_deref())?;
                table.pass();
                room.change(|state| {
                    state.replace_table(table);
                    Ok(())
                })
            })
            .await
        }
        "position" => {
            with_body(body, move |request: PositionRequest| {
                // The position is set up and looked at before the table is locked.
                let game = room.lock().table.game;
                let table = Table::from_position(game, &request.position)?;
                table.pass();
                room.change(|state| {
                    if state.table.game != game {
                        return Err("the game changed meanwhile; set the position again".into());
                    }
                    state.replace_table(table);
                    Ok(())
                })
            })
            .await
        }
        "move" => {
            with_body(body, move |request: MoveRequest| {
                room.change(|state| state.person_moves(&request.text, !request.put_back))
            })
            .await
        }
        "targets" => {
            with_body(body, move |request: TargetsRequest| {
                let path = request.checked()?;
                // Worked out on a snapshot: the table stays free meanwhile.
                let snapshot = {
                    let state = room.lock();
                    state.why_no_move().is_none().then(|| state.table.clone())
                };
                let targets = match snapshot {
                    Some(table) => table.targets(&path)?,
                    None => Targets::default(),
                };
                serde_json::to_string(&targets).map_err(|e| e.to_string())
            })
            .await
        }
        "goto" => {
            with_body(body, move |request: GotoRequest| {
                room.change(|state| state.table.goto(request.ply))
            })
            .await
        }
        "undo" => respond(blocking(move || room.change(|state| state.take_back())).await),
        "players" => {
            with_body(body, move |request: PlayersRequest| {
                let players = checked_players(request.white, request.black, &engines)?;
                check_limit(request.limit)?;
                check_clock_times(request.clocks)?;
                room.change(|state| {
                    state.set_players(players, request.limit);
                    state.set_clock_times(request.clocks);
                    Ok(())
                })
            })
            .await
        }
        "analysis" => {
            with_body(body, move |request: AnalysisSettings| {
                check_analysis(&request, engines.len())?;
                room.change(|state| {
                    state.analysis = request;
                    Ok(())
                })
            })
            .await
        }
        "review" => {
            with_body(body, move |request: ReviewRequest| match request.depth {
                Some(depth) if request.on => super::review::start(&room, depth),
                None if request.on => Err("a review needs a depth".to_string()),
                _ => super::review::stop(&room),
            })
            .await
        }
        other => error(
            StatusCode::NOT_FOUND,
            &format!("no action '{}' on a table", printable(other)),
        ),
    }
}

/// Reads the body as `T` and answers with what `handle` makes of it, on a blocking thread.
async fn with_body<T: DeserializeOwned + Send + 'static>(
    body: Body,
    handle: impl FnOnce(T) -> Result<String, String> + Send + 'static,
) -> Response {
    match read_body(body).await {
        Ok(request) => respond(blocking(move || handle(request)).await),
        Err((status, problem)) => error(status, &problem),
    }
}
