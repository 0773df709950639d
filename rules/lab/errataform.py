"""The lab start form's erratum editor (issue 33): pick a card, change the numbers and choices the engine plays for
it, see what changes (printed → erratum, field by field), and start a paired study of it.

Until now errata could be studied only through the API. The form posts each field under its errata path
(`erratum.cost.DC`, `erratum.hp`, `erratum.abilities.2.amount`: the API's `errata` format, rules/engine/errata.py,
flattened), `posted_errata` turns what differs from the printed card back into that format, and the study starts
through `services.start_study` like the API's: the same checks, the same `bad_errata` code naming the path, nothing
created when they refuse. The editor offers only the fields the engine plays for the card's type
(`errata.not_played`), so a designer is not offered a change that would change nothing.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from cards.catalogue import card_def_to_data
from rules.engine import errata as errata_rules
from rules.engine.catalogue import Catalogue

KIND = "errata"   # the start form's kind for a paired errata study: goldfish, or a matchup when an opponent is chosen
LABEL = "An erratum: a changed card against the printed one, on the same seeds"
PREFIX = "erratum."
CARD = PREFIX + "card"
FOR = PREFIX + "for"   # the card whose fields the form shows: after picking another, its fields are not the new card's
FIELD_GROUPS = ("deck", "errata_vs", "bot", "players", "errata")   # what the form shows for it (static/js/lab.js)
NAMES = {"rarity": "Rarity", "faction": "Faction", "cost": "Cost", "hp": "HP", "produces": "Produces",
         "amount": "amount", "synergy": "synergy", "charge": "charge", "trigger": "trigger", "keyword": "keyword",
         "target": "target"}
WHOLE = re.compile(r"-?\d+")


def fields_for(posted: Mapping[str, Any], slug: str) -> bool:
    """Whether the posted fields are this card's (the form names the card it showed them for, if any)."""
    return posted.get(FOR) in (None, "", slug)


def card_choices(catalogue: Catalogue) -> list[tuple[str, str]]:
    """Every card a study can change, by name: (slug, "Kalen Vos · Person")."""
    cards = sorted(catalogue.cards.items(), key=lambda item: item[1].name)
    return [(slug, f"{card.name} · {card.type.capitalize()}") for slug, card in cards]


def _label(path: list[str]) -> str:
    """["abilities", "2", "cost", "DC"] -> "Ability 2 · cost DC"; ["cost", "CE"] -> "Cost CE"."""
    if path[0] == "abilities":
        return f"Ability {path[1]} · " + " ".join(NAMES.get(part, part) for part in path[2:])
    return " ".join(NAMES.get(part, part) for part in path)


def _field(path: list[str], printed: Any, posted: Mapping[str, Any], **kind: Any) -> dict[str, Any]:
    name = PREFIX + ".".join(path)
    value = posted.get(name, printed)
    return {"name": name, "id": "id_" + name.replace(".", "_"), "label": _label(path), "printed": printed,
            "value": printed if value in (None, "") else value, **kind}


def _numbers(path: list[str], cost: Mapping[str, int] | None, codes: tuple[str, ...], posted) -> list[dict]:
    return [_field(path + [code], (cost or {}).get(code, 0), posted, min=0, max=errata_rules.RANGES["cost"][1])
            for code in codes]


def editor_fields(catalogue: Catalogue, slug: str, posted: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The card's editable fields, printed value and the posted one: numbers (cost per energy, HP, an ability's
    amount, synergy and cost) and the rarity, each only where the engine plays it for the card's type."""
    card = card_def_to_data(catalogue.cards[slug])
    rulebook = catalogue.rulebook
    codes = tuple(e["code"] for e in rulebook["energy_types"])
    tables = {"person_hp": {r["slug"]: r["person_hp"] for r in rulebook["rarities"]}, "attach_cost": ""}
    fields = []
    if card.get("rarity"):
        fields.append(_field(["rarity"], card["rarity"], posted, choices=[r["slug"] for r in rulebook["rarities"]]))
    if errata_rules.not_played("cost", card, tables) is None:
        fields += _numbers(["cost"], card.get("cost"), codes, posted)
    if errata_rules.not_played("hp", card, tables) is None:
        fields.append(_field(["hp"], card.get("hp"), posted, min=1, max=errata_rules.RANGES["hp"][1]))
    if card["type"] == "energy":
        fields.append(_field(["produces"], card.get("produces"), posted, choices=list(codes)))
    for number, ability in enumerate(card.get("abilities") or [], start=1):
        for name in ("amount", "synergy"):
            if name in ability:
                fields.append(_field(["abilities", str(number), name], ability[name], posted, min=0,
                                     max=errata_rules.RANGES[name][1]))
        if ability.get("cost"):
            fields += _numbers(["abilities", str(number), "cost"], ability["cost"], codes + ("charge",), posted)
    for field in fields:
        field["changed"] = str(field["value"]) != str(field["printed"])
    return fields


