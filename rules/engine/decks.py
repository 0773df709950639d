"""What a game is set up from, before any rule runs: the players' decks (`DeckSpec`, checked against the catalogue),
the seats and their edges, the cards numbered as they are added, and the rule variants with the Pyramid deck they
make. `setup.new_game` and `scenario.load_scenario` build games on it, and the state codec reads saved decks and
variants with it.

Card numbers (ids) are what every mode shows of a card, so a number may say nothing about a card nobody has seen
(issue 31): the cards a player cannot tell apart yet (a deck; a scenario's hand and deck) take their block of numbers
in an order drawn from the seed (`add_cards`, numbering "drawn"). Games saved by engine 1.0.0 numbered them in the
order listed ("listed"), and are rebuilt so (`card_ids_for`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import GameDataError
from .model import Card, Edge, Player
from .rng import Rng
from .state import State
from .tables import TEAM_SEATINGS

DRAWN, LISTED = "drawn", "listed"
CARD_IDS = (DRAWN, LISTED)   # how a game numbers its cards: every game since engine 1.1.0 / as engine 1.0.0 did
DRAWN_SINCE = (1, 1)         # the first engine version whose games are numbered DRAWN
# Xored into the game generator's first number to start the ids' own generator: a start on SplitMix64's cycle that
# has nothing to do with the game's, so drawing ids takes no number from the game's generator.
ID_STREAM = 0x6A09E667F3BCC908


@dataclass(frozen=True)
class DeckSpec:
    """A deck as the engine takes it: the Hero's slug and one card slug per copy."""

    hero: str | None
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


def default_seating(players: int, teams: bool = False) -> str:
    """The seating a game of `players` takes when none is named: the printed game's side by side for two, the
    clockwise seats for three or four, partners diagonal for a team game (RULINGS 41)."""
    if teams:
        if players != 4:
            raise GameDataError(f"a team game needs four players, two against two (got {players})")
        return "two-against-two"
    return {2: "side-by-side", 3: "three-players", 4: "four-players"}.get(players, "side-by-side")


def seat_players(g: State, seating: str, goldfish: Sequence[bool]) -> None:
    """Seat one player per entry of `goldfish` as `seating` says, and set the edges' adjacent players and the format."""
    tb = g.tb
    if seating not in tb.seatings:
        raise GameDataError(f"unknown seating '{seating}' (choose from {', '.join(sorted(tb.seatings))})")
    seats = tb.seatings[seating]
    if len(goldfish) != len(seats):
        raise GameDataError(f"the {seating} seating seats {len(seats)} players (got {len(goldfish)})")
    n = len(seats)
    g.seating = seating
    g.players = [Player(p, goldfish[p], seats[p], tb.seats[seats[p]]) for p in range(n)]
    g.edges = [Edge(e, tuple([p for p in range(n) if e in g.players[p].edges])) for e in range(tb.edge_count)]
    g.assigned = [{} for _ in range(n)]
    g.remaining = [0] * n
    g.eliminated = [False] * n
    seat_format(g)


def seat_format(g: State) -> None:
    """Derive the format's fields from the seats taken (`players`) and the seating's name (RULINGS 41)."""
    n = len(g.players)
    g.everyone = tuple(range(n))
    g.teams = TEAM_SEATINGS.get(g.seating, ())
    side = g.teams or g.everyone
    g.foes = [tuple([q for q in range(n) if side[q] != side[p]]) for p in range(n)]
    g._offer_memo = [None] * (2 * n)                  # per player, its end-the-turn and pass offers (legal.py)
    g._tap_offers = tuple([[] for _ in range(n)])     # per player, card id -> offer (legal._slot)
    g._counter_memo = tuple([[] for _ in range(n)])


def check_deck(g: State, spec: DeckSpec, p: int) -> None:
    """Refuse a deck whose Hero or cards this catalogue does not know or allow in a deck. A deck that passed once is
    remembered by its tables (the catalogue's), so a deck played again and again (a benchmark's, a simulation's, a
    ladder's) is looked up, not checked card by card at every game (issue 35's fourth lever: the check was over a
    tenth of setting a game up)."""
    tb = g.tb
    key = (spec.hero, spec.cards)
    checked = tb.decks_checked
    if key in checked:
        return
    info = tb.info
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
    if len(checked) >= 1024:
        checked.clear()
    checked.add(key)


def add_card(g: State, slug: str, owner: int, zone: str) -> int:
    """Add a public card (a Hero, a scenario's card in play or in a graveyard): the next number."""
    iid = len(g.cards)
    g.cards.append(Card(iid, slug, g.tb.info[slug], owner, zone))
    return iid


def add_cards(g: State, slugs: list, owner: int, zones: list, order: Rng | None) -> list:
    """Add cards that nobody may yet tell apart, one per slug (in the zone at the same place of `zones`), and return
    their numbers in the order of `slugs`.

    They take the next len(slugs) numbers, dealt in an order `order` draws (a uniformly random permutation,
    independent of the listing and of any later shuffle, which draws from the game's own generator): seeing some of
    them face up then says nothing of which numbers the others hold. `order` None deals them in the listed order,
    the numbering of games saved by engine 1.0.0.
    """
    base = len(g.cards)
    ids = list(range(base, base + len(slugs)))
    if order is not None:
        order.shuffle(ids)
    cards = g.cards
    info = g.tb.info
    cards.extend([None] * len(slugs))
    for n in range(len(slugs)):
        iid = ids[n]
        cards[iid] = Card(iid, slugs[n], info[slugs[n]], owner, zones[n])
    return ids


def id_order(g: State, card_ids: str) -> Rng | None:
    """The generator a game's ids are drawn from (None: numbered as listed); set the state's numbering."""
    if card_ids not in CARD_IDS:
        raise GameDataError(f"unknown card_ids '{card_ids}' (one of {', '.join(CARD_IDS)})")
    g.card_ids = card_ids
    if card_ids == LISTED:
        return None
    return Rng(Rng.from_seed(g.seed).next64() ^ ID_STREAM)


def card_ids_for(version) -> str:
    """How a game saved by engine `version` ("1.0.0") numbered its cards; no version: saved before there were any."""
    if version is None:
        return LISTED
    try:
        major, minor = (int(part) for part in str(version).split(".")[:2])
    except ValueError:
        raise GameDataError(f"'engine_version' must look like 1.1.0 (got {version!r})") from None
    return DRAWN if (major, minor) >= DRAWN_SINCE else LISTED


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
