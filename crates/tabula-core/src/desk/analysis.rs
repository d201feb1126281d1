//! An engine's `info` lines read into what the page shows: lines with scores from both views and
//! the squares of their moves (for arrows).

use crate::clicks::move_square_names;
use crate::game::{BoardSize, Side};
use crate::protocol::info_line::{InfoLine, Score};
use serde::Serialize;

/// Centipawn scores at least this large are proven results (protocol.md).
const PROVEN_CP: i64 = 19_700;
/// The most moves of a line the page is sent.
const MAX_PV: usize = 64;
/// The evaluation bar's value of a mate.
const MATE_CP: i64 = 100_000;

/// One line of analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineView {
    pub multipv: u32,
    pub score: Score,
    /// The score from white's view, mates as +-100000, for the evaluation bar.
    pub white_cp: i64,
    /// A mate or a proven result rather than an estimate.
    pub proven: bool,
    pub pv: Vec<String>,
    /// The squares of each move of `pv`.
    pub paths: Vec<Vec<String>>,
}

/// The analysis of one position so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisView {
    /// The table version it belongs to.
    pub version: u64,
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub lines: Vec<LineView>,
    #[serde(skip)]
    side_to_move: Side,
    /// The lines asked for: others an engine sends are left out.
    #[serde(skip)]
    max_lines: u32,
}

impl AnalysisView {
    /// Nothing known yet about the position of `version`, analysed with `max_lines` lines.
    pub fn new(version: u64, side_to_move: Side, max_lines: u32) -> AnalysisView {
        AnalysisView {
            version,
            depth: 0,
            nodes: 0,
            nps: 0,
            time_ms: 0,
            lines: Vec::new(),
            side_to_move,
            max_lines,
        }
    }

    /// Takes in one `info` line.
    pub fn absorb(&mut self, info: &InfoLine, size: BoardSize) {
        if let Some(nodes) = info.nodes {
            self.nodes = nodes;
        }
        if let Some(nps) = info.nps {
            self.nps = nps;
        }
        let (Some(score), false) = (info.score, info.pv.is_empty()) else {
            return;
        };
        let depth = info.depth.unwrap_or(self.depth);
        let multipv = info.multipv.unwrap_or(1);
        if !(1..=self.max_lines).contains(&multipv) {
            return;
        }
        let pv = &info.pv[..info.pv.len().min(MAX_PV)];
        if multipv == 1 && depth > self.depth {
            self.depth = depth;
        }
        let (mover_cp, proven) = match score {
            Score::Cp(cp) => (cp, cp.abs() >= PROVEN_CP),
            Score::Mate(n) if n >= 0 => (MATE_CP, true),
            Score::Mate(_) => (-MATE_CP, true),
        };
        let white_cp = match self.side_to_move {
            Side::White => mover_cp,
            Side::Black => -mover_cp,
        };
        let line = LineView {
            multipv,
            score,
            white_cp,
            proven,
            paths: pv.iter().map(|mv| move_square_names(mv, size)).collect(),
            pv: pv.to_vec(),
        };
        match self.lines.iter_mut().find(|l| l.multipv == multipv) {
            Some(old) => *old = line,
            None => {
                self.lines.push(line);
                self.lines.sort_by_key(|l| l.multipv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_info_lines_from_both_views() {
        let info = InfoLine::parse(
            "info depth 7 seldepth 9 multipv 2 score cp -35 nodes 1200 nps 600 time 2 pv d4f5 e5c4",
        )
        .expect("an info line");
        assert_eq!(info.depth, Some(7));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert_eq!(info.score_text().as_deref(), Some("cp -35"));
        let mut view = AnalysisView::new(3, Side::Black, 2);
        view.absorb(&info, BoardSize::square(8));
        assert_eq!(view.lines[0].white_cp, 35);
        assert_eq!(view.lines[0].paths[1], ["e5", "c4"]);
        assert!(!view.lines[0].proven);
        let mate = InfoLine::parse("info depth 3 score mate -2 pv d4f5").expect("info");
        view.absorb(&mate, BoardSize::square(8));
        assert_eq!(view.lines[0].multipv, 1);
        assert_eq!(view.lines[0].white_cp, 100_000);
        assert!(view.lines[0].proven);
        let third = InfoLine::parse("info depth 3 multipv 3 score cp 1 pv d4f5").expect("info");
        view.absorb(&third, BoardSize::square(8));
        assert_eq!(
            view.lines.len(),
            2,
            "a line beyond those asked for is left out"
        );
        assert_eq!(InfoLine::parse("info string hello depth 3"), None);
        assert_eq!(InfoLine::parse("bestmove d4f5"), None);
    }
}
