//! What the games share to evaluate with a net: the numbering of inputs as planes of one input
//! per square, seen from one side ([`Planes`]), the net and accumulators a position carries
//! and keeps up to date move by move ([`NetState`]), and a net a game ships ([`ShippedNet`]).

use super::{Accumulator, Network};
use crate::board::BoardSize;
use crate::board::Side;
use crate::board::bitboard::Bitboard;

/// A net a game ships for one square board, its file's bytes built into the program and read
/// the first time a position of that board asks for it.
pub struct ShippedNet {
    side: usize,
    bytes: &'static [u8],
    net: std::sync::OnceLock<Option<Network>>,
}

impl ShippedNet {
    /// The net of the file `bytes` for the board `side` x `side`.
    pub const fn new(side: usize, bytes: &'static [u8]) -> Self {
        Self {
            side,
            bytes,
            net: std::sync::OnceLock::new(),
        }
    }

    /// The net, where `size` is its board (none elsewhere, nor if its bytes are not a net, which
    /// the laws rule out).
    pub fn for_board(&'static self, size: BoardSize) -> Option<&'static Network> {
        if size != BoardSize::square(self.side) {
            return None;
        }
        self.net
            .get_or_init(|| Network::from_bytes(self.bytes).ok())
            .as_ref()
    }
}

/// How black sees the board, so that each side sees itself where white starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlackView {
    /// Upside down: ranks reversed, files kept (Jeson Mor, where each side starts on its edge).
    Ranks,
    /// Turned half round (games whose sides start in opposite corners or half-turn images).
    HalfTurn,
}

/// A net's inputs in planes of one input per square: plane 0 holds the pieces of the side that
/// looks (its perspective), plane 1 those of the other, further planes a game's own marks
/// (Joust's burned squares).
#[derive(Clone, Copy, Debug)]
pub struct Planes {
    pub width: usize,
    pub height: usize,
    pub view: BlackView,
    /// The number of planes.
    pub count: usize,
}

impl Planes {
    /// `count` planes on a board of `size`, black seeing it by `view`.
    pub const fn new(size: BoardSize, view: BlackView, count: usize) -> Planes {
        Planes {
            width: size.width,
            height: size.height,
            view,
            count,
        }
    }

    /// Calls `push` with the input of every piece of `pieces` (white's, black's) seen from
    /// `perspective`.
    pub fn push_pieces<const W: usize>(
        &self,
        perspective: Side,
        pieces: [Bitboard<W>; 2],
        push: &mut dyn FnMut(usize),
    ) {
        for (owner, own) in [Side::White, Side::Black].into_iter().zip(pieces) {
            for square in own.squares() {
                push(self.piece(perspective, owner, square));
            }
        }
    }

    /// The number of inputs.
    pub const fn inputs(&self) -> usize {
        self.count * self.width * self.height
    }

    /// `square` (numbered `y * width + x`) as `perspective` sees it.
    #[inline]
    pub fn seen(&self, perspective: Side, square: usize) -> usize {
        match (perspective, self.view) {
            (Side::White, _) => square,
            (Side::Black, BlackView::Ranks) => {
                let (x, y) = (square % self.width, square / self.width);
                (self.height - 1 - y) * self.width + x
            }
            (Side::Black, BlackView::HalfTurn) => self.width * self.height - 1 - square,
        }
    }

    /// The input of a piece of `owner` on `square`, seen from `perspective`.
    #[inline]
    pub fn piece(&self, perspective: Side, owner: Side, square: usize) -> usize {
        self.mark(perspective, usize::from(owner != perspective), square)
    }

    /// The input of plane `plane` on `square`, seen from `perspective`.
    #[inline]
    pub fn mark(&self, perspective: Side, plane: usize, square: usize) -> usize {
        plane * self.width * self.height + self.seen(perspective, square)
    }
}

/// The net a position evaluates with, if any, and its two accumulators for that position.
#[derive(Clone, Debug, Default)]
pub struct NetState {
    net: Option<&'static Network>,
    accumulator: Accumulator,
}

impl NetState {
    /// The net, if any.
    pub fn net(&self) -> Option<&'static Network> {
        self.net
    }

    /// The accumulators, when there is a net.
    pub fn accumulator(&self) -> Option<&Accumulator> {
        self.net.map(|_| &self.accumulator)
    }

    /// `hand_written` plus the net's correction for the side to move `mover`.
    #[inline]
    pub fn evaluate(&self, hand_written: i32, mover: Side) -> i32 {
        match self.net {
            Some(net) => hand_written + net.evaluate(&self.accumulator, mover),
            None => hand_written,
        }
    }

    /// Evaluates with `net` from now on, its accumulators computed from the active inputs that
    /// `features` gives for each perspective.
    pub fn set(
        &mut self,
        net: Option<&'static Network>,
        features: impl Fn(Side, &mut dyn FnMut(usize)),
    ) {
        self.net = net;
        let Some(net) = net else { return };
        for perspective in [Side::White, Side::Black] {
            let mut active = Vec::new();
            features(perspective, &mut |feature| active.push(feature));
            net.refresh(&mut self.accumulator, perspective, active.into_iter());
        }
    }

    /// A piece of `owner` moved from `from` to `to`.
    #[inline]
    pub fn shift(&mut self, planes: &Planes, owner: Side, (from, to): (usize, usize)) {
        self.update(|net, accumulator, perspective| {
            let gone = planes.piece(perspective, owner, from);
            let come = planes.piece(perspective, owner, to);
            net.shift(accumulator, perspective, gone, come);
        });
    }

    /// A piece of `owner` left the board from `square`.
    #[inline]
    pub fn remove(&mut self, planes: &Planes, owner: Side, square: usize) {
        self.update(|net, accumulator, perspective| {
            let gone = planes.piece(perspective, owner, square);
            net.remove(accumulator, perspective, gone);
        });
    }

    /// Square `square` of plane `plane` (numbered as [`Planes::mark`] does) became marked.
    #[inline]
    pub fn add_mark(&mut self, planes: &Planes, plane: usize, square: usize) {
        self.update(|net, accumulator, perspective| {
            let come = planes.mark(perspective, plane, square);
            net.add(accumulator, perspective, come);
        });
    }

    /// Brings both perspectives' accumulators up to date with `change`, when there is a net.
    #[inline]
    fn update(&mut self, change: impl Fn(&Network, &mut Accumulator, Side)) {
        let Some(net) = self.net else { return };
        for perspective in [Side::White, Side::Black] {
            change(net, &mut self.accumulator, perspective);
        }
    }
}

