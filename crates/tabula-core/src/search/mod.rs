//! Iterative-deepening search generic over [`Game`], with lazy SMP threads sharing one
//! transposition table. Monomorphised per game: nothing here branches on which game is played.

mod alphabeta;
#[cfg(test)]
mod laws;
pub mod limits;
pub mod score;
pub mod tt;

use crate::clock::Instant;
use crate::game::{Cutoff, Game, History};
use crate::tablebase::Tablebase;
use alphabeta::Searcher;
use limits::Limits;
use score::{INFINITY, MATE_BOUND, MAX_PLY, Score};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;
use tt::TranspositionTable;

/// The hash table sizes, in megabytes, every door accepts (the protocol's `Hash`).
pub const HASH_RANGE: (usize, usize) = (1, 32768);
/// The thread counts every door accepts (`Threads`; a search uses at most the machine's cores).
pub const THREADS_RANGE: (usize, usize) = (1, 256);
/// The numbers of best lines every door accepts (`MultiPV`).
pub const MULTI_PV_RANGE: (usize, usize) = (1, 256);

/// Settings that shape a search but are not limits.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub threads: usize,
    pub move_overhead_ms: u64,
    /// How many best lines to report (MultiPV).
    pub multipv: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            move_overhead_ms: 10,
            multipv: 1,
        }
    }
}

/// The threads a search runs for `requested`: as asked, but no more than the machine runs at
/// once. More would only take turns with the thread that watches the clock, which then sees
/// its deadline late (256 threads on 2 cores overstepped a 50 ms budget by a second).
pub fn usable_threads(requested: usize) -> usize {
    requested.clamp(1, crate::threads::available())
}

/// What a search is told from outside while it runs.
#[derive(Debug, Default)]
pub struct Signals {
    /// Ends the search at once (`stop`, `quit`).
    pub stop: AtomicBool,
    /// Set while the search ponders (`go ponder`): no time limit ends it and it does not answer
    /// until `ponderhit` clears this (its limits then count from the start of `go`) or `stop`.
    pub pondering: AtomicBool,
    /// The nodes the search has counted so far (for progress reports while it runs).
    pub nodes: AtomicU64,
}

impl Signals {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Holds the answer of a search that is done thinking: until `stop`, while it ponders (and
    /// under `infinite`, whatever happens), as UCI requires.
    pub fn hold_answer(&self, infinite: bool) {
        while (infinite || self.pondering()) && !self.stopped() && crate::threads::wait_a_moment() {
        }
    }
}

/// What every search thread shares.
pub(crate) struct SharedState<'a> {
    tt: &'a TranspositionTable,
    signals: &'a Signals,
    /// Set by the main thread when it has finished, to end the helper threads.
    finished: AtomicBool,
    /// The depth the main thread is searching; helpers never fall behind it.
    main_depth: AtomicU32,
    nodes: AtomicU64,
    /// Positions found in the tablebase inside the tree (UCI's `tbhits`).
    tbhits: AtomicU64,
}

/// One completed iteration, as reported in an `info` line.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    /// Which line this is (1 = best) when several are searched.
    pub multipv: usize,
    pub seldepth: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Positions found in the tablebase inside the tree (UCI's `tbhits`).
    pub tbhits: u64,
    pub pv: Vec<String>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over.
    pub best_move: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// The reply the principal variation expects, if it reaches that far.
    pub ponder_move: Option<M>,
}

fn pv_text<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    pv.iter()
        .map(|&mv| {
            let text = position.move_text(mv);
            position.play(mv);
            text
        })
        .collect()
}

/// A root score window this wide around the last iteration's score is tried first.
const ASPIRATION_WINDOW: i32 = 30;

/// Searches the root with an aspiration window around `guess`, widening it until the score
/// falls inside.
fn search_with_window<G: Game>(
    searcher: &mut Searcher<G>,
    root: &G,
    depth: u32,
    guess: Option<i32>,
) -> i32 {
    let Some(guess) = guess.filter(|g| depth >= 4 && g.abs() < score::PROVEN_BOUND) else {
        return searcher.negamax(root, depth, -INFINITY, INFINITY, 0);
    };
    let mut delta = ASPIRATION_WINDOW;
    let (mut alpha, mut beta) = (guess - delta, guess + delta);
    loop {
        let score = searcher.negamax(root, depth, alpha, beta, 0);
        if searcher.aborted || (score > alpha && score < beta) {
            return score;
        }
        delta *= 2;
        if score <= alpha {
            alpha = (score - delta).max(-INFINITY);
        } else {
            beta = (score + delta).min(INFINITY);
        }
        if delta > 4 * ASPIRATION_WINDOW * ASPIRATION_WINDOW {
            (alpha, beta) = (-INFINITY, INFINITY);
        }
    }
}

