//! The `Game` trait that every game implements, and the types the rest of the engine shares.
//!
//! A game value is a whole position (board, side to move, move counters); moves are applied by
//! copy-make. Rules that depend on the moves that led to a position (repetition, pass sequences) are
//! judged from a [`History`] kept beside the position.

use crate::board::position_text::PositionText;
pub use crate::board::{BoardSize, Side};
use crate::clock::Instant;
use crate::nnue::{Accumulator, Network};
use crate::tablebase::Tablebase;
use std::any::Any;
use std::fmt::Debug;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// When a listing of moves that can take long must give up: at a deadline, once a flag is raised
/// (the search's `stop`), or once it has listed enough moves.
#[derive(Clone, Copy, Debug)]
pub struct Cutoff<'a> {
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
    /// The most moves the listing may append: past it the listing stops, so that a position
    /// with millions of moves (a crowded Apart board) costs bounded memory.
    pub max_moves: usize,
}

impl Cutoff<'_> {
    /// No cutoff: the listing runs to its end.
    pub const NEVER: Cutoff<'static> = Cutoff {
        deadline: None,
        stop: None,
        max_moves: usize::MAX,
    };

    /// Whether the cutoff can ever be reached (else there is nothing to check).
    pub fn is_set(&self) -> bool {
        self.deadline.is_some() || self.stop.is_some()
    }

    /// Whether the cutoff is reached now: the flag is raised or the deadline has passed.
    pub fn reached(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// The outcome in words: `white wins`, `black wins` or `draw`.
    pub fn words(self) -> String {
        match self {
            Outcome::Win(side) => format!("{} wins", side.name()),
            Outcome::Draw => "draw".to_string(),
        }
    }
}

/// A finished game's outcome together with the rule that decided it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    pub outcome: Outcome,
    pub reason: &'static str,
}

impl Verdict {
    /// A win for `side` by `reason`.
    pub fn win(side: Side, reason: &'static str) -> Self {
        Verdict {
            outcome: Outcome::Win(side),
            reason,
        }
    }

    /// A draw by `reason`.
    pub fn draw(reason: &'static str) -> Self {
        Verdict {
            outcome: Outcome::Draw,
            reason,
        }
    }
}

/// A map of a board onto itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SquareMap {
    Identity,
    /// `(x, y) -> (W-1-x, y)`.
    MirrorFiles,
    /// `(x, y) -> (x, H-1-y)`.
    MirrorRanks,
    /// `(x, y) -> (W-1-x, H-1-y)`.
    HalfTurn,
    /// `(x, y) -> (y, x)`, on square boards.
    Transpose,
}

impl SquareMap {
    /// The image of the square `(x, y)` of a `width` x `height` board.
    pub fn image(self, (x, y): (usize, usize), width: usize, height: usize) -> (usize, usize) {
        match self {
            SquareMap::Identity => (x, y),
            SquareMap::MirrorFiles => (width - 1 - x, y),
            SquareMap::MirrorRanks => (x, height - 1 - y),
            SquareMap::HalfTurn => (width - 1 - x, height - 1 - y),
            SquareMap::Transpose => (y, x),
        }
    }
}

/// A symmetry of a game's rules: a map of the board, with the colours (and the side to move)
/// swapped or not, that maps every position's legal moves and result onto its image's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Symmetry {
    pub squares: SquareMap,
    pub swap_colours: bool,
}

impl Symmetry {
    /// The four maps of a board that keep every square's neighbours, the colours kept.
    pub const BOARD: [Symmetry; 4] = [
        Symmetry::keeping_colours(SquareMap::MirrorFiles),
        Symmetry::keeping_colours(SquareMap::MirrorRanks),
        Symmetry::keeping_colours(SquareMap::HalfTurn),
        Symmetry::keeping_colours(SquareMap::Transpose),
    ];

