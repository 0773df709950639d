"""The face's geometry: its sizes, the 2x supersampling every drawing is scaled by, and the gradients and
rounded masks the frame, banners and text box are cut from.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from cards.render.palette import RGB

SIZES = {"full": (375, 525), "thumb": (188, 263)}
BASE_W, BASE_H = SIZES["full"]
SS = 2  # supersampling factor: draw at 2x, scale down


def scaled(v: float) -> int:
    return int(round(v * SS))


def scaled_box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    return scaled(x0), scaled(y0), scaled(x1), scaled(y1)


def gradient(size: tuple[int, int], top: RGB, bottom: RGB, angle: float = 0.0) -> Image.Image:
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


def rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask
