//! `tabula play`: a game in the terminal for people. Human against engine, human against human,
//! or engine against engine (watch mode); the engine plays at a named level or at an Elo of the
//! game's scale (the limited search). Every input is checked and answered, never a crash.
//! The loop reads from any `BufRead` and writes to any `Write`, so it is tested like a person.
//! Its games are kept as records ([`super::play_record`]): `save FILE`, and `--record FILE`;
//! what it shows is drawn by [`super::play_text`].

use crate::board::geometry::geometry;
use crate::game::{BoardSize, Side};
use crate::games::{GameKind, build_session};
use crate::level::{Level, random_move};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::session::{GameSession, Setup};
use crate::strength::limited::LimitedSearch;
use crate::strength::reach::reach;
use crate::strength::{Strength, scale};
use crate::tools::play_record::{RecordFile, RecordHead, record_text, save};
use crate::tools::play_text::{decorate, squares_of, thoughts};
use crate::tools::tournament::record::MoveRecord;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Who the engine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A named level.
    Level(Level),
    /// An Elo of the game's scale (`crate::strength::scale`), played by the limited search.
    Elo(usize),
}

impl Opponent {
    /// How the engine is named when the game starts: its level, with the level's measured Elo
    /// where the game's scale has one, or the Elo asked for.
    fn describe(self, game: GameKind) -> String {
        match self {
            Opponent::Level(level) => {
                let measured = scale::scale(game)
                    .level_elo(level.name())
                    .map(|elo| format!(", about {elo:.0} Elo"))
                    .unwrap_or_default();
                format!("level {}{measured}", level.name())
            }
            Opponent::Elo(elo) => format!("Elo {elo}"),
        }
    }

    /// How a record names the engine: `tabula (level easy)`, `tabula (1500 Elo)`.
    fn player_name(self) -> String {
        match self {
            Opponent::Level(level) => format!("tabula (level {})", level.name()),
            Opponent::Elo(elo) => format!("tabula ({elo} Elo)"),
        }
    }

    /// Whether it thinks for the thinking time (else its level caps its depth or it does not
    /// search).
    fn thinks_for_a_time(self) -> bool {
        matches!(self, Opponent::Elo(_) | Opponent::Level(Level::Max))
    }
}

/// How a terminal game is set up.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    pub game: GameKind,
    pub size: BoardSize,
    pub opponent: Opponent,
    /// Which sides people play (white, black).
    pub humans: [bool; 2],
    /// Thinking time of the `max` level, of an Elo's limited search and of hints.
    pub movetime_ms: u64,
    /// Seed of the `random` level and of the draws of the limited search.
    pub seed: u64,
    /// Whether to colour pieces and mark squares with ANSI escapes.
    pub colour: bool,
    /// Where to keep the session's games (`--record`).
    pub record: Option<PathBuf>,
}

const HELP: &str = "\
Type a move as the squares it visits (e.g. d4f5; a pass is 0000), or a command:
  moves [square]  legal moves (of the piece on a square)
  hint            the engine's suggestion
  undo            take back your last move
  new             start again
  save FILE       write the game's record to FILE (tabula review and the GUI read it)
  help            this text
  quit            leave";

/// What the engine chose to play, and what it thought.
struct Choice {
    mv: Option<String>,
    /// The line of the search it played, if it searched.
    line: Option<Iteration>,
    /// What it thought, in words.
    words: String,
}

/// The game in progress and everything needed to play it.
struct Table {
    config: PlayConfig,
    session: Box<dyn GameSession>,
    /// The moves played, with what the engine thought of its own and the time each took.
    moves: Vec<MoveRecord>,
    /// When the move to come began: the last move, or the start of the game.
    turn_started: Instant,
    /// The records of the session's earlier games (left by `new`), for `--record`.
    earlier: Vec<String>,
    record_file: Option<RecordFile>,
    tt: TranspositionTable,
    rng: StdRng,
}

impl Table {
    fn new(config: PlayConfig) -> Result<Table, String> {
        let session = build_session(config.game, Setup::Start(config.size), &[], true)?;
        let record_file = config.record.as_deref().map(RecordFile::open).transpose()?;
        Ok(Table {
            rng: StdRng::seed_from_u64(config.seed),
            config,
            session,
            moves: Vec::new(),
            turn_started: Instant::now(),
            earlier: Vec::new(),
            record_file,
            tt: TranspositionTable::new(16),
        })
    }

