//! What `tabula play` shows: the board with the last move's squares marked and the pieces
//! coloured, and what a search thought, in words.

use crate::game::Side;
use crate::search::Iteration;
use crate::search::score::{DECIDED_BOUND, PROVEN_BOUND, Score};

/// What a search score says, in words: who wins and how surely, or who is ahead.
pub fn score_in_words(score: Score, to_move: Side) -> String {
    let moves = |n: i32| if n == 1 { "move" } else { "moves" };
    match score {
        Score::Mate(n) if n > 0 => format!("{} wins in {n} {}", to_move.name(), moves(n)),
        Score::Mate(n) => format!("{} wins in {} {}", to_move.opponent().name(), -n, moves(-n)),
        Score::Centipawns(cp) => {
            let leader = if cp > 0 { to_move } else { to_move.opponent() };
            match cp.abs() {
                // Proven by a known strategy whose length is not known: Joust's mirroring.
                PROVEN_BOUND.. => format!("{} has a proven win", leader.name()),
                DECIDED_BOUND.. => format!("{} is winning", leader.name()),
                0..30 => "about even".to_string(),
                _ => format!(
                    "{} is ahead by {:.1} pawns",
                    leader.name(),
                    cp.abs() as f64 / 100.0
                ),
            }
        }
    }
}

/// What the search thought of a line, `to_move` to move: the score in words, the depth, the
/// line.
pub fn thoughts(line: &Iteration, to_move: Side) -> String {
    format!(
        "{}; depth {}, line {}",
        score_in_words(line.score, to_move),
        line.depth,
        line.pv.join(" ")
    )
}

/// The squares named in a move (`d4f5` -> d4, f5), for marking them on the board.
pub fn squares_of(mv: &str) -> Vec<String> {
    let mut squares = Vec::new();
    for c in mv.chars() {
        if c.is_ascii_lowercase() {
            squares.push(c.to_string());
        } else if let Some(last) = squares.last_mut() {
            last.push(c);
        }
    }
    squares
}

/// The board picture with `marked` squares highlighted and pieces coloured. Marks work on the
/// standard grid (rank label, `|`, a space and a character per file); other pictures are kept.
pub fn decorate(picture: &str, marked: &[String], colour: bool) -> String {
    let mut lines = Vec::new();
    for line in picture.lines() {
        let rank = line
            .split('|')
            .next()
            .and_then(|label| label.trim().parse::<usize>().ok());
        let mut cells: Vec<char> = line.chars().collect();
        let mut highlighted = vec![false; cells.len()];
        if let (Some(rank), Some(bar)) = (rank, line.find('|')) {
            for square in marked {
                let mut chars = square.chars();
                let file = chars.next().map_or(0, |c| c as usize - 'a' as usize);
                if chars.as_str().parse::<usize>().ok() == Some(rank) {
                    let column = bar + 2 + 2 * file;
                    if column < cells.len() {
                        highlighted[column] = true;
                        if !colour {
                            cells[column - 1] = '>';
                        }
                    }
                }
            }
        }
        let mut out = String::new();
        for (i, c) in cells.into_iter().enumerate() {
            let on_board = rank.is_some() && line.find('|').is_some_and(|bar| i > bar);
            let style = match (
                colour,
                highlighted[i],
                on_board && c.is_ascii_uppercase(),
                on_board && c.is_ascii_lowercase(),
            ) {
                (false, ..) => None,
                (true, true, ..) => Some("7"),
                (true, false, true, _) => Some("1;33"),
                (true, false, _, true) => Some("1;36"),
                _ => None,
            };
            match style {
                Some(code) => out.push_str(&format!("\u{1b}[{code}m{c}\u{1b}[0m")),
                None => out.push(c),
            }
        }
        lines.push(out);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_said_in_words_from_the_side_to_move() {
        let white = Side::White;
        assert_eq!(
            score_in_words(Score::Mate(2), white),
            "white wins in 2 moves"
        );
        assert_eq!(
            score_in_words(Score::Mate(-1), white),
            "black wins in 1 move"
        );
        assert_eq!(
            score_in_words(Score::Centipawns(-19998), white),
            "black has a proven win"
        );
        assert_eq!(
            score_in_words(Score::Centipawns(5000), Side::Black),
            "black is winning"
        );
        assert_eq!(score_in_words(Score::Centipawns(-12), white), "about even");
        assert_eq!(
            score_in_words(Score::Centipawns(-150), white),
            "black is ahead by 1.5 pawns"
        );
    }
}
