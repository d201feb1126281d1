//! An engine set up to play one game, for whatever in tabula asks engines for moves (`tabula
//! match`, `tabula suite`): started, past the handshake, its options set (`UCI_Variant` where it
//! declares the game), a new game begun; the `go` command of a fixed limit and how long to wait
//! for its answer; the answer read (`bestmove` and the engine's last reported score); and
//! Fairy-Stockfish's notation of Joust moves and position strings.

use super::log::EngineLog;
use super::process::{EngineFailure, EngineProcess, EngineSpec, Notation, Protocol, is_bestmove};
use super::time_control::TimeControl;
use crate::games::GameKind;
use crate::protocol::info_line::InfoLine;
use std::time::Duration;

/// How long an engine may take to start and answer the handshake (or `isready`).
pub const STARTUP_PATIENCE: Duration = Duration::from_secs(10);
/// The default of `--stall-timeout`: how long a move under a depth or node limit may take.
pub const DEFAULT_STALL_TIMEOUT: Duration = Duration::from_secs(60);

/// One `setoption` that sets an engine up: the option's name, its value, and whether the
/// engine's `--engine` setting asked for it (the runner adds `UCI_Variant` on its own).
pub struct OptionSetting {
    pub name: String,
    pub value: String,
    pub asked: bool,
}

impl OptionSetting {
    /// The `setoption` line that sets it.
    pub fn command(&self) -> String {
        format!("setoption name {} value {}", self.name, self.value)
    }
}

/// The options that set the engine of `process` up for `game`: `UCI_Variant` where it declares
/// the game, then those of `spec`.
pub fn option_settings(
    process: &EngineProcess,
    spec: &EngineSpec,
    game: GameKind,
) -> Vec<OptionSetting> {
    let variant =
        (process.declares_option_with("UCI_Variant", game.name())).then(|| OptionSetting {
            name: "UCI_Variant".to_string(),
            value: game.name().to_string(),
            asked: false,
        });
    let asked = spec.options.iter().map(|(name, value)| OptionSetting {
        name: name.clone(),
        value: value.clone(),
        asked: true,
    });
    variant.into_iter().chain(asked).collect()
}

/// The `go` command of a time control without a clock, and how long the engine may take to
/// answer it: twice the move time and 5 s more, or `stall_timeout` under a depth or node limit.
/// `None` for a clock, whose command needs both players' clocks.
pub fn fixed_go(limit: TimeControl, stall_timeout: Duration) -> Option<(String, Duration)> {
    match limit {
        TimeControl::Clock { .. } => None,
        TimeControl::MoveTime(ms) => Some((
            format!("go movetime {ms}"),
            Duration::from_millis(2 * ms + 5000),
        )),
        TimeControl::Depth(depth) => Some((format!("go depth {depth}"), stall_timeout)),
        TimeControl::Nodes(nodes) => Some((format!("go nodes {nodes}"), stall_timeout)),
    }
}

/// The `go` command of a move on a clock: white's and black's time left and increments, in
/// milliseconds, in the words of the engine's protocol.
pub fn clock_go(protocol: Protocol, [(white, winc), (black, binc)]: [(i64, u64); 2]) -> String {
    match protocol {
        Protocol::Uci => format!("go wtime {white} btime {black} winc {winc} binc {binc}"),
        Protocol::Ugi => format!("go p1time {white} p2time {black} p1inc {winc} p2inc {binc}"),
    }
}

/// The last score and depth an engine reported in `lines` (those before its move).
pub fn last_report(lines: &[String]) -> (Option<String>, Option<u32>) {
    let (mut score, mut depth) = (None, None);
    for info in lines.iter().filter_map(|line| InfoLine::parse(line)) {
        depth = info.depth.or(depth);
        score = info.score_text().or(score);
    }
    (score, depth)
}

/// An engine's answer to `go`.
pub struct Answer {
    /// The move it named, in our notation; `None` for a `bestmove` without one.
    pub best_move: Option<String>,
    /// The lines it wrote before (its `info` reports).
    pub lines: Vec<String>,
}

