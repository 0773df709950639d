"""The foreground motifs of generated art: one per card type (a figure, a burst, a crystal, a sigil, a cell, the
Pyramid), so a grid of generated faces reads at a glance.
"""
from __future__ import annotations

import math
import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from cards.render.geometry import SS
from cards.render.palette import RGB, Frame, darken, lighten, mix
from rules.engine.catalogue import CardDef


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
    light = lighten(frame.accent, 0.7)
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
    dark = darken(frame.accent, 0.78)
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
            ed.ellipse((ex - er, ey - er * 0.6, ex + er, ey + er * 0.6), fill=lighten(frame.accent, 0.85) + (255,))
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
    light = lighten(frame.accent, 0.8)
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
    light = lighten(frame.accent, 0.75)
    img = _glow(img, lambda d: d.polygon(poly, fill=255), light, 14 * SS, 190)
    gem = Image.new("RGBA", img.size, (0, 0, 0, 0))
    gd = ImageDraw.Draw(gem)
    centre = (cx, cy)
    tones = [0.55, 0.25, 0.05, 0.35, 0.65, 0.8]
    for i in range(6):
        facet = [centre, poly[i], poly[(i + 1) % 6]]
        gd.polygon(facet, fill=mix(darken(frame.accent, 0.3), lighten(frame.accent, 0.85), tones[i]) + (245,))
    gd.line(poly + [poly[0]], fill=lighten(frame.accent, 0.9) + (255,), width=SS)
    img = _shadowed(img, gem, 5 * SS, 0.35)
    return img


def _enchantment(img, rng, frame, card):
    """Rings of a glowing sigil."""
    w, h = img.size
    cx, cy = w * 0.5, h * 0.5
    light = lighten(frame.accent, 0.8)
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
    sd.polygon([apex, left, front], fill=darken(frame.accent, 0.35) + (255,))
    sd.polygon([apex, front, right], fill=darken(frame.accent, 0.6) + (255,))
    for t in (0.25, 0.5, 0.75):  # courses of stone
        y = apex[1] + (base_y - apex[1]) * t
        xl = apex[0] + (left[0] - apex[0]) * t
        xr = apex[0] + (right[0] - apex[0]) * t
        xf = apex[0] + (front[0] - apex[0]) * t
        sd.line([(xl, y), (xf, y + h * 0.04 * t), (xr, y)], fill=darken(frame.accent, 0.75) + (160,), width=SS)
    img = _shadowed(img, shape, 6 * SS, 0.5)
    cap = h * 0.07
    img = _glow(img, lambda d: d.ellipse((apex[0] - cap * 2, apex[1] - cap * 2, apex[0] + cap * 2,
                                           apex[1] + cap * 2), fill=255), (255, 244, 200), cap, 255)
    return img


MOTIFS = {"person": _person, "hero": _hero, "instant": _instant, "artifact": _artifact,
          "enchantment": _enchantment, "battery": _battery, "pyramid": _pyramid}
