"""The colours of a face: the palette, colour arithmetic, and each card's frame colours."""
from __future__ import annotations

from dataclasses import dataclass

from rules.engine.catalogue import CardDef

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


RGB = tuple[int, int, int]


def rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def lighten(c: RGB, t: float) -> RGB:
    return mix(c, (255, 255, 255), t)


def darken(c: RGB, t: float) -> RGB:
    return mix(c, (0, 0, 0), t)


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
        base = rgb(ENERGY_COLOURS[card.produces])
        return Frame(lighten(base, 0.3), darken(base, 0.55), base)
    base = rgb(FACTION_COLOURS[key])
    if card.ideology == "otf" and card.civilization:
        fanatic = rgb(FACTION_COLOURS[f"{card.civilization}-fanatic"])
        conservative = rgb(FACTION_COLOURS[f"{card.civilization}-conservative"])
        return Frame(lighten(fanatic, 0.15), darken(conservative, 0.35), base)
    return Frame(lighten(base, 0.25), darken(base, 0.55), base)
