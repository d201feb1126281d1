//! The evaluation: its terms, its exact judgments of the race for the centre (each checked against
//! the search, which knows only the rules), and the search finding and avoiding wins through the
//! centre.

use super::eval::{Race, centre_race};
use super::*;
use crate::board::position_text::parse_position_text;
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::{Root, Settings, Signals, search};

fn position(text: &str) -> JesonMor<2> {
    JesonMor::from_text(&parse_position_text(text).unwrap()).unwrap()
}

/// The score and best move of a search of `text` to `depth`.
fn searched(text: &str, depth: u32) -> (Score, String) {
    let game = position(text);
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let signals = Signals::default();
    let history = History::new(true);
    let root = Root {
        position: &game,
        history: &history,
        moves: &[],
        tablebase: None,
    };
    let result = search(
        root,
        &limits,
        Settings::default(),
        &tt,
        &signals,
        &mut |_| {},
    );
    (result.score, game.move_text(result.best_move.unwrap()))
}

/// Positions on 9 x 9 (centre e5; its guard squares c4 c6 d3 d7 f3 f7 g4 g6), white to move.
const RACES: &[(&str, Race, &str)] = &[
    ("9/9/9/9/4N4/9/9/9/n8 w 0 1", Race::Won, "on the centre"),
    (
        "9/9/9/2n6/4n4/9/3N1N3/9/9 w 0 1",
        Race::Won,
        "black on e5, white's 2 guards against 1 defender",
    ),
    (
        "9/9/9/2n6/4n4/9/3N5/9/9 w 0 1",
        Race::Lost,
        "black on e5, 1 guard against 1 defender",
    ),
    (
        "9/9/9/2n6/9/9/3N1N3/9/9 w 0 1",
        Race::Won,
        "empty centre, 2 guards against 1",
    ),
    (
        "9/9/9/2n6/9/9/9/1N7/9 w 0 1",
        Race::Open,
        "one behind, b2 can reach c4",
    ),
    (
        "9/9/9/2n6/9/9/9/9/N8 w 0 1",
        Race::Lost,
        "one behind, a1 reaches no guard square",
    ),
    (
        "9/9/4N4/2n3n2/9/9/9/9/9 w 0 1",
        Race::Open,
        "two behind, e7 can take the guard on c6",
    ),
    (
        "9/9/9/2n3n2/9/9/9/1N7/9 w 0 1",
        Race::Lost,
        "two behind, b2 can only add a guard",
    ),
    ("9/9/3nN4/2n3n2/9/9/9/9/9 w 0 1", Race::Lost, "three behind"),
];

#[test]
fn the_race_for_the_centre_is_judged_from_guard_counts() {
    for &(text, race, why) in RACES {
        assert_eq!(centre_race(&position(text)), race, "{why}: {text}");
    }
}

#[test]
fn the_search_confirms_every_decided_race() {
    // An open race is only undecided by the guard counts (other rules may still decide it).
    for &(text, race, why) in RACES.iter().filter(|r| r.1 != Race::Open) {
        let (score, _) = searched(text, 8);
        let confirmed = match (race, score) {
            (Race::Won, Score::Mate(moves)) => moves > 0,
            (Race::Lost, Score::Mate(moves)) => moves < 0,
            _ => false,
        };
        assert!(confirmed, "{why}: {text} searched as {score}");
    }
}

#[test]
fn leaving_the_centre_is_mate_in_one() {
    assert_eq!(
        searched("4n4/9/9/9/4N4/9/9/9/4N4 w 0 1", 3).0,
        Score::Mate(1)
    );
}

#[test]
fn the_search_prepares_a_won_race() {
    // d3 and g6 guard e5 one each; b2c4 makes it two to one with black unable to add a guard
    // (i1 reaches g2 and h3 only), then white enters, the exchange on e5 ends with white there,
    // and it leaves: b2c4, -, enter, g6xe5, recapture, -, leave: mate in 4.
    assert_eq!(
        searched("9/9/9/6n2/9/9/3N5/1N7/8n w 0 1", 9),
        (Score::Mate(4), "b2c4".to_string())
    );
}

#[test]
fn the_search_does_not_enter_the_centre_to_be_taken() {
    // d3e5 would be taken by g6 with nothing to recapture; every other move keeps the race open.
    let (score, best) = searched("9/9/9/6n2/9/9/3N5/9/N7n w 0 1", 8);
    assert_ne!(best, "d3e5");
    assert!(matches!(score, Score::Centipawns(_)), "{score}");
}

#[test]
fn the_terms_add_up_to_the_evaluation() {
    for &(text, _, _) in RACES {
        for side in ["w", "b"] {
            let text = text.replace(" w ", &format!(" {side} "));
            let game = position(&text);
            let white_view: i32 = game.eval_terms().iter().map(|t| t.white - t.black).sum();
            let expected = match game.side_to_move() {
                Side::White => white_view,
                Side::Black => -white_view,
            };
            assert_eq!(game.hand_written_evaluation(), expected, "{text}");
        }
    }
}

#[test]
fn black_has_the_edge_in_a_mirror_image_position() {
    // The start is its own mirror image across the middle rank with the colours swapped, so
    // every other term is the same for the side to move whichever colour that is.
    let white_to_move =
        position("nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0 1").hand_written_evaluation();
    let black_to_move =
        position("nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN b 0 1").hand_written_evaluation();
    assert!(
        black_to_move > white_to_move,
        "{black_to_move} {white_to_move}"
    );
}
