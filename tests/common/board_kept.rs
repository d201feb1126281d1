//! What the board page keeps and shares, checked alike in both homes (`gui_browser` at the
//! server's, `web_board` at the static site's): a reload in the middle of a game against the
//! engine keeps its moves, players, limit and clocks; "My games" lists it, downloads its
//! record and deletes it; a shared link opens the same position in a browser of a new profile,
//! and a link that is wrong or cut off brings one message and the usual board; storage that is
//! full is said once.

use std::path::Path;
use std::time::Duration;

use crate::board_mends::choose_players;
use crate::board_page::{
    Rng, STEP, choose_file, click, download, download_by, human_can_move, native, new_game,
    play_human_move, poll, read_state, type_into, wait_for,
};
use crate::processes::{Context, Res, connect};
use fantoccini::Client;
use serde_json::{Value, json};

/// How long the engine may take to reply, its Worker starting included.
const REPLY: Duration = Duration::from_secs(20);

/// The game as the page shows it: moves, the form's players and limit, the clocks, the
/// position string, "My games".
const READ_GAME: &str = r#"
const value = (id) => document.getElementById(id).value;
const clocks = {};
for (const el of document.querySelectorAll('.clock')) {
    const name = el.querySelector('.clock-name').textContent;
    clocks[name.startsWith('White') ? 'white' : 'black'] = el.querySelector('.clock-time').textContent;
}
return {
    moves: Array.from(document.querySelectorAll('#moves .move[data-ply]')).map((m) => m.firstChild.nodeValue),
    white: value('white'), black: value('black'), level_black: value('level-black'),
    limit_kind: value('limit-kind'), limit_value: value('limit-value'),
    clocks,
    position: value('position'),
    kept: Array.from(document.querySelectorAll('#my-games li.kept')).map((li) => li.textContent),
    notices: Array.from(document.querySelectorAll('#notices li')).map((li) => li.textContent),
};
"#;

pub async fn read_game(client: &Client) -> Res<Value> {
    client.execute(READ_GAME, vec![]).await.ctx("read the game")
}

/// The seconds a clock shows (`0:57`, `0:09.4`).
fn seconds(shown: &Value) -> f64 {
    let text = shown.as_str().unwrap_or("");
    let (minutes, rest) = text.split_once(':').unwrap_or(("0", text));
    minutes.parse::<f64>().unwrap_or(f64::NAN) * 60.0 + rest.parse::<f64>().unwrap_or(f64::NAN)
}

/// A record's movetext: what follows its tags.
fn movetext(record: &str) -> &str {
    record.split_once("\n\n").map_or("", |(_, moves)| moves)
}

