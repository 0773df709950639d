"""Draw a card face from its definition, so every card has an image before (and after) anyone uploads art.

Pure Pillow: the renderer takes a `CardDef`, the `Catalogue` (for the rulebook's names and the keyword list) and an
optional art file, never the ORM. The face is drawn at twice its size and scaled down, for smooth edges; the same
inputs always give the same PNG bytes.
"""
from __future__ import annotations

import hashlib
import io
import logging
import math
import os
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, Union

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps, UnidentifiedImageError

from cards.rules_text import card_text
from rules.engine.catalogue import CardDef, Catalogue

logger = logging.getLogger(__name__)

SIZES = {"full": (375, 525), "thumb": (188, 263)}
RENDER_VERSION = "1"  # bump when the drawing changes, so cached images (keyed by card content) are redrawn
BASE_W, BASE_H = SIZES["full"]
SS = 2  # supersampling factor: draw at 2x, scale down

# One palette for the site and the card faces: the same hex values as the custom properties in static/css/site.css.
FACTION_COLOURS = {
    "atlantean-fanatic": "#3b4fb8",
    "atlantean-conservative": "#4fa3d9",
    "atlantean-otf": "#4a7fa0",
    "lemurian-fanatic": "#8a3bb8",
    "lemurian-conservative": "#3fae7f",
    "lemurian-otf": "#7a8f4a",
    "neutral": "#7c7f86",
    "pyramid": "#b8913f",
}
ENERGY_COLOURS = {"DC": "#2b3a8f", "LC": "#3c8dc4", "DR": "#6b2b8f", "LR": "#2f9a6a", "CE": "#777777"}
RARITY_GEMS = {  # letter, fill, rim
    "common": ("C", "#2a2d33", "#c9ccd1"),
    "uncommon": ("U", "#9fb4c8", "#eef4fa"),
    "rare": ("R", "#d9a932", "#fff1c2"),
}
INK = (30, 26, 22)
PARCHMENT = (243, 236, 220)
MAX_PIPS = 6  # beyond this many cost units, pips are grouped as "amount x code"

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/Library/Fonts"),
)
FONT_FILES = {
    "title": "DejaVuSerif-Bold.ttf",
    "type": "DejaVuSansCondensed-Bold.ttf",
    "rules": "DejaVuSansCondensed.ttf",
    "rules_bold": "DejaVuSansCondensed-Bold.ttf",
    "flavor": "DejaVuSerifCondensed-Italic.ttf",
    "label": "DejaVuSans-Bold.ttf",
}


# --- colours ---------------------------------------------------------------------------------------------------

RGB = tuple[int, int, int]


def _rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _lighten(c: RGB, t: float) -> RGB:
    return _mix(c, (255, 255, 255), t)


def _darken(c: RGB, t: float) -> RGB:
    return _mix(c, (0, 0, 0), t)


@dataclass(frozen=True)
class Frame:
    """The colours of one card's frame: a top-to-bottom gradient and an accent for bars and rims."""

    top: RGB
    bottom: RGB
    accent: RGB


def frame_key(card: CardDef) -> str:
    """Return the palette entry a card's frame uses: its faction, the Pyramid, or neutral."""
    if card.type == "pyramid":
        return "pyramid"
    return card.faction or "neutral"


def frame_colours(card: CardDef) -> Frame:
    """Return the frame colours: a faction's own hue, On-The-Fence blending its civilization's two ideologies."""
    key = frame_key(card)
    if card.type == "energy" and card.produces and not card.faction:
        base = _rgb(ENERGY_COLOURS[card.produces])
        return Frame(_lighten(base, 0.3), _darken(base, 0.55), base)
    base = _rgb(FACTION_COLOURS[key])
    if card.ideology == "otf" and card.civilization:
        fanatic = _rgb(FACTION_COLOURS[f"{card.civilization}-fanatic"])
        conservative = _rgb(FACTION_COLOURS[f"{card.civilization}-conservative"])
        return Frame(_lighten(fanatic, 0.15), _darken(conservative, 0.35), base)
    return Frame(_lighten(base, 0.25), _darken(base, 0.55), base)


# --- fonts -----------------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _font_path(filename: str) -> str | None:
    for folder in FONT_DIRS:
        candidate = folder / filename
        if candidate.is_file():
            return str(candidate)
    return None


@lru_cache(maxsize=256)
def font(role: str, size: int) -> ImageFont.FreeTypeFont:
    """Return the TrueType font for a role at a pixel size (DejaVu if installed, else Pillow's built-in font)."""
    path = _font_path(FONT_FILES[role])
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def _fit_font(role: str, text: str, max_width: float, start: int, smallest: int) -> ImageFont.FreeTypeFont:
    for size in range(start, smallest - 1, -1):
        f = font(role, size * SS)
        if f.getlength(text) <= max_width:
            return f
    return font(role, smallest * SS)


# --- text ------------------------------------------------------------------------------------------------------


