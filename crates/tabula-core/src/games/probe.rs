//! Perfect play beside every move: the value of a position and of each of its legal moves, as
//! the oracles know them (a loaded Claustro table or Joust proof, the proven Joust starts, the
//! Joust solver within a budget), best first, as lichess's tablebase explorer lists them. Every
//! door (the protocol's `probe`, `tabula probe`, the board, Python) asks this, once.

use super::joust::proven_starts::ProvenStarts;
use super::joust::solve::{CarriedTable, DEFAULT_LIVE_TABLE_MB, LiveSolver};
use crate::game::Outcome;
use crate::search::limits::Limits;
use crate::search::score::{PROVEN_BOUND, Score};
use crate::search::tt::TranspositionTable;
use crate::session::{GameSession, Oracle, SharedOracle};
use crate::tablebase::Proven;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// The hash table of a probe's search, in megabytes: a probe's searches are small.
const SEARCH_HASH_MB: usize = 4;

/// A move played at once from what is proven, without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvenAnswer {
    pub best_move: String,
    pub score: Score,
    /// Where it came from, for people (`solution table`, `proven: joust starts ...`).
    pub source: String,
    /// Whether a loaded table or proof gave it (a hit, as UCI's `tbhits` counts them).
    pub from_table: bool,
}

/// The move `go` plays at once at full strength where something proven covers the session's
/// position: the loaded table's or proof's, else the proven Joust starts'. Every door that
/// plays at full strength asks this (the protocol's `go`, Python's `Engine.play`).
pub fn proven_answer(
    loaded: Option<&SharedOracle>,
    session: &dyn GameSession,
) -> Option<ProvenAnswer> {
    let answer = |(best_move, score): (String, Score), source: String, from_table| ProvenAnswer {
        best_move,
        score,
        source,
        from_table,
    };
    match loaded.and_then(|table| table.answer(session)) {
        Some(found) => Some(answer(found, "solution table".to_string(), true)),
        None => ProvenStarts.answer(session).map(|found| {
            let source = format!("proven: {}", ProvenStarts.description());
            answer(found, source, false)
        }),
    }
}

/// A legal move and its value for the side that plays it, if an oracle knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    pub text: String,
    pub value: Option<Proven>,
}

/// Where values come from, asked in order: a loaded table or proof, the proven starts, the
/// Joust solver with its budget of nodes (0: not at all), then, where asked for, the search's
/// own proofs (a mate, or a result proven by a known strategy) within its budget.
pub struct Probe {
    loaded: Option<SharedOracle>,
    live: LiveSolver,
    /// The nodes of the search that may prove a position no oracle knows (0: none).
    search_nodes: u64,
    /// The threads that prove a position's moves at once, one move each at a time.
    threads: usize,
}

/// A move waiting to be proven: its place among the legal moves, and the position after it
/// (none if the game refused it).
type PendingMove = (usize, Option<Box<dyn GameSession>>);

impl Probe {
    /// A probe asking `loaded` first, then what is built in, the solver giving up on a position
    /// after `solver_nodes` (0: no solver).
    pub fn new(loaded: Option<SharedOracle>, solver_nodes: u64) -> Probe {
        Probe {
            loaded,
            live: LiveSolver::new(solver_nodes, DEFAULT_LIVE_TABLE_MB),
            search_nodes: 0,
            threads: 1,
        }
    }

    /// The same probe, proving a position's moves on `threads` threads at once (1: the calling
    /// thread alone), as a multi-core machine can when the solver's proofs take minutes: the
    /// moves are dealt out in turn, each thread proving its share one after another with one
    /// table. A proven value does not depend on it, but where the budget of nodes runs out,
    /// which moves it proves may, since each thread's table carries what it learnt.
    pub fn with_threads(mut self, threads: usize) -> Probe {
        self.threads = threads.max(1);
        self
    }

    /// The same probe, its solver's transposition table `megabytes` large (at least 1; one a
    /// thread), as chess engines' `Hash` sizes theirs: a proof of billions of nodes needs
    /// hundreds. A proven value does not depend on it, but which moves the budget proves may.
    pub fn with_hash(mut self, megabytes: usize) -> Probe {
        self.live.table_mb = megabytes.max(1);
        self
    }

    /// Whether the machine can give the solver's tables, one for each thread at once: an error
    /// naming the size if not (the solver is not asked, or needs none, otherwise).
    pub fn check_memory(&self) -> Result<(), String> {
        if self.live.max_nodes == 0 {
            return Ok(());
        }
        self.live.check_tables(self.threads)
    }

    /// The same probe, also asking tabula's search, within `nodes` a position, where nothing
    /// else knows the value: a mate it finds is a win or loss in so many plies, a result it
    /// proves by a known strategy (Joust's mirror) a win or loss. For the board, which shows
    /// what the search proves; not for what must be certain by a proof (adjudication, suites).
    pub fn with_search(mut self, nodes: u64) -> Probe {
        self.search_nodes = nodes;
        self
    }

