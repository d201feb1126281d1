//! `tabula suite`: test suites in an EPD-like format. Each line is a position string followed by
//! `;`-separated fields: `bm <move>...` (a best move), `am <move>...` (moves to avoid),
//! `id "<name>"`, and perft counts `D<depth> <count>`. Every position is checked; the last line
//! is `N passed, M failed`.

use crate::board::position_text::parse_position_text;
use crate::bounded_read;
use crate::game::BoardSize;
use crate::games::{GameKind, game_and_size};
use crate::record::position_line::PositionLine;
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::session::GameSession;
use crate::tools::console::print_line;

/// One position of a suite with what is expected of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteEntry {
    pub line_number: usize,
    pub position: String,
    pub id: Option<String>,
    pub best_moves: Vec<String>,
    pub avoid_moves: Vec<String>,
    pub perft: Vec<(u32, u64)>,
}

impl SuiteEntry {
    fn name(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("line {}", self.line_number))
    }
}

/// How many leading tokens of `tokens` form the position string (board, side, maybe counters).
fn position_length(tokens: &[&str]) -> usize {
    let is_number = |t: Option<&&str>| t.is_some_and(|t| t.parse::<u32>().is_ok());
    if is_number(tokens.get(2)) && is_number(tokens.get(3)) {
        4
    } else {
        2.min(tokens.len())
    }
}

fn apply_field(entry: &mut SuiteEntry, tokens: &[&str]) -> Result<(), String> {
    let Some((&keyword, values)) = tokens.split_first() else {
        return Ok(());
    };
    let moves = || values.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    match keyword {
        "bm" => entry.best_moves.extend(moves()),
        "am" => entry.avoid_moves.extend(moves()),
        "id" => entry.id = Some(values.join(" ").trim_matches('"').to_string()),
        _ => {
            let depth = keyword
                .strip_prefix('D')
                .and_then(|d| d.parse::<u32>().ok())
                .ok_or_else(|| format!("unknown field '{keyword}' (bm, am, id or D<depth>)"))
                .and_then(crate::game::check_perft_depth)?;
            let count = match values {
                [count] => count
                    .parse::<u64>()
                    .map_err(|_| format!("bad perft count '{count}'"))?,
                _ => return Err(format!("field '{keyword}' needs one count")),
            };
            entry.perft.push((depth, count));
        }
    }
    Ok(())
}

/// Parses one suite line; `None` for a blank or comment (`#`) line.
pub fn parse_suite_line(line_number: usize, line: &str) -> Result<Option<SuiteEntry>, String> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut segments = trimmed.split(';');
    let first: Vec<&str> = segments.next().unwrap_or("").split_whitespace().collect();
    let split = position_length(&first);
    let mut entry = SuiteEntry {
        line_number,
        position: first[..split].join(" "),
        ..SuiteEntry::default()
    };
    if entry.position != "startpos" {
        parse_position_text(&entry.position)
            .map_err(|problem| format!("bad position '{}': {problem}", entry.position))?;
    }
    apply_field(&mut entry, &first[split..])?;
    for segment in segments {
        apply_field(&mut entry, &segment.split_whitespace().collect::<Vec<_>>())?;
    }
    if entry.best_moves.is_empty() && entry.avoid_moves.is_empty() && entry.perft.is_empty() {
        return Err("no expectation (bm, am or D<depth>)".to_string());
    }
    Ok(Some(entry))
}

/// How to run a suite.
#[derive(Clone, Debug)]
pub struct SuiteConfig {
    pub game: GameKind,
    pub size: BoardSize,
    pub limits: Limits,
    pub hash_mb: usize,
}

fn canonical(session: &dyn GameSession, moves: &[String]) -> Result<Vec<String>, String> {
    moves.iter().map(|m| session.canonical_move(m)).collect()
}

/// Checks one entry; `Ok(description)` when it passes, `Err(description)` when it fails.
fn check(
    config: &SuiteConfig,
    tt: &TranspositionTable,
    entry: &SuiteEntry,
) -> Result<String, String> {
    let line = PositionLine {
        position: (entry.position != "startpos").then(|| entry.position.clone()),
        moves: vec![],
    };
    let session = line.build(config.game, config.size)?;
    let mut passed = Vec::new();
    for &(depth, expected) in &entry.perft {
        let counted = session.perft(depth, 1);
        if counted != expected {
            return Err(format!(
                "perft {depth}: expected {expected}, counted {counted}"
            ));
        }
        passed.push(format!("D{depth} {counted}"));
    }
    if entry.best_moves.is_empty() && entry.avoid_moves.is_empty() {
        return Ok(passed.join(", "));
    }
    let best = canonical(session.as_ref(), &entry.best_moves)?;
    let avoid = canonical(session.as_ref(), &entry.avoid_moves)?;
    tt.clear();
    let summary = session.search(
        &config.limits,
        Settings::default(),
        tt,
        &Signals::default(),
        &mut |_| {},
    );
    let played = summary.best_move.unwrap_or_else(|| "(none)".to_string());
    if !best.is_empty() && !best.contains(&played) {
        return Err(format!("bm {}: played {played}", best.join(" ")));
    }
    if avoid.contains(&played) {
        return Err(format!("am {}: played {played}", avoid.join(" ")));
    }
    passed.push(format!("played {played} ({})", summary.result.score));
    Ok(passed.join(", "))
}