    fn rebuild(&mut self) -> Result<(), String> {
        let moves: Vec<&str> = self.moves.iter().map(|m| m.text.as_str()).collect();
        self.session = build_session(
            self.config.game,
            Setup::Start(self.config.size),
            &moves,
            true,
        )?;
        Ok(())
    }

    fn human_to_move(&self) -> bool {
        self.config.humans[self.session.side_to_move().index()]
    }

    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        let marked = (self.moves.last())
            .map(|m| squares_of(&m.text))
            .unwrap_or_default();
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            decorate(
                self.session.picture().trim_end(),
                &marked,
                self.config.colour
            )
        )?;
        if let Some(last) = self.moves.last().map(|m| &m.text) {
            // Numbered as records number it: `1. e1f3` for white's move, `1... c9d7` for black's.
            let fullmove: u32 = (self.session.position_text().split_whitespace().nth(3))
                .and_then(|field| field.parse().ok())
                .unwrap_or(1);
            let numbered = match self.session.side_to_move() {
                Side::White => format!("{}... {last}", fullmove.saturating_sub(1)),
                Side::Black => format!("{fullmove}. {last}"),
            };
            writeln!(out, "Last move: {numbered}")?;
        }
        Ok(())
    }

    /// The engine's move as `opponent`, and what it thought.
    fn engine_move(&mut self, opponent: Opponent) -> Choice {
        let level = match opponent {
            Opponent::Level(level) => level,
            Opponent::Elo(elo) => {
                return self.limited_move(Strength::from_elo(self.config.game, elo));
            }
        };
        let unsearched = |mv: Option<String>, words: &str| Choice {
            mv,
            line: None,
            words: words.to_string(),
        };
        let game = self.config.game;
        if let Some(skill) = level.limited_strength(game, Strength::FULL) {
            return self.limited_move(skill);
        }
        match level {
            Level::Random => unsearched(
                random_move(self.session.as_ref(), &[], &mut self.rng),
                "a random move",
            ),
            Level::Greedy => unsearched(self.session.greedy_move(&[]), "one-ply look"),
            Level::Named(_) | Level::Max => {
                let limits = Limits {
                    depth: level.cap_depth(game, None),
                    movetime_ms: (level == Level::Max).then_some(self.config.movetime_ms),
                    ..Limits::default()
                };
                let mut last = None;
                let summary = self.session.search(
                    &limits,
                    Settings::default(),
                    &self.tt,
                    &Signals::default(),
                    &mut |it| last = Some(it.clone()),
                );
                self.searched(summary.best_move, last)
            }
        }
    }

    /// A searched move, with the line the search played (if it completed one) in words.
    fn searched(&self, mv: Option<String>, line: Option<Iteration>) -> Choice {
        let to_move = self.session.side_to_move();
        Choice {
            mv,
            words: line
                .as_ref()
                .map(|line| thoughts(line, to_move))
                .unwrap_or_default(),
            line,
        }
    }

    /// The limited search's move at `strength` within the thinking time, with a line saying
    /// what it thought of the line it played.
    fn limited_move(&mut self, strength: Strength) -> Choice {
        let limits = Limits {
            movetime_ms: Some(self.config.movetime_ms),
            ..Limits::default()
        };
        let search = LimitedSearch::new(strength, limits, Settings::default(), self.rng.random());
        let played = search.run(
            self.session.as_ref(),
            &self.tt,
            &Signals::default(),
            &mut |_| {},
        );
        self.searched(played.best_move, played.line)
    }

    /// Plays `mv`, kept with what the engine thought of it (`line`) and the time it took;
    /// a move the game refuses is not played, and the problem is returned.
    fn play_move(&mut self, mv: String, line: Option<&Iteration>) -> Result<(), String> {
        self.moves.push(MoveRecord {
            text: mv,
            score: line.map(|line| line.score.to_string()),
            depth: line.map(|line| line.depth),
            time_ms: self.turn_started.elapsed().as_millis() as u64,
        });
        if let Err(problem) = self.rebuild() {
            self.moves.pop();
            return Err(problem);
        }
        self.turn_started = Instant::now();
        Ok(())
    }

    /// The record of the game on the board.
    fn record(&self) -> String {
        let engine = self.config.opponent;
        let player = |human: bool| {
            if human {
                "Human".to_string()
            } else {
                engine.player_name()
            }
        };
        let [white, black] = self.config.humans;
        let engine_plays = !(white && black);
        let head = RecordHead {
            game: self.config.game,
            size: self.config.size,
            players: [player(white), player(black)],
            time_control: (engine_plays && engine.thinks_for_a_time())
                .then(|| format!("movetime={}", self.config.movetime_ms)),
        };
        record_text(&head, &self.moves, self.session.verdict())
    }

    /// Writes the session's games as they stand to the `--record` file, if there is one; a
    /// failure is said in one line and the game goes on.
    fn keep(&self, out: &mut dyn Write) -> io::Result<()> {
        let Some(file) = &self.record_file else {
            return Ok(());
        };
        let mut games = self.earlier.clone();
        if !self.moves.is_empty() {
            games.push(self.record());
        }
        match file.write(&games) {
            Ok(()) => Ok(()),
            Err(problem) => writeln!(out, "The game is not recorded: {problem}"),
        }
    }

    /// `save FILE`: the game's record written to `path`.
    fn save(&self, path: &str, out: &mut dyn Write) -> io::Result<()> {
        if self.moves.is_empty() {
            return writeln!(out, "Nothing to save: no move has been played.");
        }
        match save(std::path::Path::new(path), &self.record()) {
            Ok(()) => writeln!(
                out,
                "Saved the game ({}) to {path}.",
                crate::words::counted(self.moves.len(), "move")
            ),
            Err(problem) => writeln!(out, "Not saved: {problem}."),
        }
    }

    /// The result of a finished game in words (`black wins (no legal move)`).
    fn result(&self) -> Option<String> {
        let verdict = self.session.verdict()?;
        Some(format!("{} ({})", verdict.outcome.words(), verdict.reason))
    }

    fn announce_result(&self, out: &mut dyn Write) -> io::Result<bool> {
        let Some(result) = self.result() else {
            return Ok(false);
        };
        writeln!(
            out,
            "Game over: {result}. Type 'undo', 'save FILE', 'new' or 'quit'."
        )?;
        Ok(true)
    }

    /// A move given by its first squares (a Claustro capture without its placement, say): the
    /// legal moves that continue it.
    fn continuations(&self, text: &str) -> Vec<String> {
        self.session
            .legal_moves()
            .into_iter()
            .filter(|m| m.len() > text.len() && m.starts_with(text))
            .collect()
    }

    fn try_move(
        &mut self,
        text: &str,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut text = text.to_string();
        if self.session.canonical_move(&text).is_err() {
            let options = self.continuations(&text);
            if !options.is_empty() {
                let rests: Vec<&str> = options.iter().map(|m| &m[text.len()..]).collect();
                write!(
                    out,
                    "Continue {text} with one of: {}\ncontinue> ",
                    rests.join(" ")
                )?;
                out.flush()?;
                let mut line = String::new();
                input.read_line(&mut line)?;
                text.push_str(line.trim());
            }
        }
        match self.session.canonical_move(&text) {
            Ok(canonical) => match self.play_move(canonical, None) {
                Ok(()) => self.keep(out),
                Err(problem) => writeln!(out, "That did not work: {problem}"),
            },
            Err(problem) => writeln!(
                out,
                "Not a legal move: {problem}. Type 'moves' to list them, 'help' for help."
            ),
        }
    }

    fn list_moves(&self, filter: Option<&str>, out: &mut dyn Write) -> io::Result<()> {
        let size = self.session.size();
        if let Some(square) = filter
            && geometry(size.width, size.height)
                .parse_square(square)
                .is_none()
        {
            return writeln!(
                out,
                "'{square}' is not a square of this {} x {} board.",
                size.width, size.height
            );
        }
        let moves: Vec<String> = self
            .session
            .legal_moves()
            .into_iter()
            .filter(|m| filter.is_none_or(|f| m.starts_with(f)))
            .collect();
        if moves.is_empty() {
            writeln!(
                out,
                "No legal moves{}.",
                filter.map(|f| format!(" from {f}")).unwrap_or_default()
            )
        } else {
            writeln!(out, "Legal moves: {}", moves.join(" "))
        }
    }

    fn undo(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.moves.is_empty() {
            return writeln!(out, "Nothing to undo.");
        }
        self.moves.pop();
        while !self.moves.is_empty() && self.rebuild().is_ok() && !self.human_to_move() {
            self.moves.pop();
        }
        if let Err(problem) = self.rebuild() {
            writeln!(out, "Undo failed: {problem}")?;
        }
        self.turn_started = Instant::now();
        writeln!(out, "Taken back.")?;
        self.keep(out)
    }

    /// `new`: the game on the board is kept with the session's earlier games, and the next
    /// starts.
    fn start_again(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if !self.moves.is_empty() {
            self.earlier.push(self.record());
        }
        self.moves.clear();
        self.turn_started = Instant::now();
        if let Err(problem) = self.rebuild() {
            writeln!(out, "Cannot start again: {problem}")?;
        }
        self.keep(out)
    }

    /// `hint`: the engine's suggestion at full strength; none once the game is over.
    fn hint(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(result) = self.result() {
            return writeln!(
                out,
                "No hint: the game is over, {result}. Type 'undo' to take back moves."
            );
        }
        let choice = self.engine_move(Opponent::Level(Level::Max));
        writeln!(
            out,
            "Hint: {} ({})",
            choice.mv.unwrap_or_else(|| "(none)".to_string()),
            choice.words
        )
    }
}

