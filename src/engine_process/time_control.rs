//! Time controls of a match (`10+0.1`, `movetime=100`, `depth=4`, `nodes=1000`) and the runner's
//! own clocks.

/// How long engines may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock per player: base time for the game plus an increment per move.
    Clock { base_ms: u64, increment_ms: u64 },
    /// A fixed time per move.
    MoveTime(u64),
    /// A fixed depth per move.
    Depth(u32),
    /// A fixed node count per move.
    Nodes(u64),
}

fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

impl TimeControl {
    /// Parses a time control as written on the command line.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!("bad time control '{text}' (e.g. 10+0.1, movetime=100, depth=4, nodes=1000)")
        };
        if let Some((key, value)) = text.split_once('=') {
            let number = value
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(bad)?;
            return match key {
                "movetime" => Ok(TimeControl::MoveTime(number)),
                "depth" => u32::try_from(number)
                    .map(TimeControl::Depth)
                    .map_err(|_| bad()),
                "nodes" => Ok(TimeControl::Nodes(number)),
                _ => Err(bad()),
            };
        }
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        match (seconds_to_ms(base), seconds_to_ms(increment)) {
            (Some(base_ms), Some(increment_ms)) if base_ms > 0 => Ok(TimeControl::Clock {
                base_ms,
                increment_ms,
            }),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::Clock {
                base_ms,
                increment_ms,
            } => {
                write!(
                    f,
                    "{}+{}",
                    *base_ms as f64 / 1000.0,
                    *increment_ms as f64 / 1000.0
                )
            }
            TimeControl::MoveTime(ms) => write!(f, "movetime={ms}"),
            TimeControl::Depth(depth) => write!(f, "depth={depth}"),
            TimeControl::Nodes(nodes) => write!(f, "nodes={nodes}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(
            TimeControl::parse("10+0.1"),
            Ok(TimeControl::Clock {
                base_ms: 10_000,
                increment_ms: 100
            })
        );
        assert_eq!(
            TimeControl::parse("60"),
            Ok(TimeControl::Clock {
                base_ms: 60_000,
                increment_ms: 0
            })
        );
        assert_eq!(
            TimeControl::parse("movetime=100"),
            Ok(TimeControl::MoveTime(100))
        );
        assert_eq!(TimeControl::parse("depth=4"), Ok(TimeControl::Depth(4)));
        assert_eq!(
            TimeControl::parse("nodes=1000"),
            Ok(TimeControl::Nodes(1000))
        );
        assert_eq!(TimeControl::parse("10+0.1").unwrap().to_string(), "10+0.1");
    }

    #[test]
    fn rejects_nonsense() {
        for text in [
            "", "fast", "0+1", "-5+1", "10+x", "depth=0", "depth=x", "speed=3", "nan+1",
        ] {
            assert!(TimeControl::parse(text).is_err(), "{text}");
        }
    }
}
