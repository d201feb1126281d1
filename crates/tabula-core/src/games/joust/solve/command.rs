//! `tabula solve joust N`: the start of a Joust board, or a position reached from it, solved,
//! with what the solve took and, if asked, the winner's proof.

use super::board::{Board, Node};
use super::loaded::node_of;
use super::proof::{proof_file, prove};
use super::{Ideas, Solver};
use crate::board::BoardSize;
use crate::clock::Instant;
use crate::game::{Game, Side};
use crate::games::joust::Joust;
use crate::words::counted;

/// What a solve found and took.
pub struct SolveReport {
    pub size: BoardSize,
    /// The position solved, as a position string, and how many moves led there from the start.
    pub position: String,
    pub moves: usize,
    /// The side to move, and whether it wins.
    pub mover: Side,
    pub mover_wins: bool,
    /// Whether the solve gave up at its node limit, knowing nothing.
    pub gave_up: bool,
    /// The mover's winning leaps (all of them when asked for, else the first found), by name.
    pub winning_leaps: Vec<String>,
    pub nodes: u64,
    pub apart: u64,
    /// Nodes settled by the mirror ([`super::board::Board::mirroring_leap`]).
    pub mirrored: u64,
    pub seconds: f64,
    /// The proof file, when one was asked for, the positions its walk visited and its seconds;
    /// or why it could not be written (the solve's result stands).
    pub proof: Option<Result<WrittenProof, String>>,
}

/// A proof file written, the positions its walk visited and the seconds it took.
pub struct WrittenProof {
    pub file: Vec<u8>,
    pub positions: u64,
    pub seconds: f64,
}

impl SolveReport {
    /// The report in words, a fact a line.
    pub fn lines(&self) -> Vec<String> {
        let winner = match (self.mover, self.mover_wins) {
            (Side::White, true) | (Side::Black, false) => "first player (white)",
            _ => "second player (black)",
        };
        let from = if self.moves == 0 {
            String::new()
        } else {
            format!(" after {} ({})", counted(self.moves, "move"), self.position)
        };
        let mut lines = vec![if self.gave_up {
            format!(
                "joust {}{from}: unsolved, the node limit reached",
                self.size
            )
        } else {
            format!(
                "joust {}{from}: the {winner} wins with perfect play",
                self.size
            )
        }];
        if !self.winning_leaps.is_empty() && !self.gave_up {
            lines.push(format!("winning moves: {}", self.winning_leaps.join(" ")));
        }
        lines.push(format!(
            "{} in {:.2} s ({:.0} nodes/s); {} settled by the knights' longest paths, {} by the mirror",
            counted(self.nodes as usize, "node"),
            self.seconds,
            self.nodes as f64 / self.seconds.max(1e-9),
            counted(self.apart as usize, "node"),
            self.mirrored,
        ));
        if let Some(Ok(WrittenProof {
            file,
            positions,
            seconds,
        })) = &self.proof
        {
            lines.push(format!(
                "proof: {} bytes, {} walked in {seconds:.2} s",
                file.len(),
                counted(*positions as usize, "position")
            ));
        }
        lines
    }
}

/// What to solve and how.
pub struct SolveOrder {
    pub size: BoardSize,
    /// The moves from the start to the position to solve.
    pub moves: Vec<String>,
    pub ideas: Ideas,
    /// Prove every move of the side to move, not only the first winning one found.
    pub all_moves: bool,
    /// Write the winner's strategy as a proof file (see [`super::proof`]).
    pub with_proof: bool,
}

/// The game after `moves` from the start of a `size` board.
pub fn game_after(size: BoardSize, moves: &[String]) -> Result<Joust<2>, String> {
    let mut game = Joust::<2>::start(size)?;
    for text in moves {
        if game.verdict().is_some() {
            return Err(format!("move '{text}' comes after the game's end"));
        }
        let mv = game.parse_move(text)?;
        game.play(mv);
    }
    Ok(game)
}

/// The position `order` asks for, as the game and as the solver's node.
fn position(order: &SolveOrder) -> Result<(Joust<2>, Node), String> {
    let game = game_after(order.size, &order.moves)?;
    let node = node_of(&game);
    Ok((game, node))
}

/// Solves what `order` asks; `progress` is told now and then where a long solve is.
pub fn solve_position(
    order: &SolveOrder,
    progress: impl FnMut(String),
) -> Result<SolveReport, String> {
    let board = Board::new(order.size.width, order.size.height)?;
    let (game, root) = position(order)?;
    let timer = Instant::now();
    let mut solver = Solver::new(&board, order.ideas)?;
    let mut progress = progress;
    solver.report_progress(move |nodes, line| {
        let shown: Vec<String> = line
            .iter()
            .take(12)
            .map(|(at, of)| format!("{at}/{of}"))
            .collect();
        progress(format!("{nodes} nodes; searching {}", shown.join(" ")));
    });
    let leaps = solver.winning_leaps(&root, !order.all_moves);
    let (nodes, apart, mirrored) = (solver.nodes, solver.apart, solver.mirrored);
    let names = leaps
        .iter()
        .map(|&to| format!("{}{}", board.square_name(root.mover), board.square_name(to)))
        .collect();
    let seconds = timer.elapsed().as_secs_f64();
    let mover = game.side_to_move();
    let gave_up = solver.gave_up;
    let proof = (order.with_proof && !gave_up).then(|| {
        let timer = Instant::now();
        let proof = prove(&mut solver, &board, &root)?;
        let winner = if proof.mover_wins == (mover == Side::White) {
            "white"
        } else {
            "black"
        };
        let file = proof_file(&board, &game.to_text(), winner, &proof);
        Ok(WrittenProof {
            file,
            positions: proof.positions,
            seconds: timer.elapsed().as_secs_f64(),
        })
    });
    Ok(SolveReport {
        size: order.size,
        position: game.to_text(),
        moves: order.moves.len(),
        mover,
        mover_wins: !leaps.is_empty(),
        gave_up,
        winning_leaps: names,
        nodes,
        apart,
        mirrored,
        seconds,
        proof,
    })
}
