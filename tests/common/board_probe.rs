//! The board page's "Perfect play" card, checked alike in both homes (`gui_browser` at the
//! server's, `web_board` at the static site's): opened on Joust 5 x 5, it lists every legal
//! move of the start with its value, wins first, the position's value on top; a click on a
//! winning move plays it, and the card follows the board to the next position. At Jeson Mor's
//! start, which no table, solver or short mate proves, every move is listed as unknown.

use std::time::Duration;

use crate::board_page::{PageState, STEP, click, new_game, poll, read_page, wait_for};
use crate::processes::{Context, Res};
use fantoccini::{Client, Locator};
use serde_json::Value;

/// How long a probe may take: the Joust solver, 500,000 nodes a move, in WebAssembly in a Web
/// Worker at the static home.
const PROVING: Duration = Duration::from_secs(30);

/// The card as it shows: whether it is open, its head line, and each move listed (its text,
/// value and class), in order.
const READ_CARD: &str = r#"
const card = document.getElementById('perfect-play');
return {
    open: card.open,
    head: document.getElementById('perfect-play-head').textContent,
    error: document.getElementById('perfect-play-error').textContent,
    moves: Array.from(card.querySelectorAll('#perfect-play-moves button[data-move]')).map((b) => ({
        move: b.dataset.move,
        value: b.querySelector('.value').textContent,
        kind: b.className.replace('probed', '').trim(),
        disabled: b.disabled,
    })),
};
"#;

async fn read_card(client: &Client) -> Res<Value> {
    read_page(client, READ_CARD, "the perfect-play card").await
}

/// Waits until the card shows values for a position whose head line contains `head`.
pub async fn card_shows(client: &Client, what: &str, head: &str) -> Res<Value> {
    poll(
        what,
        PROVING,
        || read_card(client),
        |card| {
            let said = card["head"].as_str().unwrap_or("");
            said.contains(head)
                && !said.contains("Proving")
                && card["moves"].as_array().is_some_and(|m| !m.is_empty())
        },
    )
    .await
}

/// How good a move's class is (best first, as the card must list them) and the word its
/// value begins with.
fn rank(kind: &str) -> Res<(u8, &'static str)> {
    Ok(match kind {
        "win" => (0, "Win"),
        "draw" => (1, "Draw"),
        "loss" => (2, "Loss"),
        "unknown" => (3, "Unknown"),
        other => return Err(format!("a move of class {other:?}")),
    })
}

/// The moves of `card`, checked: every start square of the board `state` begins one, each one
/// begins on such a square, no move twice, listed best first, each value in words fitting its
/// class (`Win`, `Loss in 4`, `Draw`, `Unknown`).
pub fn checked_moves(card: &Value, state: &PageState) -> Res<Vec<(String, String)>> {
    let moves = card["moves"]
        .as_array()
        .ok_or(format!("no moves: {card}"))?;
    let mut listed = Vec::new();
    let mut last = 0;
    for entry in moves {
        let text = entry["move"].as_str().unwrap_or("").to_string();
        let value = entry["value"].as_str().unwrap_or("").to_string();
        let kind = entry["kind"].as_str().unwrap_or("");
        let (this, word) = rank(kind)?;
        if this < last {
            return Err(format!("{text} ({kind}) listed after a worse move: {card}"));
        }
        last = this;
        if !value.starts_with(word) {
            return Err(format!("{text} is {kind} but says {value:?}"));
        }
        if !state
            .movable
            .iter()
            .any(|square| text.starts_with(square.as_str()))
        {
            return Err(format!(
                "{text} starts on no movable square {:?}",
                state.movable
            ));
        }
        if listed.iter().any(|(seen, _)| *seen == text) {
            return Err(format!("{text} is listed twice: {card}"));
        }
        listed.push((text, value));
    }
    for square in &state.movable {
        if !listed
            .iter()
            .any(|(text, _)| text.starts_with(square.as_str()))
        {
            return Err(format!("no move from the movable square {square}: {card}"));
        }
    }
    Ok(listed)
}

/// Opens the card on Joust 5 x 5 (white the person, as the page opens), checks what it lists,
/// plays its first winning move by a click and sees the board and the card follow, then sees
/// Jeson Mor's first moves all unknown; returns a picture of the card at the start of Joust and one
/// of the page on Jeson Mor.
pub async fn perfect_play(client: &Client) -> Res<(Vec<u8>, Vec<u8>)> {
    new_game(client, "joust", "5", 25).await?;
    let state = wait_for(client, "white's start squares", STEP, |s| {
        !s.movable.is_empty()
    })
    .await?;
    click(client, "#perfect-play > summary").await?;
    let card = card_shows(client, "the card's values at the start", "White to move").await?;
    if card["open"] != true || card["error"] != "" {
        return Err(format!("the card is not open, or refused: {card}"));
    }
    let head = card["head"].as_str().unwrap_or("");
    if !head.contains("Win") {
        return Err(format!(
            "Joust 5 x 5 is a proven win for white, the card says {head:?}"
        ));
    }
    let listed = checked_moves(&card, &state)?;
    let (winning, _) = listed
        .iter()
        .find(|(_, value)| value.starts_with("Win"))
        .ok_or(format!("no winning move listed: {card}"))?;
    if listed.iter().all(|(_, value)| value.starts_with("Win")) {
        return Err(format!(
            "every move wins at the start of Joust 5 x 5? {card}"
        ));
    }
    let picture = client
        .find(Locator::Id("perfect-play"))
        .await
        .ctx("find the perfect-play card")?
        .screenshot()
        .await
        .ctx("a picture of the perfect-play card")?;

    let before = state.pieces.clone();
    click(
        client,
        &format!("#perfect-play-moves button[data-move=\"{winning}\"]"),
    )
    .await?;
    wait_for(
        client,
        &format!("{winning} played from the card"),
        STEP,
        |s| s.moves >= 1 && s.pieces != before,
    )
    .await?;
    // The engine answers; the card then shows white's moves of the new position.
    wait_for(client, "the engine's answer", PROVING, |s| s.moves >= 2).await?;
    let card = card_shows(
        client,
        "the card's values after a move each",
        "White to move",
    )
    .await?;
    let state = wait_for(client, "white's start squares", STEP, |s| {
        !s.movable.is_empty()
    })
    .await?;
    checked_moves(&card, &state)?;

    new_game(client, "jesonmor", "9", 81).await?;
    let state = wait_for(client, "white's start squares", STEP, |s| {
        !s.movable.is_empty()
    })
    .await?;
    let card = card_shows(client, "Jeson Mor's moves", "White to move: Unknown").await?;
    let listed = checked_moves(&card, &state)?;
    if listed.iter().any(|(_, value)| value != "Unknown") {
        return Err(format!("a move of Jeson Mor proven? {card}"));
    }
    let page = client.screenshot().await.ctx("a picture of the page")?;
    Ok((picture, page))
}
