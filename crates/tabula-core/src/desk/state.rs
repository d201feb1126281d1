//! A board page's game as it changes: the table, who plays each side, the limit and clocks,
//! the analysis asked for, the notes of the moves and the review. Every change moves the
//! version on; [`Desk::wanted`] then says what each engine should be doing. Nothing here runs
//! an engine or a thread: the GUI's server and the browser's module each do that their way.

use super::clocks::Clocks;
use super::job::{DEPTH_PATIENCE, Job, Purpose, ROLES};
use super::levels::Setting;
use super::loaded_record::LoadedRecord;
use super::review::TableReview;
use super::table::{AnalysisSettings, Limit, Player, Table};
use crate::clock::Instant;
use crate::game::Side;
use crate::protocol::output::printable;
use crate::record::tree::{MoveTree, NodeId};
use crate::session::SharedOracle;
use std::time::Duration;

/// The role of the analysing engine (after white's and black's players).
pub const ANALYSER: usize = 2;

/// What an engine said about the move it played.
#[derive(Clone, Debug, Default)]
pub struct MoveNote {
    pub score: Option<String>,
    pub depth: Option<u32>,
    pub time_ms: u64,
}

/// The game of a board page and everything the page chose about it.
pub struct Desk {
    pub table: Table,
    /// The move tree of a study board: every line played, the table's among them
    /// (`lines.rs`).
    pub lines: MoveTree,
    pub version: u64,
    /// One more for every state sent: the version moves with the game only, and states of one
    /// version (an engine's status, a review's progress) are told apart by this.
    pub sent: u64,
    pub players: [Player; 2],
    pub limit: Limit,
    pub analysis: AnalysisSettings,
    pub clocks: Option<Clocks>,
    /// Notes of the engines' moves, by ply.
    pub notes: Vec<Option<MoveNote>>,
    /// The record the game was loaded from, if it was.
    pub record: Option<LoadedRecord>,
    /// The review of the game, while it covers the game's first moves.
    pub review: Option<TableReview>,
    /// The number of the last review started, so that a replaced review is not heard.
    pub review_serial: u64,
    /// A version at which the player's engine failed: it is not asked again there.
    pub failed: Option<u64>,
    /// When the side to move began its turn (its thinking time is counted from there), and the
    /// moves and cursor it began at ([`Desk::turn_key`]).
    turn_began: Instant,
    turn_key: (usize, usize),
    /// The solution table or proof `probe` asks first, where the door has one (`tabula gui
    /// --table`, the static page's table pieces).
    pub tablebase: Option<SharedOracle>,
}

impl Desk {
    /// A desk with `table`, a person playing both sides, a second a move.
    pub fn new(table: Table) -> Desk {
        Desk {
            lines: MoveTree::from_moves(&table.moves),
            table,
            version: 1,
            sent: 0,
            players: [Player::Human, Player::Human],
            limit: Limit::Movetime { ms: 1000 },
            analysis: AnalysisSettings {
                on: false,
                engine: 0,
                multipv: 1,
            },
            clocks: None,
            notes: Vec::new(),
            record: None,
            review: None,
            review_serial: 0,
            failed: None,
            turn_began: Instant::now(),
            turn_key: (0, 0),
            tablebase: None,
        }
    }

    /// Whether a game is being played rather than studied: an engine plays a side, or the
    /// clocks run. Its moves are then made at its end, whatever position is shown.
    pub fn is_match(&self) -> bool {
        self.clocks.is_some() || self.players.iter().any(|p| *p != Player::Human)
    }

    /// Why a person may not move now, if so.
    pub fn why_no_move(&self) -> Option<String> {
        let table = &self.table;
        let side = table.end_session().side_to_move();
        if table.end_result().is_some() || !self.is_match() {
            return None;
        }
        if matches!(self.players[side.index()], Player::Engine { .. }) {
            return Some(format!(
                "it is {}'s turn, and an engine plays {}; make it a human player to move for it",
                side.name(),
                side.name()
            ));
        }
        (!table.at_end()).then(|| "go to the last move to play on".to_string())
    }

    /// A person's move at the position shown: in a match at its end, clocks charged. Its note
    /// is the time since the turn began if `timed`; a move the page puts back on the table
    /// (going back to a line of a study board's that it keeps) is not timed, and has no note.
    pub fn person_moves(&mut self, text: &str, timed: bool) -> Result<(), String> {
        if let Some(why) = self.why_no_move() {
            return Err(why);
        }
        let side = self.table.session().side_to_move();
        let note = timed.then(|| MoveNote {
            time_ms: u64::try_from(self.turn_began.elapsed().as_millis()).unwrap_or(u64::MAX),
            ..MoveNote::default()
        });
        if self.is_match() {
            return self.play_at_end(side, text, note);
        }
        let ply = self.table.ply;
        self.table.play(text)?;
        if self.table.moves.len() == ply + 1 {
            self.notes.truncate(ply);
            self.notes.push(note);
        }
        self.extend_line()
    }

