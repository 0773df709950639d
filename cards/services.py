"""Load the catalogue from the data files, export it back, and keep derived card columns true.

`load_catalogue` upserts every table and card idempotently (a second run changes nothing); `export_catalogue`
writes `cards.yaml` and the Pyramid cards back in the same hand-editable form, so the repository stays the source of
truth; `card_refresh_derived` regenerates a card's text and hash after an edit in the admin.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml
from django.db import transaction
from django.db.models import Max, ProtectedError
from django.utils import timezone

from rules.engine.catalogue import DATA_DIR, CardDef, Catalogue, compile_catalogue, slugify

from . import rules_text
from .catalogue import build_data, card_def_to_data, card_to_data, clear_cache, database_data, read_files
from .models import (
    Ability,
    Card,
    CardCost,
    CardType,
    Civilization,
    EnergyType,
    Faction,
    Ideology,
    Keyword,
    Rarity,
    Trigger,
    search_words,
)

CARD_FIELDS = (
    "name", "type_id", "faction_id", "rarity_id", "hp", "charge", "produces_id", "flavor", "text", "cost_total",
    "content_hash", "position", "updated_at", "name_words", "text_words", "flavor_words",
)


class CatalogueDataError(ValueError):
    """The data files are inconsistent; the message names the card and the problem."""

    code = "bad_catalogue_data"


@dataclass
class LoadReport:
    """What a load changed, for the command's summary and for tests."""

    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    missing: list[str] = field(default_factory=list)    # in the database, not in the files
    pruned: list[str] = field(default_factory=list)
    tables: dict[str, int] = field(default_factory=dict)
    release: Any = None  # the first release, when this load made it (a database with no release yet)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.pruned)

    def summary(self) -> str:
        tables = ", ".join(f"{count} {name}" for name, count in self.tables.items())
        lines = [
            f"Cards: {len(self.created)} created, {len(self.updated)} updated, {self.unchanged} unchanged"
            + (f", {len(self.pruned)} deleted" if self.pruned else "") + ".",
            f"Tables: {tables}.",
        ]
        if self.release is not None:
            lines.append(f"Release: {self.release.name} ({self.release.slug}), the first, made from these cards.")
        if self.missing:
            lines.append(f"{len(self.missing)} card(s) in the database are not in the data files "
                         f"(export them, or load with --prune to delete): {', '.join(self.missing)}.")
        return "\n".join(lines)


