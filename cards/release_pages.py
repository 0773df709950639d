"""What the releases' pages show (issue 32): patch notes with each changed card's face before and after, a card's
history across releases, a release's card faces (drawn from its snapshot), and an older release's cards as the
catalogue and the API list them. Pure reads of immutable releases: each answer is kept per process by hash.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from django.conf import settings

from rules.engine.catalogue import CardDef, Catalogue

from .catalogue import DerivedCache, card_def_to_data, get_catalogue
from .images import _write_atomically, logger
from .models import Card, Release
from .release_search import Row, release_cards
from .releases import release_catalogue, release_changes
from .render import RENDER_VERSION, render_card
from .rules_text import ability_text
from .services import content_hash

_CHANGES = DerivedCache(maxsize=64)  # (release slug, data hash) -> release_changes(release)


def changes_of(release: Release) -> dict[str, Any]:
    """The release's changelog (`cards.releases.release_changes`), computed once per process: releases never
    change."""
    key = (release.slug, release.data_hash)
    answer = _CHANGES.get(key)
    if answer is None:
        answer = release_changes(release)
        _CHANGES.put(key, answer)
    return answer


def evidence_rows(evidence: list[dict]) -> list[dict[str, str]]:
    """The changelog's evidence for a card (the lab studies it was published on, `cards.releases.release_changes`) as
    the patch notes print it: the study's link and its measured effect in words — "win rate: +0.04 (0.01 to 0.07),
    2,000 games"."""
    rows = []
    for item in evidence:
        effect = item.get("effect") or {}
        text = ""
        if isinstance(effect.get("mean"), (int, float)):
            text = f"{effect.get('measure') or 'effect'}: {effect['mean']:+.2f}"
            interval = effect.get("interval")
            if isinstance(interval, (list, tuple)) and len(interval) == 2 and all(
                    isinstance(x, (int, float)) for x in interval):
                text += f" ({interval[0]:.2f} to {interval[1]:.2f})"
            if isinstance(effect.get("games"), int):
                text += f", {effect['games']:,} games"
        rows.append({"url": item.get("url", ""), "label": item.get("title") or f"Study {item.get('study')}",
                     "effect": text})
    return rows


# --- card faces of a release ---------------------------------------------------------------------------------------

def face_hashes(release: Release, slugs=None) -> dict[str, str]:
    """The digest of what each card's face shows in this release (as `Card.content_hash` is for the draft): its
    data, rules text and art (the art is not part of a release: the card's art of today, if any). One query."""
    cards = release_cards(release)
    wanted = None if slugs is None else set(slugs)
    arts = dict(Card.objects.exclude(art="").values_list("slug", "art"))
    return {row.card.slug: content_hash(card_def_to_data(row.card), hp=row.card.hp, charge=row.card.charge,
                                        text=row.text, art=arts.get(row.card.slug, ""))
            for row in cards.rows if wanted is None or row.card.slug in wanted}


def face_hash(release: Release, slug: str) -> str | None:
    """The digest of one card's face in this release, or None when the release has no such card."""
    return face_hashes(release, [slug]).get(slug)


def face_url(release: Release, slug: str, size: str = "full", digest: str | None = None) -> str:
    name = "image" if size == "full" else "thumb"
    return f"/releases/{release.slug}/cards/{slug}/{name}.png?v={digest or face_hash(release, slug)}"


def release_png(release: Release, slug: str, digest: str, size: str) -> bytes:
    """The card's face as the release has it, drawn from the snapshot and kept on disk by its digest; the draft's
    images (cards/images.py) are pruned per card, so a release's live in their own folder and are never pruned."""
    path = Path(settings.MEDIA_ROOT) / "card-cache" / f"r{RENDER_VERSION}" / "releases" / f"{slug}-{digest}-{size}.png"
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    catalogue = release_catalogue(release)
    card = Card.objects.only("art").filter(slug=slug).first()
    art = None
    if card is not None and card.art:
        try:
            art = card.art.open("rb")
        except OSError as exc:
            logger.warning("card %s: art %s cannot be opened (%s)", slug, card.art.name, exc)
    try:
        data = render_card(catalogue[slug], catalogue, art=art, size=size)
    finally:
        if art is not None:
            art.close()
    _write_atomically(path, data)
    return data


# --- patch notes and history ------------------------------------------------------------------------------------

def shown(value: Any) -> str:
    """A field's value as the patch notes print it: scalars as they are, lists and mappings as compact JSON."""
    if value is None:
        return "—"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def field_rows(name: str, old: Any, new: Any) -> list[dict[str, str]]:
    """The rows the patch notes print for one changed field: only what differs, a list of the same length (the
    abilities) and a mapping (a cost) item by item — `abilities 1 · amount: 2 → 3` — anything else whole."""
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [row for n, (a, b) in enumerate(zip(old, new), 1) if a != b
                for row in field_rows(f"{name} {n}", a, b)]
    if isinstance(old, dict) and isinstance(new, dict):
        return [row for key in dict.fromkeys([*old, *new]) if old.get(key) != new.get(key)
                for row in field_rows(f"{name} · {key}", old.get(key), new.get(key))]
    return [{"name": name, "old": shown(old), "new": shown(new)}]


