//! One game on the GUI's table: the moves, the cursor the page is looking at, and tabula's own
//! rules as the referee. Nothing here talks to an engine; `room` wires engines to it.

use crate::board::position_text::parse_position_text;
pub use crate::clicks::Targets;
use crate::clicks::targets;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::{GameKind, build_session, game_and_size};
use crate::session::{GameSession, Setup};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Who plays one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Player {
    Human,
    /// An engine at a named `level` or an `elo` of its knob (at most one; neither: its
    /// default strength).
    Engine {
        engine: usize,
        #[serde(default)]
        level: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elo: Option<usize>,
    },
}

/// How long an engine may think about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Limit {
    Clock { base_ms: u64, inc_ms: u64 },
    Movetime { ms: u64 },
    Depth { depth: u32 },
}

/// What the analysing engine is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisSettings {
    pub on: bool,
    #[serde(default)]
    pub engine: usize,
    #[serde(default = "one")]
    pub multipv: u32,
}

fn one() -> u32 {
    1
}

/// The end of a game as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub winner: Option<&'static str>,
    pub reason: String,
    pub text: String,
}

impl ResultView {
    fn new(outcome: Outcome, reason: &str) -> ResultView {
        let (winner, headline) = match outcome {
            Outcome::Win(side) => (Some(side.name()), format!("{} wins", side.name())),
            Outcome::Draw => (None, "draw".to_string()),
        };
        ResultView {
            winner,
            reason: reason.to_string(),
            text: format!("{headline} ({reason})"),
        }
    }
}

/// A game and the moves the page can step through. A clone is a snapshot that shares what has
/// been worked out about the position shown.
pub struct Table {
    pub game: GameKind,
    /// The position string the game started from.
    pub start: String,
    /// Every move of the game, the cursor's continuation included.
    pub moves: Vec<String>,
    /// How many of `moves` lead to the position shown.
    pub ply: usize,
    /// The position after the first `ply` moves.
    session: Box<dyn GameSession>,
    /// The position after all the moves, where the game goes on.
    end: Box<dyn GameSession>,
    /// A side that lost on time at the end of the moves.
    pub time_loss: Option<Side>,
    /// What has been worked out about the position shown, once asked for.
    known: Arc<AtCursor>,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            game: self.game,
            start: self.start.clone(),
            moves: self.moves.clone(),
            ply: self.ply,
            session: self.session.boxed_clone(),
            end: self.end.boxed_clone(),
            time_loss: self.time_loss,
            known: self.known.clone(),
        }
    }
}

/// Facts about the position shown, each worked out once: small however many moves there are.
#[derive(Default)]
struct AtCursor {
    /// Whether the only legal move is a pass.
    pass: OnceLock<bool>,
    /// The squares a move may start from, by file then rank.
    starts: OnceLock<Vec<usize>>,
}

impl Table {
    /// A new game of `game` at `size` (its default when `None`).
    pub fn new(game: &str, size: Option<&str>) -> Result<Table, String> {
        let (kind, size) = game_and_size(game, size)?;
        Table::from_start(kind, Setup::Start(size))
    }

    fn from_start(game: GameKind, setup: Setup) -> Result<Table, String> {
        let session = build_session(game, setup, &[], true)?;
        Ok(Table {
            game,
            start: session.position_text(),
            moves: Vec::new(),
            ply: 0,
            end: session.boxed_clone(),
            session,
            time_loss: None,
            known: Arc::default(),
        })
    }

    /// The same game restarted from the position string `text`.
    pub fn from_position(game: GameKind, text: &str) -> Result<Table, String> {
        let parsed = parse_position_text(text.trim())?;
        Table::from_start(game, Setup::Text(&parsed))
    }

