//! The alpha-beta searcher of one thread: principal variation search with a transposition table,
//! killer and history move ordering, late move reductions, mate distance pruning and, for the
//! games that allow them, reverse futility pruning, null-move pruning, late move pruning,
//! internal iterative reduction and quiescence search; a loaded tablebase is probed at every node
//! below the root.

use super::SharedState;
use super::score::{
    DECIDED_BOUND, EVAL_LIMIT, INFINITY, MATE, MAX_PLY, PROVEN, PROVEN_BOUND, from_table, to_table,
};
use super::tt::Bound;
use crate::clock::Instant;
use crate::game::{Cutoff, Game, GameMove, History, LateMoves, Outcome, Side, Verdict};
use crate::tablebase::{Proven, Tablebase};
use std::sync::atomic::Ordering;
use std::time::Duration;

const HISTORY_SIZE: usize = 1 << 14;
const HISTORY_MAX: i32 = 1 << 16;
/// The most work that passes between checks of the clock and the stop flag. Work counts nodes
/// and the moves generated; the amount between checks adapts so that checks come about every
/// `CHECK_PERIOD` whatever a node costs: 20 nanoseconds in Jeson Mor, a tenth of a millisecond
/// in a crowded 20 x 20 Apart position, whose evaluation weighs hundreds of touching pieces.
pub const CHECK_WORK: u64 = 1024;
/// How many nodes past its node limit a search may go to complete its first iteration, so that
/// even `go nodes 1` answers with a searched move where depth 1 is small. A search of `N` nodes
/// thus counts at most `N + FIRST_ITERATION_NODES` nodes, plus up to `CHECK_WORK` more for each
/// helper thread (counted between its reports).
pub const FIRST_ITERATION_NODES: u64 = 1024;
/// How often the clock and the stop flag are checked, roughly.
const CHECK_PERIOD: Duration = Duration::from_micros(500);
/// The most moves a listing at the root may hold; each ply deeper halves it, down to
/// `LEAST_LISTING`. Positions with more moves (crowded Apart boards list tens of millions of
/// turns) are searched on the moves listed, the rest counting as pruned, so that a search's move
/// lists hold at most about `2 x ROOT_LISTING + MAX_PLY x LEAST_LISTING` moves, whatever the
/// position.
const ROOT_LISTING: usize = 1 << 20;
const LEAST_LISTING: usize = 1 << 12;

/// The most moves a listing at `ply` may hold.
pub fn listing_limit(ply: usize) -> usize {
    (ROOT_LISTING >> ply.min(usize::BITS as usize - 1)).max(LEAST_LISTING)
}

/// How many nodes the quiescence search below one node at the horizon may visit; past them it
/// takes the static evaluation. Positions reached in play never come near this (a Jeson Mor
/// search to depth 9 visits the same nodes in 180 positions of games with the bound as
/// without); on boards nearly full of knights, where almost every move captures, capture
/// sequences would otherwise make depth 1 last for hours (a 9 x 9 board of 60 knights took 14
/// million nodes with the sequences cut at 12 plies).
const QUIESCENCE_NODES: u32 = 2048;

/// Reverse futility pruning applies up to this depth.
const FUTILITY_MAX_DEPTH: u32 = 3;
/// Null-move pruning applies from this depth on.
const NULL_MOVE_MIN_DEPTH: u32 = 3;
/// Late move pruning applies up to this depth.
const LATE_MOVE_PRUNING_MAX_DEPTH: u32 = 3;
/// Internal iterative reduction applies from this depth on.
const IIR_MIN_DEPTH: u32 = 4;

