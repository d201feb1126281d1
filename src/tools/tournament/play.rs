//! One game between two engine processes. The runner keeps the clocks and judges every move and
//! every result with its own rules; an engine that plays an illegal move, answers garbage or
//! fails loses, with the reason recorded and its failure named: it *disconnects* when its
//! process ends, *stalls* when it stops answering (no move by the stall timeout under a depth or
//! node limit, or no answer to `stop` once its clock ran out) and *loses on time* when it
//! oversteps its clock but answers `stop`.

use super::adjudication::{SolverSchedule, Tablebase};
use super::openings::{Opening, build_opening};
use super::record::{Fault, GameRecord, MoveRecord};
use crate::engine_process::log::EngineLog;
use crate::engine_process::messages::MessageBox;
use crate::engine_process::player::{Player, clock_go, fixed_go, last_report};
use crate::engine_process::process::{EngineFailure, EngineSpec, is_bestmove};
use crate::engine_process::time_control::TimeControl;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::GameKind;
use crate::session::GameSession;
use crate::tablebase::Proven;
use std::time::{Duration, Instant};

/// How long an engine whose time ran out may take to answer `stop` before it counts as stalled.
pub const STOP_PATIENCE: Duration = Duration::from_secs(1);
/// A game this long is stopped as a draw (every game's rules end it far sooner).
const MAX_PLIES: usize = 2000;

/// What every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub game: GameKind,
    pub size: BoardSize,
    /// The match's time control, for engines without one of their own.
    pub time_control: TimeControl,
    /// Milliseconds an engine may overstep its clock before it loses on time.
    pub time_margin_ms: u64,
    /// How long a move under a depth or node limit may take before the engine stalls.
    pub stall_timeout: Duration,
    /// Where the lines to and from the engines go (`--debug`, `--log`).
    pub engine_log: EngineLog,
    /// What adjudicates a game as soon as it knows the result (`--tb`), if anything.
    pub tablebase: Option<Tablebase>,
}

impl GameSettings {
    /// The time control of the engine of `spec`: its own (`tc=`) or the match's.
    pub fn time_control_of(&self, spec: &EngineSpec) -> TimeControl {
        spec.time_control.unwrap_or(self.time_control)
    }
}

/// One game to play.
#[derive(Clone, Debug)]
pub struct GameJob {
    pub number: usize,
    pub opening_index: usize,
    pub white: usize,
    pub black: usize,
}

/// The fault an engine failure is counted as.
fn fault_of(failure: &EngineFailure) -> Fault {
    match failure {
        EngineFailure::Timeout => Fault::Stall,
        EngineFailure::Exited | EngineFailure::StartFailed(_) => Fault::Disconnect,
    }
}

/// Why an engine could not be started and set up: what happened and the fault it counts as.
struct StartProblem {
    text: String,
    fault: Fault,
}

fn start_player(spec: &EngineSpec, settings: &GameSettings) -> Result<Player, StartProblem> {
    Player::start(spec, settings.game, &settings.engine_log).map_err(|failure| StartProblem {
        text: format!("{}: {failure}", spec.name),
        fault: fault_of(&failure),
    })
}

/// The clock state of both players, in milliseconds left.
struct Clocks {
    left_ms: [i64; 2],
}

/// A move for the side to move that ends the game in its favour at once, if any.
fn immediate_win(session: &dyn GameSession) -> Option<String> {
    let mover = session.side_to_move();
    session.legal_moves().into_iter().find(|mv| {
        let mut child = session.boxed_clone();
        child.play_move(mv).is_ok()
            && child
                .verdict()
                .is_some_and(|v| v.outcome == Outcome::Win(mover))
    })
}

struct GameInProgress<'a> {
    settings: &'a GameSettings,
    opening: &'a Opening,
    /// The position string the game started from, before the opening's moves.
    start_text: String,
    session: Box<dyn GameSession>,
    moves: Vec<String>,
    records: Vec<MoveRecord>,
    /// White's and black's time controls.
    time_controls: [TimeControl; 2],
    clocks: Clocks,
    /// When the game next asks the Joust solver (`--tb-nodes`).
    solver_schedule: SolverSchedule,
}

