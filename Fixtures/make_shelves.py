"""Section "shelves" of make_fixtures.py: synthetic bookshelf photos with the
exact outline of every spine.

Imported by make_fixtures.py (run it through make-fixtures.sh). Everything is
made up: titles and authors come from the invented word lists of
make_fixtures.py, ISBNs are random with valid check digits. Every random choice
comes from a seeded random.Random, so the output is the same on every run.

How a photo is made: the shelf is laid out in an upright "scene" a little
larger than the photo (so a small camera rotation never shows an empty
corner), rendered at SS times the final resolution, turned through the camera
rotation, reduced to the final size, then lit, blurred and given noise. Each
book face is rendered as an upright tile in its own frame (head at the top
for spines) and mapped onto its four scene corners with a homography, so the
truth polygon is just those corners pushed through the same camera transform.
"""

import math
import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter

import make_fixtures as mf
from make_fixtures import (ISBN, PLACES, PUBLISHERS, TITLE_A, TITLE_B, add_noise, apply_h, apply_light, blotchy,
                           book_title, composite_sheet, font, homography, light_mask, mat_mul, person, similarity, warp,
                           wood, write_json)

SS = 2  # supersampling factor of the scene
QUALITY = 86  # ~88; 86 keeps the folder under 5 MB

# MARK: - Made-up spine text

NOUNS = list(TITLE_B)
ADJ = [a.split()[-1] for a in TITLE_A]  # Lantern, Winter, Salt, Glass, ...
TOWNS = [p for p in PLACES if p.isascii() and p[0].isupper() and "," not in p]
LETTERS = "ABCDEFGHJKLMNOPRSTW"


def shelf_title(rng, words=None):
    """A made-up title of 1 to 5 words."""
    n = words or rng.choices([1, 2, 3, 4, 5], weights=[2, 4, 6, 3, 2])[0]
    if n == 1:
        return rng.choice(NOUNS + [t for t in TOWNS if " " not in t])
    if n == 2:
        return f"{rng.choice(ADJ)} {rng.choice(NOUNS)}"
    if n == 3:
        return book_title(rng)
    if n == 4:
        return rng.choice([f"Letters to the {rng.choice(NOUNS)}", f"Notes from the {rng.choice(NOUNS)}",
                           f"{book_title(rng)} Returns", f"Songs for the {rng.choice(NOUNS)}"])
    return rng.choice([f"The {rng.choice(ADJ)} and the {rng.choice(NOUNS)}",
                       f"{book_title(rng)} of {rng.choice([t for t in TOWNS if ' ' not in t])}",
                       f"A Year in the {rng.choice(NOUNS)}"])


def shelf_author(rng):
    """'First Last' most of the time, otherwise initials ('M. J. Quill')."""
    name = person(rng)
    if rng.random() < 0.22:
        last = name.split()[-1]
        k = rng.choice([1, 2, 2])
        return " ".join(f"{c}." for c in rng.sample(LETTERS, k)) + " " + last
    return name


def pub_initials(name):
    skip = {"Press", "Books", "Publishing", "Editions", "House", "&"}
    return "".join(w[0] for w in name.split() if w not in skip)[:2]


# MARK: - Colours

SPINE_COLOURS = [
    (236, 230, 214), (246, 244, 238), (28, 28, 32), (24, 36, 72), (40, 62, 112), (150, 28, 34), (96, 22, 32),
    (30, 78, 52), (64, 98, 62), (214, 164, 48), (226, 112, 38), (24, 112, 118), (120, 122, 126), (176, 200, 220),
    (222, 150, 160), (104, 66, 42), (182, 148, 100), (70, 44, 90), (200, 60, 50), (236, 204, 120), (58, 58, 60),
    (150, 176, 130), (92, 140, 180), (250, 220, 60), (214, 220, 204), (160, 90, 60),
]
LIGHT_INKS = [(246, 242, 230), (255, 255, 255), (226, 196, 120), (250, 226, 168), (236, 236, 228)]
DARK_INKS = [(18, 18, 22), (40, 30, 24), (26, 36, 76), (110, 22, 28), (30, 30, 30)]
ACCENTS = [(204, 168, 86), (230, 200, 120), (180, 40, 40), (240, 240, 232), (30, 30, 34), (40, 90, 140)]


def lum(c):
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def jitter(rng, c, k=14):
    return tuple(max(0, min(255, int(v + rng.uniform(-k, k)))) for v in c)


def ink_for(rng, base):
    pool = LIGHT_INKS if lum(base) < 0.52 else DARK_INKS
    for _ in range(10):
        ink = rng.choice(pool)
        if abs(lum(ink) - lum(base)) > 0.42:
            return ink
    return (255, 255, 255) if lum(base) < 0.52 else (0, 0, 0)


# MARK: - Text helpers

_cap_ratio = {}


def cap_ratio(name):
    """Cap height / font size of a DejaVu face."""
    if name not in _cap_ratio:
        bb = font(name, 200).getbbox("H", anchor="ls")
        _cap_ratio[name] = -bb[1] / 200
    return _cap_ratio[name]


def font_for_cap(name, cap):
    return font(name, max(6, cap / cap_ratio(name)))


def line_length(parts):
    """parts: list of (text, font, colour, cap) laid out along one line."""
    if not parts:
        return 0
    gap = 1.1 * max(p[3] for p in parts)
    return sum(p[1].getlength(p[0]) for p in parts) + gap * (len(parts) - 1)


def fit_parts(specs, usable):
    """specs: list of (text, fontname, colour, cap). Shrinks all caps by one
    factor until the line fits into usable; returns (parts, factor)."""
    k = 1.0
    for _ in range(40):
        parts = [(t, font_for_cap(n, c * k), col, c * k) for t, n, col, c in specs]
        L = line_length(parts)
        if L <= usable:
            return parts, k
        k *= min(0.97, usable / L * 1.005)
    return parts, k


def draw_line(d, parts, yc, span0, span1, align):
    """Draws parts along x in [span0, span1], vertically centred (on the caps)
    at yc. align: start | centre | spread | end."""
    if not parts:
        return
    gap = 1.1 * max(p[3] for p in parts)
    lens = [p[1].getlength(p[0]) for p in parts]
    total = sum(lens) + gap * (len(parts) - 1)
    if align == "centre":
        xs = [(span0 + span1 - total) / 2]
    elif align == "end":
        xs = [span1 - total]
    else:
        xs = [span0]
    for L in lens[:-1]:
        xs.append(xs[-1] + L + gap)
    if align == "spread" and len(parts) > 1:
        xs[-1] = span1 - lens[-1]
    for (text, f, col, cap), x in zip(parts, xs):
        d.text((x, yc + cap / 2), text, font=f, fill=col + (255,), anchor="ls")


# MARK: - Book faces (tiles)