/// One thread's search state.
pub(super) struct Searcher<'a, G: Game> {
    shared: &'a SharedState<'a>,
    unreported_nodes: u64,
    /// The tablebase probed at every node below the root, and its hits not yet added to the
    /// shared count.
    tablebase: Option<&'a dyn Tablebase<G>>,
    unreported_tbhits: u64,
    pub seldepth: usize,
    pub aborted: bool,
    /// Whether `stop` ends the search at once; false during the first iteration, where it waits
    /// out a short grace (`first_stop_from`) in which a position reached in play completes
    /// depth 1, so that a stopped search still answers with a searched move. The clock ends any
    /// iteration at once, the first included, and so does the node limit, with a little slack
    /// in the first; a first iteration cut short answers with its best root move so far, else
    /// the first it tried.
    pub abortable: bool,
    /// The best root move of the first iteration so far, else the first one it tried.
    pub first_best: Option<G::Move>,
    pub deadline: Option<Instant>,
    /// When `stop` may end the first iteration: a grace in which a position reached in play
    /// completes it, so that a stopped search still answers with a searched move.
    pub first_stop_from: Instant,
    pub node_limit: Option<u64>,
    /// Nodes plus moves generated so far, the amount at which the clock is next checked, the
    /// work between checks, and when the clock was last checked.
    work: u64,
    next_check: u64,
    check_interval: u64,
    last_check: Instant,
    history: History<G::Move>,
    move_lists: Vec<Vec<(i32, G::Move)>>,
    generated: Vec<G::Move>,
    killers: Vec<[u32; 2]>,
    history_scores: Vec<i32>,
    pv: Vec<Vec<G::Move>>,
    /// The legal moves of the root, listed once for the whole search.
    root_moves: Vec<G::Move>,
    /// Root moves left out of this search (those not among `searchmoves`, and the first moves
    /// of better MultiPV lines).
    pub excluded_root_moves: Vec<G::Move>,
    /// The ply of the node reached by the null move being searched, if any (no two in a row).
    null_move_ply: Option<usize>,
    /// The nodes the quiescence search under way may still visit (`QUIESCENCE_NODES` at the
    /// horizon).
    quiescence_left: u32,
}

fn history_index(side: Side, tag: u32) -> usize {
    let side_bit = matches!(side, Side::Black) as usize;
    ((tag.wrapping_mul(0x9E37_79B1) >> 19) as usize & (HISTORY_SIZE / 2 - 1)) | side_bit << 13
}

/// How much a cutoff at `depth` moves a history score: growing with depth, capped so that the
/// update's product of a score (at most `HISTORY_MAX`) and the bonus stays within `i32`.
fn cutoff_bonus(depth: u32) -> i32 {
    (depth.min(MAX_PLY as u32).pow(2) as i32 * 16).min(HISTORY_MAX / 4)
}

/// Whether a non-PV node at `depth` skips its quiet moves once it has searched `index` moves
/// (late move pruning: after the first 3 + depth^2, in games that allow it, near the leaves).
fn late_move_pruned<G: Game>(depth: u32, index: usize) -> bool {
    matches!(G::LATE_MOVES, LateMoves::ReduceAndPrune)
        && depth <= LATE_MOVE_PRUNING_MAX_DEPTH
        && index >= 3 + (depth * depth) as usize
}

/// How many plies less than its due a quiet move is searched, the `index`th searched (from 0) at
/// `depth`, in a PV node or not, ordered with a positive score (history plus the game's hint) or
/// not.
fn late_move_reduction<G: Game>(depth: u32, index: usize, is_pv: bool, promising: bool) -> u32 {
    if depth < 3 || index < 3 {
        return 0;
    }
    match G::LATE_MOVES {
        LateMoves::ReduceGently => 1 + (index >= 8 && depth >= 5) as u32,
        LateMoves::ReduceAndPrune => logarithmic_reduction(depth, index)
            .saturating_sub(is_pv as u32 + promising as u32)
            .max(1),
    }
}

/// Stockfish's reduction: the product of the logarithms of depth and move number.
fn logarithmic_reduction(depth: u32, index: usize) -> u32 {
    let reduction = (depth as f32).ln() * (index as f32).ln() / 2.25 + 0.75;
    reduction as u32
}

/// A verdict's score for the side to move, `ply` plies below the root.
fn verdict_score(verdict: &Verdict, side: Side, ply: usize) -> i32 {
    match verdict.outcome {
        Outcome::Draw => 0,
        Outcome::Win(winner) if winner == side => MATE - ply as i32,
        Outcome::Win(_) => -(MATE - ply as i32),
    }
}