/// How a game ended.
struct Ending {
    outcome: Outcome,
    reason: String,
    /// The side whose engine failed, and how.
    fault: Option<(Side, Fault)>,
    /// Where a table ended the game: the plies perfect play had left, where it counts them.
    table_plies: Option<Option<u32>>,
}

/// The fullmove number of a position string (its fourth field; 1 when absent).
fn fullmove_number(position: &str) -> u32 {
    position
        .split_whitespace()
        .nth(3)
        .and_then(|field| field.parse().ok())
        .unwrap_or(1)
}

fn forfeit(loser: Side, reason: String) -> Ending {
    Ending {
        outcome: Outcome::Win(loser.opponent()),
        reason,
        fault: None,
        table_plies: None,
    }
}

/// `loser`'s engine failed by `fault`: it loses, and the reason says how.
fn failed(loser: Side, fault: Fault, reason: String) -> Ending {
    Ending {
        outcome: Outcome::Win(loser.opponent()),
        reason,
        fault: Some((loser, fault)),
        table_plies: None,
    }
}

impl GameInProgress<'_> {
    fn position_command(&self, player: &Player) -> String {
        let default_start = self.opening.position.is_none()
            && self.settings.size == self.settings.game.default_size();
        let setup = if default_start {
            "startpos".to_string()
        } else {
            format!("fen {}", player.outgoing_position(&self.start_text))
        };
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|mv| player.outgoing_move(self.settings.game, mv))
            .collect();
        if moves.is_empty() {
            format!("position {setup}")
        } else {
            format!("position {setup} moves {}", moves.join(" "))
        }
    }

    /// The clock left and the increment of `side`, if it plays on a clock.
    fn clock_of(&self, side: Side) -> Option<(i64, u64)> {
        match self.time_controls[side.index()] {
            TimeControl::Clock { increment_ms, .. } => {
                Some((self.clocks.left_ms[side.index()].max(0), increment_ms))
            }
            _ => None,
        }
    }

    fn go_command(&self, player: &Player) -> (String, Duration) {
        let mover = self.session.side_to_move();
        let limit = self.time_controls[mover.index()];
        if let Some(fixed) = fixed_go(limit, self.settings.stall_timeout) {
            return fixed;
        }
        // A side that plays without a clock (time odds against a fixed limit) is shown the
        // mover's clock.
        let own = self.clock_of(mover).unwrap_or((0, 0));
        let [(white, winc), (black, binc)] =
            [Side::White, Side::Black].map(|side| self.clock_of(side).unwrap_or(own));
        let command = clock_go(player.spec.protocol, [(white, winc), (black, binc)]);
        let patience = own.0 as u64 + self.settings.time_margin_ms + 1;
        (command, Duration::from_millis(patience))
    }

    /// Asks the side to move for its move and plays it; `Some` if the game ended by a forfeit.
    fn take_turn(&mut self, player: &mut Player) -> Option<Ending> {
        let side = self.session.side_to_move();
        let name = player.spec.name.clone();
        let (go, patience) = self.go_command(player);
        let position = self.position_command(player);
        let started = Instant::now();
        let reply = player.ask(&position, &go, patience);
        let elapsed_ms = started.elapsed().as_millis() as u64;
        let answer = match reply {
            Ok(answer) => answer,
            Err(failure) => return Some(self.failure_ending(player, side, &failure, patience)),
        };
        if let TimeControl::Clock { increment_ms, .. } = self.time_controls[side.index()] {
            let clock = &mut self.clocks.left_ms[side.index()];
            *clock -= elapsed_ms as i64;
            if *clock < -(self.settings.time_margin_ms as i64) {
                let reason = format!("{} ({name}) loses on time", side.name());
                return Some(failed(side, Fault::Time, reason));
            }
            *clock += increment_ms as i64;
        }
        let Some(text) = answer.best_move else {
            return Some(forfeit(
                side,
                format!("{} ({name}) sent 'bestmove' without a move", side.name()),
            ));
        };
        if let Err(problem) = self.session.play_move(&text) {
            return Some(forfeit(
                side,
                format!("{} ({name}) played an illegal move: {problem}", side.name()),
            ));
        }
        let (score, depth) = last_report(&answer.lines);
        self.records.push(MoveRecord {
            text: text.clone(),
            score,
            depth,
            time_ms: elapsed_ms,
        });
        self.moves.push(text);
        None
    }

    /// How the game ends when the engine of `side` failed to move: a disconnect when its process
    /// ended; on a clock or a move time, a time forfeit if it answers `stop` at once, else a
    /// stall; under a depth or node limit, a stall.
    fn failure_ending(
        &self,
        player: &mut Player,
        side: Side,
        failure: &EngineFailure,
        patience: Duration,
    ) -> Ending {
        let who = format!("{} ({})", side.name(), player.spec.name);
        if *failure != EngineFailure::Timeout {
            let how = player
                .process
                .exit_text()
                .unwrap_or_else(|| failure.to_string());
            return failed(side, Fault::Disconnect, format!("{who} disconnects: {how}"));
        }
        let timed = matches!(
            self.time_controls[side.index()],
            TimeControl::Clock { .. } | TimeControl::MoveTime(_)
        );
        let answers_stop = timed
            && player
                .process
                .send("stop")
                .and_then(|()| player.process.wait_for(is_bestmove, STOP_PATIENCE))
                .is_ok();
        if answers_stop {
            return failed(side, Fault::Time, format!("{who} loses on time"));
        }
        let waited = if timed {
            format!("no answer to stop within {} ms", STOP_PATIENCE.as_millis())
        } else {
            format!("no move within {} ms", patience.as_millis())
        };
        failed(side, Fault::Stall, format!("{who} stalls: {waited}"))
    }

    /// The ending by the rules, or by adjudication when the result is certain, if any.
    fn judged_ending(&mut self) -> Option<Ending> {
        if let Some(verdict) = self.session.verdict() {
            return Some(Ending {
                outcome: verdict.outcome,
                reason: verdict.reason.to_string(),
                fault: None,
                table_plies: None,
            });
        }
        let mover = self.session.side_to_move();
        if let Some(winning) = immediate_win(self.session.as_ref()) {
            return Some(Ending {
                outcome: Outcome::Win(mover),
                reason: format!("adjudicated: {} wins at once with {winning}", mover.name()),
                fault: None,
                table_plies: None,
            });
        }
        if let Some(ending) = self.table_ending() {
            return Some(ending);
        }
        (self.records.len() >= MAX_PLIES).then(|| Ending {
            outcome: Outcome::Draw,
            reason: format!("adjudicated: {MAX_PLIES} plies"),
            fault: None,
            table_plies: None,
        })
    }
}

