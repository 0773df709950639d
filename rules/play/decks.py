"""Decks into games: a saved deck or a decklist checked by the validator and expanded for the engine, the seed, the
seating and the rule variants cleaned, and a deck as a reference in a payload.

Every game mode starts its games under `cards.catalogue.play_catalogue()`, the current release's cards, and checks
the decks against the same catalogue (issue 32; docs/designers/releases.md): the draft (the admin's unpublished
edits) is never dealt, not even for staff, because a game is replayed under the release its hash names and only a
release's cards never change. Staff play-test a change by publishing it, or measure it in the lab, whose studies
carry the cards they played. With no release at all, the draft is played, as before releases."""
from __future__ import annotations

import secrets
from typing import Any, Iterable, Mapping

from django.db.models import F, Max, Q, QuerySet

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks import selectors as deck_selectors
from decks.formats import get_format
from decks.models import Deck
from decks.selectors import deck_format
from decks.textio import parse_decklist
from decks.validation import Problem, validate_deck
from rules.engine import DeckSpec, GameDataError, GameState, new_game
from rules.engine.catalogue import Catalogue
from rules.engine.setup import set_variants
from rules.engine.simulate import deck_from_counts
from rules.models import Seating, Status

# Error codes (stable: clients branch on them).
INVALID_DECK = "invalid_deck"
BAD_SEED = "bad_seed"
BAD_SEATING = "bad_seating"
BAD_VARIANT = "invalid_variant"
MAX_SEED = 2**53 - 1  # exact in JavaScript, so a seed survives a round trip through the page
INVALID_DECK_MESSAGE = "This deck cannot be played: {n} problem(s) with it. Fix them in the deckbuilder first."


def deck_spec(hero: str, counts: Mapping[str, int]) -> DeckSpec:
    """Expand copies by slug into the engine's deck, in the canonical order (so a seed means the same shuffle)."""
    return deck_from_counts(hero, counts)


def refuse_invalid(problems: list[Problem] | tuple[Problem, ...]) -> None:
    """Raise `invalid_deck` (400) with every problem, when there are any."""
    if problems:
        raise ApiError(INVALID_DECK, INVALID_DECK_MESSAGE.format(n=len(problems)),
                       extra={"errors": [p.to_dict() for p in problems]})


def checked_deck(catalogue: Catalogue, *, deck: Deck | None, hero: str | None, counts: Mapping[str, int] | None,
                 problems: tuple[Problem, ...] = ()) -> tuple[str, dict[str, int]]:
    """Return (hero, counts) of a saved deck or a decklist, refusing anything the validator does not pass."""
    if deck is not None:
        hero = deck.hero.slug if deck.hero_id else None
        counts = deck.counts()
        fmt = deck_format(deck)
    else:
        fmt = get_format()
    counts = dict(counts or {})
    result = validate_deck(catalogue, hero, counts, fmt)
    refuse_invalid(tuple(problems) + result.errors)
    return hero, counts


def playable_game(catalogue: Catalogue, specs: list, *, seating: str, seed: int, variants: list[str],
                  what: str) -> GameState:
    """Deal a new game of these decks (in seat order; None: the empty opponent); the engine's refusal of a deck the
    validator passed is `invalid_deck` too, with the engine's reason ("`what` cannot be played: …")."""
    try:
        return new_game(catalogue, specs, seating=seating, seed=seed, variants=variants)
    except GameDataError as exc:
        raise ApiError(INVALID_DECK, f"{what} cannot be played: {exc}.",
                       extra={"errors": [Problem("unplayable", str(exc)).to_dict()]}) from None


def clean_seed(seed: int | None) -> int:
    """Return the seed to play (a fresh random one when none is given)."""
    if seed is None:
        return secrets.randbelow(1_000_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ApiError(BAD_SEED, f"A seed is a whole number from 0 to {MAX_SEED}.")
    return seed


def clean_variants(catalogue: Catalogue, variants: Iterable[str]) -> list[str]:
    """Return the rule variants sorted, once each, if every one is known and they fit together (RULINGS 16)."""
    probe = GameState(catalogue)
    try:
        set_variants(probe, list(variants))
    except GameDataError as exc:
        raise ApiError(BAD_VARIANT, f"{exc}.") from None
    return list(probe.variants)


def clean_seating(seating: str) -> str:
    """Return the seating if the rulebook knows it."""
    if seating not in Seating.values:
        raise ApiError(BAD_SEATING, f"Seating is one of: {', '.join(Seating.values)}.")
    return seating


def deck_input(user, data: Mapping[str, Any], catalogue: Catalogue) -> tuple:
    """The deck a start request names: (saved deck, hero, counts, parse problems) from `deck`, `decklist` or `text`."""
    if data.get("deck"):
        return deck_selectors.get_readable_deck(user, data["deck"]), None, None, ()
    if data.get("decklist"):
        counts: dict[str, int] = {}
        for entry in data["decklist"]["cards"]:
            counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
        return None, data["decklist"]["hero"], counts, ()
    parsed = parse_decklist(data["text"], catalogue)
    return None, parsed.hero, parsed.counts, parsed.errors


def variant_choices() -> list[tuple[str, str]]:
    """The rule variants a start form offers, (slug, name), read when the form is built."""
    return [(v.slug, v.name) for v in play_catalogue().variants.values()]


def variant_rows(slugs, catalogue: Catalogue) -> list[dict[str, str]]:
    """The rule variants a game plays, named and described for a person (decks/data/variants.yaml)."""
    rows = []
    for slug in slugs:
        variant = catalogue.variants.get(slug)
        rows.append({"slug": slug, "name": variant.name if variant else slug,
                     "description": variant.description if variant else "No longer defined."})
    return rows


def deck_ref(deck: Deck | None) -> dict[str, str] | None:
    """A deck as every payload names it: id, name and link (None for a pasted list)."""
    return {"id": deck.pk, "name": deck.name, "url": deck.get_absolute_url()} if deck is not None else None


def opponent_decks(user, *, limit: int = 200) -> list[Deck]:
    """The decks the computer may play for this visitor (the starters first, then public decks and their own);
    whether each is legal is checked when the game starts."""
    return list(Deck.objects.visible_to(user).filter(hero__isnull=False).select_related("hero", "owner")
                .order_by(F("owner").asc(nulls_first=True), "name")[:limit])


def playable_decks_of(user) -> QuerySet:
    """Return the user's own decks, newest first, for the start page's deck picker."""
    if not getattr(user, "is_authenticated", False):
        return Deck.objects.none()
    return Deck.objects.filter(owner=user, hero__isnull=False).select_related("hero").order_by("-updated_at")


def starter_decks() -> QuerySet:
    """Return the starter decks with their best goldfish Legacy (one query): the start pages' list (goldfish,
    versus, live tables)."""
    return (Deck.objects.filter(owner__isnull=True).select_related("hero__faction")
            .annotate(best_legacy=Max("goldfish_games__legacy", filter=Q(goldfish_games__status=Status.FINISHED)))
            .order_by("name"))
