"""The addresses of card faces a game's page shows (issue 33): a thumbnail for the table and the full face for the
hover, each versioned by what the face shows, so a browser keeps it for a year and an edited card, a new release or
a new renderer is a new address.

A game plays one card set: its faces are the release's that holds the set (`/releases/<slug>/cards/...?v=<digest>`),
so a later edit of the draft changes none of a game's addresses; else, for the unpublished draft (a database from
before releases), the draft's images (`?v=<content hash>.<render version>`); else the bare address, which
revalidates by its ETag."""
from __future__ import annotations

from typing import Iterable

from .catalogue import DerivedCache, catalogue_version, current_release_hash, get_catalogue
from .models import Card, Release
from .release_pages import face_hashes, face_url
from .render import RENDER_VERSION

# What a set's faces are versioned by, per process: (the release holding the set or None, {slug: version}). Asked on
# every answer of a game's page (each decision of goldfish, versus and live), where two queries and a hash of every
# card cost half a millisecond a decision (`python -m benchmarks roundtrip`). Keyed by what can change the answer:
# the cards' stamp (an edit, new art) and the current release (a publication may come to hold the set).
_FACE_VERSIONS = DerivedCache(maxsize=16)


def face_urls(data_hash: str, slugs: Iterable[str]) -> dict[str, dict[str, str]]:
    """`{slug: {"thumb": url, "full": url}}` for the cards of the set with this data hash: the same for a game
    whatever the draft does later, as long as a release holds its set."""
    key = (data_hash, catalogue_version(), current_release_hash())
    found = _FACE_VERSIONS.get(key)
    if found is None:
        with _FACE_VERSIONS.computing(key):
            found = _FACE_VERSIONS.get(key)
            if found is None:
                found = _face_versions(data_hash)
                _FACE_VERSIONS.put(key, found)
    release, versions = found
    out = {}
    for slug in sorted(set(slugs)):
        version = versions.get(slug)
        out[slug] = ({"thumb": face_url(release, slug, "thumb", version), "full": face_url(release, slug, "full", version)}
                     if release is not None and version else _draft(slug, version if release is None else None))
    return out


def _face_versions(data_hash: str) -> tuple[Release | None, dict[str, str]]:
    """The release that holds the set with this data hash and its faces' digests; else (the draft's own set, on a
    database from before releases) the draft cards' content hashes; else nothing to version by."""
    release = Release.objects.filter(data_hash=data_hash).order_by("-pk").first()
    if release is not None:
        return release, face_hashes(release)
    if data_hash != get_catalogue().data_hash:
        return None, {}
    return None, {slug: f"{content}.{RENDER_VERSION}" for slug, content in Card.objects.values_list("slug", "content_hash")}


def _draft(slug: str, version: str | None) -> dict[str, str]:
    query = f"?v={version}" if version else ""
    return {"thumb": f"/cards/{slug}/thumb.png{query}", "full": f"/cards/{slug}/image.png{query}"}
