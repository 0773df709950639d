"""What the start pages of the game features share: the deck a start form names, and a start form's POST answered
with the new game's board or the page again with the reasons."""
from __future__ import annotations

from typing import Any, Callable

from django.shortcuts import redirect, render

from cataclysm_site.api_errors import ApiError
from decks import selectors as deck_selectors
from decks.textio import parse_decklist
from rules.engine.catalogue import Catalogue


def form_deck(request, catalogue: Catalogue, *, source: str, text: str | None, deck_id: str | None,
              missing: str) -> tuple:
    """The deck a start form names: (saved deck, hero, counts, parse problems) from a pasted list (`source` text) or
    a deck this visitor may open; `missing` says what to choose when neither is given."""
    if source == "text":
        parsed = parse_decklist(text or "", catalogue)
        return None, parsed.hero, parsed.counts, parsed.errors
    if not deck_id:
        raise ApiError("no_deck", missing)
    return deck_selectors.get_readable_deck(request.user, deck_id), None, None, ()


def start_from_form(request, form, *, template: str, context: Callable[..., dict[str, Any]],
                    start_game: Callable[[Any, Any], Any]):
    """Answer a start page's POST: the new game's board, or the page again (400) with the form's or the rules'
    reasons (`context(request, form, errors)` fills the page)."""
    if not form.is_valid():
        return render(request, template, context(request, form), status=400)
    try:
        game = start_game(request, form)
    except ApiError as exc:
        errors = [exc.message] + [p["message"] for p in exc.extra.get("errors", [])]
        return render(request, template, context(request, form, errors), status=400)
    return redirect(game)
