//! The real-browser test of the board page at its static home: the site `scripts/web.sh` builds
//! into `target/web/`, served by a plain static server (`python3 -m http.server`), its table and
//! engines tabula as WebAssembly in the tab (`local-table.js`, engine and review Workers). It
//! is the page `tabula gui` serves (`src/interfaces/gui/assets/`), driven as `gui_browser`
//! drives it there (`tests/common/board_page.rs`).
//!
//! In each game a person (the test, clicking squares) plays white against tabula at `easy`;
//! every move of the game the page lists must be legal by the native binary's own list
//! (`moves`) and the board must be the binary's (`d`'s position string). Then a review at the
//! quick depth must draw its graph (a point per position), mark in the move list what its
//! dots mark, and write its judgement into the record downloaded (through the page's link, as
//! a file), whose players, moves and comments are checked and which `tabula review` reads back.
//! The record file is loaded back through the page, which shows its moves and players. A
//! refused position string and a record file that is no record each bring one message and
//! leave the board as it was. Each position reached is analysed: lines of legal moves, the time
//! counted, the engine ready again once analysis is off. Last, a person who does not move on a
//! clock of 1.2 s loses on time, and two people on one board see a fault in the module (a
//! panic traps it) end with the module loaded again and their game set up again. No console
//! message may appear and no request may leave the site.
//! What needs a server is not offered (no engine but tabula, no connection banner).
//! Screenshots of the reviewed games are saved as `target/web-screenshots/board-<game>.png`
//! (docs/web-<game>.png).
//!
//! It needs chromium and chromium-driver and the site built, so it is ignored by a plain
//! `cargo test`; `.ci/run` builds the site and runs it with
//! `cargo test --test web_board -- --ignored`.

#[allow(dead_code)]
#[path = "common/board_kept.rs"]
mod board_kept;
#[path = "common/board_lines.rs"]
mod board_lines;
#[allow(dead_code)]
#[path = "common/board_mends.rs"]
mod board_mends;
#[allow(dead_code)]
#[path = "common/board_page.rs"]
mod board_page;
#[path = "common/board_probe.rs"]
mod board_probe;
#[path = "common/board_store.rs"]
mod board_store;
#[path = "common/site_update.rs"]
mod site_update;
#[allow(dead_code)]
#[path = "common/static_site.rs"]
mod static_site;

