//! What tabula writes in CECP: the feature list (with the engine-defined variants and options),
//! the `setup` and `piece` lines that describe a variant, `highlight` lines (legal targets and
//! burned squares), thinking and `stat01` lines, result claims and error replies.

use crate::board::position_text::{Cell, PositionText};
use crate::game::{Outcome, Side, Verdict};
use crate::games::GameKind;
use crate::interfaces::uci::options::{ELO, LIMIT_STRENGTH, MULTI_PV_RANGE, SKILL};
use crate::level::Level;
use crate::search::Iteration;
use crate::search::score::Score;
use crate::strength::{ELO_RANGE, SKILL_RANGE, StrengthOptions};

/// CECP's score of a mate in N moves (negative: being mated), as XBoard reads it.
const MATE: i64 = 100_000;

/// Other board sizes announced as variants of their own (`7x7_jesonmor`): XBoard never sends a
/// size for an engine-defined variant, but lists each announced name in its New Variant menu.
/// XBoard boards are at most 16 files wide.
const SIZED_VARIANTS: [&str; 9] = [
    "6x6_joust",
    "10x10_joust",
    "12x12_joust",
    "7x7_jesonmor",
    "11x11_jesonmor",
    "13x13_jesonmor",
    "7x7_claustro",
    "10x10_apart",
    "12x12_apart",
];

/// The engine options XBoard shows in its Engine Settings dialog (`option NAME=VALUE`), with
/// the strength options named as in UCI (`LIMIT_STRENGTH`, `ELO`, `SKILL`).
pub const LEVEL_OPTION: &str = "Level";
pub const MULTI_PV_OPTION: &str = "MultiPV";

/// The `feature` lines answering `protover 2`, `done=1` last; `level` and `strength` are the
/// current values.
pub fn features(level: Level, strength: StrengthOptions) -> Vec<String> {
    let variants: Vec<&str> = GameKind::ALL
        .iter()
        .map(|game| game.name())
        .chain(SIZED_VARIANTS)
        .collect();
    let levels: Vec<String> = Level::names()
        .map(|name| {
            let mark = if name == level.name() { "*" } else { "" };
            format!("{mark}{name}")
        })
        .collect();
    vec![
        "feature done=0".to_string(),
        format!("feature myname=\"tabula {}\"", env!("CARGO_PKG_VERSION")),
        "feature ping=1 setboard=1 usermove=1 playother=1 analyze=1 colors=0 san=0".to_string(),
        "feature sigint=0 sigterm=0 reuse=1 time=1 draw=1 memory=1 smp=1 exclude=0".to_string(),
        "feature highlight=1".to_string(),
        format!("feature variants=\"{}\"", variants.join(",")),
        format!(
            "feature option=\"{LEVEL_OPTION} -combo {}\"",
            levels.join(" /// ")
        ),
        spin_feature(MULTI_PV_OPTION, 1, MULTI_PV_RANGE),
        format!(
            "feature option=\"{LIMIT_STRENGTH} -check {}\"",
            u8::from(strength.limit_strength)
        ),
        spin_feature(ELO, strength.elo, ELO_RANGE),
        spin_feature(SKILL, strength.skill, SKILL_RANGE),
        "feature done=1".to_string(),
    ]
}

/// The `feature option` line of spin option `name`: its default and its range.
fn spin_feature(name: &str, default: usize, (min, max): (usize, usize)) -> String {
    format!("feature option=\"{name} -spin {default} {min} {max}\"")
}

/// The `piece` lines sent after `setup`, in XBoard 4.8's Betza notation (`N`: the knight's
/// leap; `&` after the letter: for both colours), so that XBoard's own move generator knows the
/// knights. Claustro's pawns and Apart's men move in ways Betza notation cannot say in full.
pub fn piece_lines(game: GameKind) -> &'static [&'static str] {
    match game {
        GameKind::Joust | GameKind::JesonMor => &["piece N& N"],
        GameKind::Claustro | GameKind::Apart => &[],
    }
}

/// A `highlight` line: XBoard's colour FEN, top rank first, `marks` indexed `y * width + x`
/// (`Y` yellow: a legal target, `R` red: a legal capture, `d` a black dot where no move goes, a
/// burned square), every other square unmarked.
pub fn highlight_line(width: usize, height: usize, marks: &[Option<char>]) -> String {
    let ranks: Vec<String> = (0..height)
        .rev()
        .map(|y| {
            let mut rank = String::new();
            let mut empty = 0;
            for mark in &marks[y * width..(y + 1) * width] {
                match mark {
                    Some(colour) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push(*colour);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            rank
        })
        .collect();
    format!("highlight {}", ranks.join("/"))
}

/// The burned squares of `position` marked with black dots, every other square unmarked.
pub fn burned_marks(position: &PositionText) -> Vec<Option<char>> {
    position
        .cells
        .iter()
        .map(|cell| (*cell == Cell::Burned).then_some('d'))
        .collect()
}

/// The `setup` line that makes XBoard draw an engine-defined variant: the piece letters (the
/// pawn P and the knight N, the only pieces tabula's games use; `.` for the other chess pieces
/// and the king, so that XBoard's legality test looks for no king to keep out of check), the
/// board size on the `fairy` parent, and the position as an XBoard FEN (`*` is a burned
/// square, which XBoard draws as a hole).
pub fn setup_line(files: usize, ranks: usize, position_text: &str) -> String {
    let mut fields = position_text.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or("w");
    format!("setup (PN....pn....) {files}x{ranks}+0_fairy {board} {side} - - 0 1")
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

/// The answer to `.` in analysis: `stat01: TIME NODES DEPTH LEFT TOTAL`, the time in
/// centiseconds, DEPTH the last depth completed (so no move is left at it), TOTAL the legal moves.
pub fn stat01_line(time_ms: u64, nodes: u64, depth: u32, moves: usize) -> String {
    format!("stat01: {} {nodes} {depth} 0 {moves}", time_ms / 10)
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
            tbhits: 0,
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
        let lines = features(Level::Max, StrengthOptions::default());
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
        assert!(lines.iter().any(|line| {
            line.starts_with("feature variants=\"joust,jesonmor,claustro,apart,6x6_joust,")
        }));
        assert!(lines.iter().any(|line| {
            line.starts_with("feature option=\"Level -combo random /// ")
                && line.ends_with(" /// *max\"")
        }));
        for option in [
            "feature option=\"UCI_LimitStrength -check 0\"",
            "feature option=\"UCI_Elo -spin 1000 400 3000\"",
            "feature option=\"Skill -spin 20 0 20\"",
        ] {
            assert!(lines.iter().any(|line| line == option), "{lines:#?}");
        }
    }

    #[test]
    fn highlights_count_unmarked_squares_and_start_at_the_top_rank() {
        let mut marks = vec![None; 12 * 3];
        marks[0] = Some('Y');
        marks[11] = Some('R');
        marks[2 * 12 + 5] = Some('d');
        assert_eq!(highlight_line(12, 3, &marks), "highlight 5d6/12/Y10R");
    }

    #[test]
    fn stat01_counts_centiseconds() {
        assert_eq!(stat01_line(12_345, 678, 7, 30), "stat01: 1234 678 7 0 30");
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
            "setup (PN....pn....) 8x8+0_fairy 8/8/8/4n3/3N4/8/8/8 w - - 0 1"
        );
    }
}
