//! `tabula solve joust N`: the start of a Joust board solved, with what the solve took.

use super::board::Board;
use super::proof::{Proof, proof_file, prove};
use super::{Ideas, Solver, start};
use crate::board::BoardSize;
use crate::clock::Instant;
use crate::game::Game;
use crate::games::joust::Joust;
use crate::words::counted;

/// What a solve found and took.
pub struct SolveReport {
    pub size: BoardSize,
    /// Whether the first player (white) wins from the start.
    pub first_player_wins: bool,
    /// White's winning first leaps (all of them when asked for, else the first found), by name.
    pub winning_leaps: Vec<String>,
    pub nodes: u64,
    pub apart: u64,
    pub seconds: f64,
    /// The proof file, when one was asked for, and the seconds its walk took.
    pub proof: Option<(Vec<u8>, u64, f64)>,
}

impl SolveReport {
    /// The report in words, a fact a line.
    pub fn lines(&self) -> Vec<String> {
        let winner = if self.first_player_wins {
            "first player (white)"
        } else {
            "second player (black)"
        };
        let mut lines = vec![format!(
            "joust {}: the {winner} wins with perfect play",
            self.size
        )];
        if !self.winning_leaps.is_empty() {
            lines.push(format!(
                "winning first moves: {}",
                self.winning_leaps.join(" ")
            ));
        }
        lines.push(format!(
            "{} in {:.2} s ({:.0} nodes/s); {} settled by the knights' longest paths",
            counted(self.nodes as usize, "node"),
            self.seconds,
            self.nodes as f64 / self.seconds.max(1e-9),
            counted(self.apart as usize, "node"),
        ));
        if let Some((file, positions, seconds)) = &self.proof {
            lines.push(format!(
                "proof: {} bytes, {} walked in {seconds:.2} s",
                file.len(),
                counted(*positions as usize, "position")
            ));
        }
        lines
    }
}

/// Solves the start of Joust on a board of `size` with `ideas`; `all_first_moves` proves every
/// first move of white's, else the solve stops at the first win found; `with_proof` writes the
/// winner's strategy as a proof file (see [`super::proof`]).
pub fn solve_start(
    size: BoardSize,
    ideas: Ideas,
    all_first_moves: bool,
    with_proof: bool,
) -> Result<SolveReport, String> {
    let board = Board::new(size.width, size.height)?;
    let timer = Instant::now();
    let mut solver = Solver::new(&board, ideas);
    let root = start(&board);
    let leaps = solver.winning_leaps(&root, !all_first_moves);
    let (nodes, apart) = (solver.nodes, solver.apart);
    let names = leaps
        .iter()
        .map(|&to| format!("{}{}", board.square_name(root.mover), board.square_name(to)))
        .collect();
    let seconds = timer.elapsed().as_secs_f64();
    let proof = if with_proof {
        let timer = Instant::now();
        let proof: Proof = prove(&mut solver, &board, &root)?;
        let winner = if proof.mover_wins { "white" } else { "black" };
        let position = Joust::<2>::start(size)?.to_text();
        let file = proof_file(&board, &position, winner, &proof);
        Some((file, proof.positions, timer.elapsed().as_secs_f64()))
    } else {
        None
    };
    Ok(SolveReport {
        size,
        first_player_wins: !leaps.is_empty(),
        winning_leaps: names,
        nodes,
        apart,
        seconds,
        proof,
    })
}
