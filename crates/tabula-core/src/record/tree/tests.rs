//! The move tree against hand-written movetexts, its operations, its checks by the rules, and
//! the property that what it writes reads back as the same tree.

use super::*;
use crate::game::{BoardSize, Side};
use crate::games::{GameKind, open_session};
use proptest::prelude::*;

const WHITE_FIRST: (Side, u32) = (Side::White, 1);

/// The texts of the moves `ids`.
fn texts(tree: &MoveTree, ids: &[NodeId]) -> Vec<String> {
    ids.iter().map(|&id| tree.node(id).text.clone()).collect()
}

/// The moves after `id` (its children), main first.
fn children(tree: &MoveTree, id: NodeId) -> Vec<String> {
    texts(tree, tree.node(id).children())
}

#[test]
fn reads_nested_side_lines_and_comments() {
    let text = "{a game} 1. d4f5 {main} e5c4 (1... e5f3 {a side line} 2. f5h6 (2. f5d6) e4c3) \
                (1... e5d3) 2. f5h6 $1 {h6} (2. f5e3! {not taken}) *";
    let tree = MoveTree::parse(text).expect("good movetext");
    assert_eq!(tree.main_moves(), ["d4f5", "e5c4", "f5h6"]);
    assert_eq!(tree.node(NodeId::ROOT).comments, ["a game"]);
    let main = tree.main_line(NodeId::ROOT);
    assert_eq!(tree.node(main[0]).comments, ["main"]);
    assert_eq!(children(&tree, main[0]), ["e5c4", "e5f3", "e5d3"]);
    let side = tree.node(main[0]).children()[1];
    assert_eq!(tree.node(side).comments, ["a side line"]);
    let side_line = tree.main_line(side);
    assert_eq!(texts(&tree, &side_line), ["f5h6", "e4c3"]);
    assert_eq!(children(&tree, side), ["f5h6", "f5d6"]);
    assert_eq!(tree.node(main[2]).nags, [1]);
    assert_eq!(tree.node(main[2]).comments, ["h6"]);
    let not_taken = tree.node(main[1]).children()[1];
    assert_eq!(
        (
            tree.node(not_taken).text.as_str(),
            &tree.node(not_taken).nags
        ),
        ("f5e3", &vec![1])
    );
    assert_eq!(tree.result.as_deref(), Some("*"));
    assert_eq!(tree.ply(side_line[1]), 4);
    assert_eq!(
        texts(&tree, &tree.path(side_line[1])),
        ["d4f5", "e5f3", "f5h6", "e4c3"]
    );
}

#[test]
fn reads_record_data_numbers_and_results() {
    let tree = MoveTree::parse(
        "3...e5c4 {cp -12 d4 3ms} 4.f5h6 {2410ms} {review x} 12. a1b3 {mate 3} 1-0",
    )
    .expect("good movetext");
    assert_eq!(tree.main_moves(), ["e5c4", "f5h6", "a1b3"]);
    let main = tree.main_line(NodeId::ROOT);
    let data = |at: usize| tree.node(main[at]).data;
    assert_eq!(
        data(0),
        MoveData {
            score: Some(Score::Cp(-12)),
            depth: Some(4),
            time_ms: Some(3)
        }
    );
    assert_eq!((data(1).time_ms, data(1).score), (Some(2410), None));
    assert_eq!(tree.node(main[1]).comments, ["review x"]);
    assert_eq!(data(2).score, Some(Score::Mate(3)));
    assert_eq!(tree.result.as_deref(), Some("1-0"));
    // Text that only looks like data in part is a comment.
    let tree = MoveTree::parse("1. d4f5 {cp twelve} {d4 3ms extra}").expect("good");
    let first = tree.main_line(NodeId::ROOT)[0];
    assert!(tree.node(first).data.is_empty());
    assert_eq!(tree.node(first).comments, ["cp twelve", "d4 3ms extra"]);
}

