//! The board page (`src/interfaces/gui/assets/`) as the browser tests see it, in both its
//! homes (`gui_browser`: served by `tabula gui`; `web_board`: the static site): its state read
//! in one script call, clicks, choices and typing as a person makes them, a person's move
//! played by clicks, and the record the page downloads read back.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::processes::{Context, Res, strings};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// Control-A, then every modifier key released (WebDriver's key codes).
const SELECT_ALL: &str = "\u{e009}a\u{e000}";

/// How long the page may take to react to one click or one answer of its tables.
pub const STEP: Duration = Duration::from_secs(5);

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
// The table id, which the page tells as body[data-table].
const table = document.body.dataset.table || null;
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

/// What the page script `script` returns (its `return` value as JSON); `what` names it in an
/// error.
pub async fn read_page(client: &Client, script: &str, what: &str) -> Res<Value> {
    client
        .execute(script, vec![])
        .await
        .ctx(&format!("read {what}"))
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

/// Types `text` into the field `id` in place of what it held, as a person selecting it all
/// does (WebDriver's clear leaves the field, and a field that shows the board, `#position`, is
/// then filled again).
pub async fn type_into(client: &Client, id: &str, text: &str) -> Res<()> {
    let input = find_id(client, id, &format!("input#{id}")).await?;
    input.clear().await.ctx(&format!("clear input#{id}"))?;
    input
        .send_keys(&format!("{SELECT_ALL}{text}"))
        .await
        .ctx(&format!("type {text:?} into input#{id}"))
}

/// Chooses the game and size and clicks "New game"; returns once the page shows the empty
/// board of that size with no moves.
pub async fn new_game(client: &Client, game: &str, size: &str, squares: usize) -> Res<PageState> {
    select(client, "game", game).await?;
    type_into(client, "size", size).await?;
    click(client, "#new-game").await?;
    let shown = wait_for(
        client,
        &format!("a new {game} {size} board ({squares} squares, no moves)"),
        STEP,
        |s| s.squares == squares && s.moves == 0 && s.result.is_none(),
    )
    .await;
    if shown.is_err() {
        let said = client
            .execute(
                "return [document.getElementById('new-game-error').textContent, \
                 document.getElementById('notices').textContent]",
                vec![],
            )
            .await
            .ctx("read the new game's error")?;
        return shown.map_err(|e| format!("{e}\nthe page said {said}"));
    }
    shown
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

/// A small fixed-seed generator (SplitMix64), so that a failing game can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// The human's turn is ready to be played: the page offers start squares (each under a white
/// piece), or a pass, and no move is being entered; or the game is over.
pub fn human_can_move(s: &PageState) -> bool {
    s.result.is_some()
        || s.pass
        || (!s.movable.is_empty()
            && s.targets.is_empty()
            && s.picked.is_empty()
            && !s.end_turn
            && s.movable.iter().all(|sq| s.white_pieces.contains(sq)))
}

/// Plays one move for white by clicks: a movable square, then target squares (or "End turn",
/// chosen at random with the targets) until the page sends the move. Returns the squares clicked,
/// and `(End turn)` after them when the move was ended with that button.
pub async fn play_human_move(
    client: &Client,
    rng: &mut Rng,
    before: &PageState,
) -> Res<Vec<String>> {
    let moves_before = before.moves;
    if before.pass {
        click(client, "#pass").await?;
        wait_for(client, "the pass to be played", STEP, |s| {
            s.moves > moves_before || s.result.is_some()
        })
        .await?;
        return Ok(vec!["0000".to_string()]);
    }
    let start = rng.pick(&before.movable).clone();
    click_square(client, &start).await?;
    let mut path = vec![start];
    loop {
        if path.len() > 64 {
            return Err(format!(
                "the move entry did not end after clicking {path:?}"
            ));
        }
        let last = path.last().cloned().unwrap_or_default();
        // The page has sent the move, or it shows the path so far as picked and offers the next
        // squares (or "End turn").
        let entered = |s: &PageState| {
            s.picked.len() == path.len()
                && s.picked.contains(&last)
                && (!s.targets.is_empty() || s.end_turn)
        };
        let state = wait_for(
            client,
            &format!("the page to take the click on {last} (path {path:?})"),
            STEP,
            |s| s.moves > moves_before || s.result.is_some() || entered(s),
        )
        .await?;
        if state.moves > moves_before || state.result.is_some() {
            return Ok(path);
        }
        let mut choices: Vec<Option<String>> = state.targets.iter().cloned().map(Some).collect();
        if state.end_turn {
            choices.push(None);
        }
        match rng.pick(&choices).clone() {
            Some(square) => {
                click_square(client, &square).await?;
                path.push(square);
            }
            None => {
                click(client, "#end-turn").await?;
                let state = wait_for(
                    client,
                    &format!("the move {path:?} to be sent after #end-turn"),
                    STEP,
                    |s| s.moves > moves_before || s.result.is_some(),
                )
                .await?;
                if state.moves <= moves_before && state.result.is_none() {
                    return Err(format!("#end-turn did not send {path:?}"));
                }
                path.push("(End turn)".to_string());
                return Ok(path);
            }
        }
    }
}

/// The moves of a record's movetext, each with its comments.
pub fn moves_with_comments(movetext: &str) -> Vec<(String, Vec<String>)> {
    let mut moves: Vec<(String, Vec<String>)> = Vec::new();
    let mut rest = movetext;
    while !rest.is_empty() {
        match rest.split_once('{') {
            Some((before, after)) => {
                push_moves(&mut moves, before);
                let (comment, next) = after.split_once('}').unwrap_or((after, ""));
                if let Some(last) = moves.last_mut() {
                    last.1.push(comment.to_string());
                }
                rest = next;
            }
            None => {
                push_moves(&mut moves, rest);
                rest = "";
            }
        }
    }
    moves
}

fn push_moves(moves: &mut Vec<(String, Vec<String>)>, text: &str) {
    for word in text.split_whitespace() {
        let is_number = word
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit());
        if !is_number && !["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            moves.push((word.to_string(), Vec::new()));
        }
    }
}

/// Catches the file the page saves: the Blob it makes and the name of the link it clicks.
const CATCH_DOWNLOAD: &str = r#"
const create = URL.createObjectURL;
const click = HTMLAnchorElement.prototype.click;
window.saved = null;
URL.createObjectURL = (blob) => { window.savedBlob = blob; return create.call(URL, blob); };
HTMLAnchorElement.prototype.click = function () {
    if (!this.href.startsWith('blob:')) return click.call(this);
    URL.createObjectURL = create;
    HTMLAnchorElement.prototype.click = click;
    window.savedBlob.text().then((text) => { window.saved = { name: this.download, text }; });
};
"#;

/// Clicks the page's download link and returns the file it saves: its name and text.
pub async fn download(client: &Client) -> Res<(String, String)> {
    download_by(client, "#download").await
}

/// Clicks the element `selector` finds and returns the file the page saves: its name and text.
pub async fn download_by(client: &Client, selector: &str) -> Res<(String, String)> {
    client
        .execute(CATCH_DOWNLOAD, vec![])
        .await
        .ctx("catch the download")?;
    click(client, selector).await?;
    let read = || async move {
        client
            .execute("return window.saved", vec![])
            .await
            .ctx("read the saved file")
    };
    let saved = poll("the record to be saved", STEP, read, |v| !v.is_null()).await?;
    let field = |key: &str| saved[key].as_str().unwrap_or("").to_string();
    Ok((field("name"), field("text")))
}

/// The value of the tag `name` of a record (`[White "Human"]`).
pub fn record_tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    record.lines().find_map(|line| {
        line.strip_prefix(&format!("[{name} \""))
            .and_then(|rest| rest.strip_suffix("\"]"))
    })
}

