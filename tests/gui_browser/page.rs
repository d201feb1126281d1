//! The page as the browser test sees it: its state read in one script call, and clicks,
//! choices and typing as a person makes them.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::processes::{api_get, screenshot_dir, strings};
use crate::{Context, ELO_POINT, GameSpec, Res, STEP};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// What the page shows, read in one script call (reading each element through WebDriver would
/// take a round trip per attribute).
#[derive(Debug, Clone, PartialEq)]
pub struct PageState {
    pub squares: usize,
    pub movable: Vec<String>,
    pub targets: Vec<String>,
    pub picked: Vec<String>,
    /// The squares with a white (upper-case) piece on them.
    pub white_pieces: Vec<String>,
    /// Every piece drawn, as `e4=N`.
    pub pieces: Vec<String>,
    pub moves: usize,
    pub result: Option<String>,
    pub end_turn: bool,
    pub pass: bool,
    pub status: String,
    /// `#engines-status`, where the page has one (not in the contract).
    pub engines: String,
    pub table: Option<String>,
}

pub const READ_STATE: &str = r#"
const all = (s) => Array.from(document.querySelectorAll(s));
const shown = (el) => !!el && !el.hidden && !el.disabled && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
const byId = (id) => document.getElementById(id);
const result = byId('result');
// The table id: a data-table attribute if the page sets one, else the address of the record
// download link or of a request the page made to /api/tables/{id}/...
let table = document.body.dataset.table || null;
const download = byId('download');
if (!table && download) {
    const m = /\/api\/tables\/([^\/?#]+)/.exec(download.getAttribute('href') || '');
    if (m) table = decodeURIComponent(m[1]);
}
if (!table) {
    for (const entry of performance.getEntriesByType('resource')) {
        const m = /\/api\/tables\/([^\/?#]+)/.exec(entry.name);
        if (m) table = decodeURIComponent(m[1]);
    }
}
return {
    squares: all('#board .square').length,
    movable: all('#board .square.movable').map((e) => e.dataset.square),
    targets: all('#board .square.target').map((e) => e.dataset.square),
    picked: all('#board .square.picked').map((e) => e.dataset.square),
    white_pieces: all('#board .piece').filter((e) => /^[A-Z]$/.test(e.dataset.piece || ''))
        .map((e) => e.dataset.square),
    pieces: all('#board .piece').map((e) => `${e.dataset.square}=${e.dataset.piece}`),
    moves: all('#moves .move[data-ply]').length,
    result: shown(result) ? result.textContent.trim() : null,
    end_turn: shown(byId('end-turn')),
    pass: shown(byId('pass')),
    status: (byId('status') || {}).textContent || '',
    engines: (byId('engines-status') || {}).textContent || '',
    table: table,
};
"#;

pub async fn read_state(client: &Client) -> Res<PageState> {
    let value = client
        .execute(READ_STATE, vec![])
        .await
        .ctx("read the page")?;
    Ok(PageState {
        squares: value["squares"].as_u64().unwrap_or(0) as usize,
        movable: strings(&value, "movable"),
        targets: strings(&value, "targets"),
        picked: strings(&value, "picked"),
        white_pieces: strings(&value, "white_pieces"),
        pieces: strings(&value, "pieces"),
        moves: value["moves"].as_u64().unwrap_or(0) as usize,
        result: value["result"].as_str().map(str::to_string),
        end_turn: value["end_turn"].as_bool().unwrap_or(false),
        pass: value["pass"].as_bool().unwrap_or(false),
        status: value["status"].as_str().unwrap_or("").trim().to_string(),
        engines: value["engines"].as_str().unwrap_or("").trim().to_string(),
        table: value["table"].as_str().map(str::to_string),
    })
}

/// Polls the page until `ready` holds; a timeout error names what was awaited and the last state.
pub async fn wait_for(
    client: &Client,
    what: &str,
    timeout: Duration,
    ready: impl Fn(&PageState) -> bool,
) -> Res<PageState> {
    poll(what, timeout, || read_state(client), ready).await
}

/// What a poll of the page read, as a timeout error shows it.
pub trait Shown {
    fn shown(&self) -> String;
}

impl Shown for PageState {
    fn shown(&self) -> String {
        format!("{self:#?}")
    }
}

impl Shown for Value {
    fn shown(&self) -> String {
        self.to_string()
    }
}

/// Reads the page with `read` every 20 ms until `ready` holds for what it read; a timeout error
/// names what was awaited and the last reading.
pub async fn poll<T: Shown, F: Future<Output = Res<T>>>(
    what: &str,
    timeout: Duration,
    mut read: impl FnMut() -> F,
    ready: impl Fn(&T) -> bool,
) -> Res<T> {
    let deadline = Instant::now() + timeout;
    loop {
        let reading = read().await?;
        if ready(&reading) {
            return Ok(reading);
        }
        if Instant::now() > deadline {
            let shown = reading.shown();
            return Err(format!(
                "waited {timeout:?} for {what}; the page shows {shown}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Clicks the element `selector` finds. The page redraws the whole board on every change, so
/// the element found may be replaced before the click lands: then it is found again.
pub async fn click(client: &Client, selector: &str) -> Res<()> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let element = client
            .find(Locator::Css(selector))
            .await
            .ctx(&format!("find {selector}"))?;
        match element.click().await {
            Ok(()) => return Ok(()),
            Err(e) if attempt < 5 && e.to_string().contains("stale element") => {}
            Err(e) => return Err(format!("click {selector}: {e}")),
        }
    }
}

pub async fn click_square(client: &Client, square: &str) -> Res<()> {
    click(
        client,
        &format!("#board rect.square[data-square=\"{square}\"]"),
    )
    .await
}

/// The element with id `id` (`what` names it in an error).
pub async fn find_id(client: &Client, id: &str, what: &str) -> Res<Element> {
    client
        .find(Locator::Id(id))
        .await
        .ctx(&format!("find {what}"))
}

pub async fn select(client: &Client, id: &str, value: &str) -> Res<()> {
    find_id(client, id, &format!("select#{id}"))
        .await?
        .select_by_value(value)
        .await
        .ctx(&format!("choose {value:?} in select#{id}"))
}

pub async fn type_into(client: &Client, id: &str, text: &str) -> Res<()> {
    let input = find_id(client, id, &format!("input#{id}")).await?;
    input.clear().await.ctx(&format!("clear input#{id}"))?;
    input
        .send_keys(text)
        .await
        .ctx(&format!("type {text:?} into input#{id}"))
}

pub async fn save_screenshot(client: &Client, name: &str) -> Res<PathBuf> {
    let png = client.screenshot().await.ctx("take a screenshot")?;
    save_png(name, png)
}

/// Writes `png` as `name.png` into the screenshot directory.
pub fn save_png(name: &str, png: Vec<u8>) -> Res<PathBuf> {
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).ctx(&format!("create {}", dir.display()))?;
    let path = dir.join(format!("{name}.png"));
    std::fs::write(&path, png).ctx(&format!("write {}", path.display()))?;
    Ok(path)
}

/// Chooses the game and size and clicks "New game"; returns once the page shows the empty
/// board of that size with no moves.
pub async fn new_game(client: &Client, game: &str, size: &str, squares: usize) -> Res<PageState> {
    select(client, "game", game).await?;
    type_into(client, "size", size).await?;
    click(client, "#new-game").await?;
    wait_for(
        client,
        &format!("a new {game} {size} board ({squares} squares, no moves)"),
        STEP,
        |s| s.squares == squares && s.moves == 0 && s.result.is_none(),
    )
    .await
}

/// Turns the page's Claustro diamond view (`#diamond`, `aria-pressed`) on or off.
pub async fn set_diamond(client: &Client, on: bool) -> Res<()> {
    let button = find_id(
        client,
        "diamond",
        "button#diamond (Claustro drawn as a diamond)",
    )
    .await?;
    let pressed = button.attr("aria-pressed").await.ctx("read #diamond")?;
    if (pressed.as_deref() == Some("true")) != on {
        click(client, "#diamond").await?;
    }
    let pressed = button.attr("aria-pressed").await.ctx("read #diamond")?;
    if (pressed.as_deref() == Some("true")) != on {
        return Err(format!(
            "#diamond has aria-pressed {pressed:?} after a click to turn it {}",
            if on { "on" } else { "off" }
        ));
    }
    Ok(())
}

/// White human, black the engine 0 at the game's level (or an Elo point picked from the list)
/// and limit; the engine's name in the game's record.
pub async fn set_players(client: &Client, base: &str, table: &str, spec: &GameSpec) -> Res<String> {
    select(client, "white", "human").await?;
    select(client, "black", "engine:0").await?;
    let (level, elo, black) = if spec.level == ELO_POINT {
        let (value, elo) = crate::levels::pick_elo_point(client, base, spec.game).await?;
        (value, Value::from(elo), format!("tabula ({elo} Elo)"))
    } else {
        select(client, "level-black", spec.level).await?;
        let level = spec.level.to_string();
        (
            level.clone(),
            Value::Null,
            format!("tabula (level {level})"),
        )
    };
    select(client, "limit-kind", spec.limit_kind).await?;
    type_into(client, "limit-value", spec.limit_value).await?;
    click(client, "#apply-players").await?;
    // The server must have taken them before the first move.
    let deadline = Instant::now() + STEP;
    loop {
        let t = api_get(base, &format!("/api/tables/{table}"))?;
        let players = &t["players"];
        let engine = &players["black"];
        let chosen = if elo.is_null() {
            engine["level"] == level.as_str() && engine["elo"].is_null()
        } else {
            engine["level"].is_null() && engine["elo"] == elo
        };
        if players["white"]["kind"] == "human"
            && engine["kind"] == "engine"
            && chosen
            && t["limit"]["kind"] == spec.limit_kind
        {
            return Ok(black);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "after #apply-players with {level} the server still has players {players} and \
                 limit {}",
                t["limit"]
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
