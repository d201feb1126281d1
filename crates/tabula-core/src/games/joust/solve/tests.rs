use super::board::{Board, Node, bit, squares};
use super::regions::longest_path;
use super::{Ideas, Method, Solver};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Whether the mover wins, by the rules alone: some leap leaves the other side lost.
fn plain_wins(board: &Board, node: &Node) -> bool {
    squares(node.targets(board)).any(|to| !plain_wins(board, &node.after(to)))
}

/// The longest path by trying every path.
fn plain_longest(board: &Board, from: u8, open: u128) -> u32 {
    squares(board.leaps(from) & open)
        .map(|to| 1 + plain_longest(board, to, open & !bit(to)))
        .max()
        .unwrap_or(0)
}

/// A random node on `board` with `burned` squares burned.
fn random_node(board: &Board, rng: &mut StdRng, burned: usize) -> Node {
    let mut squares: Vec<u8> = (0..board.squares() as u8).collect();
    for i in 0..burned + 2 {
        let j = rng.random_range(i..squares.len());
        squares.swap(i, j);
    }
    Node {
        burned: squares[2..burned + 2]
            .iter()
            .fold(0, |set, &s| set | bit(s)),
        mover: squares[0],
        other: squares[1],
    }
}

#[test]
fn the_solver_agrees_with_plain_search_with_each_idea_on_or_off() {
    let mut rng = StdRng::seed_from_u64(86);
    for (width, height, burned) in [(4, 4, 2), (5, 4, 5), (5, 5, 10), (6, 5, 14)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..40 {
            let node = random_node(&board, &mut rng, burned);
            let expected = plain_wins(&board, &node);
            for (method, split, order, territory, table_mb) in [
                (Method::DepthFirst, true, true, true, 1),
                (Method::DepthFirst, true, true, false, 1),
                (Method::DepthFirst, false, false, false, 0),
                (Method::DepthFirst, true, false, false, 0),
                (Method::DepthFirst, false, true, true, 1),
                (Method::ProofNumbers, true, true, true, 1),
                (Method::ProofNumbers, false, true, true, 1),
            ] {
                let ideas = Ideas {
                    method,
                    split,
                    order,
                    territory,
                    table_mb,
                    max_nodes: 0,
                    ..Ideas::default()
                };
                let mut solver = Solver::new(&board, ideas).expect("a small table");
                assert_eq!(
                    solver.mover_wins(&node),
                    expected,
                    "{width}x{height} {node:?}"
                );
            }
        }
    }
}

#[test]
fn longest_paths_match_every_path_tried() {
    let mut rng = StdRng::seed_from_u64(7);
    let board = Board::new(6, 6).unwrap();
    for _ in 0..100 {
        let node = random_node(&board, &mut rng, 12);
        let open = board.all() & !node.closed();
        let expected = plain_longest(&board, node.mover, open);
        assert_eq!(longest_path(&board, node.mover, open, u32::MAX), expected);
        assert_eq!(longest_path(&board, node.mover, open, 3), expected.min(3));
    }
}

#[test]
fn small_boards_have_their_known_winners() {
    // 5 x 5: the first player mates in 8 (a short search finds it); 6 x 6: the second player
    // mirrors every leap through the centre.
    for (size, first_wins) in [(5, true), (6, false)] {
        let board = Board::new(size, size).unwrap();
        let mut solver = Solver::new(&board, Ideas::default()).expect("a small table");
        assert_eq!(
            solver.mover_wins(&start(&board)),
            first_wins,
            "{size}x{size}"
        );
    }
}

/// The start of Joust on `board`: white's knight on `(ceil(W/2) - 1, ceil(H/2) - 1)`, black's one
/// square up and right, white to move.
pub fn start(board: &Board) -> Node {
    let (x, y) = (board.width.div_ceil(2) - 1, board.height.div_ceil(2) - 1);
    let white = (y * board.width + x) as u8;
    Node {
        burned: 0,
        mover: white,
        other: white + board.width as u8 + 1,
    }
}

#[test]
fn a_solve_past_its_node_limit_gives_up() {
    let board = Board::new(7, 7).unwrap();
    for method in [Method::DepthFirst, Method::ProofNumbers] {
        let ideas = Ideas {
            method,
            max_nodes: 1000,
            ..Ideas::default()
        };
        let mut solver = Solver::new(&board, ideas).expect("a small table");
        solver.mover_wins(&start(&board));
        assert!(solver.gave_up, "{method:?}");
        // Each ply above the limit's node tries at most one more leap.
        assert!(solver.nodes <= 1000 + 49, "{method:?}: {}", solver.nodes);
    }
}

/// Each open square's distance in leaps from `from` through open squares, by a plain
/// breadth-first search (`u32::MAX` where it cannot be reached).
fn plain_distances(board: &Board, from: u8, open: u128) -> Vec<u32> {
    let mut distance = vec![u32::MAX; board.squares()];
    distance[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for to in squares(board.leaps(at) & open) {
            if distance[to as usize] == u32::MAX {
                distance[to as usize] = distance[at as usize] + 1;
                queue.push_back(to);
            }
        }
    }
    distance
}

