//! A desk's state as the page reads it (the Table of docs/gui.md): worked out from the state
//! alone, and cheaply, since it is sent after every change.

use super::lines::LinesView;
use super::loaded_record::RecordView;
use super::state::Desk;
use super::table::{AnalysisSettings, Limit, Player, ResultView};
use crate::clicks::move_square_names;
use crate::game::Side;
use serde::Serialize;

/// A square of the board itself that matters ([`crate::game::BoardMark`]), from a1.
#[derive(Serialize)]
struct MarkView {
    x: usize,
    y: usize,
    /// `centre`, `goal-white`, `goal-black` or `corner`.
    kind: &'static str,
}

/// How an engine of the page is doing, as the page shows it.
#[derive(Serialize)]
pub struct EngineView {
    pub index: usize,
    pub name: String,
    /// `ready`, `thinking`, `analysing`, `starting` or `failed: <why>`.
    pub status: String,
}

/// The state of `desk` as the page reads it: the table `id`, its engines, and the side whose
/// engine is thinking about the move, if one is.
pub fn table_view_json(
    id: &str,
    desk: &Desk,
    engines: Vec<EngineView>,
    thinking: Option<Side>,
) -> String {
    serde_json::to_string(&table_view(id, desk, engines, thinking))
        .unwrap_or_else(|_| "{}".to_string())
}

fn table_view<'a>(
    id: &str,
    desk: &'a Desk,
    engines: Vec<EngineView>,
    thinking: Option<Side>,
) -> TableView<'a> {
    let table = &desk.table;
    let session = table.session();
    let size = session.size();
    let result = table.result();
    let marks = session.board_marks();
    let last_move = table
        .ply
        .checked_sub(1)
        .map(|i| move_square_names(&table.moves[i], size))
        .unwrap_or_default();
    TableView {
        id: id.to_string(),
        version: desk.version,
        sent: desk.sent,
        game: table.game.name(),
        title: table.game.title(),
        width: size.width,
        height: size.height,
        start: table.start.clone(),
        moves: table.moves.clone(),
        ply: table.ply,
        lines: desk.lines_view(),
        position: session.position_text(),
        side: session.side_to_move().name(),
        board: crate::board_view::board_rows(&marks, &session.position_text()),
        marks: marks
            .iter()
            .map(|mark| MarkView {
                x: mark.square.0,
                y: mark.square.1,
                kind: mark.kind.name(),
            })
            .collect(),
        last_move,
        pass: result.is_none() && table.pass(),
        result,
        players: PlayersView {
            white: desk.players[0].clone(),
            black: desk.players[1].clone(),
        },
        limit: desk.limit,
        clocks: desk.clocks.as_ref().map(|clocks| ClocksView {
            white_ms: clocks.left_ms(Side::White),
            black_ms: clocks.left_ms(Side::Black),
            running: clocks.running().map(Side::name),
        }),
        thinking: thinking.map(Side::name),
        analysis: desk.analysis,
        engines,
        review: desk.review.as_ref().map(|review| review.view()),
        record: desk.record.as_ref().and_then(|record| record.view(table)),
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
    /// The move tree (its flat form) and the node shown.
    lines: LinesView,
    position: String,
    side: &'static str,
    board: Vec<String>,
    /// The squares of the board itself that matter, pieces on them or not.
    marks: Vec<MarkView>,
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
