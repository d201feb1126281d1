//! A study board's side lines as the page makes them, through the actions it posts: a move
//! off the line shown, a node's line shown, promoted and deleted, a take back in a side line,
//! a match's refusals, and the record written and read back with its side lines.

use super::action::Action;
use super::record_text::{read_record, write_record};
use super::state::Desk;
use super::table::{Limit, Player, Table};

/// Parses and applies the action `name` with the JSON `body`, then commits it.
fn act(desk: &mut Desk, name: &str, body: &str) -> Result<(), String> {
    let action = Action::parse(name, body.as_bytes(), &["tabula".to_string()])?;
    desk.apply(action)?;
    desk.committed();
    Ok(())
}

/// Joust on 8 x 8, studied: d4f5 e5c4 f5h6 played, the position after d4f5 shown.
fn studied() -> Desk {
    let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
    for text in ["d4f5", "e5c4", "f5h6"] {
        act(&mut desk, "move", &format!("{{\"move\": \"{text}\"}}")).expect("a legal move");
    }
    act(&mut desk, "goto", r#"{"ply": 1}"#).expect("back to the first move");
    desk
}

/// The moves of the tree's flat form, each with the place of the move it follows.
fn flat(desk: &Desk) -> Vec<(usize, String)> {
    let view = desk.lines_view();
    (view.tree.moves.into_iter())
        .map(|m| (m.parent, m.text))
        .collect()
}

fn pairs(moves: &[(usize, &str)]) -> Vec<(usize, String)> {
    moves.iter().map(|&(p, t)| (p, t.to_string())).collect()
}

#[test]
fn a_move_off_the_line_starts_a_side_line_and_one_on_it_follows_it() {
    let mut desk = studied();
    let times = |desk: &Desk| -> Vec<Option<u64>> {
        (desk.notes.iter())
            .map(|note| note.as_ref().map(|note| note.time_ms))
            .collect()
    };
    let main_times = times(&desk);
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    assert_eq!(desk.table.moves, ["d4f5", "e5g4"]);
    let tree = [(0, "d4f5"), (1, "e5c4"), (2, "f5h6"), (1, "e5g4")];
    assert_eq!(flat(&desk), pairs(&tree));
    assert_eq!(desk.lines_view().node, 4, "the side line's move shown");
    act(&mut desk, "goto", r#"{"ply": 1}"#).expect("back");
    act(&mut desk, "move", r#"{"move": "e5c4"}"#).expect("the main line's move");
    assert_eq!(
        desk.table.moves,
        ["d4f5", "e5c4", "f5h6"],
        "the line goes on"
    );
    assert_eq!((desk.table.ply, desk.lines_view().node), (2, 2));
    act(&mut desk, "line", r#"{"node": 4}"#).expect("the side line");
    assert_eq!((desk.table.moves.len(), desk.table.ply), (2, 2));
    act(&mut desk, "line", r#"{"node": 3}"#).expect("the main line's end");
    assert_eq!((desk.table.moves.len(), desk.table.ply), (3, 3));
    assert_eq!(times(&desk), main_times, "each move's thinking time kept");
    assert_eq!(flat(&desk), pairs(&tree), "going about changes no line");
}

#[test]
fn a_side_line_is_promoted_and_deleted() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    act(&mut desk, "promote", r#"{"node": 4}"#).expect("promoted");
    let promoted = [(0, "d4f5"), (1, "e5g4"), (1, "e5c4"), (3, "f5h6")];
    assert_eq!(flat(&desk), pairs(&promoted));
    assert_eq!(desk.table.moves, ["d4f5", "e5g4"]);
    act(&mut desk, "line", r#"{"node": 4}"#).expect("the old main line");
    act(&mut desk, "delete", r#"{"node": 3}"#).expect("deleted");
    assert_eq!(flat(&desk), pairs(&[(0, "d4f5"), (1, "e5g4")]));
    assert_eq!(
        (desk.table.moves.as_slice(), desk.table.ply),
        (&["d4f5".to_string(), "e5g4".to_string()][..], 1),
        "back on the line it branched from, where it branched"
    );
}

#[test]
fn a_bad_node_is_refused_by_name_and_changes_nothing() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    let before = (flat(&desk), desk.table.moves.clone(), desk.table.ply);
    let refusals = [
        (
            "line",
            r#"{"node": 9}"#,
            "node 9: the move tree has 4 moves",
        ),
        (
            "promote",
            r#"{"node": 0}"#,
            "node 0 is the start of the game, not a move",
        ),
        (
            "promote",
            r#"{"node": 2}"#,
            "node 2 is on the main line already",
        ),
        (
            "delete",
            r#"{"node": 1}"#,
            "node 1 is on the main line: take back to shorten it",
        ),
        (
            "delete",
            r#"{"node": 5}"#,
            "node 5: the move tree has 4 moves",
        ),
        (
            "line",
            r#"{"node": "x"}"#,
            "bad JSON: invalid type: string \"x\", expected usize at line 1 column 12",
        ),
        (
            "promote",
            r#"{"ply": 1}"#,
            "bad JSON: unknown field `ply`, expected `node` at line 1 column 6",
        ),
        (
            "delete",
            r#"{"node": -1}"#,
            "bad JSON: invalid value: integer `-1`, expected usize at line 1 column 11",
        ),
    ];
    for (name, body, said) in refusals {
        assert_eq!(
            act(&mut desk, name, body),
            Err(said.to_string()),
            "{name} {body}"
        );
        let after = (flat(&desk), desk.table.moves.clone(), desk.table.ply);
        assert_eq!(after, before, "{name} {body} changed the desk");
    }
}

#[test]
fn a_take_back_in_a_side_line_forgets_its_move_and_then_the_line() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    act(&mut desk, "move", r#"{"move": "f5h6"}"#).expect("it goes on");
    act(&mut desk, "undo", "").expect("its last move taken back");
    assert_eq!(desk.table.moves, ["d4f5", "e5g4"]);
    act(&mut desk, "undo", "").expect("its first move taken back");
    assert_eq!(
        desk.table.moves,
        ["d4f5", "e5c4", "f5h6"],
        "on the main line"
    );
    assert_eq!(desk.table.ply, 1);
    assert_eq!(flat(&desk), pairs(&[(0, "d4f5"), (1, "e5c4"), (2, "f5h6")]));
}

#[test]
fn a_match_keeps_its_line() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    act(&mut desk, "goto", r#"{"ply": 1}"#).expect("back");
    let engine = Player::Engine {
        engine: 0,
        level: None,
        elo: None,
    };
    desk.set_players([Player::Human, engine], Limit::Depth { depth: 1 });
    desk.committed();
    let said = "side lines are for a study board: make both players human and the clocks off";
    assert_eq!(
        act(&mut desk, "line", r#"{"node": 3}"#),
        Err(said.to_string())
    );
    assert_eq!(
        act(&mut desk, "delete", r#"{"node": 4}"#),
        Err(said.to_string())
    );
    act(&mut desk, "line", r#"{"node": 4}"#).expect("a move of the line shown");
}

#[test]
fn the_record_holds_the_side_lines_and_reads_them_back() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    let written = write_record(&desk, |_| "tabula".to_string());
    let movetext = written.split("\n\n").nth(1).unwrap_or("");
    assert!(
        movetext.starts_with("1. d4f5 {") && movetext.contains("} e5c4 {"),
        "{written}"
    );
    assert!(movetext.contains("(1... e5g4 {"), "{written}");
    act(&mut desk, "move", r#"{"move": "f5h6"}"#).expect("the side line goes on");
    act(&mut desk, "goto", r#"{"ply": 2}"#).expect("back in it");
    act(&mut desk, "move", r#"{"move": "f5d6"}"#).expect("a side line of the side line");
    let written = write_record(&desk, |_| "tabula".to_string());
    let movetext = written.split("\n\n").nth(1).unwrap_or("");
    let without_data: String = (movetext.split('{'))
        .map(|piece| piece.split_once('}').map_or(piece, |(_, after)| after))
        .collect();
    assert_eq!(
        without_data
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        "1. d4f5 e5c4 (1... e5g4 2. f5h6 (2. f5d6 )) 2. f5h6 *",
        "each line in the order played, the line shown or not"
    );
    assert!(written.contains("[PlyCount \"3\"]"), "{written}");
    assert_eq!(
        desk.table.moves,
        ["d4f5", "e5g4", "f5d6"],
        "a side line shown"
    );
    let (table, loaded) = read_record(&written, 1).expect("the record written");
    let mut again = Desk::new(table.clone());
    again.load_record(table, loaded);
    again.committed();
    assert_eq!(flat(&again), flat(&desk));
    assert_eq!(again.table.moves, ["d4f5", "e5c4", "f5h6"]);
}

#[test]
fn a_comment_is_kept_written_and_refused_when_too_long() {
    let mut desk = studied();
    act(&mut desk, "move", r#"{"move": "e5g4"}"#).expect("a side line");
    act(&mut desk, "comment", r#"{"node": 4, "text": " why not? "}"#).expect("a comment");
    act(&mut desk, "comment", r#"{"node": 0, "text": "a game"}"#).expect("at the start");
    act(
        &mut desk,
        "comment",
        r#"{"node": 2, "text": "{the main line}"}"#,
    )
    .expect("braces");
    let view = desk.lines_view();
    assert_eq!(view.tree.moves[3].comments, ["why not?"]);
    let written = write_record(&desk, |_| "tabula".to_string());
    let movetext = written.split("\n\n").nth(1).unwrap_or("");
    assert!(movetext.starts_with("{a game} 1. d4f5 {"), "{written}");
    assert!(
        movetext.contains("{{the main line}} (1... e5g4 {"),
        "{written}"
    );
    assert!(movetext.contains("} {why not?})"), "{written}");
    act(&mut desk, "comment", r#"{"node": 4, "text": ""}"#).expect("none");
    assert!(desk.lines_view().tree.moves[3].comments.is_empty());
    let long = format!(r#"{{"node": 4, "text": "{}"}}"#, "x".repeat(2001));
    let refusals = [
        (
            long.as_str(),
            "a comment has at most 2000 characters, not 2001",
        ),
        (
            r#"{"node": 9, "text": "x"}"#,
            "node 9: the move tree has 4 moves",
        ),
        (
            r#"{"node": 1}"#,
            "bad JSON: missing field `text` at line 1 column 11",
        ),
    ];
    for (body, said) in refusals {
        assert_eq!(act(&mut desk, "comment", body), Err(said.to_string()));
    }
}
