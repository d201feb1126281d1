//! `bench`: a fixed set of positions searched to fixed depths, single-threaded with a fresh table
//! each, so that the total node count is a signature of the search's behaviour.

use crate::board::position_text::parse_position_text;
use crate::clock::Instant;
use crate::games::{GameKind, build_session};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::session::Setup;

/// One bench position.
struct BenchCase {
    game: GameKind,
    position: &'static str,
    depth: u32,
}

const CASES: &[BenchCase] = &[
    BenchCase {
        game: GameKind::Joust,
        position: "1n6/8/8/8/8/8/8/2N5 w 0 1",
        depth: 11,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "8/8/2*1*3/1*2n3/3N4/5*2/2*5/8 w 0 1",
        depth: 13,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "8/8/8/3n4/8/2N5/8/8 w 0 1",
        depth: 12,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "7/7/4n2/3N3/7/7/7 w 0 1",
        depth: 12,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "9/9/9/5n3/4N4/9/9/9/9 w 0 1",
        depth: 10,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "6/3n2/2N3/6/6 w 0 1",
        depth: 16,
    },
    BenchCase {
        game: GameKind::Joust,
        position: "10/10/10/10/4n5/4N5/10/10/10/10 w 0 1",
        depth: 9,
    },
    BenchCase {
        game: GameKind::Claustro,
        position: "2pp1/4p/P3p/P4/1PP2 w 0 1",
        depth: 8,
    },
    BenchCase {
        game: GameKind::Claustro,
        position: "2p2/1pPp1/p1P1p/1P1P1/5 w 0 1",
        depth: 5,
    },
    BenchCase {
        game: GameKind::Claustro,
        position: "2ppppp1/7p/P6p/P6p/P6p/P6p/P7/1PPPPP2 w 0 1",
        depth: 8,
    },
    BenchCase {
        game: GameKind::JesonMor,
        position: "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w 0 1",
        depth: 8,
    },
    BenchCase {
        game: GameKind::JesonMor,
        position: "n1n2nn2/1n1n2n2/n8/2N3n2/8N/7N1/9/3NNN3/2N2N2N w 26 14",
        depth: 8,
    },
    BenchCase {
        game: GameKind::JesonMor,
        position: "nnnnnnn/7/7/7/7/7/NNNNNNN w 0 1",
        depth: 8,
    },
    BenchCase {
        game: GameKind::JesonMor,
        position: "nnnnnnnnnnnnnnn/15/15/15/15/15/15/15/15/15/15/15/15/15/NNNNNNNNNNNNNNN w 0 1",
        depth: 5,
    },
    BenchCase {
        game: GameKind::Apart,
        position: "1pppppp1/1pppppp1/8/8/8/8/1PPPPPP1/1PPPPPP1 w 0 1",
        depth: 5,
    },
    BenchCase {
        game: GameKind::Apart,
        position: "1p1pp1p1/1pppppp1/8/5P2/3p2p1/8/1P1PPPP1/1PPPP1P1 w 0 3",
        depth: 4,
    },
    BenchCase {
        game: GameKind::Apart,
        position: "1pppppppp1/1pppppppp1/10/10/10/10/10/10/1PPPPPPPP1/1PPPPPPPP1 w 0 1",
        depth: 3,
    },
];

/// Runs the bench, writing a line per position and the total last; returns the total nodes.
pub fn run(emit: &dyn Fn(&str)) -> u64 {
    let started = Instant::now();
    let mut total = 0;
    let signals = Signals::default();
    for case in CASES {
        let built = parse_position_text(case.position)
            .and_then(|text| build_session(case.game, Setup::Text(&text), &[], true));
        let session = match built {
            Ok(session) => session,
            Err(problem) => {
                emit(&format!(
                    "info string error: bench position '{}': {problem}",
                    case.position
                ));
                continue;
            }
        };
        let tt = TranspositionTable::new(16);
        let limits = Limits {
            depth: Some(case.depth),
            ..Limits::default()
        };
        let summary = session.search(&limits, Settings::default(), &tt, &signals, &mut |_| {});
        total += summary.result.nodes;
        emit(&format!(
            "{} {} depth {}: bestmove {} score {} nodes {}",
            case.game.name(),
            case.position,
            case.depth,
            summary.best_move.as_deref().unwrap_or("(none)"),
            summary.result.score,
            summary.result.nodes
        ));
    }
    let nps = (total as f64 / started.elapsed().as_secs_f64().max(1e-6)) as u64;
    emit(&format!("{total} nodes {nps} nps"));
    total
}
