"""What-if errata: a study's changes to cards, played without touching the catalogue (pure: no Django).

`"errata": {"kalen-vos": {"rarity": "uncommon", "abilities": {"2": {"amount": 2}}}, …}` changes any field of a
card's data (cards/data/SCHEMA.md): `type`, `faction`, `rarity`, `cost`, `hp`, `produces`, `flavor`, and its
`abilities` — either a whole new list, or a mapping from an ability's number (1-based, in printed order) to the fields
that change (`trigger`, `keyword`, `amount`, `target`, `cost`, `synergy`). `apply` refuses anything else with the
path of the first thing wrong (an unknown card, an unknown field, a value out of range, or a field the engine does
not play for the card's type: `not_played`), so the API can answer 400 naming it (`with_errata` checks, then
compiles). A checked erratum is played as the named variant `study-errata`:
`with_errata` compiles the study's cards with the changes (and the rule tables they were compiled with), so every
derived number (a Person's HP from its new rarity, a Scene's entering charge) follows as printed.
"""
from __future__ import annotations

import copy
import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from .catalogue import Catalogue, Variant, compile_catalogue, read_tables, slugify
from .effects import check_card
from .tables import EQUIPMENT_TYPES

STUDY_ERRATA = "study-errata"   # the variant a study's errata are played as
CARD_FIELDS = ("type", "faction", "rarity", "cost", "hp", "produces", "flavor", "abilities")   # the diff's order
RANGES = {"hp": (1, 99), "amount": (0, 20), "synergy": (0, 10), "cost": (0, 10)}
MAX_CARDS = 50


class ErrataError(ValueError):
    """An erratum that cannot be played; `path` names where it is wrong (errata.kalen-vos.abilities.2.amount)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _slug(raw: Mapping[str, Any]) -> str:
    return raw.get("slug") or slugify(raw["name"])


def _number(path: str, value: Any, name: str) -> int:
    low, high = RANGES[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ErrataError(path, f"must be a whole number from {low} to {high}")
    return value


def _cost(path: str, value: Any, codes: tuple[str, ...], charge: bool) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ErrataError(path, "must be a mapping of energy code to amount, e.g. {\"DC\": 1, \"CE\": 1}")
    allowed = codes + (("charge",) if charge else ())
    for code, amount in value.items():
        if code not in allowed:
            raise ErrataError(f"{path}.{code}", f"unknown energy code (one of: {', '.join(allowed)})")
        _number(f"{path}.{code}", amount, "cost")
    return {code: amount for code, amount in value.items() if amount}


def _choice(path: str, value: Any, known: Any, what: str) -> Any:
    if value not in known:
        raise ErrataError(path, f"unknown {what} {value!r} (one of: {', '.join(sorted(map(str, known)))})")
    return value


def _changed(path: str, changes: Any, base: Mapping[str, Any], checks: Mapping[str, Any], what: str
             ) -> dict[str, Any]:
    """`base` with each change checked by its field's check; an unknown field is refused."""
    if not isinstance(changes, Mapping) or not changes:
        raise ErrataError(path, f"{what} are a mapping of the fields that change")
    out = copy.deepcopy(dict(base))
    for name, value in changes.items():
        if name not in checks:
            raise ErrataError(f"{path}.{name}", f"unknown field (one of: {', '.join(checks)}; cards/data/SCHEMA.md)")
        out[name] = checks[name](f"{path}.{name}", value)
    return out


