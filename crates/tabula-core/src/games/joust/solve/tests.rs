use super::board::{Board, Node, bit, squares};
use super::regions::longest_path;
use super::{Ideas, Solver, start};
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
            for (split, order, table_mb) in [
                (true, true, 1),
                (false, false, 0),
                (true, false, 0),
                (false, true, 1),
            ] {
                let mut solver = Solver::new(
                    &board,
                    Ideas {
                        split,
                        order,
                        table_mb,
                    },
                );
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
        let mut solver = Solver::new(&board, Ideas::default());
        assert_eq!(
            solver.mover_wins(&start(&board)),
            first_wins,
            "{size}x{size}"
        );
    }
}
