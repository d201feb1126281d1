//! The limited search, the one way UCI, CECP and `tabula play` choose a move below full strength:
//! a MultiPV search of the strength's lines within its depth cap (drawn for the move), then one
//! line of the latest full set drawn by [`Strength::choose`], its first move played.

use super::Strength;
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::session::GameSession;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A limited search ready to run: its depth capped and its lines widened for the strength.
#[derive(Debug)]
pub struct LimitedSearch {
    strength: Strength,
    limits: Limits,
    settings: Settings,
    rng: StdRng,
}

/// What a limited search plays.
#[derive(Clone, Debug, Default)]
pub struct LimitedMove {
    /// The move to play; `None` when there is none.
    pub best_move: Option<String>,
    /// The reply the line played expects, if it reaches that far.
    pub reply: Option<String>,
    /// The line played, if the search completed one.
    pub line: Option<Iteration>,
}

impl LimitedSearch {
    /// The search of `strength` under `limits` (the depth capped by the strength) and
    /// `settings` (at least the strength's lines), drawing its line from a generator seeded
    /// with `seed`.
    pub fn new(strength: Strength, mut limits: Limits, mut settings: Settings, seed: u64) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        limits.depth = strength.cap_depth(limits.depth, &mut rng);
        settings.multipv = settings.multipv.max(strength.lines());
        LimitedSearch {
            strength,
            limits,
            settings,
            rng,
        }
    }

    /// The limits the search runs under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Searches `session`, passing every line to `report`, and plays a line drawn among the
    /// last full set: its first move, with its second as the reply. Without a line (the search
    /// stopped before one), the search's own best move.
    pub fn run(
        mut self,
        session: &dyn GameSession,
        tt: &TranspositionTable,
        signals: &Signals,
        report: &mut dyn FnMut(&Iteration),
    ) -> LimitedMove {
        let mut lines: Vec<Iteration> = Vec::new();
        let summary = session.search(&self.limits, self.settings, tt, signals, &mut |line| {
            report(line);
            if line.multipv == 1 {
                lines.clear();
            }
            lines.push(line.clone());
        });
        let scores: Vec<_> = lines.iter().map(|line| line.score).collect();
        let chosen = self.strength.choose(&scores, &mut self.rng);
        match lines
            .into_iter()
            .nth(chosen)
            .filter(|line| !line.pv.is_empty())
        {
            Some(line) => LimitedMove {
                best_move: line.pv.first().cloned(),
                reply: line.pv.get(1).cloned(),
                line: Some(line),
            },
            None => LimitedMove {
                best_move: summary.best_move,
                reply: summary.result.ponder_move,
                line: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position_text::parse_position_text;
    use crate::games::{GameKind, build_session};
    use crate::session::Setup;

    /// The moves played in Joust 5 x 5 where d4b3 wins at once (and d4e2, d4b5 do not), one
    /// search for each seed.
    fn moves_played(strength: Strength, seeds: u64) -> Vec<String> {
        let text = parse_position_text("5/3N1/5/2*2/n4 w 0 1").expect("a position");
        let session =
            build_session(GameKind::Joust, Setup::Text(&text), &[], true).expect("a session");
        let tt = TranspositionTable::new(1);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        (0..seeds)
            .map(|seed| {
                let search =
                    LimitedSearch::new(strength, limits.clone(), Settings::default(), seed);
                let played = search.run(session.as_ref(), &tt, &Signals::default(), &mut |_| {});
                let line = played.line.expect("a line");
                assert_eq!(played.best_move.as_ref(), line.pv.first());
                played.best_move.expect("a move")
            })
            .collect()
    }

    #[test]
    fn the_weakest_skill_misses_a_win_that_full_strength_takes() {
        let win = "d4b3".to_string();
        assert_eq!(moves_played(Strength::FULL, 4), vec![win.clone(); 4]);
        let weakest = moves_played(Strength::from_skill(0.0), 12);
        assert!(weakest.contains(&win), "{weakest:?}");
        assert!(weakest.iter().any(|mv| *mv != win), "{weakest:?}");
    }

    #[test]
    fn the_depth_is_capped_and_the_lines_widened() {
        let search = LimitedSearch::new(
            Strength::from_skill(0.0),
            Limits::default(),
            Settings::default(),
            0,
        );
        assert_eq!(search.limits().depth, Some(1));
        assert_eq!(search.settings.multipv, super::super::CANDIDATE_LINES);
    }
}
