#!/usr/bin/env python3
"""Renders shelfscan's test fixtures with known truth.

Run through Fixtures/make-fixtures.sh (it sets up a venv with Pillow + pypng).
Every random choice comes from a seeded random.Random, so the output is
deterministic. All data (ISBNs, titles, publishers, addresses) are made up.

    make_fixtures.py [imaging] [barcodes] [pages] [shelves]     (default: all)

The shelves section lives in make_shelves.py.
"""

import io
import json
import math
import os
import random
import shutil
import struct
import sys
import time
import zlib
from pathlib import Path

import png  # pypng
from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont, ImageOps

ROOT = Path(__file__).resolve().parent

# MARK: - Fonts

_FONT_DIRS = [
    os.environ.get("SHELFSCAN_FONT_DIR", ""),
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/opt/homebrew/share/fonts",
    "/usr/local/share/fonts",
    os.path.expanduser("~/Library/Fonts"),
    "/Library/Fonts",
]
_font_cache = {}


def font(name, size):
    """DejaVu font by file stem, e.g. font("DejaVuSerif", 21)."""
    size = max(6, int(round(size)))
    key = (name, size)
    if key not in _font_cache:
        for d in _FONT_DIRS:
            p = Path(d) / f"{name}.ttf"
            if d and p.exists():
                _font_cache[key] = ImageFont.truetype(str(p), size)
                break
        else:
            sys.exit(f"error: {name}.ttf not found; install fonts-dejavu-core or set SHELFSCAN_FONT_DIR")
    return _font_cache[key]


# MARK: - Small helpers


def dumps(obj, indent=0):
    """JSON with stable (insertion) key order; arrays of scalars and of short
    arrays stay on one line so pixel arrays and polygons are readable."""
    pad = "  " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f'{pad}  {json.dumps(k)}: {dumps(v, indent + 1)}' for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        flat = all(not isinstance(v, (dict, list)) for v in obj)
        pairs = all(isinstance(v, list) and all(not isinstance(w, (dict, list)) for w in v) for v in obj)
        if flat or pairs:
            return json.dumps(obj, separators=(", ", ": ")) if len(obj) < 64 else json.dumps(obj, separators=(",", ":"))
        items = [f"{pad}  {dumps(v, indent + 1)}" for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(obj, ensure_ascii=False)


def write_json(path, obj):
    Path(path).write_text(dumps(obj) + "\n", encoding="utf-8")


def jpeg_bytes(img, **kw):
    b = io.BytesIO()
    img.save(b, "JPEG", **kw)
    return b.getvalue()


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


PNG_SIG = b"\x89PNG\r\n\x1a\n"


def exif_tiff(orientation, byte_order):
    """Minimal TIFF structure: header + IFD0 with the single tag 0x0112."""
    e = ">" if byte_order == "MM" else "<"
    header = (b"MM\x00\x2a" if byte_order == "MM" else b"II\x2a\x00") + struct.pack(e + "I", 8)
    entry = struct.pack(e + "HHI", 0x0112, 3, 1) + struct.pack(e + "H", orientation) + b"\x00\x00"
    return header + struct.pack(e + "H", 1) + entry + struct.pack(e + "I", 0)


def jpeg_with_exif(data, orientation, byte_order):
    """Puts an EXIF APP1 right after SOI (dropping a JFIF APP0 if present)."""
    assert data[:2] == b"\xff\xd8"
    rest = data[2:]
    if rest[:2] == b"\xff\xe0":
        rest = rest[2 + struct.unpack(">H", rest[2:4])[0]:]
    payload = b"Exif\x00\x00" + exif_tiff(orientation, byte_order)
    return b"\xff\xd8" + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + rest


# Pillow transpose that turns the upright (displayed) picture into the stored
# raw pixels for EXIF orientation N (the inverse of what a viewer applies).
T = Image.Transpose
RAW_FROM_DISPLAYED = {
    1: None,
    2: T.FLIP_LEFT_RIGHT,
    3: T.ROTATE_180,
    4: T.FLIP_TOP_BOTTOM,
    5: T.TRANSPOSE,
    6: T.ROTATE_90,  # viewer rotates 90° clockwise, so store 90° counter-clockwise
    7: T.TRANSVERSE,
    8: T.ROTATE_270,
}


def raw_for_orientation(img, n):
    op = RAW_FROM_DISPLAYED[n]
    return img if op is None else img.transpose(op)


# MARK: - ISBN / EAN arithmetic


def ean13_check(d12):
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d12))
    return str((10 - s % 10) % 10)


def isbn10_check(d9):
    r = (11 - sum(int(c) * (10 - i) for i, c in enumerate(d9)) % 11) % 11
    return "X" if r == 10 else str(r)


def isbn10_valid(s):
    if len(s) != 10 or not s[:9].isdigit() or not (s[9].isdigit() or s[9] == "X"):
        return False
    return sum((10 if c == "X" else int(c)) * (10 - i) for i, c in enumerate(s)) % 11 == 0


class ISBN:
    """A made-up ISBN-13 with a plausible hyphenation."""

    def __init__(self, prefix, group, publisher, title):
        self.prefix, self.group, self.publisher, self.title = prefix, group, publisher, title
        body = prefix + group + publisher + title
        assert len(body) == 12
        self.check = ean13_check(body)
        self.isbn13 = body + self.check

    @staticmethod
    def random(rng, prefix="978", group=None):
        if group is None:
            group = rng.choice(["0", "1"]) if prefix == "978" else rng.choice(["8", "10", "11", "12"])
        rest = 9 - len(group)
        publen = rng.randint(2, min(6, rest - 1))
        digits = "".join(str(rng.randint(0, 9)) for _ in range(rest))
        if digits[0] == "0" and group in ("8",):
            digits = "1" + digits[1:]
        return ISBN(prefix, group, digits[:publen], digits[publen:])

    def hyphenated(self, sep="-"):
        return sep.join([self.prefix, self.group, self.publisher, self.title, self.check])

    @property
    def isbn10(self):
        assert self.prefix == "978"
        d9 = self.group + self.publisher + self.title
        return d9 + isbn10_check(d9)

    def isbn10_hyphenated(self):
        c = self.isbn10[-1]
        return "-".join([self.group, self.publisher, self.title, c])


# MARK: - EAN-13 / EAN-5 / EAN-2 encoder

EAN_L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
EAN_R = ["".join("1" if c == "0" else "0" for c in p) for p in EAN_L]
EAN_G = [p[::-1] for p in EAN_R]
EAN13_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
EAN5_PARITY = ["GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG"]
EAN2_PARITY = ["LL", "LG", "GL", "GG"]


def ean13_modules(code):
    """95 modules as '0'/'1' and a parallel string marking guard modules."""
    assert len(code) == 13 and code[12] == ean13_check(code[:12])
    parity = EAN13_PARITY[int(code[0])]
    left = "".join((EAN_L if p == "L" else EAN_G)[int(d)] for p, d in zip(parity, code[1:7]))
    right = "".join(EAN_R[int(d)] for d in code[7:])
    mods = "101" + left + "01010" + right + "101"
    guard = "111" + "0" * 42 + "11111" + "0" * 42 + "111"
    assert len(mods) == 95
    return mods, guard


def addon_modules(addon):
    if len(addon) == 5:
        chk = (3 * sum(int(addon[i]) for i in (0, 2, 4)) + 9 * sum(int(addon[i]) for i in (1, 3))) % 10
        parity = EAN5_PARITY[chk]
    elif len(addon) == 2:
        parity = EAN2_PARITY[int(addon) % 4]
    else:
        raise ValueError(addon)
    parts = [(EAN_L if p == "L" else EAN_G)[int(d)] for p, d in zip(parity, addon)]
    return "1011" + "01".join(parts)


def draw_bars(draw, x0, mods, top, bottom, m, guard=None, guard_extra=0, colour=(0, 0, 0)):
    i = 0
    while i < len(mods):
        if mods[i] == "1":
            j = i
            while j < len(mods) and mods[j] == "1":
                j += 1
            ext = guard_extra if guard and guard[i] == "1" else 0
            draw.rectangle([x0 + i * m, top, x0 + j * m - 1, bottom + ext - 1], fill=colour)
            i = j
        else:
            i += 1


