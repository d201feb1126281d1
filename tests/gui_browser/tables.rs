//! A tab's table goes with it: reloads by the dozen never meet the server's limit of tables
//! (32), since a page that goes closes its table; and a tab opened when the limit is met (the
//! tables filled by other requests) says so, waits, and opens its table once one is closed.

use crate::Res;
use crate::board_page::{STEP, wait_for};
use crate::processes::Context;
use fantoccini::Client;
use serde_json::Value;
use std::time::Duration;

/// More reloads than the server keeps tables.
const RELOADS: usize = 40;

/// Opens tables from the page until the server refuses one; returns their ids.
const FILL: &str = r#"
const done = arguments[arguments.length - 1];
(async () => {
    const ids = [];
    for (let k = 0; k < 64; k++) {
        const res = await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'joust'})});
        if (res.status === 503) return ids;
        ids.push((await res.json()).id);
    }
    throw new Error('64 tables and no refusal');
})().then((ids) => done({ids}), (e) => done({failed: String(e)}));
"#;

/// Closes the tables `arguments[0]`.
const CLOSE: &str = r#"
const done = arguments[arguments.length - 1];
Promise.all(arguments[0].map((id) => fetch(`/api/tables/${id}`, {method: 'DELETE'}).then((r) => r.status)))
    .then((statuses) => done({statuses}), (e) => done({failed: String(e)}));
"#;

async fn close(client: &Client, ids: &[Value]) -> Res<()> {
    let closed = client
        .execute_async(CLOSE, vec![Value::Array(ids.to_vec())])
        .await
        .ctx("close tables")?;
    let statuses = closed["statuses"].as_array().ok_or(format!("{closed}"))?;
    if statuses.iter().any(|s| s != 200) {
        return Err(format!("closing tables answered {closed}"));
    }
    Ok(())
}

pub async fn check_tables(client: &Client, base: &str) -> Res<()> {
    for reload in 1..=RELOADS {
        client.refresh().await.ctx("reload")?;
        wait_for(
            client,
            &format!("a board after reload {reload}"),
            STEP,
            |s| s.squares > 0 && s.table.is_some(),
        )
        .await?;
    }
    let filled = client
        .execute_async(FILL, vec![])
        .await
        .ctx("fill the tables")?;
    let ids = filled["ids"]
        .as_array()
        .cloned()
        .ok_or(format!("{filled}"))?;
    let first_tab = client.window().await.ctx("name the first tab")?;
    let tab = client.new_window(true).await.ctx("open a second tab")?;
    client
        .switch_to_window(tab.handle)
        .await
        .ctx("go to the second tab")?;
    let outcome = a_tab_waits_for_a_table(client, base, &ids).await;
    client.close_window().await.ctx("close the second tab")?;
    client
        .switch_to_window(first_tab)
        .await
        .ctx("go back to the first tab")?;
    outcome
}

/// A new tab opened while the server's tables are all taken (by `ids`) says it waits, and
/// draws its board once one of them is closed.
async fn a_tab_waits_for_a_table(client: &Client, base: &str, ids: &[Value]) -> Res<()> {
    client.goto(base).await.ctx(&format!("open {base}"))?;
    wait_for(client, "the page to say it waits for a table", STEP, |s| {
        s.status.contains("too many tables open; asking again")
    })
    .await?;
    let (first, rest) = ids.split_first().ok_or("no table was opened")?;
    close(client, std::slice::from_ref(first)).await?;
    let drawn = wait_for(
        client,
        "a board once a table is closed",
        Duration::from_secs(20),
        |s| s.squares > 0 && s.table.is_some(),
    )
    .await;
    close(client, rest).await?;
    drawn.map(drop)
}
