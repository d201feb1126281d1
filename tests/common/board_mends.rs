//! Checks of the board page that both homes pass alike (`gui_browser` at the server's,
//! `web_board` at the static site's), for what issue 72 mended: engines that play each other
//! show "thinking" on every move, a limit that is wrong is named with what is wrong, new clocks
//! after a loss on time reopen the game, and on a phone's screen the page fits its width and a
//! piece is dragged with a finger.

use std::time::Duration;

use crate::board_page::{STEP, click, new_game, read_state, select, type_into, wait_for};
use crate::processes::{Context, Res};
use fantoccini::Client;
use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use serde_json::Value;

/// How long the engines of a whole short game may take.
const ENGINE_GAME: Duration = Duration::from_secs(60);

/// Records every text the status line shows with the number of moves listed then
/// (`window.statusSeen`), from now on.
const WATCH_STATUS: &str = r#"
window.statusSeen = [];
const status = document.getElementById('status');
const note = () => window.statusSeen.push({
    moves: document.querySelectorAll('#moves .move[data-ply]').length,
    status: status.hidden ? '' : status.textContent,
});
if (window.statusWatch) window.statusWatch.disconnect();
window.statusWatch = new MutationObserver(note);
window.statusWatch.observe(status, { childList: true, characterData: true, subtree: true, attributes: true });
window.statusWatch.observe(document.getElementById('moves'), { childList: true, subtree: true });
note();
return true;
"#;

/// Chooses the players and the limit in the form and applies them; returns once the page names
/// them (`White · human`, `Black · tabula (easy)`).
pub async fn choose_players(
    client: &Client,
    white: (&str, &str),
    black: (&str, &str),
    limit: (&str, &str),
) -> Res<()> {
    // A choice that did not take (the form read under load) is made again.
    let mut attempt = 0;
    loop {
        attempt += 1;
        for (side, (player, level)) in [("white", white), ("black", black)] {
            select(client, side, player).await?;
            if !level.is_empty() {
                select(client, &format!("level-{side}"), level).await?;
            }
        }
        select(client, "limit-kind", limit.0).await?;
        type_into(client, "limit-value", limit.1).await?;
        let chosen = client
            .execute(
                "return [document.getElementById('white').value, document.getElementById('black').value]",
                vec![],
            )
            .await
            .ctx("read the players chosen")?;
        if chosen == serde_json::json!([white.0, black.0]) {
            break;
        }
        if attempt == 3 {
            return Err(format!(
                "the form shows the players {chosen} after choosing {} and {}",
                white.0, black.0
            ));
        }
    }
    click(client, "#apply-players").await?;
    let name = |(player, level): (&str, &str)| match player {
        "human" => "human".to_string(),
        _ => format!("tabula ({level})"),
    };
    let wanted = [
        format!("White · {}", name(white)),
        format!("Black · {}", name(black)),
    ];
    let read = || async move {
        client
            .execute(
                "return Array.from(document.querySelectorAll('.clock-name')).map((e) => e.textContent)",
                vec![],
            )
            .await
            .ctx("read the players' names")
    };
    crate::board_page::poll(&format!("the players {wanted:?}"), STEP, read, |v| {
        wanted.iter().all(|w| {
            v.as_array().is_some_and(|names| {
                names
                    .iter()
                    .any(|n| n.as_str().is_some_and(|n| n.starts_with(w.as_str())))
            })
        })
    })
    .await
    .map(drop)
}

/// Two engines play each other (`easy`, 0.2 s a move): before each of the first `plies` moves
/// the status line says who is thinking (`White to move: tabula (easy) is thinking…`).
pub async fn engines_think_on_every_move(client: &Client, plies: usize) -> Res<()> {
    client
        .execute(WATCH_STATUS, vec![])
        .await
        .ctx("watch the status line")?;
    choose_players(
        client,
        ("engine:0", "easy"),
        ("engine:0", "easy"),
        ("movetime", "0.2"),
    )
    .await?;
    wait_for(
        client,
        &format!("{plies} moves of two engines"),
        ENGINE_GAME,
        |s| s.moves >= plies || s.result.is_some(),
    )
    .await?;
    let seen = client
        .execute("return window.statusSeen", vec![])
        .await
        .ctx("read what the status line said")?;
    let seen = seen.as_array().cloned().unwrap_or_default();
    let moves = read_state(client).await?.moves.min(plies);
    for ply in 0..moves {
        let side = if ply % 2 == 0 { "White" } else { "Black" };
        let wanted = format!("{side} to move: tabula (easy) is thinking");
        let said = |v: &Value| {
            v["moves"].as_u64() == Some(ply as u64)
                && v["status"].as_str().is_some_and(|s| s.contains(&wanted))
        };
        if !seen.iter().any(said) {
            return Err(format!(
                "before move {} the status line never said {wanted:?}; it said {seen:?}",
                ply + 1
            ));
        }
    }
    // Both back to people, so that nothing runs on.
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await?;
    wait_for(client, "the engines to stop", STEP, |s| {
        !s.status.contains("thinking")
    })
    .await
    .map(drop)
}

