//! `tabula probe`: each legal move of a position with its proven value, best first, and the
//! position's, from a loaded table or proof (`--table`), the proven Joust starts and the Joust
//! solver; the same values as the protocol's `probe`, for scripts.

use crate::game::BoardSize;
use crate::games::joust::solve::DEFAULT_LIVE_NODES;
use crate::games::probe::{Probe, best_of, value_text};
use crate::games::{GameKind, load_oracle, open_session};
use crate::tools::console::print_line;

/// Arguments of `tabula probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// joust, jesonmor, claustro or apart.
    pub game: String,
    /// A position string (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Board size for the start position: N or WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Moves played from the position before probing.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// A Claustro table (`tabula solve claustro`) or Joust proof (`tabula solve joust --proof`).
    #[arg(long)]
    pub table: Option<std::path::PathBuf>,
    /// The nodes the Joust solver may spend on a position before it calls it unknown (0: none).
    #[arg(long, default_value_t = DEFAULT_LIVE_NODES)]
    pub nodes: u64,
}

/// Prints `move <move> <value>` for each legal move, best first, then `position <value>`;
/// exit code 0.
pub fn run(args: &ProbeArgs) -> Result<i32, String> {
    let kind = GameKind::parse(&args.game)?;
    if args.fen.is_some() && args.size.is_some() {
        return Err("give --fen or --size, not both".to_string());
    }
    let size = args.size.as_deref().map(BoardSize::parse).transpose()?;
    let moves: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    let session = open_session(
        kind,
        size.unwrap_or(kind.default_size()),
        args.fen.as_deref(),
        &moves,
        true,
    )?;
    let loaded = args.table.as_deref().map(load_oracle).transpose()?;
    let probe = Probe::new(loaded, args.nodes);
    let values = probe.move_values(session.as_ref());
    for entry in &values {
        print_line(&format!("move {} {}", entry.text, value_text(entry.value)));
    }
    let position = if values.is_empty() {
        probe.value(session.as_ref())
    } else {
        best_of(&values)
    };
    print_line(&format!("position {}", value_text(position)));
    Ok(0)
}