    /// The four board maps, and the colours swapped on the board as it is: the symmetries of a
    /// game whose two sides move alike on a board that looks the same from every side.
    pub const BOARD_AND_COLOURS: [Symmetry; 5] = [
        Symmetry::BOARD[0],
        Symmetry::BOARD[1],
        Symmetry::BOARD[2],
        Symmetry::BOARD[3],
        Symmetry {
            squares: SquareMap::Identity,
            swap_colours: true,
        },
    ];

    /// `squares` with the colours kept.
    pub const fn keeping_colours(squares: SquareMap) -> Symmetry {
        Symmetry {
            squares,
            swap_colours: false,
        }
    }
}

/// What a move type must offer the search.
pub trait GameMove: Copy + Eq + Debug + Send + Sync + 'static {
    /// A 32-bit tag of the move, for the transposition table and killer slots. Never zero.
    /// A move that fits in 32 bits has a tag of its own among the legal moves of a position; a
    /// larger one (an Apart turn and its captured set) may share its tag with another move of the
    /// same position, which costs move ordering only: nothing the search must get right (the
    /// moves left out at the root, say) relies on tags.
    fn tag(self) -> u32;
}

/// How the search treats the quiet moves a node tries late, chosen per game by matches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LateMoves {
    /// Search them one ply shallower (two for very late moves at depth 5 and more).
    ReduceGently,
    /// Search them shallower by a number of plies growing with the logarithms of depth and move
    /// number, and skip them in non-PV nodes near the leaves (late move pruning).
    ReduceAndPrune,
}

/// One named term of a static evaluation, in centipawns from white's point of view.
#[derive(Clone, Debug)]
pub struct EvalTerm {
    pub name: &'static str,
    pub white: i32,
    pub black: i32,
}

impl EvalTerm {
    pub fn new(name: &'static str, white: i32, black: i32) -> EvalTerm {
        EvalTerm { name, white, black }
    }

    /// A term scored for the side to move, `mover`: `score` (from its point of view) counts for
    /// it where positive and for the other side where negative.
    pub fn for_mover(name: &'static str, mover: Side, score: i32) -> EvalTerm {
        let (gain, loss) = (score.max(0), (-score).max(0));
        match mover {
            Side::White => EvalTerm::new(name, gain, loss),
            Side::Black => EvalTerm::new(name, loss, gain),
        }
    }
}

/// The moves that led to a position, oldest first, with the hash of the position each was played
/// in; and whether the engine-policy draws of rules.md are in force.
#[derive(Clone, Debug)]
pub struct History<M> {
    entries: Vec<(u64, M)>,
    engine_draws: bool,
}

impl<M: GameMove> Default for History<M> {
    fn default() -> Self {
        History::new(true)
    }
}

impl<M: GameMove> History<M> {
    /// An empty history; `engine_draws` says whether the engine-policy draws apply.
    pub fn new(engine_draws: bool) -> Self {
        History {
            entries: Vec::new(),
            engine_draws,
        }
    }

    /// Whether the engine-policy draws (repetition, move caps, double passes) apply.
    pub fn engine_draws(&self) -> bool {
        self.engine_draws
    }

    /// Records that `mv` was played in the position with hash `hash`.
    #[inline]
    pub fn push(&mut self, hash: u64, mv: M) {
        self.entries.push((hash, mv));
    }

    /// Forgets the latest move.
    #[inline]
    pub fn pop(&mut self) {
        self.entries.pop();
    }

    /// The number of moves recorded.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no move is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The `back`th latest entry (0: the latest move) with the hash of the position it was
    /// played in.
    pub fn latest(&self, back: usize) -> Option<(u64, M)> {
        self.entries
            .len()
            .checked_sub(back + 1)
            .map(|index| self.entries[index])
    }

    /// The recorded moves, oldest first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = M> + ExactSizeIterator + '_ {
        self.entries.iter().map(|&(_, mv)| mv)
    }

    /// How often the position with `hash` occurred among the last `window` recorded positions
    /// (the current position, which is not recorded, is not counted).
    pub fn occurrences(&self, hash: u64, window: usize) -> usize {
        self.entries
            .iter()
            .rev()
            .take(window)
            .filter(|&&(h, _)| h == hash)
            .count()
    }
}