    /// A new game on the table: the notes and a record loaded go, and the clocks start again.
    pub fn replace_table(&mut self, table: Table) {
        self.lines = MoveTree::from_moves(&table.moves);
        self.table = table;
        self.notes.clear();
        self.record = None;
        self.clocks = Clocks::for_limit(self.limit);
        self.note_turn(true);
    }

    /// A record loaded on the table: studied, so people play both sides (the record names
    /// them) with no clocks; its side lines are the tree's.
    pub fn load_record(&mut self, table: Table, loaded: LoadedRecord) {
        let book = &table.moves[..loaded.book.min(table.moves.len())];
        let mut lines = MoveTree::from_moves(book);
        let at = lines.main_line(NodeId::ROOT).last().copied();
        let at = at.unwrap_or(NodeId::ROOT);
        lines.graft(at, &loaded.tree, NodeId::ROOT);
        (lines.node_mut(at).comments).clone_from(&loaded.tree.node(NodeId::ROOT).comments);
        self.replace_table(table);
        self.lines = lines;
        self.players = [Player::Human, Player::Human];
        self.clocks = None;
        self.record = Some(loaded);
    }

    /// New players and limit (already checked): the clocks of a game in progress go on unless
    /// the limit changes. New clocks after a loss on time reopen the game: the loss was on the
    /// clocks that are gone. Other players than a loaded record's people are named as they
    /// are, no longer as the record names them.
    pub fn set_players(&mut self, players: [Player; 2], limit: Limit) {
        if self.limit != limit || self.table.moves.is_empty() {
            self.clocks = Clocks::for_limit(limit);
            self.table.time_loss = None;
        }
        if let Some(record) = self.record.as_mut().filter(|_| players != self.players) {
            record.players = None;
        }
        self.players = players;
        self.limit = limit;
    }

    /// The time each side has left, where the game has clocks (a game set up again).
    pub fn set_clock_times(&mut self, times: Option<super::requests::ClockTimes>) {
        if let (Some(clocks), Some(times)) = (self.clocks.as_mut(), times) {
            clocks.set_left_ms(times.white_ms, times.black_ms);
        }
    }

    /// What starts a new turn when it changes: the number of moves, and in a study board (where
    /// moves are played at the position shown) the cursor.
    fn turn_key(&self) -> (usize, usize) {
        let cursor = if self.is_match() { 0 } else { self.table.ply };
        (self.table.moves.len(), cursor)
    }

    /// Starts the clock of the next turn if the turn changed (or `always`, for a new game).
    pub fn note_turn(&mut self, always: bool) {
        let key = self.turn_key();
        if always || key != self.turn_key {
            self.turn_key = key;
            self.turn_began = Instant::now();
        }
    }

    /// Takes back: in a match from the end of the game, one move or, when a person plays an
    /// engine and it is the person's turn, back to the person's previous turn; otherwise the
    /// move before the position shown, in the line shown (which then goes on with the tree's
    /// main continuation from there). The moves after it are forgotten, in the tree too.
    pub fn take_back(&mut self) -> Result<(), String> {
        let before = self.table.moves.clone();
        if self.is_match() {
            self.take_back_in_match()?;
            self.forget_taken_back(&before, self.table.moves.len());
            return Ok(());
        }
        self.table.take_back(1)?;
        self.forget_taken_back(&before, self.table.moves.len());
        self.extend_line()
    }

    /// Takes back from the end of a game played.
    fn take_back_in_match(&mut self) -> Result<(), String> {
        let end = self.table.moves.len();
        if end == 0 {
            return Err("there is no move to take back".to_string());
        }
        let mover = self.table.end_session().side_to_move();
        let person_against_engine = self.players.contains(&Player::Human)
            && self.players.iter().any(|p| *p != Player::Human);
        let plies = if person_against_engine && self.players[mover.index()] == Player::Human {
            2
        } else {
            1
        };
        self.table.goto(end)?;
        self.table.take_back(plies.min(end))
    }

