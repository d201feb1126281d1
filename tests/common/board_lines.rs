//! A study board's move tree as the page shows it, checked alike in both homes (`gui_browser`
//! at the server's, `web_board` at the static site's): side lines made, browsed, written in the
//! record and read back, kept over a reload, promoted, deleted and taken back, and the exact
//! refusals of bad side-line actions.

use std::path::Path;

use crate::board_mends::choose_players;
use crate::board_page::{
    STEP, choose_file, click, download, native, new_game, poll, read_page, type_into,
};
use crate::processes::{Context, Res};
use fantoccini::Client;
use serde_json::{Value, json};

/// The move list (the main line's moves, each side line's row as text, and the move shown: a
/// main-line move's ply, or a side line's row and move), the position string shown and what
/// *Load record* says.
const READ_LINES: &str = r#"
const current = document.querySelector('#moves .current');
const row = current && current.closest('.side-line');
return {
    moves: Array.from(document.querySelectorAll('#moves .move[data-ply]')).map((m) => m.firstChild.nodeValue),
    lines: Array.from(document.querySelectorAll('#moves .side-line .side-moves')).map((l) => l.textContent),
    current: !current ? null : row ? {line: Number(row.dataset.line), index: Number(current.dataset.index), move: current.textContent}
        : {ply: Number(current.dataset.ply)},
    position: document.getElementById('position').value,
    record_error: document.getElementById('record-error').textContent,
};
"#;

async fn read_lines(client: &Client) -> Res<Value> {
    read_page(client, READ_LINES, "the move list").await
}

/// Waits until the move list is `want` (its `moves`, `lines` and `current`, as [`READ_LINES`]
/// reads them) and the position shown is the native binary's after `path` (Jeson Mor 9 x 9).
async fn expect_lines(client: &Client, what: &str, want: &Value, path: &[&str]) -> Res<Value> {
    let fen = native_position(path)?;
    let fits = |v: &Value| {
        ["moves", "lines", "current"]
            .iter()
            .all(|k| v[k] == want[k])
            && v["position"] == fen.as_str()
    };
    poll(what, STEP, || read_lines(client), fits)
        .await
        .map_err(|e| format!("{e} (wanted {want} at {fen})"))
}

/// The position string the native binary shows after `path` in Jeson Mor 9 x 9, and the moves
/// it lists there.
fn native_at(path: &[&str]) -> Res<(String, Vec<String>)> {
    let answers = native(&[
        "newgame jesonmor 9".to_string(),
        format!("position startpos moves {}", path.join(" ")),
        "moves".to_string(),
        "d".to_string(),
    ])?;
    let fen = answers
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .ok_or("the binary's d shows no Fen line")?;
    let legal = answers.first().ok_or("the binary lists no moves")?;
    Ok((
        fen.to_string(),
        legal.split(' ').map(str::to_string).collect(),
    ))
}

fn native_position(path: &[&str]) -> Res<String> {
    native_at(path).map(|(fen, _)| fen)
}

/// Types `text` into the move field (Enter plays it), then leaves the field, so that the
/// arrow keys reach the page.
async fn type_move(client: &Client, text: &str) -> Res<()> {
    type_into(client, "move-text", &format!("{text}\u{e007}")).await?;
    client
        .execute("document.activeElement.blur();", vec![])
        .await
        .ctx("leave the move field")?;
    Ok(())
}

/// Presses a key on the page (`\u{e012}` is the left arrow, `\u{e014}` the right one).
async fn press(client: &Client, key: &str) -> Res<()> {
    client
        .find(fantoccini::Locator::Css("body"))
        .await
        .ctx("find the page's body")?
        .send_keys(key)
        .await
        .ctx("press a key")
}

const LEFT: &str = "\u{e012}";
const RIGHT: &str = "\u{e014}";

/// What the page's table answers to the side-line `action` with `body`, posted as the page
/// posts it (in either home): the refusal's sentence, or `accepted`.
async fn refusal(client: &Client, action: &str, body: &Value) -> Res<String> {
    let script = r#"
const [action, body, done] = arguments;
import('./connection.js')
    .then(({ api }) => api('POST', `/api/tables/${document.body.dataset.table}/${action}`, body))
    .then(() => done('accepted'), (e) => done(e.message));
"#;
    let answer = client
        .execute_async(script, vec![json!(action), body.clone()])
        .await
        .ctx("post a side-line action")?;
    Ok(answer.as_str().unwrap_or("").to_string())
}