/// What receives a list of moves a batch at a time (the moves, and their texts), and says
/// whether to go on.
pub type WrittenMoves<'a, M> = dyn FnMut(&[M], &[String]) -> ControlFlow<()> + 'a;

/// A game: its rules, position string, notation and evaluation.
pub trait Game: Clone + Send + Sync + 'static {
    /// A legal move of this game.
    type Move: GameMove;

    /// The name used by `newgame` and `UCI_Variant`.
    const NAME: &'static str;
    /// The rules in one paragraph, for a person about to play.
    const RULES: &'static str;

    /// The start position on a board of `size`, or why that size is not allowed.
    fn start(size: BoardSize) -> Result<Self, String>;

    /// The position described by a parsed position string, or why it breaks this game's rules.
    fn from_text(text: &PositionText) -> Result<Self, String>;

    /// The position string.
    fn to_text(&self) -> String;

    /// The board's size.
    fn size(&self) -> BoardSize;

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// Appends every legal move to `moves`; none when a decisive rule has ended the game.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Appends the legal moves that are cheap to list (possibly none), and tells whether
    /// [`Game::remaining_moves`] has more: together the two list every legal move once. The search
    /// tries these first and lists the rest only when none of them has refuted the position; it
    /// treats the rest as late quiet moves. A game where some moves cost far more to list than
    /// others (Apart's capture chains) overrides both; the default lists every move here.
    fn cheap_moves(&self, moves: &mut Vec<Self::Move>) -> bool {
        self.legal_moves(moves);
        false
    }

    /// Appends the legal moves that [`Game::cheap_moves`] left out. A game whose listing can
    /// take long gives up at `cutoff` and answers false: the moves appended are legal, but not
    /// all of them (the search then abandons what it was doing, or, at the root, makes do).
    fn remaining_moves(&self, _moves: &mut Vec<Self::Move>, _cutoff: Cutoff) -> bool {
        true
    }

    /// The squares the piece on `from` can reach in a move of one leg (written as its start and
    /// its target): those XBoard's `lift` marks. The default looks through `legal_moves`; a game
    /// with more moves than can be looked through at once (a crowded Apart board) finds them
    /// directly.
    fn one_leg_targets(&self, from: usize) -> Vec<usize> {
        let size = self.size();
        let board = crate::board::geometry::geometry(size.width, size.height);
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .filter_map(
                |mv| match board.parse_square_path(&self.move_text(mv)).as_deref() {
                    Ok(&[start, target]) if start == from => Some(target),
                    _ => None,
                },
            )
            .collect()
    }

    /// The legal moves with their texts (as `move_texts` writes them), a batch at a time, for
    /// lists too long to hold at once (a contrived Apart position has hundreds of millions of
    /// turns): each of `legal_moves`'s moves once, in an order of the game's choosing, until
    /// `visit` says to stop. The default is `legal_moves`'s list in one batch.
    fn written_move_batches(&self, visit: &mut WrittenMoves<Self::Move>) {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let texts = self.move_texts(&moves);
        let _ = visit(&moves, &texts);
    }

    /// The number of legal moves (games with a faster way than listing them override this).
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// How many more moves of its own the side to move plans its clock for when the protocol
    /// does not say (`movestogo`): games that last hundreds of plies plan for more.
    fn expected_moves_left(&self) -> u32 {
        25
    }

    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move);

    /// Perft `depth` plies deep (see [`perft`]): the default plays every move on a copy
    /// ([`perft_by_copy`]); a game that can count its leaves faster overrides it.
    fn count_leaves(&self, depth: u32) -> u64 {
        perft_by_copy(self, depth)
    }

    /// The outcome by the rules that depend on the position alone, if the game is over by them.
    /// Whenever `legal_moves` would give no move, this returns a verdict.
    fn verdict(&self) -> Option<Verdict>;

    /// The outcome by the rules that depend on the moves that led here (repetition, passes), and
    /// by every engine-policy draw (only when `history.engine_draws()`), checked only when
    /// `verdict` is `None`.
    fn history_verdict(&self, _history: &History<Self::Move>) -> Option<Verdict> {
        None
    }

    /// A key for what of `history` can still change this position's result, mixed into the
    /// transposition table's key: 0 (the default) where the result depends on the position
    /// alone, or where the game accepts the error (repetition draws in Joust and Apart, the
    /// ply limits).
    fn history_key(&self, _history: &History<Self::Move>) -> u64 {
        0
    }

    /// A result proven by a known strategy, from the point of view of the side to move:
    /// `Some(true)` if it wins, `Some(false)` if it loses.
    fn proven_result(&self) -> Option<bool> {
        None
    }

    /// `source` (a loaded solution file) as a tablebase of this game's positions, if it is one:
    /// the search then probes it at every node below its root.
    fn tablebase(_source: &dyn Any) -> Option<&dyn Tablebase<Self>> {
        None
    }

    /// The Zobrist hash of the position.
    fn hash(&self) -> u64;

    /// The position with the turn handed to the opponent without a move, for null-move pruning;
    /// `None` (the default) in games where having to move can hurt (zugzwang), where the guess
    /// "passing is no better than the best move" is unsound.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// The symmetries of the rules, checked by the laws every game obeys (`games::laws`).
    const SYMMETRIES: &'static [Symmetry] = &[];

    /// Whether the game has noisy moves at all (quiescence search is skipped when it has none).
    const HAS_NOISY_MOVES: bool = false;

    /// Reverse futility pruning's margin per ply of depth, in centipawns: a node this far above
    /// beta by its static evaluation, per ply left, is taken to hold. 0 (the default) turns the
    /// pruning off.
    const FUTILITY_MARGIN: i32 = 0;

    /// How the search treats late quiet moves: the default reduces them gently; reductions that
    /// grow with depth and late move pruning only where matches show that the moves ordered last
    /// rarely matter.
    const LATE_MOVES: LateMoves = LateMoves::ReduceGently;

    /// Whether a node that the transposition table knows no move for is searched a ply shallower
    /// (internal iterative reduction: such nodes are rarely the ones that matter, and their
    /// ordering is poor), only where matches show that it pays.
    const REDUCE_WITHOUT_TABLE_MOVE: bool = false;

    /// A cheap guess of how good `mv` is, for move ordering (larger first).
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether `mv` changes material or otherwise swings the game, for quiescence search.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The move in the engine's notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Moves of this position in the engine's notation, each as [`Game::move_text`] writes it
    /// (a game may write a whole list faster than one move at a time).
    fn move_texts(&self, moves: &[Self::Move]) -> Vec<String> {
        moves.iter().map(|&mv| self.move_text(mv)).collect()
    }

    /// The legal move written as `text`, or why there is none (the caller names the text).
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&mv| self.move_text(mv) == text)
            .ok_or_else(|| "not a legal move here".to_string())
    }

    /// The static evaluation in centipawns from the side to move's point of view: the net's
    /// where the position has one, else the hand-written evaluation.
    fn evaluate(&self) -> i32;

    /// The hand-written evaluation, whatever the net (for `eval`, which shows both).
    fn hand_written_evaluation(&self) -> i32 {
        self.evaluate()
    }

    /// The net this position evaluates with, if any (see `crate::nnue::registry`).
    fn network(&self) -> Option<&'static Network> {
        None
    }

    /// Evaluates with `net` from now on (its accumulators computed afresh), or with the
    /// hand-written evaluation; a game without net features ignores it.
    fn set_network(&mut self, _net: Option<&'static Network>) {}

    /// Evaluates with the net `crate::nnue::registry` chooses now for this game and board
    /// (after `UseNNUE` or `EvalFile` changed).
    fn select_network(&mut self) {}

    /// The net the game ships for this board, if any.
    fn shipped_network(&self) -> Option<&'static Network> {
        None
    }

    /// The net's accumulators of this position, kept move by move, when it has a net.
    fn accumulator(&self) -> Option<&Accumulator> {
        None
    }

    /// The number of inputs of this game's nets on this board (0: the game has no net features).
    fn input_count(&self) -> usize {
        0
    }

    /// Calls `push` with each active input of the net seen from `perspective`.
    fn push_features(&self, _perspective: Side, _push: &mut dyn FnMut(usize)) {}

    /// The named terms of the evaluation.
    fn eval_terms(&self) -> Vec<EvalTerm>;

    /// A picture of the board with coordinates, for people.
    fn picture(&self) -> String;

    /// The squares of the board itself that matter on a board of `size` (a centre, goals,
    /// neutral corners): drawn by the board pages and given as planes to the learning
    /// environments. None by default.
    fn board_marks(_size: BoardSize) -> Vec<BoardMark> {
        Vec::new()
    }

    /// Whether a move is entered by asking the rules square by square
    /// ([`Game::asked_next_squares`]) rather than by reading the legal moves' squares
    /// ([`Game::move_path`]): an Apart turn, whose squares are walks the position chooses and
    /// whose turns are too many to list in a crowded position.
    const ENTERED_BY_ASKING: bool = false;

    /// The squares `mv` visits as it is entered leg by leg, as the board pages and the learning
    /// environments enter it: from, to, then a Claustro capture's placement. None for a pass,
    /// and for a game whose moves are entered by asking ([`Game::ENTERED_BY_ASKING`]). The
    /// default reads the move's text.
    fn move_path(&self, mv: Self::Move) -> Option<MovePath> {
        let size = self.size();
        let board = crate::board::geometry::geometry(size.width, size.height);
        let squares = board.parse_square_path(&self.move_text(mv)).ok()?;
        MovePath::new(&squares)
    }

    /// For a game whose moves are entered by asking ([`Game::ENTERED_BY_ASKING`]): the squares
    /// that may follow `path` (the squares entered this turn, its start first) in a legal move;
    /// for an empty path, the squares a move may start from. None in the other games.
    fn asked_next_squares(&self, _path: &[usize]) -> Vec<usize> {
        Vec::new()
    }

    /// Calls `change` with each square `mv` changes and what it leaves there, as a board kept
    /// beside the position (a learning environment's planes) follows the move. The default
    /// compares the position's text before and after the move.
    fn move_changes(&self, mv: Self::Move, change: &mut dyn FnMut(usize, Left)) {
        use crate::board::position_text::{Cell, parse_position_text};
        let mover = self.side_to_move();
        let mut after = self.clone();
        after.play(mv);
        let (Ok(before), Ok(after)) = (
            parse_position_text(&self.to_text()),
            parse_position_text(&after.to_text()),
        ) else {
            return;
        };
        for (square, (was, now)) in before.cells.iter().zip(&after.cells).enumerate() {
            if was != now {
                change(
                    square,
                    match now {
                        Cell::Empty => Left::Empty,
                        Cell::Burned => Left::Burned,
                        Cell::Piece(letter)
                            if letter.is_ascii_uppercase() == (mover == Side::White) =>
                        {
                            Left::Mover
                        }
                        Cell::Piece(_) => Left::Opponent,
                    },
                );
            }
        }
    }
}

