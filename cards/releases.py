"""Releases: the card set as a playtest history (issue 32; docs/designers/releases.md).

A release is a named, immutable snapshot of everything the engine compiles — cards, the Pyramid deck, the rulebook's
tables, keywords, starter decks and variants — stored as the exact mapping `compile_catalogue` takes, so that the
set can be rebuilt byte for byte. Its `data_hash` is `rules.engine.catalogue.data_hash` of that mapping: the one hash
every game already records, so a game finds the release it was played under by it, and replays under that release's
cards however the set changed since.

The database's cards (as the admin edited them) with the data files' tables are the *draft*
(`cards.catalogue.database_data`). `load_catalogue` on a database with no release makes the first one from them;
`publish` makes the draft the new current release, with a reason per changed card, in one transaction, and refuses
when nothing changed. Each release's compiled catalogue is cached per process by its hash, like the current one.
"""
from __future__ import annotations

from pathlib import Path
from time import monotonic
from typing import Any, Mapping

import yaml
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from rules.engine.catalogue import DATA_DIR, VARIANTS_PATH, Catalogue, compile_catalogue, data_hash, slugify

from .catalogue import FRESHNESS_SECONDS, DerivedCache, database_data, get_catalogue
from .models import Release, ReleaseEvidence

FIRST_RELEASE = "Playtest 1.0"  # the first release's name, unless rulebook.yaml names it (`first_release:`)
RESERVED_SLUGS = frozenset({"publish"})  # /releases/publish/ is the staff page, not a release's patch notes
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_compiled = DerivedCache(maxsize=8)  # older releases' compiled catalogues, by data hash
_listing: tuple[float, list] | None = None  # (monotonic time read, _release_rows())