def shade_tile(tile, rng, axis="x", strength=1.0, flat=False):
    """Cylindrical shading across a spine: darker edges, a soft highlight."""
    w, h = tile.size
    n = w if axis == "x" else h
    hc = rng.uniform(0.28, 0.46)
    spec_k = rng.uniform(0.06, 0.16) * strength
    mul, scr = [], []
    for i in range(n):
        u = (i + 0.5) / n
        if flat:
            m = 0.9 + 0.1 * u
            s = 0
        else:
            m = 1 - strength * 0.34 * (1 - math.sin(math.pi * u) ** 0.5)
            s = spec_k * math.exp(-((u - hc) / 0.12) ** 2)
        mul.append(int(255 * m))
        scr.append(int(255 * s))
    size1 = (n, 1) if axis == "x" else (1, n)
    pm, ps = Image.new("L", size1), Image.new("L", size1)
    pm.putdata(mul)
    ps.putdata(scr)
    pm = Image.merge("RGB", [pm.resize((w, h), Image.Resampling.NEAREST)] * 3)
    ps = Image.merge("RGB", [ps.resize((w, h), Image.Resampling.NEAREST)] * 3)
    return ImageChops.screen(ImageChops.multiply(tile, pm), ps)


def draw_emblem(d, cx, cy, size, kind, ink, base, letters):
    r = size / 2
    if kind == "ring":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=max(1, int(size / 10)))
        fill = ink
    elif kind == "disc":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
        fill = base
    elif kind == "square":
        d.rectangle([cx - r, cy - r, cx + r, cy + r], outline=ink, width=max(1, int(size / 10)))
        fill = ink
    elif kind == "diamond":
        d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
        return
    else:  # star
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=ink)
        return
    if letters and size >= 14 * SS:
        f = font_for_cap("DejaVuSerif-Bold", size * (0.42 if len(letters) == 1 else 0.3))
        d.text((cx, cy), letters, font=f, fill=fill, anchor="mm")


def choose_text(rng, b, used, usable, A, lines_y):
    """Picks a title (unused in this photo) whose line(s) fit into usable.
    Returns list of (yc, parts, align)."""
    st = b["style"]
    author = shelf_author(rng)
    best = None
    modes = [b["mode"]] + (["two"] if b["mode"] == "one" and A >= 36 * SS and "two" in lines_y else [])
    for attempt in range(40):
        title = shelf_title(rng) if attempt < 34 else shelf_title(rng, 1)
        if title in used:
            continue
        t_txt = title.upper() if st["upper"] else title
        a_txt = author.upper() if st["author_upper"] else author
        for mode in modes:
            tc, ac = (st["title_cap"] * A, st["author_cap"] * A) if mode == b["mode"] else (st["title_cap2"] * A, st["author_cap2"] * A)
            if mode == "one":
                specs = [[(t_txt, st["title_font"], st["ink"], tc), (a_txt, st["author_font"], st["author_ink"], ac)]]
            elif mode == "two":
                specs = [[(t_txt, st["title_font"], st["ink"], tc)], [(a_txt, st["author_font"], st["author_ink"], ac)]]
            else:  # isbn: title + author on line one, the ISBN on line two
                specs = [[(t_txt, st["title_font"], st["ink"], tc), (a_txt, st["author_font"], st["author_ink"], ac)],
                         [("ISBN " + b["isbn"].hyphenated(), "DejaVuSans", st["ink"], max(0.17 * A, 9.5 * SS))]]
            fitted = [fit_parts(s, usable) for s in specs]
            k = fitted[0][1] if mode == "isbn" else min(f[1] for f in fitted)
            assert mode != "isbn" or fitted[1][1] == 1, "printed ISBN does not fit"  # must stay legible
            score = k * tc / A / (st["min_cap"] if mode == b["mode"] else 0.22)  # >= 1: large enough
            if best is None or score > best[0]:
                best = (score, title, author, fitted, specs, mode, k)
        if best[0] >= 1:
            break
    _, title, author, fitted, specs, mode, k = best
    b["mode"] = mode
    used.add(title)
    b["title"], b["author"] = title, author
    out = []
    for i, (parts, _) in enumerate(fitted):
        if not (mode == "isbn" and i == 1):  # one factor for title and author keeps the title the larger
            parts = [(t, font_for_cap(n, c * k), col, c * k) for (t, n, col, c) in specs[i]]
        out.append((lines_y[mode if mode != "isbn" else "two"][i], parts))
    return out


