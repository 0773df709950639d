"""The small pieces of a face: energy pips and the cost they spell, the title and type banners, the rarity gem,
and the HP or charge badge.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from cards.render.fonts import font
from cards.render.geometry import BASE_H, BASE_W, gradient, rounded_mask, scaled, scaled_box
from cards.render.palette import ENERGY_COLOURS, RARITY_GEMS, RGB, Frame, darken, lighten, rgb
from rules.engine.catalogue import CardDef

MAX_PIPS = 6  # beyond this many cost units, pips are grouped as "amount x code"


def energy_pip(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, code: str, label: str) -> None:
    fill = rgb(ENERGY_COLOURS[code])
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=darken(fill, 0.45))
    inner = r * 0.86
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=fill)
    draw.ellipse((cx - inner * 0.8, cy - inner * 0.85, cx + inner * 0.5, cy - inner * 0.1),
                 fill=lighten(fill, 0.25))
    f = font("label", max(6, int(r * (0.95 if len(label) <= 2 else 0.7))))
    draw.text((cx, cy + r * 0.04), label, font=f, fill=(255, 255, 255), anchor="mm")


def cost_pips(card: CardDef) -> list[tuple[str, str]]:
    """Return the pips of a card's cost, one per unit (or grouped as "2×" when the cost is long)."""
    units = [(code, amount) for code, amount in card.cost.energy]
    total = sum(amount for _, amount in units)
    if total <= MAX_PIPS:
        return [(code, code) for code, amount in units for _ in range(amount)]
    return [(code, f"{amount}{code}") for code, amount in units]


def banner(img: Image.Image, box: tuple[float, float, float, float], frame: Frame) -> None:
    x0, y0, x1, y1 = scaled_box(*box)
    w, h = x1 - x0, y1 - y0
    bar = gradient((w, h), lighten(frame.accent, 0.82), lighten(frame.accent, 0.58))
    img.paste(bar, (x0, y0), rounded_mask((w, h), scaled(7)))
    ImageDraw.Draw(img).rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=scaled(7),
                                          outline=darken(frame.accent, 0.55), width=scaled(1.5))


def rarity_gem(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, rarity: str) -> None:
    letter, fill, rim = RARITY_GEMS[rarity]
    diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    draw.polygon(diamond, fill=rgb(rim))
    inner = r * 0.78
    draw.polygon([(cx, cy - inner), (cx + inner, cy), (cx, cy + inner), (cx - inner, cy)], fill=rgb(fill))
    draw.polygon([(cx, cy - inner), (cx + inner, cy), (cx, cy)], fill=lighten(rgb(fill), 0.2))
    ink = (255, 255, 255) if rarity == "common" else (40, 34, 20)
    draw.text((cx, cy + r * 0.05), letter, font=font("label", int(r * 0.95)), fill=ink, anchor="mm")


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.ellipse((cx - r, cy - r * 0.75, cx, cy + r * 0.25), fill=fill)
    draw.ellipse((cx, cy - r * 0.75, cx + r, cy + r * 0.25), fill=fill)
    draw.polygon([(cx - r * 0.97, cy - r * 0.1), (cx + r * 0.97, cy - r * 0.1), (cx, cy + r)], fill=fill)


def _bolt(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [(0.15, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.2, 1.0), (0.55, -0.2), (0.05, -0.2), (0.35, -1.0)]
    draw.polygon([(cx + x * r, cy + y * r) for x, y in pts], fill=fill)


def stat_badge(img: Image.Image, card: CardDef, frame: Frame) -> None:
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
    draw.rounded_rectangle(scaled_box(x0, y0, x1, y1), radius=scaled(17), fill=darken(frame.accent, 0.7),
                           outline=lighten(frame.accent, 0.55), width=scaled(2))
    icon(draw, scaled(x0 + 20), scaled((y0 + y1) / 2), scaled(10), colour)
    draw.text((scaled(x0 + 50), scaled((y0 + y1) / 2 + 0.5)), str(value), font=font("label", scaled(19)),
              fill=(255, 255, 255), anchor="mm")
