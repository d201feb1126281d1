//! The review of a finished game as a person asks for it: "Review game" at the quick depth, the
//! progress until it is done, the evaluation graph (one point per position), the marks of the
//! move list against the server's judgement, a click on the graph that goes to that move, and
//! the downloaded record (its Date tag, the players with their levels, the human's thinking
//! times and the review's comments), which `tabula review` reads back.
//!
//! The page keeps for this test: `select#review-depth`, `button#review`,
//! `#review-progress[data-status]`, `svg#review-graph` with its `polyline.curve[data-points]` and
//! `line.cursor[data-ply]`, `#moves .move[data-mark]`, `#review-note` and `#review-summary`.

use std::process::Command;
use std::time::Duration;

use crate::board_page::{
    click, download, find_id, moves_with_comments, poll, read_page, read_state, record_tag, select,
};
use crate::processes::{api_get, http_get, screenshot_dir};
use crate::{Context, GameSpec, Res, STEP};
use fantoccini::Client;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::Value;

/// How long a quick review of one game may take (the engine of a debug build is slow).
const REVIEW: Duration = Duration::from_secs(60);

const READ_REVIEW: &str = r#"
const graph = document.getElementById('review-graph');
const curve = graph.querySelector('polyline.curve');
const cursor = graph.querySelector('line.cursor');
const box = graph.getBoundingClientRect();
const progress = document.getElementById('review-progress');
const current = document.querySelector('#moves .move.current');
return {
    status: progress.hidden ? null : (progress.dataset.status || null),
    points: curve ? (curve.getAttribute('points') || '').trim().split(/\s+/).filter((p) => p).length : 0,
    data_points: curve ? Number(curve.dataset.points) : 0,
    cursor: cursor ? Number(cursor.dataset.ply) : null,
    width: box.width,
    marks: Array.from(document.querySelectorAll('#moves .move[data-mark]'))
        .map((m) => [Number(m.dataset.ply), m.dataset.mark]),
    current: current ? Number(current.dataset.ply) : 0,
    note: document.getElementById('review-note').textContent,
    summary_rows: document.querySelectorAll('#review-summary tbody tr').length,
    status_line: document.getElementById('status').hidden ? '' : document.getElementById('status').textContent,
    result: document.getElementById('result').textContent,
};
"#;

async fn read_review(client: &Client) -> Res<Value> {
    read_page(client, READ_REVIEW, "the review").await
}

