"""Generate the rules text a player reads from a card's structured abilities.

Text is never typed in by hand: it is written here from the same `CardDef`/`Ability` data the engine plays, so the
card and the engine cannot disagree. Numbers that belong to the rulebook (charge, equipment bonuses, costs) are read
from `Catalogue.rulebook`. Pure Python: no Django, so the engine and tests can use it as they please.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules.engine.catalogue import Ability, CardDef, Catalogue, Cost

# Passive keywords that hold continuously; any other Passive happens at the start of its controller's turn
# (cards/data/SCHEMA.md, "Triggers").
CONTINUOUS_KEYWORDS = frozenset({"fortify", "stabilize"})

# Keywords a card has by being equipment, with no ability row (SCHEMA.md, "Equipment").
IMPLICIT_KEYWORDS_BY_TYPE: Mapping[str, tuple[str, ...]] = {
    "artifact": ("equip", "charge-capacity"),
    "enchantment": ("attune", "charge-capacity"),
}
EQUIPMENT_TYPES = frozenset(IMPLICIT_KEYWORDS_BY_TYPE)

# What each keyword does, with {x} (its amount) and a target phrase in one of these slots:
# {target} the bare phrase ("target Person"), {to}/{from} the phrase with that preposition unless it is a
# "distributed among ..." phrase, which stands on its own.
EFFECTS: Mapping[str, str] = {
    "strike": "deal {x} damage {to}",
    "allocate": "deal {x} damage {to}",
    "accelerate": "add {x} charge {to}",
    "charge": "add {x} charge {to}",
    "drain": "remove {x} charge {from}",
    "steal": "remove {x} charge {from} and put it on this card",
    "heal": "remove {x} damage {from}",
    "shield": "{target} cannot be targeted by abilities this turn",
    "ward": "prevent {x} damage to {target} from the next source",
    "fortify": "{target} absorbs {x} less Cataclysm damage",
    "stabilize": "convert {x} incoming damage {to} into charge on a Battery instead",
    "resurrect": "return {common} to play",
    "destroy": "destroy {common}",
    "disrupt": "{target} cannot activate abilities until your next turn",
    "buff": "generate {x} bonus CE this turn; it expires at end of turn",
    "counter": "negate {target}; it does not resolve",
    "redirect": "change the target of {target} to a new legal target",
    "delay": "{target} cannot activate abilities until your next turn",
    "suppress": "{x} suppression {to}; a suppressed card cannot activate abilities for 1 round",
    "revive": "return {target} to play",
    "take-control": "gain control of {target}",
    "unequip": "return {target} to its owner's hand",
    "unattune": "return {target} to its owner's hand",
}

TRIGGER_KEYWORDS: Mapping[str, str] = {"enters": "enters", "use": "use", "passive": "passive"}
REACTION_REMINDER = (
    "Reaction", "Activate once per turn whenever you hold priority, on either player's turn, paying its cost."
)


def cost_text(cost: Cost | Mapping[str, int] | None) -> str:
    """Return a cost as the rulebook prints it: "1DC + 1CE", with any charge removed ("2CE, remove 1 charge")."""
    if cost is None:
        return ""
    if not isinstance(cost, Cost):
        cost = Cost.from_mapping(cost)
    text = " + ".join(f"{amount}{code}" for code, amount in cost.energy)
    if cost.charge:
        removal = f"remove {cost.charge} charge"
        text = f"{text}, {removal}" if text else removal
    return text


def _keyword(catalogue: Catalogue, slug: str) -> Mapping[str, Any]:
    return catalogue.keywords.get(slug) or {"slug": slug, "name": slug.replace("-", " ").title(), "amount": False}


def _target_phrase(catalogue: Catalogue, target: str) -> str:
    row = catalogue.targets.get(target)
    return str(row["text"]) if row else target.replace("_", " ")


def _with_preposition(preposition: str, phrase: str) -> str:
    if not phrase or phrase.startswith("distributed"):
        return phrase
    return f"{preposition} {phrase}"


def _common(phrase: str) -> str:
    """Narrow a target phrase to Common cards ("target card" -> "target Common card")."""
    if phrase.startswith("target "):
        return "target Common " + phrase.removeprefix("target ")
    return phrase or "target Common card"


def _effect(ability: Ability, catalogue: Catalogue) -> str:
    keyword = _keyword(catalogue, ability.keyword)
    template = EFFECTS.get(ability.keyword)
    x = "X" if ability.amount is None else str(ability.amount)
    if template is None:  # a keyword added to keywords.yaml before it got a phrase here: its reminder, X filled in
        return str(keyword.get("reminder", "")).replace("X", x).rstrip(".")
    phrase = _target_phrase(catalogue, ability.target)
    text = template.format(
        x=x,
        target=phrase or "this card",
        common=_common(phrase),
        to=_with_preposition("to", phrase),
        **{"from": _with_preposition("from", phrase)},
    )
    return " ".join(text.split())


def _prefix(ability: Ability) -> str:
    cost = cost_text(ability.cost)
    paid = f" ({cost})" if cost else ""
    if ability.trigger == "enters":
        return "When card enters play: "
    if ability.trigger == "use":
        return f"Use{paid}: "
    if ability.trigger == "reaction":
        return f"Reaction, once per turn{paid}: "
    if ability.trigger == "passive":
        return "Passive: " if ability.keyword in CONTINUOUS_KEYWORDS else "Passive, at the start of your turn: "
    return ""  # instant and pyramid effects are the card itself


def ability_text(ability: Ability, catalogue: Catalogue) -> str:
    """Return one ability as printed: "Use (1DC): Strike 1 — deal 1 damage to target Person or Hero."."""
    keyword = _keyword(catalogue, ability.keyword)
    name = keyword["name"]
    if keyword.get("amount") and ability.amount is not None:
        name = f"{name} {ability.amount}"
    text = f"{_prefix(ability)}{name} — {_effect(ability, catalogue)}."
    if ability.synergy:
        text += f" Synergy +{ability.synergy}."
    return text


def _faction_cost(cost: Mapping[str, int], card_def: CardDef, catalogue: Catalogue) -> str:
    """Write a rulebook cost in F/S/CE terms with the card's own energy codes."""
    faction = catalogue.faction(card_def.faction) if card_def.faction else None
    parts = []
    for key, amount in cost.items():
        if not amount:
            continue
        if key == "F":
            parts.append(f"{amount}{faction['faction_energy']}" if faction else f"{amount} faction energy")
        elif key == "S":
            parts.append(f"{amount}{faction['secondary_energy']}" if faction else f"{amount} secondary energy")
        else:
            parts.append(f"{amount}{key}")
    return " + ".join(parts)