#[test]
fn territory_counts_the_squares_each_knight_reaches_first_with_ties_to_the_mover() {
    let mut rng = StdRng::seed_from_u64(11);
    for (width, height, burned) in [(5, 5, 6), (7, 7, 15), (9, 9, 30), (8, 6, 10)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..50 {
            let node = random_node(&board, &mut rng, burned);
            let open = board.all() & !node.closed();
            let mover = plain_distances(&board, node.mover, open);
            let other = plain_distances(&board, node.other, open);
            let expected: i32 = squares(open)
                .map(|square| {
                    let (m, o) = (mover[square as usize], other[square as usize]);
                    match (m, o) {
                        (u32::MAX, u32::MAX) => 0,
                        _ if m <= o => 1,
                        _ => -1,
                    }
                })
                .sum();
            assert_eq!(
                super::order::mover_territory(&board, &node),
                expected,
                "{node:?}"
            );
        }
    }
}

#[test]
fn a_set_spreads_to_the_leaps_of_its_squares_on_every_shape_of_board() {
    let mut rng = StdRng::seed_from_u64(5);
    for (width, height) in [(3, 3), (9, 9), (11, 11), (3, 42), (42, 3), (16, 8), (5, 7)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..200 {
            let set = (0..board.squares() as u8)
                .filter(|_| rng.random_range(0..6) == 0)
                .fold(0, |set, square| set | bit(square));
            let leaps = squares(set).fold(0, |all, square| all | board.leaps(square));
            assert_eq!(board.spread(set), leaps, "{width}x{height} {set:#x}");
        }
    }
}

#[test]
fn every_order_lists_each_leap_once() {
    let mut rng = StdRng::seed_from_u64(12);
    for (width, height, burned) in [(9, 9, 4), (9, 9, 20), (7, 7, 2), (6, 5, 10)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..30 {
            let node = random_node(&board, &mut rng, burned);
            let mut expected: Vec<u8> = squares(node.targets(&board)).collect();
            expected.sort_unstable();
            for territory in [true, false] {
                let mut leaps = super::order::ordered(&board, &node, territory);
                leaps.sort_unstable();
                assert_eq!(leaps, expected, "{node:?}");
            }
        }
    }
}

#[test]
fn the_order_that_looks_a_reply_ahead_proves_what_the_plain_order_proves() {
    // On 7 x 7 two plies in, 45 squares are open: the order looks a reply ahead at the root.
    let board = Board::new(7, 7).unwrap();
    let root = start(&board);
    for (first, second) in [(0, 0), (3, 1), (7, 5)] {
        let white: Vec<u8> = squares(root.targets(&board)).collect();
        let after_white = root.after(white[first % white.len()]);
        let black: Vec<u8> = squares(after_white.targets(&board)).collect();
        let node = after_white.after(black[second % black.len()]);
        let results: Vec<bool> = [true, false]
            .map(|territory| {
                let ideas = Ideas {
                    territory,
                    table_mb: 16,
                    ..Ideas::default()
                };
                Solver::new(&board, ideas)
                    .expect("a small table")
                    .mover_wins(&node)
            })
            .to_vec();
        assert_eq!(results[0], results[1], "{node:?}");
    }
}

#[test]
fn a_knight_that_outlasts_the_other_wins_as_plain_search_says() {
    let mut rng = StdRng::seed_from_u64(13);
    let mut settled_in_touch = 0;
    for (width, height, burned) in [(5, 5, 11), (6, 5, 15), (6, 6, 20), (6, 6, 23)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..300 {
            let node = random_node(&board, &mut rng, burned);
            let reach = super::regions::Reach::of(&board, &node);
            if let Some(wins) = reach.outlasted(&board, &node) {
                assert_eq!(wins, plain_wins(&board, &node), "{width}x{height} {node:?}");
                settled_in_touch += usize::from(reach.apart().is_none());
            }
        }
    }
    // Knights that can still meet are settled too, not only knights apart.
    assert!(
        settled_in_touch > 20,
        "only {settled_in_touch} in touch settled"
    );
}

/// A random position the other knight mirrors ([`Board::mirrored`]): `pairs` pairs of burned
/// squares, each square with its square turned half a turn about the centre, the centre burned
/// where the board has one unless `centre_open`, and the knights on another such pair.
fn random_mirrored_node(board: &Board, rng: &mut StdRng, pairs: usize, centre_open: bool) -> Node {
    let count = board.squares();
    let turned = |square: u8| (count - 1) as u8 - square;
    let mut halves: Vec<u8> = (0..(count / 2) as u8).collect();
    for i in 0..=pairs {
        let j = rng.random_range(i..halves.len());
        halves.swap(i, j);
    }
    let centre = if count % 2 == 1 && !centre_open {
        bit((count / 2) as u8)
    } else {
        0
    };
    let burned = halves[1..=pairs].iter().fold(centre, |set, &square| {
        set | bit(square) | bit(turned(square))
    });
    let mover = if rng.random_bool(0.5) {
        halves[0]
    } else {
        turned(halves[0])
    };
    Node {
        burned,
        mover,
        other: turned(mover),
    }
}