/// Each wrong limit is refused with what is wrong with it, in `#players-error`.
pub async fn limit_errors_name_the_problem(client: &Client) -> Res<()> {
    let cases = [
        ("clock", "0+0", "0+0: give the clock some minutes"),
        ("clock", "five", "Write the clock as minutes+increment"),
        ("depth", "0", "depth 0: give a depth of 1 or more"),
        ("depth", "1.5", "Write the depth as a whole number"),
        ("depth", "99", "depth 99: give a depth of at most 64"),
        (
            "movetime",
            "0",
            "time per move 0: give 0.001 seconds or more",
        ),
        ("movetime", "soon", "Write the time per move in seconds"),
    ];
    for (kind, value, wanted) in cases {
        select(client, "limit-kind", kind).await?;
        type_into(client, "limit-value", value).await?;
        click(client, "#apply-players").await?;
        let shown = client
            .execute(
                "return document.getElementById('players-error').textContent",
                vec![],
            )
            .await
            .ctx("read #players-error")?;
        if !shown.as_str().is_some_and(|text| text.contains(wanted)) {
            return Err(format!(
                "the limit {kind} {value:?} is refused with {shown}, not {wanted:?}"
            ));
        }
    }
    select(client, "limit-kind", "movetime").await?;
    type_into(client, "limit-value", "1").await?;
    click(client, "#apply-players").await?;
    Ok(())
}

/// The clocks and the result shown.
const READ_CLOCKS: &str = r#"
const result = document.getElementById('result');
return {
    result: result.hidden ? null : result.textContent,
    times: Array.from(document.querySelectorAll('.clock .clock-time')).map((e) => e.textContent),
};
"#;

/// On a new board, after a loss on time, a new clock limit gives both sides full clocks and reopens the game:
/// never full clocks beside "lost on time".
pub async fn new_clocks_reopen_a_game_lost_on_time(client: &Client) -> Res<()> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(client, ("human", ""), ("human", ""), ("clock", "0.02+0")).await?;
    wait_for(client, "white's flag to fall", STEP, |s| {
        s.result.as_deref().is_some_and(|r| r.contains("on time"))
    })
    .await?;
    choose_players(client, ("human", ""), ("human", ""), ("clock", "5+0")).await?;
    let read = || async move {
        client
            .execute(READ_CLOCKS, vec![])
            .await
            .ctx("read the clocks")
    };
    let shown = crate::board_page::poll("full clocks", STEP, read, |v| {
        v["times"].to_string().contains("5:00")
    })
    .await?;
    if !shown["result"].is_null() {
        return Err(format!(
            "new clocks after a loss on time, and the page still shows {shown}"
        ));
    }
    choose_players(client, ("human", ""), ("human", ""), ("movetime", "1")).await
}

/// How wide the page is against the window, and the board's squares on screen.
const READ_WIDTH: &str = r#"
return {
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    moves: document.getElementById('moves').getBoundingClientRect().right,
    nav: document.getElementById('nav-last').getBoundingClientRect().right,
};
"#;

/// At a phone's 390 x 844 nothing is wider than the window (the move list and its buttons
/// reachable without scrolling sideways), every button shown is at least 44 px tall (a finger's
/// target), and a finger drags a piece to a square it may go to
/// (touch pointer events, not a tap on each square). Returns a screenshot of the phone's page;
/// the window is put back after.
pub async fn phone_fits_and_drags(client: &Client) -> Res<Vec<u8>> {
    at_window_size(
        client,
        (390, 844),
        "make the window a phone's",
        |w| w <= 390.0,
        async || phone(client).await,
    )
    .await
}

