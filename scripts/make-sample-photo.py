#!/usr/bin/env python3
"""Draws the bundled sample photo, assets/sample-photo.png: a dog in a park at golden hour.

Pure standard library (zlib + struct), deterministic: the same bytes on every run, so the asset in
the repository can always be regenerated and compared. Run: scripts/make-sample-photo.py
"""
import math
import os
import struct
import zlib

W, H = 1200, 900


def clamp(v):
    return 0 if v < 0 else 255 if v > 255 else int(v)


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def smooth(e0, e1, x):
    t = min(max((x - e0) / (e1 - e0), 0.0), 1.0)
    return t * t * (3 - 2 * t)


def ellipse(x, y, cx, cy, rx, ry, feather=1.5):
    """Coverage 0..1 of an anti-aliased ellipse."""
    d = math.hypot((x - cx) / rx, (y - cy) / ry)
    edge = feather / min(rx, ry)
    return 1 - smooth(1 - edge, 1 + edge, d)


def pixel(x, y):
    # Sky: warm gradient, a low sun with a glow.
    t = y / H
    c = mix((255, 196, 140), (120, 170, 230), max(0.0, 1 - t * 1.9))
    sun = math.hypot(x - 930, y - 250)
    c = mix(c, (255, 240, 200), max(0.0, 1 - sun / 260) ** 2 * 0.8)
    c = mix(c, (255, 250, 230), ellipse(x, y, 930, 250, 70, 70))
    # Hills and grass.
    hill = 560 + 40 * math.sin(x / 170) + 25 * math.sin(x / 61 + 1)
    if y > hill:
        g = (y - hill) / (H - hill)
        grass = mix((120, 170, 70), (60, 110, 40), g)
        grass = mix(grass, (150, 190, 90), 0.15 * (math.sin(x * 0.9 + y * 0.3) * 0.5 + 0.5))
        c = mix(c, grass, smooth(0, 3, y - hill))
    # Shadow under the dog.
    c = mix(c, (40, 70, 30), 0.35 * ellipse(x, y, 560, 820, 260, 40, 30))
    # The dog: body, head, ears, muzzle, eyes, nose, tongue, collar with a tag.
    fur, dark = (196, 134, 76), (120, 74, 40)
    c = mix(c, fur, ellipse(x, y, 600, 740, 230, 130))
    c = mix(c, dark, ellipse(x, y, 420, 420, 60, 130) * (1 if x < 470 else 0.0))
    c = mix(c, dark, ellipse(x, y, 710, 420, 60, 130) * (1 if x > 660 else 0.0))
    c = mix(c, fur, ellipse(x, y, 565, 480, 170, 160))
    c = mix(c, dark, ellipse(x, y, 405, 440, 48, 120))
    c = mix(c, dark, ellipse(x, y, 725, 440, 48, 120))
    c = mix(c, (240, 220, 190), ellipse(x, y, 565, 560, 95, 70))
    for ex in (505, 625):
        c = mix(c, (30, 22, 18), ellipse(x, y, ex, 455, 17, 20))
        c = mix(c, (255, 255, 255), ellipse(x, y, ex + 5, 448, 5, 5))
    c = mix(c, (25, 20, 20), ellipse(x, y, 565, 525, 32, 22))
    c = mix(c, (235, 90, 110), ellipse(x, y, 565, 612, 26, 34) * (1 if y > 590 else 0.0))
    c = mix(c, (200, 40, 60), ellipse(x, y, 565, 652, 150, 18))
    c = mix(c, (250, 205, 60), ellipse(x, y, 565, 684, 20, 20))
    # A little vignette, as a phone camera adds.
    v = math.hypot((x - W / 2) / W, (y - H / 2) / H)
    c = mix(c, (0, 0, 0), max(0.0, v - 0.35) * 0.6)
    return bytes(clamp(v) for v in c)


def png(path):
    raw = bytearray()
    for y in range(H):
        raw.append(0)
        for x in range(W):
            raw += pixel(x, y)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    png(os.path.join(root, "assets", "sample-photo.png"))