#[test]
fn refuses_what_cannot_be_read() {
    for (text, problem) in [
        ("1. d4f5 {unclosed e5c4 *", "not closed"),
        ("1. d4f5 } e5c4 *", "never opened"),
        ("1. d4f5 (1. d4e6 *", "not closed"),
        ("1. d4f5 ) e5c4 *", "never opened"),
        ("(1. d4f5) *", "before any move"),
        ("1. d4f5 $x", "NAG"),
        ("1. d4f5 $256", "NAG"),
    ] {
        let error = MoveTree::parse(text).expect_err(text);
        assert!(error.contains(problem), "{text}: {error}");
    }
    let in_comment = MoveTree::parse("1. d4f5 {a (b} e5c4 *").expect("a parenthesis in a comment");
    assert_eq!(in_comment.main_moves(), ["d4f5", "e5c4"]);
}

#[test]
fn deep_nesting_and_long_lines_are_bounded() {
    let deep = format!(
        "1. d4f5 {}{}",
        "(1. d4f5 ".repeat(100_000),
        ")".repeat(100_000)
    );
    let error = MoveTree::parse(&deep).expect_err("too deep");
    assert!(error.contains("nested more than"), "{error}");
    let allowed = format!(
        "1. a {}{}",
        "(1. b ".repeat(MAX_NESTING),
        ")".repeat(MAX_NESTING)
    );
    assert!(MoveTree::parse(&allowed).is_ok());
    let long: Vec<String> = (0..200_000).map(|n| format!("m{n}")).collect();
    let tree = MoveTree::from_moves(&long);
    let text = tree.write(WHITE_FIRST);
    let again = MoveTree::parse(&text).expect("a long line");
    assert_eq!(again, tree);
    assert_eq!(again.to_flat().moves.len(), 200_000);
    drop(again);
}

#[test]
fn writes_numbers_side_lines_and_comments() {
    let text = "{start} 1. d4f5 {cp 12 d6 48ms} {main} e5c4 (1... e5f3 {side} 2. f5h6 (2. f5d6) \
                2... e4c3) 2. f5h6 $2 (2. f5e3) 2... c4e3 *";
    let tree = MoveTree::parse(text).expect("good movetext");
    // Wrapped before the unit that would pass 100 characters.
    let expected = "{start} 1. d4f5 {cp 12 d6 48ms} {main} e5c4 (1... e5f3 {side} 2. f5h6 (2. f5d6) \
                    2... e4c3)\n2. f5h6 $2 (2. f5e3) 2... c4e3 *\n";
    assert_eq!(tree.write(WHITE_FIRST), expected);
    let from_black = MoveTree::from_moves(&["e5c4", "f5h6", "c4e3"]);
    assert_eq!(
        from_black.write((Side::Black, 4)),
        "4... e5c4 5. f5h6 c4e3\n"
    );
    let mut before = MoveTree::parse("1. a (1. b) *").expect("good");
    let side = before.node(NodeId::ROOT).children()[1];
    before.node_mut(side).before.push("instead".into());
    before.node_mut(side).comments.push("un}balanced".into());
    assert_eq!(
        before.write(WHITE_FIRST),
        "1. a ({instead} 1. b {un)balanced}) *\n"
    );
}

#[test]
fn wraps_lines_at_about_a_hundred_characters() {
    let moves: Vec<String> = (0..60).map(|_| "a1b2".to_string()).collect();
    let text = MoveTree::from_moves(&moves).write(WHITE_FIRST);
    assert!(text.lines().count() > 3, "{text}");
    assert!(
        text.lines().all(|line| line.len() <= write::LINE_WIDTH),
        "{text}"
    );
}