def type_line(card: CardDef, catalogue: Catalogue) -> str:
    """Return the card's type line, e.g. "Person — Atlantean Fanatic · Common"."""
    rulebook = catalogue.rulebook
    type_name = _name_of(rulebook.get("card_types", ()), card.type) or card.type.title()
    if card.type == "energy" and card.produces:
        energy = next((e for e in rulebook.get("energy_types", ()) if e["code"] == card.produces), None)
        subtype = energy["name"] if energy else card.produces
    elif card.faction:
        civ = _name_of(rulebook.get("civilizations", ()), card.civilization) or ""
        ideology = _name_of(rulebook.get("ideologies", ()), card.ideology) or ""
        subtype = f"{civ} {ideology}".strip()
    else:
        subtype = ""
    line = f"{type_name} — {subtype}" if subtype else type_name
    rarity = _name_of(rulebook.get("rarities", ()), card.rarity)
    return f"{line} · {rarity}" if rarity else line


def _name_of(rows, slug: str | None) -> str | None:
    if not slug:
        return None
    for row in rows:
        if row.get("slug") == slug:
            return row.get("name")
    return None


Fragment = tuple[str, bool]  # a run of text and whether it is set in bold
Word = list[Fragment]         # fragments printed with no space between them ("Strike" + ":")


@lru_cache(maxsize=32)
def keyword_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """Return a regex matching any keyword name as a whole word (longest first: "Charge Capacity" over "Charge")."""
    if not names:
        return None
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternation})(?![\w-])")


def _words(paragraph: str, pattern: re.Pattern[str] | None) -> list[Word]:
    """Split a paragraph into words, setting keyword names in bold and keeping punctuation on its word."""
    segments: list[Fragment] = []
    pos = 0
    for match in pattern.finditer(paragraph) if pattern else ():
        segments += [(paragraph[pos:match.start()], False), (match.group(0), True)]
        pos = match.end()
    segments.append((paragraph[pos:], False))
    words: list[Word] = [[]]
    for text, bold in segments:
        for part in re.split(r"(\s+)", text):
            if not part:
                continue
            if part.isspace():
                if words[-1]:
                    words.append([])
            else:
                words[-1].append((part, bold))
    return [w for w in words if w]


@dataclass
class Block:
    """Wrapped text ready to draw: lines of positioned words, and the height they take."""

    lines: list[list[tuple[float, str, bool]]]
    line_height: float
    paragraph_breaks: set[int]
    paragraph_gap: float
    regular: ImageFont.FreeTypeFont
    bold: ImageFont.FreeTypeFont

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height + len(self.paragraph_breaks) * self.paragraph_gap


def _wrap(paragraphs: list[list[Word]], regular, bold, width: float, size: int) -> Block:
    space = regular.getlength(" ")
    lines: list[list[tuple[float, str, bool]]] = []
    breaks: set[int] = set()
    for index, words in enumerate(paragraphs):
        if index:
            breaks.add(len(lines))
        line: list[tuple[float, str, bool]] = []
        x = 0.0
        for word in words:
            if len(word) == 1:
                text, is_bold = word[0]
                word = [(piece, is_bold) for piece in _split_long(text, bold if is_bold else regular, width)]
                pieces = [[fragment] for fragment in word]
            else:
                pieces = [word]
            for piece in pieces:
                w = sum((bold if b else regular).getlength(t) for t, b in piece)
                if line and x + space + w > width:
                    lines.append(line)
                    line, x = [], 0.0
                x = x + space if line else 0.0
                for text, is_bold in piece:
                    line.append((x, text, is_bold))
                    x += (bold if is_bold else regular).getlength(text)
        lines.append(line)
    return Block(lines, size * 1.24, breaks, size * 0.45, regular, bold)


def _split_long(word: str, f, width: float) -> list[str]:
    if f.getlength(word) <= width:
        return [word]
    pieces, current = [], ""
    for ch in word:
        if current and f.getlength(current + ch) > width:
            pieces.append(current)
            current = ""
        current += ch
    return pieces + [current]


def fit_rules_text(text: str, keyword_names: tuple[str, ...], width: float, height: float,
                   start: int = 15, smallest: int = 7) -> Block:
    """Wrap the rules text at the largest size (in 1x points) that fits the box, shrinking until it does."""
    pattern = keyword_pattern(keyword_names)
    paragraphs = [_words(p, pattern) for p in text.splitlines() if p.strip()]
    block = None
    for size in range(start, smallest - 1, -1):
        px = size * SS
        block = _wrap(paragraphs, font("rules", px), font("rules_bold", px), width, px)
        if block.height <= height:
            return block
    # Even the smallest size overflows: keep the lines that fit and mark the cut.
    assert block is not None
    while len(block.lines) > 1 and block.height > height:
        block.lines.pop()
        block.paragraph_breaks = {b for b in block.paragraph_breaks if b < len(block.lines)}
    last = block.lines[-1]
    if last:
        x, word, is_bold = last[-1]
        last[-1] = (x, word + "…", is_bold)
    return block