def render_spine(rng, b, used):
    """Upright tile of an upright or leaning book: head at the top."""
    A = max(3, round(b["w"] * SS))
    L = max(8, round(b["h"] * SS))
    st = b["style"]
    base = b["colour"]
    tile = Image.new("RGB", (A, L), base)
    d = ImageDraw.Draw(tile)
    head = max(0.03 * L, min(0.3 * A, 0.05 * L))
    mark_h = min(max(0.07 * L, 0.9 * A), 0.13 * L)  # publisher mark zone at the foot
    foot_h = mark_h
    accent = st["accent"]
    if st["head_block"]:
        hb = L * rng.uniform(0.05, 0.09)
        d.rectangle([0, 0, A, hb], fill=st["head_block"])
        d.rectangle([0, L - mark_h * 0.95, A, L], fill=st["head_block"])
        head = max(head, hb + min(0.3 * A, 0.04 * L))
    if st["bands"]:
        bt = max(1.5 * SS, 0.006 * L)
        y = min(max(0.02 * L, 0.15 * A), 0.04 * L) + (hb if st["head_block"] else 0)
        for _ in range(st["bands"]):
            d.rectangle([0, y, A, y + bt], fill=accent)
            d.rectangle([0, L - mark_h - y + 0.02 * L - bt, A, L - mark_h - y + 0.02 * L], fill=accent)
            y += bt * 2.2
        head = max(head, y + min(0.25 * A, 0.03 * L))
        foot_h = mark_h + y
    if st["logo"] and A >= 12 * SS:
        size = min(0.45 * A, 0.06 * L)
        draw_emblem(d, A / 2, head + size / 2, size, st["logo"], accent if st["bands"] else st["ink"], base, "")
        head += size + min(0.35 * A, 0.03 * L)
    mk = min(0.6 * A, mark_h * 0.62)
    mark_ink = st["ink"] if not st["head_block"] else ink_for(rng, st["head_block"])
    mark_bg = base if not st["head_block"] else st["head_block"]
    draw_emblem(d, A / 2, L - mark_h * 0.5, mk, st["pub_emblem"], mark_ink, mark_bg, st["pub_letters"])
    ttb = b["orient"] == "topToBottom"
    pad = min(0.25 * A, 0.03 * L)
    span0, span1 = (head, L - foot_h - pad) if ttb else (foot_h + pad, L - head)
    lines = choose_text(rng, b, used, span1 - span0, A, {"one": [0.5 * A], "two": [0.34 * A, 0.74 * A]})
    layer = Image.new("RGBA", (L, A), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    if st["block"] and b["mode"] == "one":
        parts = lines[0][1]
        tl = parts[0][1].getlength(parts[0][0])
        x0 = span0 if st["align"] in ("start", "spread") else (span0 + span1 - line_length(parts)) / 2
        pad = 0.3 * A
        ld.rectangle([x0 - pad, 0, x0 + tl + pad, A], fill=st["block"] + (255,))
        parts[0] = (parts[0][0], parts[0][1], ink_for(rng, st["block"]), parts[0][3])
    for i, (yc, parts) in enumerate(lines):
        align = st["align"] if i == 0 else ("end" if b["mode"] == "isbn" else st["align2"])
        draw_line(ld, parts, yc, span0, span1, align)
    layer = layer.transpose(Image.Transpose.ROTATE_270 if ttb else Image.Transpose.ROTATE_90)
    tile.paste(layer, (0, 0), layer)
    return shade_tile(tile, rng, "x", st["shade"])


def render_lying(rng, b, used):
    """Tile of a book lying flat in a stack: the spine seen as a horizontal bar."""
    Lx = max(8, round(b["w"] * SS))
    A = max(3, round(b["h"] * SS))
    st = b["style"]
    tile = Image.new("RGB", (Lx, A), b["colour"])
    d = ImageDraw.Draw(tile)
    head = max(0.04 * Lx, 0.35 * A)
    foot = min(max(0.07 * Lx, 1.05 * A), 0.2 * Lx)
    if st["bands"]:
        bt = max(1.5 * SS, 0.006 * Lx)
        d.rectangle([head * 0.5, 0, head * 0.5 + bt, A], fill=st["accent"])
        d.rectangle([Lx - foot - bt, 0, Lx - foot, A], fill=st["accent"])
        head += bt * 2
    draw_emblem(d, Lx - foot / 2, A / 2, min(0.6 * A, foot * 0.62), st["pub_emblem"], st["ink"], b["colour"],
                st["pub_letters"])
    lines = choose_text(rng, b, used, Lx - foot - head - 0.25 * A, A, {"one": [0.5 * A]})
    layer = Image.new("RGBA", (Lx, A), (0, 0, 0, 0))
    draw_line(ImageDraw.Draw(layer), lines[0][1], lines[0][0], head, Lx - foot - 0.25 * A, st["align"])
    tile.paste(layer, (0, 0), layer)
    return shade_tile(tile, rng, "y", st["shade"])


def render_cover(rng, b, used):
    """Front cover of a face-out book: horizontal title and author."""
    w, h = max(8, round(b["w"] * SS)), max(8, round(b["h"] * SS))
    st = b["style"]
    base = b["colour"]
    tile = Image.new("RGB", (w, h), base)
    d = ImageDraw.Draw(tile)
    # a simple made-up illustration: a disc over two hills, or stripes
    art = st["accent"]
    if rng.random() < 0.5:
        r = w * rng.uniform(0.12, 0.2)
        cx, cy = w * rng.uniform(0.3, 0.7), h * 0.58
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=art)
        d.polygon([(0, h * 0.8), (w * 0.45, h * 0.62), (w, h * 0.78), (w, h * 0.86), (0, h * 0.86)],
                  fill=jitter(rng, base, 40))
    else:
        for k in range(rng.randint(3, 6)):
            y = h * (0.5 + 0.06 * k)
            d.rectangle([0, y, w, y + h * 0.025], fill=art)
    author = shelf_author(rng)
    for _ in range(30):
        title = shelf_title(rng)
        if title not in used:
            break
    used.add(title)
    b["title"], b["author"] = title, author
    t_txt = title.upper() if st["upper"] else title
    cap = w * rng.uniform(0.075, 0.1)
    for _ in range(20):
        f = font_for_cap(st["title_font"], cap)
        lines = mf.wrap(t_txt, f, w * 0.84)
        if len(lines) <= 3 and all(f.getlength(t) <= w * 0.86 for t in lines):
            break
        cap *= 0.92
    y = h * 0.1
    for t in lines:
        d.text((w / 2, y + cap), t, font=f, fill=st["ink"], anchor="ms")
        y += cap * 1.6
    acap = cap * 0.6
    fa = font_for_cap(st["author_font"], acap)
    while fa.getlength(author) > w * 0.86 and acap > 4:
        acap *= 0.92
        fa = font_for_cap(st["author_font"], acap)
    d.text((w / 2, h * 0.94), author.upper() if st["author_upper"] else author, font=fa, fill=st["ink"], anchor="ms")
    tile = shade_tile(tile, rng, "x", flat=True)
    # the hinge of the cover catches a little shadow
    ImageDraw.Draw(tile).rectangle([0, 0, max(1, w * 0.02), h], fill=jitter(rng, tuple(int(c * 0.7) for c in base), 0))
    return tile


def replicate_pad(img, p):
    w, h = img.size
    out = img.resize((w + 2 * p, h + 2 * p), Image.Resampling.NEAREST)
    out.paste(img, (p, p))
    return out


def place_tile(scene, tile, corners):
    """Maps the tile onto corners (scene pixels, [TL, TR, BR, BL]) with an
    anti-aliased edge."""
    p = 3
    tw, th = tile.size
    src = [(p, p), (p + tw, p), (p + tw, p + th), (p, p + th)]
    h = homography(src, corners)
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    x0, y0 = int(math.floor(min(xs))) - 2, int(math.floor(min(ys))) - 2
    x1, y1 = int(math.ceil(max(xs))) + 2, int(math.ceil(max(ys))) + 2
    hh = mat_mul([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], h)
    mask_src = Image.new("L", (tw + 2 * p, th + 2 * p), 0)
    mask_src.paste(255, (p, p, p + tw, p + th))
    size = (x1 - x0, y1 - y0)
    scene.paste(warp(replicate_pad(tile, p), hh, size), (x0, y0), warp(mask_src, hh, size))


# MARK: - Book plans