use board_page::{
    PageState, Rng, STEP, choose_file, click, download, human_can_move, moves_with_comments,
    native, new_game, play_human_move, poll, read_state, record_tag, select, shows_the_version,
    type_into, wait_for,
};
use fantoccini::Client;
use serde_json::Value;
use static_site::processes::{self, Context, Res, strings};
use static_site::{CONTROLLED, GAMES, Site, in_site, only_own_origin, target_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The person's moves in each game (each answered by the engine).
const PERSON_MOVES: usize = 4;
/// How long the engine may take for one reply (its limit is 50 ms; a Worker may be starting).
const ENGINE_REPLY: Duration = Duration::from_secs(20);
/// How long a review at depth 4 of a short game may take.
const REVIEW: Duration = Duration::from_secs(60);

/// The page's moves, as the move list writes them (without a review's mark).
const READ_MOVES: &str = r#"
return {moves: Array.from(document.querySelectorAll('#moves .move[data-ply]'))
    .map((m) => m.firstChild.nodeValue)};
"#;

/// The analysis shown: the button, its figures, the first move of each line, the engine.
const READ_ANALYSIS: &str = r#"
return {
    pressed: document.getElementById('analyse').getAttribute('aria-pressed'),
    stats: (document.querySelector('#engine-output .stats') || {}).textContent || '',
    firsts: Array.from(document.querySelectorAll('#engine-output .lines .pv'))
        .map((pv) => pv.textContent.split(' ')[0]),
    engines: document.getElementById('engines-status').textContent,
};
"#;

const READ_REVIEW: &str = r#"
const graph = document.getElementById('review-graph');
const curve = graph.querySelector('polyline.curve');
const progress = document.getElementById('review-progress');
return {
    status: progress.hidden ? null : (progress.dataset.status || null),
    points: curve ? Number(curve.dataset.points) : 0,
    dots: Array.from(graph.querySelectorAll('circle.dot')).map((d) => Number(d.dataset.ply)),
    marks: Array.from(document.querySelectorAll('#moves .move[data-mark]'))
        .map((m) => [Number(m.dataset.ply), m.dataset.mark]),
    summary_rows: document.querySelectorAll('#review-summary tbody tr').length,
};
"#;

/// What an error element and the board show, to see that bad input changed nothing.
const READ_ERRORS: &str = r#"
return {
    position_error: document.getElementById('position-error').textContent,
    record_error: document.getElementById('record-error').textContent,
    notices: document.querySelectorAll('#notices li').length,
    position: document.getElementById('position').value,
};
"#;

async fn read(client: &Client, script: &str, what: &str) -> Res<Value> {
    client.execute(script, vec![]).await.ctx(what)
}

async fn page_moves(client: &Client) -> Res<Vec<String>> {
    Ok(strings(
        &read(client, READ_MOVES, "read the moves").await?,
        "moves",
    ))
}

/// White a person, black tabula at `easy` with the limit `kind` of `value` (as the form takes
/// them: `movetime` `0.05`), chosen in the players form.
async fn set_players(client: &Client, kind: &str, value: &str) -> Res<()> {
    select(client, "white", "human").await?;
    select(client, "black", "engine:0").await?;
    select(client, "level-black", "easy").await?;
    select(client, "limit-kind", kind).await?;
    type_into(client, "limit-value", value).await?;
    click(client, "#apply-players").await?;
    wait_for_text(client, "#clock-top .clock-name", "tabula (easy)").await
}

/// Waits until the element `selector` finds holds `text`.
async fn wait_for_text(client: &Client, selector: &str, text: &str) -> Res<()> {
    let read = || async move {
        client
            .execute(
                "return {text: document.querySelector(arguments[0]).textContent}",
                vec![Value::from(selector)],
            )
            .await
            .ctx(&format!("read {selector}"))
    };
    poll(&format!("{selector} to say {text:?}"), STEP, read, |v| {
        v["text"].as_str().is_some_and(|shown| shown.contains(text))
    })
    .await
    .map(drop)
}

/// Plays [`PERSON_MOVES`] moves by clicks, each answered by the engine; returns the moves.
async fn play(client: &Client, game: &str, size: usize, seed: u64) -> Res<Vec<String>> {
    new_game(client, game, &size.to_string(), size * size).await?;
    set_players(client, "movetime", "0.05").await?;
    let mut rng = Rng(seed);
    for _ in 0..PERSON_MOVES {
        let state = wait_for(client, "white's turn", ENGINE_REPLY, human_can_move).await?;
        if state.result.is_some() {
            break;
        }
        let clicked = play_human_move(client, &mut rng, &state).await?;
        let before = state.moves;
        wait_for(
            client,
            &format!("the engine's reply to {}", clicked.concat()),
            ENGINE_REPLY,
            |s| s.moves >= before + 2 || s.result.is_some(),
        )
        .await?;
    }
    page_moves(client).await
}

/// On a clock of 1.2 s (0.02 minutes) a person who does not move loses on time: the page's
/// clocks are read (the Desk's `tick`) with no request and no engine's line to wake them.
async fn flag_falls(client: &Client) -> Res<()> {
    new_game(client, "joust", "8", 64).await?;
    set_players(client, "clock", "0.02+0").await?;
    let state = wait_for(client, "white's flag to fall", ENGINE_REPLY, |s| {
        s.result.is_some()
    })
    .await?;
    let result = state.result.unwrap_or_default();
    if !result.contains("black wins") || !result.contains("on time") {
        return Err(format!(
            "after white's time ran out the page shows {result:?}"
        ));
    }
    eprintln!("flag fall: {result}");
    Ok(())
}

/// Makes the module's next `act` trap, as a panic in the module does (a
/// `WebAssembly.RuntimeError`); the module the page loaded is the one this imports.
const FAULT_NEXT_ACT: &str = r#"
return import('./pkg/tabula_wasm.js').then((module) => {
    const act = module.Desk.prototype.act;
    module.Desk.prototype.act = function () {
        module.Desk.prototype.act = act;
        throw new WebAssembly.RuntimeError('unreachable (a fault the test made)');
    };
    return true;
});
"#;

/// Types a move into the move field and sends it, as a person pressing Enter.
const TYPE_MOVE: &str = r#"
document.getElementById('move-text').value = arguments[0];
document.getElementById('move-form').requestSubmit();
return true;
"#;

const READ_NOTICES: &str = r#"
return {notices: Array.from(document.querySelectorAll('#notices li')).map((li) => li.textContent)};
"#;

async fn type_move(client: &Client, text: &str) -> Res<()> {
    client
        .execute(TYPE_MOVE, vec![Value::from(text)])
        .await
        .ctx(&format!("type the move {text}"))
        .map(drop)
}

/// Two people on one board, and a fault in the module (a panic traps it) on black's move: the
/// page is not left hung. The module is loaded again, the page says so and sets its game up
/// again, moves and all, and the move is played on the new module.
async fn module_fault(client: &Client) -> Res<()> {
    new_game(client, "jesonmor", "9", 81).await?;
    select(client, "white", "human").await?;
    select(client, "black", "human").await?;
    click(client, "#apply-players").await?;
    wait_for_text(client, "#clock-top .clock-name", "human").await?;
    type_move(client, "a1b3").await?;
    wait_for(client, "white's move", STEP, |s| s.moves == 1).await?;
    read(client, FAULT_NEXT_ACT, "make the module's next act trap").await?;
    type_move(client, "a9b7").await?;
    let notices = poll(
        "the page to set its game up again",
        ENGINE_REPLY,
        || read(client, READ_NOTICES, "read the notices"),
        |v| v["notices"].to_string().contains("set up again"),
    )
    .await?;
    if !notices["notices"].to_string().contains("loaded again") {
        return Err(format!(
            "the page does not say the module was loaded again: {notices}"
        ));
    }
    wait_for(client, "white's move kept", STEP, |s| s.moves == 1).await?;
    type_move(client, "a9b7").await?;
    wait_for(
        client,
        "black's move on the module loaded again",
        STEP,
        |s| s.moves == 2,
    )
    .await?;
    eprintln!("module fault: {}", notices["notices"][0]);
    Ok(())
}

/// What needs a server is not offered: tabula is the one engine (no analysis engine to choose)
/// and there is no connection to lose.
const SERVER_PARTS: &str = r#"
return {
    players: Array.from(document.querySelectorAll('#black option')).map((o) => o.value),
    engine_choice: !document.getElementById('analysis-engine-label').hidden,
    offline: document.body.classList.contains('offline'),
};
"#;

async fn no_server_parts(client: &Client) -> Res<()> {
    let shown = read(client, SERVER_PARTS, "read the server's parts").await?;
    if strings(&shown, "players") != ["human", "engine:0"]
        || shown["engine_choice"] != false
        || shown["offline"] != false
    {
        return Err(format!("the static page offers {shown}"));
    }
    Ok(())
}

/// Every move the page lists is legal where it was played, by the native binary's list
/// (`moves`, one line for each position), and the position string the page shows is the
/// binary's after them (`d`). Returns the legal moves there.
async fn check_moves(
    client: &Client,
    game: &str,
    size: usize,
    moves: &[String],
) -> Res<Vec<String>> {
    let mut session = vec![format!("newgame {game} {size}")];
    for ply in 0..=moves.len() {
        session.push(format!(
            "position startpos moves {}",
            moves[..ply].join(" ")
        ));
        session.push("moves".to_string());
    }
    session.push("d".to_string());
    let answers = native(&session)?;
    for (ply, played) in moves.iter().enumerate() {
        let legal: Vec<&str> = answers.get(ply).map_or(vec![], |l| l.split(' ').collect());
        if !legal.contains(&played.as_str()) {
            return Err(format!(
                "{game}: move {} {played} is not among the legal {legal:?} (moves {moves:?})",
                ply + 1
            ));
        }
    }
    let fen = answers
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .ok_or("the binary's d shows no Fen line")?;
    let shown = read(client, READ_ERRORS, "read the position").await?;
    if shown["position"] != fen {
        return Err(format!(
            "{game}: the page shows {}, the binary {fen:?}",
            shown["position"]
        ));
    }
    let last = answers.get(moves.len()).map_or("", String::as_str);
    Ok(last.split(' ').map(str::to_string).collect())
}

/// The depth and the seconds the analysis shows (`depth 12 · 1.2M nodes · 2.5M nps · 0.5 s`),
/// zeros before it shows them.
fn depth_and_time(shown: &Value) -> (u32, f64) {
    let stats = shown["stats"].as_str().unwrap_or("");
    let words: Vec<&str> = stats.split_whitespace().collect();
    match words[..] {
        ["depth", depth, .., seconds, "s"] => {
            (depth.parse().unwrap_or(0), seconds.parse().unwrap_or(0.0))
        }
        _ => (0, 0.0),
    }
}

/// Analysis on the position reached: lines whose first moves are legal (`legal`, the binary's
/// list), the time it has searched counted, and the engine back to `ready` once it is turned
/// off.
async fn analyse(client: &Client, legal: &[String]) -> Res<()> {
    let read = || async move {
        client
            .execute(READ_ANALYSIS, vec![])
            .await
            .ctx("read the analysis")
    };
    click(client, "#analyse").await?;
    let shown = poll("analysis lines", ENGINE_REPLY, read, |v| {
        let (depth, seconds) = depth_and_time(v);
        depth >= 3 && seconds > 0.0
    })
    .await?;
    let firsts = strings(&shown, "firsts");
    if firsts.is_empty() || firsts.iter().any(|first| !legal.contains(first)) {
        return Err(format!(
            "analysis lines start {firsts:?}, the legal moves are {legal:?}"
        ));
    }
    click(client, "#analyse").await?;
    poll("the analysis to stop", STEP, read, |v| {
        v["pressed"] == "false"
            && v["engines"] == "tabula: ready"
            && v["firsts"] == Value::Array(vec![])
    })
    .await
    .map(drop)
}

/// Reviews the game at depth 4: the graph has a point per position, its dots are the moves
/// marked in the list, and the summary has a row per side. Returns the marks.
async fn review(client: &Client, moves: usize) -> Res<Vec<(u64, String)>> {
    select(client, "review-depth", "4").await?;
    click(client, "#review").await?;
    let page = poll(
        "the review to finish",
        REVIEW,
        || read(client, READ_REVIEW, "read the review"),
        |v| v["status"] == "done",
    )
    .await?;
    if page["points"] != moves + 1 || page["summary_rows"] != 2 {
        return Err(format!("{moves} moves reviewed, the page shows {page}"));
    }
    let marks: Vec<(u64, String)> = page["marks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| Some((m[0].as_u64()?, m[1].as_str()?.to_string())))
        .collect();
    let dots: Vec<u64> = page["dots"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    if dots != marks.iter().map(|(ply, _)| *ply).collect::<Vec<_>>() {
        return Err(format!(
            "the graph's dots {dots:?}, the list's marks {marks:?}"
        ));
    }
    Ok(marks)
}

/// The record downloaded: its file name, players, game, moves and the review's comment on each
/// (with the marks the page shows); `tabula review` reads it back. Returns the file it is kept
/// in.
async fn check_record(
    client: &Client,
    game: &str,
    moves: &[String],
    marks: &[(u64, String)],
) -> Res<PathBuf> {
    let (name, record) = download(client).await?;
    let tag = |name: &str| record_tag(&record, name);
    if name != format!("tabula-{game}.txt")
        || tag("White") != Some("Human")
        || tag("Black") != Some("tabula (level easy)")
    {
        return Err(format!("the file {name:?} holds {record}"));
    }
    let movetext: Vec<&str> = record.lines().filter(|l| !l.starts_with('[')).collect();
    let listed = moves_with_comments(&movetext.join(" "));
    let written: Vec<&String> = listed.iter().map(|(text, _)| text).collect();
    if written != moves.iter().collect::<Vec<_>>() {
        return Err(format!(
            "the record's moves {written:?}, the page's {moves:?}"
        ));
    }
    let mut judged = Vec::new();
    for (ply, (text, comments)) in listed.iter().enumerate() {
        let Some(comment) = comments.iter().find(|c| c.starts_with("review ")) else {
            return Err(format!("move {} ({text}) has no review comment", ply + 1));
        };
        for mark in ["inaccuracy", "mistake", "blunder"] {
            if comment.split_whitespace().any(|word| word == mark) {
                judged.push((ply as u64 + 1, mark.to_string()));
            }
        }
    }
    if judged != marks {
        return Err(format!("the record marks {judged:?}, the page {marks:?}"));
    }
    let file = shots().join(format!("{game}-reviewed.txt"));
    std::fs::write(&file, &record).ctx(&format!("write {}", file.display()))?;
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["review", "--game", game, "--depth", "1", "--json"])
        .arg(&file)
        .output()
        .ctx("run tabula review on the record")?;
    let again: Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("tabula review on {}: {e}", file.display()))?;
    if again["moves"].as_array().map(Vec::len) != Some(moves.len()) {
        return Err(format!("tabula review read back {again}"));
    }
    Ok(file)
}

/// Loads the record `file` through the page's file field: the page then shows its moves and
/// names its players.
async fn load_record(client: &Client, file: &Path, moves: &[String]) -> Res<()> {
    choose_file(client, file).await?;
    wait_for_text(
        client,
        "#record-info",
        "White Human, Black tabula (level easy)",
    )
    .await?;
    let shown = page_moves(client).await?;
    if shown != moves {
        return Err(format!("the record loaded shows {shown:?}, not {moves:?}"));
    }
    Ok(())
}

/// `what` (typing into the page) brings one message in `error` (an element id's key in
/// [`READ_ERRORS`]) and leaves the board, the moves and the notices as they were.
async fn refused(client: &Client, error: &str, what: impl Future<Output = Res<()>>) -> Res<()> {
    let board = read_state(client).await?;
    let before = read(client, READ_ERRORS, "read the errors").await?;
    what.await?;
    let after = poll(
        &format!("a message in {error}"),
        STEP,
        || read(client, READ_ERRORS, "read the errors"),
        |v| v[error].as_str().is_some_and(|t| !t.is_empty()),
    )
    .await?;
    let message = after[error].as_str().unwrap_or("");
    let now: PageState = read_state(client).await?;
    if message.contains('\n') || after["notices"] != before["notices"] {
        return Err(format!("more than one message: {after}"));
    }
    if now.pieces != board.pieces || now.moves != board.moves {
        return Err(format!("{error}: {message:?}, but the board changed"));
    }
    eprintln!("  refused: {message}");
    Ok(())
}

async fn bad_input(client: &Client) -> Res<()> {
    refused(client, "position_error", async {
        type_into(client, "position", "9/9 w 0 1").await?;
        click(client, "#set-position").await
    })
    .await?;
    let file = shots().join("not-a-record.txt");
    std::fs::write(&file, "this is no record {").ctx("write a bad record")?;
    refused(client, "record_error", choose_file(client, &file)).await
}

fn shots() -> PathBuf {
    target_dir().join("web-screenshots")
}

async fn run(client: &Client, base: &str) -> Res<()> {
    std::fs::create_dir_all(shots()).ctx("create the screenshot folder")?;
    wait_for(client, "the board to be drawn", ENGINE_REPLY, |s| {
        s.squares > 0
    })
    .await?;
    no_server_parts(client).await?;
    shows_the_version(client).await?;
    for (index, (game, size)) in GAMES.iter().enumerate() {
        let size: usize = size.parse().ctx("a size")?;
        let moves = play(client, game, size, 0x3eb0 + index as u64).await?;
        eprintln!("{game} {size}: {}", moves.join(" "));
        let legal = check_moves(client, game, size, &moves).await?;
        analyse(client, &legal).await?;
        let marks = review(client, moves.len()).await?;
        let record = check_record(client, game, &moves, &marks).await?;
        client
            .execute("window.scrollTo(0, 0);", vec![])
            .await
            .ctx("scroll to the top")?;
        let png = client.screenshot().await.ctx("take a screenshot")?;
        std::fs::write(shots().join(format!("board-{game}.png")), png).ctx("save a screenshot")?;
        load_record(client, &record, &moves).await?;
        bad_input(client)
            .await
            .map_err(|e| format!("{game}: {e}"))?;
    }
    flag_falls(client).await?;
    module_fault(client).await?;
    only_own_origin(client, base).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_plays_and_reviews_every_game_in_a_real_browser() {
    let failure = shots().join("board-failure.png");
    in_site(
        Site::open("", "chromium-board.log").await,
        &failure,
        async |site: &Site| run(&site.client, &site.base).await,
    )
    .await;
}

/// What issue 72 mended, at the static home (`tests/common/board_mends.rs`, as `gui_browser`
/// checks them at the server's): the page opens on Jeson Mor 9 x 9 with its own icon, a flip
/// stays over a move and tabula's answer, engines
/// that play each other show "thinking" on every move (the next job's state is sent), wrong
/// limits are named, new clocks after a loss on time reopen the game, and the page fits a
/// phone and takes a finger's drag (`target/web-screenshots/phone.png`); then what it keeps and
/// shares (`tests/common/board_kept.rs`): a game over a reload, "My games", a shared link in a
/// browser of a new profile, storage that is full said once, players chosen for the next game
/// that leave "My games" alone; and a store of bad entries (`tests/common/board_store.rs`)
/// stops nothing.
async fn mends(client: &Client, base: &str, driver_port: u16) -> Res<()> {
    std::fs::create_dir_all(shots()).ctx("create the screenshot folder")?;
    let opened = wait_for(client, "the board to be drawn", ENGINE_REPLY, |s| {
        s.squares > 0
    })
    .await?;
    if opened.squares != 81 || opened.pieces.len() != 18 {
        return Err(format!(
            "the page opens on {} squares and {} pieces, not Jeson Mor 9 x 9",
            opened.squares,
            opened.pieces.len()
        ));
    }
    let icon = read(
        client,
        "return {icon: document.querySelector('link[rel=icon]').href}",
        "read the icon",
    )
    .await?;
    if icon["icon"] != format!("{base}icon.svg") {
        return Err(format!("the page's icon is {icon}"));
    }
    board_mends::flip_stays_over_a_move(client).await?;
    new_game(client, "jesonmor", "9", 81).await?;
    board_mends::engines_think_on_every_move(client, 6).await?;
    board_mends::limit_errors_name_the_problem(client).await?;
    board_mends::level_names_fit_at_1400(client).await?;
    board_mends::new_clocks_reopen_a_game_lost_on_time(client).await?;
    new_game(client, "jesonmor", "9", 81).await?;
    let png = board_mends::phone_fits_and_drags(client).await?;
    std::fs::write(shots().join("phone.png"), png).ctx("save the phone's screenshot")?;
    let png = board_kept::kept_over_a_reload(client).await?;
    std::fs::write(shots().join("kept-reload.png"), png).ctx("save a screenshot")?;
    let profile = std::env::temp_dir().join(format!("tabula-web-fresh-{}", std::process::id()));
    let fresh = board_kept::fresh_browser(driver_port, &profile).await?;
    let outcome = board_kept::shared_link_opens_the_position(client, &fresh, base).await;
    let _ = fresh.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::write(shots().join("shared-link.png"), outcome?).ctx("save a screenshot")?;
    board_kept::storage_full_is_said_once(client).await?;
    board_kept::next_players_leave_my_games(client).await?;
    board_store::a_bad_store_stops_nothing(client, base).await?;
    only_own_origin(client, base).await
}

/// Opens the site (Chromium's log `chromium-<name>.log`), waits for its board and runs `check`
/// on it, saving the screenshots it gives back by their names (`<name>-failure.png` if it
/// fails); no request may have left the site.
async fn on_the_board(
    name: &str,
    check: impl AsyncFnOnce(&Client) -> Res<Vec<(&'static str, Vec<u8>)>>,
) {
    let failure = shots().join(format!("{name}-failure.png"));
    in_site(
        Site::open("", &format!("chromium-{name}.log")).await,
        &failure,
        async |site: &Site| {
            std::fs::create_dir_all(shots()).ctx("create the screenshot folder")?;
            wait_for(&site.client, "the board to be drawn", ENGINE_REPLY, |s| {
                s.squares > 0
            })
            .await?;
            for (shot, png) in check(&site.client).await? {
                std::fs::write(shots().join(format!("{shot}.png")), png)
                    .ctx("save a screenshot")?;
            }
            only_own_origin(&site.client, &site.base).await
        },
    )
    .await;
}

/// A study board's side lines at the static home (`tests/common/board_lines.rs`): made,
/// browsed with clicks and keys, saved in a record, loaded back, promoted and deleted
/// (`target/web-screenshots/side-line.png` and `side-line-loaded.png`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_browses_side_lines_in_a_real_browser() {
    on_the_board("side-lines", async |client: &Client| {
        let (browsed, loaded) = board_lines::side_lines(client, &shots()).await?;
        Ok(vec![("side-line", browsed), ("side-line-loaded", loaded)])
    })
    .await;
}

/// The "Perfect play" card at the static home (`tests/common/board_probe.rs`), the solver run
/// by the module on the page's thread: every move of Joust 5 x 5 with its proven value, a
/// winning one played by a click (`target/web-screenshots/perfect-play.png`); Jeson Mor's all
/// unknown (`perfect-play-page.png`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_shows_perfect_play_in_a_real_browser() {
    on_the_board("perfect-play", async |client: &Client| {
        let (card, page) = board_probe::perfect_play(client).await?;
        Ok(vec![("perfect-play", card), ("perfect-play-page", page)])
    })
    .await;
}

/// Opens Claustro 5 x 5 and its *Perfect play* card, and waits for the values from the table's
/// pieces (`tables/`, written by scripts/web.sh): the start is a draw by perfect play
/// (docs/solved.md), and so is each of its six moves, none left unknown.
async fn claustro_start_draws(client: &Client) -> Res<()> {
    new_game(client, "claustro", "5", 25).await?;
    let state = wait_for(client, "white's start squares", ENGINE_REPLY, |s| {
        !s.movable.is_empty()
    })
    .await?;
    let open = client
        .execute(
            "return document.getElementById('perfect-play').open",
            vec![],
        )
        .await
        .ctx("read whether the card is open")?;
    if open != true {
        click(client, "#perfect-play > summary").await?;
    }
    let card = board_probe::card_shows(client, "Claustro's values", "White to move: Draw").await?;
    let listed = board_probe::checked_moves(&card, &state)?;
    if listed.len() != 6 || listed.iter().any(|(_, value)| value != "Draw") {
        return Err(format!("the six first moves of Claustro all draw: {card}"));
    }
    Ok(())
}

/// The card on Claustro 5 x 5 at the static home, from the table's pieces the page fetches
/// (`target/web-screenshots/perfect-play-claustro.png`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_shows_the_claustro_table_from_its_pieces() {
    on_the_board("perfect-play-claustro", async |client: &Client| {
        claustro_start_draws(client).await?;
        let page = client.screenshot().await.ctx("a picture of the page")?;
        Ok(vec![("perfect-play-claustro", page)])
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_mends_in_a_real_browser() {
    let failure = shots().join("mends-failure.png");
    in_site(
        Site::open("", "chromium-mends.log").await,
        &failure,
        async |site: &Site| mends(&site.client, &site.base, site.driver_port).await,
    )
    .await;
}

/// The caches the page's origin has (`tabula-<build>`, one per build).
const CACHES: &str = r#"
const done = arguments[arguments.length - 1];
caches.keys().then((keys) => done({ caches: keys }), (e) => done({ failed: String(e) }));
"#;

/// Copies the folder `from` into `to`, files and folders.
fn copy_dir(from: &Path, to: &Path) -> Res<()> {
    std::fs::create_dir_all(to).ctx(&format!("create {}", to.display()))?;
    for entry in std::fs::read_dir(from).ctx(&format!("read {}", from.display()))? {
        let entry = entry.ctx("read a folder entry")?;
        let target = to.join(entry.file_name());
        if entry.file_type().ctx("read an entry's type")?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target).ctx(&format!("copy to {}", target.display()))?;
        }
    }
    Ok(())
}

/// Reads the caches until `ready` holds for their names.
async fn wait_caches(
    client: &Client,
    what: &str,
    ready: impl Fn(&[String]) -> bool,
) -> Res<Vec<String>> {
    let read = || async move {
        client
            .execute_async(CACHES, vec![])
            .await
            .ctx("read the caches")
    };
    let shown = poll(what, ENGINE_REPLY, read, |v| ready(&strings(v, "caches"))).await?;
    Ok(strings(&shown, "caches"))
}

/// After one visit the site works with the network off, and a new build replaces the old one
/// whole: the site (a copy, its files dated a month back) is visited, its next build put in its
/// place with the same old dates, as an unzipped release has them (`site_update.rs`), and the
/// page loaded again (the new build's cache replaces the old one, never beside it, and holds the
/// new build's files, not those of the HTTP cache); loaded once more, the page is the new build
/// in every part. Then the static server is ended and the tab put offline (DevTools'
/// `Network.emulateNetworkConditions`), and the page loaded from the cache is the new build's
/// and still plays a move against the engine and reviews the game
/// (`target/web-screenshots/offline.png`), and the *Perfect play* card shows Claustro's start
/// from the table's pieces fetched while online.
async fn offline(site: &mut Site, copy: &Path) -> Res<()> {
    std::fs::create_dir_all(shots()).ctx("create the screenshot folder")?;
    let client = site.client.clone();
    wait_for(&client, "the board to be drawn", ENGINE_REPLY, |s| {
        s.squares > 0
    })
    .await?;
    let cached = client
        .execute_async(CONTROLLED, vec![])
        .await
        .ctx("wait for the service worker")?;
    let first = strings(&cached, "caches");
    if first.len() != 1 || !first[0].starts_with("tabula-") {
        return Err(format!("the service worker's caches: {cached}"));
    }
    let next = site_update::next_build(copy)?;
    client
        .refresh()
        .await
        .ctx("load the page of the next build")?;
    let wanted = format!("tabula-{next}");
    wait_caches(&client, &format!("the cache of {next} alone"), |caches| {
        caches == [wanted.clone()]
    })
    .await?;
    client.refresh().await.ctx("load the next build")?;
    let whole = |v: &Value| {
        ["h1", "css", "version", "app"]
            .iter()
            .all(|part| v[part] == true)
            && v["cached"]
                .as_object()
                .is_some_and(|files| files.values().all(|c| c == true))
    };
    poll(
        "the page and its cache to be the next build's, whole",
        ENGINE_REPLY,
        || {
            let (client, cache) = (&client, Value::String(wanted.clone()));
            async move {
                client
                    .execute_async(site_update::BUILD_SHOWN, vec![cache])
                    .await
                    .ctx("read which build the page is")
            }
        },
        whole,
    )
    .await?;
    // The Claustro table's pieces of the start, fetched once online (the service worker keeps
    // them), then back to the game played offline below.
    claustro_start_draws(&client).await?;
    wait_caches(&client, "the service worker's cache of pieces", |caches| {
        caches.iter().any(|cache| cache.starts_with("tables-"))
    })
    .await?;
    new_game(&client, "jesonmor", "9", 81).await?;
    site.stop_server();
    site.devtools(
        "Network.emulateNetworkConditions",
        serde_json::json!({"offline": true, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}),
    )
    .await?;
    client.refresh().await.ctx("reload the page offline")?;
    wait_for(&client, "the board drawn offline", ENGINE_REPLY, |s| {
        s.squares == 81 && !s.movable.is_empty()
    })
    .await?;
    let app = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('app.js').then((r) => r.text()).then((text) => done({ next: text.includes('the next build') }),
                 (e) => done({ failed: String(e) }));",
            vec![],
        )
        .await
        .ctx("read app.js offline")?;
    if app["next"] != true {
        return Err(format!("offline, app.js is not the next build's: {app}"));
    }
    type_move(&client, "b1c3").await?;
    wait_for(&client, "the engine's reply offline", ENGINE_REPLY, |s| {
        s.moves == 2
    })
    .await?;
    select(&client, "review-depth", "4").await?;
    click(&client, "#review").await?;
    poll(
        "the review offline",
        REVIEW,
        || read(&client, READ_REVIEW, "read the review"),
        |v| v["status"] == "done",
    )
    .await?;
    let png = client.screenshot().await.ctx("take a screenshot")?;
    std::fs::write(shots().join("offline.png"), png).ctx("save a screenshot")?;
    // Offline, the card shows the values of the pieces fetched before.
    claustro_start_draws(&client).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_board_works_offline_after_one_visit() {
    let copy = target_dir().join(format!("web-offline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    copy_dir(&target_dir().join("web"), &copy)
        .and_then(|()| site_update::age(&copy))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut site = Site::open_at(&copy, "", "chromium-offline.log")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let outcome = offline(&mut site, &copy).await;
    let _ = std::fs::remove_dir_all(&copy);
    let console = site.close(outcome).await;
    // Offline, Chromium may log the requests it could not make; the page itself writes nothing.
    let page: Vec<&String> = console.iter().filter(|l| l.contains("CONSOLE")).collect();
    assert!(page.is_empty(), "console messages:\n{page:?}");
}
