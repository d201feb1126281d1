//! What a person notices beside the games: a game set up again when the server restarted, a
//! refused position string that must not stay once the game moves on, a record file of several
//! games to choose from, pressed toggles that must stay readable while the mouse is on them,
//! and a Claustro capture's placements, the square just left among them. Each is checked in the
//! page (most saved as a screenshot).

use crate::board_page::{
    choose_file, click, click_square, new_game, poll, select, set_diamond, type_into,
};
use crate::page::save_screenshot;
use crate::processes::{api_get, screenshot_dir, start_server};
use crate::{Context, Res, STEP};
use fantoccini::Client;
use serde_json::Value;

/// The least contrast ratio of text (WCAG 2's AA level for normal text).
const MIN_CONTRAST: f64 = 4.5;

/// Polls `script` (a function body returning a JSON value) until `ready` holds for its value.
async fn wait_until(
    client: &Client,
    what: &str,
    script: &str,
    ready: impl Fn(&Value) -> bool,
) -> Res<Value> {
    let read = || async move { client.execute(script, vec![]).await.ctx(what) };
    poll(what, STEP, read, ready).await
}

const POSITION_FIELD: &str = r#"
const table = document.body.dataset.table;
return {
    value: document.getElementById('position').value,
    error: document.getElementById('position-error').textContent,
    moves: document.querySelectorAll('#moves .move[data-ply]').length,
    table: table || null,
};
"#;

/// The position field and its error, and the position the server shows.
async fn position_field(client: &Client, base: &str) -> Res<(Value, String)> {
    let field = client
        .execute(POSITION_FIELD, vec![])
        .await
        .ctx("read #position")?;
    let table = field["table"]
        .as_str()
        .ok_or("no table id in body[data-table]")?;
    let served = api_get(base, &format!("/api/tables/{table}"))?;
    Ok((field, served["position"].as_str().unwrap_or("").to_string()))
}

/// Sets a position string the server refuses; returns once its error is shown.
async fn set_refused_position(client: &Client) -> Res<()> {
    type_into(client, "position", "not a position").await?;
    click(client, "#set-position").await?;
    wait_until(
        client,
        "the refused position's error",
        POSITION_FIELD,
        |f| !f["error"].as_str().unwrap_or("").is_empty(),
    )
    .await
    .map(|_| ())
}

/// After a refused *Set*, a move played and a new game both bring the field back to the
/// position shown, without the error.
async fn refused_position_goes(client: &Client, base: &str) -> Res<()> {
    new_game(client, "joust", "8x8", 64).await?;
    set_refused_position(client).await?;
    // A move typed in the move field (the Enter key sends it), and tabula's answer: the page
    // opened against it.
    type_into(client, "move-text", "d4f5\u{e007}").await?;
    wait_until(client, "the move and its answer", POSITION_FIELD, |f| {
        f["moves"] == 2
    })
    .await?;
    let (field, served) = position_field(client, base).await?;
    if field["error"] != "" || field["value"] != served.as_str() {
        return Err(format!(
            "after a move the position field shows {field} (the server: {served:?})"
        ));
    }
    set_refused_position(client).await?;
    save_screenshot(client, "position-refused").await?;
    new_game(client, "jesonmor", "9x9", 81).await?;
    let (field, served) = position_field(client, base).await?;
    if field["error"] != "" || field["value"] != served.as_str() {
        return Err(format!(
            "after New game the position field shows {field} (the server: {served:?})"
        ));
    }
    Ok(())
}