def _ability(path: str, patch: Any, base: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    checks = {
        "trigger": lambda where, v: _choice(where, v, tables["triggers"], "trigger"),
        "keyword": lambda where, v: _choice(where, v, tables["keywords"], "keyword"),
        "amount": lambda where, v: _number(where, v, "amount"),
        "target": lambda where, v: _choice(where, v, tables["targets"], "target"),
        "cost": lambda where, v: _cost(where, v, tables["codes"], charge=True),
        "synergy": lambda where, v: _number(where, v, "synergy"),
    }
    return _changed(path, patch, base, checks, "an ability's changes")


def _flavor(path: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > 500:
        raise ErrataError(path, "must be text of at most 500 characters")
    return value


def not_played(name: str, card: Mapping[str, Any], tables: Mapping[str, Any]) -> str | None:
    """Why the engine would not play the field `name` of `card` (its data with the errata applied), or None if it
    does. Accepting such an erratum would show it in the study's diff and change nothing, so a designer would
    conclude the field does not matter. Read from the engine, not guessed:

    - `hp`: a Person's comes from its rarity's row (catalogue._compile_card); only a Hero's is printed, and no
      other card has HP (damage to it removes charge: State.damage);
    - `cost`: equipment is played for the rulebook's equip cost (tables._info, RULINGS 27), an Energy card for free
      (legal: play_energy), a Hero starts in play, a Pyramid card is flipped: none of them pays its own cost;
    - `produces`: only an Energy card taps for energy (legal: tap; execute._tap).
    """
    kind = card["type"]
    if name == "hp" and kind == "person":
        rarity = card.get("rarity")
        return (f"a Person's HP comes from its rarity ({str(rarity).capitalize()}: {tables['person_hp'][rarity]} "
                f"HP, rulebook.yaml); change its rarity instead")
    if name == "hp" and kind != "hero":
        return f"a {kind} has no HP: only a Hero's HP is printed (a Person's comes from its rarity)"
    if name == "cost" and kind in EQUIPMENT_TYPES:
        return (f"an {kind} is played by equipping it, for the equip cost ({tables['attach_cost']}, rulebook.yaml "
                "equipment.attach_cost), never its own")
    if name == "cost" and kind in ("energy", "hero", "pyramid"):
        return {"energy": "an Energy card is played for free", "hero": "a Hero starts in play and is never paid for",
                "pyramid": "a Pyramid card is flipped from the Pyramid deck, never paid for"}[kind]
    if name == "produces" and kind != "energy":
        return f"only an Energy card produces energy: a {kind} never taps for it"
    return None


def _card(path: str, raw: dict[str, Any], changes: Any, tables: Mapping[str, Any]) -> dict[str, Any]:
    checks = {
        "type": lambda where, v: _choice(where, v, tables["types"], "card type"),
        "faction": lambda where, v: _choice(where, v, tables["factions"], "faction"),
        "rarity": lambda where, v: _choice(where, v, tables["rarities"], "rarity"),
        "cost": lambda where, v: _cost(where, v, tables["codes"], charge=False),
        "hp": lambda where, v: _number(where, v, "hp"),
        "produces": lambda where, v: _choice(where, v, tables["codes"], "energy code"),
        "flavor": _flavor,
        "abilities": lambda where, v: _abilities(where, v, raw.get("abilities") or [], tables),
    }
    out = _changed(path, changes, raw, checks, "a card's errata")
    for name in changes:   # judged on the card as changed: a new type or rarity counts
        reason = not_played(name, out, tables)
        if reason:
            raise ErrataError(f"{path}.{name}", f"not played: {reason}")
    return out


def _abilities(path: str, value: Any, printed: list, tables: Mapping[str, Any]) -> list[dict[str, Any]]:
    if isinstance(value, list):   # a whole new list: each ability checked field by field
        for i, ability in enumerate(value, start=1):
            if not isinstance(ability, Mapping) or "trigger" not in ability or "keyword" not in ability:
                raise ErrataError(f"{path}.{i}", "a new ability needs at least its trigger and keyword")
        return [_ability(f"{path}.{i}", a, {"target": "none"}, tables) for i, a in enumerate(value, start=1)]
    if not isinstance(value, Mapping):
        raise ErrataError(path, "a list of abilities, or a mapping from an ability's number (1-based) to changes")
    out = [dict(a) for a in printed]
    for number, patch in value.items():
        where = f"{path}.{number}"
        if not str(number).isdigit() or not 1 <= int(number) <= len(printed):
            raise ErrataError(where, f"no such ability: the card has {len(printed)} (numbered from 1)")
        out[int(number) - 1] = _ability(where, patch, printed[int(number) - 1], tables)
    return out


def _tables(catalogue: Catalogue) -> dict[str, Any]:
    rulebook = catalogue.rulebook
    return {"types": [t["slug"] for t in rulebook["card_types"]], "factions": [f["slug"] for f in rulebook["factions"]],
            "rarities": [r["slug"] for r in rulebook["rarities"]],
            "person_hp": {r["slug"]: r["person_hp"] for r in rulebook["rarities"]},
            "attach_cost": " + ".join(f"{n} {code}" for code, n in rulebook["equipment"]["attach_cost"].items()),
            "codes": tuple(e["code"] for e in rulebook["energy_types"]),
            "keywords": catalogue.keywords, "targets": catalogue.targets,
            "triggers": ("enters", "use", "reaction", "passive", "instant", "pyramid")}


def apply(catalogue: Catalogue, cards: list[Mapping[str, Any]], errata: Any) -> list[dict[str, Any]]:
    """The card data with the errata applied; ErrataError naming the first path that is wrong."""
    if not isinstance(errata, Mapping) or not errata:
        raise ErrataError("errata", "a mapping from a card's slug to the fields that change")
    if len(errata) > MAX_CARDS:
        raise ErrataError("errata", f"at most {MAX_CARDS} cards a study")
    tables = _tables(catalogue)
    out = [dict(raw) for raw in cards]
    where = {_slug(raw): i for i, raw in enumerate(out)}
    for slug, changes in errata.items():
        if slug not in where:
            raise ErrataError(f"errata.{slug}", "unknown card")
        old_type = out[where[slug]]["type"]
        out[where[slug]] = _card(f"errata.{slug}", out[where[slug]], changes, tables)
        if out[where[slug]]["type"] != old_type and {old_type, out[where[slug]]["type"]} & {"hero", "pyramid"}:
            raise ErrataError(f"errata.{slug}.type", "a Hero or a Pyramid card keeps its type (decks and the Pyramid "
                              "deck hold them by type)")
    return out


def with_errata(catalogue: Catalogue, cards: list[Mapping[str, Any]], errata: Any,
                tables: Mapping[str, Any] | None = None) -> Catalogue:
    """The catalogue with the errata played as the variant `study-errata` (`tables`: the rule tables the cards are
    compiled with, by default the repository's); ErrataError naming the path of the first thing wrong."""
    changed = apply(catalogue, cards, errata)
    try:
        compiled = compile_catalogue({**(tables if tables is not None else read_tables()), "cards": changed})
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise ErrataError("errata", f"the changed cards do not compile ({exc})") from exc
    for slug in errata:
        problems = check_card(compiled.cards[slug], compiled.keywords)
        if problems:
            raise ErrataError(f"errata.{slug}", "; ".join(problems))
    variant = Variant(slug=STUDY_ERRATA, name="The study's errata",
                      description=", ".join(sorted(errata)))
    return dataclasses.replace(compiled, variants=MappingProxyType({**compiled.variants, STUDY_ERRATA: variant}))


def diff(cards: list[Mapping[str, Any]], changed: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the errata change, field by field, for the study's page: [{card, name, field, before, after}]."""
    out = []
    for before, after in zip(cards, changed):
        if before == after:
            continue
        for name in CARD_FIELDS:
            if before.get(name) != after.get(name):
                out.append({"card": _slug(before), "name": before["name"], "field": name,
                            "before": before.get(name), "after": after.get(name)})
    return out
