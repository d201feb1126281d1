//! A game in progress behind one object-safe trait, so the protocol can hold any game at any board
//! size while everything below it stays monomorphised.

use crate::board::position_text::PositionText;
use crate::game::{
    BoardMark, BoardSize, EvalTerm, Game, History, Outcome, Side, Verdict, perft, perft_below_each,
    perft_until,
};
use crate::nnue::Network;
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Root, SearchResult, Settings, Signals, search, usable_threads};
use crate::tablebase::Proven;
use crate::words::excerpt;
use std::any::Any;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most moves the `greedy` level weighs (the first listed).
const GREEDY_CHOICES: usize = 1_000_000;

/// Where a game starts: the start position of a size, or a parsed position string.
#[derive(Clone, Copy, Debug)]
pub enum Setup<'a> {
    Start(BoardSize),
    Text(&'a PositionText),
}

/// A search result with the move written out.
#[derive(Clone, Debug)]
pub struct SearchSummary {
    pub best_move: Option<String>,
    pub result: SearchResult<String>,
}

/// Perfect answers for the positions it covers (a solved game's table, a proof), consulted by
/// `go` before searching and by the probes that show each move's value.
pub trait Oracle {
    /// What it holds, for people (`claustro 5x5, 2 pawns a side, ... positions`).
    fn description(&self) -> String;
    /// The best move of the session's position and its score, if this oracle covers it.
    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)>;
    /// The value of the session's position for its side to move, if this oracle knows it.
    fn value(&self, session: &dyn GameSession) -> Option<Proven>;
    /// The oracle itself, for a game to recognise as a tablebase of its positions
    /// ([`Game::tablebase`]) that the search may ask inside its tree; `None` for one that must
    /// not be asked there (a solver, which searches rather than looks up).
    fn tablebase_source(&self) -> Option<&dyn Any> {
        None
    }
}

/// An oracle shared between threads and sessions.
pub type SharedOracle = Arc<dyn Oracle + Send + Sync>;

/// A game in progress: its position and the moves that led there.
pub trait GameSession: Send {
    /// The game's name (`joust`, ...).
    fn game_name(&self) -> &'static str;
    /// The rules in one paragraph.
    fn rules(&self) -> &'static str;
    /// The board's size.
    fn size(&self) -> BoardSize;
    /// The current position string.
    fn position_text(&self) -> String;
    /// The squares of the board itself that matter ([`Game::board_marks`]).
    fn board_marks(&self) -> Vec<BoardMark>;
    /// A picture of the current board.
    fn picture(&self) -> String;
    /// The player to move.
    fn side_to_move(&self) -> Side;
    /// The Zobrist key of the current position.
    fn key(&self) -> u64;
    /// The legal moves, written out.
    fn legal_moves(&self) -> Vec<String> {
        self.first_legal_moves(usize::MAX).0
    }
    /// The first `limit` legal moves written out, and whether they are all there are.
    fn first_legal_moves(&self, limit: usize) -> (Vec<String>, bool) {
        let mut moves = Vec::new();
        let mut all = true;
        self.write_legal_moves(&mut |text| {
            if moves.len() == limit {
                all = false;
                return ControlFlow::Break(());
            }
            moves.push(text.to_string());
            ControlFlow::Continue(())
        });
        (moves, all)
    }
    /// The legal moves written out one by one to `write` until it says to stop, never held all
    /// at once (a contrived Apart position has hundreds of millions).
    fn write_legal_moves(&self, write: &mut dyn FnMut(&str) -> ControlFlow<()>);
    /// The outcome if the game is over, by every rule (position and history).
    /// The squares the piece on `from` can reach in a move of one leg ([`Game::one_leg_targets`]).
    fn one_leg_targets(&self, from: usize) -> Vec<usize>;
    /// Whether a move is entered by asking the rules square by square
    /// ([`Game::ENTERED_BY_ASKING`]).
    fn entered_by_asking(&self) -> bool;
    /// The squares that may follow `path` where moves are entered by asking
    /// ([`Game::asked_next_squares`]).
    fn asked_next_squares(&self, path: &[usize]) -> Vec<usize>;
    /// The first legs of the legal moves, as they are entered square by square: each move's
    /// first two squares ([`Game::move_path`]), or where moves are entered by asking, each
    /// start and a square that may follow it ([`Game::asked_next_squares`]); ascending, none
    /// once the game is over.
    fn first_legs(&self) -> Vec<(usize, usize)>;

