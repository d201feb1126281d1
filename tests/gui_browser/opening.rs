//! The page as it opens: ready to play Jeson Mor 9 x 9 (a game not lost from the first move),
//! the person on white against tabula at a middle level, told which side they play and how to
//! move. The board flipped stays flipped over a first move and tabula's answer, and one click
//! on "Swap sides" gives tabula white: it moves at once, and the board turns so that the
//! person's black is at the bottom.
//!
//! The page keeps for this test: `button#swap-sides`, and `#clock-bottom .clock-name`, which
//! names the side drawn at the bottom first.

use crate::board_mends::wait_bottom;
use crate::board_page::{click, select, type_into, wait_for};
use crate::page::save_screenshot;
use crate::processes::api_get;
use crate::{Context, ENGINE_REPLY, Res, STEP};
use fantoccini::Client;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The players form and the side drawn at the bottom, as the page shows them.
const READ_PLAYERS: &str = r#"
const value = (id) => document.getElementById(id).value;
return {
    white: value('white'),
    black: value('black'),
    level_white: value('level-white'),
    level_black: value('level-black'),
    bottom: document.querySelector('#clock-bottom .clock-name').textContent,
};
"#;

/// Waits until the page's players form and board show `white` and `black` (`human` or
/// `engine:0`), with the engine at `medium`, and the person's side at the bottom.
async fn wait_players(client: &Client, white: &str, black: &str) -> Res<Value> {
    let deadline = Instant::now() + STEP;
    let person = if white == "human" { "White" } else { "Black" };
    loop {
        let shown = client
            .execute(READ_PLAYERS, vec![])
            .await
            .ctx("read the players")?;
        let engine_level = if white == "human" {
            &shown["level_black"]
        } else {
            &shown["level_white"]
        };
        if shown["white"] == white
            && shown["black"] == black
            && engine_level == "medium"
            && shown["bottom"].as_str().unwrap_or("").starts_with(person)
        {
            return Ok(shown);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "waited {STEP:?} for white {white}, black {black} (medium), {person} at the \
                 bottom; the page shows {shown}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The size field shows the size of the game chosen, and its default while empty: Jeson Mor's
/// 9x9 (it takes odd sizes only), Joust's 8x8. The field is left at Jeson Mor 9x9, the board's.
async fn size_follows_the_game(client: &Client) -> Res<()> {
    let read = || async move {
        client
            .execute(
                "const size = document.getElementById('size');
                 return [size.value, size.placeholder];",
                vec![],
            )
            .await
            .ctx("read the size field")
    };
    for (game, size) in [("jesonmor", "9x9"), ("joust", "8x8"), ("jesonmor", "9x9")] {
        select(client, "game", game).await?;
        let shown = read().await?;
        if shown[0] != size || shown[1] != size {
            return Err(format!(
                "for {game} the size field shows {shown} (value, placeholder), not {size}"
            ));
        }
    }
    type_into(client, "size", "").await?;
    let shown = read().await?;
    if shown[1] != "9x9" {
        return Err(format!("the empty size field of Jeson Mor shows {shown}"));
    }
    type_into(client, "size", "9x9").await
}

/// The page just opened at `base` is ready to play against tabula, and swaps sides in a click.
pub async fn ready_to_play(client: &Client, base: &str) -> Res<()> {
    wait_players(client, "human", "engine:0").await?;
    let state = crate::board_page::read_state(client).await?;
    let table = state.table.ok_or("the page does not tell its table id")?;
    let served = api_get(base, &format!("/api/tables/{table}"))?;
    let engine = &served["players"]["black"];
    if served["players"]["white"]["kind"] != "human"
        || engine["engine"] != 0
        || engine["level"] != "medium"
    {
        return Err(format!(
            "the page opened with the players {}",
            served["players"]
        ));
    }
    if served["game"] != "jesonmor" || served["width"] != 9 || served["height"] != 9 {
        return Err(format!(
            "the page opened on {} {}x{}, not Jeson Mor 9x9",
            served["game"], served["width"], served["height"]
        ));
    }
    // A newcomer is told which side they play and how to move.
    wait_for(client, "the status to say how to move", STEP, |s| {
        s.status.contains("you play white") && s.status.contains("Click one of your pieces")
    })
    .await?;
    size_follows_the_game(client).await?;
    // Flipped, the board stays so over a move and tabula's answer.
    click(client, "#flip").await?;
    wait_bottom(client, "Black").await?;
    type_into(client, "move-text", "b1c3\u{e007}").await?;
    wait_for(client, "tabula's answer to b1c3", ENGINE_REPLY, |s| {
        s.moves == 2
    })
    .await?;
    wait_bottom(client, "Black").await?;
    click(client, "#flip").await?;
    wait_bottom(client, "White").await?;
    save_screenshot(client, "ready-to-play").await?;
    click(client, "#swap-sides").await?;
    wait_players(client, "engine:0", "human").await?;
    wait_for(client, "tabula's move as white", ENGINE_REPLY, |s| {
        s.moves == 3
    })
    .await?;
    save_screenshot(client, "sides-swapped").await?;
    Ok(())
}
