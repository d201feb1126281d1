#!/usr/bin/env python3
"""The knob's Elo scale from its round robin or its ladders, and the prediction checks.

docs/strength.md ("The knob's scale" and "The scale predicts results") has the method.
RATINGS is what scripts/elo-knob.sh prints (the knob's round robin, rated); each LADDER
directory is one run of scripts/elo-ladder.sh (several runs on other books add their games
step by step), shifted by --anchor; CHECKS is one run of scripts/elo-checks.sh. A check of a
named level against a UCI_Elo point needs the level's rating: --level NAME=ELO+-INTERVAL (what
scripts/elo-levels.py printed for it: its Elo and 95% interval), once per level.

usage: scripts/elo-predict.py --ratings RATINGS [--checks CHECKS] [--level NAME=ELO+-PM ...]
       scripts/elo-predict.py --anchor SKILL0_ELO MAX_ELO [--checks CHECKS] LADDER [LADDER ...]
  e.g. scripts/elo-predict.py --ratings knob-joust.txt --checks elo-checks-out/joust
       scripts/elo-predict.py --ratings knob-jesonmor.txt --checks elo-checks-out/jm-levels \
         --level novice=1464+-45

It prints the scale (every point with its 95% interval, and the points kept for
crates/tabula-core/src/strength/scale.rs: those above the one before and below full strength), then each check:
the score the scale predicts, the score made with its Wilson interval, and the gap between
the two Elo figures against the 95% interval of that difference, from the check's games and
the scale's intervals at its two points together.
"""
import argparse
import math
import os
import re

from elo_common import Z, fail, run

STEPS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, "max"]


def counts(summary):
    """(games, wins, draws, losses) of the first engine in a match's summary.txt."""
    with open(summary) as text:
        for line in text:
            found = re.search(r" vs .*games (\d+), \+(\d+) =(\d+) -(\d+)", line)
            if found:
                return tuple(map(int, found.groups()))
    fail(f"{summary}: no result line")


def elo_gap(wins, draws, losses):
    """The Elo the score says, with one virtual draw (as `tabula match ratings`), and its
    variance."""
    games = wins + draws + losses
    p = (wins + draws / 2 + 0.5) / (games + 1)
    return -400 * math.log10(1 / p - 1), (400 / math.log(10)) ** 2 / (p * (1 - p) * games)


def ladder(dirs):
    """The steps (weaker skill, stronger skill, gap, variance, stronger's wins, losses,
    draws), each with the games of every ladder run that finished it."""
    steps = []
    for weaker, stronger in zip(STEPS, STEPS[1:]):
        won = drawn = lost = 0
        for folder in dirs:
            summary = os.path.join(folder, f"skill{weaker}-vs-{stronger}", "summary.txt")
            if os.path.exists(summary):
                games, w, d, l = counts(summary)
                if w + d + l == games:
                    won, drawn, lost = won + l, drawn + d, lost + w
        if won + drawn + lost == 0:
            break
        gap, variance = elo_gap(won, drawn, lost)
        high = 1.0 if stronger == "max" else stronger / 20
        steps.append((weaker / 20, high, gap, variance, won, lost, drawn))
    return steps


def strength(kept, elo):
    """The skill `UCI_Elo` elo plays (as crates/tabula-core/src/strength/scale.rs)."""
    if elo <= kept[0][1]:
        return kept[0][0]
    for (s0, e0), (s1, e1) in zip(kept, kept[1:]):
        if elo <= e1:
            return s0 + (elo - e0) / (e1 - e0) * (s1 - s0)
    return 1.0