/// The squares a move visits as it is entered leg by leg ([`Game::move_path`]): two, or three
/// for a Claustro capture (its placement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePath {
    squares: [u16; MovePath::MOST],
    len: u8,
}

impl MovePath {
    /// The most squares a path holds.
    pub const MOST: usize = 3;

    /// The path of `squares`; None unless they are two to [`MovePath::MOST`].
    pub fn new(squares: &[usize]) -> Option<MovePath> {
        if !(2..=MovePath::MOST).contains(&squares.len()) {
            return None;
        }
        let mut path = MovePath {
            squares: [0; MovePath::MOST],
            len: squares.len() as u8,
        };
        for (kept, &square) in path.squares.iter_mut().zip(squares) {
            *kept = u16::try_from(square).ok()?;
        }
        Some(path)
    }

    /// A move from `from` to `to`.
    pub fn leg(from: usize, to: usize) -> MovePath {
        MovePath {
            squares: [from as u16, to as u16, 0],
            len: 2,
        }
    }

    /// Its squares, in the order they are entered.
    pub fn squares(&self) -> &[u16] {
        &self.squares[..self.len as usize]
    }
}

/// What a move leaves on a square it changes ([`Game::move_changes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    Empty,
    /// A burned square (the square a Joust knight leaves).
    Burned,
    /// A piece of the side that moved.
    Mover,
    /// A piece of the other side (a Claustro capture's placement).
    Opponent,
}