    /// A game of `game` from `start` (a position string, or the start position at `size`) after
    /// `moves`, every move checked.
    pub fn from_moves(
        game: GameKind,
        size: BoardSize,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Table, String> {
        let mut table = match start {
            Some(text) => Table::from_position(game, text)?,
            None => Table::from_start(game, Setup::Start(size))?,
        };
        for mv in moves {
            table.play(mv)?;
        }
        Ok(table)
    }

    /// The position shown.
    pub fn session(&self) -> &dyn GameSession {
        self.session.as_ref()
    }

    /// Whether the only legal move at the cursor is a pass (found from the first two moves, not
    /// from all of them).
    pub fn pass(&self) -> bool {
        *self
            .known
            .pass
            .get_or_init(|| only_pass(self.session.as_ref()))
    }

    /// Whether the cursor is at the end of the moves (where the game goes on).
    pub fn at_end(&self) -> bool {
        self.ply == self.moves.len()
    }

    /// The result at the cursor, if the game is over there.
    pub fn result(&self) -> Option<ResultView> {
        if let Some(verdict) = self.session.verdict() {
            return Some(ResultView::new(verdict.outcome, verdict.reason));
        }
        match self.time_loss {
            Some(loser) if self.at_end() => Some(ResultView::new(
                Outcome::Win(loser.opponent()),
                &format!("{} lost on time", loser.name()),
            )),
            _ => None,
        }
    }

    /// Whether a move may be played at the cursor.
    pub fn is_live(&self) -> bool {
        self.result().is_none()
    }

    /// The position at the end of the game.
    pub fn end_session(&self) -> &dyn GameSession {
        self.end.as_ref()
    }

    /// The result of the game (at its end), if it is over.
    pub fn end_result(&self) -> Option<ResultView> {
        if let Some(verdict) = self.end.verdict() {
            return Some(ResultView::new(verdict.outcome, verdict.reason));
        }
        self.time_loss.map(|loser| {
            ResultView::new(
                Outcome::Win(loser.opponent()),
                &format!("{} lost on time", loser.name()),
            )
        })
    }

    /// Plays `text` at the end of the game; the cursor follows only if it was at the end.
    pub fn append(&mut self, text: &str) -> Result<(), String> {
        if self.at_end() {
            return self.play(text);
        }
        if let Some(result) = self.end_result() {
            return Err(format!("the game is over: {}", result.text));
        }
        pass_allowed(self.end.as_ref(), text)?;
        let canonical = self.end.canonical_move(text.trim())?;
        self.end.play_move(&canonical)?;
        self.moves.push(canonical);
        Ok(())
    }

    /// Plays `text` at the cursor: the next move of the list just advances, any other legal move
    /// replaces the moves after the cursor.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if let Some(result) = self.result() {
            return Err(format!("the game is over: {}", result.text));
        }
        pass_allowed(self.session.as_ref(), text)?;
        let canonical = self.session.canonical_move(text.trim())?;
        self.session.play_move(&canonical)?;
        self.known = Arc::default();
        if self.moves.get(self.ply) != Some(&canonical) {
            self.moves.truncate(self.ply);
            self.moves.push(canonical);
            self.time_loss = None;
        }
        self.ply += 1;
        if self.at_end() {
            self.end = self.session.boxed_clone();
        }
        Ok(())
    }

    /// Shows the position after the first `ply` moves.
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.moves.len() {
            return Err(format!(
                "ply {ply} is beyond the last move ({})",
                self.moves.len()
            ));
        }
        let parsed = parse_position_text(&self.start)?;
        let moves: Vec<&str> = self.moves[..ply].iter().map(String::as_str).collect();
        self.session = build_session(self.game, Setup::Text(&parsed), &moves, true)?;
        self.known = Arc::default();
        self.ply = ply;
        Ok(())
    }

    /// Takes back `plies` moves before the cursor and forgets them and the moves after them.
    pub fn take_back(&mut self, plies: usize) -> Result<(), String> {
        if self.ply == 0 {
            return Err("there is no move to take back".to_string());
        }
        let ply = self.ply.saturating_sub(plies);
        self.goto(ply)?;
        self.moves.truncate(ply);
        self.end = self.session.boxed_clone();
        self.time_loss = None;
        Ok(())
    }

    /// The squares a move may continue with after the squares `path` already picked, and the
    /// move's text if `path` is already a whole legal move.
    ///
    /// What may be clicked next after the squares `path` at the cursor (see
    /// `tabula_core::clicks::targets`); nothing where no move may be made.
    pub fn targets(&self, path: &[String]) -> Result<Targets, String> {
        let live = self.is_live();
        targets(self.session.as_ref(), path, live, &self.known.starts)
    }
}

/// The text of a pass.
const PASS: &str = "0000";

/// Whether the only legal move of `session` is a pass (found from its first two moves).
fn only_pass(session: &dyn GameSession) -> bool {
    let (first, all) = session.first_legal_moves(2);
    all && first.len() == 1 && first[0] == PASS
}

