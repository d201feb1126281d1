//! What the page is told to do with each role's engine ([`Order`]), and the protocol lines a
//! search needs given what that engine has been told before ([`start_lines`]).

use serde::Serialize;
use tabula_core::desk::job::Job;
use tabula_core::desk::told::{Tabula, Told};

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

/// The lines that start tabula on `job`: what changed since it was last `told` (the core's
/// [`Told`], as the GUI's server tells its engines), then the position and `go`.
pub fn start_lines(told: &mut Told, job: &Job) -> Vec<String> {
    let mut lines = told.setup(job, &Tabula);
    lines.push(job.position.clone());
    lines.push(job.go.clone());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::desk::job::Purpose;
    use tabula_core::desk::levels::Setting;
    use tabula_core::desk::state::Desk;
    use tabula_core::desk::table::Table;
    use tabula_core::game::Side;

    #[test]
    fn a_start_ends_with_the_position_and_go() {
        let desk = Desk::new(Table::new("claustro", None).expect("claustro"));
        let job = desk.job(Purpose::Play(Side::White), Setting::Default);
        let mut told = Told::default();
        let first = start_lines(&mut told, &job);
        assert_eq!(
            first[..2],
            ["setoption name UCI_Variant value claustro", "ucinewgame"]
        );
        assert!(first[first.len() - 2].starts_with("position fen "));
        assert_eq!(first[first.len() - 1], "go movetime 1000");
        assert_eq!(start_lines(&mut told, &job).len(), 2);
    }
}