# --- drawing ---------------------------------------------------------------------------------------------------


def _s(v: float) -> int:
    return int(round(v * SS))


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    return _s(x0), _s(y0), _s(x1), _s(y1)


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB, angle: float = 0.0) -> Image.Image:
    """Return a linear gradient from `top` to `bottom`, optionally rotated (degrees)."""
    w, h = size
    ramp = Image.linear_gradient("L")
    if angle:
        diag = int(math.hypot(w, h)) + 2
        ramp = ramp.resize((diag, diag)).rotate(angle, resample=Image.BICUBIC)
        x0, y0 = (diag - w) // 2, (diag - h) // 2
        ramp = ramp.crop((x0, y0, x0 + w, y0 + h))  # inside the rotated square's inscribed circle
    else:
        ramp = ramp.resize((w, h))
    return Image.composite(Image.new("RGB", (w, h), bottom), Image.new("RGB", (w, h), top), ramp)


def _rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask


def _seed(slug: str) -> int:
    return int(hashlib.sha256(slug.encode("utf-8")).hexdigest()[:16], 16)


def generated_art(card: CardDef, size: tuple[int, int], frame: Frame) -> Image.Image:
    """Paint an abstract scene for a card without art: Atlantean crystals, Lemurian moons and tides, seeded by slug."""
    rng = random.Random(_seed(card.slug))
    w, h = size
    sky_top = _darken(frame.accent, 0.55)
    sky_bottom = _lighten(frame.accent, 0.35)
    img = _gradient(size, sky_top, sky_bottom, angle=rng.uniform(-20, 20)).convert("RGBA")

    # A glow, somewhere in the upper half.
    glow = Image.new("L", size, 0)
    gx, gy, gr = rng.uniform(0.2, 0.8) * w, rng.uniform(0.15, 0.45) * h, rng.uniform(0.25, 0.45) * w
    ImageDraw.Draw(glow).ellipse((gx - gr, gy - gr, gx + gr, gy + gr), fill=150)
    glow = glow.filter(ImageFilter.GaussianBlur(gr * 0.45))
    img = Image.composite(Image.new("RGBA", size, _lighten(frame.accent, 0.75) + (255,)), img, glow)

    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    civ = card.civilization or ("pyramid" if card.type == "pyramid" else "neutral")
    light = _lighten(frame.accent, 0.6)
    deep = _darken(frame.accent, 0.5)
    if civ in ("atlantean", "pyramid", "neutral"):
        # Crystal spires / a stepped pyramid on the horizon.
        horizon = h * rng.uniform(0.62, 0.75)
        for _ in range(rng.randint(5, 8)):
            cx = rng.uniform(0.05, 0.95) * w
            half = rng.uniform(0.06, 0.2) * w
            peak = horizon - rng.uniform(0.2, 0.55) * h
            colour = _mix(deep, light, rng.uniform(0.0, 0.6))
            draw.polygon([(cx - half, horizon), (cx, peak), (cx + half, horizon)],
                         fill=colour + (rng.randint(120, 200),))
            draw.line([(cx, peak), (cx + half * 0.35, horizon)], fill=light + (90,), width=max(1, SS))
        draw.rectangle((0, horizon, w, h), fill=deep + (230,))
    if civ in ("lemurian", "neutral"):
        # Moons and ripples.
        for _ in range(rng.randint(2, 4)):
            r = rng.uniform(0.05, 0.16) * w
            cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.5) * h
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=light + (rng.randint(90, 170),))
            draw.ellipse((cx - r * 0.8 + r * 0.5, cy - r * 0.8, cx + r * 0.8 + r * 0.5, cy + r * 0.8),
                         fill=sky_top + (rng.randint(40, 110),))
        horizon = h * rng.uniform(0.6, 0.72)
        for i in range(12):
            y = horizon + i * (h - horizon) / 10
            amp, phase, freq = rng.uniform(2, 6) * SS, rng.uniform(0, math.tau), rng.uniform(1.5, 3.5)
            points = [(x, y + amp * math.sin(phase + freq * math.tau * x / w)) for x in range(0, w + 8, 8)]
            draw.line(points, fill=_mix(light, deep, i / 12) + (150,), width=max(2, SS * 2))
    # Motes of light.
    for _ in range(rng.randint(14, 26)):
        r = rng.uniform(0.6, 2.2) * SS
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.7)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255, rng.randint(60, 160)))
    layer = layer.filter(ImageFilter.GaussianBlur(0.6 * SS))
    img = Image.alpha_composite(img, layer)
    motif = MOTIFS.get(card.type)
    if motif:
        img = motif(img, rng, frame, card)

    if card.type == "energy" and card.produces:
        _energy_emblem(img, card.produces)
    return img.convert("RGB")


# --- foreground motifs: one per card type, so a grid of generated faces reads at a glance ----------------------

