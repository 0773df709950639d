"""What a game is set up from, before any rule runs: the players' decks (`DeckSpec`, checked against the catalogue),
the seats and their edges, the cards numbered as they are added, and the rule variants with the Pyramid deck they
make. `setup.new_game` and `scenario.load_scenario` build games on it, and the state codec reads saved decks and
variants with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import GameDataError
from .model import Card, Edge, Player
from .state import State


@dataclass(frozen=True)
class DeckSpec:
    """A deck as the engine takes it: the Hero's slug and one card slug per copy."""

    hero: str | None
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


def seat_players(g: State, seating: str, goldfish: Sequence[bool]) -> None:
    tb = g.tb
    if seating not in tb.seatings:
        raise GameDataError(f"unknown seating '{seating}' (choose from {', '.join(sorted(tb.seatings))})")
    seats = tb.seatings[seating]
    g.seating = seating
    g.players = [Player(p, goldfish[p], seats[p], tb.seats[seats[p]]) for p in (0, 1)]
    g.edges = [Edge(e, tuple(p for p in (0, 1) if e in g.players[p].edges)) for e in range(tb.edge_count)]


def check_deck(g: State, spec: DeckSpec, p: int) -> None:
    info = g.tb.info
    if spec.hero is not None:
        if spec.hero not in info:
            raise GameDataError(f"player {p + 1}: unknown Hero '{spec.hero}'")
        if info[spec.hero].type != "hero":
            raise GameDataError(f"player {p + 1}: '{spec.hero}' is not a Hero")
    for slug in spec.cards:
        if slug not in info:
            raise GameDataError(f"player {p + 1}: unknown card '{slug}'")
        if not g.cat.in_deck(info[slug].type):
            raise GameDataError(f"player {p + 1}: '{slug}' cannot be in a deck ({info[slug].type})")


def add_card(g: State, slug: str, owner: int, zone: str) -> int:
    iid = len(g.cards)
    g.cards.append(Card(iid, slug, g.tb.info[slug], owner, zone))
    return iid


def set_variants(g: State, variants: Iterable[str]) -> tuple[str, ...]:
    """Switch on named rule variants (decks/data/variants.yaml); return the Pyramid deck they make.

    The printed rules are the default: a variant is only ever switched on by name, and the state keeps the names.
    """
    known = g.cat.variants
    if isinstance(variants, (str, bytes)):
        raise GameDataError("'variants' must be a list of variant names")
    variants = list(variants)
    if not all(isinstance(v, str) for v in variants):
        raise GameDataError("'variants' must be a list of variant names")
    chosen = tuple(sorted(set(variants)))
    for slug in chosen:
        if slug not in known:
            raise GameDataError(f"unknown rule variant '{slug}' (known: {', '.join(sorted(known)) or 'none'})")
    g.variants = chosen
    g.tide_rule = any(known[v].tide for v in chosen)
    decks = [known[v].pyramid_deck for v in chosen if known[v].pyramid_deck is not None]
    if len(decks) > 1:
        raise GameDataError(f"rule variants {', '.join(chosen)} each replace the Pyramid deck: choose one")
    deck = decks[0] if decks else g.cat.pyramid_deck
    g.full_circle = len(deck)   # RULINGS 16: the round whose Pyramid turn flips the deck's last card
    return deck