def render_ean_label(code, addon, m, heading=None, bar_modules=55):
    """White label with the EAN-13 (+ add-on). Returns (image, main-bars rect in
    label pixels as (x0, y0, x1, y1))."""
    quiet_l, quiet_r, gap = 11, 7, 9
    add_mods = addon_modules(addon) if addon else ""
    width_mods = quiet_l + 95 + (gap + len(add_mods) + 8 if addon else quiet_r + 1)
    digit_font = font("DejaVuSansMono", 9.5 * m)
    head_font = font("DejaVuSansMono", 7 * m)
    top_pad = 3 * m + (11 * m if heading else 0)
    guard_extra = 5 * m
    height = top_pad + bar_modules * m + 11 * m
    img = Image.new("RGB", (width_mods * m, height), (255, 255, 255))
    d = ImageDraw.Draw(img)
    if heading:
        d.text((width_mods * m / 2, 3 * m), heading, font=head_font, fill=(0, 0, 0), anchor="mt")
    x0 = quiet_l * m
    bar_top = top_pad
    bar_bottom = top_pad + bar_modules * m
    mods, guard = ean13_modules(code)
    draw_bars(d, x0, mods, bar_top, bar_bottom, m, guard, guard_extra)
    # human-readable digits under the main code
    ty = bar_bottom + 0.5 * m
    d.text((x0 - 1.5 * m, ty), code[0], font=digit_font, fill=(0, 0, 0), anchor="rt")
    for k in range(6):
        d.text((x0 + (3 + 7 * k + 3.5) * m, ty), code[1 + k], font=digit_font, fill=(0, 0, 0), anchor="mt")
        d.text((x0 + (50 + 7 * k + 3.5) * m, ty), code[7 + k], font=digit_font, fill=(0, 0, 0), anchor="mt")
    if addon:
        ax = x0 + (95 + gap) * m
        a_top = bar_top + 10 * m
        draw_bars(d, ax, add_mods, a_top, bar_bottom + guard_extra, m)
        for k, ch in enumerate(addon):
            d.text((ax + (4 + 9 * k + 3.5) * m, a_top - 1 * m), ch, font=digit_font, fill=(0, 0, 0), anchor="mb")
    return img, (x0, bar_top, x0 + 95 * m, bar_bottom + guard_extra)


# MARK: - Geometry (homographies, pure Python)


