//! The protocol's commands, parsed with nom from one input line into a typed [`Command`]; every
//! error names the token at fault.

use crate::game::BoardSize;
use crate::games::GameKind;
use crate::search::limits::{Clock, Limits};
use crate::search::score::MAX_PLY;
use nom::bytes::complete::take_while1;
use nom::character::complete::multispace0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    StartPos,
    Text(String),
}

/// What `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    P1Turn,
    GameOver,
    Result,
}

/// The dialect a handshake chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Ugi,
}

/// One parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Hello(Dialect),
    IsReady,
    NewGame {
        game: GameKind,
        size: Option<BoardSize>,
    },
    ClearSearch,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: PositionStart,
        moves: Vec<String>,
    },
    Go(Limits),
    Perft(u32),
    /// Each legal move's proven value; the Joust solver may spend this many nodes a position.
    Probe(u64),
    Stop,
    /// The move pondered on was played: the pondering search goes on under its limits.
    PonderHit,
    Quit,
    /// UCI's `debug on|off`: whether to echo every command received as an `info string`.
    Debug(bool),
    Query(Query),
    Display,
    Moves,
    Eval,
    Bench,
    Help,
}

impl Command {
    /// The command's word, for messages about it.
    pub fn verb(&self) -> &'static str {
        match self {
            Command::Hello(Dialect::Uci) => "uci",
            Command::Hello(Dialect::Ugi) => "ugi",
            Command::IsReady => "isready",
            Command::NewGame { .. } => "newgame",
            Command::ClearSearch => "ucinewgame",
            Command::SetOption { .. } => "setoption",
            Command::Position { .. } => "position",
            Command::Go(_) => "go",
            Command::Perft(_) => "perft",
            Command::Probe(_) => "probe",
            Command::Stop => "stop",
            Command::PonderHit => "ponderhit",
            Command::Quit => "quit",
            Command::Debug(_) => "debug",
            Command::Query(_) => "query",
            Command::Display => "d",
            Command::Moves => "moves",
            Command::Eval => "eval",
            Command::Bench => "bench",
            Command::Help => "help",
        }
    }
}

/// The deepest search `go depth` accepts.
pub const MAX_SEARCH_DEPTH: u32 = MAX_PLY as u32 - 1;

pub use crate::game::MAX_PERFT_DEPTH;
use crate::games::joust::solve::DEFAULT_LIVE_NODES;

fn word(input: &str) -> IResult<&str, &str> {
    preceded(multispace0, take_while1(|c: char| !c.is_whitespace())).parse(input)
}

fn tokens(input: &str) -> Vec<&str> {
    let mut rest = input;
    let mut out = Vec::new();
    while let Ok((tail, token)) = word(rest) {
        out.push(token);
        rest = tail;
    }
    out
}

fn number<T: std::str::FromStr>(token: Option<&&str>, what: &str) -> Result<T, String> {
    let token = token.ok_or_else(|| format!("'{what}' needs a value"))?;
    token
        .parse()
        .map_err(|_| format!("bad value '{token}' for '{what}'"))
}

/// A time in milliseconds; negative times (sent by some GUIs when a clock runs out) count as 0.
fn milliseconds(token: Option<&&str>, what: &str) -> Result<u64, String> {
    number::<i64>(token, what).map(|ms| ms.max(0) as u64)
}

/// The words that begin a `go` parameter.
const GO_KEYWORDS: [&str; 17] = [
    "perft",
    "depth",
    "nodes",
    "movetime",
    "movestogo",
    "mate",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "infinite",
    "ponder",
    "searchmoves",
];

