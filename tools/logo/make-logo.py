#!/usr/bin/env python3
"""Draws Nightrider's logo (200x100 RGBA PNG, the 2:1 size XBoard shows).

A night-sky badge with a light rim (readable on light and dark backgrounds):
a knight silhouette before a rising moon, the stars of a nightrider's
(1,2) leap line, and the name in two lines. Python standard library only:
shapes are sampled 4x4 per pixel, then written with zlib + struct.

Usage: tools/logo/make-logo.py [OUT.png]   (default: logo.png in the repository root)
"""
import math
import os
import struct
import sys
import zlib

W, H, SS = 200, 100, 4  # size and supersampling factor

# Colours (r, g, b).
SKY_TOP = (10, 14, 44)
SKY_BOTTOM = (32, 44, 100)
RIM = (214, 222, 255)
MOON = (246, 214, 110)
MOON_GLOW = (90, 84, 110)
GOLD = (248, 204, 84)
STAR = (255, 255, 240)
KNIGHT = (8, 10, 30)

# A knight's head facing left, in a 100x100 box (y down).
KNIGHT_OUTLINE = [
    (26, 96), (84, 96), (84, 88), (77, 85), (78, 72), (82, 58), (82, 43),
    (78, 30), (70, 20), (63, 15), (62, 4), (54, 12), (47, 11), (37, 17),
    (29, 27), (20, 39), (13, 49), (11, 57), (15, 63), (23, 65), (31, 61),
    (40, 57), (47, 59), (41, 69), (35, 79), (29, 85), (26, 88),
]

# Stroke letters on a 4x6 grid: lists of polylines.
LETTERS = {
    "N": [[(0, 6), (0, 0), (4, 6), (4, 0)]],
    "I": [[(2, 0), (2, 6)], [(1, 0), (3, 0)], [(1, 6), (3, 6)]],
    "G": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3), (2, 3)]],
    "H": [[(0, 0), (0, 6)], [(4, 0), (4, 6)], [(0, 3), (4, 3)]],
    "T": [[(0, 0), (4, 0)], [(2, 0), (2, 6)]],
    "R": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)], [(2, 3), (4, 6)]],
    "D": [[(0, 0), (0, 6), (3, 6), (4, 5), (4, 1), (3, 0), (0, 0)]],
    "E": [[(4, 0), (0, 0), (0, 6), (4, 6)], [(0, 3), (3, 3)]],
}


class Canvas:
    """An RGBA image sampled SS x SS per pixel; shapes are coverage masks."""

    def __init__(self):
        self.w, self.h = W * SS, H * SS
        self.rgb = [(0.0, 0.0, 0.0)] * (self.w * self.h)
        self.alpha = [0.0] * (self.w * self.h)

    def paint(self, inside, box, colour):
        """Sets every sample in box (pixel units) for which inside(x, y) holds."""
        x0, y0, x1, y1 = (max(0, int(v * SS)) for v in box)
        x1, y1 = min(self.w, x1 + SS), min(self.h, y1 + SS)
        for sy in range(y0, y1):
            y = (sy + 0.5) / SS
            row = sy * self.w
            for sx in range(x0, x1):
                x = (sx + 0.5) / SS
                if inside(x, y):
                    self.rgb[row + sx] = colour
                    self.alpha[row + sx] = 1.0

    def blend(self, inside, box, colour, amount):
        """Mixes colour into existing samples (for glows)."""
        x0, y0, x1, y1 = (max(0, int(v * SS)) for v in box)
        x1, y1 = min(self.w, x1 + SS), min(self.h, y1 + SS)
        for sy in range(y0, y1):
            y = (sy + 0.5) / SS
            for sx in range(x0, x1):
                x = (sx + 0.5) / SS
                k = inside(x, y) * amount
                if k > 0:
                    i = sy * self.w + sx
                    old = self.rgb[i]
                    self.rgb[i] = tuple(o + (c - o) * k for o, c in zip(old, colour))

    def pixels(self):
        """Box-filters down to W x H RGBA bytes (premultiplied averaging)."""
        out = bytearray()
        n = SS * SS
        for py in range(H):
            out.append(0)  # PNG filter type: none
            for px in range(W):
                r = g = b = a = 0.0
                for dy in range(SS):
                    base = (py * SS + dy) * self.w + px * SS
                    for dx in range(SS):
                        al = self.alpha[base + dx]
                        c = self.rgb[base + dx]
                        r += c[0] * al
                        g += c[1] * al
                        b += c[2] * al
                        a += al
                if a > 0:
                    out += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
                else:
                    out += b"\0\0\0\0"
        return bytes(out)