/// A game against tabula at `easy` on a clock of one minute: the person waits 2.5 s, moves, and
/// the engine replies; a reload then shows the same moves, players, limit and clocks (white's
/// not full again), the record downloaded is the same (the person's thinking time, the engine's
/// evaluation and time: issue 85), and Animation turned off stays off. "My games" lists the game, saves its
/// record, reviews it, and deletes it.
/// Returns a
/// screenshot of the page after the reload.
pub async fn kept_over_a_reload(client: &Client) -> Res<Vec<u8>> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(
        client,
        ("human", ""),
        ("engine:0", "easy"),
        ("clock", "1+0"),
    )
    .await?;
    let state = wait_for(client, "white's turn", REPLY, human_can_move).await?;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    play_human_move(client, &mut Rng(72), &state).await?;
    wait_for(client, "the engine's reply", REPLY, |s| s.moves >= 2).await?;
    // An option of the board's, turned off, is kept too.
    click(client, "#animate").await?;
    let before = read_game(client).await?;
    let (_, recorded) = download(client).await?;
    let timed = movetext(&recorded).matches("ms}").count();
    if timed < 2
        || !(movetext(&recorded).contains("{cp ") || movetext(&recorded).contains("{mate "))
    {
        return Err(format!(
            "the record has no thinking times or evaluation: {recorded}"
        ));
    }
    client.refresh().await.ctx("reload the page")?;
    let after = poll(
        "the game set up again after the reload",
        REPLY,
        || read_game(client),
        |v| v["moves"] == before["moves"] && v["limit_kind"] == "clock",
    )
    .await?;
    for key in [
        "white",
        "black",
        "level_black",
        "limit_kind",
        "limit_value",
        "position",
    ] {
        if after[key] != before[key] {
            return Err(format!(
                "after a reload {key} is {}, before {}",
                after[key], before[key]
            ));
        }
    }
    // Issue 85: the record is the same, every thinking time and evaluation kept.
    let (_, again) = download(client).await?;
    if movetext(&again) != movetext(&recorded) {
        return Err(format!(
            "after a reload the record is\n{again}\nbefore it was\n{recorded}"
        ));
    }
    let white = seconds(&after["clocks"]["white"]);
    let black = seconds(&after["clocks"]["black"]);
    if !(40.0..=58.5).contains(&white) || !(40.0..=60.0).contains(&black) {
        return Err(format!(
            "after a reload the clocks show {} (before: {})",
            after["clocks"], before["clocks"]
        ));
    }
    let animate = client
        .execute(
            "return document.getElementById('animate').getAttribute('aria-pressed')",
            vec![],
        )
        .await
        .ctx("read #animate")?;
    if animate != "false" {
        return Err(format!("Animation turned off is {animate} after a reload"));
    }
    click(client, "#animate").await?;
    let shot = client.screenshot().await.ctx("take a screenshot")?;
    // "My games": the game is there, its record saved, then deleted.
    let current = "#my-games li.current button[data-action=download]";
    poll(
        "the game's record kept",
        STEP,
        || read_game(client),
        |v| v["kept"].as_array().is_some_and(|k| !k.is_empty()),
    )
    .await?;
    let mut saved = None;
    for _ in 0..50 {
        if client
            .find(fantoccini::Locator::Css(&format!(
                "{current}:not([disabled])"
            )))
            .await
            .is_ok()
        {
            saved = Some(download_by(client, current).await?);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (name, text) = saved.ok_or("My games never offered the game's record")?;
    let first = before["moves"][0].as_str().unwrap_or("?");
    if !name.ends_with(".txt") || !text.contains(first) || !text.contains("[TimeControl") {
        return Err(format!("My games saved {name}: {text}"));
    }
    // Review: the game opened again from the list and reviewed.
    click(client, "#my-games li.current button[data-action=review]").await?;
    let review = || async move {
        client
            .execute(
                "const p = document.getElementById('review-progress'); return p.hidden ? null : p.dataset.status",
                vec![],
            )
            .await
            .ctx("read the review")
    };
    poll(
        "the kept game reviewed",
        Duration::from_secs(60),
        review,
        |v| v == "done",
    )
    .await?;
    let kept = read_game(client).await?["kept"]
        .as_array()
        .map_or(0, Vec::len);
    click(client, "#my-games li.current button[data-action=delete]").await?;
    poll(
        "the game deleted from My games",
        STEP,
        || read_game(client),
        |v| v["kept"].as_array().map_or(0, Vec::len) + 1 == kept,
    )
    .await?;
    // Back to people on both sides, so that no clock runs on.
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    Ok(shot)
}

/// A browser of its own profile (nothing kept from the other), on the same chromedriver.
pub async fn fresh_browser(driver_port: u16, profile: &Path) -> Res<Client> {
    connect(driver_port, profile).await
}

/// The link of *Share*, after a few moves of two people, opens the same position in a browser
/// of a new profile (its client `fresh`); a link cut off, a link with a move that is not legal
/// there, a link of no game and a link whose position is not of its size (Joust 8x8 with a
/// 10x10 position) each bring one message, and the game in progress goes on. Returns a
/// screenshot of the shared position as the fresh browser shows it.
pub async fn shared_link_opens_the_position(
    client: &Client,
    fresh: &Client,
    base: &str,
) -> Res<Vec<u8>> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    for text in ["b1c3", "a9b7", "c3d5", "b7c5"] {
        let moves = read_state(client).await?.moves;
        crate::board_page::type_into(client, "move-text", &format!("{text}\u{e007}")).await?;
        wait_for(client, &format!("the move {text}"), STEP, |s| {
            s.moves > moves
        })
        .await?;
    }
    click(client, "#share").await?;
    let link = client
        .execute("return document.getElementById('share-link').value", vec![])
        .await
        .ctx("read the link")?;
    let link = link.as_str().unwrap_or("").to_string();
    if !link.starts_with(base) || !link.contains("#jesonmor/9x9/b1c3.a9b7.c3d5.b7c5") {
        return Err(format!("Share gives the link {link:?}"));
    }
    let shown = read_game(client).await?;
    fresh.goto(&link).await.ctx(&format!("open {link}"))?;
    let opened = poll(
        "the shared position",
        REPLY,
        || read_game(fresh),
        |v| v["moves"] == shown["moves"],
    )
    .await?;
    if opened["position"] != shown["position"] {
        return Err(format!(
            "the link shows {}, the page it came from {}",
            opened["position"], shown["position"]
        ));
    }
    let shot = fresh.screenshot().await.ctx("take a screenshot")?;
    let ten = native(&["newgame joust 10".to_string(), "d".to_string()])?;
    let ten = ten
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .ok_or("the binary's d shows no Fen line")?;
    let other_size = format!("#joust/8x8//{}", encode_component(ten));
    for bad in [
        "#jesonmor/9x",
        "#jesonmor/9x9/b1c3.zz99",
        "#nogame/9/b1c3",
        other_size.as_str(),
    ] {
        let errors = |v: &Value| {
            v["notices"].as_array().map_or(0, |n| {
                n.iter().filter(|t| t.to_string().contains("link")).count()
            })
        };
        let before = errors(&read_game(fresh).await?);
        fresh
            .goto(&format!("{base}{bad}"))
            .await
            .ctx(&format!("open {bad}"))?;
        let after = poll(
            &format!("one message for {bad}"),
            REPLY,
            || read_game(fresh),
            |v| errors(v) > before && v["moves"] == shown["moves"],
        )
        .await?;
        let state = read_state(fresh).await?;
        if errors(&after) != before + 1
            || state.squares != 81
            || after["position"] != shown["position"]
        {
            return Err(format!("after the link {bad} the page shows {after}"));
        }
    }
    Ok(shot)
}

