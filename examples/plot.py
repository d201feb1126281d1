"""A line chart written as a PNG with zlib alone (no plotting library): axes, ticks, a legend,
and a 3x5 pixel font scaled up."""

from __future__ import annotations

import struct
import zlib

import numpy as np

_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001010010010", "8": "111101111101111",
    "9": "111101111001111", "%": "100001010100001", ".": "000000000000010",
    " ": "000000000000000", "-": "000000111000000", ":": "000010000010000",
    "a": "010101111101101", "b": "110101110101110", "c": "011100100100011",
    "d": "110101101101110", "e": "111100110100111", "f": "111100110100100",
    "g": "011100101101011", "h": "101101111101101", "i": "111010010010111",
    "j": "001001001101010", "k": "101101110101101", "l": "100100100100111",
    "m": "101111111101101", "n": "110101101101101", "o": "010101101101010",
    "p": "110101110100100", "q": "010101101110011", "r": "110101110101101",
    "s": "011100010001110", "t": "111010010010010", "u": "101101101101111",
    "v": "101101101101010", "w": "101101111111101", "x": "101101010101101",
    "y": "101101010010010", "z": "111001010100111", "(": "010100100100010",
    ")": "010001001001010", "+": "000010111010000", "/": "001001010100100",
}

COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189)]


def _text(img: np.ndarray, x: int, y: int, s: str, colour, scale: int = 2) -> None:
    for ch in s.lower():
        bits = _FONT.get(ch, _FONT[" "])
        for r in range(5):
            for c in range(3):
                if bits[r * 3 + c] == "1":
                    y0, x0 = y + r * scale, x + c * scale
                    img[y0 : y0 + scale, x0 : x0 + scale] = colour
        x += 4 * scale


def _line(img: np.ndarray, x0: float, y0: float, x1: float, y1: float, colour, width: int = 2):
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for t in np.linspace(0.0, 1.0, n + 1):
        x = int(round(x0 + (x1 - x0) * t))
        y = int(round(y0 + (y1 - y0) * t))
        img[max(0, y - width // 2) : y + (width + 1) // 2, max(0, x - width // 2) : x + (width + 1) // 2] = colour


def write_png(path: str, img: np.ndarray) -> None:
    h, w, _ = img.shape
    raw = b"".join(b"\x00" + img[r].astype(np.uint8).tobytes() for r in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def line_chart(path: str, series: dict, xlabel: str, ylabel: str, y_max: float = 100.0,
               title: str = "", width: int = 720, height: int = 440) -> None:
    """series: name -> [(x, y), ...]. Writes the chart to `path`."""
    img = np.full((height, width, 3), 255, np.uint8)
    left, right, top, bottom = 70, 20, 40, 60
    pw, ph = width - left - right, height - top - bottom
    xs = [x for pts in series.values() for x, _ in pts] or [1.0]
    x_max = max(max(xs), 1e-9)
    grey, black = (220, 220, 220), (0, 0, 0)

    def px(x: float) -> float:
        return left + pw * x / x_max

    def py(y: float) -> float:
        return top + ph * (1 - y / y_max)

    for k in range(0, 11):
        y = y_max * k / 10
        _line(img, left, py(y), left + pw, py(y), grey, 1)
        if k % 2 == 0:
            label = f"{y:.0f}"
            _text(img, left - 10 - 8 * len(label), int(py(y)) - 5, label, black)
    step = _nice(x_max / 6)
    k = 0
    while k * step <= x_max * 1.0001:
        x = k * step
        _line(img, px(x), top, px(x), top + ph, grey, 1)
        label = f"{x:g}"
        _text(img, int(px(x)) - 4 * len(label), top + ph + 8, label, black)
        k += 1
    _line(img, left, top, left, top + ph, black, 2)
    _line(img, left, top + ph, left + pw, top + ph, black, 2)
    _text(img, left + pw // 2 - 4 * len(xlabel), height - 24, xlabel, black)
    _text(img, 6, 10, ylabel, black)
    if title:
        _text(img, left + 120, 10, title, black)
    for i, (name, pts) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            _line(img, px(xa), py(ya), px(xb), py(yb), colour, 3)
        for xa, ya in pts:
            img[int(py(ya)) - 2 : int(py(ya)) + 3, int(px(xa)) - 2 : int(px(xa)) + 3] = colour
        lx = left + pw - 150
        ly = top + ph - 20 - 18 * (len(series) - 1 - i)
        _line(img, lx, ly + 5, lx + 24, ly + 5, colour, 3)
        _text(img, lx + 32, ly, name, black)
    write_png(path, img)


def _nice(raw: float) -> float:
    mag = 10 ** np.floor(np.log10(max(raw, 1e-9)))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)