#[test]
fn a_mirrored_position_is_lost_for_the_mover_as_plain_search_says() {
    let mut rng = StdRng::seed_from_u64(86);
    let (mut centre_open_won, mut mirroring_leaps) = (0, 0);
    for (width, height, pairs) in [(4, 4, 2), (5, 4, 3), (5, 5, 4), (3, 7, 3), (6, 5, 6)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..30 {
            let node = random_mirrored_node(&board, &mut rng, pairs, false);
            assert!(board.mirrored(&node), "{width}x{height} {node:?}");
            assert!(!plain_wins(&board, &node), "{width}x{height} {node:?}");
            // One leap before it (from a burned square the leap left), that leap wins.
            if let Some(from) = squares(board.leaps(node.other) & node.burned).next() {
                let before = Node {
                    burned: node.burned & !bit(from),
                    mover: from,
                    other: node.mover,
                };
                assert_eq!(board.mirroring_leap(&before), Some(node.other));
                assert!(plain_wins(&board, &before), "{width}x{height} {before:?}");
                mirroring_leaps += 1;
            }
            // On an odd board the mirror needs the centre gone: a knight may leap there, and the
            // other cannot answer with the same square.
            if width * height % 2 == 1 {
                let open = random_mirrored_node(&board, &mut rng, pairs, true);
                assert!(!board.mirrored(&open), "{width}x{height} {open:?}");
                centre_open_won += usize::from(plain_wins(&board, &open));
            }
        }
    }
    assert!(centre_open_won > 0, "some mover wins with the centre open");
    assert!(
        mirroring_leaps > 50,
        "{mirroring_leaps} mirroring leaps tried"
    );
}

#[test]
fn every_board_of_even_sides_is_the_second_player_s_by_the_mirror_at_once() {
    for (width, height) in [(4, 4), (6, 6), (8, 8), (6, 8), (10, 10), (10, 12)] {
        let board = Board::new(width, height).unwrap();
        let mut solver = Solver::new(&board, Ideas::default()).expect("a small table");
        let root = start(&board);
        assert!(board.mirrored(&root), "{width}x{height}");
        assert!(
            solver.winning_leaps(&root, false).is_empty(),
            "{width}x{height}"
        );
        // Each first leap is answered by its mirror at once.
        assert!(
            solver.nodes <= 8,
            "{width}x{height}: {} nodes",
            solver.nodes
        );
    }
}

#[test]
fn the_mirror_settles_only_what_plain_search_says_near_mirrored_positions() {
    // Mirrored positions with squares burned at random besides, solved with the mirror: its
    // leaps settle positions below them, and never otherwise than plain search.
    let mut rng = StdRng::seed_from_u64(86);
    let mut mirrored = 0;
    for (width, height, pairs) in [(4, 4, 1), (5, 4, 2), (5, 5, 3), (6, 5, 4)] {
        let board = Board::new(width, height).unwrap();
        for _ in 0..60 {
            let mut node = random_mirrored_node(&board, &mut rng, pairs, false);
            for _ in 0..rng.random_range(1..4) {
                node.burned |= bit(rng.random_range(0..board.squares()) as u8);
            }
            node.burned &= !bit(node.mover) & !bit(node.other);
            let mut solver = Solver::new(&board, Ideas::default()).expect("a small table");
            assert_eq!(
                solver.mover_wins(&node),
                plain_wins(&board, &node),
                "{width}x{height} {node:?}"
            );
            mirrored += solver.mirrored;
        }
    }
    assert!(mirrored > 0, "the mirror settled nothing");
}

#[test]
fn each_mirror_of_the_board_settles_what_plain_search_says() {
    // The mirrors besides the half turn, in positions the engine's own mirror rule is tested on:
    // the middle rank (all of it burned on 5 x 5, where it leaves it in place) and a diagonal.
    let ranks = (
        Board::new(5, 5).unwrap(),
        (10..15).fold(0, |set, s| set | bit(s)),
        0,
        20,
    );
    let diagonal = (
        Board::new(4, 4).unwrap(),
        bit(0) | bit(5) | bit(10) | bit(15),
        4,
        1,
    );
    for (board, burned, mover, other) in [ranks, diagonal] {
        let node = Node {
            burned,
            mover,
            other,
        };
        assert!(board.mirrored(&node), "{node:?}");
        assert!(!plain_wins(&board, &node), "{node:?}");
        // A square the mirror leaves in place open: no mirror holds.
        let opened = Node {
            burned: burned & (burned - 1),
            ..node
        };
        assert!(!board.mirrored(&opened), "{opened:?}");
    }
    // On 8 x 8 the reflection in the middle rank leaves no square in place.
    let board = Board::new(8, 8).unwrap();
    let (a1, a8) = (0, 56);
    let node = Node {
        burned: 0,
        mover: a1,
        other: a8,
    };
    assert!(board.mirrored(&node));
    assert!(!board.mirrored(&Node { other: 57, ..node }));
}