def new_style(rng, base):
    ink = ink_for(rng, base)
    serif = rng.random() < 0.55
    return {
        "ink": ink,
        "author_ink": ink if rng.random() < 0.75 else rng.choice([a for a in ACCENTS if abs(lum(a) - lum(base)) > 0.35] or [ink]),
        "accent": rng.choice([a for a in ACCENTS if abs(lum(a) - lum(base)) > 0.25] or [ink]),
        "title_font": rng.choice(["DejaVuSerif-Bold", "DejaVuSerif"] if serif else ["DejaVuSans-Bold", "DejaVuSans-Bold", "DejaVuSans"]),
        "author_font": rng.choice(["DejaVuSerif", "DejaVuSerif-Italic"] if serif else ["DejaVuSans", "DejaVuSans-Bold"]),
        "upper": rng.random() < 0.4,
        "author_upper": rng.random() < 0.3,
        "title_cap": rng.uniform(0.36, 0.55),
        "author_cap": 0.0,  # set by set_mode
        "title_cap2": rng.uniform(0.25, 0.31),  # two lines across the spine
        "author_cap2": rng.uniform(0.17, 0.21),
        "min_cap": 0.3,
        "align": rng.choice(["start", "start", "spread", "centre"]),
        "align2": rng.choice(["start", "centre", "end"]),
        "bands": rng.choice([0, 0, 0, 0, 1, 2, 3]),
        "head_block": None,
        "logo": rng.choice([None] * 6 + ["star", "diamond", "ring", "disc"]),
        "block": None,
        "pub_emblem": rng.choice(["ring", "disc", "square", "diamond", "star"]),
        "pub_letters": pub_initials(rng.choice(PUBLISHERS)[0]),
        "shade": rng.uniform(0.7, 1.2),
    }


def new_spine(rng, P, clear, prev=None):
    """An upright book (w = spine width, h = height), maybe a copy of prev's
    colour and design (same-colour neighbours)."""
    W = P["size"][0]
    u = rng.random()
    frac = rng.uniform(0.01, 0.02) if u < 0.1 else rng.uniform(0.05, 0.08) if u > 0.88 else rng.uniform(0.02, 0.05)
    w = max(10.0, frac * W)
    hk = rng.choices([(0.55, 0.66), (0.66, 0.8), (0.8, 0.9), (0.9, 0.97)], weights=[2, 4, 4, 2])[0]
    h = clear * rng.uniform(*hk)
    b = {"kind": "spine", "w": w, "h": h, "isbn": ISBN.random(rng, rng.choice(["978", "978", "978", "979"])),
         "orient": "bottomToTop" if rng.random() < P.get("btt", 0.18) else "topToBottom", "printed": False,
         "same_as_prev": False}
    b["run"] = 1
    if prev is not None and prev["kind"] == "spine" and prev["run"] < P.get("max_run", 3) \
            and rng.random() < P.get("same", 0.08):
        b["run"] = prev["run"] + 1
        b["colour"] = prev["colour"]
        b["style"] = dict(prev["style"])
        b["style"]["align"] = rng.choice(["start", "spread", "centre"])
        b["orient"] = prev["orient"]
        b["same_as_prev"] = True
        if rng.random() < 0.5:  # a series: same height too
            b["h"] = prev["h"]
        if P.get("same_run_width"):
            b["w"] = min(max(10.0, 0.01 * W, prev["w"] * rng.uniform(0.8, 1.25)), 0.08 * W)
    else:
        b["colour"] = jitter(rng, rng.choice(SPINE_COLOURS))
        b["style"] = new_style(rng, b["colour"])
        st = b["style"]
        if rng.random() < 0.08:
            st["head_block"] = rng.choice([a for a in ACCENTS if abs(lum(a) - lum(b["colour"])) > 0.2] or [st["ink"]])
        if rng.random() < 0.12:
            st["block"] = rng.choice([a for a in ACCENTS if abs(lum(a) - lum(b["colour"])) > 0.3] or [st["ink"]])
    set_mode(rng, b)
    return b


def set_mode(rng, b, mode=None):
    st = b["style"]
    A = b["w"]
    b["mode"] = mode or ("two" if A >= 40 and rng.random() < 0.4 else "one")
    if b["mode"] == "one":
        st["author_cap"] = st["title_cap"] * rng.uniform(0.55, 0.78)
    else:
        st["title_cap"], st["author_cap"] = st["title_cap2"], st["author_cap2"]
        st["min_cap"] = 0.22
        if st["block"]:
            st["block"] = None


def new_faceout(rng, clear):
    h = clear * rng.uniform(0.62, 0.85)
    colour = jitter(rng, rng.choice(SPINE_COLOURS))
    st = new_style(rng, colour)
    return {"kind": "faceout", "w": h * rng.uniform(0.64, 0.72), "h": h, "colour": colour, "style": st,
            "isbn": ISBN.random(rng), "orient": "horizontal", "printed": False, "same_as_prev": False}


def new_stack(rng, P, clear, k):
    W = P["size"][0]
    books = []
    group = {"k": k}
    length = min(clear * rng.uniform(0.55, 0.8), W * 0.3)
    for _ in range(k):
        t = max(12.0, W * rng.uniform(0.022, 0.05))
        t = min(t, clear * 0.55 / k)
        colour = jitter(rng, rng.choice(SPINE_COLOURS))
        st = new_style(rng, colour)
        st["title_cap"] = rng.uniform(0.36, 0.5)
        st["author_cap"] = st["title_cap"] * rng.uniform(0.6, 0.78)
        st["align"] = rng.choice(["start", "centre", "spread"])
        L = length * rng.uniform(0.9, 1.1)
        books.append({"kind": "stacked", "w": L, "h": t, "colour": colour, "style": st, "isbn": ISBN.random(rng),
                      "orient": "horizontal", "printed": False, "same_as_prev": False, "mode": "one",
                      "stack": group, "offset": rng.uniform(0, 0.06) * length})
    return books


# MARK: - Layout


def lean_run(run, alpha_deg, supports, clear, eps=0.4):
    """Corners of books leaning towards their support, in the support-left
    frame: x from the anchor (the supporting item's near edge) away from the
    support, y up from the board. supports: (d, h) = near edge at x = -d,
    height h. Returns [TL, TR, BR, BL] per book (the book's own corners as
    seen in this frame)."""
    a = math.radians(alpha_deg)
    s, c, t = math.sin(a), math.cos(a), math.tan(a)
    out, prev = [], None
    for b in run:
        w = b["w"]
        b["h"] = min(b["h"], (clear * 0.975 - w * s) / c)
        h = b["h"]
        p = max([-d + min(h * s, hj * t) for d, hj in supports] + [0.0]) + eps
        if prev is not None:
            p = max(p, prev[0] + prev[1] / c + eps)
        out.append([(p - h * s, h * c), (p - h * s + w * c, h * c + w * s), (p + w * c, w * s), (p, 0.0)])
        prev = (p, w)
    return out