/// How much of the soft time limit may have passed when a new iteration starts: more while the
/// best move keeps changing, less once it has held for several iterations. Under a clock, where
/// saved time is used later, only half of that: the next iteration takes about as long as all
/// before it together, or longer, and one that the hard limit cuts short is time thrown away.
fn time_scale(adjustable: bool, stable_iterations: u32) -> f64 {
    let stability = match (adjustable, stable_iterations) {
        (false, _) => return 1.0,
        (true, 0) => 1.4,
        (true, 1..=3) => 1.0,
        (true, _) => 0.6,
    };
    stability * NEXT_ITERATION_SHARE
}

/// The share of the soft time limit after which a search under a clock starts no new iteration.
const NEXT_ITERATION_SHARE: f64 = 0.5;

/// How long `stop` waits for the first iteration to finish before it ends it: depth 1 takes far
/// less in every position reached in play, and `bestmove` still follows `stop` well within
/// 100 ms.
const FIRST_ITERATION_STOP_GRACE: Duration = Duration::from_millis(50);

/// Where a search starts.
pub struct Root<'a, G: Game> {
    pub position: &'a G,
    /// The moves that led to `position`.
    pub history: &'a History<G::Move>,
    /// The moves to consider at the root (`searchmoves`); every legal move when empty.
    pub moves: &'a [G::Move],
    /// The tablebase probed at every node below the root, if any.
    pub tablebase: Option<&'a dyn Tablebase<G>>,
}

/// Searches from `root` within `limits`, calling `report` after every completed iteration.
/// `signals` may stop it or end its pondering from another thread.
pub fn search<G: Game>(
    root: Root<G>,
    limits: &Limits,
    settings: Settings,
    tt: &TranspositionTable,
    signals: &Signals,
    report: &mut dyn FnMut(&Iteration),
) -> SearchResult<G::Move> {
    let Root {
        position: root,
        history,
        moves: root_moves,
        tablebase,
    } = root;
    let started = Instant::now();
    let plan = limits.time_plan(
        root.side_to_move(),
        settings.move_overhead_ms,
        root.expected_moves_left(),
    );
    // The root's moves, listed by the hard time limit or `stop`: a game whose listing can take
    // longer (a crowded Apart position) then plays the best of those it listed.
    let mut legal = Vec::new();
    let cutoff = Cutoff {
        deadline: plan.hard.map(|hard| started + hard),
        stop: Some(&signals.stop),
        max_moves: alphabeta::listing_limit(0),
    };
    if root.cheap_moves(&mut legal) && !root.remaining_moves(&mut legal, cutoff) {
        log::debug!("root moves listed in part: {} by the cutoff", legal.len());
    }
    let (moves, left_out): (Vec<G::Move>, Vec<G::Move>) = legal
        .iter()
        .partition(|mv| root_moves.is_empty() || root_moves.contains(mv));
    let game_over = root.verdict().is_some() || root.history_verdict(history).is_some();
    let Some(&first_move) = moves.first().filter(|_| !game_over) else {
        return SearchResult {
            best_move: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            ponder_move: None,
        };
    };
    tt.new_search();
    let shared = SharedState {
        tt,
        signals,
        finished: AtomicBool::new(false),
        main_depth: AtomicU32::new(1),
        nodes: AtomicU64::new(0),
        tbhits: AtomicU64::new(0),
    };
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    let lone_move = moves.len() == 1 && limits.is_timed();
    // What an `info` line says of a completed line, with the counts as they stand.
    let iteration = |depth, multipv, seldepth, score, pv: &[G::Move]| {
        let elapsed = started.elapsed();
        let nodes = shared.nodes.load(Ordering::Relaxed);
        Iteration {
            depth,
            multipv,
            seldepth,
            score: Score::from_internal(score),
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            time_ms: elapsed.as_millis() as u64,
            hashfull: tt.hashfull(),
            tbhits: shared.tbhits.load(Ordering::Relaxed),
            pv: pv_text(root, pv),
        }
    };

    let node_limit = limits.nodes.map(|n| n.max(1));
    let helpers = (1..usable_threads(settings.threads)).map(|helper| {
        let (shared, legal, left_out) = (&shared, &legal, &left_out);
        let helper_history = history.clone();
        move || {
            let mut searcher = Searcher::<G>::new(shared, helper_history, legal, tablebase);
            searcher.node_limit = node_limit;
            run_helper(shared, searcher, root, left_out, helper, max_depth)
        }
    });
    let lines = settings.multipv.clamp(1, moves.len());
    let ((mut result, score), helper_lines) = crate::threads::beside(helpers, || {
        let mut searcher = Searcher::<G>::new(&shared, history.clone(), &legal, tablebase);
        searcher.deadline = plan.hard.map(|hard| started + hard);
        searcher.first_stop_from = started + FIRST_ITERATION_STOP_GRACE;
        searcher.node_limit = node_limit;
        let mut result = SearchResult {
            best_move: Some(first_move),
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            ponder_move: None,
        };
        let mut stable_iterations = 0;
        let mut score = 0;
        'deepening: for depth in 1..=max_depth {
            shared.main_depth.store(depth, Ordering::Relaxed);
            searcher.excluded_root_moves.clone_from(&left_out);
            let previous_best = result.best_move;
            let guess = (depth > 1).then_some(score);
            let mut found = Vec::with_capacity(lines);
            for line in 1..=lines {
                let line_score = if line == 1 {
                    search_with_window(&mut searcher, root, depth, guess)
                } else {
                    searcher.negamax(root, depth, -INFINITY, INFINITY, 0)
                };
                if searcher.aborted {
                    if result.depth == 0 {
                        // The clock ended the first iteration: its best line so far, else its
                        // best move so far.
                        result.best_move = found
                            .first()
                            .and_then(|(_, _, pv): &(i32, usize, Vec<G::Move>)| pv.first().copied())
                            .or(searcher.first_best)
                            .or(result.best_move);
                    }
                    break 'deepening;
                }
                searcher.flush_nodes();
                let pv = searcher.principal_variation().to_vec();
                let Some(&first) = pv.first() else {
                    break;
                };
                searcher.excluded_root_moves.push(first);
                found.push((line_score, searcher.seldepth, pv));
            }
            // Each line is searched with the better ones left out, so a later line can come out
            // better than an earlier one: the lines are reported, and the best one played, in
            // score order.
            found.sort_by_key(|&(line_score, _, _)| std::cmp::Reverse(line_score));
            if let Some((best_score, _, pv)) = found.first() {
                score = *best_score;
                result.best_move = pv.first().copied();
                result.ponder_move = pv.get(1).copied();
                result.score = Score::from_internal(score);
                result.depth = depth;
            }
            for (index, (line_score, seldepth, pv)) in found.iter().enumerate() {
                report(&iteration(depth, index + 1, *seldepth, *line_score, pv));
            }
            searcher.abortable = true;
            if signals.stopped() {
                break;
            }
            let elapsed = started.elapsed();
            stable_iterations = if result.best_move == previous_best {
                stable_iterations + 1
            } else {
                0
            };
            let mate_settled = score.abs() >= MATE_BOUND && limits.depth.is_none();
            let mate_found = limits.mate.is_some_and(|moves| {
                matches!(result.score, Score::Mate(found) if found > 0 && found as u32 <= moves)
            });
            let past_soft_limit = plan.soft.is_some_and(|soft| {
                elapsed >= soft.mul_f64(time_scale(plan.adjustable, stable_iterations))
            });
            if !limits.infinite
                && !signals.pondering()
                && (lone_move
                    || past_soft_limit
                    || mate_found
                    || mate_settled && depth >= 2 * (score::MATE - score.abs()) as u32 + 4)
            {
                break;
            }
        }
        signals.hold_answer(limits.infinite);
        searcher.flush_nodes();
        shared.finished.store(true, Ordering::Relaxed);
        (result, score)
    });
    let deepest = helper_lines
        .into_iter()
        .flatten()
        .flatten()
        .max_by_key(|line| (line.depth, line.score));
    // A helper that saw deeper and found a better line than the main thread is believed
    // instead (not under a depth limit or MultiPV, where the main thread's lines are asked for).
    if let Some(line) = deepest.filter(|line| {
        limits.depth.is_none() && lines == 1 && line.depth > result.depth && line.score > score
    }) {
        result.best_move = line.pv.first().copied();
        result.ponder_move = line.pv.get(1).copied();
        result.score = Score::from_internal(line.score);
        result.depth = line.depth;
        report(&iteration(
            line.depth,
            1,
            line.seldepth,
            line.score,
            &line.pv,
        ));
    }
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result
}