/// A square of the board itself that matters: its `(x, y)` (from the bottom left) and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMark {
    pub square: (usize, usize),
    pub kind: MarkKind,
}

/// What a marked square is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A square both sides make for (Jeson Mor's centre).
    Centre,
    /// The square a side makes for (a Claustro goal).
    Goal(Side),
    /// A square no one may stand on (Claustro's neutral corners).
    Corner,
}

impl MarkKind {
    /// Whether `side` makes for the square.
    pub fn made_for(self, side: Side) -> bool {
        match self {
            MarkKind::Centre => true,
            MarkKind::Goal(goal) => goal == side,
            MarkKind::Corner => false,
        }
    }

    /// Its name for a board page: `centre`, `goal-white`, `goal-black` or `corner`.
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Centre => "centre",
            MarkKind::Goal(Side::White) => "goal-white",
            MarkKind::Goal(Side::Black) => "goal-black",
            MarkKind::Corner => "corner",
        }
    }

    /// Its one character on a board page's rows: `+` a centre, `G`/`g` white's and black's
    /// goal, `#` a corner.
    pub fn symbol(self) -> char {
        match self {
            MarkKind::Centre => '+',
            MarkKind::Goal(Side::White) => 'G',
            MarkKind::Goal(Side::Black) => 'g',
            MarkKind::Corner => '#',
        }
    }
}