/// Checks that the page's footer shows the version and commit `tabula --version` says (the
/// binary and the page built from one commit).
pub async fn shows_the_version(client: &Client) -> Res<()> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("--version")
        .output()
        .ctx("run tabula --version")?;
    let expected = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let shown = client
            .execute(
                "return document.getElementById('version').textContent;",
                vec![],
            )
            .await
            .ctx("read the page's footer")?;
        if shown.as_str() == Some(expected.as_str()) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("the footer says {shown}, not {expected:?}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What the native binary answers to `lines`, one protocol session, line by line.
pub fn native(lines: &[String]) -> Res<Vec<String>> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ctx("start tabula")?;
    let mut input = child.stdin.take().ok_or("tabula has no stdin")?;
    input
        .write_all(format!("{}\nquit\n", lines.join("\n")).as_bytes())
        .ctx("write to tabula")?;
    drop(input);
    let output = child.wait_with_output().ctx("read tabula's answers")?;
    let answers: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    match answers.iter().find(|l| l.starts_with("info string error")) {
        Some(error) => Err(format!("tabula refused {lines:?}: {error}")),
        None => Ok(answers),
    }
}

/// Chooses `file` in the page's *Load record* field.
pub async fn choose_file(client: &Client, file: &std::path::Path) -> Res<()> {
    find_id(client, "load-record", "#load-record")
        .await?
        .send_keys(&file.display().to_string())
        .await
        .ctx(&format!("choose {}", file.display()))
}
