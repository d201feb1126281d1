//! What issue 72 mended, at the server's home: the page's own icon (no 404 for
//! `/favicon.ico`), and the checks both homes share (`tests/common/board_mends.rs`): a flip
//! that stays over a move and tabula's answer, engines
//! that play each other show "thinking" on every move, wrong limits are named, level names are
//! not cut off at 1400 px, new clocks after
//! a loss on time reopen the game, and the page fits a phone and takes a finger's drag. The
//! phone's screenshot is `phone.png`. Then what the page keeps and shares
//! (`tests/common/board_kept.rs`): a game over a reload (`kept-reload.png`), "My games", and a
//! shared link opened in a browser of a new profile (`shared-link.png`), storage that is full
//! said once, players chosen for the next game that leave "My games" alone, a store of bad
//! entries that stops nothing (`tests/common/board_store.rs`), and a study board's side lines
//! (`tests/common/board_lines.rs`, `side-line.png`).

use crate::Res;
use crate::board_kept::{
    fresh_browser, kept_over_a_reload, next_players_leave_my_games, shared_link_opens_the_position,
    storage_full_is_said_once,
};
use crate::board_lines::side_lines;
use crate::board_mends::{
    engines_think_on_every_move, flip_stays_over_a_move, level_names_fit_at_1400,
    limit_errors_name_the_problem, new_clocks_reopen_a_game_lost_on_time, phone_fits_and_drags,
};
use crate::board_page::new_game;
use crate::page::save_png;
use crate::processes::http_get;
use fantoccini::Client;

pub async fn check_mends(client: &Client, base: &str) -> Res<()> {
    for icon in ["/favicon.ico", "/icon.svg"] {
        let body = http_get(base, icon)?;
        if !body.contains("<svg") {
            return Err(format!("GET {icon} is no SVG: {body:?}"));
        }
    }
    flip_stays_over_a_move(client).await?;
    new_game(client, "jesonmor", "9", 81).await?;
    engines_think_on_every_move(client, 6).await?;
    limit_errors_name_the_problem(client).await?;
    level_names_fit_at_1400(client).await?;
    new_clocks_reopen_a_game_lost_on_time(client).await?;
    new_game(client, "jesonmor", "9", 81).await?;
    let png = phone_fits_and_drags(client).await?;
    save_png("phone", png)?;
    Ok(())
}

pub async fn check_kept(client: &Client, base: &str, driver_port: u16) -> Res<()> {
    save_png("kept-reload", kept_over_a_reload(client).await?)?;
    let profile =
        std::env::temp_dir().join(format!("tabula-gui-browser-fresh-{}", std::process::id()));
    let fresh = fresh_browser(driver_port, &profile).await?;
    let outcome = shared_link_opens_the_position(client, &fresh, base).await;
    let _ = fresh.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    save_png("shared-link", outcome?)?;
    storage_full_is_said_once(client).await?;
    next_players_leave_my_games(client).await?;
    crate::board_store::a_bad_store_stops_nothing(client, base).await
}

/// The move tree of a study board (`board_kept::side_lines`): made, browsed, saved, loaded
/// back, promoted and deleted.
pub async fn check_side_lines(client: &Client) -> Res<()> {
    let (browsed, loaded) = side_lines(client, &crate::processes::screenshot_dir()).await?;
    save_png("side-line", browsed)?;
    save_png("side-line-loaded", loaded).map(drop)
}
