//! `tabula analyse`: one search per input position line, reported as one text line or one JSON
//! object per position; a bad line is reported with its number and the rest still runs.

use crate::bounded_read;
use crate::game::{BoardSize, Outcome, Side};
use crate::games::GameKind;
use crate::games::game_and_size;
use crate::interfaces::uci::options::{MULTI_PV_RANGE, THREADS_RANGE};
use crate::record::position_line::PositionLine;
use crate::search::limits::Limits;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::{Iteration, Settings, Signals};
use crate::tools::console::print_line;
use crate::tools::search_args::in_range;
use serde::Serialize;
use std::io::BufRead;

/// How to analyse.
#[derive(Clone, Debug)]
pub struct AnalyseConfig {
    pub game: GameKind,
    /// The board for `startpos` lines.
    pub size: BoardSize,
    pub limits: Limits,
    pub settings: Settings,
    pub hash_mb: usize,
    pub json: bool,
}

/// A score as JSON: `{"cp":N}` or `{"mate":N}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonScore {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for JsonScore {
    fn from(score: Score) -> Self {
        match score {
            Score::Centipawns(cp) => JsonScore::Cp(cp),
            Score::Mate(moves) => JsonScore::Mate(moves),
        }
    }
}

/// One line of a MultiPV search.
#[derive(Serialize)]
struct JsonLine<'a> {
    multipv: usize,
    score: JsonScore,
    pv: &'a [String],
}

/// The JSON report of a searched position.
#[derive(Serialize)]
struct JsonSearched<'a> {
    line: usize,
    position: String,
    bestmove: &'a str,
    score: JsonScore,
    depth: u32,
    nodes: u64,
    time_ms: u64,
    pv: &'a [String],
    lines: Vec<JsonLine<'a>>,
}

/// The JSON report of a position whose game is over.
#[derive(Serialize)]
struct JsonOver {
    line: usize,
    position: String,
    bestmove: Option<String>,
    result: &'static str,
    reason: &'static str,
}

/// The JSON report of a bad line.
#[derive(Serialize)]
struct JsonError<'a> {
    line: usize,
    error: &'a str,
}

/// One JSON object on one line.
fn json_line(report: &impl Serialize) -> String {
    serde_json::to_string(report).expect("reports of strings and numbers always serialize")
}

fn result_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Side::White) => "p1win",
        Outcome::Win(Side::Black) => "p2win",
        Outcome::Draw => "draw",
    }
}

/// The report of one analysed line.
fn analyse_one(
    config: &AnalyseConfig,
    tt: &TranspositionTable,
    number: usize,
    line: &PositionLine,
) -> Result<String, String> {
    let session = line.build(config.game, config.size)?;
    if let Some(verdict) = session.verdict() {
        // The JSON's result is the protocol's word (`p2win`), for programs; the text's is for
        // people (`black wins`).
        return Ok(if config.json {
            json_line(&JsonOver {
                line: number,
                position: line.describe(),
                bestmove: None,
                result: result_word(verdict.outcome),
                reason: verdict.reason,
            })
        } else {
            format!(
                "{number}: {} | game over: {} ({})",
                line.describe(),
                verdict.outcome.words(),
                verdict.reason
            )
        });
    }
    tt.clear();
    let mut latest: Vec<Iteration> = Vec::new();
    let signals = Signals::default();
    let summary = session.search(
        &config.limits,
        config.settings,
        tt,
        &signals,
        &mut |iteration| {
            if iteration.multipv == 1 {
                latest.clear();
            }
            latest.push(iteration.clone());
        },
    );
    let best = summary.best_move.unwrap_or_else(|| "(none)".to_string());
    let Some(first) = latest.first() else {
        return Err("the search finished no iteration".to_string());
    };
    if config.json {
        return Ok(json_line(&JsonSearched {
            line: number,
            position: line.describe(),
            bestmove: &best,
            score: summary.result.score.into(),
            depth: first.depth,
            nodes: summary.result.nodes,
            time_ms: first.time_ms,
            pv: &first.pv,
            lines: latest
                .iter()
                .map(|it| JsonLine {
                    multipv: it.multipv,
                    score: it.score.into(),
                    pv: &it.pv,
                })
                .collect(),
        }));
    }
    let mut text = format!(
        "{number}: {} | bestmove {best} | score {} | depth {} | nodes {} | time {} ms | pv {}",
        line.describe(),
        summary.result.score,
        first.depth,
        summary.result.nodes,
        first.time_ms,
        first.pv.join(" ")
    );
    for other in latest.iter().skip(1) {
        text.push_str(&format!(
            " | multipv {}: score {} pv {}",
            other.multipv,
            other.score,
            other.pv.join(" ")
        ));
    }
    Ok(text)
}

