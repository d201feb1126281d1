//! The actions on a table (`POST /api/tables/{id}/{action}`): each runs on a thread of tokio's
//! blocking pool, and the rules' heavier work is done before the table's lock is taken or on a
//! snapshot of the table, so that no table's work holds up the server or its other requests.

use super::answers::{Shared, blocking, error, missing, read_body, respond};
use super::clocks::Clocks;
use super::levels;
use super::room::RoomState;
use super::table::{AnalysisSettings, Limit, Player, Table, Targets};
use crate::interfaces::uci::output::printable;
use crate::tools::tournament::engine_process::EngineSpec;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub game: String,
    #[serde(default)]
    pub size: Option<String>,
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

/// What may be clicked next, as the page reads it (`tabula_core::clicks::Targets`).
#[derive(Serialize)]
struct TargetsAnswer {
    next: Vec<String>,
    complete: Option<String>,
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewRequest {
    on: bool,
    #[serde(default)]
    depth: Option<u32>,
}

/// The actions on a table, by name.
pub async fn act(
    State(rooms): Shared,
    Path((id, action)): Path<(String, String)>,
    body: Body,
) -> Response {
    let Some(room) = rooms.get(&id) else {
        return missing(&id);
    };
    let engines = rooms.engines.clone();
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
                room.change(|state| state.person_moves(&request.text))
            })
            .await
        }
        "targets" => {
            with_body(body, move |request: TargetsRequest| {
                if request.path.len() > 64 {
                    return Err("a move has at most 64 squares".to_string());
                }
                // Worked out on a snapshot: the table stays free meanwhile.
                let snapshot = {
                    let state = room.lock();
                    state.why_no_move().is_none().then(|| state.table.clone())
                };
                let targets = match snapshot {
                    Some(table) => table.targets(&request.path)?,
                    None => Targets::default(),
                };
                let Targets { next, complete } = targets;
                serde_json::to_string(&TargetsAnswer { next, complete }).map_err(|e| e.to_string())
            })
            .await
        }
        "goto" => {
            with_body(body, move |request: GotoRequest| {
                room.change(|state| state.table.goto(request.ply))
            })
            .await
        }
        "undo" => respond(blocking(move || room.change(RoomState::take_back)).await),
        "players" => {
            with_body(body, move |request: PlayersRequest| {
                let white = checked_player(request.white, &engines)?;
                let black = checked_player(request.black, &engines)?;
                check_limit(request.limit)?;
                room.change(|state| {
                    // The clocks of a game in progress go on unless the limit changes.
                    if state.limit != request.limit || state.table.moves.is_empty() {
                        state.clocks = Clocks::for_limit(request.limit);
                    }
                    state.players = [white, black];
                    state.limit = request.limit;
                    Ok(())
                })
            })
            .await
        }
        "analysis" => {
            with_body(body, move |request: AnalysisSettings| {
                if request.engine >= engines.len() {
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

/// The player if it may play: an engine that exists, at a level or an Elo it may play
/// (`levels::checked`).
pub fn checked_player(player: Player, engines: &[EngineSpec]) -> Result<Player, String> {
    match player {
        Player::Human => Ok(Player::Human),
        Player::Engine { engine, level, elo } => {
            let Some(spec) = engines.get(engine) else {
                return Err(format!("no engine {engine} (there are {})", engines.len()));
            };
            let (level, elo) = levels::checked(engine, &spec.name, level, elo)?;
            Ok(Player::Engine { engine, level, elo })
        }
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