def patch_notes(release: Release) -> dict[str, Any]:
    """The release page's content: changed cards with both faces, added and removed cards, by name."""
    changes = changes_of(release)
    previous = release.previous
    names = {slug: card.name for slug, card in release_catalogue(release).cards.items()}
    if previous is not None:
        names = {**{s: c.name for s, c in release_catalogue(previous).cards.items()}, **names}
    after = face_hashes(release, [row["card"] for row in changes["cards"]])
    before = face_hashes(previous, [row["card"] for row in changes["cards"]]) if previous is not None else {}
    groups: dict[str, list] = {"changed": [], "added": [], "removed": []}
    for row in changes["cards"]:
        slug, change = row["card"], row["change"]
        entry = {"slug": slug, "name": names.get(slug, slug), "reason": row["reason"],
                 "fields": [r for f, (old, new) in row["fields"].items() for r in field_rows(f, old, new)],
                 "evidence": evidence_rows(row.get("evidence", []))}
        if change != "added":
            entry["before"] = face_url(previous, slug, "thumb" if change == "removed" else "full", before[slug])
        if change != "removed":
            entry["after"] = face_url(release, slug, "full" if change == "changed" else "thumb", after[slug])
        groups[change].append(entry)
    for entries in groups.values():
        entries.sort(key=lambda e: e["name"])
    return groups


def card_history(slug: str) -> list[dict[str, Any]]:
    """One entry per release in which the card was added, changed or removed, oldest first."""
    history = []
    for release in Release.objects.order_by("published_at", "pk").select_related("previous"):
        for row in changes_of(release)["cards"]:
            if row["card"] == slug:
                history.append({"release": release.slug, "name": release.name, "published_at": release.published_at,
                                "change": row["change"], "fields": row["fields"], "reason": row["reason"]})
    return history


# --- an older release's cards, as the catalogue and the API list them --------------------------------------------

def _named(table: list[dict], slug: str | None, name_of=lambda e: e.get("name")):
    for entry in table:
        if entry["slug"] == slug:
            return SimpleNamespace(slug=slug, name=name_of(entry) or slug)
    return None


def listed_card(release: Release, row: Row, catalogue: Catalogue, digest: str) -> SimpleNamespace:
    """A release's card with the attributes the catalogue's grid and table read from a Card."""
    card: CardDef = row.card
    rulebook = catalogue.rulebook
    civs = {c["slug"]: c["name"] for c in rulebook["civilizations"]}
    ideologies = {i["slug"]: i["name"] for i in rulebook["ideologies"]}
    current = get_catalogue().cards
    return SimpleNamespace(
        slug=card.slug, name=card.name, text=row.text, hp=card.hp, charge=card.charge,
        cost=dict(card.cost.energy), pips=[code for code, n in card.cost.energy for _ in range(n)],
        type=_named(rulebook["card_types"], card.type),
        faction=_named(rulebook["factions"], card.faction,
                       lambda f: f"{civs[f['civilization']]} {ideologies[f['ideology']]}"),
        rarity=_named(rulebook["rarities"], card.rarity),
        thumb_url=face_url(release, card.slug, "thumb", digest), image_url=face_url(release, card.slug, "full", digest),
        get_absolute_url=(f"/cards/{card.slug}/" if card.slug in current
                          else face_url(release, card.slug, "full", digest)),
        abilities=[{"trigger": a.trigger, "keyword": a.keyword, "amount": a.amount, "target": a.target,
                    "cost": a.cost.as_dict(), "synergy": a.synergy, "text": ability_text(a, catalogue)}
                   for a in card.abilities],
    )


def listed_cards(release: Release, rows: list[Row]) -> list[SimpleNamespace]:
    """The rows (a page of a search) as the catalogue lists them."""
    digests = face_hashes(release, [row.card.slug for row in rows])
    catalogue = release_cards(release).catalogue
    return [listed_card(release, row, catalogue, digests[row.card.slug]) for row in rows]


def api_cards(release: Release, rows: list[Row]) -> list[dict[str, Any]]:
    """The rows in the API's card-list shape (`CardSerializer`)."""
    return [api_card(item, row) for item, row in zip(listed_cards(release, rows), rows)]


def api_card(item: SimpleNamespace, row: Row) -> dict[str, Any]:
    return {"slug": item.slug, "name": item.name, "type": row.card.type, "faction": row.card.faction,
            "rarity": row.card.rarity, "cost": item.cost, "hp": item.hp, "charge": item.charge, "text": item.text,
            "abilities": item.abilities, "image_url": item.image_url, "thumb_url": item.thumb_url,
            "url": item.get_absolute_url}


def browsed_release(slug: str | None) -> Release | None:
    """The release a `?release=` names (None: none named); raises ReleaseError("release_not_found") if unknown."""
    from .releases import get_release

    return get_release(slug) if slug else None


def searched_in_python(release: Release | None) -> bool:
    """Whether a search of this release runs over its snapshot: not when it holds the draft's cards, which the SQL
    search over the Card table serves (the current release, unless the draft was edited since)."""
    return release is not None and release.data_hash != get_catalogue().data_hash