def _equipment_lines(card_def: CardDef, catalogue: Catalogue) -> list[str]:
    equipment = catalogue.rulebook["equipment"]
    attach = _keyword(catalogue, IMPLICIT_KEYWORDS_BY_TYPE[card_def.type][0])["name"]
    bonus = equipment["ability_bonus"]
    lines = [
        f"{attach} ({cost_text(equipment['attach_cost'])}): attach to a Person you control. "
        f"That Person gets +{bonus} to its ability effects. Stores {card_def.charge} charge."
    ]
    lines.extend(text for _, text in _rarity_extras(card_def, catalogue))
    return lines


def _rarity_extras(card_def: CardDef, catalogue: Catalogue) -> list[tuple[str, str]]:
    equipment = catalogue.rulebook["equipment"]
    extras = []
    if card_def.rarity in ("uncommon", "rare"):
        boost = equipment["uncommon_boost"]
        extras.append((
            "Uncommon equipment",
            f"Use ({_faction_cost(boost['cost'], card_def, catalogue)}): the equipped Person gets "
            f"+{boost['bonus']} to its ability effects until end of turn.",
        ))
    if card_def.rarity == "rare":
        extras.append((
            "Rare equipment",
            f"Passive: every equipped Person you control gets +{equipment['rare_aura_bonus']} to its ability effects.",
        ))
    return extras


def _type_lines(card_def: CardDef, catalogue: Catalogue) -> list[str]:
    if card_def.type == "energy" and card_def.produces:
        return [f"Tap: add 1{card_def.produces}."]
    if card_def.type == "scene" and card_def.charge:
        return [f"Enters play with {card_def.charge} charge."]
    if card_def.type == "battery" and card_def.charge:
        extra = cost_text(catalogue.rulebook["battery"]["extra_counter_cost"])
        return [f"Enters play with {card_def.charge} charge. {extra}: add 1 charge, at any time."]
    if card_def.type in EQUIPMENT_TYPES:
        return _equipment_lines(card_def, catalogue)
    return []


def card_text(card_def: CardDef, catalogue: Catalogue) -> str:
    """Return a card's whole rules text, one line per rule: what its type does, then each ability."""
    lines = _type_lines(card_def, catalogue)
    lines.extend(ability_text(ability, catalogue) for ability in card_def.abilities)
    return "\n".join(lines)


def reminder_texts(card_def: CardDef, catalogue: Catalogue) -> list[tuple[str, str]]:
    """Return (keyword name, reminder) for every keyword the card uses, effects first, each once."""
    slugs: list[str] = [a.keyword for a in card_def.abilities]
    if any(a.synergy for a in card_def.abilities):
        slugs.append("synergy")
    slugs.extend(IMPLICIT_KEYWORDS_BY_TYPE.get(card_def.type, ()))
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(name: str, reminder: str) -> None:
        if name not in seen:
            seen.add(name)
            out.append((name, reminder))

    for slug in slugs:
        keyword = catalogue.keywords.get(slug)
        if keyword:
            add(str(keyword["name"]), str(keyword["reminder"]))
    if card_def.type in EQUIPMENT_TYPES:
        for name, text in _rarity_extras(card_def, catalogue):
            add(name, text)
    for ability in card_def.abilities:
        if ability.trigger == "reaction":
            add(*REACTION_REMINDER)
        keyword = catalogue.keywords.get(TRIGGER_KEYWORDS.get(ability.trigger, ""))
        if keyword:
            add(str(keyword["name"]), str(keyword["reminder"]))
    return out


__all__ = [
    "CONTINUOUS_KEYWORDS", "EFFECTS", "EQUIPMENT_TYPES", "IMPLICIT_KEYWORDS_BY_TYPE",
    "ability_text", "card_text", "cost_text", "reminder_texts",
]
