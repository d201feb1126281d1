//! What the page is told to do with each role's engine ([`Order`]), and the protocol lines a
//! search needs given what that engine has been told before ([`Told`]), as the GUI's server
//! tells an engine process: the game, how strongly to play, the lines of analysis, the
//! position and `go`.

use serde::Serialize;
use tabula_core::desk::job::Job;
use tabula_core::desk::levels::Setting;
use tabula_core::level::Level;

/// One order for the page.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Order {
    /// End the search of `role`'s engine (its `bestmove` is not wanted).
    Stop { role: usize, stop: bool },
    /// Send `lines` to `role`'s engine, for the table's `version`.
    Start {
        role: usize,
        version: u64,
        lines: Vec<String>,
    },
}

/// What one engine has been told: its game, level, limited strength and lines of analysis.
pub struct Told {
    variant: Option<&'static str>,
    level: Option<String>,
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
    /// The lines that set the engine up for `job` and start it, noting what they tell it.
    pub fn lines(&mut self, job: &Job) -> Vec<String> {
        let mut lines = Vec::new();
        if self.variant != Some(job.variant) {
            lines.push(format!("setoption name UCI_Variant value {}", job.variant));
            lines.push("ucinewgame".to_string());
            self.variant = Some(job.variant);
        }
        let (level, elo) = match &job.setting {
            Setting::Level(level) => (level.clone(), None),
            Setting::Elo(elo) => (Level::Max.name().to_string(), Some(*elo)),
            Setting::Default => (Level::Max.name().to_string(), None),
        };
        if self.level.as_ref() != Some(&level) {
            lines.push(format!("setoption name Level value {level}"));
            self.level = Some(level);
        }
        if self.elo != elo {
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
        if multipv != self.multipv {
            lines.push(format!("setoption name MultiPV value {multipv}"));
            self.multipv = multipv;
        }
        lines.push(job.position.clone());
        lines.push(job.go.clone());
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::desk::job::Purpose;
    use tabula_core::desk::state::Desk;
    use tabula_core::desk::table::Table;
    use tabula_core::game::Side;

    fn job(setting: Setting) -> Job {
        let desk = Desk::new(Table::new("claustro", None).expect("claustro"));
        desk.job(Purpose::Play(Side::White), setting)
    }

    #[test]
    fn an_engine_is_told_only_what_changed() {
        let mut told = Told::default();
        let first = told.lines(&job(Setting::Level("easy".to_string())));
        assert_eq!(
            first[..3],
            [
                "setoption name UCI_Variant value claustro",
                "ucinewgame",
                "setoption name Level value easy"
            ]
        );
        assert!(first[3].starts_with("position fen "));
        assert_eq!(first[4], "go movetime 1000");
        let again = told.lines(&job(Setting::Level("easy".to_string())));
        assert_eq!(again.len(), 2, "only the position and go: {again:?}");
        let elo = told.lines(&job(Setting::Elo(1200)));
        assert_eq!(
            elo[..3],
            [
                "setoption name Level value max",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1200"
            ]
        );
        let full = told.lines(&job(Setting::Default));
        assert_eq!(full[0], "setoption name UCI_LimitStrength value false");
    }
}