/// A record file of two games offers both; the second is loaded when chosen, its opening's
/// move shown as a book move and its players named as the record names them.
async fn record_of_two_games(client: &Client, base: &str) -> Res<()> {
    let file = screenshot_dir().join("two-games.txt");
    let games = "[Game \"joust\"]\n[White \"first\"]\n[Black \"engine\"]\n[Result \"*\"]\n\n\
                 1. d4f5 *\n\n[Game \"jesonmor\"]\n[Size \"5x5\"]\n[White \"second\"]\n\
                 [Black \"engine\"]\n[Opening \"startpos moves a1b3\"]\n[Result \"*\"]\n\n\
                 1... a5c4 *\n";
    std::fs::write(&file, games).ctx(&format!("write {}", file.display()))?;
    choose_file(client, &file).await?;
    let choice = r#"
        const box = document.getElementById('record-choice');
        return { shown: !box.hidden, options: Array.from(document.querySelectorAll('#record-game option')).map((o) => o.textContent) };
    "#;
    let offered = wait_until(client, "the choice of games", choice, |c| {
        c["shown"] == true && c["options"].as_array().map(Vec::len) == Some(2)
    })
    .await?;
    if !offered["options"][1]
        .as_str()
        .unwrap_or("")
        .contains("second")
    {
        return Err(format!(
            "the second game is offered as {}",
            offered["options"][1]
        ));
    }
    save_screenshot(client, "record-choice").await?;
    select(client, "record-game", "2").await?;
    click(client, "#load-game").await?;
    wait_until(
        client,
        "the second game to be loaded",
        POSITION_FIELD,
        |f| f["moves"] == 2,
    )
    .await?;
    let shown = r#"
        return {
            book: Array.from(document.querySelectorAll('#moves .move[data-book]')).map((m) => m.textContent),
            names: Array.from(document.querySelectorAll('.clock-name')).map((c) => c.textContent),
        };
    "#;
    let page = client
        .execute(shown, vec![])
        .await
        .ctx("read the record's game")?;
    let names = page["names"].to_string();
    if page["book"] != serde_json::json!(["a1b3"]) || !names.contains("White · second") {
        return Err(format!(
            "the loaded game shows the book moves {} and the players {names}",
            page["book"]
        ));
    }
    save_screenshot(client, "record-loaded").await?;
    let (field, _) = position_field(client, base).await?;
    let table = field["table"].as_str().unwrap_or("");
    let served = api_get(base, &format!("/api/tables/{table}"))?;
    if served["game"] != "jesonmor" || served["moves"][0] != "a1b3" {
        return Err(format!(
            "the page loaded {} {}",
            served["game"], served["moves"]
        ));
    }
    Ok(())
}