    /// Plays `text` for `side` at the end of the game and charges its clock; a move after its
    /// clock ran out loses on time instead. A move that is not legal changes nothing.
    pub fn play_at_end(
        &mut self,
        side: Side,
        text: &str,
        note: Option<MoveNote>,
    ) -> Result<(), String> {
        if let Some(result) = self.table.end_result() {
            return Err(format!("the game is over: {}", result.text));
        }
        if let Some(clocks) = self.clocks.as_mut()
            && clocks.left_ms(side) < 0
        {
            clocks.pause();
            self.table.time_loss = Some(side);
            return Ok(());
        }
        let plies = self.table.moves.len();
        self.table.append(text)?;
        self.notes.truncate(plies);
        self.notes.push(note);
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(side);
        }
        Ok(())
    }

    /// The move engine `name` sent for the job of `version` (`side`'s), played at the end of
    /// the game; a move that is not legal marks the version failed, so that the engine is not
    /// asked again there, and is refused with the sentence the page shows.
    pub fn engine_moved(
        &mut self,
        version: u64,
        side: Side,
        name: &str,
        text: &str,
        note: MoveNote,
    ) -> Result<(), String> {
        self.play_at_end(side, text, Some(note)).map_err(|problem| {
            self.failed = Some(version);
            format!(
                "{name} ({}) sent a move that is not legal: {}",
                side.name(),
                printable(&problem)
            )
        })
    }

    /// Ends the game of a player whose clock ran out: true if one did.
    pub fn flag_fall(&mut self) -> bool {
        let Some(loser) = self.clocks.as_ref().and_then(Clocks::flagged) else {
            return false;
        };
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.pause();
        }
        self.table.time_loss = Some(loser);
        true
    }

    /// After a change: the next version, the notes fitted to the moves, the turn's clock, a
    /// review dropped once the game no longer begins with the moves it covers, and the clocks
    /// run for the side to move.
    pub fn committed(&mut self) {
        self.follow_table();
        self.keep_notes();
        self.version += 1;
        self.failed = None;
        let notes = self.table.moves.len();
        self.notes.resize(notes, None);
        self.note_turn(false);
        if self.review.as_ref().is_some_and(|r| !r.covers(&self.table)) {
            self.review = None;
        }
        let live = self.table.end_result().is_none();
        let mover = self.table.end_session().side_to_move();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.run(live.then_some(mover));
        }
    }

    /// What each engine should be doing now, by role (white's player, black's, the
    /// analyser): the engine's index and its search, or nothing.
    pub fn wanted(&self) -> [Option<(usize, Job)>; ROLES] {
        let live = self.table.end_result().is_none();
        let mover = self.table.end_session().side_to_move();
        let player = |side: Side| match &self.players[side.index()] {
            Player::Engine { engine, level, elo }
                if live && side == mover && self.failed != Some(self.version) =>
            {
                let setting = Setting::of(level, *elo);
                Some((*engine, self.job(Purpose::Play(side), setting)))
            }
            _ => None,
        };
        let analysis = self.analysis;
        let analyser = (analysis.on && self.table.is_live()).then(|| {
            let job = self.job(Purpose::Analyse(analysis.multipv), Setting::Default);
            (analysis.engine, job)
        });
        [player(Side::White), player(Side::Black), analyser]
    }

    /// The search of `purpose`: a player plays at the end of the game, the analysis is of the
    /// position shown.
    pub fn job(&self, purpose: Purpose, setting: Setting) -> Job {
        let table = &self.table;
        let (moves, session) = match purpose {
            Purpose::Play(_) => (&table.moves[..], table.end_session()),
            Purpose::Analyse(_) => (&table.moves[..table.ply], table.session()),
        };
        let position = if moves.is_empty() {
            format!("position fen {}", table.start)
        } else {
            format!("position fen {} moves {}", table.start, moves.join(" "))
        };
        let (go, patience) = match (purpose, self.limit, &self.clocks) {
            (Purpose::Analyse(_), _, _) => ("go infinite".to_string(), Duration::MAX),
            (_, Limit::Movetime { ms }, _) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms.saturating_mul(2).saturating_add(5000)),
            ),
            (_, Limit::Depth { depth }, _) => (format!("go depth {depth}"), DEPTH_PATIENCE),
            (_, Limit::Clock { .. }, Some(clocks)) => {
                let (white, black) = (
                    clocks.left_ms(Side::White).max(0),
                    clocks.left_ms(Side::Black).max(0),
                );
                let inc = clocks.increment_ms();
                (
                    format!("go wtime {white} btime {black} winc {inc} binc {inc}"),
                    Duration::from_millis(white.max(black) as u64 + 5000),
                )
            }
            (_, Limit::Clock { .. }, None) => ("go movetime 1000".to_string(), DEPTH_PATIENCE),
        };
        Job {
            version: self.version,
            purpose,
            variant: table.game.name(),
            size: session.size(),
            side_to_move: session.side_to_move(),
            position,
            go,
            setting,
            patience,
        }
    }
}