def rounded_rect(x0, y0, x1, y1, radius):
    def inside(x, y):
        cx = min(max(x, x0 + radius), x1 - radius)
        cy = min(max(y, y0 + radius), y1 - radius)
        return x0 <= x <= x1 and y0 <= y <= y1 and (x - cx) ** 2 + (y - cy) ** 2 <= radius**2
    return inside


def circle(cx, cy, r):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def polygon(points):
    def inside(x, y):
        hit = False
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                hit = not hit
        return hit
    return inside


def segment_distance(x, y, a, b):
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1)
    t = min(1.0, max(0.0, t))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def strokes(lines, width):
    """Thick polylines with round ends."""
    segs = [(p, q) for line in lines for p, q in zip(line, line[1:])]
    return lambda x, y: any(segment_distance(x, y, p, q) <= width / 2 for p, q in segs)


def bbox(points, pad=0):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def star(c, x, y, r):
    """A four-pointed twinkle: a small disc plus two thin rays."""
    c.paint(circle(x, y, r * 0.45), (x - r, y - r, x + r, y + r), STAR)
    rays = [[(x - r, y), (x + r, y)], [(x, y - r), (x, y + r)]]
    c.paint(strokes(rays, 0.6), (x - r, y - r, x + r, y + r), STAR)


def text(c, word, left, top, size, width, gap):
    """Stroke letters: each letter 4 x 6 grid units of `size` pixels."""
    for i, ch in enumerate(word):
        x0 = left + i * (4 * size + gap)
        lines = [[(x0 + gx * size, top + gy * size) for gx, gy in line] for line in LETTERS[ch]]
        pts = [p for line in lines for p in line]
        c.paint(strokes(lines, width), bbox(pts, width), GOLD)


def knight(c, left, top, scale):
    pts = [(left + x * scale, top + y * scale) for x, y in KNIGHT_OUTLINE]
    box = bbox(pts, 2)
    # A gold rim around the dark silhouette keeps it visible off the moon.
    rim = [pts + pts[:1]]
    c.paint(strokes(rim, 2.4), box, GOLD)
    c.paint(polygon(pts), box, KNIGHT)
    eye = (left + 40 * scale, top + 27 * scale)
    c.paint(circle(eye[0], eye[1], 2.3 * scale * 1.2), bbox([eye], 4), GOLD)
    mane = [[(left + x * scale, top + y * scale) for x, y in line]
            for line in ([(66, 24), (73, 36)], [(69, 40), (74, 52)], [(71, 58), (73, 68)])]
    c.paint(strokes(mane, 1.6), box, GOLD)


def draw():
    c = Canvas()
    badge = rounded_rect(1, 1, W - 1, H - 1, 16)
    c.paint(badge, (0, 0, W, H), RIM)
    inner = rounded_rect(4, 4, W - 4, H - 4, 13)
    for band in range(H):  # the sky: a vertical gradient inside the rim
        t = band / (H - 1)
        colour = tuple(a + (b - a) * t for a, b in zip(SKY_TOP, SKY_BOTTOM))
        c.paint(lambda x, y, band=band: band <= y < band + 1 and inner(x, y), (0, band, W, band + 1), colour)
    glow = lambda x, y: max(0.0, 1 - (math.hypot(x - 52, y - 40) - 30) / 14) if inner(x, y) else 0.0
    c.blend(glow, (8, 0, 98, 86), MOON_GLOW, 0.5)
    c.paint(circle(52, 40, 30), (22, 10, 82, 70), MOON)
    # The nightrider's ray: stars one (1,2) leap apart, climbing to the right.
    ray = [(108, 91), (128, 81), (148, 71)]
    c.blend(lambda x, y: float(segment_distance(x, y, ray[0], ray[-1]) <= 0.5), bbox(ray, 1), RIM, 0.35)
    for x, y in ray:
        star(c, x, y, 3.0)
    for x, y, r in [(14, 14, 2.0), (94, 12, 1.6), (186, 16, 2.2), (12, 52, 1.4), (184, 84, 1.8), (96, 44, 1.3)]:
        star(c, x, y, r)
    knight(c, 8, 8, 0.86)
    text(c, "NIGHT", 104, 16, 3.2, 3.4, 5.2)
    text(c, "RIDER", 104, 44, 3.2, 3.4, 5.2)
    return c.pixels()


def png(width, height, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "logo.png")
    with open(out, "wb") as f:
        f.write(png(W, H, draw()))
    print(f"wrote {out} ({W}x{H})")


if __name__ == "__main__":
    main()
