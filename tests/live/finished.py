"""A finished live table between two signed-in players, played to the Cataclysm through the services in moments: the
first seat plays a saved starter deck (public: shown to everyone once over), the second a pasted list (hidden from
the other player and the spectators for good), so a replay has both shown and hidden decisions."""
from __future__ import annotations

import random

from cards.catalogue import get_catalogue
from decks.models import Deck
from rules.live import services, states
from rules.models import Table
from rules.play.actors import Actor
from rules.play.decks import deck_input

PASTED = "starter-elder-maru"


def pasted_list(slug: str = PASTED) -> dict:
    """A starter deck's cards as a pasted list (no saved deck behind it)."""
    deck = Deck.objects.get(pk=slug)
    return {"hero": deck.hero.slug, "cards": [{"card": card, "count": n} for card, n in deck.counts().items()]}


def finished_table(first, second, *, seed: int = 7, deck: str = "starter-dr-veylan") -> Table:
    """Open a table as `first` (a user) with a saved deck, sit `second` down with a pasted list, and play a seeded
    random game to its end."""
    catalogue = get_catalogue()
    host, guest = Actor(user=first), Actor(user=second)
    saved, hero, counts, problems = deck_input(first, {"deck": deck}, catalogue)
    table = services.open_table(actor=host, deck=saved, seat="first", seed=seed)
    other, hero, counts, problems = deck_input(second, {"decklist": pasted_list()}, catalogue)
    table = services.join_table(table_id=table.pk, actor=guest, deck=other, hero=hero, counts=counts,
                                problems=problems)
    rng = random.Random(seed)
    while True:
        state = states.state_of(table)
        if state.is_over or table.status == "finished":
            break
        actions = state.legal_actions()
        playing = [a for a in actions if a.kind not in ("end_turn", "mulligan")]
        action = rng.choice(playing if playing and rng.random() < 0.7 else actions)
        table = services.act(table_id=table.pk, actor=(host, guest)[state.current_player], action=action.id,
                             expected_version=table.version)
    return Table.objects.get(pk=table.pk)