/// A tablebase's value for the side to move, `ply` plies below the root: a known distance to the
/// end scores as a mate would, an unknown one as a result proven by a strategy.
fn tablebase_score(value: Proven, ply: usize) -> i32 {
    let win = |plies: Option<u32>| match plies {
        Some(plies) if ply + (plies as usize) < MAX_PLY => MATE - (ply + plies as usize) as i32,
        _ => PROVEN - ply as i32,
    };
    match value {
        Proven::Win(plies) => win(plies),
        Proven::Loss(plies) => -win(plies),
        Proven::Draw => 0,
    }
}

impl<'a, G: Game> Searcher<'a, G> {
    /// A searcher of the root whose legal moves are `root_moves`, reached by `history`.
    pub fn new(
        shared: &'a SharedState<'a>,
        history: History<G::Move>,
        root_moves: &[G::Move],
        tablebase: Option<&'a dyn Tablebase<G>>,
    ) -> Self {
        Searcher {
            shared,
            unreported_nodes: 0,
            tablebase,
            unreported_tbhits: 0,
            seldepth: 0,
            aborted: false,
            abortable: false,
            first_best: None,
            deadline: None,
            first_stop_from: Instant::now(),
            node_limit: None,
            work: 0,
            next_check: 0,
            check_interval: CHECK_WORK,
            last_check: Instant::now(),
            history,
            move_lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            generated: Vec::new(),
            killers: vec![[0; 2]; MAX_PLY + 1],
            history_scores: vec![0; HISTORY_SIZE],
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            root_moves: root_moves.to_vec(),
            excluded_root_moves: Vec::new(),
            null_move_ply: None,
            quiescence_left: 0,
        }
    }

    /// The principal variation of the last completed root search.
    pub fn principal_variation(&self) -> &[G::Move] {
        &self.pv[0]
    }