fn parse_go(args: &[&str]) -> Result<Command, String> {
    let mut limits = Limits::default();
    let mut white = Clock::default();
    let mut black = Clock::default();
    let (mut white_timed, mut black_timed) = (false, false);
    let mut index = 0;
    let mut seen: Vec<&str> = Vec::new();
    while index < args.len() {
        let key = args[index];
        let value = args.get(index + 1);
        index += 2;
        if GO_KEYWORDS.contains(&key) {
            if seen.contains(&key) {
                return Err(format!("go parameter '{key}' is given twice"));
            }
            seen.push(key);
        }
        match key {
            "perft" => {
                let depth = number(value, key)?;
                if index < args.len() {
                    return Err(format!("unexpected '{}' after 'go perft'", args[index]));
                }
                return perft_command(depth);
            }
            "depth" => limits.depth = Some(number(value, key)?),
            "nodes" => limits.nodes = Some(number(value, key)?),
            "movetime" => limits.movetime_ms = Some(milliseconds(value, key)?),
            "movestogo" => limits.moves_to_go = Some(number(value, key)?),
            "mate" => limits.mate = Some(number(value, key)?),
            "wtime" | "p1time" => {
                (white.time_left_ms, white_timed) = (milliseconds(value, key)?, true)
            }
            "btime" | "p2time" => {
                (black.time_left_ms, black_timed) = (milliseconds(value, key)?, true)
            }
            "winc" | "p1inc" => white.increment_ms = milliseconds(value, key)?,
            "binc" | "p2inc" => black.increment_ms = milliseconds(value, key)?,
            "infinite" => {
                limits.infinite = true;
                index -= 1;
            }
            "ponder" => {
                limits.ponder = true;
                index -= 1;
            }
            "searchmoves" => {
                index -= 1;
                while let Some(&mv) = args.get(index).filter(|word| !GO_KEYWORDS.contains(word)) {
                    limits.search_moves.push(mv.to_string());
                    index += 1;
                }
                if limits.search_moves.is_empty() {
                    return Err("'searchmoves' needs at least one move".to_string());
                }
            }
            other => return Err(format!("unknown go parameter '{other}'")),
        }
    }
    match limits.depth {
        Some(0) => return Err("'depth' must be at least 1".to_string()),
        Some(depth) if depth > MAX_SEARCH_DEPTH => {
            return Err(format!(
                "depth '{depth}' is above {MAX_SEARCH_DEPTH}, the deepest search"
            ));
        }
        _ => {}
    }
    if limits.mate == Some(0) {
        return Err("'mate' must be at least 1".to_string());
    }
    limits.white_clock = white_timed.then_some(white);
    limits.black_clock = black_timed.then_some(black);
    Ok(Command::Go(limits))
}

fn perft_command(depth: u32) -> Result<Command, String> {
    crate::game::check_perft_depth(depth).map(Command::Perft)
}