def _value(text: str) -> Any:
    text = text.strip()
    return int(text) if WHOLE.fullmatch(text) else text


def _nonzero(cost: Any) -> Any:
    return {k: v for k, v in cost.items() if v != 0} if isinstance(cost, Mapping) else cost


def posted_errata(catalogue: Catalogue, posted: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """(card slug, {slug: changes}) from the form: every posted `erratum.*` field whose value differs from the printed
    card (an energy cost compared without its zeros), in the API's errata format. Fields the editor does not offer
    are taken as posted, so the engine's checks name them (an unknown field, a field it would not play)."""
    slug = (posted.get(CARD) or "").strip()
    card = card_def_to_data(catalogue.cards[slug]) if slug in catalogue.cards else {}
    proposed: dict[str, Any] = {}
    for name in posted if fields_for(posted, slug) else ():
        if not name.startswith(PREFIX) or name in (CARD, FOR) or posted.get(name, "") == "":
            continue
        *parents, leaf = name[len(PREFIX):].split(".")
        node = proposed
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = _value(posted.get(name))
    changes: dict[str, Any] = {}
    for field, value in proposed.items():
        if field == "abilities" and isinstance(value, dict):
            abilities = _ability_changes(card.get("abilities") or [], value)
            if abilities:
                changes["abilities"] = abilities
        elif _nonzero(value) != _nonzero(card.get(field, {} if field == "cost" else None)):
            changes[field] = _nonzero(value) if field == "cost" else value
    return slug, {slug: changes}


def _ability_changes(printed: list, proposed: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for number, fields in proposed.items():
        index = int(number) - 1 if number.isdigit() else -1
        base = printed[index] if 0 <= index < len(printed) else {}
        changed = {name: (_nonzero(value) if name == "cost" else value) for name, value in fields.items()
                   if _nonzero(value) != _nonzero(base.get(name, {} if name == "cost" else None))}
        if changed or not base:   # an ability the card lacks: kept, so the engine names it
            out[number] = changed or fields
    return out


def diff_rows(rows: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A stored errata diff (rules/engine/errata.diff: whole fields) as one row per number or word that changed:
    {"name", "label", "before", "after"} ("Kalen Vos", "Ability 2 · amount", 1, 3)."""
    out = []
    for row in rows:
        for path, before, after in _leaves([row["field"]], row.get("before"), row.get("after")):
            out.append({"card": row["card"], "name": row["name"], "label": _label(path), "before": before,
                        "after": after})
    return out


def _leaves(path: list[str], before: Any, after: Any):
    if isinstance(before, list) or isinstance(after, list):
        before, after = ({str(i): v for i, v in enumerate(x or [], start=1)} for x in (before, after))
    if isinstance(before, Mapping) or isinstance(after, Mapping):
        before, after = before or {}, after or {}
        zero = 0 if path[-1] == "cost" else None
        for key in dict.fromkeys([*before, *after]):
            yield from _leaves(path + [str(key)], before.get(key, zero), after.get(key, zero))
    elif before != after:
        yield path, before, after


def path_words(catalogue: Catalogue, path: str) -> str:
    """"errata.kalen-vos.abilities.2.amount" -> "Kalen Vos · Ability 2 · amount": where an erratum is wrong, for
    the form (the API keeps the path)."""
    parts = path.split(".")[1:]
    if not parts:
        return "The erratum"
    card = catalogue.cards.get(parts[0])
    name = card.name if card is not None else parts[0]
    return " · ".join([name] + ([_label(parts[1:])] if parts[1:] else []))


def error_row(catalogue: Catalogue, code: str, message: str, extra: Mapping[str, Any]) -> dict[str, Any]:
    """An ApiError as the start form lists it: its code, its path, and the message with the path said in words."""
    path = extra.get("path") or ""
    if path.startswith("errata") and message.startswith(path + ": "):
        message = f"{path_words(catalogue, path)}: {message[len(path) + 2:]}"
    return {"code": code, "path": path, "message": message}
