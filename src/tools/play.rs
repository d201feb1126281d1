//! `tabula play`: a game in the terminal for people. Human against engine, human against human,
//! or engine against engine (watch mode); the engine plays at a named level or at an Elo of the
//! game's scale (the limited search). Every input is checked and answered, never a crash.
//! The loop reads from any `BufRead` and writes to any `Write`, so it is tested like a person.

use crate::board::geometry::geometry;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::{GameKind, build_session};
use crate::level::{Level, random_move};
use crate::search::limits::Limits;
use crate::search::score::{DECIDED_BOUND, PROVEN_BOUND, Score};
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::session::{GameSession, Setup};
use crate::strength::limited::LimitedSearch;
use crate::strength::{Strength, scale};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::{self, BufRead, Write};

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
}

const HELP: &str = "\
Type a move as the squares it visits (e.g. d4f5; a pass is 0000), or a command:
  moves [square]  legal moves (of the piece on a square)
  hint            the engine's suggestion
  undo            take back your last move
  new             start again
  help            this text
  quit            leave";

/// What a search score says, in words: who wins and how surely, or who is ahead.
fn score_in_words(score: Score, to_move: Side) -> String {
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
fn thoughts(line: &Iteration, to_move: Side) -> String {
    format!(
        "{}; depth {}, line {}",
        score_in_words(line.score, to_move),
        line.depth,
        line.pv.join(" ")
    )
}

/// The game in progress and everything needed to play it.
struct Table {
    config: PlayConfig,
    session: Box<dyn GameSession>,
    moves: Vec<String>,
    tt: TranspositionTable,
    rng: StdRng,
}

/// The squares named in a move (`d4f5` -> d4, f5), for marking them on the board.
fn squares_of(mv: &str) -> Vec<String> {
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
fn decorate(picture: &str, marked: &[String], colour: bool) -> String {
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

impl Table {
    fn new(config: PlayConfig) -> Result<Table, String> {
        let session = build_session(config.game, Setup::Start(config.size), &[], true)?;
        Ok(Table {
            rng: StdRng::seed_from_u64(config.seed),
            config,
            session,
            moves: Vec::new(),
            tt: TranspositionTable::new(16),
        })
    }

    fn rebuild(&mut self) -> Result<(), String> {
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
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
        let marked = self.moves.last().map(|m| squares_of(m)).unwrap_or_default();
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
        if let Some(last) = self.moves.last() {
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

    /// The engine's move as `opponent`, with a line saying what it thought.
    fn engine_move(&mut self, opponent: Opponent) -> (Option<String>, String) {
        let level = match opponent {
            Opponent::Level(level) => level,
            Opponent::Elo(elo) => {
                return self.limited_move(Strength::from_elo(self.config.game, elo));
            }
        };
        match level {
            Level::Random => {
                let choice = random_move(self.session.as_ref(), &[], &mut self.rng);
                (choice, "a random move".to_string())
            }
            Level::Greedy => (self.session.greedy_move(&[]), "one-ply look".to_string()),
            Level::Depth(_) | Level::Max => {
                let limits = Limits {
                    depth: level.cap_depth(None),
                    movetime_ms: (level == Level::Max).then_some(self.config.movetime_ms),
                    ..Limits::default()
                };
                let mut last = None;
                let to_move = self.session.side_to_move();
                let summary = self.session.search(
                    &limits,
                    Settings::default(),
                    &self.tt,
                    &Signals::default(),
                    &mut |it| last = Some(thoughts(it, to_move)),
                );
                (summary.best_move, last.unwrap_or_default())
            }
        }
    }

    /// The limited search's move at `strength` within the thinking time, with a line saying
    /// what it thought of the line it played.
    fn limited_move(&mut self, strength: Strength) -> (Option<String>, String) {
        let limits = Limits {
            movetime_ms: Some(self.config.movetime_ms),
            ..Limits::default()
        };
        let to_move = self.session.side_to_move();
        let search = LimitedSearch::new(strength, limits, Settings::default(), self.rng.random());
        let played = search.run(
            self.session.as_ref(),
            &self.tt,
            &Signals::default(),
            &mut |_| {},
        );
        let thought = played.line.map(|line| thoughts(&line, to_move));
        (played.best_move, thought.unwrap_or_default())
    }

    fn announce_result(&self, out: &mut dyn Write) -> io::Result<bool> {
        let Some(verdict) = self.session.verdict() else {
            return Ok(false);
        };
        let result = match verdict.outcome {
            Outcome::Win(side) => format!("{} wins", side.name()),
            Outcome::Draw => "draw".to_string(),
        };
        writeln!(
            out,
            "Game over: {result} ({}). Type 'new', 'undo' or 'quit'.",
            verdict.reason
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
            Ok(canonical) => {
                self.moves.push(canonical);
                if let Err(problem) = self.rebuild() {
                    self.moves.pop();
                    writeln!(out, "That did not work: {problem}")?;
                }
                Ok(())
            }
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
        writeln!(out, "Taken back.")
    }
}

/// Plays a terminal game until `quit` or the end of input; an error says why the game cannot
/// start or the terminal failed.
pub fn play(
    config: PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let table = Table::new(config)?;
    play_at(table, input, out).map_err(|e| format!("terminal: {e}"))
}

fn play_at(mut table: Table, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
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
    let mut shown = false;
    loop {
        if !shown {
            table.show(out)?;
            shown = true;
        }
        let over = table.announce_result(out)?;
        if !over && !table.human_to_move() {
            let (choice, thoughts) = table.engine_move(table.config.opponent);
            let Some(mv) = choice else {
                return writeln!(out, "The engine found no move.");
            };
            writeln!(
                out,
                "{} plays {mv} ({thoughts})",
                table.session.side_to_move().name()
            )?;
            table.moves.push(mv);
            if let Err(problem) = table.rebuild() {
                return writeln!(out, "The engine's move failed: {problem}");
            }
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
                table.moves.clear();
                if let Err(problem) = table.rebuild() {
                    writeln!(out, "Cannot start again: {problem}")?;
                }
                shown = false;
            }
            ["undo"] => {
                table.undo(out)?;
                shown = false;
            }
            ["hint"] if !over => {
                let (choice, thoughts) = table.engine_move(Opponent::Level(Level::Max));
                writeln!(
                    out,
                    "Hint: {} ({thoughts})",
                    choice.unwrap_or_else(|| "(none)".to_string())
                )?;
            }
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
        let level = Level::Depth(2);
        let named = Opponent::Level(level).describe(game);
        match scale::scale(game).level_elo(level.name()) {
            Some(elo) => assert_eq!(named, format!("level easy, about {elo:.0} Elo")),
            None => assert_eq!(named, "level easy"),
        }
        assert_eq!(Opponent::Elo(1500).describe(game), "Elo 1500");
    }

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
