//! Before a match's first game, each engine is started and set up once as every game sets it
//! up, but with `isready` after each `setoption`, so that whatever it answers belongs to that
//! option: an `info string error` answer, or an option it does not declare, is a problem named
//! with the engine, the option and the engine's own message. A typo in a net's path then stops
//! the match instead of measuring the shipped net in silence. Errors it writes while starting or
//! at `ucinewgame` are problems too.

use crate::engine_process::log::EngineLog;
use crate::engine_process::messages::EngineMessage;
use crate::engine_process::player::{STARTUP_PATIENCE, option_settings};
use crate::engine_process::process::{EngineProcess, EngineSpec};
use crate::games::GameKind;
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

/// What an engine's declaration of option `name` (the words after the name, `None` when it
/// declares none) says against `value`, for an engine that took it without a word: no such
/// option, a `spin` outside its `min` and `max`, a `check` neither `true` nor `false`. (A
/// `combo` is not checked: Fairy-Stockfish's `UCI_Variant` takes the variants of a file loaded
/// after the handshake.)
fn against_declaration(name: &str, declaration: Option<Vec<&str>>, value: &str) -> Option<String> {
    let Some(words) = declaration else {
        return Some(format!(
            "it declares no option '{name}' (its answer to uci/ugi lists them)"
        ));
    };
    let after = |key: &str| {
        let at = words.iter().position(|word| *word == key)?;
        words.get(at + 1).copied()
    };
    match after("type") {
        Some("spin") => {
            let bound = |key| after(key).and_then(|word| word.parse::<i64>().ok());
            let (min, max) = (bound("min"), bound("max"));
            let inside = value
                .parse::<i64>()
                .is_ok_and(|n| min.is_none_or(|min| n >= min) && max.is_none_or(|max| n <= max));
            (!inside).then(|| {
                let range = [min, max].map(|b| b.map_or("?".to_string(), |b| b.to_string()));
                format!(
                    "'{value}' is not a whole number from {} to {}, as it declares '{name}'",
                    range[0], range[1]
                )
            })
        }
        Some("check") => (!["true", "false"].contains(&value))
            .then(|| format!("'{value}' is not true or false, as it declares '{name}'")),
        _ => None,
    }
}

/// Starts the engine of `spec`, sets it up for `game`, checking every option, and shuts it down
/// again (the lines to and from it go to `log`); returns its problems, or why it could not be
/// set up at all (it does not start, answer the handshake or `isready`): asked before a match
/// (or a suite) rather than learnt from a match of forfeits.
pub fn check_engine(
    spec: &EngineSpec,
    game: GameKind,
    log: &EngineLog,
) -> Result<Vec<SetupProblem>, String> {
    let fail = |failure| format!("{}: {failure}", spec.name);
    let mut process = EngineProcess::start(spec, log).map_err(fail)?;
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
    for option in option_settings(&process, spec, game) {
        process.send(&option.command()).map_err(fail)?;
        process.sync(STARTUP_PATIENCE).map_err(fail)?;
        let mut errors = errors_of(process.messages.take().0);
        if errors.is_empty() && option.asked {
            let declaration = process.declaration(&option.name);
            errors.extend(against_declaration(
                &option.name,
                declaration,
                &option.value,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_against_what_the_engine_declares() {
        let spin = Some(vec![
            "type", "spin", "default", "16", "min", "1", "max", "1024",
        ]);
        let check = Some(vec!["type", "check", "default", "false"]);
        let combo = Some(vec!["type", "combo", "default", "chess", "var", "chess"]);
        for (declaration, value, blamed) in [
            (spin.clone(), "64", None),
            (spin.clone(), "1", None),
            (
                spin.clone(),
                "0",
                Some("'0' is not a whole number from 1 to 1024"),
            ),
            (spin.clone(), "abc", Some("'abc' is not a whole number")),
            (check.clone(), "true", None),
            (check, "yes", Some("'yes' is not true or false")),
            (combo, "joust10", None),
            (None, "1", Some("it declares no option 'X'")),
        ] {
            let problem = against_declaration("X", declaration, value);
            match blamed {
                None => assert_eq!(problem, None, "{value}"),
                Some(blamed) => assert!(
                    problem.as_deref().is_some_and(|p| p.contains(blamed)),
                    "{value}: {problem:?}"
                ),
            }
        }
    }
}
