"""The app's PNG icons, drawn at build time in pure Python (no binary in git).

Browsers' install criteria want PNG icons of 192 and 512 px beside the SVG;
these draw the same picture as static/icon.svg (a face-down card with a
keyhole, tilted on a dark square) from its own shapes, in its 64-unit space.
The maskable icon fills the whole square with the background and draws the
card at 80%, so it stays inside the safe zone (the central circle of radius
40%) whatever mask the launcher applies.

Every shape is a convex polygon (rounded corners and circles as short arcs of
points), painted one pixel row at a time as the span the polygon covers.
"""

import math
import struct
import zlib

BACKGROUND = (0x1D, 0x20, 0x27)
GOLD = (0xC9, 0xA2, 0x4A)
CREAM = (0xF2, 0xEA, 0xD8)
RED = (0xB0, 0x33, 0x2E)
MASKABLE_SCALE = 0.8  # the card inside the maskable icon's safe zone

# (name, size, purpose) of each PNG icon the manifest lists.
ICONS = [("icons/icon-192.png", 192, "any"),
         ("icons/icon-512.png", 512, "any"),
         ("icons/icon-maskable-512.png", 512, "maskable")]


def rounded_rect(x, y, width, height, radius, steps=6):
    """The corners of a rounded rectangle, clockwise (y down), as points."""
    centres = [(x + width - radius, y + radius, -90), (x + width - radius, y + height - radius, 0),
               (x + radius, y + height - radius, 90), (x + radius, y + radius, 180)]
    points = []
    for cx, cy, start in centres:
        for step in range(steps + 1):
            angle = math.radians(start + 90 * step / steps)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def circle(cx, cy, radius, steps=48):
    return [(cx + radius * math.cos(2 * math.pi * k / steps),
             cy + radius * math.sin(2 * math.pi * k / steps)) for k in range(steps)]


def rotated(points, degrees, cx, cy):
    turn = math.radians(degrees)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
            for x, y in points]


def card_shapes():
    """The card and keyhole of static/icon.svg, as (colour, polygon), in paint order."""
    return [
        (GOLD, rotated(rounded_rect(15, 8, 34, 48, 5), -8, 32, 32)),
        (CREAM, rounded_rect(17, 9, 32, 46, 4)),
        (RED, rounded_rect(19.75, 11.75, 26.5, 40.5, 3.25)),  # the frame: its outer edge,
        (CREAM, rounded_rect(21.25, 13.25, 23.5, 37.5, 1.75)),  # then its inside
        (BACKGROUND, circle(33, 27, 6)),
        (BACKGROUND, [(30, 30), (36, 30), (37.5, 42), (28.5, 42)]),
    ]


def icon_shapes(maskable):
    """Every shape of the icon, in the SVG's 64-unit space."""
    if not maskable:
        return [(BACKGROUND, rounded_rect(0, 0, 64, 64, 14))] + card_shapes()
    shrink = [(colour, [(32 + (x - 32) * MASKABLE_SCALE, 32 + (y - 32) * MASKABLE_SCALE)
                        for x, y in polygon]) for colour, polygon in card_shapes()]
    return [(BACKGROUND, [(0, 0), (64, 0), (64, 64), (0, 64)])] + shrink


def span(polygon, y):
    """The x interval a convex polygon covers on the horizontal line y, or None."""
    xs = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return (min(xs), max(xs)) if xs else None


def pixels(size, maskable):
    """The RGBA rows of the icon at `size` px, each a bytearray (transparent outside)."""
    scale = size / 64
    shapes = [(bytes(colour) + b"\xff", [(x * scale, y * scale) for x, y in polygon])
              for colour, polygon in icon_shapes(maskable)]
    rows = []
    for row in range(size):
        line = bytearray(4 * size)
        for colour, polygon in shapes:
            covered = span(polygon, row + 0.5)
            if covered:
                first = max(0, round(covered[0]))
                last = min(size, round(covered[1]))
                line[4 * first:4 * last] = colour * max(0, last - first)
        rows.append(line)
    return rows


def png(rows):
    """A PNG file (8-bit RGBA, no filter) of equally long RGBA rows."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\0" + bytes(line) for line in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write_icons(site):
    """Write every PNG icon into the site folder; return their manifest entries."""
    entries = []
    for name, size, purpose in ICONS:
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png(pixels(size, purpose == "maskable")))
        entries.append({"src": name, "sizes": "%dx%d" % (size, size), "type": "image/png",
                         "purpose": purpose})
    return entries
