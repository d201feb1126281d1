//! The real-browser test of the static site's protocol console (`console.html`; `scripts/web.sh`
//! builds the site into `target/web/`, and `web_board` tests its board page): a plain static
//! server (`python3 -m http.server`) serves it, headless Chromium opens it, and the engine runs
//! as WebAssembly in the page's Web Worker. In each game the test plays several
//! moves against the engine through the protocol (`web/engine.js`), checking every reply
//! against the legal moves the engine itself lists before it; then `stop` ends an infinite
//! search at once (a new Worker is started and told the position), as it ends `perft` and
//! `bench`, a refused `position` line is not told to the new Worker, `help` lists what works
//! in the browser, and bad input (a garbled
//! message to the Worker, a position string that breaks the rules) gets one error line and
//! leaves the engine running with its position unchanged, and a Worker that crashed is replaced
//! with the page saying so. The module's `Rules` answer what the board page asks (the squares
//! that may be clicked next, a move's text, the position string). No console error may appear, and
//! every request stays on the page's origin. A screenshot per game is saved in
//! `target/web-screenshots/`.
//!
//! Like `gui_browser`, it needs chromium and chromium-driver, and the site built, so it is
//! ignored by a plain `cargo test`; `.ci/run` builds the site and runs it with
//! `cargo test --test web_browser -- --ignored`.

#[allow(dead_code)]
#[path = "common/static_site.rs"]
mod static_site;

use fantoccini::{Client, Locator};
use static_site::processes::{Context, Res, strings};
use static_site::{
    ANSWER, GAMES, Site, ask, in_site, legal_moves, only_own_origin, open_console, target_dir, tell,
};
use std::time::{Duration, Instant};

/// How soon `stop` must bring `bestmove`.
const STOP_ANSWER: Duration = Duration::from_millis(500);
/// The engine's moves played in each game.
const ENGINE_MOVES: usize = 4;

/// The position string the engine shows (`d`'s `Fen:` line).
async fn position(client: &Client) -> Res<String> {
    ask(client, &["d"], "Fen:", ANSWER)
        .await?
        .pop()
        .ok_or_else(|| "d: no position line".to_string())
}

/// The engine still shows the position `before`, after `what`.
async fn position_kept(client: &Client, before: &str, what: &str) -> Res<()> {
    let after = position(client).await?;
    if after == before {
        Ok(())
    } else {
        Err(format!(
            "{what} moved the position from {before:?} to {after:?}"
        ))
    }
}