/// A helper thread's last completed iteration.
struct HelperLine<M> {
    depth: u32,
    score: i32,
    seldepth: usize,
    pv: Vec<M>,
}

/// A lazy SMP helper: deepens on its own through the shared table until the main thread has
/// finished. Odd helpers search one ply deeper than the main thread, even ones alongside it (in
/// a different order, through the table); none redoes a depth it has passed. The root moves
/// in `left_out` are not searched.
fn run_helper<G: Game>(
    shared: &SharedState,
    mut searcher: Searcher<G>,
    root: &G,
    left_out: &[G::Move],
    helper: usize,
    max_depth: u32,
) -> Option<HelperLine<G::Move>> {
    searcher.excluded_root_moves = left_out.to_vec();
    searcher.abortable = true;
    let ahead = (helper % 2) as u32;
    let mut depth = 1 + ahead;
    let mut completed: Option<HelperLine<G::Move>> = None;
    while depth <= max_depth {
        let guess = completed.as_ref().map(|line| line.score);
        let score = search_with_window(&mut searcher, root, depth, guess);
        if searcher.aborted {
            break;
        }
        let pv = searcher.principal_variation().to_vec();
        if !pv.is_empty() {
            completed = Some(HelperLine {
                depth,
                score,
                seldepth: searcher.seldepth,
                pv,
            });
        }
        let main_depth = shared.main_depth.load(Ordering::Relaxed);
        depth = (depth + 1).max(main_depth + ahead);
    }
    searcher.flush_nodes();
    completed
}