def layout_group(x, yb, clear, core, gaps, run_r, ang_r, run_l, ang_l, placed):
    """Places [right-leaning run] core [left-leaning run] from x. Returns
    (list of (book, corners, lean deg), right end)."""
    rel, cx = [], 0.0
    for i, it in enumerate(core):
        if i:
            cx += gaps[i]
        rel.append(cx)
        cx += it["w"]
    core_w = cx
    out = []
    # right-leaning books at the start, leaning on the core (mirror frame)
    E_r = 0.0
    mirrored = []
    if run_r:
        sup = [(rel[j], it["h"]) for j, it in enumerate(core) if it["kind"] != "stack"]
        mirrored = lean_run(run_r, ang_r, sup, clear)
        E_r = max(p[0] for cs in mirrored for p in cs) + 0.5
    xc = x + E_r
    for b, cs in zip(run_r, mirrored):
        tl, tr, br, bl = [(xc - px, yb - py) for px, py in cs]
        out.append((b, [tr, tl, bl, br], ang_r))  # the mirror swaps left and right
    for it, r in zip(core, rel):
        if it["kind"] == "stack":
            y, lying = yb, []
            for sb in it["books"]:  # bottom up; listed top first
                x0 = xc + r + sb["offset"]
                lying.append((sb, [(x0, y - sb["h"]), (x0 + sb["w"], y - sb["h"]), (x0 + sb["w"], y), (x0, y)], 0.0))
                y -= sb["h"]
            out += lying[::-1]
        else:
            x0 = xc + r
            out.append((it, [(x0, yb - it["h"]), (x0 + it["w"], yb - it["h"]), (x0 + it["w"], yb), (x0, yb)], 0.0))
    anchor = xc + core_w
    if run_l:
        # everything already standing in this row is a possible obstacle (its bounding box)
        sup = []
        for _, cs in placed + [(b, cs) for b, cs, _ in out]:
            sup.append((anchor - max(p[0] for p in cs), yb - min(p[1] for p in cs)))
        cs_l = lean_run(run_l, ang_l, sup, clear)
        for b, cs in zip(run_l, cs_l):
            out.append((b, [(anchor + px, yb - py) for px, py in cs], -ang_l))
    right = max(p[0] for _, cs, _ in out for p in cs)
    return out, right


def layout_row(rng, P, x0, x1, yb, clear, specials):
    """Fills one row from x0 to at most x1. Returns list of (book, corners, lean)."""
    W = P["size"][0]
    placed = []  # (book, corners, lean)
    x = x0
    prev = None
    after_gap = True
    special_at = sorted((x0 + (x1 - x0) * rng.uniform(0.05, 0.45), s) for s in specials)
    lean_lo, lean_hi = P.get("lean_deg", (4, 15))
    tight = P.get("tight", (0.3, 2.6))
    script = list(P.get("script", []))  # fixed groups: (core books, right-leaning, left-leaning)
    while x < x1 - 12 and not P.get("empty"):
        gap_after = rng.random() < P.get("gap", 0.35)
        plan = script.pop(0) if script else None
        special = bool(special_at) and x >= special_at[0][0]
        if special:
            kind = special_at.pop(0)[1]
            if kind == "faceout":
                core = [new_faceout(rng, clear)]
            else:
                sb = new_stack(rng, P, clear, int(kind[-1]))
                core = [{"kind": "stack", "books": sb, "h": sum(b["h"] for b in sb),
                         "w": max(b["offset"] + b["w"] for b in sb)}]
            gaps = [0.0]
            run_r, run_l = [], []
            gap_after = gap_after or rng.random() < 0.5
            x += W * rng.uniform(0.004, 0.02) if placed else 0
            prev = None
        else:
            n = plan[0] if plan else rng.randint(*P.get("group", (3, 12)))
            core = []
            for _ in range(n):
                b = new_spine(rng, P, clear, prev)
                core.append(b)
                prev = b
            gaps = [rng.uniform(*tight) for _ in core]
            n_r = rng.choice([1, 1, 2]) if after_gap and rng.random() < P.get("lean_start", 0.35) else 0
            n_l = rng.choice([1, 1, 2, 2, 3]) if gap_after and rng.random() < P.get("lean_end", 0.5) else 0
            if plan:
                n_r, n_l, gap_after = plan[1], plan[2], True
            run_r = [new_spine(rng, P, clear) for _ in range(n_r)]
            run_l = [new_spine(rng, P, clear) for _ in range(n_l)]
        ang_r, ang_l = rng.uniform(lean_lo, lean_hi), rng.uniform(lean_lo, lean_hi)
        while True:
            if run_r:  # keep a right-leaning book from reaching over the whole core
                core_w = sum(it["w"] for it in core)
                for b in run_r:
                    if b["h"] * math.sin(math.radians(ang_r)) > 0.8 * core_w:
                        ang_r = max(2.0, math.degrees(math.asin(min(1.0, 0.8 * core_w / b["h"]))))
            out, right = layout_group(x, yb, clear, core, gaps, run_r, ang_r, run_l, ang_l,
                                      [(b, cs) for b, cs, _ in placed])
            if right <= x1:
                break
            if len(core) > 2:
                core.pop()
            elif run_l:
                run_l.pop()
            elif run_r:
                run_r.pop()
            elif core:
                core.pop()
            if not core and not run_r:
                out = []
                break
        if not out:
            if special:
                continue  # no room left for it here: go on with spines
            break
        placed += out
        if gap_after:
            x = right + (x1 - x0) * rng.uniform(0.025, 0.1)
            prev = None
            after_gap = True
        else:
            x = right + rng.uniform(*tight)
            after_gap = False
            if run_l:
                prev = None
    return placed


# MARK: - Scene


BOARDS = {
    "oak": ((188, 148, 104), True), "walnut": ((104, 70, 46), True), "pine": ((214, 178, 128), True),
    "white": ((232, 230, 224), False), "black": ((40, 38, 38), False), "grey": ((150, 150, 148), False),
}
BACKS = {
    "dark back panel": ((50, 42, 38), "blotchy"), "wood panel": ((156, 116, 78), "wood"),
    "mid grey": ((128, 128, 126), "blotchy"), "light wall": ((228, 224, 214), "blotchy"),
}