/// Analyses every position line of `input`, writing one report per position to `out` and
/// progress to `progress`; returns how many lines were bad, or why nothing could be analysed.
pub fn analyse(
    config: &AnalyseConfig,
    input: impl BufRead,
    out: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(&str),
) -> Result<usize, String> {
    let tt = TranspositionTable::try_new(config.hash_mb)?;
    let mut bad = 0;
    let mut done = 0;
    let lines = crate::bounded_read::lines(input, crate::bounded_read::MAX_LINE);
    for (index, line) in lines.enumerate() {
        let number = index + 1;
        let text = match line {
            Ok(text) => text,
            Err(error) => {
                bad += 1;
                out(&error_line(
                    config,
                    number,
                    &format!("unreadable line: {error}"),
                ));
                continue;
            }
        };
        let Some(position) = PositionLine::parse(&text) else {
            continue;
        };
        match analyse_one(config, &tt, number, &position) {
            Ok(report) => out(&report),
            Err(problem) => {
                bad += 1;
                out(&error_line(config, number, &problem));
            }
        }
        done += 1;
        progress(&format!(
            "analysed {} (input line {number})",
            crate::words::counted(done, "position")
        ));
    }
    Ok(bad)
}

fn error_line(config: &AnalyseConfig, number: usize, problem: &str) -> String {
    if config.json {
        json_line(&JsonError {
            line: number,
            error: problem,
        })
    } else {
        format!("{number}: error: {problem}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(json: bool) -> AnalyseConfig {
        AnalyseConfig {
            game: GameKind::Joust,
            size: BoardSize::square(8),
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            settings: Settings::default(),
            hash_mb: 1,
            json,
        }
    }

    fn run(config: &AnalyseConfig, input: &str) -> (Vec<String>, usize) {
        let mut lines = Vec::new();
        let bad = analyse(
            config,
            input.as_bytes(),
            &mut |l| lines.push(l.to_string()),
            &mut |_| {},
        )
        .expect("a 1 MB table");
        (lines, bad)
    }

    #[test]
    fn reports_each_position_and_each_bad_line() {
        let input = "# a comment\nstartpos moves d4f5\n\n8/8/8/4n3/3N4/8/8/8N w\n3N/4/2*1/n3 w 0 1\n2n/1N1/3 w\n";
        let (lines, bad) = run(&config(false), input);
        assert_eq!(bad, 1);
        assert_eq!(lines.len(), 4, "{lines:#?}");
        assert!(
            lines[0].starts_with("2: startpos moves d4f5 | bestmove "),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].starts_with("4: error: ") && lines[1].contains("ragged"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].contains("bestmove d4b3 | score mate 1 |"),
            "{}",
            lines[2]
        );
        assert!(
            lines[3].contains("game over: black wins (no legal move)"),
            "{}",
            lines[3]
        );
    }

    #[test]
    fn every_line_asked_for_is_reported_whatever_stops_the_search() {
        let config = AnalyseConfig {
            game: GameKind::Apart,
            size: GameKind::Apart.default_size(),
            limits: Limits {
                movetime_ms: Some(30),
                ..Limits::default()
            },
            settings: Settings {
                multipv: 3,
                ..Settings::default()
            },
            hash_mb: 1,
            json: true,
        };
        let (lines, bad) = run(&config, "startpos\n");
        assert_eq!(bad, 0);
        for line in 1..=3 {
            assert!(
                lines[0].contains(&format!("{{\"multipv\":{line},")),
                "{}",
                lines[0]
            );
        }
    }

    #[test]
    fn json_output_is_one_object_per_line() {
        let (lines, bad) = run(&config(true), "3N/4/2*1/n3 w 0 1\nnonsense\n");
        assert_eq!(bad, 1);
        assert!(lines[0].starts_with("{\"line\":1,\"position\":\"3N/4/2*1/n3 w 0 1\",\"bestmove\":\"d4b3\",\"score\":{\"mate\":1}"), "{}", lines[0]);
        assert!(
            lines[1].starts_with("{\"line\":2,\"error\":\""),
            "{}",
            lines[1]
        );
        let error = json_line(&JsonError {
            line: 3,
            error: "a\"b\\c\n\u{1}",
        });
        let read: serde_json::Value = serde_json::from_str(&error).expect("valid JSON");
        assert_eq!(read["error"], "a\"b\\c\n\u{1}");
    }
}

/// Arguments of `tabula analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub search: crate::tools::search_args::PositionSearchArgs,
    /// Report this many best lines.
    #[arg(long, default_value_t = 1, value_parser = in_range(MULTI_PV_RANGE))]
    pub multipv: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = in_range(THREADS_RANGE))]
    pub threads: usize,
    /// One JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// The positions file, or - (the default) for standard input.
    #[arg(default_value = "-")]
    pub file: String,
}

/// `tabula analyse`: each line of the file analysed; exit code 1 if any line was bad.
pub fn run_command(args: &AnalyseArgs) -> Result<i32, String> {
    let search = &args.search;
    let (game, size) = game_and_size(&search.game, search.size.as_deref())?;
    let config = AnalyseConfig {
        game,
        size,
        limits: search.limits.limits(),
        settings: Settings {
            threads: args.threads,
            multipv: args.multipv,
            ..Settings::default()
        },
        hash_mb: search.limits.hash,
        json: args.json,
    };
    let mut out = |line: &str| print_line(line);
    let mut progress = |line: &str| eprintln!("{line}");
    let bad = if args.file == "-" {
        analyse(&config, std::io::stdin().lock(), &mut out, &mut progress)?
    } else {
        let (file, _) = bounded_read::open(
            std::path::Path::new(&args.file),
            bounded_read::MAX_POSITION_FILE,
        )?;
        analyse(
            &config,
            std::io::BufReader::new(file),
            &mut out,
            &mut progress,
        )?
    };
    Ok(i32::from(bad > 0))
}
