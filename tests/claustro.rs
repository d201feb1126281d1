//! Claustro through the protocol: the real binary, driven through stdin, read through stdout.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use common::{Engine, assert_shows};

const START: &str = "2pp1/4p/P3p/P4/1PP2 w 0 1";

#[test]
fn newgame_shows_the_start_with_goals_and_neutral_corners() {
    let mut engine = Engine::start_game("claustro");
    let lines = engine.display();
    assert_shows(&lines, &format!("Fen: {START}"));
    assert_shows(&lines, " 5 | # . p p G |");
    assert_shows(&lines, " 1 | g P P . # |");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("G white's goal e5, g black's goal a1"))
    );
    assert_shows(&lines, "Status: in progress");
}

#[test]
fn entering_the_goal_wins() {
    let mut engine = Engine::start_game("claustro");
    engine.assert_result("position fen 3P1/5/2p2/1P3/1p3 w 0 1 moves d5e5", "p1win");
}

#[test]
fn the_player_to_move_without_a_legal_move_wins() {
    let mut engine = Engine::start_game("claustro");
    // White's d1 is blocked by black's d2 and cannot step onto the neutral corner e1.
    engine.send("position fen 5/5/5/3p1/3P1 w 0 1");
    assert_eq!(engine.ask("moves"), ["(none)"]);
    assert_eq!(engine.ask("query gameover"), ["response true"]);
    assert_eq!(engine.ask("query result"), ["response p1win"]);
    assert_eq!(engine.bestmove("go depth 2"), "bestmove (none)");
}

#[test]
fn repeating_a_capture_pair_three_times_wins_for_the_last_mover() {
    let mut engine = Engine::start_game("claustro");
    // After b1b2 c5c4 a3a4 c4c3, white's b2 and black's c3 capture each other back and forth:
    // b2c3d4 sends black's pawn to d4, d4c3b2 sends white's back to b2.
    let opening = "position startpos moves b1b2 c5c4 a3a4 c4c3";
    let pair = "b2c3d4 d4c3b2";
    engine.assert_result(&format!("{opening} {pair} {pair} b2c3d4"), "none");
    engine.assert_result(&format!("{opening} {pair} {pair} {pair}"), "p2win");
    let reply = engine.ask(&format!("{opening} {pair} {pair} {pair} a4a5"));
    assert!(reply[0].starts_with("info string error: "), "{reply:?}");
}

#[test]
fn a_search_returns_a_legal_move_on_a_large_board() {
    let mut engine = Engine::start_game("claustro");
    engine.send("newgame claustro 25");
    engine.send("go movetime 300");
    let best = engine.read_until("bestmove").last().unwrap().to_string();
    let best = best.split_whitespace().nth(1).unwrap().to_string();
    let legal = engine.ask("moves");
    assert!(legal[0].split_whitespace().any(|m| m == best), "{best}");
}

/// The last search's score and move, after `searches` (position commands, each searched to
/// `depth`) in one engine, whose transposition table outlives each search.
fn last_answer(searches: &[&str], depth: u32) -> (String, String) {
    let mut engine = Engine::start_game("claustro");
    engine.send("newgame claustro 6");
    let mut answer = (String::new(), String::new());
    for position in searches {
        engine.send(position);
        let lines = engine.search(&format!("go depth {depth}"));
        let info = lines
            .iter()
            .rfind(|line| line.starts_with("info depth"))
            .unwrap();
        let words: Vec<&str> = info.split_whitespace().collect();
        let score = words.iter().position(|&word| word == "score").unwrap();
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        answer = (words[score + 1..score + 3].join(" "), best.to_string());
    }
    answer
}

/// A packed 6 x 6 board: white's only moves are the captures e4f5e4 and d5e6d5, each putting a
/// white pawn next to its goal, and black's only answer that does not lose at once is to capture
/// back the same way, which restores the board. So white never loses: it alternates the two
/// captures (the same one three times in a row would lose by repetition). After e4f5e4 has been
/// played twice by each side, playing it again loses at once, so white must play d5e6d5; without
/// that history either will do. A search must never call the position lost, whatever the
/// engine searched before: a score found where the repetition could strike must not be read
/// back from the transposition table where it cannot, nor the other way round.
#[test]
fn a_repetition_in_progress_keeps_its_own_transposition_table_entries() {
    let packed = "position fen 1pPpp1/pPpPpp/PpPpPp/pPpPpP/PpPpPp/1PpPp1 w 0 1";
    let repeating = format!("{packed} moves e4f5e4 e4f5e4 e4f5e4 e4f5e4");
    for depth in [6, 10] {
        for searches in [
            vec![packed],
            vec![&repeating, packed],
            vec![repeating.as_str()],
            vec![packed, &repeating],
        ] {
            let (score, best) = last_answer(&searches, depth);
            assert!(
                score.starts_with("cp "),
                "depth {depth}, {searches:?}: {score}"
            );
            if searches.last() == Some(&repeating.as_str()) {
                assert_eq!(best, "d5e6d5", "depth {depth}, {searches:?}");
            }
        }
    }
}