#[test]
fn adds_promotes_and_deletes() {
    let mut tree = MoveTree::new();
    let a = tree.add_move(NodeId::ROOT, "a");
    let b = tree.add_move(NodeId::ROOT, "b");
    let c = tree.add_move(NodeId::ROOT, "c");
    assert_eq!(tree.add_move(NodeId::ROOT, "b"), b, "a move already there");
    tree.add_move(b, "b2");
    assert_eq!(children(&tree, NodeId::ROOT), ["a", "b", "c"]);
    tree.promote_to_main(c);
    assert_eq!(children(&tree, NodeId::ROOT), ["c", "a", "b"]);
    tree.promote(b);
    assert_eq!(children(&tree, NodeId::ROOT), ["c", "b", "a"]);
    tree.demote(c);
    assert_eq!(children(&tree, NodeId::ROOT), ["b", "c", "a"]);
    assert_eq!(tree.main_moves(), ["b", "b2"]);
    tree.delete(b);
    assert_eq!(children(&tree, NodeId::ROOT), ["c", "a"]);
    assert_eq!(tree.node(a).text, "a", "other ids stay valid");
    assert_eq!(tree.write(WHITE_FIRST), "1. c (1. a)\n");
}

#[test]
fn grafts_every_line_keeping_the_moves_there() {
    let mut tree = MoveTree::from_moves(&["a", "b"]);
    let b = tree.main_line(NodeId::ROOT)[1];
    tree.node_mut(b).comments.push("kept".to_string());
    let other = MoveTree::parse("1. b {gone} (1. c {new} d) e").expect("movetext");
    let a = tree.main_line(NodeId::ROOT)[0];
    tree.graft(a, &other, NodeId::ROOT);
    assert_eq!(
        tree.write(WHITE_FIRST),
        "1. a b {kept} (1... c {new} 2. d) 2. e\n"
    );
}

/// Joust on 8x8 from its start.
fn joust() -> Box<dyn crate::session::GameSession> {
    open_session(GameKind::Joust, BoardSize::square(8), None, &[], true).expect("joust")
}

#[test]
fn checks_every_line_by_the_rules() {
    let mut tree = MoveTree::parse("1. d4f5 e5c4 (1... e5f3 2. f5h6) 2. f5h6 *").expect("good");
    tree.check(joust().as_ref(), WHITE_FIRST).expect("legal");
    let mut bad_main = MoveTree::parse("1. d4f5 e5c4 2. f5f6 *").expect("good");
    let error = bad_main
        .check(joust().as_ref(), WHITE_FIRST)
        .expect_err("illegal");
    assert!(error.starts_with("move 2 (white) 'f5f6': "), "{error}");
    let mut bad_side = MoveTree::parse("1. d4f5 e5c4 (1... e5f3 2. f5f5) *").expect("good");
    let error = bad_side
        .check(joust().as_ref(), WHITE_FIRST)
        .expect_err("illegal");
    assert!(
        error.starts_with("move 2 (white) 'f5f5' of a side line: "),
        "{error}"
    );
    // Joust burns the square a knight leaves: d4 is burned after d4f5 whatever line follows.
    let mut burned = MoveTree::parse("1. d4f5 e5c4 2. f5d4 *").expect("good");
    assert!(burned.check(joust().as_ref(), WHITE_FIRST).is_err());
}

#[test]
fn flat_form_reads_back_and_refuses_bad_parents() {
    let tree = MoveTree::parse("{s} 1. a {1ms} (1. b {x} 1... c) 1... d $3 *").expect("good");
    let flat = tree.to_flat();
    let json = serde_json::to_string(&flat).expect("json");
    let read: FlatTree = serde_json::from_str(&json).expect("read");
    assert_eq!(MoveTree::from_flat(read), Ok(tree.clone()));
    let parents: Vec<usize> = flat.moves.iter().map(|m| m.parent).collect();
    assert_eq!(parents, [0, 1, 0, 3]);
    let mut forward = flat.clone();
    forward.moves[0].parent = 2;
    assert!(MoveTree::from_flat(forward).is_err());
    let mut twice = flat;
    twice.moves[2].text = "a".into();
    assert!(MoveTree::from_flat(twice).is_err());
}