/// The contrast ratio of the text of `selector` on its background, as shown now.
async fn contrast(client: &Client, selector: &str) -> Res<f64> {
    let script = r#"
        const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
        const el = document.querySelector(arguments[0]);
        let back = el, bg = [0, 0, 0, 0];
        while (back) {
            bg = rgb(getComputedStyle(back).backgroundColor);
            if (bg.length === 3 || bg[3] > 0) break;
            back = back.parentElement;
        }
        const fg = rgb(getComputedStyle(el).color);
        const lum = (c) => {
            const [r, g, b] = c.slice(0, 3).map((v) => {
                v /= 255;
                return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05);
    "#;
    let ratio = client
        .execute(script, vec![Value::from(selector)])
        .await
        .ctx(&format!("the contrast of {selector}"))?;
    ratio
        .as_f64()
        .ok_or_else(|| format!("no contrast for {selector}: {ratio}"))
}

/// A toggle just pressed (the mouse still on it) is readable.
async fn pressed_is_readable(client: &Client, selector: &str, shot: &str) -> Res<()> {
    let ratio = contrast(client, selector).await?;
    save_screenshot(client, shot).await?;
    if ratio < MIN_CONTRAST {
        return Err(format!(
            "the pressed {selector} has a contrast of {ratio:.2} (at least {MIN_CONTRAST})"
        ));
    }
    Ok(())
}

/// A server started here, killed when dropped.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

const PAGE_HEALTH: &str = r#"
return {
    squares: document.querySelectorAll('#board .square').length,
    moves: document.querySelectorAll('#moves .move[data-ply]').length,
    offline: document.body.classList.contains('offline'),
    status: document.getElementById('status').textContent,
    table: document.body.dataset.table,
    notices: Array.from(document.querySelectorAll('#notices li')).map((li) => li.textContent),
};
"#;

/// Beyond loopback the page works from the address with the token, and afterwards from the
/// plain address too (the token kept as a cookie): it is drawn, its event socket is open, and
/// a move is played.
async fn page_with_token(client: &Client) -> Res<()> {
    let (server, printed) = start_server(&["--host", "0.0.0.0"])?;
    let _server = Server(server);
    let address = printed.replace("//0.0.0.0:", "//127.0.0.1:");
    let plain = address
        .split_once('?')
        .map(|(plain, _)| plain.to_string())
        .ok_or_else(|| format!("no token in the printed address {printed}"))?;
    for (url, shot) in [
        (address.as_str(), "token-address"),
        (plain.as_str(), "token-kept"),
    ] {
        client.goto(url).await.ctx(&format!("open {url}"))?;
        // The plain address is the same page: it goes on with the game it kept (the move and
        // tabula's answer), which is taken back.
        let kept = if shot == "token-kept" { 2 } else { 0 };
        wait_until(client, &format!("the page of {url}"), PAGE_HEALTH, |page| {
            page["squares"] == 81 && page["offline"] == false && page["moves"] == kept
        })
        .await?;
        if kept > 0 {
            click(client, "#undo").await?;
            wait_until(client, "the kept game taken back", PAGE_HEALTH, |page| {
                page["moves"] == 0
            })
            .await?;
        }
        // The move, and tabula's answer: the page opens against it, in Jeson Mor 9 x 9.
        type_into(client, "move-text", "b1c3\u{e007}").await?;
        wait_until(client, &format!("a move on {url}"), PAGE_HEALTH, |page| {
            page["moves"] == 2 && page["offline"] == false
        })
        .await?;
        save_screenshot(client, shot).await?;
    }
    Ok(())
}

/// A server restarted on the same port has forgotten the page's table: the page sets its game
/// up again on a new table, moves and all, and says so.
async fn game_set_up_again(client: &Client) -> Res<()> {
    let (server, base) = start_server(&[])?;
    // The port the system gave the first server, asked of the second by `--port`.
    let port = base
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap_or("")
        .to_string();
    let server = Server(server);
    client.goto(&base).await.ctx(&format!("open {base}"))?;
    wait_until(client, "the page", PAGE_HEALTH, |page| {
        page["squares"] == 81 && page["offline"] == false && page["moves"] == 0
    })
    .await?;
    type_into(client, "move-text", "b1c3\u{e007}").await?;
    let before = wait_until(client, "a move and its answer", PAGE_HEALTH, |page| {
        page["moves"] == 2
    })
    .await?;
    let old = before["table"].as_str().unwrap_or("").to_string();
    let moves = api_get(&base, &format!("/api/tables/{old}"))?["moves"].clone();
    drop(server);
    let (again, _) = start_server(&["--port", &port])?;
    let _again = Server(again);
    // The page finds the server gone, tries again every 3 s, then finds its table gone.
    let read = || async move {
        client
            .execute(PAGE_HEALTH, vec![])
            .await
            .ctx("read the page")
    };
    let after = poll("the game set up again", 4 * STEP, read, |page| {
        page["table"] != old.as_str()
            && page["offline"] == false
            && page["notices"].to_string().contains("set up again")
    })
    .await?;
    let table = after["table"].as_str().unwrap_or("");
    let served = api_get(&base, &format!("/api/tables/{table}"))?;
    if served["moves"] != moves || after["moves"] != 2 {
        return Err(format!(
            "after the restart the server's table has {} (before: {moves}); the page shows {after}",
            served["moves"]
        ));
    }
    Ok(())
}

/// The targets drawn: the squares marked `target`, and how many dots and rings.
const TARGETS: &str = r#"
return {
    squares: Array.from(document.querySelectorAll('rect.square.target')).map((r) => r.dataset.square).sort(),
    dots: document.querySelectorAll('circle.target-dot').length,
    rings: document.querySelectorAll('circle.target-ring').length,
    moves: document.querySelectorAll('#moves .move[data-ply]').length,
};
"#;

/// The marks drawn on the board's squares, by square: `{square: kind}`.
const MARKS: &str = r#"
const kinds = ['centre', 'goal-white', 'goal-black', 'corner', 'burned'];
const marks = {};
for (const r of document.querySelectorAll('rect.square')) {
    const kind = kinds.find((k) => r.classList.contains(k));
    if (kind) marks[r.dataset.square] = kind;
}
return marks;
"#;

/// The squares rules.md marks on a new board of `game` are drawn marked, and no other: Claustro
/// 5 x 5's goals (white's `e5`, black's `a1`) and neutral corners (`e1`, `a5`), pieces on them or
/// not; Jeson Mor 9 x 9's centre `e5`.
async fn marks_are_the_rules(client: &Client, game: &str, want: Value) -> Res<()> {
    wait_until(client, &format!("{game}'s marks"), MARKS, |shown| {
        *shown == want
    })
    .await
    .map(drop)
}

/// docs/rules.md's example of a Claustro capture: white `a2 b2`, black `c3 e4`; after `b2` and
/// `c3` are clicked, the captured pawn may go on any of the 18 empty squares that are not
/// corners, `b2` (just left) among them, each shown by a dot (none is occupied); clicking `b2`
/// plays `b2c3b2`.
async fn capture_puts_back_where_it_left(client: &Client) -> Res<()> {
    crate::board_mends::choose_players(client, ("human", ""), ("human", ""), ("movetime", "1"))
        .await?;
    type_into(client, "position", "5/4p/2p2/PP3/5 w 0 1").await?;
    click(client, "#set-position").await?;
    wait_until(
        client,
        "the example's position",
        "return document.querySelectorAll('g.piece').length;",
        |n| n == 4,
    )
    .await?;
    click_square(client, "b2").await?;
    click_square(client, "c3").await?;
    let corners = ["a1", "e1", "a5", "e5"];
    let taken = ["a2", "c3", "e4"];
    let mut empty: Vec<String> = (b'a'..=b'e')
        .flat_map(|file| (1..=5).map(move |rank| format!("{}{rank}", file as char)))
        .filter(|square| !corners.contains(&square.as_str()) && !taken.contains(&square.as_str()))
        .collect();
    empty.sort();
    let want = serde_json::json!({"squares": empty, "dots": 18, "rings": 0, "moves": 0});
    wait_until(client, "the placements of b2c3", TARGETS, |shown| {
        *shown == want
    })
    .await?;
    click_square(client, "b2").await?;
    wait_until(client, "b2c3b2 played", TARGETS, |shown| {
        shown["moves"] == 1
    })
    .await
    .map(drop)
}

pub async fn check_page_details(client: &Client, base: &str) -> Res<()> {
    game_set_up_again(client).await?;
    page_with_token(client).await?;
    client.goto(base).await.ctx(&format!("open {base}"))?;
    wait_until(client, "the board to be drawn", PAGE_HEALTH, |page| {
        page["squares"] != 0
    })
    .await?;
    // The page went on with the game it kept (tabula white since the sides were swapped): the
    // person takes white again.
    crate::board_mends::choose_players(
        client,
        ("human", ""),
        ("engine:0", "medium"),
        ("movetime", "1"),
    )
    .await?;
    refused_position_goes(client, base).await?;
    record_of_two_games(client, base).await?;
    new_game(client, "claustro", "5x5", 25).await?;
    let goals =
        serde_json::json!({"e5": "goal-white", "a1": "goal-black", "e1": "corner", "a5": "corner"});
    marks_are_the_rules(client, "claustro", goals).await?;
    capture_puts_back_where_it_left(client).await?;
    new_game(client, "claustro", "5x5", 25).await?;
    click(client, "#analyse").await?;
    wait_until(
        client,
        "analysis to be on",
        "return document.getElementById('analyse').getAttribute('aria-pressed');",
        |pressed| pressed == "true",
    )
    .await?;
    pressed_is_readable(client, "#analyse", "analysis-pressed").await?;
    click(client, "#analyse").await?;
    set_diamond(client, true).await?;
    pressed_is_readable(client, "#diamond", "diamond-pressed").await?;
    set_diamond(client, false).await?;
    new_game(client, "jesonmor", "9", 81).await?;
    marks_are_the_rules(client, "jesonmor", serde_json::json!({"e5": "centre"})).await
}
