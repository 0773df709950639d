"""Start a game: Heroes in play, shuffled decks, 7-card hands, the Pyramid shuffled, seats and edges."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .catalogue import Catalogue
from .errors import GameDataError
from .flow import run
from .model import BOARD, DECK, Card, Edge, Player
from .rng import Rng
from .state import GameState


@dataclass(frozen=True)
class DeckSpec:
    """A deck as the engine takes it: the Hero's slug and one card slug per copy."""

    hero: str | None
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


def seat_players(g: GameState, seating: str, goldfish: Sequence[bool]) -> None:
    tb = g.tb
    if seating not in tb.seatings:
        raise GameDataError(f"unknown seating '{seating}' (choose from {', '.join(sorted(tb.seatings))})")
    seats = tb.seatings[seating]
    g.seating = seating
    g.players = [Player(p, goldfish[p], seats[p], tb.seats[seats[p]]) for p in (0, 1)]
    g.edges = [Edge(e, tuple(p for p in (0, 1) if e in g.players[p].edges)) for e in range(tb.edge_count)]


def check_deck(g: GameState, spec: DeckSpec, p: int) -> None:
    info = g.tb.info
    if spec.hero is not None:
        if spec.hero not in info:
            raise GameDataError(f"player {p + 1}: unknown Hero '{spec.hero}'")
        if info[spec.hero].type != "hero":
            raise GameDataError(f"player {p + 1}: '{spec.hero}' is not a Hero")
    for slug in spec.cards:
        if slug not in info:
            raise GameDataError(f"player {p + 1}: unknown card '{slug}'")
        if info[slug].type in ("hero", "pyramid"):
            raise GameDataError(f"player {p + 1}: '{slug}' cannot be in a deck ({info[slug].type})")


def add_card(g: GameState, slug: str, owner: int, zone: str) -> int:
    iid = len(g.cards)
    g.cards.append(Card(iid, slug, g.tb.info[slug], owner, zone))
    return iid


def set_variants(g: GameState, variants: Iterable[str]) -> tuple[str, ...]:
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


def new_game(catalogue: Catalogue, decks: Sequence[DeckSpec | None], *, seating: str = "side-by-side",
             seed: int = 0, variants: Iterable[str] = ()) -> GameState:
    """Set up a game and play every automatic step up to the first decision.

    A `None` deck is the goldfish's empty opponent: no deck, no Hero, always passes. `variants` names house rules
    to switch on (decks/data/variants.yaml); none means the rulebook as printed, with the project's rulings.
    """
    if len(decks) != 2:
        raise GameDataError("a game needs exactly two decks (None for the goldfish's empty opponent)")
    g = GameState(catalogue)
    pyramid_deck = set_variants(g, variants)
    g.seed = int(seed)
    g.rng = Rng.from_seed(g.seed)
    g.decks = [None if d is None else DeckSpec(d.hero, tuple(d.cards)) for d in decks]
    seat_players(g, seating, [d is None for d in g.decks])
    for p, spec in enumerate(g.decks):
        if spec is None:
            continue
        check_deck(g, spec, p)
        player = g.players[p]
        if spec.hero is not None:
            hero = add_card(g, spec.hero, p, BOARD)
            player.hero = hero
            player.board.append(hero)
            g.cards[hero].entered = 0
        for slug in spec.cards:
            player.deck.append(add_card(g, slug, p, DECK))
        player.index_board(g.cards)
    for p, spec in enumerate(g.decks):
        if spec is not None:
            g.rng.shuffle(g.players[p].deck)
            g.draw(p, g.tb.hand_size)
    g.pyramid = list(pyramid_deck)
    g.rng.shuffle(g.pyramid)
    g.phase = "mulligan"
    g.log("setup", None, "Setup: Heroes in play, 7-card hands, the Pyramid shuffled ({0} seating)", seating)
    run(g)
    return g
