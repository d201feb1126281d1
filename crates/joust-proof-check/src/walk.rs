//! The walk through a proof: the winner's choices read one byte at a time, every reply of the
//! loser's followed, each position walked once.

use crate::rules::{Board, Position};
use std::collections::HashSet;

/// Checks the proof file `bytes`, and says what it proves.
pub fn check(bytes: &[u8]) -> Result<String, String> {
    let separator = b"\n---\n";
    let split = bytes
        .windows(separator.len())
        .position(|window| window == separator)
        .ok_or("no `---` line after the header")?;
    let header = std::str::from_utf8(&bytes[..split]).map_err(|_| "a header that is not text")?;
    let body = &bytes[split + separator.len()..];
    let field = |key: &str| {
        header
            .lines()
            .find_map(|line| {
                line.strip_prefix(key)
                    .and_then(|rest| rest.strip_prefix(' '))
            })
            .ok_or(format!("no `{key}` line in the header"))
    };
    if header.lines().next() != Some("tabula joust proof 1") {
        return Err("not a tabula joust proof, version 1".to_string());
    }
    let (board, root) = Board::parse(field("position")?)?;
    let winner = match field("winner")? {
        "white" => 0,
        "black" => 1,
        other => return Err(format!("bad winner {other:?}")),
    };
    let mut walk = Walk {
        board,
        winner,
        body,
        next: 0,
        seen: HashSet::new(),
    };
    walk.visit(root)?;
    if walk.next != body.len() {
        return Err(format!("{} bytes left over", body.len() - walk.next));
    }
    Ok(format!(
        "the proof holds: {} wins joust {}x{} from {}; {} choices, {} positions walked",
        ["white", "black"][winner],
        board.width,
        board.height,
        field("position")?,
        body.len(),
        walk.seen.len()
    ))
}

struct Walk<'a> {
    board: Board,
    winner: usize,
    body: &'a [u8],
    next: usize,
    seen: HashSet<Position>,
}

impl Walk<'_> {
    fn visit(&mut self, position: Position) -> Result<(), String> {
        if !self.seen.insert(position) {
            return Ok(());
        }
        let moves = self.board.moves(&position);
        if position.to_move == self.winner {
            let &choice = self.body.get(self.next).ok_or("the choices end too soon")?;
            self.next += 1;
            let &target = moves.get(choice as usize).ok_or_else(|| {
                format!(
                    "choice {} of {} legal leaps, at byte {}",
                    choice,
                    moves.len(),
                    self.next - 1
                )
            })?;
            self.visit(self.board.play(&position, target))
        } else {
            moves
                .into_iter()
                .try_for_each(|target| self.visit(self.board.play(&position, target)))
        }
    }
}