/// A comment as a person writes one: words, not record data, no braces, nothing around them
/// (a comment is read trimmed).
fn comment() -> impl Strategy<Value = String> {
    ("[a-z(); ]{0,12}[a-z]")
        .prop_map(|c| c.trim().to_string())
        .prop_filter("not record data", |c| MoveData::read(c).is_none())
}

fn data() -> impl Strategy<Value = MoveData> {
    let score = prop_oneof![
        Just(None),
        (-500i64..500).prop_map(|cp| Some(Score::Cp(cp))),
        (-20i64..20).prop_map(|n| Some(Score::Mate(n))),
    ];
    (
        score,
        proptest::option::of(0u32..60),
        proptest::option::of(0u64..100_000),
    )
        .prop_map(|(score, depth, time_ms)| MoveData {
            score,
            depth,
            time_ms,
        })
}

/// What one move of a generated tree says: its text, NAGs, data, comments and comments before.
type Annotations = (String, Vec<u8>, MoveData, Vec<String>, Vec<String>);

fn annotations() -> impl Strategy<Value = Annotations> {
    (
        "[a-h][1-8][a-h][1-8]",
        proptest::collection::vec(any::<u8>(), 0..2),
        data(),
        proptest::collection::vec(comment(), 0..2),
        proptest::collection::vec(comment(), 0..2),
    )
}

/// A tree grown from a list of (parent choice, annotations): each move follows one of the moves
/// before it; comments before a move are kept only where they can be written (a side line's
/// first move).
fn grown(steps: Vec<(usize, Annotations)>, root: Vec<String>, result: Option<&str>) -> MoveTree {
    let mut tree = MoveTree::new();
    tree.node_mut(NodeId::ROOT).comments = root;
    let mut ids = vec![NodeId::ROOT];
    for (choice, (text, nags, data, comments, before)) in steps {
        let parent = ids[choice % ids.len()];
        if tree.child(parent, &text).is_some() {
            continue;
        }
        let id = tree.add_move(parent, &text);
        let first = tree.node(parent).children().len() == 1;
        let node = tree.node_mut(id);
        (node.nags, node.data, node.comments) = (nags, data, comments);
        node.before = if first { Vec::new() } else { before };
        ids.push(id);
    }
    tree.result = result.map(str::to_string);
    tree
}

proptest! {
    #[test]
    fn what_is_written_reads_back(
        steps in proptest::collection::vec((any::<usize>(), annotations()), 0..40),
        root in proptest::collection::vec(comment(), 0..2),
        result in proptest::option::of(prop_oneof![Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*")]),
        black in any::<bool>(),
        number in 1u32..300,
    ) {
        let tree = grown(steps, root, result);
        let side = if black { Side::Black } else { Side::White };
        let text = tree.write((side, number));
        prop_assert_eq!(MoveTree::parse(&text), Ok(tree.clone()), "{}", text);
        prop_assert_eq!(MoveTree::from_flat(tree.to_flat()), Ok(tree));
    }
}

#[test]
fn an_opening_reads_and_writes_movetext_for_its_game() {
    let opening = Opening::new("joust", Some("8"), "startpos moves d4f5").expect("joust");
    assert_eq!(opening.first_move, (Side::Black, 1));
    let tree = opening
        .read("1... e5c4 (1... e5f3) 2. f5h6 *")
        .expect("legal");
    assert_eq!(
        opening.write(tree).expect("legal"),
        "1... e5c4 (1... e5f3) 2. f5h6 *\n"
    );
    let error = opening.read("1... e5c4 2. f5f6").expect_err("illegal");
    assert!(error.starts_with("move 2 (white) 'f5f6': "), "{error}");
    let bad_tree = MoveTree::from_moves(&["d4f5"]);
    assert!(
        opening.write(bad_tree).is_err(),
        "black has no knight on d4"
    );
    let position = Opening::new("joust", None, "8/8/8/4n3/3N4/8/8/8 b 0 7").expect("a position");
    assert_eq!(position.first_move, (Side::Black, 7));
    assert!(Opening::new("chess", None, "").is_err());
}