/// Plays a terminal game until `quit` or the end of input; an error says why the game cannot
/// start or the terminal failed. An Elo out of the game's reach plays at the nearest end of
/// the game's scale, and the first lines say so.
pub fn play(
    mut config: PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut note = None;
    if let Opponent::Elo(elo) = config.opponent {
        let reached = reach(config.game, elo);
        config.opponent = Opponent::Elo(reached.elo);
        note = reached.note.map(|note| format!("--elo {note}."));
    }
    let mut table = Table::new(config)?;
    let result = play_at(&mut table, note, input, out);
    let kept = table.keep(out);
    result.and(kept).map_err(|e| format!("terminal: {e}"))
}

fn play_at(
    table: &mut Table,
    note: Option<String>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let engine = table.config.opponent.describe(table.config.game);
    let who = match table.config.humans {
        [true, true] => "two people".to_string(),
        [false, false] => format!("the engine against itself ({engine})"),
        [white, _] => format!(
            "you play {} against {engine}",
            if white { "white" } else { "black" }
        ),
    };
    writeln!(
        out,
        "tabula play: {} {}, {who}. Type 'help' for help.",
        table.config.game.name(),
        table.config.size
    )?;
    if let Some(note) = note {
        writeln!(out, "{note}")?;
    }
    if let Some(file) = &table.record_file {
        writeln!(out, "The games are recorded in {}.", file.path().display())?;
    }
    let mut shown = false;
    loop {
        if !shown {
            table.show(out)?;
            shown = true;
        }
        let over = table.announce_result(out)?;
        if !over && !table.human_to_move() {
            let choice = table.engine_move(table.config.opponent);
            let Some(mv) = choice.mv else {
                return writeln!(out, "The engine found no move.");
            };
            writeln!(
                out,
                "{} plays {mv} ({})",
                table.session.side_to_move().name(),
                choice.words
            )?;
            if let Err(problem) = table.play_move(mv, choice.line.as_ref()) {
                return writeln!(out, "The engine's move failed: {problem}");
            }
            table.keep(out)?;
            shown = false;
            if table.config.humans == [false, false] && table.session.verdict().is_some() {
                table.show(out)?;
                table.announce_result(out)?;
                return Ok(());
            }
            continue;
        }
        if !over {
            write!(out, "{}> ", table.session.side_to_move().name())?;
        } else {
            write!(out, "> ")?;
        }
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return writeln!(out);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["quit" | "exit"] => return writeln!(out, "Bye."),
            ["help" | "?"] => writeln!(out, "{}\n\n{HELP}", table.session.rules())?,
            ["moves"] => table.list_moves(None, out)?,
            ["moves", square] => table.list_moves(Some(square), out)?,
            ["new"] => {
                table.start_again(out)?;
                shown = false;
            }
            ["undo"] => {
                table.undo(out)?;
                shown = false;
            }
            ["hint"] => table.hint(out)?,
            ["save"] => writeln!(out, "Save to which file? Type 'save FILE'.")?,
            ["save", ..] => table.save(line.trim()["save".len()..].trim(), out)?,
            [mv] if !over => {
                let before = table.moves.len();
                table.try_move(mv, input, out)?;
                shown = table.moves.len() == before;
            }
            _ => writeln!(
                out,
                "Unknown command '{}'. Type 'help' for help.",
                line.trim()
            )?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opponent_is_named_by_level_or_elo() {
        let game = GameKind::Joust;
        let level = Level::Named(1);
        let named = Opponent::Level(level).describe(game);
        match scale::scale(game).level_elo(level.name()) {
            Some(elo) => assert_eq!(named, format!("level easy, about {elo:.0} Elo")),
            None => assert_eq!(named, "level easy"),
        }
        assert_eq!(Opponent::Elo(1500).describe(game), "Elo 1500");
    }
}
