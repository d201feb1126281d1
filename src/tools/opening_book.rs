//! `tabula openings`: writes an openings file for `tabula match`, made of seeded random openings
//! or of a file's lines. With `--balanced`, an opening is kept only when a fixed-depth search
//! scores it within a margin of level: a game that one side has already won before it starts
//! tells nothing about the engines (both colours win it in turn), so a match on such openings
//! understates the difference between them.

use crate::game::BoardSize;
use crate::games::GameKind;
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::tools::console::print_line;
use crate::tools::game_args::GameArgs;
use crate::tools::progress::Progress;
use crate::tools::tournament::openings::{Opening, RandomOpenings, build_opening, parse_openings};
use std::path::PathBuf;

/// Random candidates tried per opening asked for before `--balanced` gives up.
const TRIES_PER_OPENING: usize = 100;

/// Arguments of `tabula openings`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many openings to write.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Plies of random moves in each opening.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Take the candidates from this file of position lines (in order) instead of making random
    /// ones.
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Keep only openings that a search scores within this many centipawns of level (a mate or
    /// a proven result is never kept); each kept line ends with its score as a comment.
    #[arg(long)]
    pub balanced: Option<i32>,
    /// Plies of the `--balanced` search (one thread, so the file is reproducible).
    #[arg(long, default_value_t = 8)]
    pub depth: u32,
    /// Transposition table size in MB for the `--balanced` search.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Judge `--balanced` by the hand-written evaluation, without the game's net.
    #[arg(long)]
    pub hand_written: bool,
}

/// The judge of `--balanced`: a fixed-depth search and the margin its score must keep within.
struct Balance {
    margin: i32,
    limits: Limits,
    tt: TranspositionTable,
}

impl Balance {
    /// The score of `opening` if it is balanced, else `None`.
    fn score(
        &self,
        opening: &Opening,
        game: GameKind,
        size: BoardSize,
    ) -> Result<Option<i32>, String> {
        let session = build_opening(opening, game, size)?;
        self.tt.clear();
        let summary = session.search(
            &self.limits,
            Settings::default(),
            &self.tt,
            &Signals::default(),
            &mut |_| {},
        );
        Ok(match summary.result.score {
            Score::Centipawns(cp) if cp.abs() <= self.margin => Some(cp),
            _ => None,
        })
    }
}

/// Writes up to `count` openings through `out`, the balanced ones only when `balance` is given;
/// returns how many were written and how many candidates were looked at.
fn write_openings(
    candidates: &mut dyn FnMut() -> Option<Result<Opening, String>>,
    balance: Option<&Balance>,
    count: usize,
    (game, size): (GameKind, BoardSize),
    out: &mut dyn FnMut(&str),
) -> Result<(usize, usize), String> {
    let (mut written, mut looked_at) = (0, 0);
    while written < count {
        let Some(opening) = candidates() else {
            break;
        };
        let opening = opening?;
        looked_at += 1;
        let line = match balance {
            None => Some(opening.describe()),
            Some(balance) => balance
                .score(&opening, game, size)?
                .map(|cp| format!("{} # cp {cp}", opening.describe())),
        };
        if let Some(line) = line {
            out(&line);
            written += 1;
        }
    }
    Ok((written, looked_at))
}

/// Runs `tabula openings`; the exit code is 1 when fewer openings than asked for were written.
pub fn run(args: &OpeningsArgs) -> Result<i32, String> {
    let (game, size) = args.game.game_and_size()?;
    if args.hand_written {
        crate::nnue::registry::set_enabled(false);
    }
    let balance = match args.balanced {
        Some(margin) => Some(Balance {
            margin: margin.max(0),
            limits: Limits {
                depth: Some(args.depth.max(1)),
                ..Limits::default()
            },
            tt: TranspositionTable::try_new(args.hash.clamp(1, 32768))?,
        }),
        None => None,
    };
    let mut candidates: Box<dyn FnMut() -> Option<Result<Opening, String>>> = match &args.from {
        Some(path) => {
            let text =
                crate::bounded_read::read_text(path, crate::bounded_read::MAX_POSITION_FILE)?;
            let mut lines = parse_openings(&text, game, size)?.into_iter();
            Box::new(move || lines.next().map(Ok))
        }
        None => {
            let mut maker = RandomOpenings::new(game, size, args.random_plies, args.seed)?;
            let mut tries = 0;
            let limit = args.count.saturating_mul(TRIES_PER_OPENING);
            Box::new(move || {
                tries += 1;
                (tries <= limit).then(|| maker.next_opening())
            })
        }
    };
    // Judging openings by search takes minutes for a hundred; a random list is there at once.
    let progress = balance
        .as_ref()
        .map(|_| Progress::new(args.count as u64, "balanced openings kept"));
    let (written, looked_at) = write_openings(
        &mut candidates,
        balance.as_ref(),
        args.count,
        (game, size),
        &mut |line| {
            print_line(line);
            if let Some(progress) = &progress {
                progress.advance(1);
            }
        },
    )?;
    drop(progress);
    let judged = match &balance {
        Some(balance) => format!(
            " (kept when a depth-{} search scores within {} centipawns of level)",
            args.depth.max(1),
            balance.margin
        ),
        None => String::new(),
    };
    eprintln!("openings: wrote {written} of {looked_at} looked at{judged}");
    Ok(i32::from(written < args.count))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(balance: Option<&Balance>, lines: &[&str], count: usize) -> Vec<String> {
        let game = (GameKind::Joust, BoardSize::square(8));
        let mut candidates = lines
            .iter()
            .map(|line| Ok(Opening::parse(line).expect("a position line")));
        let mut next = || candidates.next();
        let mut out = Vec::new();
        write_openings(&mut next, balance, count, game, &mut |l| {
            out.push(l.to_string())
        })
        .expect("the candidates are legal");
        out
    }

    /// Black's knight on a8 has one move, to b6 (c7 is burned), and white's knight on c4 takes b6,
    /// after which black cannot move: the first line is a mate, never kept however wide the
    /// margin. The second (knights on their home ranks, white's first move played) is quiet.
    #[test]
    fn balanced_keeps_only_openings_the_search_scores_near_level() {
        let won = "n7/2*5/8/8/2N5/8/8/8 w 0 1";
        let balance = Balance {
            margin: 1000,
            limits: Limits {
                depth: Some(4),
                ..Limits::default()
            },
            tt: TranspositionTable::new(1),
        };
        let quiet = "1n6/8/8/8/8/8/8/N7 w 0 1 moves a1b3";
        let kept = written(Some(&balance), &[won, quiet], 5);
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert!(
            kept[0].starts_with(&format!("{quiet} # cp ")),
            "{}",
            kept[0]
        );
        let all = written(None, &[won, "startpos", "startpos moves d4f5"], 2);
        assert_eq!(all, vec![won.to_string(), "startpos".to_string()]);
    }
}
