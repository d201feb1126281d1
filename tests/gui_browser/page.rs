//! The served page as the browser test sees it, beyond what both homes share
//! (`tests/common/board_page.rs`): screenshots, the players chosen as the server takes them, and
//! the page cross-origin isolated by the server's headers.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::board_page::{click, select, type_into};
use crate::processes::{api_get, screenshot_dir};
use crate::{Context, ELO_POINT, GameSpec, Res, STEP};
use fantoccini::Client;
use serde_json::Value;

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

/// The page is cross-origin isolated (`crossOriginIsolated`: the server's COOP and COEP headers
/// took, and nothing it loads was refused for them).
pub async fn is_isolated(client: &Client) -> Res<()> {
    let isolated = client
        .execute("return window.crossOriginIsolated;", vec![])
        .await
        .ctx("read crossOriginIsolated")?;
    if isolated == Value::Bool(true) {
        Ok(())
    } else {
        Err(format!("the page is not cross-origin isolated: {isolated}"))
    }
}
