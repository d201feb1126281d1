//! What tabula writes in CECP: the feature list, thinking lines, result claims and error
//! replies.

use crate::game::{Outcome, Side, Verdict};
use crate::games::GameKind;
use crate::search::Iteration;
use crate::search::score::Score;

/// CECP's score of a mate in N moves (negative: being mated), as XBoard reads it.
const MATE: i64 = 100_000;

/// The `feature` lines answering `protover 2`, `done=1` last.
pub fn features() -> Vec<String> {
    let variants: Vec<&str> = GameKind::ALL.iter().map(|game| game.name()).collect();
    vec![
        "feature done=0".to_string(),
        format!("feature myname=\"tabula {}\"", env!("CARGO_PKG_VERSION")),
        "feature ping=1 setboard=1 usermove=1 playother=1 analyze=1 colors=0 san=0".to_string(),
        "feature sigint=0 sigterm=0 reuse=1 time=1 draw=0 memory=1 smp=1 exclude=0".to_string(),
        format!("feature variants=\"{}\"", variants.join(",")),
        "feature done=1".to_string(),
    ]
}

/// The `setup` line that makes XBoard draw an engine-defined variant: the piece letters (the
/// chess set, of which tabula's games use the knight N and the pawn P), the board size on the
/// `fairy` parent, and the position as an XBoard FEN (`*` is a burned square, which XBoard
/// draws as a hole).
pub fn setup_line(files: usize, ranks: usize, position_text: &str) -> String {
    let mut fields = position_text.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or("w");
    format!("setup (PNBRQKpnbrqk) {files}x{ranks}+0_fairy {board} {side} - - 0 1")
}

/// A thinking line: `ply score time nodes pv`, the score in centipawns from the mover's view
/// (a mate in N as 100000+N), the time in centiseconds.
pub fn thinking_line(iteration: &Iteration) -> String {
    let score = match iteration.score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(moves) if moves > 0 => MATE + i64::from(moves),
        Score::Mate(moves) => -MATE + i64::from(moves),
    };
    format!(
        "{} {} {} {} {}",
        iteration.depth,
        score,
        iteration.time_ms / 10,
        iteration.nodes,
        iteration.pv.join(" ")
    )
}

/// The claim of a finished game: `1-0 {White wins: REASON}` and the like.
pub fn result_claim(verdict: &Verdict) -> String {
    match verdict.outcome {
        Outcome::Win(Side::White) => format!("1-0 {{White wins: {}}}", verdict.reason),
        Outcome::Win(Side::Black) => format!("0-1 {{Black wins: {}}}", verdict.reason),
        Outcome::Draw => format!("1/2-1/2 {{Draw: {}}}", verdict.reason),
    }
}

/// CECP's error reply: `Error (REASON): TEXT`.
pub fn error(reason: &str, text: &str) -> String {
    format!("Error ({reason}): {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(score: Score) -> Iteration {
        Iteration {
            depth: 5,
            multipv: 1,
            seldepth: 7,
            score,
            nodes: 1234,
            nps: 0,
            time_ms: 2560,
            hashfull: 0,
            pv: vec!["d4e6".into(), "e5c4".into()],
        }
    }

    #[test]
    fn thinking_lines_count_centiseconds_and_write_mates_as_xboard_reads_them() {
        assert_eq!(
            thinking_line(&iteration(Score::Centipawns(-35))),
            "5 -35 256 1234 d4e6 e5c4"
        );
        assert!(thinking_line(&iteration(Score::Mate(3))).starts_with("5 100003 "));
        assert!(thinking_line(&iteration(Score::Mate(-2))).starts_with("5 -100002 "));
    }

    #[test]
    fn features_end_with_done_and_name_every_game() {
        let lines = features();
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
        assert!(lines.contains(&"feature variants=\"joust,jesonmor,claustro,apart\"".into()));
    }

    #[test]
    fn claims_use_cecp_result_strings() {
        assert_eq!(
            result_claim(&Verdict::win(Side::Black, "no legal move")),
            "0-1 {Black wins: no legal move}"
        );
        assert_eq!(
            result_claim(&Verdict::draw("threefold repetition")),
            "1/2-1/2 {Draw: threefold repetition}"
        );
    }

    #[test]
    fn setup_names_the_size_and_gives_an_xboard_fen() {
        assert_eq!(
            setup_line(8, 8, "8/8/8/4n3/3N4/8/8/8 w 0 1"),
            "setup (PNBRQKpnbrqk) 8x8+0_fairy 8/8/8/4n3/3N4/8/8/8 w - - 0 1"
        );
    }
}