def content_hash(data: Mapping[str, Any], *, hp: int | None, charge: int | None, text: str, art: str) -> str:
    """Return the digest that changes whenever what a card image shows changes (its data, text or art)."""
    blob = json.dumps({"data": data, "hp": hp, "charge": charge, "text": text, "art": art},
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


# --- loading ---------------------------------------------------------------------------------------------------

def _upsert(model, rows: list[dict[str, Any]], key: str) -> dict[str, int]:
    """Insert or update rows by their natural key in one statement; return key -> id."""
    if rows:
        update_fields = [name for name in rows[0] if name != key]
        model.objects.bulk_create(
            [model(**row) for row in rows], update_conflicts=bool(update_fields),
            unique_fields=[key], update_fields=update_fields or None, ignore_conflicts=not update_fields,
        )
    return dict(model.objects.values_list(key, "id"))


def _load_tables(data: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    rulebook = data["rulebook"]
    civs = _upsert(Civilization, [
        {"slug": c["slug"], "name": c["name"], "equipment_type": c.get("equipment_type", ""), "order": i}
        for i, c in enumerate(rulebook["civilizations"])
    ], "slug")
    ideologies = _upsert(Ideology, [
        {"slug": i["slug"], "name": i["name"], "blurb": i.get("blurb", ""), "order": n}
        for n, i in enumerate(rulebook["ideologies"])
    ], "slug")
    energies = _upsert(EnergyType, [
        {"code": e["code"], "name": e["name"], "civilization_id": civs.get(e["civilization"]) if e["civilization"]
         else None, "tone": e.get("tone") or "", "order": i}
        for i, e in enumerate(rulebook["energy_types"])
    ], "code")
    civ_names = {c["slug"]: c["name"] for c in rulebook["civilizations"]}
    ideology_names = {i["slug"]: i["name"] for i in rulebook["ideologies"]}
    factions = _upsert(Faction, [
        {"slug": f["slug"], "name": f"{civ_names[f['civilization']]} {ideology_names[f['ideology']]}",
         "civilization_id": civs[f["civilization"]], "ideology_id": ideologies[f["ideology"]],
         "faction_energy_id": energies[f["faction_energy"]], "secondary_energy_id": energies[f["secondary_energy"]],
         "order": i}
        for i, f in enumerate(rulebook["factions"])
    ], "slug")
    _sync_faction_energies(rulebook["factions"], factions, energies)
    rarity_columns = ("person_hp", "summon_cost", "scene_charge", "battery_cost", "battery_counters", "instant_cost",
                      "legacy_multiplier", "legacy_value")
    rarities = _upsert(Rarity, [
        {"slug": r["slug"], "name": r["name"], "order": i, **{c: r[c] for c in rarity_columns}}
        for i, r in enumerate(rulebook["rarities"])
    ], "slug")
    types = _upsert(CardType, [
        {"slug": t["slug"], "name": t["name"], "in_deck": bool(t["in_deck"]), "order": i}
        for i, t in enumerate(rulebook["card_types"])
    ], "slug")
    keywords = _upsert(Keyword, [
        {"slug": k["slug"], "name": k["name"], "category": k["category"], "takes_amount": bool(k["amount"]),
         "reminder": k["reminder"], "order": i}
        for i, k in enumerate(data["keywords"])
    ], "slug")
    return {"civilizations": civs, "ideologies": ideologies, "energy_types": energies, "factions": factions,
            "rarities": rarities, "card_types": types, "keywords": keywords}


def _sync_faction_energies(rows, factions: dict[str, int], energies: dict[str, int]) -> None:
    through = Faction.energy_types.through
    wanted = {(factions[f["slug"]], energies[code]) for f in rows for code in f["energies"]}
    present = set(through.objects.values_list("faction_id", "energytype_id"))
    stale = present - wanted
    for faction_id, energy_id in stale:
        through.objects.filter(faction_id=faction_id, energytype_id=energy_id).delete()
    through.objects.bulk_create([through(faction_id=f, energytype_id=e) for f, e in wanted - present])


def _check_card(card: CardDef, ids: Mapping[str, Mapping[str, int]], catalogue: Catalogue) -> None:
    def fail(problem: str):
        raise CatalogueDataError(f"card {card.name!r}: {problem}")

    if card.type not in ids["card_types"]:
        fail(f"unknown type {card.type!r}")
    for table, label, value in (("factions", "faction", card.faction), ("rarities", "rarity", card.rarity),
                                ("energy_types", "energy type", card.produces)):
        if value is not None and value not in ids[table]:
            fail(f"unknown {label} {value!r}")
    for code, _ in card.cost.energy:
        if code not in ids["energy_types"]:
            fail(f"unknown energy {code!r} in its cost")
    if card.cost.charge:
        fail("a card's own cost cannot remove charge (only an ability's can)")
    for ability in card.abilities:
        if ability.trigger not in Trigger.values:
            fail(f"unknown trigger {ability.trigger!r}")
        if ability.keyword not in ids["keywords"]:
            fail(f"unknown keyword {ability.keyword!r}")
        if ability.target not in catalogue.targets:
            fail(f"unknown target {ability.target!r}")
        if ability.amount is not None and ability.amount <= 0:
            fail(f"{ability.keyword} amount must be positive")


def compile_data(data: Mapping[str, Any]) -> Catalogue:
    """Compile a data mapping, turning the engine's errors into `CatalogueDataError`."""
    try:
        return compile_catalogue(data)
    except (KeyError, ValueError, TypeError) as exc:
        raise CatalogueDataError(f"the card data does not compile: {exc}") from exc


def _card_rows(card: CardDef, catalogue: Catalogue, ids, *, art: str) -> tuple[dict[str, Any], list, list]:
    text = rules_text.card_text(card, catalogue)
    fields = {
        "name": card.name,
        "type_id": ids["card_types"][card.type],
        "faction_id": ids["factions"][card.faction] if card.faction else None,
        "rarity_id": ids["rarities"][card.rarity] if card.rarity else None,
        "hp": card.hp,
        "charge": card.charge,
        "produces_id": ids["energy_types"][card.produces] if card.produces else None,
        "flavor": card.flavor,
        "text": text,
        "cost_total": card.cost.total,
        "content_hash": content_hash(card_def_to_data(card), hp=card.hp, charge=card.charge, text=text, art=art),
        **search_words(card.name, text, card.flavor),
    }
    costs = [(ids["energy_types"][code], amount) for code, amount in card.cost.energy]
    abilities = [
        {"order": n, "trigger": a.trigger, "keyword_id": ids["keywords"][a.keyword], "amount": a.amount,
         "target": a.target, "cost": a.cost.as_dict(), "synergy": a.synergy,
         "text": rules_text.ability_text(a, catalogue)}
        for n, a in enumerate(card.abilities)
    ]
    return fields, costs, abilities


def _write_parts(card_ids: dict[str, int], parts: Mapping[str, tuple[list, list]]) -> None:
    CardCost.objects.bulk_create([
        CardCost(card_id=card_ids[slug], energy_id=energy_id, amount=amount)
        for slug, (costs, _) in parts.items() for energy_id, amount in costs
    ])
    Ability.objects.bulk_create([
        Ability(card_id=card_ids[slug], **row) for slug, (_, abilities) in parts.items() for row in abilities
    ])


@transaction.atomic
def load_catalogue(data_dir: Path | str | None = None, *, prune: bool = False) -> LoadReport:
    """Upsert every table and card from the data files; unchanged cards are not touched."""
    data = read_files(data_dir or DATA_DIR)
    catalogue = compile_data(data)
    ids = _load_tables(data)
    report = LoadReport(tables={name: len(rows) for name, rows in ids.items()})
    now = timezone.now()
    existing = {row["slug"]: row for row in Card.objects.values("id", "slug", "content_hash", "position", "art")}
    to_create, to_update, parts = [], [], {}
    for position, card in enumerate(catalogue.cards.values()):
        _check_card(card, ids, catalogue)
        old = existing.get(card.slug)
        fields, costs, abilities = _card_rows(card, catalogue, ids, art=old["art"] if old else "")
        fields.update(position=position, updated_at=now)
        if old is None:
            to_create.append(Card(slug=card.slug, **fields))
            report.created.append(card.slug)
        elif old["content_hash"] != fields["content_hash"] or old["position"] != position:
            to_update.append(Card(id=old["id"], slug=card.slug, **fields))
            if old["content_hash"] != fields["content_hash"]:
                report.updated.append(card.slug)
            else:
                report.unchanged += 1
        else:
            report.unchanged += 1
            continue
        parts[card.slug] = (costs, abilities)
    Card.objects.bulk_update(to_update, CARD_FIELDS, batch_size=500)
    updated_ids = [card.id for card in to_update]
    CardCost.objects.filter(card_id__in=updated_ids).delete()
    Ability.objects.filter(card_id__in=updated_ids).delete()
    Card.objects.bulk_create(to_create, batch_size=500)
    card_ids = dict(Card.objects.filter(slug__in=parts).values_list("slug", "id"))
    _write_parts(card_ids, parts)
    report.missing = sorted(set(existing) - set(catalogue.cards))
    if prune and report.missing:
        try:
            Card.objects.filter(slug__in=report.missing).delete()
        except ProtectedError as exc:
            raise CatalogueDataError(f"cannot delete cards that decks still use: {exc.protected_objects}") from exc
        report.pruned, report.missing = report.missing, []
    transaction.on_commit(clear_cache)  # bulk writes bypass the model signals that normally clear it
    clear_cache()
    from .releases import create_first_release  # cards.releases reads the cards this module writes

    report.release = create_first_release()
    return report


# --- editing in the admin ---------------------------------------------------------------------------------------

def card_next_position() -> int:
    """Return the file position after every card's, for a card created in the admin."""
    last = Card.objects.aggregate(last=Max("position"))["last"]
    return 0 if last is None else last + 1


def card_refresh_derived(card: Card) -> Card:
    """Recompute a card's generated columns (text, HP/charge, cost total, content hash) from its saved rows."""
    card = Card.objects.with_related().get(pk=card.pk)
    catalogue = compile_data(build_data([card_to_data(card)]) | {"pyramid_deck": [], "variants": []})
    card_def = catalogue.cards[card.slug]
    text = rules_text.card_text(card_def, catalogue)
    card.text = text
    card.hp, card.charge = card_def.hp, card_def.charge
    card.cost_total = card_def.cost.total
    card.content_hash = content_hash(card_def_to_data(card_def), hp=card.hp, charge=card.charge, text=text,
                                     art=card.art.name or "")
    card.save(update_fields=["text", "hp", "charge", "cost_total", "content_hash", "updated_at"])
    abilities = list(card.abilities.all())
    for ability, ability_def in zip(abilities, card_def.abilities):
        ability.text = rules_text.ability_text(ability_def, catalogue)
    Ability.objects.bulk_update(abilities, ["text"])
    return card


@transaction.atomic
def write_draft_cards(changed: Mapping[str, dict[str, Any]]) -> list[str]:
    """Write changed cards (slug -> the card in the data-file form) to the draft, as `load_catalogue` writes a card
    whose file changed: its rows, costs and abilities, text, content hash and search words, so the catalogue, its
    images and its search follow at once. The lab's "Add these errata to the draft" calls this. Returns the slugs
    actually changed (a card already as given is not touched); CatalogueDataError if the cards do not compile."""
    existing = {card.slug: card for card in Card.objects.filter(slug__in=list(changed))}
    unknown = sorted(set(changed) - set(existing))
    if unknown:
        raise CatalogueDataError(f"no card {', '.join(unknown)} in the draft")
    cards = [changed.get(raw.get("slug") or slugify(raw["name"]), raw) for raw in database_data()["cards"]]
    data = build_data(cards)
    catalogue = compile_data(data)
    ids = _load_tables(data)
    now, written, parts = timezone.now(), [], {}
    for slug, card in existing.items():
        card_def = catalogue.cards[slug]
        _check_card(card_def, ids, catalogue)
        fields, costs, abilities = _card_rows(card_def, catalogue, ids, art=card.art.name or "")
        if fields["content_hash"] == card.content_hash:
            continue
        Card.objects.filter(pk=card.pk).update(**fields, updated_at=now)
        CardCost.objects.filter(card_id=card.pk).delete()
        Ability.objects.filter(card_id=card.pk).delete()
        parts[slug] = (costs, abilities)
        written.append(slug)
    _write_parts({slug: existing[slug].pk for slug in parts}, parts)
    transaction.on_commit(clear_cache)  # queryset updates bypass the model signals that normally clear it
    clear_cache()
    return written


# --- exporting --------------------------------------------------------------------------------------------------

class _FlowMap(dict):
    """A mapping written on one line: `{DC: 1, CE: 1}`."""


class _Quoted(str):
    """A string written in double quotes, as designers write flavor text."""


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)  # indent lists under their key, as the files do


_Dumper.add_representer(_FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v, flow_style=True))
_Dumper.add_representer(_Quoted, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", v, style='"'))

_CARD_LINE = re.compile(r"^\s*-\s+name:\s*(?P<name>.+?)\s*$")


def _comments(text: str) -> tuple[list[str], dict[str, list[str]]]:
    """Return the file's header comment lines and the comment block written above each card, by card name."""
    lines = text.splitlines()
    body = next((n for n, line in enumerate(lines) if line.strip() and not line.strip().startswith("#")), len(lines))
    header = lines[:body]
    above: dict[str, list[str]] = {}
    for n in range(body, len(lines)):
        match = _CARD_LINE.match(lines[n])
        if not match:
            continue
        start = n
        while start > body and (not lines[start - 1].strip() or lines[start - 1].strip().startswith("#")):
            start -= 1
        above[str(yaml.safe_load(match["name"]))] = [line.strip() for line in lines[start:n]]
    return header, above


def _designer_order(cost: Mapping[str, int], first: tuple[str, ...]) -> _FlowMap:
    """Order a cost as designers write it: faction energy, secondary energy, then the rest as stored."""
    def rank(item):
        return first.index(item[0]) if item[0] in first else len(first)

    return _FlowMap(sorted(cost.items(), key=rank))


def _styled(card: dict[str, Any], energy_first: Mapping[str, tuple[str, ...]]) -> dict[str, Any]:
    out = dict(card)
    first = energy_first.get(out.get("faction"), ())
    if "cost" in out:
        out["cost"] = _designer_order(out["cost"], first)
    if "flavor" in out:
        out["flavor"] = _Quoted(out["flavor"])
    if "abilities" in out:
        out["abilities"] = [
            _FlowMap({k: _designer_order(v, first) if k == "cost" else v for k, v in a.items()})
            for a in out["abilities"]
        ]
    return out


def _dump(document: Mapping[str, Any]) -> str:
    return yaml.dump(dict(document), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=4096,
                     default_flow_style=False)


def _write_cards_file(path: Path, cards: Iterable[dict[str, Any]], energy_first: Mapping[str, tuple[str, ...]],
                      tail: str = "") -> None:
    old_text = path.read_text(encoding="utf-8") if path.exists() else ""
    header, above = _comments(old_text)
    spaced = not above or any(block and not block[0] for block in above.values())
    cards = list(cards)
    out = list(header)
    if cards:
        out.append("cards:")
        for card in cards:
            block = above.get(card["name"], [""] if spaced else [])
            out.extend(f"  {line}" if line else "" for line in block)
            out.append(_dump({"cards": [_styled(card, energy_first)]}).split("\n", 1)[1].rstrip("\n"))
    else:
        out.append("cards: []")
    if tail:
        out.append("")
        out.append(tail.rstrip("\n"))
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _deck_section(path: Path) -> str:
    """Return the Pyramid file's `deck:` section verbatim: the admin never edits it, so its comments survive."""
    if not path.exists():
        return ""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next((n for n, line in enumerate(lines) if line.startswith("deck:")), None)
    if start is None:
        return ""
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    return "\n".join(lines[start:]) + "\n"


@dataclass
class ExportReport:
    cards: int
    pyramid_cards: int
    files: list[Path]

    def summary(self) -> str:
        return (f"Wrote {self.cards} cards and {self.pyramid_cards} Pyramid cards to "
                f"{', '.join(str(path) for path in self.files)}.")


def export_catalogue(data_dir: Path | str | None = None) -> ExportReport:
    """Write the database's cards back to `cards.yaml` and `pyramid.yaml` (keeping its deck and comments)."""
    data_dir = Path(data_dir or DATA_DIR)
    cards = [card_to_data(card) for card in Card.objects.with_related().order_by("position", "name")]
    deck_cards = [card for card in cards if card["type"] != "pyramid"]
    pyramid_cards = [card for card in cards if card["type"] == "pyramid"]
    pyramid_path = data_dir / "pyramid.yaml"
    pyramid_deck = _deck_section(pyramid_path)
    cards_path = data_dir / "cards.yaml"
    energy_first = {
        faction.slug: (faction.faction_energy.code, faction.secondary_energy.code)
        for faction in Faction.objects.select_related("faction_energy", "secondary_energy")
    }
    _write_cards_file(cards_path, deck_cards, energy_first)
    _write_cards_file(pyramid_path, pyramid_cards, energy_first, pyramid_deck)
    return ExportReport(cards=len(deck_cards), pyramid_cards=len(pyramid_cards), files=[cards_path, pyramid_path])
