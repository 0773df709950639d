"""Card images: a card's face drawn by the renderer (render.py) and kept on disk by its content hash, so an edited
card (or a new renderer) is drawn again. The image views serve them; the decks' proxies print them."""
from __future__ import annotations

import logging
import os
import re
import tempfile
from pathlib import Path

from django.conf import settings

from rules.engine.catalogue import Catalogue

from .models import Card
from .render import RENDER_VERSION, render_card

logger = logging.getLogger(__name__)


def _cache_dir() -> Path:
    return Path(settings.MEDIA_ROOT) / "card-cache" / f"r{RENDER_VERSION}"


def cached_image_path(slug: str, content_hash: str, size: str) -> Path:
    """Return where a card's rendered PNG is kept: a changed card (or renderer) gives a new file."""
    return _cache_dir() / f"{slug}-{content_hash}-{size}.png"


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".render-", suffix=".png")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a web server may serve the cache directly
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _prune_stale(slug: str, content_hash: str, size: str) -> None:
    """Delete this card's images of earlier versions (another slug never matches: hashes hold no '-')."""
    pattern = re.compile(rf"^{re.escape(slug)}-(?!{re.escape(content_hash)}-)[0-9a-f]*-{size}\.png$")
    for path in _cache_dir().glob(f"{slug}-*-{size}.png"):
        if pattern.match(path.name):
            path.unlink(missing_ok=True)


def card_png(card: Card, catalogue_: Catalogue, size: str) -> bytes:
    """Return the card's PNG from the disk cache, rendering (and caching) it on first request."""
    path = cached_image_path(card.slug, card.content_hash, size)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    art = None
    if card.art:
        try:
            art = card.art.open("rb")
        except OSError as exc:  # art named in the database but gone from storage: draw the generated art
            logger.warning("card %s: art %s cannot be opened (%s)", card.slug, card.art.name, exc)
    try:
        data = render_card(catalogue_[card.slug], catalogue_, art=art, size=size)
    finally:
        if art is not None:
            art.close()
    _write_atomically(path, data)
    _prune_stale(card.slug, card.content_hash, size)
    return data
