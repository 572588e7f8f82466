"""Writes media/icon.png (128x128 RGBA) with only the standard library.

The motif is a 4x4 tile layout, the central idea of CuTe, with one
diagonal of tiles lit in the accent colour, on a dark rounded square.
Run: python3 scripts/make_icon.py
"""
import struct
import zlib
from pathlib import Path

SIZE = 128
RADIUS = 22
BG = (30, 34, 40, 255)
TILE = (70, 78, 90, 255)
ACCENT = (118, 185, 0, 255)  # green accent
MARGIN, GAP = 20, 6
CELL = (SIZE - 2 * MARGIN - 3 * GAP) // 4


def inside_rounded(x, y, x0, y0, x1, y1, r):
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def pixel(x, y):
    if not inside_rounded(x + 0.5, y + 0.5, 0, 0, SIZE, SIZE, RADIUS):
        return (0, 0, 0, 0)
    for row in range(4):
        for col in range(4):
            x0 = MARGIN + col * (CELL + GAP)
            y0 = MARGIN + row * (CELL + GAP)
            if inside_rounded(x + 0.5, y + 0.5, x0, y0, x0 + CELL, y0 + CELL, 4):
                return ACCENT if row == col else TILE
    return BG


def png(width, height, rgba_rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in rgba_rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    out = Path(__file__).resolve().parent.parent / "media" / "icon.png"
    out.write_bytes(png(SIZE, SIZE, rows))
    print(out)