/// A running engine set up for one game, and how to talk to it.
pub struct Player {
    pub process: EngineProcess,
    pub spec: EngineSpec,
    /// Whether it writes Joust moves and positions as Fairy-Stockfish does.
    fairy_stockfish: bool,
}

impl Player {
    /// Starts the engine of `spec` and sets it up for `game`, up to a new game it is ready for;
    /// the lines to and from it go to `log`.
    pub fn start(
        spec: &EngineSpec,
        game: GameKind,
        log: &EngineLog,
    ) -> Result<Player, EngineFailure> {
        let mut process = EngineProcess::start(spec, log)?;
        process.handshake(spec.protocol, STARTUP_PATIENCE)?;
        for option in option_settings(&process, spec, game) {
            process.send(&option.command())?;
        }
        let fairy_stockfish = match spec.notation {
            Notation::FairyStockfish => true,
            Notation::Plain => false,
            Notation::Auto => process
                .id_name
                .as_deref()
                .is_some_and(|n| n.starts_with("Fairy-Stockfish")),
        };
        let mut player = Player {
            process,
            spec: spec.clone(),
            fairy_stockfish,
        };
        player.new_game()?;
        Ok(player)
    }

    /// Starts a new game (`ucinewgame` or `uginewgame`) and waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), EngineFailure> {
        self.process.send(self.spec.protocol.new_game())?;
        self.process.sync(STARTUP_PATIENCE)
    }

    /// Sends `position` and `go`, then waits up to `patience` for the engine's `bestmove`.
    pub fn ask(
        &mut self,
        position: &str,
        go: &str,
        patience: Duration,
    ) -> Result<Answer, EngineFailure> {
        self.process.send(position)?;
        self.process.send(go)?;
        let (line, lines) = self.process.wait_for(is_bestmove, patience)?;
        let best_move = (line.split_whitespace().nth(1)).map(|text| self.incoming_move(text));
        Ok(Answer { best_move, lines })
    }

    /// A move in this engine's notation.
    pub fn outgoing_move(&self, game: GameKind, text: &str) -> String {
        if self.fairy_stockfish && game == GameKind::Joust && text.len() >= 4 {
            // Fairy-Stockfish's Joust moves name the burned square after a comma: d4f5,f5d4.
            let split = text[1..]
                .find(|c: char| c.is_ascii_lowercase())
                .map_or(text.len(), |i| i + 1);
            let (from, to) = text.split_at(split);
            return format!("{text},{to}{from}");
        }
        text.to_string()
    }

    /// A move from this engine in our notation.
    pub fn incoming_move(&self, text: &str) -> String {
        if self.fairy_stockfish {
            return text.split(',').next().unwrap_or(text).to_string();
        }
        text.to_string()
    }

    /// A position string in this engine's form (Fairy-Stockfish wants FEN's castling and
    /// en-passant fields).
    pub fn outgoing_position(&self, text: &str) -> String {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match (self.fairy_stockfish, fields.as_slice()) {
            (true, [board, side, half, full]) => format!("{board} {side} - - {half} {full}"),
            _ => text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_last_score_and_depth() {
        let lines = vec![
            "info depth 1 seldepth 1 score cp 5 nodes 3 pv a1b3".to_string(),
            "info string hello".to_string(),
            "info depth 2 seldepth 3 score mate -2 nodes 9 pv a1b3".to_string(),
        ];
        assert_eq!(last_report(&lines), (Some("mate -2".to_string()), Some(2)));
        assert_eq!(last_report(&[]), (None, None));
    }

    #[test]
    fn fixed_limits_have_their_go_and_patience() {
        let stall = Duration::from_secs(60);
        assert_eq!(
            fixed_go(TimeControl::MoveTime(100), stall),
            Some(("go movetime 100".to_string(), Duration::from_millis(5200)))
        );
        assert_eq!(
            fixed_go(TimeControl::Depth(3), stall),
            Some(("go depth 3".to_string(), stall))
        );
        assert_eq!(
            fixed_go(TimeControl::Nodes(9), stall),
            Some(("go nodes 9".to_string(), stall))
        );
        let clock = TimeControl::Clock {
            base_ms: 1000,
            increment_ms: 0,
        };
        assert_eq!(fixed_go(clock, stall), None);
    }
}