/// Plays [`ENGINE_MOVES`] moves of `game` against the engine: the test plays the first legal
/// move after a seeded skip, the engine answers at `go movetime 50`, and each answer must be
/// among the legal moves listed before it.
async fn play(client: &Client, game: &str, size: &str, seed: usize) -> Res<Vec<String>> {
    tell(client, &format!("newgame {game} {size}")).await?;
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..ENGINE_MOVES {
        tell(
            client,
            &format!("position startpos moves {}", moves.join(" ")),
        )
        .await?;
        let legal = legal_moves(client).await?;
        let Some(ours) = legal.get((seed + 7 * ply) % legal.len().max(1)) else {
            break;
        };
        moves.push(ours.clone());
        let setup = format!("position startpos moves {}", moves.join(" "));
        tell(client, &setup).await?;
        let replies = legal_moves(client).await?;
        if replies.is_empty() {
            break;
        }
        let answer = ask(client, &["go movetime 50"], "bestmove", ANSWER).await?;
        let best = answer
            .last()
            .and_then(|line| line.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        if !replies.contains(&best) {
            return Err(format!(
                "{game}: the engine played {best:?}, not one of {replies:?} (after {setup})"
            ));
        }
        moves.push(best);
    }
    if moves.len() < 4 {
        return Err(format!("{game}: the game ended early: {moves:?}"));
    }
    Ok(moves)
}

/// `stop` during `go infinite` brings `bestmove` at once, with a move of the best line so far,
/// and the restarted engine still has the game and position.
async fn stop_is_obeyed(client: &Client) -> Res<()> {
    tell(client, "newgame claustro 5").await?;
    let before = position(client).await?;
    ask(client, &["go infinite"], "info depth 3", ANSWER).await?;
    let started = Instant::now();
    let answer = ask(client, &["stop"], "bestmove", STOP_ANSWER).await?;
    let waited = started.elapsed();
    if answer.last().is_some_and(|line| line.ends_with("(none)")) {
        return Err(format!("stop: no move after three depths: {answer:?}"));
    }
    position_kept(client, &before, "stop").await?;
    eprintln!("stop: bestmove after {} ms", waited.as_millis());
    Ok(())
}

/// A garbled message to the Worker and a position string that breaks the rules each bring
/// one error line; the engine keeps its position and answers `isready`.
async fn bad_input_is_refused(client: &Client) -> Res<()> {
    let before = position(client).await?;
    let start = client
        .execute(
            "window.tabula.postRaw(42); return window.lines.length",
            vec![],
        )
        .await
        .ctx("post a garbled message")?;
    ask(client, &["isready"], "readyok", ANSWER).await?;
    let said = client
        .execute(
            "return {lines: window.lines.slice(arguments[0])}",
            vec![start],
        )
        .await
        .ctx("read the lines")?;
    let after_garble = strings(&said, "lines");
    let errors = after_garble
        .iter()
        .filter(|line| line.starts_with("info string error:"))
        .count();
    if errors != 1 {
        return Err(format!("a garbled message: {after_garble:?}"));
    }
    let refused = refuse_a_position(client).await?;
    eprintln!("a bad position string: {}", refused.join(" | "));
    position_kept(client, &before, "bad input").await
}

/// Sends a position string of no game, which the engine refuses: what it answers.
async fn refuse_a_position(client: &Client) -> Res<Vec<String>> {
    ask(
        client,
        &["position fen 9/9 w 0 1"],
        "info string error",
        ANSWER,
    )
    .await
}

/// Sends `line`, a command that keeps the engine busy, and gives it 300 ms to get going.
async fn busy(client: &Client, line: &str) -> Res<()> {
    client
        .execute(
            "window.tabula.send(arguments[0]); return true",
            vec![serde_json::Value::from(line)],
        )
        .await
        .ctx(&format!("send {line}"))?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    Ok(())
}

/// `stop` ends `perft` (and so `bench`) as it ends `go`: at once, saying so, the engine ready
/// again with its position; the position kept through a refused `position` line and a `stop`
/// is the last one taken (only what the engine took is told to its next Worker); and `help`
/// lists only what works in the browser.
async fn stop_ends_perft_and_the_position_is_kept(client: &Client) -> Res<()> {
    tell(client, "newgame jesonmor 9").await?;
    tell(client, "position startpos moves b1c3").await?;
    let before = position(client).await?;
    let refused = refuse_a_position(client).await?;
    eprintln!("a refused position before stop: {}", refused.join(" | "));
    busy(client, "perft 9").await?;
    let started = Instant::now();
    let answer = ask(client, &["stop"], "info string perft stopped", STOP_ANSWER).await?;
    eprintln!(
        "stop during perft: {:?} after {} ms",
        answer.last(),
        started.elapsed().as_millis()
    );
    position_kept(client, &before, "a refused position, perft and stop").await?;
    ask(client, &["go infinite"], "info depth 2", ANSWER).await?;
    ask(client, &["stop"], "bestmove", STOP_ANSWER).await?;
    position_kept(client, &before, "a refused position, go and stop").await?;
    busy(client, "bench").await?;
    ask(client, &["stop"], "info string bench stopped", STOP_ANSWER).await?;
    position_kept(client, &before, "bench and stop").await?;
    let help = ask(client, &["help", "isready"], "readyok", ANSWER)
        .await?
        .join("\n");
    for missing in ["xboard", "quit", "ponderhit"] {
        if help.contains(missing) {
            return Err(format!("help in the browser offers {missing}: {help}"));
        }
    }
    if !help.contains("stop") || !help.contains("perft") {
        return Err(format!("help in the browser: {help}"));
    }
    Ok(())
}

/// A Worker whose module trapped (here the Worker's `{crashed}` message is handed to the page's
/// engine client as a trapping module's Worker sends it) is replaced: the page says so, and the
/// new engine has the game and position of the old one.
async fn a_crashed_worker_is_replaced(client: &Client) -> Res<()> {
    let before = position(client).await?;
    client
        .execute(
            "window.tabula.receive({crashed: 'RuntimeError: unreachable'})",
            vec![],
        )
        .await
        .ctx("report a crash")?;
    let notice = client
        .find(Locator::Id("notice"))
        .await
        .ctx("find #notice")?
        .text()
        .await
        .ctx("read #notice")?;
    if !notice.contains("restarted") {
        return Err(format!("after a crash the page says {notice:?}"));
    }
    position_kept(client, &before, "a crash").await
}

/// The module's `Rules` answer what the board page asks, on Jeson Mor's start (nine knights a
/// side on 9 x 9): every white knight may start a move, b1 reaches a3, c3 and d2, b1 c3 makes
/// the move `b1c3`, the board's rows mark the centre, and bad input is refused with the
/// rules' message.
async fn the_rules_answer_the_page(client: &Client) -> Res<()> {
    let script = r#"
        const done = arguments[arguments.length - 1];
        import("./pkg/tabula_wasm.js").then(async (module) => {
            await module.default();
            const rules = new module.Rules("jesonmor", "", "", "");
            const refused = (work) => { try { work(); return null; } catch (e) { return String(e); } };
            const answer = {
                starts: rules.targets("").next,
                fromB1: rules.targets("b1").next,
                made: rules.targets("b1 c3").complete,
                text: rules.moveText("b1c3"),
                badMove: refused(() => rules.play("b1b2")),
                badPosition: refused(() => new module.Rules("jesonmor", "", "9/9 w 0 1", "")),
                before: rules.position(),
                rows: rules.boardRows(),
            };
            rules.play("b1c3");
            answer.after = rules.position();
            done(answer);
        }).catch((e) => done({ failed: String(e) }));"#;
    let answer = client
        .execute_async(script, vec![])
        .await
        .ctx("ask the rules")?;
    let files = "abcdefghi".chars();
    let knights: Vec<String> = files.map(|file| format!("{file}1")).collect();
    let expected = [
        (strings(&answer, "starts"), knights),
        (
            strings(&answer, "fromB1"),
            ["a3", "c3", "d2"].map(String::from).to_vec(),
        ),
    ];
    for (got, wanted) in expected {
        if got != wanted {
            return Err(format!("the rules say {got:?}, not {wanted:?}: {answer}"));
        }
    }
    let refused = |key: &str| {
        answer[key]
            .as_str()
            .is_some_and(|why| why.contains("Error"))
    };
    if answer["made"] != "b1c3" || answer["text"] != "b1c3" || !refused("badMove") {
        return Err(format!("the rules on b1c3: {answer}"));
    }
    if !refused("badPosition") || answer["before"] == answer["after"] {
        return Err(format!("the rules on positions: {answer}"));
    }
    eprintln!("rules: {answer}");
    Ok(())
}

async fn run(client: &Client, base: &str) -> Res<()> {
    let shots = target_dir().join("web-screenshots");
    std::fs::create_dir_all(&shots).ctx("create the screenshot folder")?;
    for (seed, (game, size)) in GAMES.iter().enumerate() {
        let moves = play(client, game, size, seed).await?;
        eprintln!("{game} {size}: {}", moves.join(" "));
        position(client).await?;
        let png = client.screenshot().await.ctx("take a screenshot")?;
        std::fs::write(shots.join(format!("{game}.png")), png).ctx("save a screenshot")?;
    }
    stop_is_obeyed(client).await?;
    stop_ends_perft_and_the_position_is_kept(client).await?;
    bad_input_is_refused(client).await?;
    a_crashed_worker_is_replaced(client).await?;
    the_rules_answer_the_page(client).await?;
    only_own_origin(client, base).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and the site built by scripts/web.sh; .ci/run runs it"]
async fn the_static_site_plays_every_game_in_a_real_browser() {
    let failure = target_dir().join("web-screenshots/console-failure.png");
    in_site(
        open_console("chromium.log").await,
        &failure,
        async |site: &Site| run(&site.client, &site.base).await,
    )
    .await;
}