def board_texture(rng, size, base, grain):
    w, h = size
    img = blotchy(rng, size, base, 10 if grain else 5, grid=(max(2, w // 300), max(2, h // 60)))
    if grain:
        gw, gh = max(2, w // 90), max(2, h // 3)
        g = Image.frombytes("L", (gw, gh), rng.randbytes(gw * gh)).resize(size, Image.Resampling.BICUBIC)
        g = g.point(lambda v: int(205 + (v - 128) * 0.35))
        img = ImageChops.multiply(img, Image.merge("RGB", [g] * 3).point(lambda v: min(255, v + 45)))
    return img


def draw_board(scene, rng, rect, base, grain):
    x0, y0, x1, y1 = [int(round(v * SS)) for v in rect]
    if x1 <= x0 or y1 <= y0:
        return
    tex = board_texture(rng, (x1 - x0, y1 - y0), base, grain)
    d = ImageDraw.Draw(tex)
    e = max(1, SS)
    d.rectangle([0, 0, x1 - x0, e], fill=tuple(min(255, int(c * 1.18 + 14)) for c in base))
    d.rectangle([0, y1 - y0 - e, x1 - x0, y1 - y0], fill=tuple(int(c * 0.62) for c in base))
    scene.paste(tex, (x0, y0))


def render_shelf_photo(P):
    rng = random.Random(P["seed"])
    W, H = P["size"]
    rot = P.get("rot", 0.0)
    sa = abs(math.sin(math.radians(rot)))
    M = int(math.ceil(max(W, H) * 0.5 * math.sin(math.radians(3.5)))) + 12
    CW, CH = W + 2 * M, H + 2 * M
    mx = H / 2 * sa + 0.02 * W + P.get("inset", 0.0) * W
    my = W / 2 * sa + 0.025 * H
    sx0, sx1, sy0, sy1 = M + mx, M + W - mx, M + my, M + H - my
    R = P["rows"]
    bg_kind = P["background"]
    board_name = P["boards"]
    bbase, grain = BOARDS[board_name]
    bbase = jitter(rng, bbase, 6)
    floating = bg_kind == "light wall"
    t_b = H * P.get("board", rng.uniform(0.018, 0.034))
    top_extra = (sy1 - sy0) * P.get("top_extra", 0.0)
    clear = ((sy1 - sy0) - top_extra - (R - 1) * t_b) / R
    row_tops = [sy0 + top_extra + r * (clear + t_b) for r in range(R)]

    # background + back panel
    size_ss = (CW * SS, CH * SS)
    bcol, btex = BACKS[bg_kind]
    bcol = jitter(rng, bcol, 6)
    if btex == "wood":
        back = wood(rng, size_ss, bcol)
    else:
        back = blotchy(rng, size_ss, bcol, 7 if lum(bcol) < 0.3 else 9)
    scene = back
    panel_w = max(0.025 * W, t_b * 1.1)
    if not floating:
        wall = blotchy(rng, size_ss, jitter(rng, (214, 208, 196), 10), 8)
        inner = Image.new("L", size_ss, 0)
        ImageDraw.Draw(inner).rectangle([int((sx0 - 1) * SS), int((row_tops[0] - t_b) * SS),
                                         int((sx1 + 1) * SS), size_ss[1]], fill=255)
        scene = Image.composite(back, wall, inner)

    # shading of the background (1x mask): shelf interior, board shadows
    shade = Image.new("L", (CW, CH), 255)
    sd = ImageDraw.Draw(shade)
    for r in range(R):
        top = row_tops[r]
        for k in range(int(clear)):
            v = k / clear
            if not floating:
                f = 0.55 + 0.4 * v ** 0.7  # the inside of the case is in shadow, most under the board above
            else:
                f = 1 - 0.35 * math.exp(-k / (t_b * 1.2)) if r > 0 else 1.0  # board's shadow on the wall
            yy = top + k
            sd.line([(sx0 - 1 if not floating else 0, yy), (sx1 + 1 if not floating else CW, yy)], fill=int(255 * f))

    rows = []
    specials = P.get("specials", {})
    for r in range(R):
        yb = row_tops[r] + clear
        placed = layout_row(rng, P, sx0 + 0.6, sx1 - 0.6, yb, clear, specials.get(r, []))
        rows.append(placed)
    mark_printed_isbns(rng, P, rows)

    # soft shadow of the books onto the back (gaps between neighbours look dark)
    fp = Image.new("L", (CW, CH), 0)
    fd = ImageDraw.Draw(fp)
    for placed in rows:
        for _, cs, _ in placed:
            fd.polygon([(x + 1.5, y + 1.0) for x, y in cs], fill=255)
    fp = fp.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(P.get("shadow_blur", 4)))
    shade = ImageChops.multiply(shade, fp.point(lambda v: 255 - int(v * P.get("shadow", 0.72))))
    scene = ImageChops.multiply(scene, Image.merge("RGB", [shade.resize(size_ss, Image.Resampling.BILINEAR)] * 3))

    # boards
    if floating:  # wall shelves: boards may end inside the photo
        bx0, bx1 = M + W * rng.uniform(-0.2, 0.01), M + W * rng.uniform(0.99, 1.2)
    else:
        bx0, bx1 = sx0 - panel_w, sx1 + panel_w
        draw_board(scene, rng, (bx0, row_tops[0] - t_b, bx1, row_tops[0]), bbase, grain)
    for r in range(R):
        yb = row_tops[r] + clear
        tb = t_b if r < R - 1 else t_b * 1.25
        draw_board(scene, rng, (bx0, yb, bx1, yb + tb), bbase, grain)
        if r == R - 1 and not floating:  # plinth below the last board
            draw_board(scene, rng, (sx0, yb + tb, sx1, CH + 2), tuple(int(c * 0.8) for c in bbase), grain)
    if not floating:
        for xa in (sx0 - panel_w, sx1):
            side = board_texture(rng, (int((CH + 2) * SS), int(panel_w * SS)), bbase, grain).transpose(Image.Transpose.ROTATE_90)
            side = ImageChops.multiply(side, Image.new("RGB", side.size, (236, 236, 236)))
            scene.paste(side, (int(xa * SS), int((row_tops[0] - t_b) * SS)))

    # books
    used = set()
    books = []
    seq = 0
    for r, placed in enumerate(rows):
        for b, cs, lean in placed:
            if b["kind"] == "spine":
                tile = render_spine(rng, b, used)
            elif b["kind"] == "stacked":
                tile = render_lying(rng, b, used)
            else:
                tile = render_cover(rng, b, used)
            place_tile(scene, tile, [(x * SS, y * SS) for x, y in cs])
            books.append({"b": b, "corners": cs, "lean": lean, "row": r, "seq": seq})
            seq += 1

    # camera: rotate about the centre, reduce to the final size
    h_ss = similarity((CW * SS / 2, CH * SS / 2), (W * SS / 2, H * SS / 2), 1.0, rot)
    h1 = similarity((CW / 2, CH / 2), (W / 2, H / 2), 1.0, rot)
    img = warp(scene, h_ss, (W * SS, H * SS)).reduce(SS)
    img = photo_finish(img, rng, P)
    for bk in books:
        bk["polygon"] = [[round(v, 1) for v in apply_h(h1, p)] for p in bk["corners"]]
        for x, y in bk["polygon"]:
            assert -0.5 <= x <= W + 0.5 and -0.5 <= y <= H + 0.5, (P["name"], bk["polygon"])
    check_overlaps(books)
    return img, books, {"boardThicknessPx": round(t_b, 1), "rowClearHeightPx": round(clear, 1), "sidePanels": not floating}


def photo_finish(img, rng, P):
    W, H = img.size
    light = P.get("light", "vignette")
    if light == "top":
        fn = lambda u, v: 1.0 - 0.3 * v
    elif light == "diagonal":
        fn = lambda u, v: 0.62 + 0.38 * (1 - 0.5 * (u + v))
    else:
        fn = mf.lighting_fn(light, rng)
    img = apply_light(img, light_mask((W, H), fn))
    img = img.filter(ImageFilter.GaussianBlur(P.get("blur", 0.8)))
    if not P.get("noise", 1.0):
        return img
    return add_noise(img, rng, P.get("noise", 1.0), chroma=0.15, coarse_sigma=0.3)


def poly_area(pts):
    return 0.5 * sum(pts[i][0] * pts[i - 1][1] - pts[i - 1][0] * pts[i][1] for i in range(len(pts)))


def clip(subject, clipper):
    """Sutherland–Hodgman clipping of a polygon by a convex polygon."""
    if poly_area(clipper) < 0:
        clipper = clipper[::-1]
    out = subject
    for i in range(len(clipper)):
        a, b = clipper[i - 1], clipper[i]
        inp, out = out, []
        if not inp:
            break
        side = lambda p: (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        for j in range(len(inp)):
            p, q = inp[j - 1], inp[j]
            sp, sq = side(p), side(q)
            if sq >= 0:
                if sp < 0:
                    t = sp / (sp - sq)
                    out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
                out.append(q)
            elif sp >= 0:
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def check_overlaps(books):
    for i in range(len(books)):
        for j in range(i + 1, len(books)):
            a, b = books[i]["corners"], books[j]["corners"]
            if max(p[0] for p in a) < min(p[0] for p in b) or max(p[0] for p in b) < min(p[0] for p in a):
                continue
            if max(p[1] for p in a) < min(p[1] for p in b) or max(p[1] for p in b) < min(p[1] for p in a):
                continue
            inter = clip(a, b)
            assert len(inter) < 3 or abs(poly_area(inter)) < 0.5, ("overlapping spines", i, j, a, b)


# MARK: - Photos

# size = displayed size; rot = camera rotation (degrees, counter-clockwise as
# seen); specials = {row: ["faceout" | "stack2".."stack4"]}.
SHELF_PLAN = [
    dict(n=1, size=(1600, 1200), rows=2, background="dark back panel", boards="walnut", rot=1.2, light="left",
         specials={0: ["faceout"]}, same=0.1),
    dict(n=2, size=(1400, 1050), rows=3, background="light wall", boards="white", rot=-2.0, light="vignette",
         specials={1: ["stack3"]}, btt=0.25),
    dict(n=3, size=(2400, 1600), rows=4, background="wood panel", boards="oak", rot=0.6, light="top", noise=1.3,
         specials={2: ["faceout"], 3: ["stack2"]}, isbn_spines=2),
    dict(n=4, size=(1050, 1400), rows=3, background="mid grey", boards="black", rot=-1.5, exif=6, light="right",
         lean_end=0.7, same=0.12),
    dict(n=5, size=(1000, 750), rows=1, background="light wall", boards="pine", rot=2.5, fmt="png", light="spot",
         noise=0.0, top_extra=0.08, specials={0: ["stack4"]}, isbn_spines=1),
    dict(n=6, size=(1600, 1200), rows=2, background="dark back panel", boards="grey", rot=-0.8, exif=3,
         light="diagonal", btt=0.3, specials={1: ["faceout", "stack2"]}),
    dict(n=7, size=(1200, 1600), rows=4, background="wood panel", boards="walnut", rot=2.0, exif=8, light="vignette",
         same=0.12, isbn_spines=1),
    dict(n=8, size=(2000, 1125), rows=2, background="mid grey", boards="oak", rot=-2.8, light="left", blur=0.9,
         lean_end=0.6, lean_start=0.5, specials={0: ["stack3"]}, inset=0.03),
    dict(n=9, size=(1000, 750), rows=2, background="light wall", boards="black", rot=3.0, light="right",
         tight=(0.0, 0.8), same=0.15, specials={0: ["faceout"]}),
    dict(n=10, size=(1800, 1350), rows=3, background="dark back panel", boards="pine", rot=-3.0, light="spot",
         gap=0.4, lean_end=0.6, specials={0: ["stack2"], 2: ["faceout"]}, isbn_spines=2, btt=0.22),
]

FOCUSED_PLAN = [
    dict(name="leaning.jpg", seed=3101, size=(1200, 900), rows=1, background="mid grey", boards="oak", rot=0.8,
         top_extra=0.1, lean_deg=(8, 15), script=[(3, 0, 2), (3, 2, 0), (2, 1, 1)], light="left",
         what="one row, several books leaning 8-15 degrees"),
    dict(name="same-colour.jpg", seed=3102, size=(1200, 900), rows=1, background="dark back panel", boards="walnut",
         rot=-0.6, top_extra=0.1, same=0.7, same_run_width=True, tight=(0.4, 1.3), gap=0.1, lean_end=0.0,
         lean_start=0.0, group=(6, 12), max_run=4, light="vignette",
         what="one row; runs of 2-4 adjacent books share exactly one colour, separated only by a thin shadow"),
    dict(name="face-out.jpg", seed=3103, size=(1200, 900), rows=1, background="wood panel", boards="pine", rot=1.0,
         top_extra=0.06, specials={0: ["faceout"]}, lean_end=0.1, lean_start=0.0, light="top",
         what="one row with a face-out book among spines"),
    dict(name="stack.jpg", seed=3104, size=(1200, 900), rows=1, background="light wall", boards="white", rot=-1.2,
         top_extra=0.06, specials={0: ["stack3"]}, lean_end=0.0, lean_start=0.0, gap=0.15, light="right",
         what="one row: a horizontal stack of 3 books beside upright ones"),
    dict(name="exif-rotated.jpg", seed=3105, size=(1200, 900), rows=1, background="dark back panel", boards="oak",
         rot=1.5, exif=6, top_extra=0.08, light="diagonal", what="one row, stored with EXIF orientation 6"),
]


def mark_printed_isbns(rng, P, rows):
    """Chooses wide spines that get their ISBN printed."""
    def fits(b):
        f = font_for_cap("DejaVuSans", max(0.17 * b["w"], 9.5))
        return b["h"] * 0.72 >= 1.1 * f.getlength("ISBN " + b["isbn"].hyphenated())

    cands = [b for placed in rows for b, _, lean in placed if b["kind"] == "spine" and b["w"] >= 50 and not lean
             and not b["same_as_prev"] and fits(b)]
    for b in rng.sample(cands, min(len(cands), P.get("isbn_spines", 0))):
        b["printed"] = True
        b["style"].update(bands=0, logo=None, head_block=None, block=None)
        set_mode(rng, b, "isbn")


def truth_and_manifest(fn, P, img, books, info):
    books.sort(key=lambda k: (k["row"], k["seq"]))
    out, isbns = [], []
    for bk in books:
        b = bk["b"]
        out.append({"title": b["title"], "author": b["author"],
                    "isbn": b["isbn"].isbn13 if b["printed"] else None, "catalogueIsbn": b["isbn"].isbn13,
                    "polygon": bk["polygon"], "textOrientation": b["orient"], "row": bk["row"], "inLibrary": None})
        if b["printed"]:
            isbns.append(b["isbn"].isbn13)
    truth = {"image": fn, "kind": "shelf", "width": img.width, "height": img.height,
             "exifOrientation": P.get("exif", 1), "books": out, "barcodes": [], "isbns": isbns}
    # manifest
    same_runs, cur = [], []
    for i, bk in enumerate(books):
        if bk["b"]["same_as_prev"] and i > 0 and books[i - 1]["row"] == bk["row"]:
            cur = cur or [i - 1]
            cur.append(i)
        else:
            if cur:
                same_runs.append(cur)
            cur = []
    if cur:
        same_runs.append(cur)
    stacks = []
    for i, bk in enumerate(books):
        if bk["b"]["kind"] == "stacked":
            if stacks and books[stacks[-1][-1]]["b"]["stack"] is bk["b"]["stack"]:
                stacks[-1].append(i)
            else:
                stacks.append([i])
    man = {
        "image": fn, "displayed": [img.width, img.height], "exifOrientation": P.get("exif", 1),
        "stored": [img.width, img.height] if P.get("exif", 1) in (1, 3) else [img.height, img.width],
        "format": "png" if fn.endswith(".png") else "jpeg", "rows": P["rows"], "background": P["background"],
        "boards": P["boards"], **info, "cameraRotationDegCCW": P.get("rot", 0.0), "light": P.get("light", "vignette"),
        "blur": P.get("blur", 0.8), "noise": P.get("noise", 1.0),
        "books": len(books), "booksPerRow": [sum(1 for bk in books if bk["row"] == r) for r in range(P["rows"])],
        "spineWidthPx": [round(min(bk["b"]["w"] for bk in books if bk["b"]["kind"] == "spine"), 1),
                         round(max(bk["b"]["w"] for bk in books if bk["b"]["kind"] == "spine"), 1)],
        "leaning": [{"book": i, "deg": round(bk["lean"], 1)} for i, bk in enumerate(books) if bk["lean"]],
        "faceOut": [i for i, bk in enumerate(books) if bk["b"]["kind"] == "faceout"],
        "stacked": stacks,
        "sameColourNeighbours": same_runs,
        "bottomToTop": [i for i, bk in enumerate(books) if bk["b"]["orient"] == "bottomToTop"],
        "printedIsbn": [i for i, bk in enumerate(books) if bk["b"]["printed"]],
    }
    return truth, man


def save(img, path, P):
    if path.suffix == ".png":
        img.save(path, "PNG", optimize=True)
    else:
        mf.save_photo(img, path, P.get("exif"), quality=QUALITY)


def make_shelf(out, P):
    img, books, info = render_shelf_photo(P)
    fn = P["name"]
    save(img, out / fn, P)
    truth, man = truth_and_manifest(fn, P, img, books, info)
    write_json(out / f"{fn}.truth.json", truth)
    if "what" in P:
        man = {"image": man.pop("image"), "what": P["what"], **man}
    return man


# MARK: - Photos without books


def render_empty_shelf(P):
    img, books, info = render_shelf_photo(dict(P, empty=True))
    assert not books
    return img, info


def render_blank_wall(P):
    rng = random.Random(P["seed"])
    W, H = P["size"]
    img = blotchy(rng, (W, H), (206, 200, 184), 6, grid=(8, 6))
    return photo_finish(img, rng, P)


def render_blank_page(P):
    rng = random.Random(P["seed"])
    W, H = P["size"]
    bg = wood(rng, (W, H), (132, 98, 70))
    pw, ph = 620, 877  # A4 proportions
    paper = blotchy(rng, (pw, ph), (246, 243, 234), 3, grid=(4, 5))
    h = similarity((pw / 2, ph / 2), (W / 2 + 30, H / 2 + 10), 0.88, P["rot"])
    img = composite_sheet(bg, paper, h, shadow_offset=(8, 10), shadow_strength=90)
    return photo_finish(img, rng, P)


EMPTY_PLAN = [
    dict(name="empty-shelf.png", seed=3106, size=(1200, 900), rows=2, background="wood panel", boards="white",
         rot=-1.0, light="vignette", noise=0.0, blur=0.7, what="boards and back panel, no books"),
    dict(name="blank-wall.jpg", seed=3107, size=(1200, 900), light="spot", noise=1.2, blur=0.8,
         what="a plain painted wall with a lighting gradient and noise; no shelf"),
    dict(name="blank-page.jpg", seed=3108, size=(1200, 900), rot=-6.0, light="left", noise=1.2, blur=0.7,
         what="a blank sheet of paper on a wooden table"),
]


def make_shelves(out):
    out.mkdir(parents=True)
    manifest = []
    for P in SHELF_PLAN:
        P = dict(P, name=f"shelf-{P['n']:03d}.{P.get('fmt', 'jpg')}", seed=3000 + P["n"])
        manifest.append(make_shelf(out, P))
    for P in FOCUSED_PLAN:
        manifest.append(make_shelf(out, P))
    for P in EMPTY_PLAN:
        fn = P["name"]
        if fn.startswith("empty"):
            img, info = render_empty_shelf(P)
            extra = {"rows": P["rows"], "background": P["background"], "boards": P["boards"], **info,
                     "cameraRotationDegCCW": P["rot"]}
        elif fn == "blank-wall.jpg":
            img, extra = render_blank_wall(P), {}
        else:
            img, extra = render_blank_page(P), {"paperRotationDegCCW": P["rot"]}
        save(img, out / fn, P)
        write_json(out / f"{fn}.truth.json", {"image": fn, "kind": "shelf", "width": img.width, "height": img.height,
                                              "exifOrientation": 1, "books": [], "barcodes": [], "isbns": []})
        manifest.append({"image": fn, "what": P["what"], "displayed": [img.width, img.height], "exifOrientation": 1,
                         "format": "png" if fn.endswith(".png") else "jpeg", **extra, "light": P["light"],
                         "blur": P["blur"], "noise": P["noise"], "books": 0})
    write_json(out / "manifest.json", {
        "comment": "How each shelf photo was rendered (for debugging tests; the truth is in NAME.truth.json). "
                   "Book numbers are indexes into that photo's truth books[]. leaning.deg: positive = top tilted to "
                   "the right (clockwise as seen), before the camera rotation. stacked: books lying flat, top first. "
                   "sameColourNeighbours: runs of adjacent books with exactly the same spine colour.",
        "photos": manifest})
