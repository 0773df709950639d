"""A deck's matchups against the starter decks, played by the computer on both sides (`rules.engine.match`).

Computed once per deck version and card data (the Django cache keeps the result), since a full row of matchups is a
few seconds of play: MATCHUP_GAMES games against each starter, seats alternating, both decks played by
MATCHUP_PLAYER. The numbers behind each row (wins, losses, draws, the interval, mean Legacy, length) are shown.
"""
from __future__ import annotations

from typing import Any

from django.core.cache import cache

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks.models import Deck
from rules.engine.match import play_match
from rules.engine.simulate import starter_deck
from rules.play.decks import checked_deck, deck_spec

MATCHUP_GAMES = 8
MATCHUP_PLAYER = "cpu:normal"
MATCHUP_SEED = 1


def deck_matchups(deck: Deck) -> dict[str, Any]:
    """Rows against every starter (the deck itself excepted); `problem` instead when the deck cannot be played.
    Played, and the deck judged, under the current release, as new games are (never the unpublished draft)."""
    catalogue = play_catalogue()
    key = f"matchups:{deck.pk}:{deck.version}:{catalogue.data_hash}:{MATCHUP_GAMES}:{MATCHUP_PLAYER}"
    found = cache.get(key)
    if found is not None:
        return found
    try:
        hero, counts = checked_deck(catalogue, deck=deck, hero=None, counts=None)
    except ApiError as exc:
        return {"problem": exc.message, "rows": []}
    spec = deck_spec(hero, counts)
    rows = []
    for slug in sorted(catalogue.starter_decks):
        if slug == deck.pk:
            continue
        result = play_match(catalogue, spec, starter_deck(catalogue, slug), p1=MATCHUP_PLAYER, p2=MATCHUP_PLAYER,
                            games=MATCHUP_GAMES, seed=MATCHUP_SEED)
        rows.append({"starter": slug, "name": catalogue.starter_decks[slug].get("name") or slug, **result})
    out = {"problem": None, "rows": rows, "games": MATCHUP_GAMES, "player": MATCHUP_PLAYER, "seed": MATCHUP_SEED}
    cache.set(key, out, timeout=None)
    return out
