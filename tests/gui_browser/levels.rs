//! The level list of the players form as a person sees it: for the table's game, the entries
//! /api/info serves (named levels and points of the Elo knob, by Elo) in the same order and
//! words; one Elo point picked from it, and a picture of the list drawn open (`levels.png`).
//!
//! The page keeps for this test: `select#level-black` with an `option` per entry (value the
//! level's name, or `elo:N` for a point of the knob).

use crate::board_page::find_id;
use crate::page::save_png;
use crate::processes::api_get;
use crate::{Context, Res};
use fantoccini::Client;
use serde_json::Value;

const READ_LIST: &str = r#"
return Array.from(document.getElementById('level-black').options)
    .map((o) => [o.value, o.textContent]);
"#;

/// Draws the list of `select#level-black` whole, open (a select with a `size` is a list box)
/// at its full width at the top left of the window, or as it was with `false`.
const SHOW_LIST: &str = r#"
const select = document.getElementById('level-black');
const open = arguments[0];
select.size = open ? select.options.length + select.querySelectorAll('optgroup').length : 0;
for (const [name, value] of [['position', 'fixed'], ['left', '0'], ['top', '0'],
    ['width', 'max-content'], ['z-index', '10']]) {
    if (open) select.style.setProperty(name, value); else select.style.removeProperty(name);
}
"#;

/// Picks the strongest point of the knob below full strength from `select#level-black`, after
/// checking that the list is /api/info's for `game`; the value picked (`elo:N`) and its Elo.
pub async fn pick_elo_point(client: &Client, base: &str, game: &str) -> Res<(String, i64)> {
    let shown = client
        .execute(READ_LIST, vec![])
        .await
        .ctx("read select#level-black")?;
    let shown: Vec<(String, String)> =
        serde_json::from_value(shown).ctx("the options of select#level-black")?;
    let info = api_get(base, "/api/info")?;
    let served = info["games"]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["name"] == game))
        .and_then(|g| g["levels"].as_array())
        .ok_or_else(|| format!("/api/info lists no levels for {game}: {info}"))?;
    let expected: Vec<(String, String)> = served
        .iter()
        .map(|entry| {
            let value = match entry["kind"].as_str() {
                Some("elo") => format!("elo:{}", entry["elo"]),
                _ => entry["level"].as_str().unwrap_or("").to_string(),
            };
            (value, entry["label"].as_str().unwrap_or("").to_string())
        })
        .collect();
    if shown.get(1..) != Some(&expected[..]) {
        return Err(format!(
            "select#level-black lists {shown:?}, not 'engine default' and /api/info's {expected:?}"
        ));
    }
    let point = served
        .iter()
        .filter(|entry| entry["kind"] == "elo")
        .filter(|entry| {
            entry["label"]
                .as_str()
                .is_some_and(|label| label.contains("limited strength: at most"))
        })
        .filter_map(|entry| entry["elo"].as_i64())
        .next_back()
        .ok_or_else(|| format!("no Elo point below full strength for {game}: {served:?}"))?;
    let value = format!("elo:{point}");
    crate::board_page::select(client, "level-black", &value).await?;
    picture_of_the_list(client).await?;
    Ok((value, point))
}

/// `levels.png`: the level list drawn open.
async fn picture_of_the_list(client: &Client) -> Res<()> {
    client
        .execute(SHOW_LIST, vec![Value::from(true)])
        .await
        .ctx("draw the level list open")?;
    let list = find_id(client, "level-black", "select#level-black").await?;
    let png = list.screenshot().await.ctx("a picture of the level list");
    client
        .execute(SHOW_LIST, vec![Value::from(false)])
        .await
        .ctx("draw the level list closed again")?;
    let path = save_png("levels", png?)?;
    eprintln!("  screenshot {}", path.display());
    Ok(())
}