/// The deepest perft accepted anywhere (`perft`, `go perft`, `tabula perft`, a suite's
/// `D<depth>`): deeper trees take longer than anyone waits, even on the smallest boards.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// `depth`, or the error every perft gives for a depth above [`MAX_PERFT_DEPTH`].
pub fn check_perft_depth(depth: u32) -> Result<u32, String> {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("perft depth '{depth}' is above {MAX_PERFT_DEPTH}"));
    }
    Ok(depth)
}

/// The number of leaves of the legal-move tree `depth` plies deep (perft, as rules.md defines it).
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    position.count_leaves(depth)
}

/// Perft by playing every move on a copy of its position: what [`Game::count_leaves`] does in a
/// game with no faster way. The copies carry no net (perft never evaluates, and a net's
/// accumulators would be updated at every move for nothing).
pub fn perft_by_copy<G: Game>(position: &G, depth: u32) -> u64 {
    let mut root = position.clone();
    root.set_network(None);
    let mut buffers = vec![Vec::new(); depth as usize];
    perft_with_buffers(&root, depth, &mut buffers)
}

fn perft_with_buffers<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return position.count_legal_moves() as u64;
    }
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 0;
    };
    sum_below_moves(position, moves, deeper, |child, deeper| {
        perft_with_buffers(child, depth - 1, deeper)
    })
}

/// The sum of what `count` finds below each legal move of `position` (listed into `moves`;
/// `deeper` are the buffers of the plies below).
fn sum_below_moves<G: Game>(
    position: &G,
    moves: &mut Vec<G::Move>,
    deeper: &mut [Vec<G::Move>],
    mut count: impl FnMut(&G, &mut [Vec<G::Move>]) -> u64,
) -> u64 {
    moves.clear();
    position.legal_moves(moves);
    let mut leaves = 0;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        leaves += count(&child, deeper);
    }
    leaves
}