/// The net's methods of `Game` (and `eval_terms`) for a position that keeps a [`NetState`] in its
/// field `net`, its side to move in `side`, its hand-written evaluation in `eval::evaluate` (its
/// named terms in `eval::terms`), and has the inherent methods `planes(&self) -> Planes`,
/// `features(&self, Side, &mut dyn FnMut(usize))` (the active inputs seen from a side) and
/// `shipped_net(&self) -> Option<&'static Network>`.
macro_rules! game_net_methods {
    () => {
        fn evaluate(&self) -> i32 {
            self.net.evaluate(eval::evaluate(self), self.side)
        }

        fn hand_written_evaluation(&self) -> i32 {
            eval::evaluate(self)
        }

        fn network(&self) -> Option<&'static $crate::nnue::Network> {
            self.net.net()
        }

        fn set_network(&mut self, net: Option<&'static $crate::nnue::Network>) {
            let mut state = std::mem::take(&mut self.net);
            state.set(net, |perspective, push| self.features(perspective, push));
            self.net = state;
        }

        fn shipped_network(&self) -> Option<&'static $crate::nnue::Network> {
            self.shipped_net()
        }

        fn select_network(&mut self) {
            let shipped = self.shipped_net();
            let net = $crate::nnue::registry::net_for(Self::NAME, self.size(), shipped);
            self.set_network(net);
        }

        fn accumulator(&self) -> Option<&$crate::nnue::Accumulator> {
            self.net.accumulator()
        }

        fn input_count(&self) -> usize {
            self.planes().inputs()
        }

        fn push_features(&self, perspective: Side, push: &mut dyn FnMut(usize)) {
            self.features(perspective, push);
        }

        fn eval_terms(&self) -> Vec<$crate::game::EvalTerm> {
            eval::terms(self)
        }
    };
}
pub(crate) use game_net_methods;

/// A game's inherent `shipped_net` (the first of the nets `shipped` that is for this board),
/// `planes` (`planes` planes of the board, black's seen through `view`), for
/// [`game_net_methods`], and `ready` (a position just built, with its hash from its inherent
/// `compute_hash` and its net chosen).
macro_rules! net_inputs {
    ([$($shipped:expr),+], $view:expr, $planes:expr) => {
        /// The net the game ships for this board, if any.
        pub(super) fn shipped_net(&self) -> Option<&'static $crate::nnue::Network> {
            let size = self.size();
            [$(&$shipped),+].into_iter().find_map(|net| net.for_board(size))
        }

        /// The numbering of the inputs on this board.
        pub(super) fn planes(&self) -> $crate::nnue::board_net::Planes {
            $crate::nnue::board_net::Planes::new(self.size(), $view, $planes)
        }

        /// A position just built, made ready: its hash computed and its net chosen.
        pub(super) fn ready(mut self) -> Self {
            self.hash = self.compute_hash();
            self.select_network();
            self
        }
    };
}
pub(crate) use net_inputs;

/// A [`NetState`] on the heap, for games that ship no net: a pointer's size while no net is
/// loaded, so that their positions, copied at every node of the search, stay as small as before;
/// with a net (`EvalFile`) every copy allocates, which is slower but right.
#[derive(Clone, Debug, Default)]
pub struct BoxedNetState(Option<Box<NetState>>);

impl BoxedNetState {
    /// The net, if any.
    pub fn net(&self) -> Option<&'static Network> {
        self.0.as_ref().and_then(|state| state.net())
    }

    /// The accumulators, when there is a net.
    pub fn accumulator(&self) -> Option<&Accumulator> {
        self.0.as_ref().and_then(|state| state.accumulator())
    }

    /// As [`NetState::evaluate`].
    #[inline]
    pub fn evaluate(&self, hand_written: i32, mover: Side) -> i32 {
        match &self.0 {
            Some(state) => state.evaluate(hand_written, mover),
            None => hand_written,
        }
    }

    /// As [`NetState::set`]; no net frees the state.
    pub fn set(
        &mut self,
        net: Option<&'static Network>,
        features: impl Fn(Side, &mut dyn FnMut(usize)),
    ) {
        self.0 = net.map(|net| {
            let mut state = Box::<NetState>::default();
            state.set(Some(net), features);
            state
        });
    }

    /// As [`NetState::shift`].
    #[inline]
    pub fn shift(&mut self, planes: &Planes, owner: Side, squares: (usize, usize)) {
        if let Some(state) = &mut self.0 {
            state.shift(planes, owner, squares);
        }
    }

    /// As [`NetState::remove`].
    #[inline]
    pub fn remove(&mut self, planes: &Planes, owner: Side, square: usize) {
        if let Some(state) = &mut self.0 {
            state.remove(planes, owner, square);
        }
    }

    /// As [`NetState::add_mark`].
    #[inline]
    pub fn add_mark(&mut self, planes: &Planes, plane: usize, square: usize) {
        if let Some(state) = &mut self.0 {
            state.add_mark(planes, plane, square);
        }
    }
}