def _shadowed(img: Image.Image, shape: Image.Image, blur: float, shadow_alpha: float = 0.6) -> Image.Image:
    """Composite an RGBA foreground with a soft dark shadow beneath it."""
    alpha = shape.getchannel("A").filter(ImageFilter.GaussianBlur(blur))
    shadow = Image.new("RGBA", img.size, (0, 0, 0, 255))
    shadow.putalpha(alpha.point(lambda v: int(v * shadow_alpha)))
    return Image.alpha_composite(Image.alpha_composite(img, shadow), shape)


def _glow(img: Image.Image, draw_shape, colour: RGB, blur: float, strength: int = 200) -> Image.Image:
    mask = Image.new("L", img.size, 0)
    draw_shape(ImageDraw.Draw(mask))
    mask = mask.filter(ImageFilter.GaussianBlur(blur)).point(lambda v: min(255, v * strength // 255))
    glow = Image.new("RGBA", img.size, colour + (255,))
    glow.putalpha(mask)
    return Image.alpha_composite(img, glow)


def _figure(img: Image.Image, rng: random.Random, frame: Frame, card: CardDef, *, hero: bool) -> Image.Image:
    """A cloaked figure seen from the waist up, lit from behind."""
    w, h = img.size
    cx = w * rng.uniform(0.4, 0.6)
    scale = 1.15 if hero else rng.uniform(0.85, 1.0)
    head_r = h * 0.12 * scale
    head_y = h * (0.4 if hero else 0.45)
    light = _lighten(frame.accent, 0.7)
    if hero:
        img = _glow(img, lambda d: d.ellipse((cx - head_r * 2.6, head_y - head_r * 2.6, cx + head_r * 2.6,
                                               head_y + head_r * 2.6), fill=255), light, head_r * 0.6)
        rays = Image.new("RGBA", img.size, (0, 0, 0, 0))
        rd = ImageDraw.Draw(rays)
        for i in range(16):
            angle = math.tau * i / 16 + rng.uniform(-0.05, 0.05)
            x2, y2 = cx + math.cos(angle) * w, head_y + math.sin(angle) * w
            rd.polygon([(cx, head_y), (x2 - 6 * SS, y2), (x2 + 6 * SS, y2)], fill=light + (40,))
        img = Image.alpha_composite(img, rays.filter(ImageFilter.GaussianBlur(2 * SS)))
    else:
        img = _glow(img, lambda d: d.ellipse((cx - head_r * 2, head_y - head_r * 2, cx + head_r * 2,
                                               head_y + head_r * 2), fill=255), light, head_r * 0.7, 150)
    body = Image.new("RGBA", img.size, (0, 0, 0, 0))
    bd = ImageDraw.Draw(body)
    dark = _darken(frame.accent, 0.78)
    shoulder = w * 0.2 * scale
    top = head_y + head_r * 0.9
    bd.polygon([(cx - head_r * 0.45, top - head_r * 0.3), (cx + head_r * 0.45, top - head_r * 0.3),
                (cx + shoulder, top + head_r * 1.1), (cx + shoulder * 1.35, h + 2),
                (cx - shoulder * 1.35, h + 2), (cx - shoulder, top + head_r * 1.1)], fill=dark + (250,))
    bd.ellipse((cx - shoulder, top + head_r * 0.2, cx + shoulder, top + head_r * 2.2), fill=dark + (250,))
    if card.civilization == "lemurian":  # a hood
        bd.polygon([(cx - head_r * 1.35, head_y + head_r * 1.2), (cx, head_y - head_r * 1.75),
                    (cx + head_r * 1.35, head_y + head_r * 1.2)], fill=dark + (250,))
    bd.ellipse((cx - head_r, head_y - head_r, cx + head_r, head_y + head_r), fill=dark + (255,))
    if card.civilization == "atlantean" or hero:  # a crest or crown
        for k in (-1, 0, 1):
            x = cx + k * head_r * 0.55
            bd.polygon([(x - head_r * 0.22, head_y - head_r * 0.8), (x, head_y - head_r * (1.6 if k == 0 else 1.3)),
                        (x + head_r * 0.22, head_y - head_r * 0.8)], fill=dark + (255,))
    # Rim light: the silhouette's edge, lit.
    rim_mask = body.getchannel("A")
    inner = rim_mask.filter(ImageFilter.MinFilter(5))
    rim = Image.new("RGBA", img.size, light + (255,))
    rim.putalpha(ImageChops.subtract(rim_mask, inner).point(lambda v: v * 3 // 5))
    img = _shadowed(img, body, 6 * SS, 0.4)
    img = Image.alpha_composite(img, rim)
    if card.rarity == "rare" or hero:  # eyes that glow
        eye = Image.new("RGBA", img.size, (0, 0, 0, 0))
        ed = ImageDraw.Draw(eye)
        for k in (-1, 1):
            ex, ey, er = cx + k * head_r * 0.38, head_y + head_r * 0.05, head_r * 0.09
            ed.ellipse((ex - er, ey - er * 0.6, ex + er, ey + er * 0.6), fill=_lighten(frame.accent, 0.85) + (255,))
        img = Image.alpha_composite(img, eye.filter(ImageFilter.GaussianBlur(0.5 * SS)))
    return img


def _person(img, rng, frame, card):
    return _figure(img, rng, frame, card, hero=False)


def _hero(img, rng, frame, card):
    return _figure(img, rng, frame, card, hero=True)


def _instant(img, rng, frame, card):
    """A burst: rays from a bright point, crossed by a bolt."""
    w, h = img.size
    cx, cy = w * rng.uniform(0.35, 0.65), h * rng.uniform(0.35, 0.55)
    light = _lighten(frame.accent, 0.8)
    rays = Image.new("RGBA", img.size, (0, 0, 0, 0))
    rd = ImageDraw.Draw(rays)
    for i in range(rng.randint(18, 28)):
        angle = rng.uniform(0, math.tau)
        length = rng.uniform(0.35, 0.8) * w
        spread = rng.uniform(0.01, 0.035)
        rd.polygon([(cx, cy), (cx + math.cos(angle - spread) * length, cy + math.sin(angle - spread) * length),
                    (cx + math.cos(angle + spread) * length, cy + math.sin(angle + spread) * length)],
                   fill=light + (rng.randint(60, 140),))
    img = Image.alpha_composite(img, rays.filter(ImageFilter.GaussianBlur(1.5 * SS)))
    img = _glow(img, lambda d: d.ellipse((cx - w * 0.12, cy - w * 0.12, cx + w * 0.12, cy + w * 0.12), fill=255),
                (255, 255, 255), w * 0.05, 230)
    bolt = Image.new("RGBA", img.size, (0, 0, 0, 0))
    points, x, y = [], w * rng.uniform(0.25, 0.75), 0.0
    while y < h:
        points.append((x, y))
        y += h * rng.uniform(0.08, 0.16)
        x += w * rng.uniform(-0.09, 0.09)
    ImageDraw.Draw(bolt).line(points, fill=(255, 255, 255, 235), width=int(2.2 * SS), joint="curve")
    img = _glow(img, lambda d: d.line(points, fill=255, width=int(8 * SS)), light, 4 * SS, 180)
    return Image.alpha_composite(img, bolt)


def _artifact(img, rng, frame, card):
    """A faceted crystal, standing in its own light."""
    w, h = img.size
    cx, cy = w * rng.uniform(0.42, 0.58), h * 0.5
    cw, ch = w * rng.uniform(0.11, 0.15), h * rng.uniform(0.34, 0.42)
    tilt = rng.uniform(-0.15, 0.15)
    pts = [(0, -1), (0.75, -0.55), (0.75, 0.5), (0, 1), (-0.75, 0.5), (-0.75, -0.55)]
    poly = [(cx + (x + y * tilt) * cw, cy + y * ch) for x, y in pts]
    light = _lighten(frame.accent, 0.75)
    img = _glow(img, lambda d: d.polygon(poly, fill=255), light, 14 * SS, 190)
    gem = Image.new("RGBA", img.size, (0, 0, 0, 0))
    gd = ImageDraw.Draw(gem)
    centre = (cx, cy)
    tones = [0.55, 0.25, 0.05, 0.35, 0.65, 0.8]
    for i in range(6):
        facet = [centre, poly[i], poly[(i + 1) % 6]]
        gd.polygon(facet, fill=_mix(_darken(frame.accent, 0.3), _lighten(frame.accent, 0.85), tones[i]) + (245,))
    gd.line(poly + [poly[0]], fill=_lighten(frame.accent, 0.9) + (255,), width=SS)
    img = _shadowed(img, gem, 5 * SS, 0.35)
    return img


def _enchantment(img, rng, frame, card):
    """Rings of a glowing sigil."""
    w, h = img.size
    cx, cy = w * 0.5, h * 0.5
    light = _lighten(frame.accent, 0.8)
    sigil = Image.new("RGBA", img.size, (0, 0, 0, 0))
    sd = ImageDraw.Draw(sigil)
    for k, radius in enumerate((0.36, 0.29, 0.16)):
        r = h * radius
        sd.ellipse((cx - r, cy - r, cx + r, cy + r), outline=light + (230,), width=int((2.2 - k * 0.4) * SS))
    sides = rng.choice((3, 5, 6, 7))
    r = h * 0.29
    star = [(cx + math.cos(math.tau * i * 2 / sides - math.pi / 2) * r,
             cy + math.sin(math.tau * i * 2 / sides - math.pi / 2) * r) for i in range(sides + 1)]
    sd.line(star, fill=light + (200,), width=int(1.6 * SS))
    for i in range(24):
        angle = math.tau * i / 24
        r0, r1 = h * 0.3, h * (0.345 if i % 3 else 0.355)
        sd.line((cx + math.cos(angle) * r0, cy + math.sin(angle) * r0, cx + math.cos(angle) * r1,
                 cy + math.sin(angle) * r1), fill=light + (220,), width=SS)
    img = _glow(img, lambda d: d.bitmap((0, 0), sigil.getchannel("A")), light, 5 * SS, 255)
    return Image.alpha_composite(img, sigil)


def _battery(img, rng, frame, card):
    """A charged cell, one glowing bar per counter."""
    w, h = img.size
    cw, ch = w * 0.2, h * 0.62
    x0, y0 = w / 2 - cw / 2, h * 0.24
    amber = (255, 196, 70)
    cell = Image.new("RGBA", img.size, (0, 0, 0, 0))
    cd = ImageDraw.Draw(cell)
    cd.rounded_rectangle((x0 + cw * 0.3, y0 - h * 0.05, x0 + cw * 0.7, y0 + 4), radius=3 * SS,
                         fill=(200, 200, 210, 255))
    cd.rounded_rectangle((x0, y0, x0 + cw, y0 + ch), radius=8 * SS, fill=(28, 30, 38, 245),
                         outline=(210, 214, 224, 255), width=2 * SS)
    counters = max(1, card.charge or 1)
    bars = max(counters, 3)
    gap = ch * 0.05
    bar_h = (ch - gap * (bars + 1)) / bars
    lit = []
    for i in range(bars):
        by1 = y0 + ch - gap - i * (bar_h + gap)
        box = (x0 + cw * 0.15, by1 - bar_h, x0 + cw * 0.85, by1)
        on = i < counters
        cd.rounded_rectangle(box, radius=3 * SS, fill=(amber + (255,)) if on else (70, 62, 50, 255))
        if on:
            lit.append(box)
    img = _glow(img, lambda d: [d.rounded_rectangle(b, radius=3 * SS, fill=255) for b in lit], amber, 10 * SS, 220)
    return _shadowed(img, cell, 6 * SS, 0.45)


def _pyramid(img, rng, frame, card):
    """The Pyramid itself, its capstone alight."""
    w, h = img.size
    base_y, apex = h * 0.9, (w * 0.5, h * 0.18)
    left, right, front = (w * 0.1, base_y), (w * 0.9, base_y), (w * rng.uniform(0.42, 0.58), base_y + h * 0.04)
    shape = Image.new("RGBA", img.size, (0, 0, 0, 0))
    sd = ImageDraw.Draw(shape)
    sd.polygon([apex, left, front], fill=_darken(frame.accent, 0.35) + (255,))
    sd.polygon([apex, front, right], fill=_darken(frame.accent, 0.6) + (255,))
    for t in (0.25, 0.5, 0.75):  # courses of stone
        y = apex[1] + (base_y - apex[1]) * t
        xl = apex[0] + (left[0] - apex[0]) * t
        xr = apex[0] + (right[0] - apex[0]) * t
        xf = apex[0] + (front[0] - apex[0]) * t
        sd.line([(xl, y), (xf, y + h * 0.04 * t), (xr, y)], fill=_darken(frame.accent, 0.75) + (160,), width=SS)
    img = _shadowed(img, shape, 6 * SS, 0.5)
    cap = h * 0.07
    img = _glow(img, lambda d: d.ellipse((apex[0] - cap * 2, apex[1] - cap * 2, apex[0] + cap * 2,
                                           apex[1] + cap * 2), fill=255), (255, 244, 200), cap, 255)
    return img


MOTIFS = {"person": _person, "hero": _hero, "instant": _instant, "artifact": _artifact,
          "enchantment": _enchantment, "battery": _battery, "pyramid": _pyramid}


def _energy_emblem(img: Image.Image, code: str) -> None:
    w, h = img.size
    r = min(w, h) * 0.28
    cx, cy = w / 2, h / 2
    halo = Image.new("L", img.size, 0)
    ImageDraw.Draw(halo).ellipse((cx - r * 1.5, cy - r * 1.5, cx + r * 1.5, cy + r * 1.5), fill=170)
    halo = halo.filter(ImageFilter.GaussianBlur(r * 0.4))
    img.paste(Image.new("RGBA", img.size, (255, 255, 255, 255)), (0, 0), halo)
    _pip(ImageDraw.Draw(img), cx, cy, r, code, label=code)


def _pip(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, code: str, label: str) -> None:
    fill = _rgb(ENERGY_COLOURS[code])
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_darken(fill, 0.45))
    inner = r * 0.86
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=fill)
    draw.ellipse((cx - inner * 0.8, cy - inner * 0.85, cx + inner * 0.5, cy - inner * 0.1),
                 fill=_lighten(fill, 0.25))
    f = font("label", max(6, int(r * (0.95 if len(label) <= 2 else 0.7))))
    draw.text((cx, cy + r * 0.04), label, font=f, fill=(255, 255, 255), anchor="mm")


def _cost_pips(card: CardDef) -> list[tuple[str, str]]:
    """Return the pips of a card's cost, one per unit (or grouped as "2×" when the cost is long)."""
    units = [(code, amount) for code, amount in card.cost.energy]
    total = sum(amount for _, amount in units)
    if total <= MAX_PIPS:
        return [(code, code) for code, amount in units for _ in range(amount)]
    return [(code, f"{amount}{code}") for code, amount in units]


def _bar(img: Image.Image, box: tuple[float, float, float, float], frame: Frame) -> None:
    x0, y0, x1, y1 = _box(*box)
    w, h = x1 - x0, y1 - y0
    bar = _gradient((w, h), _lighten(frame.accent, 0.82), _lighten(frame.accent, 0.58))
    img.paste(bar, (x0, y0), _rounded_mask((w, h), _s(7)))
    ImageDraw.Draw(img).rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=_s(7),
                                          outline=_darken(frame.accent, 0.55), width=_s(1.5))


def _gem(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, rarity: str) -> None:
    letter, fill, rim = RARITY_GEMS[rarity]
    diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    draw.polygon(diamond, fill=_rgb(rim))
    inner = r * 0.78
    draw.polygon([(cx, cy - inner), (cx + inner, cy), (cx, cy + inner), (cx - inner, cy)], fill=_rgb(fill))
    draw.polygon([(cx, cy - inner), (cx + inner, cy), (cx, cy)], fill=_lighten(_rgb(fill), 0.2))
    ink = (255, 255, 255) if rarity == "common" else (40, 34, 20)
    draw.text((cx, cy + r * 0.05), letter, font=font("label", int(r * 0.95)), fill=ink, anchor="mm")


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.ellipse((cx - r, cy - r * 0.75, cx, cy + r * 0.25), fill=fill)
    draw.ellipse((cx, cy - r * 0.75, cx + r, cy + r * 0.25), fill=fill)
    draw.polygon([(cx - r * 0.97, cy - r * 0.1), (cx + r * 0.97, cy - r * 0.1), (cx, cy + r)], fill=fill)


def _bolt(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [(0.15, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.2, 1.0), (0.55, -0.2), (0.05, -0.2), (0.35, -1.0)]
    draw.polygon([(cx + x * r, cy + y * r) for x, y in pts], fill=fill)


def _stat_badge(img: Image.Image, card: CardDef, frame: Frame) -> None:
    """Draw the HP (People, Heroes) or charge (Scenes, Batteries, equipment) badge in the bottom-right corner."""
    if card.hp is not None:
        value, icon, colour = card.hp, _heart, (196, 52, 60)
    elif card.charge is not None:
        value, icon, colour = card.charge, _bolt, (230, 170, 40)
    else:
        return
    draw = ImageDraw.Draw(img)
    x1, y1 = BASE_W - 14, BASE_H - 12
    x0, y0 = x1 - 74, y1 - 34
    draw.rounded_rectangle(_box(x0, y0, x1, y1), radius=_s(17), fill=_darken(frame.accent, 0.7),
                           outline=_lighten(frame.accent, 0.55), width=_s(2))
    icon(draw, _s(x0 + 20), _s((y0 + y1) / 2), _s(10), colour)
    draw.text((_s(x0 + 50), _s((y0 + y1) / 2 + 0.5)), str(value), font=font("label", _s(19)),
              fill=(255, 255, 255), anchor="mm")


def _draw_block(draw: ImageDraw.ImageDraw, block: Block, x: float, y: float) -> float:
    for index, line in enumerate(block.lines):
        if index in block.paragraph_breaks:
            y += block.paragraph_gap
        for dx, word, is_bold in line:
            draw.text((x + dx, y), word, font=block.bold if is_bold else block.regular, fill=INK)
        y += block.line_height
    return y


ArtSource = Union[str, os.PathLike, BinaryIO, None]  # a file path or an open binary file


def _open_art(art: ArtSource) -> Image.Image | None:
    if art is None:
        return None
    try:
        with Image.open(art) as source:
            source.load()
            return ImageOps.exif_transpose(source).convert("RGB")
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError, ValueError) as exc:
        logger.warning("card art %s could not be read (%s); drawing generated art", art, exc)
        return None


def draw_card(card: CardDef, catalogue: Catalogue, *, art: ArtSource = None) -> Image.Image:
    """Return the card face as an RGB image at twice the full size."""
    frame = frame_colours(card)
    W, H = _s(BASE_W), _s(BASE_H)
    img = Image.new("RGB", (W, H), (14, 14, 18))
    draw = ImageDraw.Draw(img)

    # Black border, then the faction frame with a thin inner rim.
    inset = _s(9)
    inner = _gradient((W - 2 * inset, H - 2 * inset), frame.top, frame.bottom)
    img.paste(inner, (inset, inset), _rounded_mask(inner.size, _s(12)))
    draw.rounded_rectangle((inset, inset, W - inset - 1, H - inset - 1), radius=_s(12),
                           outline=_lighten(frame.accent, 0.45), width=_s(1.2))

    # Title bar: name and cost pips.
    _bar(img, (18, 18, BASE_W - 18, 54), frame)
    pips = _cost_pips(card)
    pip_r, gap = 10.5, 2.5
    x = BASE_W - 24 - pip_r
    for code, label in reversed(pips):
        r = pip_r if len(label) <= 2 else pip_r * 1.25
        _pip(draw, _s(x - (r - pip_r)), _s(36), _s(r), code, label)
        x -= 2 * r + gap
    name_right = x + pip_r - 6
    name_font = _fit_font("title", card.name, _s(name_right - 28), 19, 10)
    draw.text((_s(28), _s(36.5)), card.name, font=name_font, fill=INK, anchor="lm")

    # Art box: uploaded art cover-cropped, or a generated scene.
    art_box = _box(23, 59, BASE_W - 23, 279)
    art_size = (art_box[2] - art_box[0], art_box[3] - art_box[1])
    picture = _open_art(art)
    picture = ImageOps.fit(picture, art_size, Image.LANCZOS) if picture else generated_art(card, art_size, frame)
    img.paste(picture, art_box[:2])
    draw.rectangle((art_box[0] - _s(1.5), art_box[1] - _s(1.5), art_box[2] + _s(1.5) - 1, art_box[3] + _s(1.5) - 1),
                   outline=_darken(frame.accent, 0.6), width=_s(2))

    # Type line and rarity gem.
    _bar(img, (18, 284, BASE_W - 18, 312), frame)
    gem_space = 26 if card.rarity in RARITY_GEMS else 0
    line = type_line(card, catalogue)
    type_font = _fit_font("type", line, _s(BASE_W - 18 - 28 - 10 - gem_space), 14, 8)
    draw.text((_s(28), _s(298.5)), line, font=type_font, fill=INK, anchor="lm")
    if gem_space:
        _gem(draw, _s(BASE_W - 34), _s(298), _s(10), card.rarity)

    # Text box: rules text shrunk to fit, flavor in italics if there is room.
    tx0, ty0, tx1, ty1 = 23, 318, BASE_W - 23, 470
    parchment = _mix(PARCHMENT, frame.accent, 0.06)
    text_box = _gradient(( _s(tx1 - tx0), _s(ty1 - ty0)), _lighten(parchment, 0.35), parchment)
    img.paste(text_box, _box(tx0, ty0, tx1, ty1)[:2], _rounded_mask(text_box.size, _s(5)))
    draw.rounded_rectangle(_box(tx0, ty0, tx1, ty1), radius=_s(5), outline=_darken(frame.accent, 0.5), width=_s(1.2))
    pad = 10
    width, height = _s(tx1 - tx0 - 2 * pad), _s(ty1 - ty0 - 2 * pad)
    names = tuple(k.get("name", "") for k in catalogue.keywords.values() if k.get("name"))
    rules = card_text(card, catalogue) or ""
    block = fit_rules_text(rules, names, width, height) if rules.strip() else None
    used = block.height if block else 0.0
    flavor_block = None
    if card.flavor:
        size = max(8, min(13, int((block.regular.size / SS) if block else 13) - 1))
        fl = font("flavor", size * SS)
        flavor_block = _wrap([[[(w, False)] for w in card.flavor.split()]], fl, fl, width, size * SS)
        separator = _s(9) if block else 0
        if used + separator + flavor_block.height > height:
            flavor_block = None
        else:
            used += separator + flavor_block.height
    y = _s(ty0 + pad) + max(0.0, (height - used) / 2)
    if block:
        y = _draw_block(draw, block, _s(tx0 + pad), y)
    if flavor_block:
        if block:
            mid = y + _s(4)
            draw.line((_s(tx0 + 40), mid, _s(tx1 - 40), mid), fill=_mix(parchment, INK, 0.35), width=_s(0.8))
            y += _s(9)
        for line_words in flavor_block.lines:
            text = " ".join(word for _, word, _ in line_words)
            draw.text((_s(BASE_W / 2), y), text, font=flavor_block.regular, fill=(74, 64, 54), anchor="ma")
            y += flavor_block.line_height

    # Footer: edition mark, and the HP / charge badge.
    draw.text((_s(26), _s(BASE_H - 29)), "CATACLYSM · PLAYTEST", font=font("label", _s(7.5)),
              fill=_lighten(frame.accent, 0.7), anchor="lm")
    _stat_badge(img, card, frame)
    return img


def render_card(card: CardDef, catalogue: Catalogue, *, art: ArtSource = None, size: str = "full") -> bytes:
    """Return the card face as PNG bytes, "full" (375×525) or "thumb" (188×263)."""
    if size not in SIZES:
        raise ValueError(f"unknown card image size: {size!r} (expected one of {sorted(SIZES)})")
    face = draw_card(card, catalogue, art=art).resize(SIZES[size], Image.LANCZOS)
    out = io.BytesIO()
    face.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()
