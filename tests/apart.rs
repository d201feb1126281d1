//! Apart through the protocol: the real binary, driven through stdin, read through stdout.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::Engine;

const START: &str = "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 1";
/// White a1 b1 against black d1 d2; a1c1e1 and b1c2 leave white apart, black not: mate in 1.
const WIN_IN_ONE: &str = "8/8/8/8/8/8/3p4/PP1p4 w 0 2";
/// White a1 b1 a2 c2 b3: a1 reaches c3 through c1 or through a3 (printed a1a3c3).
const TWO_PATHS: &str = "6pp/8/8/8/8/1P6/P1P5/PP6 w 0 2";
/// Each side steps a piece out and back: the position after b1a2 stands again after plies 5, 9.
const SHUFFLE: &str = "b1a2 b8a7 a2b1 a7b8 b1a2 b8a7 a2b1 a7b8 b1a2";

fn fen_line(lines: &[String]) -> String {
    lines
        .iter()
        .find(|line| line.starts_with("Fen: "))
        .cloned()
        .unwrap_or_default()
}

#[test]
fn newgame_apart_sets_up_the_start() {
    let mut engine = Engine::start_game("apart");
    assert_eq!(fen_line(&engine.display()), format!("Fen: {START}"));
}

#[test]
fn a_win_in_one_is_reported_and_ends_the_game() {
    let mut engine = Engine::start_game("apart");
    engine.assert_result(&format!("position fen {WIN_IN_ONE} moves a1c1e1"), "p1win");
    // Capturing d1 leaves black's d2 alone: black, to move, is apart and wins.
    engine.assert_result(&format!("position fen {WIN_IN_ONE} moves b1d1"), "p2win");
    assert_eq!(engine.bestmove("go depth 2"), "bestmove (none)");
}

#[test]
fn any_path_of_a_turn_is_accepted() {
    let mut engine = Engine::start_game("apart");
    engine.send(&format!("position fen {TWO_PATHS} moves a1c1c3"));
    let by_c1 = fen_line(&engine.display());
    engine.send(&format!("position fen {TWO_PATHS} moves a1a3c3"));
    assert_eq!(fen_line(&engine.display()), by_c1);
    assert_eq!(by_c1, "Fen: 6pp/8/8/8/8/1PP5/P1P5/1P6 b 1 2");
    engine.send(&format!("position fen {TWO_PATHS}"));
    let listed = engine.ask("moves");
    let moves: Vec<&str> = listed[0].split_whitespace().collect();
    assert!(moves.contains(&"a1a3c3"));
    assert!(!moves.contains(&"a1c1c3"), "each turn is listed once");
}

#[test]
fn a_pass_is_refused_while_a_move_exists() {
    let mut engine = Engine::start_game("apart");
    engine.send(&format!("position fen {TWO_PATHS}"));
    let before = engine.display();
    let reply = engine.ask(&format!("position fen {TWO_PATHS} moves 0000"));
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string error: ") && reply[0].contains("'0000'"),
        "{reply:?}"
    );
    assert_eq!(engine.display(), before);
}

#[test]
fn engine_policy_draws_follow_the_option() {
    let mut engine = Engine::start_game("apart");
    engine.assert_result(&format!("position startpos moves {SHUFFLE}"), "draw");
    let capped = "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 201";
    engine.assert_result(&format!("position fen {capped}"), "draw");
    engine.send("setoption name EngineDraws value false");
    engine.assert_result(&format!("position startpos moves {SHUFFLE}"), "none");
    engine.assert_result(&format!("position fen {capped}"), "none");
}

/// The move of the next `bestmove` line, and the line.
fn best_move(engine: &Engine) -> (String, String) {
    let line = engine
        .read_until("bestmove")
        .last()
        .cloned()
        .unwrap_or_default();
    let mv = line
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (mv, line)
}

#[test]
fn a_timed_search_on_a_large_board_answers() {
    let mut engine = Engine::start_game("apart 25");
    engine.send("go movetime 300");
    let (mv, _) = best_move(&engine);
    let legal = engine.ask("moves");
    assert!(legal[0].split_whitespace().any(|m| m == mv), "{mv}");
}

/// White f6 g7 f8 touch; black h7 g8 touch. Of white's 32 turns only g7e5c3 leaves white apart
/// with black still touching (g7h7 takes h7 and leaves both apart: the mover loses). The first
/// turn `moves` lists, a3a2, does not win. The first iteration always completes, so even a search
/// stopped at once, or limited to one node, answers with the win.
const ONE_TURN_FROM_APART: &str = "position fen 1p3Pp1/6Pp/5P2/1Pp5/7p/P7/8/8 w 0 5";

