//! What the board page keeps cannot stop it, in both homes (`gui_browser` at the server's,
//! `web_board` at the static site's): the browser's storage is filled with random JSON, `null`s,
//! wrong types, huge strings, unreadable text and good games changed at random, and with the
//! quota used up; after each reload the page draws a board, lists every good game, names what
//! it set aside, and opens a good game.

use crate::board_page::{STEP, click, type_into, wait_for};
use crate::processes::{Context, Res};
use fantoccini::Client;
use serde_json::{Value, json};

/// How many stores are tried, each with its own seed.
const ROUNDS: u64 = 12;

/// Fills the page's storage from a seed (`arguments[0]`), a good game of "My games"
/// (`arguments[1]`) and a good game in progress (`arguments[2]`), each put back as is, changed
/// at random or replaced by junk; `arguments[3]` puts `null` among the games and uses the quota up with other keys. Returns what
/// a page that reads it must show: `{goods}` (the ids of the good games), `junk` (whether plain
/// junk, never a game, is among the games).
const FILL: &str = r#"
const [seed, entry, current, full] = arguments;
let state = seed >>> 0;
const random = () => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
const pick = (items) => items[Math.floor(random() * items.length)];
const junk = (depth = 0) => pick([
    () => null, () => 0, () => -1.5, () => 1e308, () => true, () => '', () => 'a1b3',
    () => 'x'.repeat(Math.floor(random() * 100000)), () => '\u{1F600}'.repeat(50),
    () => (depth < 3 ? [junk(depth + 1), junk(depth + 1)] : []),
    () => (depth < 3 ? { id: junk(depth + 1), snapshot: junk(depth + 1) } : {}),
])();
const changed = (value) => {
    const copy = JSON.parse(JSON.stringify(value));
    const paths = [];
    const walk = (v, path) => {
        if (path.length) paths.push(path);
        if (v && typeof v === 'object') for (const key of Object.keys(v)) walk(v[key], [...path, key]);
    };
    walk(copy, []);
    const path = pick(paths);
    const parent = path.slice(0, -1).reduce((v, key) => v[key], copy);
    if (random() < 0.3) delete parent[path[path.length - 1]];
    else parent[path[path.length - 1]] = junk();
    return copy;
};
const goods = [0, 1, 2].map((k) => ({ ...entry, id: `good-${k}`, title: `${entry.title} #${k}`,
    snapshot: { ...entry.snapshot, id: `good-${k}` } }));
const games = [...goods];
let plain = full;
if (full) games.push(null);
for (let k = Math.floor(random() * 4) + 1; k > 0; k--) {
    const at = Math.floor(random() * (games.length + 1));
    if (random() < 0.5) { plain = true; games.splice(at, 0, pick([null, 1, 'x', [], true])); }
    else games.splice(at, 0, { ...changed(entry), id: `changed-${k}` });
}
for (const key of Object.keys(localStorage)) if (key.startsWith('tabula.')) localStorage.removeItem(key);
const unreadable = !full && random() < 0.15;
localStorage.setItem('tabula.games', unreadable ? JSON.stringify(games).slice(0, -1) : JSON.stringify(games));
const inProgress = pick([() => JSON.stringify(current), () => JSON.stringify(changed(current)),
    () => JSON.stringify(junk()), () => '{"game": ', () => null])();
if (inProgress !== null) localStorage.setItem('tabula.current', inProgress);
localStorage.setItem('tabula.options', pick(['{"flipped": true}', '[1]', 'null', '{"sound": "loud"}', '{']));
if (full) {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
        const chunk = 'f'.repeat(size);
        for (;;) {
            try { localStorage.setItem(`fuzz.${n++}`, chunk); } catch (e) { break; }
        }
    }
}
return { goods: unreadable ? [] : goods.map((g) => g.id), junk: plain || unreadable };
"#;

/// What the page shows of "My games" and its notices.
const READ_KEPT: &str = r#"
return {
    ids: Array.from(document.querySelectorAll('#my-games li.kept')).map((li) => li.dataset.id),
    notices: Array.from(document.querySelectorAll('#notices li')).map((li) => li.textContent),
    status: document.getElementById('status').textContent,
};
"#;