    /// Adds this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.shared
            .signals
            .nodes
            .fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.unreported_nodes = 0;
        self.shared
            .tbhits
            .fetch_add(self.unreported_tbhits, Ordering::Relaxed);
        self.unreported_tbhits = 0;
    }

    /// Whether the search must end now: at its node limit (counted over all threads; in the
    /// first iteration `FIRST_ITERATION_NODES` past it), and, at each check, at its deadline or
    /// at `stop`.
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let slack = if self.abortable {
            0
        } else {
            FIRST_ITERATION_NODES
        };
        if let Some(limit) = self.node_limit
            && self.shared.nodes.load(Ordering::Relaxed) + self.unreported_nodes >= limit + slack
        {
            self.aborted = true;
            return true;
        }
        if self.work >= self.next_check {
            let now = Instant::now();
            self.adapt_check_interval(now);
            self.flush_nodes();
            let out_of_time = self.deadline.is_some_and(|deadline| now >= deadline)
                && !self.shared.signals.pondering();
            let stopped =
                self.shared.signals.stopped() || self.shared.finished.load(Ordering::Relaxed);
            let stop_honoured = stopped && (self.abortable || now >= self.first_stop_from);
            self.aborted = out_of_time || stop_honoured;
        }
        self.aborted
    }

    /// Sets when the clock is next checked: the work between checks halves when the last ones
    /// came further apart than `CHECK_PERIOD`, and doubles (up to `CHECK_WORK`) when they came
    /// much closer.
    fn adapt_check_interval(&mut self, now: Instant) {
        let since = now.saturating_duration_since(self.last_check);
        if since > CHECK_PERIOD {
            self.check_interval = (self.check_interval / 2).max(1);
        } else if since < CHECK_PERIOD / 4 {
            self.check_interval = (self.check_interval * 2).min(CHECK_WORK);
        }
        self.last_check = now;
        self.next_check = self.work + self.check_interval;
    }

    /// When a game's listing of its remaining moves must give up: at `stop`, and at the search's
    /// deadline once the clock may end the search (a listing cut short abandons the iteration).
    fn listing_cutoff(&self, ply: usize) -> Cutoff<'a> {
        let shared: &'a SharedState<'a> = self.shared;
        Cutoff {
            deadline: self.deadline.filter(|_| !self.shared.signals.pondering()),
            stop: Some(&shared.signals.stop),
            max_moves: listing_limit(ply),
        }
    }

    /// Lists the remaining moves of `position` at `ply` into `self.generated`. A listing cut
    /// short by the clock or `stop` aborts the search; one cut short by its size limit goes on
    /// with the moves listed, as if the rest were pruned.
    fn list_remaining_into_generated(&mut self, position: &G, ply: usize) {
        let cutoff = self.listing_cutoff(ply);
        let complete = position.remaining_moves(&mut self.generated, cutoff);
        self.aborted |= !complete && cutoff.reached();
    }

    /// Gives each of `moves` its order key (larger first) and sorts them by it.
    fn order_moves(&self, position: &G, ply: usize, tt_tag: u32, moves: &mut [(i32, G::Move)]) {
        let side = position.side_to_move();
        let [killer_a, killer_b] = self.killers[ply];
        for (order, mv) in moves.iter_mut() {
            let tag = mv.tag();
            *order = if tag == tt_tag {
                1 << 30
            } else if position.is_noisy(*mv) {
                (1 << 28) + position.move_order_hint(*mv)
            } else if tag == killer_a {
                1 << 27
            } else if tag == killer_b {
                (1 << 27) - 1
            } else {
                self.history_scores[history_index(side, tag)] + position.move_order_hint(*mv)
            };
        }
        moves.sort_unstable_by_key(|&(order, _)| std::cmp::Reverse(order));
    }

    /// Lists the moves of `position` into `moves` and orders them: at the root all of them (as
    /// listed when the search began), elsewhere the cheap ones (and the rest too where there is
    /// no cheap one, or the table's move is not among them). Returns whether the game's
    /// remaining moves are still to come.
    fn list_moves(
        &mut self,
        position: &G,
        ply: usize,
        tt_tag: u32,
        moves: &mut Vec<(i32, G::Move)>,
    ) -> bool {
        self.generated.clear();
        let mut more = if ply == 0 {
            self.generated.extend_from_slice(&self.root_moves);
            false
        } else {
            position.cheap_moves(&mut self.generated)
        };
        let table_move_missing =
            |moves: &[G::Move]| tt_tag != 0 && moves.iter().all(|mv| mv.tag() != tt_tag);
        if more && (self.generated.is_empty() || table_move_missing(&self.generated)) {
            self.list_remaining_into_generated(position, ply);
            more = false;
        }
        self.work += self.generated.len() as u64;
        moves.clear();
        if self.aborted {
            return false;
        }
        moves.extend(self.generated.iter().map(|&mv| (0, mv)));
        self.order_moves(position, ply, tt_tag, moves);
        more
    }

    /// Appends the remaining moves of `position` to `moves`, ordered among themselves.
    fn list_remaining_moves(&mut self, position: &G, ply: usize, moves: &mut Vec<(i32, G::Move)>) {
        self.generated.clear();
        self.list_remaining_into_generated(position, ply);
        self.work += self.generated.len() as u64;
        if self.aborted {
            return;
        }
        let listed = moves.len();
        moves.extend(self.generated.iter().map(|&mv| (0, mv)));
        self.order_moves(position, ply, 0, &mut moves[listed..]);
    }

    fn reward_cutoff(
        &mut self,
        side: Side,
        ply: usize,
        depth: u32,
        best: G::Move,
        tried: &[(i32, G::Move)],
    ) {
        let tag = best.tag();
        if self.killers[ply][0] != tag {
            self.killers[ply] = [tag, self.killers[ply][0]];
        }
        let bonus = cutoff_bonus(depth);
        for &(_, mv) in tried {
            let delta = if mv == best { bonus } else { -bonus };
            let entry = &mut self.history_scores[history_index(side, mv.tag())];
            *entry += delta - *entry * delta.abs() / HISTORY_MAX;
        }
    }

    fn static_eval(position: &G) -> i32 {
        position.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The score of a position whose game is over, or proven, if it is.
    fn terminal_score(&self, position: &G, ply: usize) -> Option<i32> {
        let side = position.side_to_move();
        if let Some(verdict) = position.verdict() {
            return Some(verdict_score(&verdict, side, ply));
        }
        if let Some(verdict) = position.history_verdict(&self.history) {
            return Some(verdict_score(&verdict, side, ply));
        }
        position.proven_result().map(|wins| {
            let score = PROVEN - ply as i32;
            if wins { score } else { -score }
        })
    }

    /// Negamax alpha-beta search of `position`, `depth` plies deep, `ply` plies below the root.
    pub fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        // Checked before the node is counted, so that a search ended by its node limit counts
        // no node past it (nor does a reduced search cut short, then searched again).
        if self.should_stop() {
            return 0;
        }
        self.unreported_nodes += 1;
        self.work += 1;
        self.seldepth = self.seldepth.max(ply);
        let is_root = ply == 0;
        if !is_root {
            if let Some(score) = self.terminal_score(position, ply) {
                return score;
            }
            if let Some(value) = self.tablebase.and_then(|table| table.probe(position)) {
                self.unreported_tbhits += 1;
                return tablebase_score(value, ply);
            }
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth == 0 || ply >= MAX_PLY {
            self.quiescence_left = QUIESCENCE_NODES;
            return self.quiescence(position, alpha, beta, ply);
        }
        let key = position.hash();
        // The table's key: the position, and whatever of the moves that led to it can still
        // change its result (a repetition in progress), so that no score is reused where the
        // history differs in a way that matters.
        let table_key = key ^ position.history_key(&self.history);
        let is_pv = beta - alpha > 1;
        let mut tt_tag = 0;
        if let Some(hit) = self.shared.tt.probe(table_key) {
            tt_tag = hit.move_tag;
            let score = from_table(hit.score, ply);
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if !is_root && !is_pv && hit.depth >= depth && usable {
                return score;
            }
        }

        if !is_pv && !is_root {
            if let Some(score) = Self::futile(position, depth, beta) {
                return score;
            }
            if self.null_move_fails_high(position, depth, beta, ply) {
                return beta;
            }
        }

        let reduced =
            G::REDUCE_WITHOUT_TABLE_MOVE && tt_tag == 0 && !is_root && depth >= IIR_MIN_DEPTH;
        let depth = depth - reduced as u32;

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let mut more = self.list_moves(position, ply, tt_tag, &mut moves);
        if moves.is_empty() || self.aborted {
            // Only reachable at the root of a finished game; the caller never asks for that.
            self.move_lists[ply] = moves;
            return 0;
        }

        let side = position.side_to_move();
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0].1;
        let mut index = 0;
        let mut tried = 0;
        loop {
            if tried == moves.len() {
                // The remaining moves count as quiet: none is searched where late move pruning
                // would skip them.
                let skipped =
                    !is_pv && best_score > -DECIDED_BOUND && late_move_pruned::<G>(depth, index);
                if !more || skipped {
                    break;
                }
                more = false;
                self.list_remaining_moves(position, ply, &mut moves);
                if self.aborted {
                    self.move_lists[ply] = moves;
                    return 0;
                }
                continue;
            }
            let (order, mv) = moves[tried];
            tried += 1;
            if is_root && self.excluded_root_moves.contains(&mv) {
                continue;
            }
            if index == 0 {
                best_move = mv;
                if is_root && !self.abortable && self.first_best.is_none() {
                    self.first_best = Some(mv);
                }
            }
            let quiet = order < 1 << 27 && !position.is_noisy(mv);
            if quiet && !is_pv && best_score > -DECIDED_BOUND && late_move_pruned::<G>(depth, index)
            {
                continue;
            }
            let mut child = position.clone();
            child.play(mv);
            self.history.push(key, mv);
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if quiet {
                    late_move_reduction::<G>(depth, index, is_pv, order > 0)
                } else {
                    0
                };
                let mut score = -self.negamax(
                    &child,
                    depth - 1 - reduction.min(depth - 1),
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                score
            };
            self.history.pop();
            index += 1;
            if self.aborted {
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if is_root && !self.abortable {
                    self.first_best = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if quiet {
                            self.reward_cutoff(side, ply, depth, mv, &moves[..tried]);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            table_key,
            best_move.tag(),
            to_table(best_score, ply),
            depth,
            bound,
        );
        best_score
    }

    /// Reverse futility pruning: the static evaluation, if it is so far above `beta` that a
    /// shallow search would not bring it down (games with a margin only, never near proven or
    /// mate scores).
    fn futile(position: &G, depth: u32, beta: i32) -> Option<i32> {
        if G::FUTILITY_MARGIN == 0 || depth > FUTILITY_MAX_DEPTH || beta.abs() >= PROVEN_BOUND {
            return None;
        }
        let eval = Self::static_eval(position);
        (eval - G::FUTILITY_MARGIN * depth as i32 >= beta).then_some(eval)
    }

    /// Null-move pruning: whether handing the opponent a free move still leaves the side to move
    /// at `beta` or above in a reduced search, so that a real move would too (games that allow
    /// it only; never twice in a row, nor near proven or mate scores).
    fn null_move_fails_high(&mut self, position: &G, depth: u32, beta: i32, ply: usize) -> bool {
        if depth < NULL_MOVE_MIN_DEPTH
            || beta.abs() >= PROVEN_BOUND
            || self.null_move_ply == Some(ply)
        {
            return false;
        }
        let Some(passed) = position.null_move() else {
            return false;
        };
        if Self::static_eval(position) < beta {
            return false;
        }
        let reduction = 2 + depth / 4;
        let outer = self.null_move_ply.replace(ply + 1);
        let score = -self.negamax(
            &passed,
            depth - 1 - reduction.min(depth - 1),
            -beta,
            1 - beta,
            ply + 1,
        );
        self.null_move_ply = outer;
        !self.aborted && score >= beta
    }

    /// Searches noisy moves until the position is quiet (only for games that have noisy moves),
    /// or until `QUIESCENCE_NODES` are spent below the horizon.
    fn quiescence(&mut self, position: &G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand_pat = Self::static_eval(position);
        if !G::HAS_NOISY_MOVES || ply >= MAX_PLY || stand_pat >= beta || self.quiescence_left == 0 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        self.generated.clear();
        position.legal_moves(&mut self.generated);
        self.work += self.generated.len() as u64;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        moves.extend(
            self.generated
                .iter()
                .copied()
                .filter(|&mv| position.is_noisy(mv))
                .map(|mv| (position.move_order_hint(mv), mv)),
        );
        moves.sort_unstable_by_key(|&(order, _)| std::cmp::Reverse(order));
        let key = position.hash();
        let mut best = stand_pat;
        for &(_, mv) in moves.iter() {
            if self.should_stop() {
                break;
            }
            let mut child = position.clone();
            child.play(mv);
            self.unreported_nodes += 1;
            self.work += 1;
            self.quiescence_left = self.quiescence_left.saturating_sub(1);
            self.seldepth = self.seldepth.max(ply + 1);
            self.history.push(key, mv);
            let score = match self.terminal_score(&child, ply + 1) {
                Some(score) => -score,
                None => -self.quiescence(&child, -beta, -alpha, ply + 1),
            };
            self.history.pop();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.move_lists[ply] = moves;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_updates_stay_in_range_at_every_depth() {
        for depth in 0..=MAX_PLY as u32 {
            let bonus = cutoff_bonus(depth);
            assert!((0..=HISTORY_MAX).contains(&bonus), "depth {depth}");
            assert!(HISTORY_MAX.checked_mul(bonus).is_some(), "depth {depth}");
        }
        assert_eq!(cutoff_bonus(3), 9 * 16);
    }

    #[test]
    fn logarithmic_reductions_grow_with_depth_and_move_number() {
        for depth in 3..MAX_PLY as u32 {
            for index in 3..MAX_PLY {
                let reduction = logarithmic_reduction(depth, index);
                assert!(reduction >= logarithmic_reduction(depth - 1, index));
                assert!(reduction >= logarithmic_reduction(depth, index - 1));
            }
        }
        assert_eq!(logarithmic_reduction(3, 3), 1);
        assert_eq!(logarithmic_reduction(20, 30), 5);
    }
}
