"""Start a game: Heroes in play, shuffled decks, 7-card hands, the Pyramid shuffled, seats and edges."""
from __future__ import annotations

from typing import Iterable, Sequence

from .catalogue import Catalogue
from .decks import (
    DRAWN,
    DeckSpec,
    add_card,
    add_cards,
    check_deck,
    default_seating,
    id_order,
    seat_players,
    set_variants,
)
from .errors import GameDataError
from .flow import run
from .game import GameState
from .model import BOARD, DECK
from .rng import Rng
from .tables import TEAM_SEATINGS

# Where a game is started: the deck it is started from and the rule variants it plays come from here too.
__all__ = ["DeckSpec", "new_game", "set_variants"]


def new_game(catalogue: Catalogue, decks: Sequence[DeckSpec | None], *, seating: str | None = None,
             seed: int = 0, variants: Iterable[str] = (), card_ids: str = DRAWN, teams: bool = False) -> GameState:
    """Set up a game and play every automatic step up to the first decision.

    Two, three or four decks, one per seat clockwise (RULINGS 41): with no `seating`, two players sit side by side
    as printed, three or four take the seats in order, and `teams=True` (four decks) seats the first and third deck
    against the second and fourth. A `None` deck is the goldfish's empty opponent: no deck, no Hero, always passes. `variants` names house rules
    to switch on (decks/data/variants.yaml); none means the rulebook as printed, with the project's rulings.
    Each player's Hero takes the next number and the deck the block after it, numbered in an order drawn from the
    seed (`decks.add_cards`); `card_ids="listed"` numbers the deck in decklist order, as engine 1.0.0 did (only to
    rebuild the games it saved: `records.replay`).
    """
    if len(decks) not in (2, 3, 4):
        raise GameDataError(f"a game needs two, three or four decks (None for the goldfish's empty opponent); "
                            f"got {len(decks)}")
    if seating is None:
        seating = default_seating(len(decks), teams)
    elif teams and seating not in TEAM_SEATINGS:
        raise GameDataError(f"the {seating} seating is not a team game")
    g = GameState(catalogue)
    pyramid_deck = set_variants(g, variants)
    g.seed = int(seed)
    g.rng = Rng.from_seed(g.seed)
    order = id_order(g, card_ids)
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
        slugs = list(spec.cards)
        player.deck.extend(add_cards(g, slugs, p, [DECK] * len(slugs), order))
        player.index_board(g.cards)
    for p, spec in enumerate(g.decks):
        if spec is not None:
            g.rng.shuffle(g.players[p].deck)
            g.draw(p, g.tb.hand_size)
    g.pyramid = list(pyramid_deck)
    g.rng.shuffle(g.pyramid)
    g.phase = "mulligan"
    g.note("setup", None, "Setup: Heroes in play, 7-card hands, the Pyramid shuffled ({0} seating)", (seating,))
    run(g)
    return g