fn parse_position(args: &[&str]) -> Result<Command, String> {
    let split = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match split {
        Some(i) => (
            &args[..i],
            args[i + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let start = match setup {
        ["startpos"] => PositionStart::StartPos,
        ["startpos", extra, ..] => return Err(format!("unexpected '{extra}' after 'startpos'")),
        ["fen"] => return Err("'fen' needs a position string".to_string()),
        ["fen", fields @ ..] => PositionStart::Text(fields.join(" ")),
        [] => return Err("'position' needs 'startpos' or 'fen <position string>'".to_string()),
        [other, ..] => {
            return Err(format!(
                "unknown position start '{other}' (startpos or fen)"
            ));
        }
    };
    Ok(Command::Position { start, moves })
}

fn parse_setoption(args: &[&str]) -> Result<Command, String> {
    let ["name", rest @ ..] = args else {
        return Err("'setoption' needs 'name <name> [value <value>]'".to_string());
    };
    let split = rest.iter().position(|&t| t.eq_ignore_ascii_case("value"));
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("'setoption' needs an option name".to_string());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_newgame(args: &[&str]) -> Result<Command, String> {
    let (name, size) = match args {
        [name] => (name, None),
        [name, size] => (name, Some(BoardSize::parse(size)?)),
        [] => return Err("'newgame' needs a game: joust, jesonmor, claustro or apart".to_string()),
        [_, _, extra, ..] => return Err(format!("unexpected '{extra}' after the board size")),
    };
    let game = GameKind::parse(name)?;
    Ok(Command::NewGame { game, size })
}

fn parse_query(args: &[&str]) -> Result<Command, String> {
    match args {
        ["p1turn"] => Ok(Command::Query(Query::P1Turn)),
        ["gameover"] => Ok(Command::Query(Query::GameOver)),
        ["result"] => Ok(Command::Query(Query::Result)),
        [] => Err("'query' needs p1turn, gameover or result".to_string()),
        [other] => Err(format!("unknown query '{other}'")),
        [_, extra, ..] => Err(format!("unexpected '{extra}' after the query")),
    }
}

fn no_arguments(command: Command, args: &[&str]) -> Result<Command, String> {
    match args.first() {
        None => Ok(command),
        Some(extra) => Err(format!("unexpected '{extra}'")),
    }
}

/// Parses one input line. `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, String> {
    let all = tokens(line);
    let Some((&keyword, args)) = all.split_first() else {
        return Ok(None);
    };
    let command = match keyword {
        "uci" => no_arguments(Command::Hello(Dialect::Uci), args),
        "ugi" => no_arguments(Command::Hello(Dialect::Ugi), args),
        "isready" => no_arguments(Command::IsReady, args),
        "ucinewgame" | "uginewgame" => no_arguments(Command::ClearSearch, args),
        "newgame" => parse_newgame(args),
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        "go" => parse_go(args),
        "perft" => match args {
            [depth] => perft_command(number(Some(depth), "perft")?),
            [] => Err("'perft' needs a depth".to_string()),
            [_, extra, ..] => Err(format!("unexpected '{extra}' after 'perft' and its depth")),
        },
        "probe" => match args {
            [] => Ok(Command::Probe(DEFAULT_LIVE_NODES)),
            ["nodes", count] => number(Some(count), "nodes").map(Command::Probe),
            ["nodes"] => Err("'nodes' needs a value".to_string()),
            [other, ..] => Err(format!("unexpected '{other}' after 'probe' (nodes N)")),
        },
        "stop" => no_arguments(Command::Stop, args),
        "ponderhit" => no_arguments(Command::PonderHit, args),
        // Words after `quit` do not keep the engine running (Stockfish quits on the word too).
        "quit" => Ok(Command::Quit),
        "debug" => match args {
            ["on"] => Ok(Command::Debug(true)),
            ["off"] => Ok(Command::Debug(false)),
            [] => Err("'debug' needs on or off".to_string()),
            [other] => Err(format!("bad value '{other}' for 'debug' (on or off)")),
            [_, extra, ..] => Err(format!("unexpected '{extra}' after 'debug'")),
        },
        "query" => parse_query(args),
        "d" => no_arguments(Command::Display, args),
        "moves" => no_arguments(Command::Moves, args),
        "eval" => no_arguments(Command::Eval, args),
        "bench" => no_arguments(Command::Bench, args),
        "help" => no_arguments(Command::Help, args),
        other => Err(format!("unknown command '{other}' (try 'help')")),
    };
    command.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_command(line).unwrap().unwrap()
    }

    fn error(line: &str) -> String {
        parse_command(line).unwrap_err()
    }

    #[test]
    fn handshakes_and_simple_commands() {
        assert_eq!(parse("uci"), Command::Hello(Dialect::Uci));
        assert_eq!(parse("  ugi  "), Command::Hello(Dialect::Ugi));
        assert_eq!(parse("isready"), Command::IsReady);
        assert_eq!(parse("uginewgame"), Command::ClearSearch);
        assert_eq!(parse("debug on"), Command::Debug(true));
        assert_eq!(parse("debug off"), Command::Debug(false));
        assert!(error("debug").contains("on or off"));
        assert!(error("debug loud").contains("'loud'"));
        assert_eq!(parse_command("   ").unwrap(), None);
    }

    #[test]
    fn newgame_with_and_without_size() {
        assert_eq!(
            parse("newgame joust"),
            Command::NewGame {
                game: GameKind::Joust,
                size: None
            }
        );
        assert_eq!(
            parse("newgame claustro 10x8"),
            Command::NewGame {
                game: GameKind::Claustro,
                size: Some(BoardSize {
                    width: 10,
                    height: 8
                })
            }
        );
        assert!(error("newgame chess").contains("'chess'"));
        assert!(error("newgame joust 8y8").contains("'8y8'"));
        assert!(error("newgame joust 8 9").contains("'9'"));
    }

    #[test]
    fn position_commands() {
        assert_eq!(
            parse("position startpos moves d4f5 e5g4"),
            Command::Position {
                start: PositionStart::StartPos,
                moves: vec!["d4f5".into(), "e5g4".into()]
            }
        );
        assert_eq!(
            parse("position fen 8/8 w 0 1"),
            Command::Position {
                start: PositionStart::Text("8/8 w 0 1".into()),
                moves: vec![]
            }
        );
        assert!(error("position").contains("startpos"));
        assert!(error("position start").contains("'start'"));
        assert!(error("position startpos d4f5").contains("'d4f5'"));
    }

    #[test]
    fn go_parameters() {
        let Command::Go(limits) =
            parse("go depth 6 nodes 100 wtime -5 btime 900 p1inc 7 movestogo 3")
        else {
            panic!("not a go command");
        };
        assert_eq!(limits.depth, Some(6));
        assert_eq!(limits.nodes, Some(100));
        assert_eq!(
            limits.white_clock,
            Some(Clock {
                time_left_ms: 0,
                increment_ms: 7
            })
        );
        assert_eq!(
            limits.black_clock,
            Some(Clock {
                time_left_ms: 900,
                increment_ms: 0
            })
        );
        assert_eq!(limits.moves_to_go, Some(3));
        assert!(matches!(
            parse("go infinite"),
            Command::Go(Limits { infinite: true, .. })
        ));
        assert_eq!(parse("go perft 3"), Command::Perft(3));
        assert!(error("go depth x").contains("'x'"));
        assert!(error("go depth").contains("'depth'"));
        assert!(error("go depth 0").contains("depth"));
        assert!(error("go depth 3 depth 4").contains("'depth' is given twice"));
        assert!(error("go wtime 5 nodes 9 wtime 6").contains("'wtime' is given twice"));
        assert!(error("go depth 256").contains("'256'"));
        assert!(matches!(parse("go depth 255"), Command::Go(_)));
        assert!(error("go sideways 3").contains("'sideways'"));
        let Command::Go(limits) = parse("go searchmoves d4f5 d4b3 depth 4") else {
            panic!("not a go command");
        };
        assert_eq!(limits.search_moves, ["d4f5", "d4b3"]);
        assert_eq!(limits.depth, Some(4));
        assert!(error("go searchmoves").contains("searchmoves"));
        assert!(matches!(
            parse("go mate 3"),
            Command::Go(Limits { mate: Some(3), .. })
        ));
        assert!(error("go mate 0").contains("'mate'"));
        assert!(error("go mate x").contains("'x'"));
        assert!(error("go searchmoves infinite").contains("searchmoves"));
        let Command::Go(limits) = parse("go wtime 1000 btime 900 searchmoves d4f5 ponder") else {
            panic!("not a go command");
        };
        assert!(limits.ponder && !limits.infinite);
        assert_eq!(limits.search_moves, ["d4f5"]);
        assert_eq!(parse("ponderhit"), Command::PonderHit);
        assert!(error("ponderhit now").contains("'now'"));
        assert!(error("go perft 99").contains("'99'"));
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(error("setoption value 3").contains("name"));
    }

    #[test]
    fn queries_and_unknown_commands() {
        assert_eq!(parse("query gameover"), Command::Query(Query::GameOver));
        assert!(error("query weather").contains("'weather'"));
        assert!(error("xyzzy").contains("'xyzzy'"));
        assert!(error("isready now").contains("'now'"));
    }
}
