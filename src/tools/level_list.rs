//! `tabula play GAME --levels`: the engine's levels of one game by their Elo on the game's
//! measured scale (`crate::strength::scale`, docs/strength.md), weakest first, each with what it
//! does, and the span of Elo that `--elo` plays on the smooth knob.

use crate::games::GameKind;
use crate::level::levels_by_elo;
use crate::strength::scale::scale;

/// The list, one level a line.
pub fn level_list(game: GameKind) -> String {
    let measured = scale(game);
    let mut lines = vec![format!(
        "Levels of {} by their Elo on its own scale (greedy is 1000; docs/strength.md):",
        game.name()
    )];
    for (level, elo) in levels_by_elo(game) {
        // Rounded as the GUI's list rounds it (half away from zero), so both show one figure.
        let elo = elo.map_or("     ?".to_string(), |elo| format!("{:>6}", elo.round()));
        lines.push(format!(
            "  --level {:<8} {elo}  {}",
            level.name(),
            level.description(game)
        ));
    }
    let (weakest, full) = measured.span();
    lines.push(format!(
        "  --elo N  {weakest:.0} to {full:.0}: limited strength between the weakest skill and full \
         strength (lower plays the weakest, higher full strength)"
    ));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    #[test]
    fn every_level_is_listed_weakest_first() {
        for game in GameKind::ALL {
            let text = level_list(game);
            let elos: Vec<f64> = text
                .lines()
                .filter(|line| line.starts_with("  --level"))
                .filter_map(|line| line.split_whitespace().nth(2)?.parse().ok())
                .collect();
            assert_eq!(elos.len(), Level::names().count(), "{text}");
            assert!(elos.windows(2).all(|w| w[0] <= w[1]), "{text}");
            assert!(
                text.contains("--level greedy") && text.contains("--elo N"),
                "{text}"
            );
        }
    }
}