    /// The nodes the Joust solver has visited for this probe so far, every thread together.
    pub fn solver_nodes(&self) -> u64 {
        self.live.nodes()
    }

    /// The value of the session's position for its side to move: the game's verdict where it
    /// has ended, else the first oracle's that knows it, the solver last.
    pub fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        self.value_carrying(session, &mut CarriedTable::default())
    }

    /// [`Probe::value`], the solver starting from the table `carried` holds and leaving its own.
    fn value_carrying(
        &self,
        session: &dyn GameSession,
        carried: &mut CarriedTable,
    ) -> Option<Proven> {
        self.known_value(session)
            .or_else(|| {
                (self.live.max_nodes > 0)
                    .then(|| self.live.value_carrying(session, carried))
                    .flatten()
            })
            .or_else(|| self.searched_value(session))
    }

    /// What the search proves of the session's position within its budget, if asked to.
    fn searched_value(&self, session: &dyn GameSession) -> Option<Proven> {
        if self.search_nodes == 0 {
            return None;
        }
        let tt = TranspositionTable::try_new(SEARCH_HASH_MB).ok()?;
        let limits = Limits {
            nodes: Some(self.search_nodes),
            ..Limits::default()
        };
        match session.search_quietly(&limits, &tt).result.score {
            // Mate in n of the side to move's moves: its n-th move ends the game.
            Score::Mate(n) if n > 0 => Some(Proven::Win(Some(2 * n.unsigned_abs() - 1))),
            Score::Mate(n) => Some(Proven::Loss(Some(2 * n.unsigned_abs()))),
            Score::Centipawns(cp) if cp >= PROVEN_BOUND => Some(Proven::Win(None)),
            Score::Centipawns(cp) if cp <= -PROVEN_BOUND => Some(Proven::Loss(None)),
            Score::Centipawns(_) => None,
        }
    }

    /// The value the game's verdict, a loaded table or proof or the proven starts give, without
    /// the solver.
    fn known_value(&self, session: &dyn GameSession) -> Option<Proven> {
        if let Some(verdict) = session.verdict() {
            return Some(match verdict.outcome {
                Outcome::Win(side) if side == session.side_to_move() => Proven::Win(Some(0)),
                Outcome::Win(_) => Proven::Loss(Some(0)),
                Outcome::Draw => Proven::Draw,
            });
        }
        let loaded = self.loaded.as_deref().map(|oracle| oracle as &dyn Oracle);
        [loaded, Some(&ProvenStarts as &dyn Oracle)]
            .into_iter()
            .flatten()
            .find_map(|oracle| oracle.value(session))
    }

    /// Each legal move with its value, the best for the side to move first (a quicker win, then
    /// a draw, then a slower loss), the moves nobody knows last, in the order the game lists
    /// them where values tie. Empty once the game has ended.
    pub fn move_values(&self, session: &dyn GameSession) -> Vec<MoveValue> {
        self.values_of_moves(session, false)
    }

    /// Every legal move with its proven value, listed as [`Probe::move_values`] lists them, or
    /// none as soon as one move's value is unknown (the moves not yet begun are not proven):
    /// what a perfect-play suite needs, where a position counts only if all its moves are.
    pub fn every_move_value(&self, session: &dyn GameSession) -> Option<Vec<MoveValue>> {
        every_known(self.values_of_moves(session, true))
    }

    /// [`Probe::every_move_value`] of each of `sessions`, in their order, with `done` told as
    /// each position is finished. The positions are dealt out in turn to the probe's threads
    /// (thread t of n proves positions t, t + n, ...), each thread proving its positions' moves
    /// one after another with one table carried through them all, as a suite of many positions
    /// is proven fastest; where there are no more positions than threads (but one), each
    /// position's moves are shared out among the threads instead.
    pub fn every_move_value_of_each(
        &self,
        sessions: &[Box<dyn GameSession>],
        done: &(dyn Fn() + Sync),
    ) -> Vec<Option<Vec<MoveValue>>> {
        if self.threads > 1 && sessions.len() <= self.threads {
            return sessions
                .iter()
                .map(|session| {
                    let values = self.every_move_value(session.as_ref());
                    done();
                    values
                })
                .collect();
        }
        let threads = self.threads.min(sessions.len()).max(1);
        let mut shares: Vec<Vec<(usize, Box<dyn GameSession>)>> =
            (0..threads).map(|_| Vec::new()).collect();
        for (index, session) in sessions.iter().enumerate() {
            shares[index % threads].push((index, session.boxed_clone()));
        }
        let found = Mutex::new(vec![None; sessions.len()]);
        std::thread::scope(|scope| {
            for share in shares {
                let found = &found;
                scope.spawn(move || {
                    let mut carried = CarriedTable::default();
                    for (index, session) in share {
                        let values =
                            every_known(self.values_in_turn(session.as_ref(), &mut carried));
                        found.lock().unwrap_or_else(PoisonError::into_inner)[index] = values;
                        done();
                    }
                });
            }
        });
        found.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// The session's moves' values proven one after another on the calling thread, carrying
    /// `carried`, no move begun once one is found unknown.
    fn values_in_turn(
        &self,
        session: &dyn GameSession,
        carried: &mut CarriedTable,
    ) -> Vec<MoveValue> {
        if session.verdict().is_some() {
            return Vec::new();
        }
        let moves = session.legal_moves();
        let share = moves
            .iter()
            .enumerate()
            .map(|(index, text)| (index, child_after(session, text)))
            .collect();
        let found = Mutex::new(vec![None; moves.len()]);
        self.prove_share(share, carried, &AtomicBool::new(false), true, &found);
        listed(moves, found)
    }

    /// Proves each move of `share` in turn, carrying `carried`, into `found`; stops when `stop`
    /// is raised, and raises it at an unknown move where `stop_at_unknown`.
    fn prove_share(
        &self,
        share: Vec<PendingMove>,
        carried: &mut CarriedTable,
        stop: &AtomicBool,
        stop_at_unknown: bool,
        found: &Mutex<Vec<Option<Proven>>>,
    ) {
        for (index, child) in share {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let value = child
                .and_then(|child| self.value_carrying(child.as_ref(), carried))
                .map(Proven::before_move);
            if value.is_none() && stop_at_unknown {
                stop.store(true, Ordering::Relaxed);
            }
            found.lock().unwrap_or_else(PoisonError::into_inner)[index] = value;
        }
    }

    /// The moves' values, proven on the probe's threads; with `stop_at_unknown`, no move is
    /// begun once one is found unknown.
    fn values_of_moves(&self, session: &dyn GameSession, stop_at_unknown: bool) -> Vec<MoveValue> {
        if session.verdict().is_some() {
            return Vec::new();
        }
        let moves = session.legal_moves();
        // Thread `t` of `n` proves moves t, t + n, ... in turn, carrying its solver's table
        // from one to the next: which moves share a table does not depend on timing.
        let threads = self.threads.min(moves.len()).max(1);
        let mut shares: Vec<Vec<PendingMove>> = (0..threads).map(|_| Vec::new()).collect();
        for (index, text) in moves.iter().enumerate() {
            shares[index % threads].push((index, child_after(session, text)));
        }
        let found = Mutex::new(vec![None; moves.len()]);
        let stop = AtomicBool::new(false);
        let prove = |share: Vec<PendingMove>| {
            let mut carried = CarriedTable::default();
            self.prove_share(share, &mut carried, &stop, stop_at_unknown, &found);
        };
        if threads == 1 {
            shares.into_iter().for_each(prove);
        } else {
            let prove = &prove;
            std::thread::scope(|scope| {
                for share in shares {
                    scope.spawn(move || prove(share));
                }
            });
        }
        listed(moves, found)
    }

    /// The value of the session's position given its moves' `values` (as
    /// [`Probe::move_values`] lists them): from them where they decide it, else from what is
    /// known of the position itself (its verdict, a table, the proven starts; the solver is not
    /// asked again, having failed on its moves).
    pub fn position_value(
        &self,
        session: &dyn GameSession,
        values: &[MoveValue],
    ) -> Option<Proven> {
        best_of(values).or_else(|| self.known_value(session))
    }
}

