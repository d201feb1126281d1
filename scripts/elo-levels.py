#!/usr/bin/env python3
"""The named levels rated on the knob's scale, from the gauntlets of scripts/elo-levels.sh.

docs/strength.md ("The named levels and the knob") has the method. RATINGS is what
scripts/elo-knob.sh printed (the knob's round robin, rated); each LEVEL directory is one
gauntlet of scripts/elo-levels.sh, the level against the players of that round robin.

usage: scripts/elo-levels.py --ratings RATINGS LEVEL_DIR [LEVEL_DIR ...]
  e.g. scripts/elo-levels.py --ratings knob-claustro.txt elo-levels-out/claustro/*/

Each level is rated by maximum likelihood on the logistic Elo model against its opponents'
ratings held fixed, with one virtual draw a pairing (as `tabula match ratings`), from the
opponents within 400 Elo of its first estimate (and its nearest), as the round robin was. The
+- is the 95% interval: the level's own games and its opponents' intervals together.
"""
import math
import os
import re
import sys

from elo_common import Z, fail, run

WITHIN = 400
SCALE = 400 / math.log(10)


def ratings(path):
    """Every player's rating and variance from the ratings scripts/elo-knob.sh printed."""
    rated = {}
    with open(path) as text:
        for line in text:
            found = re.match(r"\s*\d+\s+(\S+)\s+(-?[\d.]+)\s+([\d.]+)\s+\d+\s", line)
            if found:
                rated[found[1]] = (float(found[2]), (float(found[3]) / Z) ** 2)
    if not rated:
        fail(f"{path}: no ratings")
    return rated


def gauntlet(folder):
    """The level's name and its pairings (opponent, games, score) from the gauntlet's summary."""
    summary = os.path.join(folder, "summary.txt")
    pairings = []
    level = None
    with open(summary) as text:
        for line in text:
            found = re.match(r"(\S+) vs (\S+): games (\d+), \+(\d+) =(\d+) -(\d+)", line)
            if found and found[1] != "White":
                level = found[1]
                games, wins, draws = int(found[3]), int(found[4]), int(found[5])
                pairings.append((found[2], games, wins + draws / 2))
    if not pairings:
        fail(f"{summary}: no pairings")
    return level, pairings


def expected(own, other):
    return 1 / (1 + 10 ** ((other - own) / 400))


def fit(pairings, rated):
    """The rating whose expected scores add up to the scores made (one virtual draw a
    pairing), found by bisection, and its variance from the games and the opponents."""
    low, high = -2000.0, 6000.0
    for _ in range(100):
        middle = (low + high) / 2
        surplus = sum(
            score + 0.5 - (games + 1) * expected(middle, rated[name][0])
            for name, games, score in pairings
        )
        low, high = (middle, high) if surplus > 0 else (low, middle)
    rating = (low + high) / 2
    weights = [
        (games + 1) * expected(rating, rated[name][0]) * (1 - expected(rating, rated[name][0]))
        for name, games, _ in pairings
    ]
    total = sum(weights)
    games_variance = SCALE**2 / total
    opponents_variance = sum(
        (weight / total) ** 2 * rated[name][1] for weight, (name, _, _) in zip(weights, pairings)
    )
    return rating, games_variance + opponents_variance


def main():
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "--ratings":
        fail("usage: scripts/elo-levels.py --ratings RATINGS LEVEL_DIR [LEVEL_DIR ...]")
    rated = ratings(args[1])
    for folder in args[2:]:
        level, pairings = gauntlet(folder)
        unknown = [name for name, _, _ in pairings if name not in rated]
        if unknown:
            fail(f"{folder}: {', '.join(unknown)} not in {args[1]}")
        first, _ = fit(pairings, rated)
        nearest = min(pairings, key=lambda p: abs(rated[p[0]][0] - first))
        near = [p for p in pairings if abs(rated[p[0]][0] - first) <= WITHIN or p == nearest]
        rating, variance = fit(near, rated)
        games = sum(g for _, g, _ in near)
        print(f"{level} {rating:.0f} +- {Z * math.sqrt(variance):.0f} "
              f"({len(near)} of {len(pairings)} opponents, {games} games)")


if __name__ == "__main__":
    run(main)
