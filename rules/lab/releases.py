"""The release a lab study or balance report was played under (issue 32), and the lab's lists filtered by release.

A study stores the cards it plays (rules/engine/studydata.py) and their `data_hash`, as a game records its hash; it
maps to its release exactly as a game does (`cards.releases.release_of_game`: the release holding that hash that
was current when it started), and None means it played cards no release holds (before releases, or an unpublished
draft). Its chunks always play the cards it stored, so a study re-run (a lost chunk played again) or read later is
under its own release whatever was published since.
"""
from __future__ import annotations

from typing import Iterable, TypeVar

from cards.models import Release
from cards.releases import ReleaseError, get_release, release_of_game
from cataclysm_site.api_errors import ApiError
from rules.models import BalanceReport, Simulation

T = TypeVar("T", Simulation, BalanceReport)


def hash_of(item: Simulation | BalanceReport) -> str:
    return item.data_hash if isinstance(item, BalanceReport) else (item.study or {}).get("data_hash", "")


def release_slug(item: Simulation | BalanceReport) -> str | None:
    """The slug of the release the study or report was played under, or None (no release holds its cards)."""
    return release_of_game(hash_of(item), item.created_at)


def release_names() -> dict[str, str]:
    """slug -> name of every release, for pages that show a study's release by name."""
    return dict(Release.objects.values_list("slug", "name"))


def requested_release(slug: str | None) -> Release | None:
    """The release a `?release=` asks for (None: no filter); 404 `release_not_found` for an unknown slug."""
    if not slug:
        return None
    try:
        return get_release(slug)
    except ReleaseError as exc:
        raise ApiError(exc.code, exc.message, status_code=404) from None


def of_release(items: Iterable[T], release: Release | None) -> list[T]:
    """The studies or reports played under `release` (all of them for None)."""
    if release is None:
        return list(items)
    return [item for item in items if hash_of(item) == release.data_hash and release_slug(item) == release.slug]