#[test]
fn a_search_stopped_at_once_still_plays_the_win_found_at_depth_one() {
    let mut engine = Engine::start_game("apart 8");
    engine.send(ONE_TURN_FROM_APART);
    assert!(engine.ask("moves")[0].starts_with("a3a2 "));
    engine.send("go depth 20");
    assert_eq!(engine.bestmove("stop"), "bestmove g7e5c3");
    assert_eq!(engine.bestmove("go nodes 1"), "bestmove g7e5c3");
}

/// A random fill of a 10 x 10 board (30% white, 40% black), sides interleaved with room to
/// land: its turns number in the hundreds of millions, and listing them takes minutes.
const CONTRIVED: &str = "position fen ppP1Pp1Ppp/Pp1p1PPPp1/p1p1PPp1pP/PPP1P2Ppp/Pp1PpPp1PP/PpPPp1pppP/pPp1PppPP1/1P2PpPppp/1Pp1ppp1pP/1ppPppPpP1 w 0 5";

/// The engine answers `stop` and its clock even while it is still listing the root's turns
/// (it once went on listing for minutes, `stop` unheard).
#[test]
fn a_search_still_listing_turns_answers_stop_and_the_clock() {
    let mut engine = Engine::start_game("apart 10");
    engine.send(CONTRIVED);
    for (go, stop) in [("go infinite", true), ("go movetime 300", false)] {
        engine.send(go);
        engine.send("isready");
        let mut before_ready = engine.read_until("readyok");
        before_ready.pop();
        assert!(
            before_ready.iter().all(|line| line.starts_with("info ")),
            "{go}: {before_ready:?}"
        );
        if stop {
            std::thread::sleep(std::time::Duration::from_millis(300));
            engine.send("stop");
        }
        let (mv, best) = best_move(&engine);
        assert!(mv.len() >= 4 && mv != "(none)", "{go}: {best}");
    }
    let position = CONTRIVED.strip_prefix("position fen ").unwrap_or_default();
    assert_eq!(fen_line(&engine.display()), format!("Fen: {position}"));
}

/// A 10 x 10 board 80% filled at random (seed 5): some positions a few plies on list tens of
/// millions of turns, which the search used to hold in full (2.9 GB after a million nodes).
const CROWDED_10: &str = "ppp1p1Pp1p/1PpPppPPP1/pPpPpPP1PP/2P1ppP1p1/1PPPPPPpPp/PP1pPppP1P/\
                          p1PpPpPPP1/Pp2PPppPp/p1P1PPp1P1/pPPPPPp1PP w 0 1";

#[test]
fn a_search_of_a_crowded_board_stays_within_its_memory_bound() {
    let mut engine = Engine::start_game("apart 10");
    let lines = engine.search_from(&format!("position fen {CROWDED_10}"), "go nodes 1000000");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    // Hash (16 MB by default) plus the bound of docs/architecture.md, with room to spare; the
    // unbounded lists went past 2 GB here.
    if let Some(peak) = engine.peak_memory_kb() {
        assert!(peak < 400 * 1024, "peak memory {peak} kB");
    }
}

/// A `size` x `size` board, each square white, black or empty with chances 0.4, 0.4 and 0.2
/// (a fixed linear congruential sequence), white to move after its first turn.
fn crowded(size: usize) -> String {
    let mut state: u64 = 7;
    let mut ranks = Vec::new();
    for _ in 0..size {
        let mut rank = String::new();
        let mut empty = 0;
        for _ in 0..size {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let cell = match (state >> 33) % 10 {
                0..4 => Some('P'),
                4..8 => Some('p'),
                _ => None,
            };
            match cell {
                Some(piece) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(piece);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    format!("{} w 0 2", ranks.join("/"))
}

#[test]
fn a_pass_on_a_crowded_board_is_refused_without_listing_its_turns() {
    // The board has millions of turns; telling that a pass is not legal needs only the first.
    let mut engine = Engine::start_game("apart 25");
    let reply = engine.ask(&format!("position fen {} moves 0000", crowded(25)));
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string error: ")
            && reply[0].contains("passing is allowed only when no move is"),
        "{reply:?}"
    );
    let fen = fen_line(&engine.display());
    assert!(fen.starts_with("Fen: 1ppppppppppppppppppppppp1/"), "{fen}");
}
