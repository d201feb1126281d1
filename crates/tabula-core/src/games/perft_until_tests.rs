//! A perft that can be stopped (`GameSession::perft_until`, cut into pieces counted by the game's
//! own count) counts what perft counts, on one thread and several, in every game; stopped before
//! it starts, it gives no count.

use super::{GameKind, open_session};
use crate::game::BoardSize;
use std::sync::atomic::AtomicBool;

/// Trees deep enough to be cut into pieces (more than 4M leaves estimated at the root), small
/// enough to count in well under a second.
const TREES: [(GameKind, usize, u32); 4] = [
    (GameKind::Joust, 8, 9),
    (GameKind::JesonMor, 9, 5),
    (GameKind::Claustro, 5, 7),
    (GameKind::Apart, 8, 4),
];

#[test]
fn a_stoppable_perft_counts_what_perft_counts() {
    for (kind, size, depth) in TREES {
        let size = BoardSize::square(size);
        let session = open_session(kind, size, None, &[], true).expect("a start position");
        let whole = session.perft(depth, 1);
        let never = AtomicBool::new(false);
        for threads in [1, 2] {
            assert_eq!(
                session.perft_until(depth, threads, &never),
                Some(whole),
                "{kind:?} depth {depth} on {threads} threads"
            );
        }
        let stopped = AtomicBool::new(true);
        assert_eq!(session.perft_until(depth, 2, &stopped), None, "{kind:?}");
        assert_eq!(session.perft_until(depth, 1, &stopped), None, "{kind:?}");
    }
}
