"""Card impact studies on the site's side (rules/engine/impact.py plays them): their filler and their cost.

A `card_impact` study takes the studied deck first and the field after it (none: goldfish), and `filler`, the card
that takes the place of a copy taken out (by default the Energy card the deck runs most of, so that a card is
measured against the most neutral draw the deck has).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from cataclysm_site.api_errors import ApiError
from rules.engine.impact import KIND

BAD_FILLER = "bad_filler"
COST = 25   # games a seed counts for against the study's limit: the deck as built, then once per distinct card


def cost(kind: str) -> int:
    return COST if kind == KIND else 1


def impact_fields(catalogue, study: Mapping[str, Any], filler: str | None, bot: str) -> dict[str, Any]:
    """The filler (checked: a card a deck may hold) and the goldfish bot of a card impact study."""
    cards = study["decks"][0]["cards"]
    if filler is None:
        energy = Counter(slug for slug in cards if catalogue.cards[slug].type == "energy")
        if not energy:
            raise ApiError(BAD_FILLER, "This deck runs no Energy card: name the `filler` that replaces a copy.")
        filler = energy.most_common(1)[0][0]
    card = catalogue.cards.get(filler)
    if card is None or card.type in ("hero", "pyramid"):
        raise ApiError(BAD_FILLER, f"The filler must be a card a deck may hold (a slug, e.g. dark-current), not "
                       f"{filler!r}.", extra={"path": "filler"})
    return {"filler": filler, "bot": bot}