/// A record's text without its comments (each move's thinking time, say), one space between
/// the words of a line.
fn without_comments(record: &str) -> String {
    let mut kept = String::new();
    let mut depth = 0usize;
    for c in record.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => kept.push(c),
            _ => {}
        }
    }
    let lines = kept.lines().map(|line| {
        line.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" )", ")")
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// A move tree on a study board, as on lichess's analysis board: a move played away from the
/// end of the line starts a side line there (the main line stays), shown under the move it
/// replaces; a move at the side line's end extends it, a move elsewhere in it starts a side line
/// of its own. A side line's moves are clicked into, and the arrow keys step along the line
/// shown (the position string shown the native binary's after each move); a main-line move
/// clicked goes back to the main line. The record downloaded writes them as `( ... )` (nested),
/// which `tabula review` reads past and *Load record* reads back whole; a side line promoted
/// becomes the main line (the main line's own moves a side line in its place), one deleted is
/// gone; a record whose side line has a move that is not legal brings one message, its main line
/// and its good side lines. Returns screenshots: a side line browsed, and a record loaded back.
pub async fn side_lines(client: &Client, shots: &Path) -> Res<(Vec<u8>, Vec<u8>)> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    let main = ["b1c3", "a9b7", "c3d5", "b7c5"];
    for (ply, text) in main.iter().enumerate() {
        type_move(client, text).await?;
        let want = json!({"moves": main[..=ply], "lines": [], "current": {"ply": ply + 1}});
        expect_lines(client, &format!("the move {text}"), &want, &main[..=ply]).await?;
    }
    click(client, "#moves .move[data-ply=\"2\"]").await?;
    let want = json!({"moves": main, "lines": [], "current": {"ply": 2}});
    expect_lines(client, "the second move shown", &want, &main[..2]).await?;
    // c3e4 in place of c3d5: a side line, shown; the main line stays.
    type_move(client, "c3e4").await?;
    let mut side = vec!["b1c3", "a9b7", "c3e4"];
    let want = json!({"moves": main, "lines": ["(2. c3e4)"], "current": {"line": 0, "index": 0, "move": "c3e4"}});
    expect_lines(client, "a side line of c3e4", &want, &side).await?;
    // Black's first two legal moves there: the first extends the side line at its end, the
    // second, played from its first move, starts a side line of the side line.
    let (_, legal) = native_at(&side)?;
    let (x, y) = (legal[0].clone(), legal[1].clone());
    type_move(client, &x).await?;
    side.push(&x);
    let line = format!("(2. c3e4 {x})");
    let want =
        json!({"moves": main, "lines": [line], "current": {"line": 0, "index": 1, "move": x}});
    expect_lines(client, "the side line extended", &want, &side).await?;
    // The keys step along the side line, through the position it branches from and back.
    press(client, LEFT).await?;
    let want =
        json!({"moves": main, "lines": [line], "current": {"line": 0, "index": 0, "move": "c3e4"}});
    expect_lines(client, "a step back in the side line", &want, &side[..3]).await?;
    press(client, LEFT).await?;
    let want = json!({"moves": main, "lines": [line], "current": {"ply": 2}});
    expect_lines(
        client,
        "a step back to where it branches",
        &want,
        &side[..2],
    )
    .await?;
    for (index, move_) in ["c3e4", x.as_str()].iter().enumerate() {
        press(client, RIGHT).await?;
        let want = json!({"moves": main, "lines": [line], "current": {"line": 0, "index": index, "move": move_}});
        expect_lines(
            client,
            "a step forward in the side line",
            &want,
            &side[..3 + index],
        )
        .await?;
    }
    // A main-line move clicked: back on the main line; a side line's move clicked: into it.
    click(client, "#moves .move[data-ply=\"4\"]").await?;
    let want = json!({"moves": main, "lines": [line], "current": {"ply": 4}});
    expect_lines(client, "the main line's last move", &want, &main).await?;
    click(
        client,
        ".side-line[data-line=\"0\"] .side-move[data-index=\"1\"]",
    )
    .await?;
    let want =
        json!({"moves": main, "lines": [line], "current": {"line": 0, "index": 1, "move": x}});
    expect_lines(client, "the side line's last move clicked", &want, &side).await?;
    press(client, LEFT).await?;
    type_move(client, &y).await?;
    let nested = format!("(2... {y})");
    let lines = json!([line, nested]);
    let want =
        json!({"moves": main, "lines": lines, "current": {"line": 1, "index": 0, "move": y}});
    let nested_path = [&side[..3], &[y.as_str()]].concat();
    expect_lines(client, "a side line of the side line", &want, &nested_path).await?;
    let browsed = client.screenshot().await.ctx("take a screenshot")?;
    // The record: the main line, the side lines in it; the board stays where it was.
    let (_, record) = download(client).await?;
    let written = format!("(2. c3e4 {x} {nested})");
    let moves = without_comments(&record);
    if !moves.contains("2. c3d5") || !moves.contains(&written) {
        return Err(format!(
            "the record with side lines has no {written}: {record}"
        ));
    }
    expect_lines(client, "the board after the download", &want, &nested_path).await?;
    let file = shots.join("side-line.txt");
    std::fs::write(&file, &record).ctx(&format!("write {}", file.display()))?;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["review", "--game", "jesonmor", "--depth", "1", "--json"])
        .arg(&file)
        .output()
        .ctx("run tabula review on the record")?;
    let read: Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("tabula review on {}: {e}", file.display()))?;
    let reviewed: Vec<&str> = (read["moves"].as_array().into_iter().flatten())
        .filter_map(|m| m["move"].as_str())
        .collect();
    if reviewed != main {
        return Err(format!(
            "tabula review read the record with side lines as {read}"
        ));
    }
    // Loaded back on another board: the main line and both side lines.
    new_game(client, "jesonmor", "9", 81).await?;
    choose_file(client, &file).await?;
    let loaded = json!({"moves": main, "lines": lines, "current": {"ply": 4}});
    let fits = |v: &Value| v["moves"] == loaded["moves"] && v["lines"] == loaded["lines"];
    let shown = poll("the record loaded back", STEP, || read_lines(client), fits).await?;
    if shown["record_error"] != "" {
        return Err(format!(
            "the record loaded back says {}",
            shown["record_error"]
        ));
    }
    let loaded_shot = client.screenshot().await.ctx("take a screenshot")?;
    click(
        client,
        ".side-line[data-line=\"1\"] .side-move[data-index=\"0\"]",
    )
    .await?;
    let want =
        json!({"moves": main, "lines": lines, "current": {"line": 1, "index": 0, "move": y}});
    expect_lines(
        client,
        "the loaded record's nested side line",
        &want,
        &nested_path,
    )
    .await?;
    // Over a reload, the same tree, the same side line shown.
    client.refresh().await.ctx("reload the page")?;
    expect_lines(
        client,
        "the nested side line after a reload",
        &want,
        &nested_path,
    )
    .await?;
    // Promoted, the side line is the main line; the main line's moves a side line in its place.
    click(client, ".side-line[data-line=\"0\"] button.promote").await?;
    let promoted = [&side[..3], &[x.as_str()]].concat();
    let want = json!({"moves": promoted, "lines": ["(2. c3d5 b7c5)", nested],
        "current": {"ply": 4}});
    expect_lines(client, "the side line promoted", &want, &promoted).await?;
    click(client, ".side-line[data-line=\"0\"] button.delete").await?;
    let want = json!({"moves": promoted, "lines": [nested], "current": {"ply": 4}});
    expect_lines(client, "the side line deleted", &want, &promoted).await?;
    // Refused side-line actions say which node is wrong and change nothing.
    for (action, body, said) in [
        (
            "delete",
            json!({"node": 1}),
            "node 1 is on the main line: take back to shorten it",
        ),
        (
            "promote",
            json!({"node": 99}),
            "node 99: the move tree has 5 moves",
        ),
        (
            "line",
            json!({"node": "x"}),
            "bad JSON: invalid type: string \"x\", expected usize at line 1 column 11",
        ),
    ] {
        let answer = refusal(client, action, &body).await?;
        if answer != said {
            return Err(format!(
                "{action} {body} was answered {answer:?}, not {said:?}"
            ));
        }
    }
    expect_lines(client, "the tree after refusals", &want, &promoted).await?;
    // A record whose side line has a move that is not legal: one message, the main line and
    // the other side line loaded.
    let bad = without_comments(&record).replace(&format!("c3e4 {x} "), "c3e4 a1a2 ");
    let file = shots.join("side-line-bad.txt");
    std::fs::write(&file, &bad).ctx(&format!("write {}", file.display()))?;
    choose_file(client, &file).await?;
    let mended = json!([format!("(2. c3e4 {y})")]);
    // The moves and lines may fit before the record's message is shown: wait for both.
    let fits = |v: &Value| {
        v["moves"] == json!(main)
            && v["lines"] == mended
            && v["record_error"]
                .as_str()
                .is_some_and(|said| !said.is_empty())
    };
    let shown = poll(
        "the record with a bad side line",
        STEP,
        || read_lines(client),
        fits,
    )
    .await?;
    let said = shown["record_error"].as_str().unwrap_or("");
    if !said.contains("a1a2") || !said.contains("left out") || said.contains('\n') {
        return Err(format!("a bad side line brings {said:?}"));
    }
    // Take back inside a side line: its move before the position shown; its last one taken
    // back, the side line is gone and the board on the main line where it branched.
    click(
        client,
        ".side-line[data-line=\"0\"] .side-move[data-index=\"1\"]",
    )
    .await?;
    let mended_path = [&side[..3], &[y.as_str()]].concat();
    let want =
        json!({"moves": main, "lines": mended, "current": {"line": 0, "index": 1, "move": y}});
    expect_lines(
        client,
        "the loaded side line's last move",
        &want,
        &mended_path,
    )
    .await?;
    click(client, "#undo").await?;
    let want = json!({"moves": main, "lines": ["(2. c3e4)"], "current": {"line": 0, "index": 0, "move": "c3e4"}});
    expect_lines(
        client,
        "a move of the side line taken back",
        &want,
        &side[..3],
    )
    .await?;
    click(client, "#undo").await?;
    let want = json!({"moves": main, "lines": [], "current": {"ply": 2}});
    expect_lines(
        client,
        "the side line's last move taken back",
        &want,
        &main[..2],
    )
    .await?;
    Ok((browsed, loaded_shot))
}
