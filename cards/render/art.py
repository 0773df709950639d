"""Generated art for a card without any: a seeded sky (Atlantean crystals, Lemurian moons and tides), the card
type's motif, and an Energy's emblem.
"""
from __future__ import annotations

import hashlib
import math
import random

from PIL import Image, ImageDraw, ImageFilter

from cards.render.geometry import SS, gradient
from cards.render.icons import energy_pip
from cards.render.motifs import MOTIFS
from cards.render.palette import Frame, darken, lighten, mix
from rules.engine.catalogue import CardDef


def _seed(slug: str) -> int:
    return int(hashlib.sha256(slug.encode("utf-8")).hexdigest()[:16], 16)


def generated_art(card: CardDef, size: tuple[int, int], frame: Frame) -> Image.Image:
    """Paint an abstract scene for a card without art: Atlantean crystals, Lemurian moons and tides, seeded by slug."""
    rng = random.Random(_seed(card.slug))
    w, h = size
    sky_top = darken(frame.accent, 0.55)
    sky_bottom = lighten(frame.accent, 0.35)
    img = gradient(size, sky_top, sky_bottom, angle=rng.uniform(-20, 20)).convert("RGBA")

    # A glow, somewhere in the upper half.
    glow = Image.new("L", size, 0)
    gx, gy, gr = rng.uniform(0.2, 0.8) * w, rng.uniform(0.15, 0.45) * h, rng.uniform(0.25, 0.45) * w
    ImageDraw.Draw(glow).ellipse((gx - gr, gy - gr, gx + gr, gy + gr), fill=150)
    glow = glow.filter(ImageFilter.GaussianBlur(gr * 0.45))
    img = Image.composite(Image.new("RGBA", size, lighten(frame.accent, 0.75) + (255,)), img, glow)

    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    civ = card.civilization or ("pyramid" if card.type == "pyramid" else "neutral")
    light = lighten(frame.accent, 0.6)
    deep = darken(frame.accent, 0.5)
    if civ in ("atlantean", "pyramid", "neutral"):
        # Crystal spires / a stepped pyramid on the horizon.
        horizon = h * rng.uniform(0.62, 0.75)
        for _ in range(rng.randint(5, 8)):
            cx = rng.uniform(0.05, 0.95) * w
            half = rng.uniform(0.06, 0.2) * w
            peak = horizon - rng.uniform(0.2, 0.55) * h
            colour = mix(deep, light, rng.uniform(0.0, 0.6))
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
            draw.line(points, fill=mix(light, deep, i / 12) + (150,), width=max(2, SS * 2))
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
        energy_emblem(img, card.produces)
    return img.convert("RGB")


def energy_emblem(img: Image.Image, code: str) -> None:
    w, h = img.size
    r = min(w, h) * 0.28
    cx, cy = w / 2, h / 2
    halo = Image.new("L", img.size, 0)
    ImageDraw.Draw(halo).ellipse((cx - r * 1.5, cy - r * 1.5, cx + r * 1.5, cy + r * 1.5), fill=170)
    halo = halo.filter(ImageFilter.GaussianBlur(r * 0.4))
    img.paste(Image.new("RGBA", img.size, (255, 255, 255, 255)), (0, 0), halo)
    energy_pip(ImageDraw.Draw(img), cx, cy, r, code, label=code)
