//! `tabula match --tb` and `--tb-nodes`: a game ends as soon as a table, a proof or the Joust
//! solver knows its result, with that result (checked by a plain negamax over the rules), and
//! the summary says how many games it ended; a bad table stops the match before it starts.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use common::negamax::mover_wins;
use matches::{self_match, tags};
use tabula::game::BoardSize;
use tabula::games::{GameKind, build_session};
use tabula::session::Setup;

#[test]
fn the_solver_ends_each_joust_5x5_game_at_once_with_the_true_result() {
    let played = self_match(
        "tb-solver",
        &[
            "--game",
            "joust",
            "--size",
            "5",
            "--tc",
            "nodes=300",
            "--games",
            "4",
            "--seed",
            "3",
            "--tb-nodes",
            "1000000",
        ],
    );
    assert_eq!(played.code, 0, "{}", played.stderr);
    let openings = tags(&played.games, "Opening");
    let results = tags(&played.games, "Result");
    let endings = tags(&played.games, "Termination");
    assert_eq!(openings.len(), 4, "{}", played.games);
    for ((opening, result), ending) in openings.iter().zip(&results).zip(&endings) {
        let moves: Vec<&str> = opening
            .strip_prefix("startpos moves ")
            .expect("a random opening")
            .split(' ')
            .collect();
        let session = build_session(
            GameKind::Joust,
            Setup::Start(BoardSize::square(5)),
            &moves,
            false,
        )
        .expect("the opening's moves");
        let white_to_move = moves.len().is_multiple_of(2);
        let white_wins = mover_wins(session.as_ref()) == white_to_move;
        let (expected, winner) = if white_wins {
            ("1-0", "white")
        } else {
            ("0-1", "black")
        };
        assert_eq!(*result, expected, "{opening}");
        // A win on the very next move is adjudicated as such before the table is asked.
        let at_once = format!("adjudicated: {winner} wins at once with ");
        assert!(
            *ending == format!("adjudicated by the table: {winner} wins")
                || ending.starts_with(&at_once),
            "{opening}: {ending}"
        );
    }
    let by_table = endings
        .iter()
        .filter(|ending| ending.starts_with("adjudicated by the table"))
        .count();
    assert!(by_table > 0, "{endings:?}");
    assert!(
        played.stdout.contains(&format!(
            "Adjudicated by the table: {by_table} games; in the 0 whose distance it counts"
        )),
        "{}",
        played.stdout
    );
}

#[test]
fn a_table_that_cannot_be_read_stops_the_match_before_its_first_game() {
    let missing = std::env::temp_dir().join("tabula-no-such-table.tbl");
    let played = self_match(
        "tb-missing",
        &["--game", "claustro", "--tb", &missing.display().to_string()],
    );
    assert_eq!(played.code, 2);
    assert!(
        played.stderr.contains(&missing.display().to_string()),
        "{}",
        played.stderr
    );
    assert!(played.games.is_empty());
}
