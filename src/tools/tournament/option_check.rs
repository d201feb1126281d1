//! Before a match's first game, each engine is started and set up once as every game sets it
//! up, but with `isready` after each `setoption`, so that whatever it answers belongs to that
//! option: an `info string error` answer, or an option it does not declare, is a problem named
//! with the engine, the option and the engine's own message. A typo in a net's path then stops
//! the match instead of measuring the shipped net in silence. Errors it writes while starting or
//! at `ucinewgame` are problems too.

use super::engine_messages::EngineMessage;
use super::engine_process::{EngineProcess, EngineSpec};
use super::play::{GameSettings, STARTUP_PATIENCE, option_settings};
use crate::interfaces::uci::output::printable;

/// One problem an engine had with being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupProblem {
    pub engine: String,
    /// What it did: `refused option.Name=value`, `wrote an error while starting`.
    pub what: String,
    /// The engine's own message, or the runner's where it said nothing.
    pub message: String,
}

impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "engine '{}' {}: {}",
            self.engine, self.what, self.message
        )
    }
}

/// The errors among `messages`, in order.
fn errors_of(messages: Vec<EngineMessage>) -> Vec<String> {
    (messages.into_iter())
        .filter_map(|message| match message {
            EngineMessage::Error(text) => Some(printable(&text)),
            EngineMessage::Stderr(_) => None,
        })
        .collect()
}

/// Starts the engine of `spec`, sets it up for `settings`' game, checking every option, and
/// shuts it down again; returns its problems, or why it could not be set up at all (it does not
/// start, answer the handshake or `isready`): asked before a match rather than learnt from a
/// match of forfeits.
pub fn check_engine(
    spec: &EngineSpec,
    settings: &GameSettings,
) -> Result<Vec<SetupProblem>, String> {
    let fail = |failure| format!("{}: {failure}", spec.name);
    let mut process = EngineProcess::start(spec, &settings.engine_log).map_err(fail)?;
    let mut problems = Vec::new();
    let mut note = |what: &str, errors: Vec<String>| {
        problems.extend(errors.into_iter().map(|message| SetupProblem {
            engine: spec.name.clone(),
            what: what.to_string(),
            message,
        }));
    };
    process
        .handshake(spec.protocol, STARTUP_PATIENCE)
        .map_err(fail)?;
    note(
        "wrote an error while starting",
        errors_of(process.messages.take().0),
    );
    for option in option_settings(&process, spec, settings.game) {
        process.send(&option.command()).map_err(fail)?;
        process.sync(STARTUP_PATIENCE).map_err(fail)?;
        let mut errors = errors_of(process.messages.take().0);
        if errors.is_empty() && option.asked && !process.declares_option(&option.name) {
            errors.push(format!(
                "it declares no option '{}' (its answer to uci/ugi lists them)",
                option.name
            ));
        }
        let what = format!("refused option.{}={}", option.name, option.value);
        note(&what, errors);
    }
    process.send(spec.protocol.new_game()).map_err(fail)?;
    process.sync(STARTUP_PATIENCE).map_err(fail)?;
    let what = format!("wrote an error after {}", spec.protocol.new_game());
    note(&what, errors_of(process.messages.take().0));
    process.shut_down();
    Ok(problems)
}