/// Reviews the game that `spec` has just played on `table`, checks what the page shows against
/// the server's judgement, goes to a move by a click on the graph, and checks the record.
/// Reviews the finished game of `table`; `black` is the engine's name in its record.
pub async fn review_game(
    client: &Client,
    base: &str,
    table: &str,
    spec: &GameSpec,
    black: &str,
) -> Res<()> {
    let shown = read_review(client).await?;
    let result = shown["result"].as_str().unwrap_or("").to_string();
    if !result.is_empty()
        && shown["status_line"]
            .as_str()
            .unwrap_or("")
            .contains(&result)
    {
        return Err(format!(
            "the end of the game is shown twice: #status {} and #result {result:?}",
            shown["status_line"]
        ));
    }
    // The game as played, to replay a review that fails (`tabula review`).
    let played = screenshot_dir().join(format!("{}-played.txt", spec.name));
    let record = http_get(base, &format!("/api/tables/{table}/record"))?;
    std::fs::write(&played, record).ctx(&format!("write {}", played.display()))?;
    select(client, "review-depth", "4").await?;
    click(client, "#review").await?;
    let page = poll(
        "the review to finish",
        REVIEW,
        || read_review(client),
        |v| v["status"] == "done",
    )
    .await?;
    let served = api_get(base, &format!("/api/tables/{table}"))?;
    let review = &served["review"];
    let moves = served["moves"].as_array().map_or(0, Vec::len);
    let positions = review["positions"].as_u64().unwrap_or(0) as usize;
    if positions != moves + 1 || review["curve"].as_array().map(Vec::len) != Some(positions) {
        return Err(format!(
            "{moves} moves, but the server's review has {positions} positions: {review}"
        ));
    }
    if page["points"] != positions || page["data_points"] != positions {
        return Err(format!(
            "the graph has {} points ({} said), the game {positions} positions",
            page["points"], page["data_points"]
        ));
    }
    if page["summary_rows"] != 2 {
        return Err(format!("#review-summary has {} rows", page["summary_rows"]));
    }
    let judged = review["report"]["moves"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let served_marks: Vec<(u64, String)> = judged
        .iter()
        .filter_map(|m| Some((m["ply"].as_u64()?, m["mark"].as_str()?.to_string())))
        .collect();
    let page_marks: Vec<(u64, String)> = page["marks"]
        .as_array()
        .map(|marks| {
            marks
                .iter()
                .filter_map(|m| Some((m[0].as_u64()?, m[1].as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    if page_marks != served_marks {
        return Err(format!(
            "the move list marks {page_marks:?}, the server's review {served_marks:?}"
        ));
    }
    // A click on the graph goes to that move: a marked one if there is one.
    let target = served_marks
        .first()
        .map_or(positions / 2, |(ply, _)| *ply as usize)
        .clamp(1, moves);
    click_graph(client, &page, target, positions).await?;
    let page = poll(
        &format!("the page to go to move {target}"),
        STEP,
        || read_review(client),
        |v| v["current"] == target && v["cursor"] == target,
    )
    .await?;
    let served = api_get(base, &format!("/api/tables/{table}"))?;
    if served["ply"] != target {
        return Err(format!(
            "after the click on the graph the page shows move {target}, the server {}",
            served["ply"]
        ));
    }
    let board = read_state(client).await?;
    let mut drawn = board.pieces.clone();
    drawn.sort();
    if drawn != crate::served_pieces(&served)? {
        return Err(format!(
            "after the click on the graph the board is not move {target}'s"
        ));
    }
    let best = judged
        .get(target - 1)
        .and_then(|m| m["best"].as_str())
        .unwrap_or("?");
    let note = page["note"].as_str().unwrap_or("");
    if !note.contains(best) {
        return Err(format!(
            "#review-note {note:?} does not name the best move {best}"
        ));
    }
    check_record(client, spec, black, moves).await
}

/// Clicks the graph where it shows position `ply` of `positions`.
async fn click_graph(client: &Client, page: &Value, ply: usize, positions: usize) -> Res<()> {
    client
        .execute(
            "document.getElementById('review-graph').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .ctx("scroll the graph into view")?;
    let graph = find_id(client, "review-graph", "svg#review-graph").await?;
    let width = page["width"].as_f64().unwrap_or(0.0);
    let last = positions.saturating_sub(1).max(1) as f64;
    let x = (ply as f64 / last - 0.5) * width;
    let actions = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: graph,
            duration: None,
            x: x.round(),
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        });
    client
        .perform_actions(actions)
        .await
        .ctx(&format!("click the graph at move {ply}"))
}

/// The record downloaded through the page's link: its file name, its tags, the human's (white's) times, the review's comments; and
/// `tabula review` reads it back.
async fn check_record(client: &Client, spec: &GameSpec, black: &str, moves: usize) -> Res<()> {
    let (name, record) = download(client).await?;
    if name != format!("tabula-{}.txt", spec.game) {
        return Err(format!("the record is saved as {name:?}"));
    }
    let tag = |name: &str| record_tag(&record, name);
    let date = tag("Date").ok_or_else(|| format!("no Date tag: {record}"))?;
    let fields: Vec<usize> = date.split('.').map(str::len).collect();
    if fields != [4, 2, 2] {
        return Err(format!("the Date tag {date:?} is not YYYY.MM.DD"));
    }
    if tag("White") != Some("Human") || tag("Black") != Some(black) {
        return Err(format!("the players are not Human and {black:?}: {record}"));
    }
    if tag("Termination").is_none_or(str::is_empty) || tag("Result").is_none_or(|r| r == "*") {
        return Err(format!(
            "the record does not say how the game ended: {record}"
        ));
    }
    let movetext: String = record
        .lines()
        .filter(|line| !line.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let listed = moves_with_comments(&movetext);
    if listed.len() != moves {
        return Err(format!(
            "the record lists {} moves, the game has {moves}",
            listed.len()
        ));
    }
    for (ply, (text, comments)) in listed.iter().enumerate() {
        if !comments.iter().any(|c| c.starts_with("review ")) {
            return Err(format!(
                "move {} ({text}) has no review comment: {comments:?}",
                ply + 1
            ));
        }
        if ply % 2 == 0
            && comments
                .first()
                .is_none_or(|c| c == "0ms" || !c.ends_with("ms"))
        {
            return Err(format!(
                "the human's move {} ({text}) has no thinking time: {comments:?}",
                ply + 1
            ));
        }
    }
    let file = screenshot_dir().join(format!("{}-reviewed.txt", spec.name));
    std::fs::write(&file, &record).ctx(&format!("write {}", file.display()))?;
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["review", "--game", spec.game, "--depth", "1", "--json"])
        .arg(&file)
        .output()
        .ctx("run tabula review on the record")?;
    let text = String::from_utf8_lossy(&output.stdout);
    let again: Value = serde_json::from_str(text.trim())
        .map_err(|e| format!("tabula review on {}: {e}: {text}", file.display()))?;
    if again["moves"].as_array().map(Vec::len) != Some(moves) {
        return Err(format!(
            "tabula review read back {again}, not {moves} moves"
        ));
    }
    Ok(())
}
