//! The room's state as the page reads it (the Table of docs/gui.md): worked out from the state
//! alone, and cheaply, since it is sent after every change.

use super::loaded_record::RecordView;
use super::room::{ROLES, Room, RoomState};
use super::table::{AnalysisSettings, Limit, Player, ResultView};
use crate::clicks::move_square_names;
use crate::game::Side;
use serde::Serialize;

impl Room {
    /// The state as the page reads it.
    pub fn view_json(&self, state: &RoomState) -> String {
        serde_json::to_string(&self.view(state)).unwrap_or_else(|_| "{}".to_string())
    }

    fn view<'a>(&self, state: &'a RoomState) -> TableView<'a> {
        let table = &state.table;
        let session = table.session();
        let size = session.size();
        let result = table.result();
        let last_move = table
            .ply
            .checked_sub(1)
            .map(|i| move_square_names(&table.moves[i], size))
            .unwrap_or_default();
        let engines = self
            .engines
            .iter()
            .enumerate()
            .map(|(index, spec)| {
                let status = (0..ROLES)
                    .filter(|&role| state.workers[role].as_ref().map(|w| w.engine) == Some(index))
                    .map(|role| state.status[role].clone())
                    .find(|status| !status.is_empty() && status != "ready")
                    .unwrap_or_else(|| "ready".to_string());
                EngineView {
                    index,
                    name: spec.name.clone(),
                    status,
                }
            })
            .collect();
        let thinking = [Side::White, Side::Black]
            .into_iter()
            .find(|side| state.busy[side.index()] == Some(state.version))
            .map(Side::name);
        TableView {
            id: self.id.clone(),
            version: state.version,
            sent: state.sent,
            game: table.game.name(),
            title: table.game.title(),
            width: size.width,
            height: size.height,
            start: table.start.clone(),
            moves: table.moves.clone(),
            ply: table.ply,
            position: session.position_text(),
            side: session.side_to_move().name(),
            board: crate::board_view::board_rows(table.game, &session.position_text()),
            last_move,
            pass: result.is_none() && table.pass(),
            result,
            players: PlayersView {
                white: state.players[0].clone(),
                black: state.players[1].clone(),
            },
            limit: state.limit,
            clocks: state.clocks.as_ref().map(|clocks| ClocksView {
                white_ms: clocks.left_ms(Side::White),
                black_ms: clocks.left_ms(Side::Black),
                running: clocks.running().map(Side::name),
            }),
            thinking,
            analysis: state.analysis,
            engines,
            review: state.review.as_ref().map(|review| review.view()),
            record: state.record.as_ref().and_then(|record| record.view(table)),
        }
    }
}

#[derive(Serialize)]
struct TableView<'a> {
    id: String,
    version: u64,
    sent: u64,
    game: &'static str,
    title: &'static str,
    width: usize,
    height: usize,
    start: String,
    moves: Vec<String>,
    ply: usize,
    position: String,
    side: &'static str,
    board: Vec<String>,
    last_move: Vec<String>,
    pass: bool,
    result: Option<ResultView>,
    players: PlayersView,
    limit: Limit,
    clocks: Option<ClocksView>,
    thinking: Option<&'static str>,
    analysis: AnalysisSettings,
    engines: Vec<EngineView>,
    review: Option<serde_json::Value>,
    record: Option<RecordView<'a>>,
}

#[derive(Serialize)]
struct PlayersView {
    white: Player,
    black: Player,
}

#[derive(Serialize)]
struct ClocksView {
    white_ms: i64,
    black_ms: i64,
    running: Option<&'static str>,
}

#[derive(Serialize)]
struct EngineView {
    index: usize,
    name: String,
    status: String,
}
