//! Reading one line of CECP (the XBoard protocol) into a [`Command`], or the error reply's
//! reason and the offending text.

/// One CECP command, as sent by XBoard or WinBoard.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protover N`: the GUI's protocol version; answered with the features.
    Protover(u32),
    /// `new`: the default game at its start, the engine playing Black, no depth limit.
    New,
    /// `variant [WxH+N_]NAME`: one of the engine-defined variants.
    Variant {
        name: String,
        size: Option<String>,
    },
    /// `setboard FEN`.
    SetBoard(String),
    /// `usermove MOVE`.
    UserMove(String),
    Go,
    Force,
    PlayOther,
    Undo,
    Remove,
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `level MPS BASE INC`: moves per control (0: the whole game), base time in ms, increment
    /// in ms.
    Level {
        moves_per_control: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st SECONDS`: a fixed time per move, in ms.
    SecondsPerMove(u64),
    /// `sd DEPTH`.
    Depth(u32),
    /// `time N`: the engine's clock, in centiseconds.
    Time(u64),
    /// `otim N`: the opponent's clock, in centiseconds.
    OpponentTime(u64),
    Ping(String),
    Post,
    NoPost,
    Analyze,
    /// `.`: a status update while analysing.
    Status,
    Exit,
    /// `?`: move now.
    MoveNow,
    /// `memory MB`.
    Memory(usize),
    /// `cores N`.
    Cores(usize),
    /// `option NAME[=VALUE]`.
    Option(String),
    /// `lift SQUARE`: the user picked up the piece there (answered with a `highlight` line).
    Lift(String),
    /// `put SQUARE` or `hover SQUARE`: the user put the piece down, or moved it over a square;
    /// XBoard clears its own markers, so nothing is answered.
    Put(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    Quit,
    /// What is read and deliberately left without effect (`accepted`, `random`, `hard`, ...).
    Ignored,
}

/// Why a line is refused: CECP's `Error (REASON): TEXT`.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub reason: &'static str,
    pub text: String,
}

/// Commands read and left without effect: answers to our features, and settings tabula has
/// no use for.
const IGNORED: [&str; 13] = [
    "xboard", "accepted", "rejected", "random", "hard", "easy", "computer", "name", "rating",
    "ics", "hint", "bk", "nps",
];

/// The command on `line`, `None` for a blank line, or why it is refused.
pub fn parse(line: &str) -> Option<Result<Command, Refusal>> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    if word.is_empty() {
        return None;
    }
    Some(command(word, rest).map_err(|reason| Refusal {
        reason,
        text: line.to_string(),
    }))
}

fn command(word: &str, rest: &str) -> Result<Command, &'static str> {
    let no_argument = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err("unexpected argument")
        }
    };
    match word {
        "protover" => number(rest).map(Command::Protover),
        "new" => no_argument(Command::New),
        "variant" => variant(rest),
        "setboard" if !rest.is_empty() => Ok(Command::SetBoard(rest.to_string())),
        "usermove" if !rest.is_empty() && !rest.contains(char::is_whitespace) => {
            Ok(Command::UserMove(rest.to_string()))
        }
        "go" => no_argument(Command::Go),
        "force" => no_argument(Command::Force),
        "playother" => no_argument(Command::PlayOther),
        "undo" => no_argument(Command::Undo),
        "remove" => no_argument(Command::Remove),
        "result" => Ok(Command::Result),
        "level" => level(rest),
        // Times beyond any clock saturate rather than overflow (the fuzzer sent 1.8e19).
        "st" => {
            number(rest).map(|seconds: u64| Command::SecondsPerMove(seconds.saturating_mul(1000)))
        }
        "sd" => number(rest).map(Command::Depth),
        "time" => number(rest).map(Command::Time),
        "otim" => number(rest).map(Command::OpponentTime),
        "ping" => Ok(Command::Ping(rest.to_string())),
        "post" => no_argument(Command::Post),
        "nopost" => no_argument(Command::NoPost),
        "analyze" => no_argument(Command::Analyze),
        "." => no_argument(Command::Status),
        "exit" => no_argument(Command::Exit),
        "?" => no_argument(Command::MoveNow),
        "memory" => number(rest).map(Command::Memory),
        "cores" => number(rest).map(Command::Cores),
        "option" if !rest.is_empty() => Ok(Command::Option(rest.to_string())),
        "lift" => one_word(rest).map(Command::Lift),
        // A comma after the square says the user held Ctrl; it changes nothing here.
        "put" => one_word(rest.strip_suffix(',').unwrap_or(rest)).map(Command::Put),
        "hover" => one_word(rest).map(Command::Put),
        "draw" => no_argument(Command::Draw),
        "quit" => Ok(Command::Quit),
        word if IGNORED.contains(&word) => Ok(Command::Ignored),
        "setboard" | "usermove" | "option" => Err("missing argument"),
        _ => Err("unknown command"),
    }
}

fn one_word(text: &str) -> Result<String, &'static str> {
    if text.is_empty() || text.contains(char::is_whitespace) {
        Err("needs one square")
    } else {
        Ok(text.to_string())
    }
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, &'static str> {
    text.parse().map_err(|_| "not a number")
}

/// `variant NAME`, where XBoard may put a board size before the name (`9x9+0_jesonmor`).
fn variant(rest: &str) -> Result<Command, &'static str> {
    if rest.is_empty() || rest.contains(char::is_whitespace) {
        return Err("variant needs one name");
    }
    let Some((prefix, name)) = rest.split_once('_') else {
        return Ok(Command::Variant {
            name: rest.to_string(),
            size: None,
        });
    };
    let size = match prefix.split_once('+') {
        Some((size, "0")) => size,
        Some(_) => return Err("variant with a holdings size"),
        None => prefix,
    };
    Ok(Command::Variant {
        name: name.to_string(),
        size: Some(size.to_string()),
    })
}

/// `level MPS BASE INC`: BASE is minutes or `minutes:seconds`, INC seconds (maybe fractional).
fn level(rest: &str) -> Result<Command, &'static str> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [moves, base, increment] = words[..] else {
        return Err("level needs three values");
    };
    let moves_per_control = number(moves)?;
    let base_ms = match base.split_once(':') {
        Some((minutes, seconds)) => {
            let minutes = number::<u64>(minutes)?.saturating_mul(60_000);
            minutes.saturating_add(number::<u64>(seconds)?.saturating_mul(1000))
        }
        None => number::<u64>(base)?.saturating_mul(60_000),
    };
    let increment: f64 = number(increment)?;
    if !(0.0..=1e9).contains(&increment) {
        return Err("increment out of range");
    }
    Ok(Command::Level {
        moves_per_control,
        base_ms,
        increment_ms: (increment * 1000.0).round() as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        match parse(line) {
            Some(Ok(command)) => command,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn refused(line: &str) -> &'static str {
        match parse(line) {
            Some(Err(refusal)) => refusal.reason,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn level_reads_minutes_seconds_and_fractional_increments() {
        assert_eq!(
            ok("level 40 5 0"),
            Command::Level {
                moves_per_control: 40,
                base_ms: 300_000,
                increment_ms: 0
            }
        );
        assert_eq!(
            ok("level 0 2:30 1.5"),
            Command::Level {
                moves_per_control: 0,
                base_ms: 150_000,
                increment_ms: 1500
            }
        );
        assert_eq!(refused("level 40 5"), "level needs three values");
        assert_eq!(refused("level x 5 0"), "not a number");
    }

    #[test]
    fn variant_takes_an_optional_board_size() {
        assert_eq!(
            ok("variant jesonmor"),
            Command::Variant {
                name: "jesonmor".into(),
                size: None
            }
        );
        assert_eq!(
            ok("variant 7x7+0_jesonmor"),
            Command::Variant {
                name: "jesonmor".into(),
                size: Some("7x7".into())
            }
        );
        assert_eq!(
            refused("variant 7x7+5_joust"),
            "variant with a holdings size"
        );
    }

    #[test]
    fn numbers_and_arguments_are_checked() {
        assert_eq!(ok("st 3"), Command::SecondsPerMove(3000));
        assert_eq!(ok("time 12345"), Command::Time(12345));
        assert_eq!(refused("sd -1"), "not a number");
        assert_eq!(refused("usermove"), "missing argument");
        assert_eq!(refused("usermove a1 b2"), "missing argument");
        assert_eq!(refused("go now"), "unexpected argument");
        assert_eq!(refused("frobnicate"), "unknown command");
        assert_eq!(ok("accepted usermove"), Command::Ignored);
        assert_eq!(parse("   "), None);
        assert_eq!(ok("lift e4"), Command::Lift("e4".into()));
        assert_eq!(ok("put e5,"), Command::Put("e5".into()));
        assert_eq!(refused("lift"), "needs one square");
        assert_eq!(refused("hover e4 e5"), "needs one square");
        assert_eq!(refused("draw now"), "unexpected argument");
    }
}
