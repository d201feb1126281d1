#!/usr/bin/env python3
"""Exhaustive Joust solver, independent of the engine, for checking suite positions.

usage: scripts/joust_solve.py "<position string>" [...]
For each position, prints every legal move with its exact result (win/loss for the mover), so a
suite's `bm` move can be checked to be the only winning one. Small boards only (exhaustive).
"""
import sys
from functools import lru_cache

LEAPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def parse(text):
    fields = text.split()
    rows = fields[0].split("/")
    cells = []
    for row in reversed(rows):
        line, digits = [], ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                line += ["."] * int(digits)
                digits = ""
            if ch != " ":
                line.append(ch)
        cells.append(line)
    width, height = len(cells[0]), len(cells)
    burned = frozenset((x, y) for y in range(height) for x in range(width) if cells[y][x] == "*")
    white = next((x, y) for y in range(height) for x in range(width) if cells[y][x] == "N")
    black = next((x, y) for y in range(height) for x in range(width) if cells[y][x] == "n")
    return width, height, burned, white, black, fields[1]


def name(square):
    return "abcdefghijklmnopqrstuvwxy"[square[0]] + str(square[1] + 1)


def solver(width, height):
    def targets(at, burned, other):
        x, y = at
        for dx, dy in LEAPS:
            t = (x + dx, y + dy)
            if 0 <= t[0] < width and 0 <= t[1] < height and t not in burned and t != other:
                yield t

    @lru_cache(maxsize=None)
    def mover_wins(mover, other, burned):
        return any(not mover_wins(other, t, burned | {mover}) for t in targets(mover, burned, other))

    return targets, mover_wins


def main():
    for text in sys.argv[1:]:
        width, height, burned, white, black, side = parse(text)
        mover, other = (white, black) if side == "w" else (black, white)
        targets, mover_wins = solver(width, height)
        print(text)
        for t in sorted(targets(mover, burned, other)):
            wins = not mover_wins(other, t, burned | {mover})
            print(f"  {name(mover)}{name(t)}: {'wins' if wins else 'loses'}")


if __name__ == "__main__":
    main()
