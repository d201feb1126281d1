//! A Joust proof file loaded (`SolutionFile`): the winner's move in every position of the proof
//! where the winner is to move, read by walking the proof as [`super::proof`] describes it, and
//! every position it reaches with the loser to move. `go` plays from it at once where it covers
//! the position, and the probes show its values.

use super::board::{Board, Node, Squares, bit, squares};
use crate::board::position_text::parse_position_text;
use crate::game::{Game, Side};
use crate::games::joust::Joust;
use crate::search::score::{PROVEN, Score};
use crate::session::{GameSession, Oracle};
use crate::tablebase::{Proven, Tablebase};
use crate::words::counted;
use std::any::Any;
use std::collections::{HashMap, HashSet};

/// What every proof file starts with.
pub const PROOF_MAGIC: &[u8] = b"tabula joust proof 1\n";

/// A loaded proof: for each position where the winner is to move, the square it leaps to, and
/// the positions where the loser is to move.
pub struct LoadedProof {
    pub(super) board: Board,
    pub(super) winner: Side,
    pub(super) moves: HashMap<Node, u8>,
    pub(super) lost: HashSet<Node>,
}

impl LoadedProof {
    /// Reads a proof file's bytes, walking it through; a proof that does not hold is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<LoadedProof, String> {
        let split = bytes
            .windows(5)
            .position(|window| window == b"\n---\n")
            .ok_or("not a joust proof: no `---` line")?;
        let header =
            std::str::from_utf8(&bytes[..split]).map_err(|_| "a header that is not text")?;
        let field = |key: &str| {
            header
                .lines()
                .find_map(|line| line.strip_prefix(key)?.strip_prefix(' '))
                .ok_or(format!("no `{key}` line in the proof's header"))
        };
        let position = Joust::<2>::from_text(&parse_position_text(field("position")?)?)?;
        let winner = match field("winner")? {
            "white" => Side::White,
            "black" => Side::Black,
            other => return Err(format!("bad winner '{other}' in the proof's header")),
        };
        let size = position.size();
        let mut loaded = LoadedProof {
            board: Board::new(size.width, size.height)?,
            winner,
            moves: HashMap::new(),
            lost: HashSet::new(),
        };
        let side = position.side_to_move();
        let mut reader = Reader {
            body: &bytes[split + 5..],
            next: 0,
            seen: HashSet::new(),
        };
        reader.walk(&mut loaded, node_of(&position), side == winner)?;
        if reader.next != reader.body.len() {
            return Err("the proof does not hold: bytes left over".to_string());
        }
        Ok(loaded)
    }
}

/// A Joust position as the solver's node.
pub(super) fn node_of<const W: usize>(position: &Joust<W>) -> Node {
    let side = position.side_to_move();
    Node {
        burned: position
            .burned()
            .squares()
            .fold(0 as Squares, |set, square| set | 1 << square),
        mover: position.knight(side) as u8,
        other: position.knight(side.opponent()) as u8,
    }
}

struct Reader<'a> {
    body: &'a [u8],
    next: usize,
    seen: HashSet<(Node, bool)>,
}

impl Reader<'_> {
    fn walk(
        &mut self,
        proof: &mut LoadedProof,
        node: Node,
        winner_to_move: bool,
    ) -> Result<(), String> {
        if !self.seen.insert((node, winner_to_move)) {
            return Ok(());
        }
        let targets = node.targets(&proof.board);
        if !winner_to_move {
            proof.lost.insert(node);
            return squares(targets).try_for_each(|to| self.walk(proof, node.after(to), true));
        }
        let &choice = self
            .body
            .get(self.next)
            .ok_or("the proof does not hold: it ends too soon")?;
        self.next += 1;
        let to = squares(targets)
            .nth(usize::from(choice))
            .ok_or("the proof does not hold: a choice names no legal leap")?;
        proof.moves.insert(node, to);
        debug_assert!(targets & bit(to) != 0);
        self.walk(proof, node.after(to), false)
    }
}

impl Oracle for LoadedProof {
    fn description(&self) -> String {
        format!(
            "joust {}x{} proof, {} wins, {}",
            self.board.width,
            self.board.height,
            if self.winner == Side::White {
                "white"
            } else {
                "black"
            },
            counted(self.moves.len(), "position")
        )
    }

    /// The winner's move where the proof covers the position with the winner to move.
    fn answer(&self, session: &dyn GameSession) -> Option<(String, Score)> {
        let (node, mover) = self.node(session)?;
        if mover != self.winner {
            return None;
        }
        let to = *self.moves.get(&node)?;
        let text = format!(
            "{}{}",
            self.board.square_name(node.mover),
            self.board.square_name(to)
        );
        Some((text, Score::Centipawns(PROVEN - 1)))
    }

    /// The proof's value of the session's position, as the search probes it.
    fn value(&self, session: &dyn GameSession) -> Option<Proven> {
        self.probe(&self.position(session)?)
    }

    fn tablebase_source(&self) -> Option<&dyn Any> {
        Some(self)
    }
}

impl LoadedProof {
    /// The session's position as the solver's node, and its side to move, if it is a Joust
    /// position of the proof's board.
    fn node(&self, session: &dyn GameSession) -> Option<(Node, Side)> {
        let position = self.position(session)?;
        Some((node_of(&position), position.side_to_move()))
    }

    /// The session's position, if it is a Joust position of the proof's board.
    fn position(&self, session: &dyn GameSession) -> Option<Joust<2>> {
        if session.game_name() != "joust" {
            return None;
        }
        let position =
            Joust::<2>::from_text(&parse_position_text(&session.position_text()).ok()?).ok()?;
        self.covers_board(&position).then_some(position)
    }

    fn covers_board<const W: usize>(&self, position: &Joust<W>) -> bool {
        let size = position.size();
        (size.width, size.height) == (self.board.width, self.board.height)
    }
}

impl<const W: usize> Tablebase<Joust<W>> for LoadedProof {
    /// A win where the proof gives the winner's move, a loss where the loser is to move in a
    /// position the proof reaches.
    fn probe(&self, position: &Joust<W>) -> Option<Proven> {
        if !self.covers_board(position) {
            return None;
        }
        let node = node_of(position);
        if position.side_to_move() == self.winner {
            self.moves.contains_key(&node).then_some(Proven::Win(None))
        } else {
            self.lost.contains(&node).then_some(Proven::Loss(None))
        }
    }
}
