//! The engine's options: their declarations for the handshake and the checked values.

use crate::games::GameKind;
use crate::level::Level;
use crate::strength::{ELO_RANGE, SKILL_RANGE, StrengthOptions};

/// Option names as declared (matched case-insensitively).
pub const HASH: &str = "Hash";
pub const THREADS: &str = "Threads";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const MULTI_PV: &str = "MultiPV";
pub const LEVEL: &str = "Level";
pub const SEED: &str = "Seed";
pub const VARIANT: &str = "UCI_Variant";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const ENGINE_DRAWS: &str = "EngineDraws";
pub const SOLUTION_FILE: &str = "SolutionFile";
pub const PONDER: &str = "Ponder";
pub const USE_NNUE: &str = "UseNNUE";
pub const EVAL_FILE: &str = "EvalFile";
pub const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
pub const ELO: &str = "UCI_Elo";
pub const SKILL: &str = "Skill";

/// Limits of the numeric options (those of the search's settings are the core's).
pub use crate::search::{HASH_RANGE, MULTI_PV_RANGE, THREADS_RANGE};
pub const OVERHEAD_RANGE: (usize, usize) = (0, 5000);
pub const SEED_RANGE: (usize, usize) = (0, u32::MAX as usize);

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead_ms: usize,
    /// Lines reported per iteration.
    pub multipv: usize,
    /// How strongly to play.
    pub level: Level,
    /// The seed of the `random` level.
    pub seed: u64,
    /// Whether the engine-policy draws of rules.md apply to new positions.
    pub engine_draws: bool,
    /// Whether `bestmove` names the reply expected (`ponder <move>`), for GUIs that ponder.
    pub ponder: bool,
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill`: below full strength they decide how
    /// strongly to play instead of `level` (see `crate::strength`).
    pub strength: StrengthOptions,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 16,
            threads: crate::threads::by_default(),
            move_overhead_ms: 10,
            multipv: 1,
            level: Level::Max,
            seed: 0,
            engine_draws: true,
            ponder: false,
            strength: StrengthOptions::default(),
        }
    }
}

/// A request to change an option, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    Hash(usize),
    Threads(usize),
    MoveOverhead(usize),
    MultiPv(usize),
    Level(Level),
    Seed(u64),
    Variant(GameKind),
    EngineDraws(bool),
    Ponder(bool),
    LimitStrength(bool),
    Elo(usize),
    Skill(usize),
    /// Load a solution table from this file; `None` unloads it.
    SolutionFile(Option<String>),
    /// Evaluate with the nets (where a game and board have one) or by hand-written terms.
    UseNnue(bool),
    /// Load the net of this file for its game and board; `None` goes back to the shipped net.
    EvalFile(Option<String>),
    ClearHash,
}

/// A level's name as the handshake declares it, capitalised as in the UCI specification's own
/// example: lower case `max` is a keyword of the `option` line, and clients that split the line
/// at keywords (cutechess) would read `default max` as an empty default and reject the option.
/// `setoption` takes level names in any case.
fn capitalised(name: &str) -> String {
    let mut letters = name.chars();
    letters
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + letters.as_str())
        .unwrap_or_default()
}

/// The `option ...` lines of the handshake.
pub fn declarations(current_game: GameKind) -> Vec<String> {
    let defaults = EngineOptions::default();
    let variants: Vec<String> = GameKind::ALL
        .iter()
        .map(|g| format!("var {}", g.name()))
        .collect();
    vec![
        spin_declaration(HASH, defaults.hash_mb, HASH_RANGE),
        spin_declaration(THREADS, defaults.threads, THREADS_RANGE),
        spin_declaration(MOVE_OVERHEAD, defaults.move_overhead_ms, OVERHEAD_RANGE),
        format!(
            "option name {VARIANT} type combo default {} {}",
            current_game.name(),
            variants.join(" ")
        ),
        format!(
            "option name {LEVEL} type combo default {} {}",
            capitalised(defaults.level.name()),
            Level::names()
                .map(|n| format!("var {}", capitalised(n)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        spin_declaration(SEED, defaults.seed, SEED_RANGE),
        spin_declaration(MULTI_PV, defaults.multipv, MULTI_PV_RANGE),
        format!(
            "option name {ENGINE_DRAWS} type check default {}",
            defaults.engine_draws
        ),
        format!(
            "option name {PONDER} type check default {}",
            defaults.ponder
        ),
        format!(
            "option name {LIMIT_STRENGTH} type check default {}",
            defaults.strength.limit_strength
        ),
        spin_declaration(ELO, defaults.strength.elo, ELO_RANGE),
        spin_declaration(SKILL, defaults.strength.skill, SKILL_RANGE),
        format!("option name {SOLUTION_FILE} type string default <empty>"),
        format!("option name {USE_NNUE} type check default true"),
        format!("option name {EVAL_FILE} type string default <empty>"),
        format!("option name {CLEAR_HASH} type button"),
    ]
}

/// The declaration of spin option `name`: its default and its range.
fn spin_declaration(
    name: &str,
    default: impl std::fmt::Display,
    (min, max): (usize, usize),
) -> String {
    format!("option name {name} type spin default {default} min {min} max {max}")
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(_) => Err(format!(
            "bad value '{}' for option '{name}' (true or false)",
            value.unwrap_or("")
        )),
        None => Err(format!(
            "option '{name}' needs a value: the value is missing"
        )),
    }
}

/// The value of option `name`, or the error naming it as missing.
fn required<'a>(name: &str, value: Option<&'a str>) -> Result<&'a str, String> {
    value.ok_or_else(|| format!("option '{name}' needs a value: the value is missing"))
}

fn spin(name: &str, value: Option<&str>, range: (usize, usize)) -> Result<usize, String> {
    let value = required(name, value)?;
    match value.parse::<usize>() {
        Ok(n) if (range.0..=range.1).contains(&n) => Ok(n),
        _ => Err(format!(
            "bad value '{value}' for option '{name}' ({} to {})",
            range.0, range.1
        )),
    }
}

/// Checks a `setoption` request. `value` with nothing after it is a value left out (for
/// `SolutionFile`, no table).
pub fn parse_change(name: &str, value: Option<&str>) -> Result<OptionChange, String> {
    let is = |declared: &str| name.eq_ignore_ascii_case(declared);
    let value = value.filter(|text| !text.is_empty());
    if is(HASH) {
        spin(name, value, HASH_RANGE).map(OptionChange::Hash)
    } else if is(THREADS) {
        spin(name, value, THREADS_RANGE).map(OptionChange::Threads)
    } else if is(MOVE_OVERHEAD) {
        spin(name, value, OVERHEAD_RANGE).map(OptionChange::MoveOverhead)
    } else if is(LEVEL) {
        Level::parse(required(name, value)?).map(OptionChange::Level)
    } else if is(SEED) {
        spin(name, value, SEED_RANGE).map(|seed| OptionChange::Seed(seed as u64))
    } else if is(MULTI_PV) {
        spin(name, value, MULTI_PV_RANGE).map(OptionChange::MultiPv)
    } else if is(VARIANT) {
        let value = required(name, value)?;
        GameKind::from_name(value)
            .map(OptionChange::Variant)
            .ok_or_else(|| format!("unknown variant '{value}'"))
    } else if is(ENGINE_DRAWS) {
        check(name, value).map(OptionChange::EngineDraws)
    } else if is(PONDER) {
        check(name, value).map(OptionChange::Ponder)
    } else if is(LIMIT_STRENGTH) {
        check(name, value).map(OptionChange::LimitStrength)
    } else if is(ELO) {
        spin(name, value, ELO_RANGE).map(OptionChange::Elo)
    } else if is(SKILL) {
        spin(name, value, SKILL_RANGE).map(OptionChange::Skill)
    } else if is(SOLUTION_FILE) {
        Ok(OptionChange::SolutionFile(
            value
                .filter(|path| !path.is_empty() && *path != "<empty>")
                .map(String::from),
        ))
    } else if is(USE_NNUE) {
        check(name, value).map(OptionChange::UseNnue)
    } else if is(EVAL_FILE) {
        Ok(OptionChange::EvalFile(
            value.filter(|path| *path != "<empty>").map(String::from),
        ))
    } else if is(CLEAR_HASH) {
        match value {
            None => Ok(OptionChange::ClearHash),
            Some(value) => Err(format!(
                "option '{name}' is a button and takes no value, not '{value}'"
            )),
        }
    } else {
        Err(format!("unknown option '{name}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_names_and_ranges() {
        assert_eq!(parse_change("hash", Some("64")), Ok(OptionChange::Hash(64)));
        assert_eq!(
            parse_change("Move Overhead", Some("0")),
            Ok(OptionChange::MoveOverhead(0))
        );
        assert_eq!(
            parse_change("UCI_Variant", Some("joust")),
            Ok(OptionChange::Variant(GameKind::Joust))
        );
        assert_eq!(
            parse_change("solutionfile", Some("c.tbl")),
            Ok(OptionChange::SolutionFile(Some("c.tbl".to_string())))
        );
        assert_eq!(
            parse_change("SolutionFile", Some("<empty>")),
            Ok(OptionChange::SolutionFile(None))
        );
        assert_eq!(
            parse_change("ponder", Some("TRUE")),
            Ok(OptionChange::Ponder(true))
        );
        assert!(
            parse_change("Ponder", Some("yes"))
                .unwrap_err()
                .contains("'yes'")
        );
        assert!(parse_change("Hash", Some("0")).unwrap_err().contains("'0'"));
        assert_eq!(
            parse_change("clear hash", None),
            Ok(OptionChange::ClearHash)
        );
        assert!(
            parse_change("Clear Hash", Some("yes"))
                .unwrap_err()
                .contains("'yes'")
        );
        assert!(parse_change("Hash", None).unwrap_err().contains("value"));
        assert!(
            parse_change("Threads", Some("many"))
                .unwrap_err()
                .contains("'many'")
        );
        assert_eq!(
            parse_change("uci_elo", Some("600")),
            Ok(OptionChange::Elo(600))
        );
        let too_high = parse_change("UCI_Elo", Some("9000")).unwrap_err();
        assert!(too_high.contains("'9000'") && too_high.contains("400 to 3000"));
        assert_eq!(parse_change("skill", Some("0")), Ok(OptionChange::Skill(0)));
        let too_high = parse_change("Skill", Some("21")).unwrap_err();
        assert!(too_high.contains("'21'") && too_high.contains("0 to 20"));
        assert!(
            parse_change("UCI_LimitStrength", Some("maybe"))
                .unwrap_err()
                .contains("'maybe'")
        );
        assert!(
            parse_change("Colour", Some("red"))
                .unwrap_err()
                .contains("'Colour'")
        );
        assert!(
            parse_change("UCI_Variant", Some("chess"))
                .unwrap_err()
                .contains("'chess'")
        );
    }
}