/// Refuses a pass where it is not the only move, before the rules are asked: they would list
/// every move of the position to find out.
fn pass_allowed(session: &dyn GameSession, text: &str) -> Result<(), String> {
    if text.trim() == PASS && !only_pass(session) {
        return Err(format!(
            "move '{PASS}': passing is allowed only when no move is"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position_text::Cell;
    use crate::clicks::board_geometry;

    fn strings(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn plays_navigates_and_replaces_the_continuation() {
        let mut table = Table::new("joust", None).expect("joust");
        table.play("d4f5").expect("legal");
        table.play("e5c4").expect("legal");
        table.goto(1).expect("in range");
        assert_eq!(table.session().side_to_move(), Side::Black);
        table.play("e5c4").expect("the next move");
        assert_eq!(table.moves.len(), 2, "the same move keeps the list");
        table.goto(1).expect("in range");
        table.play("e5g4").expect("legal");
        assert_eq!(table.moves, strings(&["d4f5", "e5g4"]));
        assert!(table.goto(3).is_err());
        assert!(table.play("a1a1").is_err());
        assert_eq!(table.moves, strings(&["d4f5", "e5g4"]));
    }

    #[test]
    fn targets_follow_the_rules() {
        let table = Table::new("joust", None).expect("joust");
        let starts = table.targets(&[]).expect("squares");
        assert_eq!(starts.next, strings(&["d4"]));
        let next = table.targets(&strings(&["d4"])).expect("squares");
        // A knight on d4 of an empty 8 x 8 board with e5 taken has 8 leaps minus none (e5 is
        // not a knight's leap away): b3 b5 c2 c6 e2 e6 f3 f5.
        assert_eq!(
            next.next,
            strings(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
        );
        let done = table.targets(&strings(&["d4", "f5"])).expect("squares");
        assert_eq!(done.complete.as_deref(), Some("d4f5"));
        assert!(done.next.is_empty());
        assert!(table.targets(&strings(&["zz"])).is_err());
    }

    #[test]
    fn a_claustro_capture_asks_for_the_placement() {
        // The rules' example: white a2 b2, black c3 e4; b2c3 captures and places on any of 18
        // empty non-corner squares (b2, just left, among them).
        let table = Table::from_position(GameKind::Claustro, "5/4p/2p2/PP3/5 w 0 1").expect("ok");
        let placements = table.targets(&strings(&["b2", "c3"])).expect("squares");
        assert_eq!(placements.next.len(), 18);
        assert!(placements.next.contains(&"b2".to_string()));
        assert_eq!(placements.complete, None);
    }

    #[test]
    fn an_apart_turn_may_be_entered_along_any_of_its_paths() {
        // After b2b4 g7g5, b1 jumps 6 to h1, then 2 to f3, then 2 to d5 (rules' example); every
        // stop along the way is a whole move, and the jump may go on.
        let table = Table::from_moves(
            GameKind::Apart,
            BoardSize::square(8),
            None,
            &strings(&["b2b4", "g7g5"]),
        )
        .expect("legal");
        let after_h1 = table.targets(&strings(&["b1", "h1"])).expect("squares");
        assert_eq!(after_h1.complete.as_deref(), Some("b1h1"));
        assert!(after_h1.next.contains(&"f3".to_string()));
        let after_f3 = table.targets(&strings(&["b1", "h1", "f3"])).expect("ok");
        assert!(after_f3.next.contains(&"d5".to_string()));
    }

    /// A 10 x 10 board filled at random (30% white, 40% black): 193,447,084 turns, far more than
    /// can be listed. Every white piece still shows as one that may move (each has turns: a
    /// piece's line lengths are at least 1 and it stands next to an empty or black square on
    /// some line), and a turn of the piece listed last is still entered square by square.
    #[test]
    fn a_position_with_too_many_turns_to_list_still_shows_every_piece_that_may_move() {
        let text = "ppP1Pp1Ppp/Pp1p1PPPp1/p1p1PPp1pP/PPP1P2Ppp/Pp1PpPp1PP/PpPPp1pppP/pPp1PppPP1/\
                    1P2PpPppp/1Pp1ppp1pP/1ppPppPpP1 w 0 5";
        let table = Table::from_position(GameKind::Apart, text).expect("a legal position");
        let geometry = board_geometry(table.session().size());
        // Cells are indexed as squares are, rank by rank from a1: the last is listed last.
        let cells = parse_position_text(text).expect("a position string").cells;
        let mut white: Vec<usize> = (0..cells.len())
            .filter(|&square| matches!(cells[square], Cell::Piece('P')))
            .collect();
        let listed_last = white.last().map(|&square| geometry.square_name(square));
        white.sort_unstable_by_key(|&square| geometry.coords(square));
        let names: Vec<String> = white
            .iter()
            .map(|&square| geometry.square_name(square))
            .collect();
        assert_eq!(table.targets(&[]).expect("squares").next, names);
        let after_last = table.targets(&[listed_last.expect("white pieces")]);
        assert!(!after_last.expect("squares").next.is_empty());
    }

    #[test]
    fn moves_are_appended_at_the_end_while_an_earlier_position_is_shown() {
        let mut table = Table::new("joust", None).expect("joust");
        table.play("d4f5").expect("legal");
        table.goto(0).expect("in range");
        assert!(table.append("d4f5").is_err(), "not legal at the end");
        table.append("e5c4").expect("black's move at the end");
        assert_eq!((table.ply, table.moves.len()), (0, 2));
        assert_eq!(table.end_session().side_to_move(), Side::White);
        assert_eq!(table.session().side_to_move(), Side::White);
        table.goto(2).expect("in range");
        table
            .append("f5e3")
            .expect("at the end, the cursor follows");
        assert_eq!(table.ply, 3);
        table.take_back(2).expect("two moves");
        assert_eq!(
            table.end_session().position_text(),
            table.session().position_text()
        );
    }

    #[test]
    fn take_back_and_time_loss() {
        let mut table = Table::new("jesonmor", Some("5")).expect("ok");
        table.play("a1b3").expect("legal");
        table.time_loss = Some(Side::Black);
        assert_eq!(
            table.result().map(|r| r.text),
            Some("white wins (black lost on time)".to_string())
        );
        assert!(table.play("a5b3").is_err(), "no move after a loss on time");
        table.take_back(1).expect("one move");
        assert_eq!(table.moves.len(), 0);
        assert!(table.result().is_none());
        assert!(table.take_back(1).is_err());
    }
}
