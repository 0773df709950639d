"""Draw a card face from its definition, so every card has an image before (and after) anyone uploads art.

Pure Pillow: the renderer takes a `CardDef`, the `Catalogue` (for the rulebook's names and the keyword list) and an
optional art file, never the ORM. The face is drawn at twice its size and scaled down, for smooth edges; the same
inputs always give the same PNG bytes (`tests/cards/test_render_pinned.py` holds them to it).

This module lays the face out (`draw_card`) and writes the PNG (`render_card`); the parts are drawn by its modules:
`palette` (colours, frames), `geometry` (sizes, supersampling, gradients), `fonts`, `text` (type line, rules text
fitted to its box), `icons` (pips, banners, rarity gem, HP/charge badge), `art` (generated art) and `motifs` (the
generated art's foreground, one per card type).
"""
from __future__ import annotations

import io
import logging
import os
from typing import BinaryIO, Union

from PIL import Image, ImageDraw, ImageOps, UnidentifiedImageError

from cards.render.art import generated_art
from cards.render.fonts import fit_font, font
from cards.render.geometry import BASE_H, BASE_W, SIZES, SS, gradient, rounded_mask, scaled, scaled_box
from cards.render.icons import banner, cost_pips, energy_pip, rarity_gem, stat_badge
from cards.render.palette import INK, PARCHMENT, RARITY_GEMS, darken, frame_colours, lighten, mix
from cards.render.text import draw_block, fit_rules_text, type_line, wrap
from cards.rules_text import card_text
from rules.engine.catalogue import CardDef, Catalogue

logger = logging.getLogger(__name__)

RENDER_VERSION = "1"  # bump when the drawing changes, so cached images (keyed by card content) are redrawn


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
    W, H = scaled(BASE_W), scaled(BASE_H)
    img = Image.new("RGB", (W, H), (14, 14, 18))
    draw = ImageDraw.Draw(img)

    # Black border, then the faction frame with a thin inner rim.
    inset = scaled(9)
    inner = gradient((W - 2 * inset, H - 2 * inset), frame.top, frame.bottom)
    img.paste(inner, (inset, inset), rounded_mask(inner.size, scaled(12)))
    draw.rounded_rectangle((inset, inset, W - inset - 1, H - inset - 1), radius=scaled(12),
                           outline=lighten(frame.accent, 0.45), width=scaled(1.2))

    # Title bar: name and cost pips.
    banner(img, (18, 18, BASE_W - 18, 54), frame)
    pips = cost_pips(card)
    pip_r, gap = 10.5, 2.5
    x = BASE_W - 24 - pip_r
    for code, label in reversed(pips):
        r = pip_r if len(label) <= 2 else pip_r * 1.25
        energy_pip(draw, scaled(x - (r - pip_r)), scaled(36), scaled(r), code, label)
        x -= 2 * r + gap
    name_right = x + pip_r - 6
    name_font = fit_font("title", card.name, scaled(name_right - 28), 19, 10)
    draw.text((scaled(28), scaled(36.5)), card.name, font=name_font, fill=INK, anchor="lm")

    # Art box: uploaded art cover-cropped, or a generated scene.
    art_box = scaled_box(23, 59, BASE_W - 23, 279)
    art_size = (art_box[2] - art_box[0], art_box[3] - art_box[1])
    picture = _open_art(art)
    picture = ImageOps.fit(picture, art_size, Image.LANCZOS) if picture else generated_art(card, art_size, frame)
    img.paste(picture, art_box[:2])
    draw.rectangle((art_box[0] - scaled(1.5), art_box[1] - scaled(1.5), art_box[2] + scaled(1.5) - 1, art_box[3] + scaled(1.5) - 1),
                   outline=darken(frame.accent, 0.6), width=scaled(2))

    # Type line and rarity gem.
    banner(img, (18, 284, BASE_W - 18, 312), frame)
    gem_space = 26 if card.rarity in RARITY_GEMS else 0
    line = type_line(card, catalogue)
    type_font = fit_font("type", line, scaled(BASE_W - 18 - 28 - 10 - gem_space), 14, 8)
    draw.text((scaled(28), scaled(298.5)), line, font=type_font, fill=INK, anchor="lm")
    if gem_space:
        rarity_gem(draw, scaled(BASE_W - 34), scaled(298), scaled(10), card.rarity)

    # Text box: rules text shrunk to fit, flavor in italics if there is room.
    tx0, ty0, tx1, ty1 = 23, 318, BASE_W - 23, 470
    parchment = mix(PARCHMENT, frame.accent, 0.06)
    text_box = gradient((scaled(tx1 - tx0), scaled(ty1 - ty0)), lighten(parchment, 0.35), parchment)
    img.paste(text_box, scaled_box(tx0, ty0, tx1, ty1)[:2], rounded_mask(text_box.size, scaled(5)))
    draw.rounded_rectangle(scaled_box(tx0, ty0, tx1, ty1), radius=scaled(5), outline=darken(frame.accent, 0.5), width=scaled(1.2))
    pad = 10
    width, height = scaled(tx1 - tx0 - 2 * pad), scaled(ty1 - ty0 - 2 * pad)
    names = tuple(k.get("name", "") for k in catalogue.keywords.values() if k.get("name"))
    rules = card_text(card, catalogue) or ""
    block = fit_rules_text(rules, names, width, height) if rules.strip() else None
    used = block.height if block else 0.0
    flavor_block = None
    if card.flavor:
        size = max(8, min(13, int((block.regular.size / SS) if block else 13) - 1))
        fl = font("flavor", size * SS)
        flavor_block = wrap([[[(w, False)] for w in card.flavor.split()]], fl, fl, width, size * SS)
        separator = scaled(9) if block else 0
        if used + separator + flavor_block.height > height:
            flavor_block = None
        else:
            used += separator + flavor_block.height
    y = scaled(ty0 + pad) + max(0.0, (height - used) / 2)
    if block:
        y = draw_block(draw, block, scaled(tx0 + pad), y)
    if flavor_block:
        if block:
            mid = y + scaled(4)
            draw.line((scaled(tx0 + 40), mid, scaled(tx1 - 40), mid), fill=mix(parchment, INK, 0.35), width=scaled(0.8))
            y += scaled(9)
        for line_words in flavor_block.lines:
            text = " ".join(word for _, word, _ in line_words)
            draw.text((scaled(BASE_W / 2), y), text, font=flavor_block.regular, fill=(74, 64, 54), anchor="ma")
            y += flavor_block.line_height

    # Footer: edition mark, and the HP / charge badge.
    draw.text((scaled(26), scaled(BASE_H - 29)), "CATACLYSM · PLAYTEST", font=font("label", scaled(7.5)),
              fill=lighten(frame.accent, 0.7), anchor="lm")
    stat_badge(img, card, frame)
    return img


def render_card(card: CardDef, catalogue: Catalogue, *, art: ArtSource = None, size: str = "full") -> bytes:
    """Return the card face as PNG bytes, "full" (375×525) or "thumb" (188×263)."""
    if size not in SIZES:
        raise ValueError(f"unknown card image size: {size!r} (expected one of {sorted(SIZES)})")
    face = draw_card(card, catalogue, art=art).resize(SIZES[size], Image.LANCZOS)
    out = io.BytesIO()
    face.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()