/// Forgets what the fuzzing kept: the page's keys and the filler.
const FORGET: &str = r#"
for (const key of Object.keys(localStorage)) {
    if (key.startsWith('tabula.') || key.startsWith('fuzz.')) localStorage.removeItem(key);
}
"#;

async fn stored(client: &Client, key: &str) -> Res<Value> {
    let text = client
        .execute(
            "return localStorage.getItem(arguments[0])",
            vec![json!(key)],
        )
        .await
        .ctx(&format!("read {key}"))?;
    let text = text
        .as_str()
        .ok_or(format!("nothing is kept under {key}"))?;
    serde_json::from_str(text).map_err(|e| format!("{key} is not JSON: {e}"))
}

/// A game of two moves played by two people, kept: its entry in "My games" and as the game in
/// progress.
async fn a_good_game(client: &Client) -> Res<(Value, Value)> {
    crate::board_page::new_game(client, "jesonmor", "9", 81).await?;
    crate::board_mends::choose_players(client, ("human", ""), ("human", ""), ("movetime", "1"))
        .await?;
    for (ply, text) in ["b1c3", "a9b7"].iter().enumerate() {
        type_into(client, "move-text", &format!("{text}\u{e007}")).await?;
        wait_for(client, &format!("the move {text}"), STEP, |s| s.moves > ply).await?;
    }
    let games = stored(client, "tabula.games").await?;
    let entry = games
        .as_array()
        .and_then(|games| games.first())
        .cloned()
        .ok_or("My games keeps no game")?;
    Ok((entry, stored(client, "tabula.current").await?))
}

/// One store (`seed`, with the quota used up where `full`), the page at `base` opened on it.
/// The store is filled from the site's icon, where no page runs that could read it first.
async fn one_store(
    client: &Client,
    base: &str,
    seed: u64,
    full: bool,
    good: &(Value, Value),
) -> Res<()> {
    let icon = format!("{}/icon.svg", base.trim_end_matches('/'));
    client.goto(&icon).await.ctx("open the icon")?;
    let want = client
        .execute(
            FILL,
            vec![json!(seed), good.0.clone(), good.1.clone(), json!(full)],
        )
        .await
        .ctx("fill the storage")?;
    client.goto(base).await.ctx("open the page on the store")?;
    let what = format!("store {seed}{}", if full { ", quota used up" } else { "" });
    wait_for(client, &format!("a board drawn on {what}"), STEP * 4, |s| {
        s.squares > 0 && !s.status.starts_with("Loading")
    })
    .await?;
    let shown = client
        .execute(READ_KEPT, vec![])
        .await
        .ctx("read My games")?;
    let ids = crate::processes::strings(&shown, "ids");
    let missing: Vec<&Value> = want["goods"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|id| !ids.iter().any(|shown| Some(shown.as_str()) == id.as_str()))
        .collect();
    if !missing.is_empty() {
        return Err(format!("on {what}, My games lacks {missing:?}: {shown}"));
    }
    let named = |words: &str| {
        shown["notices"].as_array().is_some_and(|n| {
            n.iter()
                .any(|n| n.as_str().is_some_and(|n| n.contains(words)))
        })
    };
    if want["junk"] == true && !named("(tabula.games: ") {
        return Err(format!(
            "on {what}, the games set aside are not named: {shown}"
        ));
    }
    if full && want["junk"] == true && !named("left as it is") {
        return Err(format!(
            "on {what}, the page does not say it left the bad entry: {shown}"
        ));
    }
    Ok(())
}

/// Random stores, then one with the quota used up; a good game opens from the last one.
pub async fn a_bad_store_stops_nothing(client: &Client, base: &str) -> Res<()> {
    let good = a_good_game(client).await?;
    let outcome = async {
        for seed in 1..=ROUNDS {
            one_store(client, base, seed, false, &good).await?;
        }
        // Plain junk among the games, and the quota leaving no room to set it aside.
        one_store(client, base, 3, true, &good).await?;
        click(
            client,
            "#my-games li[data-id='good-1'] button[data-action='open']",
        )
        .await?;
        wait_for(client, "a good game opened", STEP, |s| s.moves == 2).await
    }
    .await;
    client
        .execute(FORGET, vec![])
        .await
        .ctx("forget the store")?;
    outcome.map(drop)
}