/// Runs `work` with the window at `size` (`what` says so in an error), once the page is laid
/// out for a width that `ready` accepts, and puts the window back after, whatever `work` found.
async fn at_window_size<T>(
    client: &Client,
    (width, height): (u32, u32),
    what: &str,
    ready: impl Fn(f64) -> bool,
    work: impl AsyncFnOnce() -> Res<T>,
) -> Res<T> {
    let (was_width, was_height) = client.get_window_size().await.ctx("read the window size")?;
    let inner = window_width(client).await?;
    client.set_window_size(width, height).await.ctx(what)?;
    let outcome = match wait_width(client, ready).await {
        Ok(()) => work().await,
        Err(e) => Err(e),
    };
    client
        .set_window_size(was_width as u32, was_height as u32)
        .await
        .ctx("put the window back")?;
    wait_width(client, |w| (w - inner).abs() < 1.0).await?;
    outcome
}

async fn window_width(client: &Client) -> Res<f64> {
    let width = client
        .execute("return window.innerWidth", vec![])
        .await
        .ctx("read the window's width")?;
    Ok(width.as_f64().unwrap_or(0.0))
}

/// Waits until the page has been laid out for a window whose width `ready` accepts.
async fn wait_width(client: &Client, ready: impl Fn(f64) -> bool) -> Res<()> {
    let read = || async move {
        client
            .execute(
                "return new Promise((done) => requestAnimationFrame(() => done(window.innerWidth)))",
                vec![],
            )
            .await
            .ctx("read the window's width")
    };
    crate::board_page::poll("the window resized", STEP, read, |v| {
        v.as_f64().is_some_and(&ready)
    })
    .await
    .map(drop)
}

/// Waits until the side drawn at the bottom (the player row under the move list) is `side`
/// (`White` or `Black`), then checks that it stays so a while (an answer or event of the table
/// that turns the board back comes within it).
pub async fn wait_bottom(client: &Client, side: &str) -> Res<()> {
    let read = || async move {
        client
            .execute(
                "return document.querySelector('#clock-bottom .clock-name').textContent",
                vec![],
            )
            .await
            .ctx("read the side at the bottom")
    };
    let at_bottom = |v: &Value| v.as_str().unwrap_or("").starts_with(side);
    crate::board_page::poll(&format!("{side} at the bottom"), STEP, read, at_bottom).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shown = read().await?;
    if !at_bottom(&shown) {
        return Err(format!("{side} was drawn at the bottom, then {shown}"));
    }
    Ok(())
}

/// The board flipped by a person playing tabula stays flipped over their move and tabula's
/// answer (the table's answer and its events may give the players' keys in other orders: the
/// same players all the same), then is flipped back.
pub async fn flip_stays_over_a_move(client: &Client) -> Res<()> {
    new_game(client, "jesonmor", "9", 81).await?;
    choose_players(
        client,
        ("human", ""),
        ("engine:0", "easy"),
        ("movetime", "0.2"),
    )
    .await?;
    wait_bottom(client, "White").await?;
    click(client, "#flip").await?;
    wait_bottom(client, "Black").await?;
    type_into(client, "move-text", "b1c3\u{e007}").await?;
    wait_for(
        client,
        "tabula's answer to b1c3",
        Duration::from_secs(10),
        |s| s.moves == 2,
    )
    .await?;
    wait_bottom(client, "Black").await?;
    click(client, "#flip").await?;
    wait_bottom(client, "White").await
}

/// The buttons shown that are less than 44 px tall: their ids (or texts) and heights.
const SHORT_BUTTONS: &str = r#"
return Array.from(document.querySelectorAll('button'))
    .filter((b) => b.getClientRects().length > 0)
    .map((b) => ({ button: b.id || b.textContent.trim(), height: b.getBoundingClientRect().height }))
    .filter((b) => b.height < 44);
"#;