def solve_linear(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def homography(src, dst):
    """3×3 matrix mapping 4 src points onto 4 dst points."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    h = solve_linear(a, b)
    return [h[0:3], h[3:6], [h[6], h[7], 1.0]]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mat_inv(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    inv = [
        [(e * i - f * h), -(b * i - c * h), (b * f - c * e)],
        [-(d * i - f * g), (a * i - c * g), -(a * f - c * d)],
        [(d * h - e * g), -(a * h - b * g), (a * e - b * d)],
    ]
    return [[v / det for v in row] for row in inv]


def apply_h(h, pt):
    x, y = pt
    w = h[2][0] * x + h[2][1] * y + h[2][2]
    return ((h[0][0] * x + h[0][1] * y + h[0][2]) / w, (h[1][0] * x + h[1][1] * y + h[1][2]) / w)


def similarity(center_src, center_dst, scale, angle_deg):
    """Scale, rotate counter-clockwise as seen on screen, translate."""
    a = math.radians(angle_deg)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    cx, cy = center_src
    tx, ty = center_dst
    # screen y points down, so a visually CCW rotation is [c s; -s c]
    return [[c, s, tx - c * cx - s * cy], [-s, c, ty + s * cx - c * cy], [0, 0, 1]]


def warp(img, h, size):
    """Renders img through homography h (src→dst) into an image of size."""
    inv = mat_inv(h)
    k = inv[2][2]
    data = [inv[0][0] / k, inv[0][1] / k, inv[0][2] / k, inv[1][0] / k, inv[1][1] / k, inv[1][2] / k, inv[2][0] / k, inv[2][1] / k]
    return img.transform(size, Image.Transform.PERSPECTIVE, data, resample=Image.Resampling.BICUBIC)


def rotate_point_for_transpose(pt, size, op):
    """Maps a continuous point of an image of size through a Pillow transpose."""
    x, y = pt
    w, h = size
    if op is None:
        return x, y
    if op == T.ROTATE_90:  # counter-clockwise
        return y, w - x
    if op == T.ROTATE_180:
        return w - x, h - y
    if op == T.ROTATE_270:  # clockwise
        return h - y, x
    raise ValueError(op)


# MARK: - Photo effects


def noise_image(rng, size, sigma, coarse=1):
    """Zero-mean (around 128) noise image in L mode with roughly std sigma;
    coarse > 1 makes blotchy (correlated) noise like a denoised phone photo."""
    w, h = max(1, size[0] // coarse), max(1, size[1] // coarse)
    u1 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
    u2 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
    tri = ImageChops.add(u1, u2, scale=2.0)  # triangular distribution, std ≈ 52
    k = sigma / 52.0 * (1.6 if coarse > 1 else 1.0)
    lut = [max(0, min(255, int(round(128 + (v - 127.5) * k)))) for v in range(256)]
    n = tri.point(lut)
    if coarse > 1:
        n = n.resize(size, Image.Resampling.BILINEAR)
    return n


def add_noise(img, rng, sigma, chroma=0.35, coarse_sigma=0.0):
    """Luminance noise of std sigma plus weaker independent per-channel noise."""
    size = img.size
    lum = noise_image(rng, size, sigma)
    if coarse_sigma:
        lum = ImageChops.add(lum, noise_image(rng, size, coarse_sigma, coarse=3), 1.0, -128)
    chans = []
    for band in img.split():
        n = lum
        if chroma:
            n = ImageChops.add(lum, noise_image(rng, size, sigma * chroma, coarse=2), 1.0, -128)
        chans.append(ImageChops.add(band, n, 1.0, -128))
    return Image.merge("RGB", chans)


def light_mask(size, fn, grid=(48, 36)):
    """Multiplicative lighting mask from fn(u, v) -> factor in [0, 1]."""
    gw, gh = grid
    small = Image.new("L", (gw, gh))
    small.putdata([max(0, min(255, int(255 * fn((i + 0.5) / gw, (j + 0.5) / gh)))) for j in range(gh) for i in range(gw)])
    return small.resize(size, Image.Resampling.BICUBIC)


def apply_light(img, mask):
    return ImageChops.multiply(img, Image.merge("RGB", [mask] * 3))


def blotchy(rng, size, base, var, grid=(12, 9)):
    """Smooth random colour field (table, wall, cloth)."""
    gw, gh = grid
    small = Image.new("RGB", (gw, gh))
    px = []
    for _ in range(gw * gh):
        t = rng.uniform(-1, 1)
        px.append(tuple(max(0, min(255, int(c + t * var + rng.uniform(-var, var) * 0.25))) for c in base))
    small.putdata(px)
    return small.resize(size, Image.Resampling.BICUBIC)


def wood(rng, size, base):
    """Cheap wood-grain table: stretched random streaks over a blotchy field."""
    w, h = size
    streak = Image.new("L", (1, 256))
    streak.putdata([int(128 + 40 * math.sin(i / 256 * math.pi * rng.uniform(6, 14)) + rng.uniform(-30, 30)) for i in range(256)])
    streak = streak.resize((w, h), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(2))
    field = blotchy(rng, size, base, 18)
    dark = Image.merge("RGB", [streak.point(lambda v: int(200 + (v - 128) * 0.35))] * 3)
    return ImageChops.multiply(field, dark.point(lambda v: min(255, v + 40)))


def composite_sheet(background, sheet, h, shadow=True, shadow_offset=(10, 14), shadow_strength=110):
    """Places sheet (RGB) through homography h onto background, with a soft shadow."""
    size = background.size
    mask_src = Image.new("L", sheet.size, 255)
    mask = warp(mask_src, h, size)
    out = background.copy()
    if shadow:
        sh = mask.filter(ImageFilter.GaussianBlur(12))
        sh = ImageChops.offset(sh, *shadow_offset).point(lambda v: v * shadow_strength // 255)
        out = Image.composite(Image.new("RGB", size, (0, 0, 0)), out, sh)
    warped = warp(sheet, h, size)
    return Image.composite(warped, out, mask)


# MARK: - Made-up text

FIRST = ["Mara", "Tobias", "Ines", "Callum", "Wren", "Dorian", "Hollis", "Juniper", "Anselm", "Petra", "Rafe", "Odile",
         "Lysander", "Marguerite", "Fenwick", "Solveig", "Idris", "Clementine", "Barnaby", "Thea"]
LAST = ["Ellison", "Harrowgate", "Quill", "Aldous", "Penhallow", "Marchetti", "Okonkwo-Vale", "Strand", "Lindqvist",
        "Featherstone", "Calloway", "Brisbane", "Atwell", "Rosenthal", "Kettering", "Dunmore", "Vasquez-Reyes", "Thorne"]
TITLE_A = ["The Lantern", "A Winter", "The Salt", "The Glass", "The Quiet", "An Orchard", "The Copper", "The Last",
           "A Harbour", "The Paper", "The Hollow", "The Ninth"]
TITLE_B = ["Keeper", "Garden", "Cartographer", "Tide", "Almanac", "Orchestra", "Lighthouse", "Inheritance", "Meridian",
           "Archive", "Weather", "Crossing"]
# (name, address, web, US area code or None)
PUBLISHERS = [
    ("Lanternfield Press", "14 Lantern Row, Bristol BS1 4QT", "www.lanternfieldpress.co.uk", None),
    ("Corvid Lane Books", "220 Larchmont Avenue, Suite 4, Portland, OR 97205", "www.corvidlane.com", "503"),
    ("Saltmarsh Publishing", "Unit 7, Tannery Yard, Norwich NR3 1AU", "www.saltmarshpublishing.co.uk", None),
    ("Harrowgate & Finch", "3 Old Quay Street, Whitby YO21 3DF", "www.harrowgatefinch.co.uk", None),
    ("Northgate House", "1150 Alder Street, Minneapolis, MN 55403", "www.northgatehouse.com", "612"),
    ("Bramblecourt Editions", "89 Fulton Mill Road, Asheville, NC 28801", "www.bramblecourt.com", "828"),
    ("Whitlow & Marsh", "27 Chapel Walk, Edinburgh EH1 2QR", "www.whitlowmarsh.co.uk", None),
    ("Meridian Row Press", "402 Canal Street, 5th Floor, New York, NY 10013", "www.meridianrow.com", "212"),
]
PLACES = ["Porthkennack", "Lower Wetherby", "Duluth", "a village on the Norfolk coast", "Tromsø", "Halifax, Nova Scotia",
          "the Scottish Borders", "Marseille", "rural Vermont", "Ballycastle"]
BLURB = [
    "In the winter of {y}, {n} returns to the harbour town she swore she would never see again.",
    "What she finds there is a locked room, a missing ledger, and a family that has kept one secret for forty years.",
    "{n} has spent a lifetime mapping other people's coastlines. Now the tide is coming for his own.",
    "A luminous, unsettling novel about memory, weather and the stories we tell to stay afloat.",
    "Told across three summers and two continents, this is a story of inheritance in every sense.",
    "When the lighthouse goes dark, the whole village remembers what it has tried so hard to forget.",
    "Spare, funny and heartbreaking, it marks the arrival of an extraordinary new voice.",
    "Part mystery, part love letter to the sea, it will stay with you long after the final page.",
    "Nobody in the valley talks about the orchard fire. Nobody, that is, until the letters start to arrive.",
    "A tender portrait of a marriage, a town and a century, told with wit and uncommon grace.",
]
PRAISE = [
    "\u201cA dazzling debut. I could not put it down.\u201d",
    "\u201cQuietly devastating and utterly original.\u201d",
    "\u201cThe most beautiful novel I have read in years.\u201d",
    "\u201cWitty, wise and wonderfully strange.\u201d",
]
PRAISE_BY = ["The Morning Courier", "Harbour Review of Books", "The Literary Weekly", "Northern Evening Post"]


def wrap(text, fnt, width):
    words, lines, cur = text.split(), [], ""
    for w in words:
        t = (cur + " " + w).strip()
        if fnt.getlength(t) <= width or not cur:
            cur = t
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def book_title(rng):
    return f"{rng.choice(TITLE_A)} {rng.choice(TITLE_B)}"


# MARK: - 1. imaging


def png_pattern(kind, depth):
    """Deterministic 24×16 samples for the given PNG kind at the given depth."""
    W, H = 24, 16
    mx = (1 << depth) - 1
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            if kind == "gray":
                v = (x * 3 + y * 5 + (x * y) // 7) if depth < 16 else (x * 2749 + y * 4093 + x * y * 131) * 7
                row.append(v % (mx + 1))
            elif kind == "graya":
                g = (x * 11 + y * 7) if depth == 8 else (x * 2731 + y * 4211 + 77)
                a = (x * 10 + y * 16) if depth == 8 else (x * 2621 + y * 4111 + 911)
                row += [g % (mx + 1), a % (mx + 1)]
            elif kind in ("rgb", "rgba"):
                if depth == 8:
                    r, g, b = (x * 10 + y * 3) % 256, (y * 16 + x) % 256, (x * y * 5 + 40) % 256
                    a = (255 - x * 9 - y * 5) % 256
                else:
                    r, g, b = (x * 2731 + y * 617) % 65536, (y * 4099 + x * 257 + 3) % 65536, (x * y * 1279 + 10001) % 65536
                    a = (65535 - x * 2311 - y * 1201) % 65536
                row += [r, g, b] + ([a] if kind == "rgba" else [])
            elif kind == "palette":
                row.append((x + 2 * y + (x * y) // 5) % (mx + 1) if depth < 8 else (x * 7 + y * 13) % 256)
        rows.append(row)
    return rows


def palette_colours(n, trns=False):
    pal = []
    for i in range(n):
        pal.append(((i * 67 + 20) % 256, (i * 151 + 90) % 256, (255 - i * 37) % 256))
    if trns:
        # pypng wants entries with alpha first; 6 of 16 entries carry alpha,
        # the others are opaque (tRNS shorter than PLTE).
        alphas = [0, 64, 128, 255, 0, 200]
        pal = [p + (alphas[i],) for i, p in enumerate(pal[:6])] + pal[6:]
    return pal


def to8(v, depth):
    if depth == 16:
        return v >> 8
    if depth == 8:
        return v
    return v * 255 // ((1 << depth) - 1)


def make_png_fixtures(out):
    specs = [
        ("gray1", "gray", 1, False, False), ("gray2", "gray", 2, False, False), ("gray4", "gray", 4, False, False),
        ("gray8", "gray", 8, False, False), ("gray16", "gray", 16, False, False),
        ("graya8", "graya", 8, False, False), ("graya16", "graya", 16, False, False),
        ("rgb8", "rgb", 8, False, False), ("rgb16", "rgb", 16, False, False),
        ("rgba8", "rgba", 8, False, False), ("rgba16", "rgba", 16, False, False),
        ("palette1", "palette", 1, False, False), ("palette2", "palette", 2, False, False),
        ("palette4", "palette", 4, False, False), ("palette8", "palette", 8, False, False),
        ("palette4-trns", "palette", 4, True, False),
        ("rgb8-interlaced", "rgb", 8, False, True), ("gray16-interlaced", "gray", 16, False, True),
    ]
    for name, kind, depth, trns, interlace in specs:
        rows = png_pattern(kind, depth)
        kw = dict(bitdepth=depth, interlace=interlace)
        pal = None
        if kind == "gray":
            w = png.Writer(24, 16, greyscale=True, **kw)
        elif kind == "graya":
            w = png.Writer(24, 16, greyscale=True, alpha=True, **kw)
        elif kind == "rgb":
            w = png.Writer(24, 16, greyscale=False, **kw)
        elif kind == "rgba":
            w = png.Writer(24, 16, greyscale=False, alpha=True, **kw)
        else:
            pal = palette_colours(1 << depth, trns)
            w = png.Writer(24, 16, palette=pal, **kw)
        fn = f"png-{name}.png"
        with open(out / fn, "wb") as f:
            w.write(f, rows)
        # expected 8-bit output
        pixels = []
        if kind == "gray":
            channels = 1
            for r in rows:
                pixels += [to8(v, depth) for v in r]
        elif kind == "graya":
            channels = 4
            for r in rows:
                for i in range(0, len(r), 2):
                    g, a = to8(r[i], depth), to8(r[i + 1], depth)
                    pixels += [g, g, g, a]
        elif kind in ("rgb", "rgba"):
            channels = 3 if kind == "rgb" else 4
            for r in rows:
                pixels += [to8(v, depth) for v in r]
        else:
            channels = 4 if trns else 3
            for r in rows:
                for idx in r:
                    e = pal[idx]
                    pixels += list(e[:3]) + ([e[3] if len(e) == 4 else 255] if trns else [])
        # round-trip check of the raw samples with pypng's reader
        _, _, rd, info = png.Reader(filename=str(out / fn)).read()
        assert [list(r) for r in rd] == rows, fn
        assert info["bitdepth"] == depth and info.get("interlace", 0) == int(interlace), fn
        head = dumps({
            "width": 24, "height": 16, "channels": channels,
            "source": {"colorType": {"gray": 0, "rgb": 2, "palette": 3, "graya": 4, "rgba": 6}[kind],
                       "bitDepth": depth, "interlaced": interlace, "tRNS": trns},
        })
        stride = 24 * channels
        rows_txt = ",\n".join("    " + ",".join(str(v) for v in pixels[i:i + stride]) for i in range(0, len(pixels), stride))
        # flat array, one image row per line
        (out / f"{fn}.expected.json").write_text(head[:-2] + ',\n  "pixels": [\n' + rows_txt + "\n  ]\n}\n")


QUADRANTS = {"topLeft": (255, 0, 0), "topRight": (0, 255, 0), "bottomLeft": (0, 0, 255), "bottomRight": (255, 255, 0)}


def make_orientation_fixtures(out):
    up = Image.new("RGB", (64, 48))
    d = ImageDraw.Draw(up)
    d.rectangle([0, 0, 31, 23], fill=QUADRANTS["topLeft"])
    d.rectangle([32, 0, 63, 23], fill=QUADRANTS["topRight"])
    d.rectangle([0, 24, 31, 47], fill=QUADRANTS["bottomLeft"])
    d.rectangle([32, 24, 63, 47], fill=QUADRANTS["bottomRight"])
    order = {1: "MM", 2: "II", 3: "II", 4: "MM", 5: "II", 6: "MM", 7: "MM", 8: "II"}
    files = {}
    for n in range(1, 9):
        raw = raw_for_orientation(up, n)
        data = jpeg_with_exif(jpeg_bytes(raw, quality=95, subsampling=0), n, order[n])
        fn = f"orientation-{n}.jpg"
        (out / fn).write_bytes(data)
        shown = ImageOps.exif_transpose(Image.open(out / fn))
        assert shown.size == (64, 48), (fn, shown.size)
        for (x, y), key in [((16, 12), "topLeft"), ((48, 12), "topRight"), ((16, 36), "bottomLeft"), ((48, 36), "bottomRight")]:
            assert all(abs(a - b) < 12 for a, b in zip(shown.getpixel((x, y)), QUADRANTS[key])), (fn, key)
        files[fn] = {"exifOrientation": n, "tiffByteOrder": order[n], "storedWidth": raw.width, "storedHeight": raw.height}
    # PNG with an eXIf chunk (TIFF data without the "Exif\0\0" prefix) before IDAT
    raw = raw_for_orientation(up, 6)
    b = io.BytesIO()
    raw.save(b, "PNG")
    data = b.getvalue()
    assert data[:8] == PNG_SIG and data[12:16] == b"IHDR"
    ihdr_end = 8 + 12 + 13
    data = data[:ihdr_end] + png_chunk(b"eXIf", exif_tiff(6, "MM")) + data[ihdr_end:]
    (out / "orientation-6.png").write_bytes(data)
    shown = ImageOps.exif_transpose(Image.open(out / "orientation-6.png"))
    assert shown.size == (64, 48) and shown.getpixel((16, 12))[:3] == QUADRANTS["topLeft"]
    files["orientation-6.png"] = {"exifOrientation": 6, "tiffByteOrder": "MM", "storedWidth": 48, "storedHeight": 64}
    write_json(out / "orientation.expected.json", {
        "width": 64, "height": 48, "channels": 3,
        "quadrants": {k: list(v) for k, v in QUADRANTS.items()},
        "samplePoints": {"topLeft": [16, 12], "topRight": [48, 12], "bottomLeft": [16, 36], "bottomRight": [48, 36]},
        "files": files,
    })


def landscape(w, h, seed, noise=4):
    """Small natural-looking picture: sky gradient, sun, hills, a tree, texture."""
    rng = random.Random(seed)
    S = 4
    img = Image.new("RGB", (w * S, h * S))
    d = ImageDraw.Draw(img)
    for y in range(h * S):
        t = y / (h * S)
        d.line([(0, y), (w * S, y)], fill=(int(70 + 120 * t), int(120 + 90 * t), int(200 + 40 * t)))
    d.ellipse([w * S * 0.68, h * S * 0.12, w * S * 0.86, h * S * 0.36], fill=(255, 214, 90))
    for k, col in enumerate([(86, 140, 70), (60, 112, 52), (44, 88, 40)]):
        pts = [(0, h * S)]
        base = h * S * (0.55 + 0.13 * k)
        ph = rng.uniform(0, 6)
        for i in range(0, w * S + 8, 8):
            pts.append((i, base + h * S * 0.07 * math.sin(i / (w * S) * 6 + ph)))
        pts.append((w * S, h * S))
        d.polygon(pts, fill=col)
    d.rectangle([w * S * 0.2, h * S * 0.45, w * S * 0.24, h * S * 0.75], fill=(90, 60, 35))
    d.ellipse([w * S * 0.12, h * S * 0.25, w * S * 0.32, h * S * 0.52], fill=(40, 100, 45))
    img = img.resize((w, h), Image.Resampling.LANCZOS)
    return add_noise(img, rng, noise, chroma=0.2) if noise else img


def rgb_to_cmyk_gcr(img):
    """Full grey-component replacement; inverse of R = (255-C)(255-K)/255."""
    out = Image.new("CMYK", img.size)
    px = []
    raw = img.convert("RGB").tobytes()
    for r, g, b in zip(raw[0::3], raw[1::3], raw[2::3]):
        k = 255 - max(r, g, b)
        if k == 255:
            px.append((0, 0, 0, 255))
            continue
        f = 255 - k
        px.append(tuple(int(round(255 - v * 255 / f)) for v in (r, g, b)) + (k,))
    out.putdata(px)
    return out


def mean_rgb(img):
    img = img.convert("RGB")
    n = img.width * img.height
    sums = [0, 0, 0]
    raw = img.tobytes()
    for i in range(3):
        sums[i] = sum(raw[i::3])
    return [round(s / n, 1) for s in sums]


def jpeg_markers(data):
    """List of (marker, segment payload) up to SOS."""
    i, out = 2, []
    while i < len(data):
        assert data[i] == 0xFF
        mk = data[i + 1]
        ln = struct.unpack(">H", data[i + 2:i + 4])[0]
        out.append((mk, data[i + 4:i + 2 + ln], i))
        if mk == 0xDA:
            break
        i += 2 + ln
    return out


def make_jpeg_variants(out):
    src = landscape(40, 30, seed=4030)
    variants = [
        ("jpeg-baseline.jpg", src, dict(quality=90), 3, 3),
        ("jpeg-progressive.jpg", src, dict(quality=90, progressive=True), 3, 3),
        ("jpeg-gray.jpg", src.convert("L"), dict(quality=90), 1, 1),
        ("jpeg-cmyk.jpg", rgb_to_cmyk_gcr(src), dict(quality=95), 3, 4),
    ]
    for fn, img, kw, channels, comps in variants:
        data = jpeg_bytes(img, **kw)
        (out / fn).write_bytes(data)
        marks = jpeg_markers(data)
        sof = [p for mk, p, _ in marks if mk in (0xC0, 0xC1, 0xC2)][0]
        assert sof[5] == comps, fn
        exp = {"width": 40, "height": 30, "channels": channels, "components": comps,
               "progressive": bool(kw.get("progressive"))}
        if fn == "jpeg-cmyk.jpg":
            adobe = [p for mk, p, _ in marks if mk == 0xEE]
            assert adobe and adobe[0][:5] == b"Adobe" and adobe[0][11] == 0
            exp["meanRGB"] = mean_rgb(src)
            exp["decodedByPillowMeanRGB"] = mean_rgb(Image.open(out / fn))
            exp["note"] = ("Adobe APP14 (transform 0), inverted samples as Photoshop writes them. meanRGB is the "
                           "intended RGB; R = (255-C)(255-K)/255 on the un-inverted values reproduces it. "
                           "ICC-managed decoders (ImageIO) may differ by ~30 per channel.")
        elif fn == "jpeg-gray.jpg":
            m = mean_rgb(Image.open(out / fn))
            exp["meanRGB"] = m
        else:
            exp["meanRGB"] = mean_rgb(Image.open(out / fn))
        write_json(out / f"{fn}.expected.json", exp)


def make_bad_inputs(out):
    rng = random.Random(666)
    big = landscape(400, 300, seed=400300, noise=0)
    jpg = jpeg_bytes(big, quality=85)
    b = io.BytesIO()
    big.save(b, "PNG")
    pngdata = b.getvalue()
    (out / "empty.jpg").write_bytes(b"")
    (out / "truncated.jpg").write_bytes(jpg[: int(len(jpg) * 0.4)])
    (out / "truncated.png").write_bytes(pngdata[: int(len(pngdata) * 0.4)])
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 400, 300, 8, 2, 0, 0, 0))
    (out / "corrupt.png").write_bytes(PNG_SIG + ihdr + rng.randbytes(3000))
    g = bytearray(rng.randbytes(4096))
    g[0] = 0x42  # not FF D8, not a PNG signature
    (out / "garbage.jpg").write_bytes(bytes(g))
    small = landscape(120, 90, seed=12090)
    jn = jpeg_bytes(small, quality=85)
    (out / "jpeg-named.png").write_bytes(jn)
    write_json(out / "jpeg-named.png.expected.json", {
        "width": 120, "height": 90, "channels": 3, "components": 3, "progressive": False,
        "meanRGB": mean_rgb(Image.open(io.BytesIO(jn)))})
    tiny = landscape(32, 24, seed=3224)
    tiny.convert("P", palette=Image.Palette.ADAPTIVE, colors=32).save(out / "image.gif")
    tiny.save(out / "image.tiff")
    tiny.save(out / "image.webp", quality=80)
    fixed = time.gmtime(1577836800)  # 2020-01-01, so the PDF bytes are reproducible
    tiny.resize((128, 96)).save(out / "document.pdf", resolution=72, creationDate=fixed, modDate=fixed)
    ftyp = b"ftyp" + b"heic" + struct.pack(">I", 0) + b"mif1" + b"heic"
    meta = b"meta" + b"\x00\x00\x00\x00" + b"\x00" * 8
    (out / "image.heic").write_bytes(struct.pack(">I", 4 + len(ftyp)) + ftyp + struct.pack(">I", 4 + len(meta)) + meta)
    # 40000 × 30000 RGB (3.6 GB decoded); IDAT only holds the first row.
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 40000, 30000, 8, 2, 0, 0, 0))
    idat = png_chunk(b"IDAT", zlib.compress(b"\x00" * (1 + 40000 * 3), 9))
    (out / "huge.png").write_bytes(PNG_SIG + ihdr + idat + png_chunk(b"IEND", b""))
    hj = bytearray(jpeg_bytes(landscape(32, 24, seed=3225), quality=85))
    sof_pos = [pos for mk, _, pos in jpeg_markers(bytes(hj)) if mk == 0xC0][0]
    hj[sof_pos + 5:sof_pos + 9] = struct.pack(">HH", 50000, 60000)  # height, width
    (out / "huge.jpg").write_bytes(bytes(hj))
    (out / "README.md").write_text(BAD_README, encoding="utf-8")


BAD_README = """\
# Bad and unusual inputs

Generated by `Fixtures/make_fixtures.py` (section `imaging`); do not edit by
hand. Every file here must make the image decoder throw a specific error
(never crash, hang, or allocate gigabytes), except `jpeg-named.png`, which
must decode.

| File | What it is | Decoder should |
|---|---|---|
| `empty.jpg` | 0 bytes | throw *empty file* |
| `truncated.jpg` | first 40% of a valid 400×300 baseline JPEG (no EOI, scan data cut) | throw *truncated/corrupt JPEG* (a partially decoded image is not acceptable as success) |
| `truncated.png` | first 40% of a valid 400×300 RGB PNG (IDAT cut, no IEND) | throw *truncated/corrupt PNG* |
| `corrupt.png` | PNG signature + valid IHDR (400×300 RGB 8-bit) followed by 3000 random bytes | throw *corrupt PNG* (bad chunk / CRC) |
| `garbage.jpg` | 4096 random bytes (first byte 0x42) | throw *unrecognised format* (sniff the magic bytes, not the extension) |
| `jpeg-named.png` | a valid 120×90 baseline JPEG with a `.png` name | **decode fine**: 120×90, 3 channels; see `jpeg-named.png.expected.json` |
| `image.gif` | real 32×24 GIF (Pillow) | throw *unsupported format: GIF* |
| `image.tiff` | real 32×24 uncompressed TIFF (Pillow) | throw *unsupported format: TIFF* |
| `image.webp` | real 32×24 lossy WebP (Pillow) | throw *unsupported format: WebP* |
| `document.pdf` | real one-page PDF (Pillow) | throw *unsupported format: PDF* |
| `image.heic` | crafted ISO-BMFF header only: `ftyp` box, major brand `heic`, compatible `mif1`,`heic`, then an empty `meta` box | throw *unsupported format: HEIC* (or *corrupt* if HEIC is supported) |
| `huge.png` | valid signature + IHDR saying 40000×30000 RGB 8-bit (1.2 gigapixels, 3.6 GB decoded), a tiny IDAT holding one row, IEND | throw *image too large* from the header, before allocating |
| `huge.jpg` | a valid 32×24 JPEG whose SOF0 height/width were patched to 50000/60000 (3 gigapixels) | throw *image too large* from the SOF header, before allocating |
"""


def make_imaging(out):
    out.mkdir(parents=True)
    (out / "bad").mkdir()
    make_png_fixtures(out)
    make_orientation_fixtures(out)
    make_jpeg_variants(out)
    make_bad_inputs(out / "bad")


# MARK: - 2. barcodes


def render_cover(spec, u, rng):
    """Back cover, 400×600 'modules' at u px per module. Returns (image,
    main-bars polygon in cover pixels [tl, tr, br, bl])."""
    W, H = 400 * u, 600 * u
    c1, c2 = spec["colours"]
    img = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(img)
    for y in range(H):
        t = y / H
        d.line([(0, y), (W, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(c1, c2)))
    dark_bg = sum(c1) + sum(c2) < 3 * 255
    ink = (245, 240, 230) if dark_bg else (30, 28, 32)
    accent = spec.get("accent", (200, 160, 60))
    margin = 36 * u
    y = 40 * u
    if spec.get("product"):
        d.text((W / 2, y), spec["product"], font=font("DejaVuSans-Bold", 22 * u), fill=ink, anchor="mt")
        y += 40 * u
        for line in spec["product_lines"]:
            d.text((W / 2, y), line, font=font("DejaVuSans", 11 * u), fill=ink, anchor="mt")
            y += 34 * u
    else:
        d.text((W / 2, y), spec["praise"], font=font("DejaVuSerif-Italic", 12 * u), fill=accent, anchor="mt")
        y += 18 * u
        d.text((W / 2, y), "\u2014 " + spec["praise_by"], font=font("DejaVuSans", 8 * u), fill=ink, anchor="mt")
        y += 30 * u
        body = font("DejaVuSerif", 9.5 * u)
        for para in spec["blurb"]:
            for line in wrap(para, body, W - 2 * margin):
                d.text((margin, y), line, font=body, fill=ink)
                y += 14 * u
            y += 8 * u
        y = max(y + 12 * u, 330 * u)
        d.text((margin, y), "ABOUT THE AUTHOR", font=font("DejaVuSans-Bold", 8 * u), fill=accent)
        y += 16 * u
        bio = font("DejaVuSerif", 8.5 * u)
        for line in wrap(spec["bio"], bio, W - 2 * margin):
            d.text((margin, y), line, font=bio, fill=ink)
            y += 12.5 * u
    # publisher mark bottom-left
    px, py = margin, H - 95 * u
    d.ellipse([px, py, px + 26 * u, py + 26 * u], outline=ink, width=max(1, 2 * u // 2))
    d.text((px + 13 * u, py + 13 * u), spec["publisher"][0], font=font("DejaVuSerif-Bold", 14 * u), fill=ink, anchor="mm")
    d.text((px, py + 34 * u), spec["publisher"], font=font("DejaVuSans", 8 * u), fill=ink)
    if spec.get("category"):
        d.text((px, py + 48 * u), spec["category"], font=font("DejaVuSans-Bold", 7 * u), fill=ink)
    if spec.get("price"):
        d.text((px, py + 60 * u), spec["price"], font=font("DejaVuSans", 8 * u), fill=ink)
    label, rect = render_ean_label(spec["code"], spec.get("addon"), u, heading=spec.get("heading"))
    lx = W - margin - label.width
    ly = H - 30 * u - label.height
    img.paste(label, (lx, ly))
    x0, y0, x1, y1 = rect
    poly = [(lx + x0, ly + y0), (lx + x1, ly + y0), (lx + x1, ly + y1), (lx + x0, ly + y1)]
    return img, poly


def price_for_addon(addon):
    if not addon or len(addon) != 5:
        return None
    if addon[0] == "5" and addon != "59999":
        return f"${int(addon[1:]) / 100:.2f} US"
    if addon[0] == "6":
        return f"${int(addon[1:]) / 100:.2f} CAN"
    if addon[0] in "01":
        return f"\u00a3{int(addon[1:]) / 100:.2f}"
    return None


def random_product_ean(rng, prefix):
    body = prefix + "".join(str(rng.randint(0, 9)) for _ in range(12 - len(prefix)))
    return body + ean13_check(body)


# Per-photo plan: displayed size, px per module, barcode centre as a fraction
# of the frame, rotation (degrees, counter-clockwise as seen), perspective
# jitter (fraction of the label size), blur radius, contrast/brightness,
# lighting, noise sigma, EXIF orientation.
BARCODE_PLAN = [
    dict(n=1, prefix="978", addon="51495", size=(1080, 1440), mpx=3.6, at=(0.55, 0.62), angle=0),
    dict(n=2, prefix="979", addon2="07", size=(1440, 1080), mpx=3.4, at=(0.5, 0.5), angle=90, light="left"),
    dict(n=3, prefix="978", addon="90000", size=(1400, 1050), mpx=3.8, at=(0.48, 0.52), angle=180, blur=1.3),
    dict(n=4, prefix="978", addon=None, size=(960, 1280), mpx=3.2, at=(0.45, 0.5), angle=270, light="spot"),
    dict(n=5, prefix="979", addon="52499", size=(1280, 960), mpx=3.3, at=(0.5, 0.5), angle=12, noise=3.0),
    dict(n=6, prefix="978", addon=None, size=(1600, 1200), mpx=3.5, at=(0.5, 0.55), angle=33),
    dict(n=7, prefix="978", addon="54999", size=(1280, 960), mpx=3.0, at=(0.5, 0.5), angle=-20, persp=(0.12, "right")),
    dict(n=8, prefix="978", addon=None, size=(900, 1200), mpx=3.4, at=(0.5, 0.45), angle=7, persp=(0.10, "top"), blur=1.0),
    dict(n=9, prefix="978", addon="50995", size=(1600, 1200), mpx=2.0, at=(0.62, 0.7), angle=-3, noise=1.6),
    dict(n=10, product="400", size=(1000, 1000), mpx=3.2, at=(0.5, 0.5), angle=-8),
    dict(n=11, product="50", size=(1200, 900), mpx=3.6, at=(0.5, 0.5), angle=95, contrast=0.55, light="left"),
    dict(n=12, prefix="979", addon="51999", size=(1200, 900), mpx=3.3, at=(0.5, 0.5), angle=3, contrast=0.45, bright=0.55, noise=3.0),
    dict(n=13, prefix="978", addon="90000", size=(1080, 1440), mpx=3.5, at=(0.5, 0.55), angle=-4, exif=6),
    dict(n=14, prefix="979", addon=None, size=(1280, 960), mpx=3.6, at=(0.5, 0.5), angle=2, exif=8, light="right"),
]

COVER_COLOURS = [
    ((24, 44, 74), (12, 22, 40)), ((236, 226, 204), (214, 198, 170)), ((120, 30, 36), (70, 14, 20)),
    ((222, 232, 226), (184, 206, 196)), ((38, 70, 60), (18, 40, 34)), ((248, 236, 150), (236, 200, 90)),
    ((60, 52, 96), (28, 24, 52)), ((244, 244, 240), (222, 220, 214)),
]
ACCENTS = [(230, 190, 90), (180, 60, 50), (240, 200, 120), (40, 90, 120), (220, 170, 80), (150, 40, 30), (250, 210, 140), (30, 80, 140)]


def lighting_fn(kind, rng):
    if kind == "left":
        return lambda u, v: 0.55 + 0.45 * u
    if kind == "right":
        return lambda u, v: 1.0 - 0.4 * u
    if kind == "spot":
        cx, cy = rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.6)
        return lambda u, v: 0.6 + 0.4 * math.exp(-((u - cx) ** 2 + (v - cy) ** 2) / 0.12)
    # default: gentle vignette
    return lambda u, v: 1.0 - 0.18 * ((u - 0.5) ** 2 + (v - 0.5) ** 2) * 2.5


def photo_of_cover(spec, plan, rng, size, base_u=None):
    """Renders the cover and photographs it. Returns (displayed image, polygon)."""
    mpx = plan["mpx"]
    u = base_u or max(2, int(round(mpx)))
    cover, poly = render_cover(spec, u, rng)
    W, H = size
    s = mpx / u
    bc = ((poly[0][0] + poly[2][0]) / 2, (poly[0][1] + poly[2][1]) / 2)
    target = (plan["at"][0] * W, plan["at"][1] * H)
    h = similarity(bc, target, s, plan["angle"])
    if plan.get("persp"):
        # jitter the corners of the label region → a mild perspective tilt
        # keystone: the far edge of the region around the label looks shorter
        j, far = plan["persp"]
        lx0, ly0 = poly[0][0] - 60 * u, poly[0][1] - 60 * u
        lx1, ly1 = poly[2][0] + 60 * u, poly[2][1] + 30 * u
        src = [(lx0, ly0), (lx1, ly0), (lx1, ly1), (lx0, ly1)]
        dst = [apply_h(h, p) for p in src]
        edges = {"top": (0, 1), "right": (1, 2), "bottom": (2, 3), "left": (3, 0)}
        near = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[far]
        for side, k in ((far, j), (near, -j * 0.4)):
            a, b = edges[side]
            mx, my = (dst[a][0] + dst[b][0]) / 2, (dst[a][1] + dst[b][1]) / 2
            for c in (a, b):
                dst[c] = (dst[c][0] + (mx - dst[c][0]) * k, dst[c][1] + (my - dst[c][1]) * k)
        h = homography(src, dst)
    bg_base = rng.choice([(150, 120, 90), (120, 110, 100), (180, 170, 160), (90, 80, 72), (200, 196, 188)])
    bg = wood(rng, size, bg_base) if rng.random() < 0.5 else blotchy(rng, size, bg_base, 14)
    img = composite_sheet(bg, cover, h)
    img = apply_light(img, light_mask(size, lighting_fn(plan.get("light"), rng)))
    if plan.get("contrast") or plan.get("bright"):
        img = ImageEnhance.Contrast(img).enhance(plan.get("contrast", 1.0))
        img = ImageEnhance.Brightness(img).enhance(plan.get("bright", 1.0))
    if plan.get("blur"):
        img = img.filter(ImageFilter.GaussianBlur(plan["blur"]))
    else:
        img = img.filter(ImageFilter.GaussianBlur(0.6))  # lens softness
    img = add_noise(img, rng, plan.get("noise", 2.0), chroma=0.2, coarse_sigma=1.0)
    return img, [apply_h(h, p) for p in poly]


def cover_spec(rng, plan):
    colours = COVER_COLOURS[plan["n"] % len(COVER_COLOURS)]
    spec = {"colours": colours, "accent": ACCENTS[plan["n"] % len(ACCENTS)]}
    pub = rng.choice(PUBLISHERS)
    spec["publisher"] = pub[0]
    if plan.get("product"):
        code = random_product_ean(rng, plan["product"])
        spec.update(code=code, product=rng.choice(["WEEKLY PLANNER", "SKETCHBOOK A5", "JIGSAW 500"]),
                    product_lines=["120 pages \u00b7 acid-free paper", "Lay-flat binding \u00b7 ribbon marker",
                                   "Printed with vegetable-based inks", "Made in the EU", "Keep away from open flame",
                                   "Not suitable for children under 36 months", "Distributed by " + pub[0], pub[1]],
                    isbn=None)
        return spec
    isbn = ISBN.random(rng, plan["prefix"])
    addon = plan.get("addon") or plan.get("addon2")
    name = person(rng)
    spec.update(code=isbn.isbn13, isbn=isbn, addon=addon, heading="ISBN " + isbn.hyphenated(),
                praise=rng.choice(PRAISE), praise_by=rng.choice(PRAISE_BY), author=name,
                other_title=book_title(rng), category=rng.choice(["FICTION", "FICTION / Literary", "MYSTERY", "NOVEL"]),
                blurb=[t.format(y=rng.randint(1931, 1999), n=rng.choice(FIRST)) for t in rng.sample(BLURB, 4)],
                bio=(f"{name} was born in {rng.choice(PLACES)} and now lives in {rng.choice(PLACES)}. "
                     f"{name.split()[0]} is the author of {book_title(rng)} and {book_title(rng)}, and has taught "
                     f"creative writing for many years. This is {name.split()[0]}'s {rng.choice(['third', 'fourth', 'fifth'])} novel."),
                price=price_for_addon(addon) or rng.choice(["\u00a38.99", "\u00a310.99", None]))
    return spec


def save_photo(img, path, exif, quality=85):
    """Saves the displayed image; with exif != 1 stores rotated raw pixels + EXIF."""
    if exif and exif != 1:
        raw = raw_for_orientation(img, exif)
        data = jpeg_with_exif(jpeg_bytes(raw, quality=quality), exif, "II" if exif == 6 else "MM")
    else:
        data = jpeg_bytes(img, quality=quality)
    Path(path).write_bytes(data)


def barcode_truth(fn, kind, img, exif, barcodes, isbns, ean=None):
    t = {"image": fn, "kind": kind, "width": img.width, "height": img.height, "exifOrientation": exif or 1,
         "books": [], "barcodes": barcodes, "isbns": isbns}
    if ean:
        t["ean"] = ean
    return t


def make_barcodes(out):
    out.mkdir(parents=True)
    manifest = []
    for plan in BARCODE_PLAN:
        rng = random.Random(1000 + plan["n"])
        spec = cover_spec(rng, plan)
        img, poly = photo_of_cover(spec, plan, rng, plan["size"])
        fn = f"barcode-{plan['n']:03d}.jpg"
        save_photo(img, out / fn, plan.get("exif"))
        polygon = [[int(round(x)), int(round(y))] for x, y in poly]
        if spec.get("isbn"):
            bcs = [{"isbn": spec["code"], "addon": spec.get("addon"), "polygon": polygon}]
            truth = barcode_truth(fn, "barcode", img, plan.get("exif"), bcs, [spec["code"]])
        else:
            truth = barcode_truth(fn, "barcode", img, plan.get("exif"), [], [], ean=spec["code"])
        write_json(out / f"{fn}.truth.json", truth)
        manifest.append(manifest_entry(fn, plan, spec, polygon))
    # the 12-megapixel photo
    plan = dict(n=99, prefix="978", addon="51695", size=(4000, 3000), mpx=4.4, at=(0.46, 0.58), angle=-6, noise=1.6,
                blur=0.7, light="smooth desk, falls off to the right")
    rng = random.Random(1099)
    spec = cover_spec(rng, plan)
    spec["colours"] = ((232, 226, 214), (214, 206, 190))
    u = 4
    cover, poly = render_cover(spec, u, rng)
    W, H = plan["size"]
    s = plan["mpx"] / u
    bc = ((poly[0][0] + poly[2][0]) / 2, (poly[0][1] + poly[2][1]) / 2)
    h = similarity(bc, (plan["at"][0] * W, plan["at"][1] * H), s, plan["angle"])
    # smooth light-grey desk, soft light from the top left
    bg = light_mask((W, H), lambda a, b: 0.78 - 0.12 * a - 0.08 * b)
    bg = Image.merge("RGB", [bg.point(lambda v: int(v * k)) for k in (1.0, 0.97, 0.92)])
    img = composite_sheet(bg, cover, h, shadow_offset=(14, 18))
    img = apply_light(img, light_mask((W, H), lambda a, b: 1.0 - 0.15 * a))
    img = img.filter(ImageFilter.GaussianBlur(plan["blur"]))
    img = add_noise(img, rng, plan["noise"], chroma=0.25)
    fn = "barcode-12mp.jpg"
    img.save(out / fn, "JPEG", quality=80)
    polygon = [[int(round(x)), int(round(y))] for x, y in (apply_h(h, p) for p in poly)]
    write_json(out / f"{fn}.truth.json", barcode_truth(
        fn, "barcode", img, 1, [{"isbn": spec["code"], "addon": spec["addon"], "polygon": polygon}], [spec["code"]]))
    manifest.append(manifest_entry(fn, plan, spec, polygon))
    write_json(out / "manifest.json", {"comment": "How each photo was rendered (for debugging tests; not truth).",
                                       "photos": manifest})


def manifest_entry(fn, plan, spec, polygon):
    w = math.dist(polygon[0], polygon[1])
    return {
        "image": fn,
        "code": spec["code"],
        "addon": spec.get("addon"),
        "pxPerModule": round(w / 95, 2),
        "barcodeWidthPx": round(w),
        "rotationDegCCW": plan["angle"],
        "perspective": plan.get("persp"),
        "blur": plan.get("blur", 0.6),
        "contrast": plan.get("contrast", 1.0),
        "brightness": plan.get("bright", 1.0),
        "lighting": plan.get("light", "vignette"),
        "noiseSigma": plan.get("noise", 2.0),
        "exifOrientation": plan.get("exif", 1),
    }


# MARK: - 3. pages

PAPER = [(247, 243, 232), (242, 236, 220), (250, 248, 242), (238, 232, 214)]


def lccn(year, rng, want_valid):
    """10-digit LCCN (year + 6-digit serial); optionally one that also passes
    the ISBN-10 checksum (a trap for naive extractors)."""
    while True:
        s = f"{year}{rng.randint(1000, 99999):06d}"
        if isbn10_valid(s) == want_valid:
            return s


def us_phone(rng, area, want_valid):
    """Fictional 555-01xx number whose 10 digits may pass the ISBN-10 checksum."""
    while True:
        s = f"{area}55501{rng.randint(0, 99):02d}"
        if isbn10_valid(s) == want_valid:
            return s


def printing_line(year):
    """A year-style printing line ("21 20 19  9 8 7 6") whose digits, run
    together, form 10 digits that pass the ISBN-10 checksum."""
    yy = year % 100
    for ny in range(1, 5):
        years = [str(yy + 3 - i) for i in range(ny)] if ny > 1 else [str(yy)]
        for top in range(10, 0, -1):
            for low in range(1, top + 1):
                nums = [str(k) for k in range(top, low - 1, -1)]
                digits = "".join(years + nums)
                if len(digits) == 10 and isbn10_valid(digits):
                    return " ".join(years) + "  " + " ".join(nums)
    raise ValueError(year)


def isbn_with_x_check(rng, group):
    while True:
        i = ISBN.random(rng, "978", group)
        if i.isbn10.endswith("X"):
            return i


RIGHTS = ("All rights reserved. No part of this publication may be reproduced, stored in a retrieval system, "
          "or transmitted, in any form or by any means, electronic, mechanical, photocopying, recording or "
          "otherwise, without the prior written permission of the publisher.")


def page_plan(n, rng):
    """Lines of one copyright page and its truth. Returns dict."""
    year = rng.randint(2016, 2021)
    pub, addr, web, area = PUBLISHERS[n - 1]  # page n uses publisher n (UK/US matches the wording)
    author = person(rng)
    title = book_title(rng)
    traps = []
    lines = []  # (text, style) ; style in {"", "i", "b", "sp"} ; "" text = blank

    def L(text="", style=""):
        lines.append((text, style))

    isbns = []
    if n == 1:
        i = ISBN.random(rng, "978", "1")
        isbns = [i.isbn13]
        lc = lccn(year, rng, True)
        traps.append(("LCCN", lc))
        L(f"First published in Great Britain in {year} by"); L(pub); L(addr); L(web); L()
        L(f"Copyright \u00a9 {author} {year}"); L(); L("The moral right of the author has been asserted."); L()
        L(RIGHTS, "wrap"); L()
        L("A CIP catalogue record for this book is available from the British Library.", "wrap")
        L(f"Library of Congress Control Number: {lc}"); L()
        L(f"ISBN {i.hyphenated()}"); L()
        L("Typeset in Garamond by Quillstone Typesetting, Leeds"); L("Printed and bound by Fenwick & Dale, Leeds")
        L("10 9 8 7 6 5 4 3 2 1")
    elif n == 2:
        i = isbn_with_x_check(rng, "1")
        isbns = [i.isbn13]
        lc = lccn(year, rng, True)
        ph = us_phone(rng, area, True)
        traps += [("LCCN", lc), ("phone", ph)]
        L(title, "i"); L(f"Copyright \u00a9 {year} by {author}"); L()
        L(RIGHTS, "wrap"); L()
        L(f"Published by {pub}"); L(addr); L(f"Tel. ({ph[:3]}) {ph[3:6]}-{ph[6:]}  \u00b7  {web}"); L()
        L(f"Library of Congress Control Number: {lc}"); L()
        L(f"ISBN-13: {i.isbn13}"); L(f"ISBN-10: {i.isbn10_hyphenated()}"); L()
        L("Printed in the United States of America"); L("First Edition"); L("1 3 5 7 9 10 8 6 4 2")
    elif n == 3:
        a = ISBN.random(rng, "978", "0")
        e = ISBN.random(rng, "978", "0")
        isbns = [a.isbn13, e.isbn13]
        lc = lccn(year, rng, False)
        traps.append(("LCCN", lc))
        L(f"First published {year}"); L(); L(f"{pub}, {addr}"); L(web); L()
        L(f"Text \u00a9 {author}, {year}"); L(f"Cover illustration \u00a9 {person(rng)}, {year}"); L()
        L(RIGHTS, "wrap"); L()
        L("British Library Cataloguing in Publication Data"); L("A catalogue record for this book is available from the British Library", "wrap")
        L(f"LCCN {lc}"); L()
        L(f"ISBN {a.hyphenated(' ')} (pbk.)"); L(f"eISBN {e.hyphenated()}"); L()
        L("9 8 7 6 5 4 3 2 1")
    elif n == 4:
        hb, pb, eb = (ISBN.random(rng, "978", "1") for _ in range(3))
        isbns = [hb.isbn13, pb.isbn13, eb.isbn13]
        lc = lccn(year, rng, True)
        traps.append(("LCCN", lc))
        L(f"Published in {year} by {pub}"); L(addr); L()
        L(f"Copyright \u00a9 {author}, {year}"); L(); L(RIGHTS, "wrap"); L()
        L(f"Library of Congress Control Number: {lc}"); L()
        L(f"ISBN (hbk.) {hb.hyphenated()}"); L(f"ISBN (pbk.) {pb.hyphenated()}"); L(f"eISBN {eb.hyphenated()}"); L()
        L("Set in DejaVu Serif by the publisher"); L("Printed in Great Britain"); L()
        L("10 9 8 7 6 5 4 3 2 1")
    elif n == 5:
        i = ISBN.random(rng, "979", "8")
        isbns = [i.isbn13]
        lc = lccn(year, rng, True)
        ph = us_phone(rng, area, True)
        traps += [("LCCN", lc), ("phone", ph)]
        L(f"{pub}"); L(addr); L(f"Telephone {ph[:3]} {ph[3:6]} {ph[6:]}"); L(web); L()
        L(f"Copyright \u00a9 {year} {author}"); L(); L(RIGHTS, "wrap"); L()
        L(f"LCCN {lc}"); L(f"ISBN {i.hyphenated()}"); L()
        L("First Edition: " + ["January", "March", "June", "October"][n % 4] + f" {year}")
        L("10 9 8 7 6 5 4 3 2 1")
    elif n == 6:
        i = ISBN.random(rng, "978", "0")
        isbns = [i.isbn13]
        lc = lccn(year, rng, False)
        traps.append(("LCCN", lc))
        pl = printing_line(year)
        traps.append(("printing line", pl.replace(" ", "")))
        L(f"First published in {year}"); L(f"by {pub}"); L(addr); L()
        L(f"Copyright \u00a9 {year} by {author}"); L(); L(RIGHTS, "wrap"); L()
        L(f"Library of Congress Control Number: {lc}"); L()
        L(f"ISBN-13: {i.hyphenated()}"); L(f"ISBN-10: {i.isbn10_hyphenated()}"); L()
        L(pl)
    elif n == 7:
        p = ISBN.random(rng, "978", "1")
        e = ISBN.random(rng, "978", "1")
        isbns = [p.isbn13, e.isbn13]
        lc = lccn(year, rng, False)
        traps.append(("LCCN", lc))
        L(f"First published in {year} by {pub}"); L(addr); L()
        L(f"Copyright \u00a9 {author} {year}"); L(f"The right of {author} to be identified as the author of this work has been asserted.", "wrap"); L()
        L(RIGHTS, "wrap"); L()
        L(f"LCCN {lc}"); L()
        L(f"ISBN {p.hyphenated()} (paperback)"); L(f"ISBN {e.hyphenated()} (ebook)"); L()
        L("2 4 6 8 10 9 7 5 3 1")
    elif n == 8:
        h = ISBN.random(rng, "978", "1")
        e = ISBN.random(rng, "978", "1")
        isbns = [h.isbn13, e.isbn13]
        lc = lccn(year, rng, True)
        lc2 = str(int(lc) + 1)
        traps += [("LCCN", lc), ("LCCN", lc2)]
        L(f"Copyright \u00a9 {year} by {author}"); L(f"All rights reserved."); L(f"Published in the United States by {pub}, {addr}.", "wrap"); L()
        L("Library of Congress Cataloging-in-Publication Data"); L(f"Names: {author.split()[1]}, {author.split()[0]}, author.")
        L(f"Title: {title} : a novel / {author}.")
        L(f"Description: First edition. | {addr.split(',')[-2].strip()} : {pub}, {year}.", "wrap")
        L(f"Identifiers: LCCN {lc} (print) | LCCN {lc2} (ebook) | ISBN {h.isbn13} (hardcover) | ISBN {e.isbn13} (ebook)", "wrap")
        L("Subjects: Families\u2014Fiction. | Islands\u2014Fiction."); L("Classification: PS3612.A58 L36 " + str(year) + " | DDC 813/.6\u2014dc23")
        L(f"LC record available at https://lccn.loc.gov/{lc}"); L()
        L("Printed in the United States of America"); L("First Edition"); L("1 2 3 4 5 6 7 8 9")
    return dict(lines=lines, isbns=isbns, traps=traps, year=year)


PAGE_PHOTOS = [
    dict(n=1, rot=0, font=21, angle=1.4, align="center", light=0.3),
    dict(n=2, rot=0, font=20, angle=-2.2, align="left", light=0.25),
    dict(n=3, rot=0, font=22, angle=2.6, align="center", blur=1.3, light=0.3),
    dict(n=4, rot=90, font=21, angle=-1.1, align="center", light=0.25),
    dict(n=5, rot=180, font=23, angle=0.8, align="left", light=0.3),
    dict(n=6, rot=270, font=22, angle=-2.8, align="left", light=0.3),
    dict(n=7, rot=0, exif=6, font=21, angle=1.9, align="center", light=0.25),
    dict(n=8, rot=0, font=19, angle=-0.7, align="left", light=0.2),
]


def render_page(plan, content, rng, size=(1240, 1720)):
    W, H = size
    paper = PAPER[plan["n"] % len(PAPER)]
    page = Image.new("RGB", size, paper)
    d = ImageDraw.Draw(page)
    fs = plan["font"]
    reg = font("DejaVuSerif", fs)
    ita = font("DejaVuSerif-Italic", fs)
    lh = int(fs * 1.5)
    margin = 150
    width = W - 2 * margin
    out_lines = []
    for text, style in content["lines"]:
        if style == "wrap":
            out_lines += [(t, "") for t in wrap(text, reg, width)]
        else:
            out_lines.append((text, style))
    total = len(out_lines) * lh
    y = max(140, H - 170 - total) if plan["n"] % 2 else 170
    ink = (28, 26, 24)
    for text, style in out_lines:
        f = ita if style == "i" else reg
        if text:
            if plan["align"] == "center":
                d.text((W / 2, y), text, font=f, fill=ink, anchor="ma")
            else:
                d.text((margin, y), text, font=f, fill=ink)
        y += lh
    # running folio / page furniture: nothing. Gutter (binding) shading on the left.
    g = plan.get("light", 0.3)
    # the page bends down into the gutter: dark band at the binding, broader soft falloff, slight
    # highlight where the curl turns towards the light
    page = apply_light(page, light_mask(size, lambda u, v: (1 - g * math.exp(-u / 0.035) - 0.5 * g * math.exp(-u / 0.14)
                                                            + 0.04 * math.exp(-((u - 0.2) / 0.06) ** 2)) * (1 - 0.06 * abs(v - 0.5)),
                                         grid=(160, 16)))
    return page, len([t for t, _ in out_lines if t])


def make_pages(out):
    out.mkdir(parents=True)
    manifest = []
    for plan in PAGE_PHOTOS:
        rng = random.Random(2000 + plan["n"])
        content = page_plan(plan["n"], rng)
        page, nlines = render_page(plan, content, rng)
        W, H = 1400, 1900
        pc = (page.width / 2, page.height / 2)
        h = similarity(pc, (W / 2 + rng.uniform(-20, 20), H / 2 + rng.uniform(-20, 20)), 1.0, plan["angle"])
        bg = wood(rng, (W, H), rng.choice([(120, 90, 64), (96, 84, 76), (150, 140, 128)]))
        img = composite_sheet(bg, page, h, shadow_offset=(8, 10), shadow_strength=90)
        img = apply_light(img, light_mask((W, H), lambda u, v: 1.0 - 0.22 * ((u - 0.55) ** 2 + (v - 0.45) ** 2) * 2))
        img = img.filter(ImageFilter.GaussianBlur(plan.get("blur", 0.5)))
        img = add_noise(img, rng, 1.2, chroma=0.2, coarse_sigma=0.8)
        rot = plan["rot"]
        if rot:  # raw rotation of the whole photo, no EXIF (clockwise as seen)
            img = img.transpose({90: T.ROTATE_270, 180: T.ROTATE_180, 270: T.ROTATE_90}[rot])
        fn = f"page-{plan['n']:03d}.jpg"
        save_photo(img, out / fn, plan.get("exif"))
        write_json(out / f"{fn}.truth.json", {
            "image": fn, "kind": "page", "width": img.width, "height": img.height,
            "exifOrientation": plan.get("exif", 1), "books": [], "barcodes": [], "isbns": content["isbns"]})
        xh = font("DejaVuSerif", plan["font"]).getbbox("x")
        manifest.append({
            "image": fn,
            "contentRotationDegCW": rot,
            "tiltDegCCW": plan["angle"],
            "exifOrientation": plan.get("exif", 1),
            "textLines": nlines,
            "fontPx": plan["font"],
            "xHeightPx": xh[3] - xh[1],
            "blur": plan.get("blur", 0.5),
            "isbnLines": [t for t, _ in content["lines"] if "ISBN" in t],
            "traps": [{"kind": k, "digits": v, "passesISBN10Checksum": isbn10_valid(v) if len(v) == 10 else False}
                      for k, v in content["traps"]],
        })
    write_json(out / "manifest.json", {"comment": "How each page was rendered (for debugging tests; not truth). "
                                                  "traps: 10-digit numbers that are NOT ISBNs.", "pages": manifest})


# MARK: - main


def make_shelves(out):
    # make_shelves imports this module by name; when run as a script that
    # would load a second copy, so register this one first.
    sys.modules.setdefault("make_fixtures", sys.modules[__name__])
    import make_shelves

    make_shelves.make_shelves(out)


def main(argv):
    sections = argv or ["imaging", "barcodes", "pages", "shelves"]
    makers = {"imaging": make_imaging, "barcodes": make_barcodes, "pages": make_pages, "shelves": make_shelves}
    for s in sections:
        if s not in makers:
            sys.exit(f"unknown section {s!r}; choose from {', '.join(makers)}")
        out = ROOT / s
        if out.exists():
            shutil.rmtree(out)
        makers[s](out)
        print(f"wrote {out.relative_to(ROOT.parent)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
