//! Tests of the probes: a Joust position's value and its moves', Claustro values agreeing
//! between a position and its moves, and the order (tests/probe.rs checks Joust values against
//! a plain negamax over the rules).

use super::probe::{MoveValue, Probe, best_of, value_text};
use super::{GameKind, build_session, open_session};
use crate::board::position_text::parse_position_text;
use crate::game::BoardSize;
use crate::games::claustro::solution::{SolutionTable, position_text};
use crate::session::Setup;
use crate::tablebase::Proven;
use std::sync::Arc;

#[test]
fn a_joust_position_s_value_is_its_best_move_s_and_the_moves_are_all_listed() {
    let probe = Probe::new(None, 1_000_000);
    let session = open_session(GameKind::Joust, BoardSize::square(5), None, &[], false)
        .expect("the 5 x 5 start");
    let values = probe.move_values(session.as_ref());
    assert_eq!(values.len(), session.legal_moves().len());
    // 5 x 5 is a first-player win (the figure: tabula's search finds mate 8).
    assert_eq!(best_of(&values), Some(Proven::Win(None)));
    assert_eq!(probe.value(session.as_ref()), Some(Proven::Win(None)));
    let wins = values
        .iter()
        .take_while(|entry| entry.value == Some(Proven::Win(None)));
    assert!(wins.count() >= 1);
    // No solver: only the game's own verdicts and the proven start are known.
    let blind = Probe::new(None, 0).move_values(session.as_ref());
    assert!(blind.iter().all(|entry| entry.value.is_none()), "{blind:?}");
}

#[test]
fn claustro_table_values_of_a_position_and_of_its_moves_agree() {
    let table = SolutionTable::solve(BoardSize::square(5), 2, &mut |_| {}).expect("a table");
    let count = table.space().len();
    let texts: Vec<String> = (0..count)
        .step_by(count / 40)
        .map(|index| position_text(&table, index))
        .collect();
    let probe = Probe::new(Some(Arc::new(table)), 0);
    let mut decided = 0;
    for text in texts {
        let parsed = parse_position_text(&text).expect("a position string");
        let session = build_session(GameKind::Claustro, Setup::Text(&parsed), &[], false)
            .expect("a position of the table");
        let values = probe.move_values(session.as_ref());
        if values.is_empty() {
            continue;
        }
        assert!(values.iter().all(|entry| entry.value.is_some()), "{text}");
        assert_eq!(best_of(&values), probe.value(session.as_ref()), "{text}");
        decided += usize::from(best_of(&values) != Some(Proven::Draw));
    }
    assert!(decided > 0);
}

#[test]
fn values_are_listed_best_first() {
    let entry = |text: &str, value| MoveValue {
        text: text.to_string(),
        value,
    };
    let mut values = [
        entry("a", None),
        entry("b", Some(Proven::Loss(Some(3)))),
        entry("c", Some(Proven::Win(None))),
        entry("d", Some(Proven::Loss(Some(9)))),
        entry("e", Some(Proven::Draw)),
        entry("f", Some(Proven::Win(Some(5)))),
        entry("g", Some(Proven::Win(Some(3)))),
    ];
    values.sort_by_key(|entry| std::cmp::Reverse(entry.value.map(Proven::rank)));
    let order: String = values.iter().map(|entry| entry.text.as_str()).collect();
    assert_eq!(order, "gfcedba");
    assert_eq!(Proven::Loss(Some(4)).before_move(), Proven::Win(Some(5)));
    assert_eq!(Proven::Win(None).before_move(), Proven::Loss(None));
    assert_eq!(value_text(Some(Proven::Win(Some(7)))), "win in 7");
    assert_eq!(value_text(None), "unknown");
}