async fn phone(client: &Client) -> Res<Vec<u8>> {
    let before = wait_for(client, "movable pieces", STEP, |s| !s.movable.is_empty()).await?;
    let sizes = client
        .execute(READ_WIDTH, vec![])
        .await
        .ctx("read the widths")?;
    let window = sizes["window"].as_f64().unwrap_or(0.0);
    for key in ["page", "moves", "nav"] {
        if sizes[key].as_f64().unwrap_or(f64::MAX) > window + 0.5 {
            return Err(format!(
                "at 390 px wide the page is wider than its window: {sizes}"
            ));
        }
    }
    let short = client
        .execute(SHORT_BUTTONS, vec![])
        .await
        .ctx("measure the buttons")?;
    if short.as_array().is_none_or(|buttons| !buttons.is_empty()) {
        return Err(format!(
            "at 390 x 844, buttons under 44 px tall (a finger's target): {short}"
        ));
    }
    // The squares the piece may go to: picked by a tap, then let go by a tap on it again.
    let from = before.movable[0].clone();
    let square = |sq: &str| format!("#board rect.square[data-square=\"{sq}\"]");
    client
        .execute(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'center'}); return true",
            vec![Value::from(square(&from))],
        )
        .await
        .ctx("scroll the board into view")?;
    click(client, &square(&from)).await?;
    let picked = wait_for(client, &format!("the targets of {from}"), STEP, |s| {
        !s.targets.is_empty()
    })
    .await?;
    let to = picked.targets[0].clone();
    click(client, &square(&from)).await?;
    wait_for(client, "the piece let go", STEP, |s| s.targets.is_empty()).await?;
    // A finger on the piece, moved to the target and lifted there (at the squares' centres on
    // the screen: the board is drawn again as the piece is lifted).
    let centre = |sq: String| async move {
        let at = client
            .execute(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                vec![Value::from(square(&sq))],
            )
            .await
            .ctx(&format!("find the square {sq}"))?;
        Ok::<_, String>((at[0].as_f64().unwrap_or(0.0), at[1].as_f64().unwrap_or(0.0)))
    };
    let (fx, fy) = centre(from.clone()).await?;
    let (tx, ty) = centre(to.clone()).await?;
    let touch = TouchActions::new("finger".to_string())
        .then(PointerAction::MoveTo {
            duration: None,
            x: fx.round(),
            y: fy.round(),
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(100)),
            x: (fx + 12.0).round(),
            y: (fy + 4.0).round(),
        })
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(200)),
            x: tx.round(),
            y: ty.round(),
        })
        .then(PointerAction::Up { button: 0 });
    client
        .perform_actions(touch)
        .await
        .ctx("drag the piece with a finger")?;
    client.release_actions().await.ctx("release the finger")?;
    let moves = before.moves;
    wait_for(
        client,
        &format!("the move {from} to {to} dragged"),
        STEP,
        |s| s.moves > moves,
    )
    .await?;
    let shot = client.screenshot().await.ctx("take the phone's screenshot");
    // Chromium ignores mouse input for a while after touch input (the mouse events a touch
    // makes for old pages are not to be taken twice): the clicks that follow wait it out.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    shot
}

/// The room in each level list against the widest of its levels' names (`medium · 1480 Elo`,
/// the label up to its description), in the list's own font.
const LEVEL_ROOM: &str = r#"
const measure = document.createElement('canvas').getContext('2d');
return ['level-white', 'level-black'].map((id) => {
    const select = document.getElementById(id);
    const style = getComputedStyle(select);
    measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const names = Array.from(select.options).map((o) => o.textContent.split(' — ')[0]);
    const widest = Math.max(...names.map((name) => measure.measureText(name).width));
    // The box less its padding and the arrow.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { id, widest, room, names: names.length };
});
"#;

/// At 1400 x 900 no level's name is cut off in the level lists (two engines, so that both
/// lists hold every level of the game).
pub async fn level_names_fit_at_1400(client: &Client) -> Res<()> {
    at_window_size(
        client,
        (1400, 900),
        "make the window 1400 wide",
        |w| w > 1300.0,
        async || {
            select(client, "white", "engine:0").await?;
            select(client, "black", "engine:0").await?;
            let rooms = client
                .execute(LEVEL_ROOM, vec![])
                .await
                .ctx("measure the level lists")?;
            let cut = rooms.as_array().is_none_or(|lists| {
                lists.iter().any(|list| {
                    list["names"].as_u64().unwrap_or(0) < 3
                        || list["widest"].as_f64().unwrap_or(f64::MAX)
                            > list["room"].as_f64().unwrap_or(0.0)
                })
            });
            if cut {
                return Err(format!("at 1400 px a level's name is cut off: {rooms}"));
            }
            select(client, "white", "human").await?;
            select(client, "black", "human").await
        },
    )
    .await
}
