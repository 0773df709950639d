"""The addresses of card faces a game's page shows (issue 33): a thumbnail for the table and the full face for the
hover, each versioned by what the face shows, so a browser keeps it for a year and an edited card, a new release or
a new renderer is a new address.

A game plays one card set: its faces are the release's that holds the set (`/releases/<slug>/cards/...?v=<digest>`),
so a later edit of the draft changes none of a game's addresses; else, for the unpublished draft (a database from
before releases), the draft's images (`?v=<content hash>.<render version>`); else the bare address, which
revalidates by its ETag."""
from __future__ import annotations

from typing import Iterable

from .catalogue import DerivedCache, get_catalogue
from .models import Card, Release
from .release_pages import face_hashes, face_url
from .render import RENDER_VERSION

_RELEASE_DIGESTS = DerivedCache(maxsize=16)  # by the release's data hash: {slug: digest of its face}


def face_urls(data_hash: str, slugs: Iterable[str]) -> dict[str, dict[str, str]]:
    """`{slug: {"thumb": url, "full": url}}` for the cards of the set with this data hash: the same for a game
    whatever the draft does later, as long as a release holds its set."""
    slugs = sorted(set(slugs))
    release = Release.objects.filter(data_hash=data_hash).order_by("-pk").first()
    if release is None:
        version = None
        if data_hash == get_catalogue().data_hash:
            hashes = dict(Card.objects.filter(slug__in=slugs).values_list("slug", "content_hash"))
            version = {slug: f"{hashes[slug]}.{RENDER_VERSION}" for slug in hashes}
        return {slug: _draft(slug, version.get(slug) if version else None) for slug in slugs}
    digests = _RELEASE_DIGESTS.get(data_hash)
    if digests is None:
        digests = face_hashes(release)
        _RELEASE_DIGESTS.put(data_hash, digests)
    return {slug: {"thumb": face_url(release, slug, "thumb", digests[slug]),
                   "full": face_url(release, slug, "full", digests[slug])} if slug in digests else _draft(slug, None)
            for slug in slugs}


def _draft(slug: str, version: str | None) -> dict[str, str]:
    query = f"?v={version}" if version else ""
    return {"thumb": f"/cards/{slug}/thumb.png{query}", "full": f"/cards/{slug}/image.png{query}"}
