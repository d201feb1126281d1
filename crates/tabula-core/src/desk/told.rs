//! What an engine of the page is told before a job's search: only what changed since it was
//! last told (its game, how strongly to play, the lines of analysis), and only the options it
//! declares. The GUI's server tells its engine processes so, and the browser's module tabula
//! in its Web Workers.

use super::job::Job;
use super::levels::Setting;
use crate::level::Level;

/// What an engine has declared it hears.
pub trait Declared {
    /// Whether it declares option `name` with `word` in its declaration (`type`, or a value).
    fn declares(&self, name: &str, word: &str) -> bool;
    /// The default it declares for option `name`.
    fn default_of(&self, name: &str) -> Option<String>;
    /// Its word for a new game (`ucinewgame`, `uginewgame`).
    fn new_game(&self) -> &'static str;
}

/// tabula itself, which hears every option the page sets.
pub struct Tabula;

impl Declared for Tabula {
    fn declares(&self, _name: &str, _word: &str) -> bool {
        true
    }

    fn default_of(&self, name: &str) -> Option<String> {
        (name == "Level").then(|| Level::Max.name().to_string())
    }

    fn new_game(&self) -> &'static str {
        "ucinewgame"
    }
}

/// What one engine has been told: its game, level, limited strength and lines of analysis.
pub struct Told {
    variant: Option<&'static str>,
    level: Option<String>,
    /// The `UCI_Elo` it plays at with limited strength on (`None`: limited strength off).
    elo: Option<usize>,
    multipv: u32,
}

impl Default for Told {
    /// A new engine: its own defaults, one line.
    fn default() -> Told {
        Told {
            variant: None,
            level: None,
            elo: None,
            multipv: 1,
        }
    }
}

impl Told {
    /// The lines that set `engine` up for `job` (not its position and `go`), noting what they
    /// tell it. A level switches limited strength off, an Elo switches it on and leaves the
    /// level at its default, which full strength at the top of the scale plays.
    pub fn setup(&mut self, job: &Job, engine: &impl Declared) -> Vec<String> {
        let mut lines = Vec::new();
        if self.variant != Some(job.variant) {
            if engine.declares("UCI_Variant", job.variant) {
                lines.push(format!("setoption name UCI_Variant value {}", job.variant));
            }
            lines.push(engine.new_game().to_string());
            self.variant = Some(job.variant);
        }
        let (level, elo) = match &job.setting {
            Setting::Level(level) => (Some(level.clone()), None),
            Setting::Elo(elo) => (None, Some(*elo)),
            Setting::Default => (None, None),
        };
        let level = level.or_else(|| engine.default_of("Level"));
        if level != self.level && engine.declares("Level", "type") {
            if let Some(level) = &level {
                lines.push(format!("setoption name Level value {level}"));
            }
            self.level = level;
        }
        let limits =
            engine.declares("UCI_LimitStrength", "type") && engine.declares("UCI_Elo", "type");
        if elo != self.elo && limits {
            match elo {
                Some(elo) => {
                    lines.push("setoption name UCI_LimitStrength value true".to_string());
                    lines.push(format!("setoption name UCI_Elo value {elo}"));
                }
                None => lines.push("setoption name UCI_LimitStrength value false".to_string()),
            }
            self.elo = elo;
        }
        let multipv = job.purpose.lines();
        if multipv != self.multipv && engine.declares("MultiPV", "type") {
            lines.push(format!("setoption name MultiPV value {multipv}"));
            self.multipv = multipv;
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::job::Purpose;
    use crate::desk::state::Desk;
    use crate::desk::table::Table;
    use crate::game::Side;

    fn job(setting: Setting) -> Job {
        let desk = Desk::new(Table::new("claustro", None).expect("claustro"));
        desk.job(Purpose::Play(Side::White), setting)
    }

    #[test]
    fn an_engine_is_told_only_what_changed() {
        let mut told = Told::default();
        let first = told.setup(&job(Setting::Level("easy".to_string())), &Tabula);
        assert_eq!(
            first,
            [
                "setoption name UCI_Variant value claustro",
                "ucinewgame",
                "setoption name Level value easy"
            ]
        );
        let again = told.setup(&job(Setting::Level("easy".to_string())), &Tabula);
        assert!(again.is_empty(), "nothing new: {again:?}");
        let elo = told.setup(&job(Setting::Elo(1200)), &Tabula);
        assert_eq!(
            elo,
            [
                "setoption name Level value max",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1200"
            ]
        );
        let full = told.setup(&job(Setting::Default), &Tabula);
        assert_eq!(full, ["setoption name UCI_LimitStrength value false"]);
    }
}
