//! The independent checker of Claustro tables (crates/claustro-table-check/) on what
//! `tabula solve claustro` writes: it agrees on every position of the two-pawn 5 x 5 table, and a
//! table with one byte changed is refused, naming that position.

// Each test crate uses only part of the shared driver.
#[allow(dead_code)]
mod common;

use claustro_table_check::{Report, check, table::HEADER};
use common::solving::{solve_into, taken};

/// The bytes of the 5 x 5 table with two pawns a side, solved by the tabula binary.
fn two_pawn_table(name: &str) -> Vec<u8> {
    let (path, _) = solve_into(&["solve", "claustro", "--pawns", "2"], "--out", name);
    taken(&path)
}

fn checked(bytes: &[u8]) -> Report {
    check(bytes, &mut |_| {}).unwrap_or_else(|e| panic!("not checked: {}", e.0))
}

#[test]
fn the_checker_agrees_with_every_position_of_the_table() {
    let report = checked(&two_pawn_table("agrees"));
    // C(21,2) white sets * C(19,2) black sets * 2 sides.
    assert_eq!(report.positions, 71820);
    assert_eq!(report.agreements, 71820);
    assert_eq!(report.disagreements, 0);
}

#[test]
fn a_changed_byte_is_found_at_its_position() {
    let mut bytes = two_pawn_table("changed");
    for position in [0, 12345, 71819] {
        let original = bytes[HEADER + position];
        // A draw becomes a win in 0, anything else a draw.
        bytes[HEADER + position] = if original == 0 { 1 } else { 0 };
        let report = checked(&bytes);
        assert_eq!(report.disagreements, 1, "{report:?}");
        assert_eq!(report.agreements, 71819);
        assert_eq!(report.first.len(), 1);
        assert_eq!(report.first[0].index, position, "{report:?}");
        assert!(report.first[0].position.contains(" to move"));
        bytes[HEADER + position] = original;
    }
}

#[test]
fn a_table_that_is_not_one_is_refused_unread() {
    let bytes = two_pawn_table("bad");
    for (bad, why) in [
        (bytes[..HEADER - 1].to_vec(), "too short"),
        (bytes[..bytes.len() - 1].to_vec(), "the header says 71820"),
        ([b"CLAUSTRA", &bytes[8..]].concat(), "magic"),
    ] {
        let refused = check(&bad, &mut |_| {}).expect_err("refused");
        assert!(refused.0.contains(why), "{}", refused.0);
    }
}
