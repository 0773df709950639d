"""The fonts of a face: DejaVu by role (title, type line, rules, flavor, labels) when installed, else Pillow's own,
and the largest size at which a line fits.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from cards.render.geometry import SS

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


@lru_cache(maxsize=None)
def font_path(filename: str) -> str | None:
    for folder in FONT_DIRS:
        candidate = folder / filename
        if candidate.is_file():
            return str(candidate)
    return None


@lru_cache(maxsize=256)
def font(role: str, size: int) -> ImageFont.FreeTypeFont:
    """Return the TrueType font for a role at a pixel size (DejaVu if installed, else Pillow's built-in font)."""
    path = font_path(FONT_FILES[role])
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def fit_font(role: str, text: str, max_width: float, start: int, smallest: int) -> ImageFont.FreeTypeFont:
    for size in range(start, smallest - 1, -1):
        f = font(role, size * SS)
        if f.getlength(text) <= max_width:
            return f
    return font(role, smallest * SS)