/// `text` as a URI component (`encodeURIComponent`): letters, digits and `-_.!~*'()` as they
/// are, every other byte as `%XX`.
fn encode_component(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Players chosen for the next game (applied after a game, before *New game*) leave the game
/// played as "My games" keeps it: its players are the people who played its moves.
pub async fn next_players_leave_my_games(client: &Client) -> Res<()> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    for text in ["b1c3", "a9b7"] {
        let moves = read_state(client).await?.moves;
        crate::board_page::type_into(client, "move-text", &format!("{text}\u{e007}")).await?;
        wait_for(client, &format!("the move {text}"), STEP, |s| {
            s.moves > moves
        })
        .await?;
    }
    let played = |v: &Value| {
        v["kept"][0]
            .as_str()
            .is_some_and(|k| k.contains("human – human") && k.contains("2 plies"))
    };
    poll("the game in My games", STEP, || read_game(client), played).await?;
    choose_players(
        client,
        ("human", ""),
        ("engine:0", "easy"),
        ("movetime", "1"),
    )
    .await?;
    click(client, "#new-game").await?;
    wait_for(client, "the new game", STEP, |s| s.moves == 0).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shown = read_game(client).await?;
    if !played(&shown) {
        return Err(format!(
            "after players chosen for the next game, My games shows {}",
            shown["kept"]
        ));
    }
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await
}

/// Makes the browser refuse every write to storage as a full one does, or lets it write again.
const REFUSE_STORAGE: &str = r#"
if (arguments[0]) {
    window.keptSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function () { throw new DOMException('the quota is used up', 'QuotaExceededError'); };
} else {
    Storage.prototype.setItem = window.keptSetItem;
}
return true;
"#;

/// Storage full: the page says so once, however many moves it could not keep, and plays on.
pub async fn storage_full_is_said_once(client: &Client) -> Res<()> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    client
        .execute(REFUSE_STORAGE, vec![Value::Bool(true)])
        .await
        .ctx("make storage refuse")?;
    let played = async {
        for text in ["b1c3", "a9b7", "c3d5"] {
            let moves = read_state(client).await?.moves;
            crate::board_page::type_into(client, "move-text", &format!("{text}\u{e007}")).await?;
            wait_for(client, &format!("the move {text}"), STEP, |s| {
                s.moves > moves
            })
            .await?;
        }
        read_game(client).await
    }
    .await;
    client
        .execute(REFUSE_STORAGE, vec![Value::Bool(false)])
        .await
        .ctx("let storage write again")?;
    let shown = played?;
    let said = shown["notices"].as_array().map_or(0, |notices| {
        notices
            .iter()
            .filter(|n| n.to_string().contains("cannot be kept in this browser"))
            .count()
    });
    if said != 1 {
        return Err(format!(
            "with storage full the page said so {said} times: {}",
            shown["notices"]
        ));
    }
    Ok(())
}

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
    client
        .execute(READ_LINES, vec![])
        .await
        .ctx("read the move list")
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
    let fits = |v: &Value| v["moves"] == json!(main) && v["lines"] == mended;
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