    fn verdict(&self) -> Option<Verdict>;
    /// The hand-written evaluation's terms and its total from the side to move's view.
    fn evaluation(&self) -> (Vec<EvalTerm>, i32);
    /// Perft split by first move: each legal move written out with the leaves below it, one by
    /// one in the order of the moves to `write` (none at depth 0), counted on up to `threads`
    /// threads (at most as many as the machine runs at once); returns the total.
    fn perft_divide(&self, depth: u32, threads: usize, write: &mut dyn FnMut(&str, u64)) -> u64;
    /// Perft total, counted on up to `threads` threads as [`GameSession::perft_divide`] does.
    fn perft(&self, depth: u32, threads: usize) -> u64;
    /// Perft total as [`GameSession::perft`] counts it, or None soon after `stop` is set (for a
    /// caller that must be able to interrupt a deep count).
    fn perft_until(&self, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64>;
    /// The best move by a one-ply look among `only` (canonical texts; every legal move when
    /// empty): a move that wins at once, else the move whose position the static evaluation
    /// likes best; `None` when the game is over.
    fn greedy_move(&self, only: &[String]) -> Option<String>;
    /// The legal move written `text` as the engine writes it (Apart accepts any path of a turn
    /// but prints one), or why it is not legal here.
    fn canonical_move(&self, text: &str) -> Result<String, String>;
    /// Plays the move written `text`, or says why it is not legal here (the game is unchanged).
    fn play_move(&mut self, text: &str) -> Result<(), String>;
    /// Whether `text` is a legal move here, written along any of its paths (Apart) or as the
    /// engine writes it: found without writing it out.
    fn is_legal_move(&self, text: &str) -> bool;
    /// Whether the legal move written `text` is noisy (a capture, a move that swings the game);
    /// false for a text that is no legal move.
    fn is_noisy_move(&self, text: &str) -> bool;
    /// The number of inputs of this game's nets on this board (0: none).
    fn input_count(&self) -> usize;
    /// The net's active inputs seen from `perspective`.
    fn features(&self, perspective: Side) -> Vec<u16>;
    /// The net's score and the hand-written evaluation's, from the side to move's view, when the
    /// position evaluates with a net.
    fn net_and_hand_written(&self) -> Option<(i32, i32)>;
    /// Evaluates with the net chosen now (after `UseNNUE` or `EvalFile` changed).
    fn select_network(&mut self);
    /// The net the position evaluates with, if any.
    fn network(&self) -> Option<&'static Network>;
    /// The net the game ships for this board, if any.
    fn shipped_network(&self) -> Option<&'static Network>;
    /// Evaluates with `net` from now on, or with the hand-written evaluation: a choice of the
    /// caller's own, whatever the process-wide options say.
    fn set_network(&mut self, net: Option<&'static Network>);
    /// The solution table or proof the search probes inside its tree from now on, where it is
    /// one of this game's (`SolutionFile`); none: the search probes nothing.
    fn set_tablebase(&mut self, oracle: Option<SharedOracle>);
    /// Searches the current position.
    fn search(
        &self,
        limits: &Limits,
        settings: Settings,
        tt: &TranspositionTable,
        signals: &Signals,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchSummary;
    /// Searches the current position within `limits` alone: the default settings, nothing to
    /// stop it from outside and nothing reported on the way (a tool's fixed search).
    fn search_quietly(&self, limits: &Limits, tt: &TranspositionTable) -> SearchSummary {
        self.search(
            limits,
            Settings::default(),
            tt,
            &Signals::default(),
            &mut |_| {},
        )
    }
    /// An independent copy (for the search thread).
    fn boxed_clone(&self) -> Box<dyn GameSession>;

    /// The board and what is known of the position, as the protocol's `d` shows them: the
    /// picture, then the game and size, position string, side to move, key and status.
    fn display_lines(&self) -> Vec<String> {
        let status = match self.verdict() {
            None => "in progress".to_string(),
            Some(verdict) => match verdict.outcome {
                Outcome::Win(side) => format!("{} wins ({})", side.name(), verdict.reason),
                Outcome::Draw => format!("draw ({})", verdict.reason),
            },
        };
        vec![
            self.picture().trim_end().to_string(),
            format!("Game: {} {}", self.game_name(), self.size()),
            format!("Fen: {}", self.position_text()),
            format!("Side to move: {}", self.side_to_move().name()),
            format!("Key: {:016X}", self.key()),
            format!("Status: {status}"),
        ]
    }
}

/// The one implementation of [`GameSession`], for any game.
#[derive(Clone)]
pub struct GameState<G: Game> {
    position: G,
    history: History<G::Move>,
    /// The loaded solution table or proof, which the search probes inside its tree where the
    /// game recognises it as a tablebase of its positions.
    tablebase: Option<SharedOracle>,
}

impl<G: Game> GameState<G> {
    /// The game from `setup` after `moves`, with or without the engine-policy draws, or the first
    /// problem found.
    pub fn build(setup: Setup, moves: &[&str], engine_draws: bool) -> Result<Self, String> {
        let position = match setup {
            Setup::Start(size) => G::start(size)?,
            Setup::Text(text) => G::from_text(text)?,
        };
        let mut state = GameState {
            position,
            history: History::new(engine_draws),
            tablebase: None,
        };
        for text in moves {
            state.play_text(text)?;
        }
        Ok(state)
    }

    /// The legal moves written `texts` (those that are not legal left out), read one by one
    /// rather than by writing out every legal move (slow for Apart's densest positions).
    fn parse_moves(&self, texts: &[String]) -> Vec<G::Move> {
        texts
            .iter()
            .filter_map(|text| self.position.parse_move(text).ok())
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        if let Some(verdict) = self.verdict() {
            return Err(format!(
                "move '{}' after the game is over ({})",
                excerpt(text),
                verdict.reason
            ));
        }
        let mv = self
            .position
            .parse_move(text)
            .map_err(|problem| format!("move '{}': {problem}", excerpt(text)))?;
        self.history.push(self.position.hash(), mv);
        self.position.play(mv);
        Ok(())
    }
}

impl<G: Game> GameState<G> {
    /// Perft `depth` (at least 1) plies deep split by first move: each move's text and the
    /// leaves `count` finds below it given to `write` in the moves' order, on `threads` threads,
    /// until `stop` is set; returns the total.
    fn divided(
        &self,
        depth: u32,
        threads: usize,
        count: &(dyn Fn(&G, u32) -> u64 + Sync),
        write: &mut dyn FnMut(&str, u64),
        stop: &AtomicBool,
    ) -> u64 {
        let mut total = 0;
        self.position.written_move_batches(&mut |moves, texts| {
            perft_below_each(
                &self.position,
                moves,
                depth - 1,
                threads,
                count,
                &mut |index, leaves| {
                    total += leaves;
                    write(&texts[index], leaves);
                },
            );
            if stop.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        total
    }
}

impl<G: Game> GameSession for GameState<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn rules(&self) -> &'static str {
        G::RULES
    }

    fn size(&self) -> BoardSize {
        self.position.size()
    }

    fn board_marks(&self) -> Vec<BoardMark> {
        G::board_marks(self.size())
    }

    fn position_text(&self) -> String {
        self.position.to_text()
    }

    fn picture(&self) -> String {
        self.position.picture()
    }

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn key(&self) -> u64 {
        self.position.hash()
    }

    fn write_legal_moves(&self, write: &mut dyn FnMut(&str) -> ControlFlow<()>) {
        if self.verdict().is_some() {
            return;
        }
        self.position.written_move_batches(&mut |_, texts| {
            for text in texts {
                write(text)?;
            }
            ControlFlow::Continue(())
        });
    }

    fn one_leg_targets(&self, from: usize) -> Vec<usize> {
        self.position.one_leg_targets(from)
    }

    fn entered_by_asking(&self) -> bool {
        G::ENTERED_BY_ASKING
    }

    fn asked_next_squares(&self, path: &[usize]) -> Vec<usize> {
        self.position.asked_next_squares(path)
    }

    fn first_legs(&self) -> Vec<(usize, usize)> {
        if self.verdict().is_some() {
            return Vec::new();
        }
        let mut legs = Vec::new();
        if G::ENTERED_BY_ASKING {
            for from in self.position.asked_next_squares(&[]) {
                for to in self.position.asked_next_squares(&[from]) {
                    legs.push((from, to));
                }
            }
        } else {
            let mut moves = Vec::new();
            self.position.legal_moves(&mut moves);
            for mv in moves {
                if let Some(path) = self.position.move_path(mv)
                    && let &[from, to, ..] = path.squares()
                {
                    legs.push((usize::from(from), usize::from(to)));
                }
            }
        }
        legs.sort_unstable();
        legs.dedup();
        legs
    }

    fn verdict(&self) -> Option<Verdict> {
        self.position
            .verdict()
            .or_else(|| self.position.history_verdict(&self.history))
    }

    fn evaluation(&self) -> (Vec<EvalTerm>, i32) {
        (
            self.position.eval_terms(),
            self.position.hand_written_evaluation(),
        )
    }

    fn perft_divide(&self, depth: u32, threads: usize, write: &mut dyn FnMut(&str, u64)) -> u64 {
        if depth == 0 {
            return 1;
        }
        let never = AtomicBool::new(false);
        self.divided(depth, usable_threads(threads), &perft, write, &never)
    }

    fn perft(&self, depth: u32, threads: usize) -> u64 {
        if usable_threads(threads) == 1 || depth < 2 {
            return perft(&self.position, depth);
        }
        self.perft_divide(depth, threads, &mut |_, _| {})
    }

    fn perft_until(&self, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64> {
        let threads = usable_threads(threads);
        if threads == 1 || depth < 2 {
            return perft_until(&self.position, depth, stop);
        }
        let count = |child: &G, depth| perft_until(child, depth, stop).unwrap_or(0);
        let total = self.divided(depth, threads, &count, &mut |_, _| {}, stop);
        (!stop.load(Ordering::Relaxed)).then_some(total)
    }

    fn greedy_move(&self, only: &[String]) -> Option<String> {
        if self.verdict().is_some() {
            return None;
        }
        let mover = self.position.side_to_move();
        let moves = if only.is_empty() {
            // At most the first GREEDY_CHOICES moves (a contrived Apart board has hundreds of
            // millions), as the random level does.
            let mut moves = Vec::new();
            self.position.written_move_batches(&mut |batch, _| {
                let room = GREEDY_CHOICES - moves.len();
                moves.extend_from_slice(&batch[..batch.len().min(room)]);
                if moves.len() == GREEDY_CHOICES {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            moves
        } else {
            self.parse_moves(only)
        };
        let value = |mv: G::Move| {
            let mut child = self.clone();
            child.history.push(self.position.hash(), mv);
            child.position.play(mv);
            match child.verdict().map(|v| v.outcome) {
                Some(Outcome::Win(winner)) if winner == mover => i32::MAX,
                Some(Outcome::Win(_)) => i32::MIN,
                Some(Outcome::Draw) => 0,
                None => -child.position.evaluate(),
            }
        };
        let mut best: Option<(i32, G::Move)> = None;
        for mv in moves {
            let score = value(mv);
            if best.is_none_or(|(best_score, _)| score > best_score) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| self.position.move_text(mv))
    }

    fn canonical_move(&self, text: &str) -> Result<String, String> {
        self.position
            .parse_move(text)
            .map(|mv| self.position.move_text(mv))
            .map_err(|problem| format!("move '{}': {problem}", excerpt(text)))
    }

    fn play_move(&mut self, text: &str) -> Result<(), String> {
        self.play_text(text)
    }

    fn is_legal_move(&self, text: &str) -> bool {
        self.position.parse_move(text).is_ok()
    }

    fn is_noisy_move(&self, text: &str) -> bool {
        (self.position.parse_move(text)).is_ok_and(|mv| self.position.is_noisy(mv))
    }

    fn input_count(&self) -> usize {
        self.position.input_count()
    }

    fn features(&self, perspective: Side) -> Vec<u16> {
        let mut features = Vec::new();
        (self.position).push_features(perspective, &mut |f| features.push(f as u16));
        features
    }

    fn select_network(&mut self) {
        self.position.select_network();
    }

    fn network(&self) -> Option<&'static Network> {
        self.position.network()
    }

    fn shipped_network(&self) -> Option<&'static Network> {
        self.position.shipped_network()
    }

    fn set_network(&mut self, net: Option<&'static Network>) {
        self.position.set_network(net);
    }

    fn set_tablebase(&mut self, oracle: Option<SharedOracle>) {
        self.tablebase = oracle;
    }

    fn net_and_hand_written(&self) -> Option<(i32, i32)> {
        self.position.network().map(|_| {
            (
                self.position.evaluate(),
                self.position.hand_written_evaluation(),
            )
        })
    }

    fn search(
        &self,
        limits: &Limits,
        settings: Settings,
        tt: &TranspositionTable,
        signals: &Signals,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchSummary {
        let root_moves = self.parse_moves(&limits.search_moves);
        let root = Root {
            position: &self.position,
            history: &self.history,
            moves: &root_moves,
            tablebase: self
                .tablebase
                .as_deref()
                .and_then(|oracle| G::tablebase(oracle.tablebase_source()?)),
        };
        let result = search(root, limits, settings, tt, signals, report);
        let best_move = result.best_move.map(|mv| self.position.move_text(mv));
        let ponder_move = result
            .best_move
            .zip(result.ponder_move)
            .map(|(best, reply)| {
                let mut after = self.position.clone();
                after.play(best);
                after.move_text(reply)
            });
        SearchSummary {
            best_move: best_move.clone(),
            result: SearchResult {
                best_move,
                score: result.score,
                depth: result.depth,
                nodes: result.nodes,
                ponder_move,
            },
        }
    }

    fn boxed_clone(&self) -> Box<dyn GameSession> {
        Box::new(self.clone())
    }
}