/// The most leaves a subtree of [`perft_until`] is estimated to have before it is counted whole
/// by the game's own count: some milliseconds of counting in every game.
const PERFT_PIECE_LEAVES: u64 = 1 << 22;

/// Perft as [`perft`] counts it, given up (None) soon after `stop` is set. The tree is cut into
/// subtrees of about [`PERFT_PIECE_LEAVES`] leaves (a node's moves to the power of the depth
/// left), each counted by the game's own count, with `stop` looked at between them.
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    let mut root = position.clone();
    root.set_network(None);
    let mut moves = vec![Vec::new(); depth as usize];
    let leaves = perft_in_pieces(&root, depth, stop, &mut moves);
    (!stop.load(Ordering::Relaxed)).then_some(leaves)
}

fn perft_in_pieces<G: Game>(
    position: &G,
    depth: u32,
    stop: &AtomicBool,
    buffers: &mut [Vec<G::Move>],
) -> u64 {
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    let estimate = (position.count_legal_moves() as u64).checked_pow(depth);
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    if depth <= 2 || estimate.is_some_and(|leaves| leaves <= PERFT_PIECE_LEAVES) {
        return position.count_leaves(depth);
    }
    sum_below_moves(position, moves, deeper, |child, deeper| {
        perft_in_pieces(child, depth - 1, stop, deeper)
    })
}

/// Perft `depth` plies deep below each of `moves` (legal moves of `position`), counted by `count`
/// (a position and a depth: [`perft`] or a stoppable count), given to `write` with the move's
/// index in the order of `moves`, as soon as it and every move before it are counted. `threads`
/// threads count (at most one per move; [`crate::threads::beside`]), each taking the next move
/// that no thread has taken, while the caller's thread writes; a single thread is the caller's
/// own.
pub fn perft_below_each<G: Game>(
    position: &G,
    moves: &[G::Move],
    depth: u32,
    threads: usize,
    count: &(dyn Fn(&G, u32) -> u64 + Sync),
    write: &mut dyn FnMut(usize, u64),
) {
    let mut root = position.clone();
    root.set_network(None);
    let below = |mv| {
        let mut child = root.clone();
        child.play(mv);
        count(&child, depth)
    };
    // A browser module without threads has none to count on beside its own.
    if threads <= 1 || moves.len() <= 1 || crate::threads::available() == 1 {
        for (index, &mv) in moves.iter().enumerate() {
            write(index, below(mv));
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    // Made before `sender` is dropped: each counter holds a sender of its own.
    let counters: Vec<_> = (0..threads.min(moves.len()))
        .map(|_| {
            let (sender, next, below) = (sender.clone(), &next, &below);
            move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = moves.get(index) else { break };
                    if sender.send((index, below(mv))).is_err() {
                        break;
                    }
                }
            }
        })
        .collect();
    drop(sender);
    crate::threads::beside(counters, || {
        let mut counted = vec![None; moves.len()];
        let mut written = 0;
        for (index, leaves) in receiver {
            counted[index] = Some(leaves);
            while let Some(&Some(leaves)) = counted.get(written) {
                write(written, leaves);
                written += 1;
            }
        }
    });
}

/// Perft split by the first move: each legal move with the leaves below it (the games' tests
/// check split perft with it; the protocol's divide streams its moves through the session).
#[cfg(test)]
pub fn perft_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_by(position, depth, perft)
}

/// Each legal move of `position` with what `count` makes of the position it leads to, one ply
/// less deep than `depth`.
#[cfg(test)]
pub fn divide_by<G: Game>(
    position: &G,
    depth: u32,
    count: impl Fn(&G, u32) -> u64,
) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv);
            (mv, count(&child, depth.saturating_sub(1)))
        })
        .collect()
}