impl GameInProgress<'_> {
    /// The ending a table or proof knows (`--tb`), with the plies perfect play had left.
    fn table_ending(&mut self) -> Option<Ending> {
        let tablebase = self.settings.tablebase.as_ref()?;
        let ply = self.moves.len();
        let value = tablebase.value(self.session.as_ref(), ply, &mut self.solver_schedule)?;
        let mover = self.session.side_to_move();
        let (outcome, plies, words) = match value {
            Proven::Win(plies) => (Outcome::Win(mover), plies, format!("{} wins", mover.name())),
            Proven::Loss(plies) => (
                Outcome::Win(mover.opponent()),
                plies,
                format!("{} wins", mover.opponent().name()),
            ),
            Proven::Draw => (Outcome::Draw, None, "a draw".to_string()),
        };
        let left = plies.map_or(String::new(), |n| format!(" in {n} plies"));
        Some(Ending {
            outcome,
            reason: format!("adjudicated by the table: {words}{left}"),
            fault: None,
            table_plies: Some(plies),
        })
    }
}

/// Plays one game and returns its record.
pub fn play_game(
    settings: &GameSettings,
    specs: &[EngineSpec],
    job: &GameJob,
    opening: &Opening,
) -> GameRecord {
    let (white_spec, black_spec) = (&specs[job.white], &specs[job.black]);
    let mut record = GameRecord {
        number: job.number,
        opening_index: job.opening_index,
        white: job.white,
        black: job.black,
        white_name: white_spec.name.clone(),
        black_name: black_spec.name.clone(),
        levels: [white_spec, black_spec].map(EngineSpec::level),
        game: settings.game,
        size: settings.size,
        opening: opening.clone(),
        time_controls: [white_spec, black_spec].map(|spec| settings.time_control_of(spec)),
        outcome: Outcome::Draw,
        reason: String::new(),
        faults: Vec::new(),
        first_move: (Side::White, 1),
        moves: Vec::new(),
        messages: Default::default(),
        first_errors: Default::default(),
        adjudicated_by_table: None,
    };
    let bare_start = Opening {
        position: opening.position.clone(),
        moves: Vec::new(),
    };
    let (session, start) = match (
        build_opening(opening, settings.game, settings.size),
        bare_start.build(settings.game, settings.size),
    ) {
        (Ok(session), Ok(start)) => (session, start),
        (Err(problem), _) | (_, Err(problem)) => {
            record.reason = format!("bad opening: {problem}");
            return record;
        }
    };
    record.first_move = (
        session.side_to_move(),
        fullmove_number(&session.position_text()),
    );
    let players = (
        start_player(white_spec, settings),
        start_player(black_spec, settings),
    );
    let (mut white, mut black) = match players {
        (Ok(white), Ok(black)) => (white, black),
        (white, black) => {
            let failures: Vec<(Side, &StartProblem)> =
                [(Side::White, &white), (Side::Black, &black)]
                    .into_iter()
                    .filter_map(|(side, player)| {
                        player.as_ref().err().map(|problem| (side, problem))
                    })
                    .collect();
            record.outcome = match (white.is_ok(), black.is_ok()) {
                (true, false) => Outcome::Win(Side::White),
                (false, true) => Outcome::Win(Side::Black),
                _ => Outcome::Draw,
            };
            let texts: Vec<String> = (failures.iter())
                .map(|(side, problem)| {
                    format!(
                        "{} {}s: {}",
                        side.name(),
                        problem.fault.word(),
                        problem.text
                    )
                })
                .collect();
            record.reason = texts.join("; ");
            record.faults = (failures.iter())
                .map(|(side, problem)| (*side, problem.fault))
                .collect();
            return record;
        }
    };
    let time_controls = [white_spec, black_spec].map(|spec| settings.time_control_of(spec));
    let base_ms = time_controls.map(|tc| match tc {
        TimeControl::Clock { base_ms, .. } => base_ms as i64,
        _ => 0,
    });
    let mut game = GameInProgress {
        settings,
        opening,
        start_text: start.position_text(),
        session,
        moves: opening.moves.clone(),
        records: Vec::new(),
        time_controls,
        clocks: Clocks { left_ms: base_ms },
        solver_schedule: SolverSchedule::default(),
    };
    let ending = loop {
        if let Some(ending) = game.judged_ending() {
            break ending;
        }
        let player = match game.session.side_to_move() {
            Side::White => &mut white,
            Side::Black => &mut black,
        };
        if let Some(ending) = game.take_turn(player) {
            break ending;
        }
    };
    let heard: [MessageBox; 2] = [white.process.shut_down(), black.process.shut_down()];
    record.messages = heard.each_ref().map(MessageBox::counts);
    record.first_errors = heard.each_ref().map(MessageBox::first_error);
    record.outcome = ending.outcome;
    record.reason = ending.reason;
    record.faults = ending.fault.into_iter().collect();
    record.adjudicated_by_table = ending.table_plies;
    record.moves = game.records;
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_fullmove_number() {
        assert_eq!(fullmove_number("8/8/8/4n3/3N4/8/8/8 b 3 12"), 12);
        assert_eq!(fullmove_number("8/8/8/4n3/3N4/8/8/8 w"), 1);
    }
}
