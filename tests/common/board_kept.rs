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
    Rng, STEP, click, download, download_by, human_can_move, native, new_game, play_human_move,
    poll, read_state, wait_for,
};
use crate::processes::{Context, Res, connect};
use fantoccini::Client;
use serde_json::Value;

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