def wilson(score, games):
    p = score / games
    centre = (p + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(p * (1 - p) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return centre - half, centre + half


def rated(path):
    """The knob's points (skill, Elo, variance) from the ratings scripts/elo-knob.sh prints."""
    points = []
    with open(path) as text:
        for line in text:
            found = re.match(r"\s*\d+\s+(skill(\d+)|max)\s+(-?[\d.]+)\s+([\d.]+)\s", line)
            if found:
                skill = 1.0 if found[1] == "max" else int(found[2]) / 20
                points.append((skill, float(found[3]), (float(found[4]) / Z) ** 2))
    if not points:
        fail(f"{path}: no ratings of the knob")
    return sorted(points)


def laddered(dirs, anchor):
    """The knob's points (skill, Elo) from its ladders, shifted by the anchor, and the steps."""
    steps = ladder(dirs)
    if not steps:
        fail("no finished ladder step")
    points = [(0.0, 0.0)]
    for _, high, gap, *_ in steps:
        points.append((high, points[-1][1] + gap))
    low, top = anchor
    shift = (low - points[0][1] + top - points[-1][1]) / 2
    print(f"shift {shift:+.0f}")
    return [(skill, elo + shift) for skill, elo in points], steps


def interpolated(points, skill):
    """The variance of the Elo at `skill`, between the two rated points around it."""
    for (s0, _, v0), (s1, _, v1) in zip(points, points[1:]):
        if s0 <= skill <= s1:
            t = (skill - s0) / (s1 - s0)
            return (1 - t) ** 2 * v0 + t**2 * v1
    return points[-1][2]


def level_rating(text):
    """A --level argument, NAME=ELO+-PM: the name, the Elo and its variance."""
    found = re.fullmatch(r"([a-z]+)=(-?[\d.]+)\+-([\d.]+)", text)
    if not found:
        fail(f"--level '{text}': not NAME=ELO+-INTERVAL, e.g. novice=1464+-45")
    return found[1], float(found[2]), (float(found[3]) / Z) ** 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ratings")
    parser.add_argument("--anchor", nargs=2, type=float, metavar=("SKILL0_ELO", "MAX_ELO"))
    parser.add_argument("--checks")
    parser.add_argument("--level", action="append", default=[], type=level_rating)
    parser.add_argument("ladders", nargs="*")
    args = parser.parse_args()
    if bool(args.ratings) == bool(args.ladders) or bool(args.ladders) != bool(args.anchor):
        parser.error("give --ratings, or ladders with --anchor")
    if args.ratings:
        rated_points = rated(args.ratings)
        points = [(skill, elo) for skill, elo, _ in rated_points]
        for skill, elo, variance in rated_points:
            print(f"{skill:.2f} {elo:.0f} +- {Z * math.sqrt(variance):.0f}")
    else:
        points, steps = laddered(args.ladders, args.anchor)
        print(f"{points[0][0]:.2f} {points[0][1]:.0f}")
        for (skill, elo), (_, _, gap, variance, won, lost, drawn) in zip(points[1:], steps):
            draws = f" ={drawn}" if drawn else ""
            print(f"{skill:.2f} {elo:.0f} ({gap:+.0f}: {won}-{lost}{draws}, "
                  f"+- {Z * math.sqrt(variance):.0f})")
    kept = [points[0]]
    for skill, elo in points[1:-1]:
        if kept[-1][1] < elo < points[-1][1]:
            kept.append((skill, elo))
    kept.append(points[-1])
    print("scale.rs: " + ", ".join(f"({s:.2f}, {e:.1f})" for s, e in kept))
    if not args.checks:
        return
    levels = {name: (elo, variance) for name, elo, variance in args.level}
    for entry in sorted(os.listdir(args.checks)):
        found = re.fullmatch(r"elo(\d+|[a-z]+)-vs-(\d+)", entry)
        if not found:
            continue
        level = None if found[1].isdigit() else found[1]
        if level is not None and (level not in levels or not args.ratings):
            fail(f"{entry}: a level's check needs --ratings and --level {level}=ELO+-INTERVAL")
        a, b = (round(levels[level][0]) if level else int(found[1])), int(found[2])
        games, w, d, l = counts(os.path.join(args.checks, entry, "summary.txt"))
        predicted = 1 / (1 + 10 ** ((b - a) / 400))
        sa, sb = strength(kept, a), strength(kept, b)
        if level is not None:
            scale_variance = levels[level][1] + interpolated(rated_points, sb)
        elif args.ratings:
            scale_variance = interpolated(rated_points, sa) + interpolated(rated_points, sb)
        else:
            scale_variance = sum(
                (max(0.0, min(high, sb) - max(low, sa)) / (high - low)) ** 2 * variance
                for low, high, _, variance, *_ in steps
            )
        gap, variance = elo_gap(w, d, l)
        z = (a - b - gap) / math.sqrt(scale_variance + variance)
        lower, upper = wilson(w + d / 2, games)
        first = f"{level} ({a})" if level else f"{a}"
        skills = f"skill {sb:.3f}" if level else f"skills {sa:.3f} and {sb:.3f}"
        print(f"{first} v {b}: {skills}, predicted {100 * predicted:.1f}% "
              f"({a - b:+d}), scored {100 * (w + d / 2) / games:.1f}% (+{w} ={d} -{l}, "
              f"{100 * lower:.1f} to {100 * upper:.1f}%: "
              f"{'in' if lower <= predicted <= upper else 'out'}), measured {gap:+.0f} +- "
              f"{Z * math.sqrt(variance):.0f}, scale +- {Z * math.sqrt(scale_variance):.0f}, "
              f"difference {'within' if abs(z) < Z else 'outside'} its interval (z {z:+.2f})")


if __name__ == "__main__":
    run(main)
