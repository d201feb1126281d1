//! `tabula solve`: a game solved by retrograde analysis, its table written (Claustro 5 x 5).

use crate::games::claustro::solution::solve_command;
use crate::tools::console::print_line;
use crate::tools::progress::Progress;

/// Arguments of `tabula solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game: claustro.
    pub game: String,
    /// The table file to write.
    #[arg(long, default_value = crate::games::claustro::solution::DEFAULT_FILE)]
    pub out: std::path::PathBuf,
    /// Pawns per side (4 is the real game; fewer makes a small table for tests).
    #[arg(long, default_value_t = 4)]
    pub pawns: usize,
}

/// `tabula solve <game>`: the report on stdout, progress on stderr.
pub fn run(args: &SolveArgs) -> Result<i32, String> {
    if args.game != "claustro" {
        return Err(format!("cannot solve '{}' (only claustro)", args.game));
    }
    let mut bar: Option<Progress> = None;
    let report = solve_command(args.pawns, &args.out, &mut |step| {
        let bar =
            bar.get_or_insert_with(|| Progress::new(step.positions as u64, "positions solved"));
        bar.line(step.line);
        bar.set(step.resolved as u64);
    })?;
    drop(bar);
    print_line(&report);
    Ok(0)
}