/// Runs every entry of the suite `text`, writing a line per position and the totals last;
/// returns (passed, failed), or why nothing could be run. Unparsable lines count as failed.
pub fn run_suite(
    config: &SuiteConfig,
    text: &str,
    out: &mut dyn FnMut(&str),
) -> Result<(usize, usize), String> {
    let tt = TranspositionTable::try_new(config.hash_mb)?;
    let (mut passed, mut failed) = (0, 0);
    for (index, line) in text.lines().enumerate() {
        let entry = match parse_suite_line(index + 1, line) {
            Ok(Some(entry)) => entry,
            Ok(None) => continue,
            Err(problem) => {
                failed += 1;
                out(&format!("FAIL line {}: {problem}", index + 1));
                continue;
            }
        };
        match check(config, &tt, &entry) {
            Ok(description) => {
                passed += 1;
                out(&format!("pass {}: {description}", entry.name()));
            }
            Err(description) => {
                failed += 1;
                out(&format!("FAIL {}: {description}", entry.name()));
            }
        }
    }
    out(&format!("{passed} passed, {failed} failed"));
    Ok((passed, failed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::assert_refusals;

    #[test]
    fn parses_fields_with_and_without_a_leading_semicolon() {
        let entry = parse_suite_line(3, "8/8/8/4n3/3N4/8/8/8 w 0 1 D1 8; D2 62 ;id \"start\"")
            .unwrap()
            .unwrap();
        assert_eq!(entry.position, "8/8/8/4n3/3N4/8/8/8 w 0 1");
        assert_eq!(entry.perft, vec![(1, 8), (2, 62)]);
        assert_eq!(entry.id.as_deref(), Some("start"));
        let entry = parse_suite_line(4, "3N/4/2*1/n3 w ; bm d4b3 ; am d4c2")
            .unwrap()
            .unwrap();
        assert_eq!(entry.position, "3N/4/2*1/n3 w");
        assert_eq!(
            (entry.best_moves, entry.avoid_moves),
            (vec!["d4b3".into()], vec!["d4c2".into()])
        );
        assert_eq!(parse_suite_line(5, "# comment").unwrap(), None);
    }

    #[test]
    fn bad_lines_name_the_problem() {
        assert_refusals(
            |line| parse_suite_line(1, line),
            &[
                ("8/8 w ; xx 3", "'xx'"),
                ("8/8 w ; D2 many", "'many'"),
                ("8/8 w", "no expectation"),
                ("this is not a suite line", "bad position 'this is'"),
            ],
        );
    }

    #[test]
    fn runs_perft_and_best_move_checks() {
        let config = SuiteConfig {
            game: GameKind::Joust,
            size: BoardSize::square(8),
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            hash_mb: 1,
        };
        let text = "8/8/8/4n3/3N4/8/8/8 w 0 1 ; D1 8 ; D3 356\n\
                    8/8/8/4n3/3N4/8/8/8 w 0 1 ; D2 63 ; id wrong\n\
                    3N/4/2*1/n3 w 0 1 ; bm d4b3\n\
                    3N/4/2*1/n3 w 0 1 ; am d4b3 ; id avoid\n";
        let mut lines = Vec::new();
        let totals = run_suite(&config, text, &mut |l| lines.push(l.to_string()));
        let totals = totals.expect("a 1 MB table");
        assert_eq!(totals, (2, 2), "{lines:#?}");
        assert!(lines[1].starts_with("FAIL wrong: perft 2: expected 63, counted 62"));
        assert_eq!(lines.last().unwrap(), "2 passed, 2 failed");
    }
}

/// Arguments of `tabula suite`.
#[derive(clap::Args, Debug)]
pub struct SuiteArgs {
    #[command(flatten)]
    pub search: crate::tools::search_args::PositionSearchArgs,
    /// The suite file.
    pub file: std::path::PathBuf,
}

/// `tabula suite FILE`: exit code 1 if any position failed.
pub fn run_command(args: &SuiteArgs) -> Result<i32, String> {
    let search = &args.search;
    let (game, size) = game_and_size(&search.game, search.size.as_deref())?;
    let text = bounded_read::read_text(&args.file, bounded_read::MAX_POSITION_FILE)?;
    let config = SuiteConfig {
        game,
        size,
        limits: search.limits.limits(),
        hash_mb: search.limits.hash,
    };
    let (_, failed) = run_suite(&config, &text, &mut |line| print_line(line))?;
    Ok(i32::from(failed > 0))
}
