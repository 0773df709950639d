"""The release a lab study or balance report was played under (issue 32), and the lab's lists filtered by release.

A study plays the current release (rules/lab/services.py `study_card_set`, as new games do), records its slug as
`release` and stores the cards and rule tables it plays (rules/engine/studydata.py) with their `data_hash`. Its
chunks always play what it stored, so a study resumed or re-run (a lost chunk played again) or read later is under
its own release whatever was published since. A study stored before it recorded its release maps to one exactly as
a game does (`cards.releases.release_of_game`: the release holding its hash that was current when it started);
None means it played cards no release holds (before releases, or, before studies played releases, a draft). A
balance report maps by its hash too: its studies all play the same release.
"""
from __future__ import annotations

from typing import Iterable, TypeVar

from cards.models import Release
from cards.releases import release_of_game
from rules.models import BalanceReport, Simulation

T = TypeVar("T", Simulation, BalanceReport)


def hash_of(item: Simulation | BalanceReport) -> str:
    return item.data_hash if isinstance(item, BalanceReport) else (item.study or {}).get("data_hash", "")


def release_slug(item: Simulation | BalanceReport) -> str | None:
    """The slug of the release the study or report was played under, or None (no release holds its cards)."""
    if isinstance(item, Simulation) and "release" in (item.study or {}):
        return item.study["release"]   # recorded when the study was made
    return release_of_game(hash_of(item), item.created_at)


def release_names() -> dict[str, str]:
    """slug -> name of every release, for pages that show a study's release by name."""
    return dict(Release.objects.values_list("slug", "name"))


def of_release(items: Iterable[T], release: Release | None) -> list[T]:
    """The studies or reports played under `release` (all of them for None)."""
    if release is None:
        return list(items)
    return [item for item in items if hash_of(item) == release.data_hash and release_slug(item) == release.slug]
