"""Target kinds (keywords.yaml `targets`): who may be chosen, and what fixed targets mean."""
from __future__ import annotations

from typing import Any, Callable

from .model import BOARD
from .state import State
from .tables import CHARACTER_TYPES, EDGE_NAMES

FIXED = frozenset({"none", "self", "own_hero", "equipped_person", "all_edges", "E1", "E2", "E3", "E4",
                   "lowest_edge"})
SINGLE = frozenset({"character", "own_character", "enemy_character", "person", "own_person", "enemy_person",
                    "card", "own_card", "enemy_card", "own_battery", "card_or_edge", "edge", "ability",
                    "graveyard_card"})
DISTRIBUTED = frozenset({"edges", "characters", "cards"})


def _board(g: State, who: tuple[int, ...]) -> list[int]:
    out: list[int] = []
    for p in who:
        out.extend(g.players[p].board)
    return out


def _board_of(g: State, who: tuple[int, ...], types: tuple[str, ...]) -> list[int]:
    """The cards of these players' boards whose type is one of `types`, in seat then board order. A loop rather
    than a comprehension, so that the compiled form reads each card's type at a fixed offset (targets.pxd)."""
    out: list[int] = []
    cards = g.cards
    # The characters (the commonest kinds) by their own flag, set from the same type (tables.py): a membership test
    # of a tuple compares strings, a flag is read at once (issue 35).
    characters = types is CHARACTER_TYPES
    for p in who:
        for i in g.players[p].board:
            card = cards[i]
            info = card.info
            if info.is_character if characters else info.type in types:
                out.append(i)
    return out


def _seats(g: State, ctrl: int, whose: int) -> tuple[int, ...]:
    """The players whose boards a target kind names (`_BOARD_KINDS`): its controller's own, its opponents' (never a
    partner's: RULINGS 44), or everyone's."""
    if whose == OWN:
        return (ctrl,)
    if whose == ENEMY:
        return g.foes[ctrl]
    return g.everyone


def candidates(g: State, ctrl: int, src: int, kind: str, building: Any = None) -> list:
    """Every ref a target kind names, before keyword filters and Shield: card iids, "E1".."E4", "s<sid>"."""
    spec = _BOARD_KINDS.get(kind)   # the cards in play of some boards: one look-up, where a chain compared strings
    if spec is not None:
        types, whose = spec
        seats = _seats(g, ctrl, whose)
        return _board(g, seats) if types is None else _board_of(g, seats, types)
    if kind == "card_or_edge":
        return _board(g, g.everyone) + list(EDGE_NAMES)
    if kind in ("edge", "edges"):
        return list(EDGE_NAMES)
    if kind == "ability":
        return [f"s{item.sid}" for item in g.stack if item is not building]
    if kind == "graveyard_card":
        return [i for p in g.everyone for i in g.players[p].grave]
    return []


def fixed_targets(g: State, item: Any, ability: Any) -> list:
    """Resolve a fixed target kind at resolution."""
    kind = ability.target
    src = g.cards[item.src]
    if kind == "self":
        return [item.src] if src.zone == BOARD else []
    if kind == "own_hero":
        hero = g.players[item.ctrl].hero
        return [hero] if hero >= 0 else []
    if kind == "equipped_person":
        if src.info.is_equipment:
            return [src.host] if src.host >= 0 and src.zone == BOARD else []
        return [item.src] if src.zone == BOARD and src.info.type == "person" else []
    if kind == "all_edges":
        return list(EDGE_NAMES)
    if kind in EDGE_NAMES:
        return [kind]
    if kind == "lowest_edge":
        best = min(range(len(g.edges)), key=lambda e: (g.edges[e].charge, e))
        return [EDGE_NAMES[best]]
    return []


def is_card(ref: Any) -> bool:
    return type(ref) is int and ref >= 0


def legal_targets(g: State, ctrl: int, src: int, keyword: str, kind: str,
                  check: Callable | None, building: Any = None, first_only: bool = False) -> list:
    """Refs a player may choose now for one effect: the kind's candidates, the keyword's filter, minus Shield.

    With `first_only`, stop at the first legal ref (to learn cheaply whether there is one).
    """
    out = []
    for ref in candidates(g, ctrl, src, kind, building):
        if _admits(g, ctrl, src, check, ref):
            out.append(ref)
            if first_only:
                break
    return out


def is_legal_target(g: State, ctrl: int, src: int, kind: str, check: Callable | None, ref: Any,
                    building: Any = None) -> bool:
    """Whether `ref in legal_targets(g, ctrl, src, <keyword>, kind, check, building)`, filtering that one ref only:
    a resolving ability re-checks the targets it chose."""
    return ref in candidates(g, ctrl, src, kind, building) and _admits(g, ctrl, src, check, ref)


def _admits(g: State, ctrl: int, src: int, check: Callable | None, ref: Any) -> bool:
    """Whether a candidate passes Shield (a Shielded card in play cannot be chosen) and the keyword's filter."""
    if type(ref) is int:
        card = g.cards[ref]
        if card.shield >= g.tick and card.zone == BOARD:
            return False
    return check is None or bool(check(g, ctrl, src, ref))


# Target kinds whose candidates are cards in play: (card types or None for any, whose boards: `_seats`).
ALL, OWN, ENEMY = 0, 1, 2
_BOARD_KINDS = {
    "character": (CHARACTER_TYPES, ALL), "own_character": (CHARACTER_TYPES, OWN),
    "enemy_character": (CHARACTER_TYPES, ENEMY), "characters": (CHARACTER_TYPES, ALL),
    "person": (("person",), ALL), "own_person": (("person",), OWN), "enemy_person": (("person",), ENEMY),
    "card": (None, ALL), "own_card": (None, OWN), "enemy_card": (None, ENEMY), "cards": (None, ALL),
    "own_battery": (("battery",), OWN),
}


def any_target(g: State, ctrl: int, src: int, keyword: str, kind: str, check: Callable | None) -> bool:
    """Whether `legal_targets(..., first_only=True)` finds a ref, without building the candidate list (move
    generation asks this for every ability it might offer)."""
    spec = _BOARD_KINDS.get(kind)
    if spec is None:
        return bool(legal_targets(g, ctrl, src, keyword, kind, check, first_only=True))
    types, whose = spec
    cards = g.cards
    tick = g.tick
    seats = _seats(g, ctrl, whose)
    characters = types is CHARACTER_TYPES   # read by the characters' own flag, as in _board_of
    for p in seats:
        player = g.players[p]
        for ref in player.board:
            card = cards[ref]
            if characters:
                if not card.info.is_character:
                    continue
            elif types is not None and card.info.type not in types:
                continue
            if card.shield >= tick and card.zone == BOARD:
                continue
            if check is None or check(g, ctrl, src, ref):
                return True
    return False


def ref_slug(g: State, ref: Any) -> str | None:
    """The slug a label names for a ref (a stack ref names its source)."""
    if is_card(ref):
        return g.cards[ref].slug
    if isinstance(ref, str) and ref.startswith("s"):
        sid = int(ref[1:])
        for item in g.stack:
            if item.sid == sid:
                return g.cards[item.src].slug
    return None


def edge_index(ref: str) -> int:
    return EDGE_NAMES.index(ref)