class ReleaseError(ValueError):
    """A release cannot be published or found; `code` says why, the message says what to do."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# --- the snapshot ----------------------------------------------------------------------------------------------

def dump_payload(data: Mapping[str, Any]) -> str:
    """Write the mapping as YAML (JSON would turn the rulebook's number keys into text and change the hash)."""
    return yaml.dump(dict(data), Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=4096)


def release_data(release: Release) -> dict[str, Any]:
    """Return the release's mapping, as `compile_catalogue` takes it."""
    return yaml.load(release.payload, Loader=_LOADER)


def release_catalogue(release: Release) -> Catalogue:
    """Return the release's compiled catalogue (the current one when the hashes agree; else cached by hash)."""
    return catalogue_for_hash(release.data_hash, payload=release.payload)


def catalogue_for_hash(hash_: str, payload: str | None = None) -> Catalogue | None:
    """Return the compiled catalogue of the card set with this hash: the current cards' if it is theirs, else the
    release's that has it (compiled once per process), else None (no release holds it)."""
    current = get_catalogue()
    if current.data_hash == hash_:
        return current
    compiled = _compiled.get(hash_)
    if compiled is not None:
        return compiled
    with _compiled.computing(hash_):
        compiled = _compiled.get(hash_)
        if compiled is None:
            if payload is None:
                payload = Release.objects.filter(data_hash=hash_).values_list("payload", flat=True).first()
                if payload is None:
                    return None
            compiled = compile_catalogue(yaml.load(payload, Loader=_LOADER))
            _compiled.put(hash_, compiled)
    return compiled


def _release_rows() -> list[tuple[str, str, Any]]:
    """Every release's (slug, data hash, published_at), oldest first: re-read at most once every FRESHNESS_SECONDS
    per process outside transactions (as the catalogue's stamp is), so a game's payload costs no query for it."""
    global _listing
    cached, in_transaction = _listing, connection.in_atomic_block
    if cached is not None and not in_transaction and monotonic() - cached[0] < FRESHNESS_SECONDS:
        return cached[1]
    rows = list(Release.objects.order_by("published_at", "pk").values_list("slug", "data_hash", "published_at"))
    _listing = None if in_transaction else (monotonic(), rows)
    return rows


def _forget_listing() -> None:
    global _listing
    _listing = None


def release_of_game(hash_: str, created_at=None) -> str | None:
    """Return the slug of the release a game with this hash was played under: of the releases holding it, the last
    published by the game's start (else the first); None when no release holds it (played before releases)."""
    rows = [(slug, at) for slug, data_hash_, at in _release_rows() if data_hash_ == hash_]
    if not rows:
        return None
    before = [slug for slug, at in rows if created_at is None or at <= created_at]
    return before[-1] if before else rows[0][0]


def get_release(slug: str) -> Release:
    """Return the release named by `slug`, or raise ReleaseError("release_not_found")."""
    release = Release.objects.filter(slug=slug).first()
    if release is None:
        known = ", ".join(Release.objects.values_list("slug", flat=True)) or "none yet"
        raise ReleaseError("release_not_found", f"No release {slug!r} (releases: {known}).")
    return release


# --- what changed ------------------------------------------------------------------------------------------------

def _cards_by_slug(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {raw.get("slug") or slugify(raw["name"]): raw for raw in data["cards"]}


def card_changes(old: Mapping[str, Any] | None, new: Mapping[str, Any],
                 reasons: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Each card added, changed or removed from `old` to `new`, with the fields that differ as [old, new]."""
    before, after = _cards_by_slug(old) if old else {}, _cards_by_slug(new)
    reasons = reasons or {}
    out = []
    for slug in [*after, *(s for s in before if s not in after)]:
        was, now = before.get(slug), after.get(slug)
        if was == now:
            continue
        change = "added" if was is None else "removed" if now is None else "changed"
        was, now = was or {}, now or {}
        fields = {key: [was.get(key), now.get(key)] for key in dict.fromkeys([*was, *now])
                  if was.get(key) != now.get(key)}
        out.append({"card": slug, "change": change, "fields": fields, "reason": reasons.get(slug, "")})
    return out


def release_changes(release: Release) -> dict[str, Any]:
    """The release's changelog: the cards it changed from the release it was published over, each with the
    evidence it was published on (the lab studies that measured it; [] for none)."""
    previous = release.previous
    cards = card_changes(release_data(previous) if previous else None, release_data(release), release.reasons)
    evidence: dict[str, list] = {}
    for row in ReleaseEvidence.objects.filter(release=release):
        evidence.setdefault(row.card, []).append(row.as_dict())
    for row in cards:
        row["evidence"] = evidence.get(row["card"], [])
    return {"from": previous.slug if previous else None, "to": release.slug, "cards": cards}


# --- making releases ---------------------------------------------------------------------------------------------

def create_first_release(now=None) -> Release | None:
    """Make the first release from the database's cards when there is none yet (`load_catalogue` calls this);
    return it, or None when a release exists already (loading again makes none)."""
    if Release.objects.exists():
        return None
    data = database_data()
    name = str(data["rulebook"].get("first_release") or FIRST_RELEASE)
    _forget_listing()
    transaction.on_commit(_forget_listing)
    return Release.objects.create(slug=slugify(name), name=name, published_at=now or timezone.now(),
                                  notes="The card set as the repository's data files hold it.",
                                  data_hash=data_hash(data), payload=dump_payload(data), current=True)


def publish(name: str, notes: str = "", reasons: Mapping[str, str] | None = None, *, slug: str | None = None,
            now=None, expect_hash: str | None = None) -> Release:
    """Publish the draft (the database's cards) as the new current release, in one transaction.

    Refuses, writing nothing, when the draft is the current release, when the name or slug is taken, when a
    reason names a card that did not change, or — given `expect_hash`, the draft's hash a designer reviewed (the
    staff page sends it) — when the draft changed since, so nobody publishes a change they were not shown.
    """
    name = (name or "").strip()
    slug = slugify(slug or name)
    if not name or not slug:
        raise ReleaseError("release_name_missing", "Give the release a name (such as \"Playtest 1.1\").")
    if slug in RESERVED_SLUGS:
        raise ReleaseError("release_slug_reserved", f"The slug {slug!r} is the address of a page: choose another.")
    data = database_data()
    hash_ = data_hash(data)
    with transaction.atomic():
        current = Release.objects.select_for_update().filter(current=True).first()
        if current is not None and current.data_hash == hash_:
            raise ReleaseError("release_unchanged", f"Nothing changed since {current.name} ({current.slug}): "
                               "edit the cards in the admin first.")
        if expect_hash and expect_hash != hash_:
            raise ReleaseError("draft_changed", "The draft changed since these changes were shown: review them "
                               "again before publishing.")
        if Release.objects.filter(slug=slug).exists() or Release.objects.filter(name=name).exists():
            raise ReleaseError("release_exists", f"A release named {name!r} or {slug!r} exists already.")
        changed = {row["card"] for row in card_changes(release_data(current) if current else None, data)}
        stray = sorted(set(reasons or {}) - changed)
        if stray:
            raise ReleaseError("reason_not_a_change", f"Reasons given for cards this release does not change: "
                               f"{', '.join(stray)} (changed: {', '.join(sorted(changed)) or 'none'}).")
        Release.objects.filter(current=True).update(current=False)
        _forget_listing()
        transaction.on_commit(_forget_listing)
        try:
            release = Release.objects.create(slug=slug, name=name, published_at=now or timezone.now(), notes=notes,
                                             data_hash=hash_, payload=dump_payload(data), reasons=dict(reasons or {}),
                                             previous=current, current=True)
        except IntegrityError as exc:  # another publish won the race for `current`, or the name
            raise ReleaseError("release_conflict", f"Another release was published meanwhile ({exc}).") from exc
        # The lab studies waiting as evidence for these cards' next change (rules/lab/evidence.py) are its evidence.
        ReleaseEvidence.objects.filter(release__isnull=True, card__in=changed).update(release=release)
        return release


# --- writing a release's files ------------------------------------------------------------------------------------

def export_release(release: Release, data_dir: Path | str | None = None) -> list[Path]:
    """Write the release's data files into `data_dir` (default cards/data), so that reading them back compiles to
    the same hash: cards.yaml and pyramid.yaml keep the cards' order, and the variants go to the folder (or to
    decks/data/variants.yaml when writing the repository's own cards/data)."""
    folder = Path(data_dir or DATA_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    data = release_data(release)
    cards = list(data["cards"])
    split = max((n + 1 for n, raw in enumerate(cards) if raw["type"] != "pyramid"), default=0)
    header = f"# Release {release.name} ({release.slug}, hash {release.data_hash}): export_catalogue --release\n"
    files = {
        folder / "cards.yaml": {"cards": cards[:split]},
        folder / "pyramid.yaml": {"cards": cards[split:], "deck": data["pyramid_deck"]},
        folder / "rulebook.yaml": data["rulebook"],
        folder / "keywords.yaml": {k: data[k] for k in ("keywords", "triggers", "targets")},
        folder / "starter_decks.yaml": {"decks": data["starter_decks"]},
        (VARIANTS_PATH if folder.resolve() == DATA_DIR.resolve() else folder / "variants.yaml"):
            {"variants": data["variants"]},
    }
    for path, document in files.items():
        path.write_text(header + dump_payload(document), encoding="utf-8")
    return list(files)