/// The position after `text`, none if the game refuses it.
fn child_after(session: &dyn GameSession, text: &str) -> Option<Box<dyn GameSession>> {
    let mut child = session.boxed_clone();
    child.play_move(text).is_ok().then_some(child)
}

/// `moves` with the values `found` for them, best first (see [`Probe::move_values`]).
fn listed(moves: Vec<String>, found: Mutex<Vec<Option<Proven>>>) -> Vec<MoveValue> {
    let found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut values: Vec<MoveValue> = moves
        .into_iter()
        .zip(found)
        .map(|(text, value)| MoveValue { text, value })
        .collect();
    values.sort_by_key(|entry| std::cmp::Reverse(entry.value.map(Proven::rank)));
    values
}

/// `values` if every move's value is known, else none.
fn every_known(values: Vec<MoveValue>) -> Option<Vec<MoveValue>> {
    values
        .iter()
        .all(|entry| entry.value.is_some())
        .then_some(values)
}

/// The value of a position from its moves' values, listed best first by
/// [`Probe::move_values`]: a win if a move wins, else the best value if every move is known.
pub fn best_of(values: &[MoveValue]) -> Option<Proven> {
    let best = values.first()?.value?;
    let all_known = values.iter().all(|entry| entry.value.is_some());
    (matches!(best, Proven::Win(_)) || all_known).then_some(best)
}

/// A probed value in words (`win in 7`, `loss`, `draw`), `unknown` where nothing proves it.
pub fn value_text(value: Option<Proven>) -> String {
    value.map_or_else(|| "unknown".to_string(), Proven::text)
}
