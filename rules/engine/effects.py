"""Keyword effects: one handler per keyword of keywords.yaml, in a registry (a new card is a data row).

Every handler has the same shape: `handler(g, item, ability, amount, pairs, extra)` where `pairs` is a list of
(target ref, points) already checked for legality, and `extra` the second choice of Steal and Redirect.
Exact meanings of the keywords the rulebook leaves open are the rulings in rules/RULINGS.md (25, 28-33).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .model import BOARD, GRAVE
from .state import State
from .tables import BUFF, EDGE_NAMES
from .targets import DISTRIBUTED, FIXED, SINGLE, edge_index, is_card, legal_targets

RETURNABLE = frozenset({"person", "scene", "battery", "energy"})
CONTROLLABLE = frozenset({"person", "scene", "battery", "energy"})
CHARACTER_KINDS = frozenset({"character", "own_character", "enemy_character", "person", "own_person",
                             "enemy_person", "characters", "self", "own_hero", "equipped_person"})
CARD_KINDS = CHARACTER_KINDS | frozenset({"card", "own_card", "enemy_card", "cards", "own_battery"})
EDGE_KINDS = frozenset({"edge", "edges", "all_edges", "E1", "E2", "E3", "E4", "lowest_edge"})


@dataclass(frozen=True)
class Keyword:
    """How one keyword targets and what it does."""

    slug: str
    handler: Callable
    kinds: frozenset            # target kinds it accepts (checked by `check_ability` for the catalogue lint)
    check: Callable | None = None   # filter on candidate targets: check(g, ctrl, src, ref) -> bool
    second: str | None = None   # "steal_dest" or "redirect_new": a second choice after the target
    distinct: bool = False      # distributed points must go to different targets


# ---------------------------------------------------------------- filters
def _in_play(g, ctrl, src, ref) -> bool:
    if type(ref) is not int:
        return False
    card = g.cards[ref]   # typed when compiled (effects.pxd): its zone read at a fixed offset
    return card.zone == BOARD


def _character(g, ctrl, src, ref) -> bool:
    if type(ref) is not int:
        return False
    card = g.cards[ref]
    return card.zone == BOARD and card.info.is_character


def _open_edge(g, ctrl, src, ref) -> bool:
    return isinstance(ref, str) and ref in EDGE_NAMES and not g.edges[edge_index(ref)].locked


def _drainable(g, ctrl, src, ref) -> bool:
    if type(ref) is str:
        return _open_edge(g, ctrl, src, ref)
    card = g.cards[ref]
    return card.zone == BOARD and card.info.holds_charge


def _stealable(g, ctrl, src, ref) -> bool:
    return _in_play(g, ctrl, src, ref) and g.cards[ref].info.holds_charge and ref != src


def _common_in_play(g, ctrl, src, ref) -> bool:
    return _in_play(g, ctrl, src, ref) and g.cards[ref].info.rarity == "common" and g.cards[ref].info.type != "hero"


def _resurrectable(g, ctrl, src, ref) -> bool:
    card = g.cards[ref]
    return card.zone == GRAVE and card.info.rarity == "common" and card.info.type in RETURNABLE


def _revivable(g, ctrl, src, ref) -> bool:
    card = g.cards[ref]
    return card.zone == GRAVE and card.owner == ctrl and card.info.type in RETURNABLE


def _stack_item(g, ctrl, src, ref) -> bool:
    return isinstance(ref, str) and ref.startswith("s")


def _redirectable(g, ctrl, src, ref) -> bool:
    if not _stack_item(g, ctrl, src, ref):
        return False
    item = find_item(g, ref)
    return item is not None and bool(redirect_options(g, item))


def _controllable(g, ctrl, src, ref) -> bool:
    # Take Control takes a card an opponent controls: never a partner's (RULINGS 44).
    return (_in_play(g, ctrl, src, ref) and g.cards[ref].ctrl in g.foes[ctrl]
            and g.cards[ref].info.type in CONTROLLABLE)


def _attach_target(g, ctrl, src, ref) -> bool:
    return (_in_play(g, ctrl, src, ref) and g.cards[ref].info.type == "person" and g.cards[ref].ctrl == ctrl
            and g.cards[src].info.is_equipment and g.cards[src].host != ref)


def _attached(card_type: str) -> Callable:
    def check(g, ctrl, src, ref) -> bool:
        return _in_play(g, ctrl, src, ref) and g.cards[ref].info.type == card_type and g.cards[ref].host >= 0
    return check


# ---------------------------------------------------------------- handlers
def _src_name(g: State, item: Any) -> str:
    return g.cards[item.src].info.name


def _damage(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        g.deal_damage(ref, points, _src_name(g, item))


def _edge_charge(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        added = g.add_edge(edge_index(ref), points, _src_name(g, item))
        g.note("edge", item.ctrl, "{0} adds {1} charge to edge {2} ({3}/20)", (_src_name(g, item), added, ref,
               g.edges[edge_index(ref)].charge))


def _drain(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        if isinstance(ref, str):
            removed = g.remove_edge(edge_index(ref), points)
            g.note("drain", item.ctrl, "{0} drains {1} charge from edge {2}", (_src_name(g, item), removed, ref))
        else:
            card = g.cards[ref]
            removed = min(card.charge, points)
            card.charge -= removed
            g.note("drain", item.ctrl, "{0} drains {1} charge from {2}", (_src_name(g, item), removed, card.info.name))


def _steal(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        card = g.cards[ref]
        taken = min(card.charge, points)
        card.charge -= taken
        if is_card(extra) and g.cards[extra].zone == BOARD and g.cards[extra].ctrl == item.ctrl:
            g.cards[extra].charge += taken
            g.note("steal", item.ctrl, "{0} moves {1} charge from {2} to {3}", (_src_name(g, item), taken,
                   card.info.name, g.name(extra)))
        else:
            g.note("steal", item.ctrl, "{0} removes {1} charge from {2}", (_src_name(g, item), taken, card.info.name))


def _heal(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        card = g.cards[ref]
        healed = min(card.damage, points)
        card.damage -= healed
        g.note("heal", item.ctrl, "{0} heals {1} damage from {2}", (_src_name(g, item), healed, card.info.name))


def _shield(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        card = g.cards[ref]
        card.shield = max(card.shield, g.tick + max(1, points) - 1)
        g.note("shield", item.ctrl, "{0} cannot be targeted by abilities through turn {1}", (card.info.name,
               card.shield))


def _ward(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        g.cards[ref].ward += points
        g.note("ward", item.ctrl, "{0} will prevent the next {1} damage to {2}", (_src_name(g, item), points,
               g.name(ref)))


def _fortify(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        g.cards[ref].fortify += points
        g.note("fortify", item.ctrl, "{0} will absorb {1} less Cataclysm damage", (g.name(ref), points))


def _stabilize(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        card = g.cards[ref]
        if card.stab_tick != g.tick:
            card.stab, card.stab_tick = 0, g.tick
        card.stab += points
        g.note("stabilize", item.ctrl, "The next {0} damage to {1} this turn becomes Battery charge", (points,
               card.info.name))


def _return_to_play(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        g.remove_from_zone(ref)
        g.enter_play(ref, item.ctrl)
        g.note("return", item.ctrl, "{0} returns {1} to play", (_src_name(g, item), g.name(ref)))


def _destroy(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        g.destroy(ref, _src_name(g, item))


def _disrupt(g, item, ability, amount, pairs, extra) -> None:
    for ref, points in pairs:
        _disable(g, item, ref, g.next_turn_tick(item.ctrl, max(1, points)))


def _delay(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        _disable(g, item, ref, g.next_turn_tick(item.ctrl, 1))


def _suppress(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        _disable(g, item, ref, g.tick + len(g.players) + 1)  # one round: every player's turn and the Pyramid's


def _disable(g, item, ref, until: int) -> None:
    card = g.cards[ref]
    card.disabled = max(card.disabled, until)
    g.note("disable", item.ctrl, "{0} cannot activate abilities until turn {1}", (card.info.name, until))


def _buff(g, item, ability, amount, pairs, extra) -> None:
    g.players[item.ctrl].pool[BUFF] += amount
    g.note("buff", item.ctrl, "{0} generates {1} bonus CE this turn", (_src_name(g, item), amount))


def _counter(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        target = find_item(g, ref)
        if target is None:
            continue
        g.stack.remove(target)
        if target.card >= 0:
            g.to_graveyard(target.card)
        g.note("counter", item.ctrl, "{0} negates the ability of {1}", (_src_name(g, item), g.name(target.src)))


def _redirect(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        target = find_item(g, ref)
        if target is None or extra is None:
            continue
        index = redirect_effect(g, target)
        if index is None or extra not in redirect_options(g, target):
            continue
        target.effects[index][2][0] = extra
        target.text = None  # its description names the old target
        g.note("redirect", item.ctrl, "{0} redirects the ability of {1}", (_src_name(g, item), g.name(target.src)))


def _take_control(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        card = g.cards[ref]
        permanent = card.info.rarity == "common"
        g.change_control(ref, item.ctrl, temporary=not permanent)
        g.note("control", item.ctrl, "Player {0} gains control of {1} ({2})", (item.ctrl + 1, card.info.name,
               "permanently" if permanent else "until end of turn"))


def _attach(g, item, ability, amount, pairs, extra) -> None:
    src = g.cards[item.src]
    for ref, _ in pairs:
        if src.zone == BOARD and src.info.is_equipment and src.ctrl == g.cards[ref].ctrl:
            src.host = ref
            g.note("equip", item.ctrl, "{0} moves to {1}", (src.info.name, g.name(ref)))


def _unattach(g, item, ability, amount, pairs, extra) -> None:
    for ref, _ in pairs:
        name = g.name(ref)
        g.to_hand(ref)
        g.note("unequip", item.ctrl, "{0} returns to its owner's hand", (name,))


def _nothing(g, item, ability, amount, pairs, extra) -> None:
    """Charge Capacity is continuous: the card holds charge. Nothing happens on resolution."""


# ---------------------------------------------------------------- the registry
_ANY_CARD = frozenset({"card", "own_card", "enemy_card", "person", "own_person", "enemy_person", "character",
                       "own_character", "enemy_character", "own_battery", "self", "own_hero", "equipped_person"})

KEYWORDS: dict[str, Keyword] = {k.slug: k for k in (
    Keyword("strike", _damage, _ANY_CARD, _in_play),
    Keyword("allocate", _damage, frozenset({"characters", "cards"}), _in_play),
    Keyword("accelerate", _edge_charge, EDGE_KINDS - {"edges"}, _open_edge),
    Keyword("charge", _edge_charge, EDGE_KINDS, _open_edge),
    Keyword("drain", _drain, frozenset({"card_or_edge", "card", "own_card", "enemy_card", "own_battery", "edge",
                                         "self", "E1", "E2", "E3", "E4", "lowest_edge", "all_edges"}), _drainable),
    Keyword("steal", _steal, frozenset({"card", "enemy_card", "own_card", "own_battery"}), _stealable,
            second="steal_dest"),
    Keyword("heal", _heal, CHARACTER_KINDS, _character),
    Keyword("shield", _shield, _ANY_CARD, _in_play),
    Keyword("ward", _ward, _ANY_CARD, _in_play),
    Keyword("fortify", _fortify, CHARACTER_KINDS | {"none"}, _character),
    Keyword("stabilize", _stabilize, CHARACTER_KINDS | {"none"}, _character),
    Keyword("resurrect", _return_to_play, frozenset({"graveyard_card"}), _resurrectable),
    Keyword("revive", _return_to_play, frozenset({"graveyard_card"}), _revivable),
    Keyword("destroy", _destroy, frozenset({"card", "own_card", "enemy_card", "person", "own_person",
                                            "enemy_person"}), _common_in_play),
    Keyword("disrupt", _disrupt, _ANY_CARD, _in_play),
    Keyword("delay", _delay, _ANY_CARD, _in_play),
    Keyword("suppress", _suppress, frozenset({"cards", "card", "enemy_card", "person", "enemy_person",
                                              "character", "enemy_character"}), _in_play, distinct=True),
    Keyword("buff", _buff, frozenset({"none", "self", "own_hero"})),
    Keyword("counter", _counter, frozenset({"ability"}), _stack_item),
    Keyword("redirect", _redirect, frozenset({"ability"}), _redirectable, second="redirect_new"),
    Keyword("take-control", _take_control, frozenset({"card", "enemy_card", "person", "enemy_person"}),
            _controllable),
    Keyword("equip", _attach, frozenset({"own_person"}), _attach_target),
    Keyword("attune", _attach, frozenset({"own_person"}), _attach_target),
    Keyword("charge-capacity", _nothing, frozenset({"none", "self"})),
    Keyword("unequip", _unattach, frozenset({"card", "enemy_card", "own_card"}), _attached("artifact")),
    Keyword("unattune", _unattach, frozenset({"card", "enemy_card", "own_card"}), _attached("enchantment")),
)}

# Keywords whose legal targets do not depend on which card the ability comes from (move generation memoises them).
SRC_FREE = frozenset(k for k in KEYWORDS if k not in ("steal", "equip", "attune"))

# Keywords that name a trigger or a modifier, never an effect.
NOT_EFFECTS = frozenset({"passive", "enters", "use", "synergy"})
PLAYER_TRIGGERS = ("enters", "use", "reaction", "passive", "instant")
PYRAMID_KEYWORDS = frozenset({"accelerate", "drain"})
PYRAMID_KINDS = frozenset({"all_edges", "E1", "E2", "E3", "E4", "lowest_edge"})
CONTINUOUS_KINDS = frozenset({"none", "self", "own_hero", "equipped_person"})

SUPPORTED_KEYWORDS = frozenset(KEYWORDS)
SUPPORTED_TRIGGERS = frozenset(PLAYER_TRIGGERS + ("pyramid",))
#: Every (trigger, keyword) pair the engine implements; the catalogue lint checks cards against it.
SUPPORTED = frozenset({(t, k) for t in PLAYER_TRIGGERS for k in KEYWORDS}
                      | {("pyramid", k) for k in PYRAMID_KEYWORDS})


def check_ability(ability: Any, keywords: Any = None) -> list[str]:
    """Return what is wrong with an ability row for this engine ([] when it plays as written)."""
    problems: list[str] = []
    spec = KEYWORDS.get(ability.keyword)
    if ability.keyword in NOT_EFFECTS:
        problems.append(f"'{ability.keyword}' names a trigger or modifier, not an effect")
        return problems
    if spec is None:
        return [f"unknown keyword '{ability.keyword}'"]
    if ability.trigger not in SUPPORTED_TRIGGERS:
        return [f"unknown trigger '{ability.trigger}'"]
    if (ability.trigger, ability.keyword) not in SUPPORTED:
        problems.append(f"trigger '{ability.trigger}' cannot carry '{ability.keyword}'")
    if ability.target not in spec.kinds and not (ability.target == "none" and not spec.check):
        problems.append(f"'{ability.keyword}' cannot take target '{ability.target}' (allowed: "
                        f"{', '.join(sorted(spec.kinds))})")
    if ability.trigger == "pyramid" and ability.target not in PYRAMID_KINDS:
        problems.append("a Pyramid card's target must be fixed (no player chooses for the Pyramid)")
    if ability.trigger == "passive" and ability.keyword in ("fortify", "stabilize", "charge-capacity") \
            and ability.target not in CONTINUOUS_KINDS:
        problems.append("a continuous Passive needs a fixed target (self, own_hero, equipped_person or none)")
    if keywords is not None:
        takes_amount = bool(keywords.get(ability.keyword, {}).get("amount"))
        if takes_amount and ability.amount is None:
            problems.append(f"'{ability.keyword}' needs an amount X")
    if ability.target in DISTRIBUTED and not ability.amount:
        problems.append("a distributed target needs an amount (the points to distribute)")
    return problems


def check_card(card: Any, keywords: Any = None) -> list[str]:
    """Return what is wrong with a card's abilities for this engine, with the card's own context."""
    problems = [f"{ability.keyword}: {p}" for ability in card.abilities for p in check_ability(ability, keywords)]
    for ability in card.abilities:
        if card.type == "hero" and ability.trigger == "use" and not (ability.cost.energy or ability.cost.charge):
            problems.append(f"{ability.keyword}: a Hero's Use ability must cost something (RULINGS 10: a Hero "
                            f"may use it again and again while tapped)")
        if card.type == "pyramid" and ability.trigger != "pyramid":
            problems.append(f"{ability.keyword}: a Pyramid card's abilities trigger only when it is flipped")
        if card.type == "instant" and ability.trigger != "instant":
            problems.append(f"{ability.keyword}: an Instant's abilities are its 'instant' effects")
    return problems


# Target kind -> how its targets are chosen; any other kind is fixed (the first matching set wins: FIXED first).
TARGET_MODES: dict[str, str] = {**{k: "single" for k in SINGLE}, **{k: "distributed" for k in DISTRIBUTED},
                                **{k: "fixed" for k in FIXED}}


def target_mode(kind: str) -> str:
    return TARGET_MODES.get(kind, "fixed")


# ---------------------------------------------------------------- stack helpers
def find_item(g: State, ref: Any):
    if not (isinstance(ref, str) and ref.startswith("s")):
        return None
    sid = int(ref[1:])
    for item in g.stack:
        if item.sid == sid:
            return item
    return None


def redirect_effect(g: State, item: Any) -> int | None:
    """The effect of a stack item Redirect changes: its first single-target effect with a target."""
    for index, effect in enumerate(item.effects):
        ability = ability_of(g, item, effect[0])
        if ability is not None and target_mode(ability.target) == "single" and effect[2] \
                and effect[2][0] is not None:
            return index
    return None


def redirect_options(g: State, item: Any) -> list:
    index = redirect_effect(g, item)
    if index is None:
        return []
    effect = item.effects[index]
    ability = ability_of(g, item, effect[0])
    spec = KEYWORDS[ability.keyword]
    options = legal_targets(g, item.ctrl, item.src, ability.keyword, ability.target, spec.check)
    current = effect[2][0]
    return [ref for ref in options if ref != current and ref != f"s{item.sid}"]


def ability_of(g: State, item: Any, index: int):
    if index < 0:
        return None
    return g.cards[item.src].info.abilities[index]
