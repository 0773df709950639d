"""The deckbuilder page: the deck it opens with and the configuration `decks/static/js/deckbuilder/builder.js` reads (it
then talks to the JSON API).
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse

from cards.catalogue import get_catalogue
from cards.models import Card
from decks import selectors
from decks.codes import DeckCodeError, decode_deck
from decks.formats import get_format
from decks.models import Deck, Visibility
from decks.releases import current_legality
from decks.textio import group_title
from decks.views.deck import owned_deck


def hero_info(catalogue) -> list[dict[str, Any]]:
    """Return what the deckbuilder shows of each Hero (name, faction, faction energy)."""
    out = []
    for hero in sorted(catalogue.heroes, key=lambda h: (h.civilization or "", h.ideology or "", h.name)):
        faction = catalogue.faction(hero.faction) if hero.faction else {}
        out.append({
            "slug": hero.slug,
            "name": hero.name,
            "faction": hero.faction,
            "civilization": hero.civilization,
            "ideology": hero.ideology,
            "energy": faction.get("faction_energy"),
            "energies": list(faction.get("energies", [])),
            "hp": hero.hp,
        })
    return out


def builder_card(card_def, card: Card | None) -> dict[str, Any]:
    return {
        "slug": card_def.slug, "name": card_def.name, "type": card_def.type, "faction": card_def.faction,
        "rarity": card_def.rarity, "cost": card_def.cost.as_dict(), "produces": card_def.produces,
        "thumb_url": card.thumb_url if card else "", "image_url": card.image_url if card else "",
    }


def initial_deck(deck: Deck | None, hero: str | None, counts: dict[str, int], catalogue) -> dict[str, Any]:
    """Return the deck the builder opens with, with the card data it needs to draw each row."""
    cards = {card.slug: card for card in Card.objects.filter(slug__in=list(counts))}
    rows = [
        {"card": builder_card(catalogue.cards[slug], cards.get(slug)), "count": count}
        for slug, count in counts.items() if slug in catalogue.cards
    ]
    return {
        "id": deck.pk if deck else None,
        "name": deck.name if deck else "",
        "description": deck.description if deck else "",
        "visibility": deck.visibility if deck else Visibility.PRIVATE,
        "format": deck.format if deck else "playtest",
        "version": deck.version if deck else None,
        "hero": hero,
        "cards": rows,
    }


def builder(request, deck_id=None):
    """The deckbuilder: a new deck (`?code=` opens a shared one), or an owned deck to edit."""
    catalogue = get_catalogue()
    deck = owned_deck(request, deck_id) if deck_id else None
    if deck is not None:
        hero, counts = (deck.hero.slug if deck.hero else None), deck.counts()
    else:
        hero, counts = request.GET.get("hero") or None, {}
        if request.GET.get("code"):
            try:
                hero, counts = decode_deck(request.GET["code"], catalogue)
            except DeckCodeError as exc:
                messages.error(request, exc.message)
        if hero not in catalogue.cards or catalogue.cards[hero].type != "hero":
            hero = None
    collection = selectors.recorded_collection(request.user)
    return render(request, "decks/builder.html", {
        "deck": deck,
        "has_collection": collection is not None,
        "builder_config": {
            "deck": initial_deck(deck, hero, counts, catalogue),
            "heroes": hero_info(catalogue),
            # which cards each Hero may run: in the current release, as the verdict judges (decks.releases)
            "legal": selectors.legal_cards_by_hero(current_legality().catalogue),
            "deckSize": (selectors.deck_format(deck) if deck else get_format()).deck_size,
            "types": [{"slug": row["slug"], "name": row["name"], "title": group_title(catalogue, row["slug"])}
                      for row in catalogue.rulebook["card_types"] if row["in_deck"]],
            "energyNames": {row["code"]: row["name"] for row in catalogue.rulebook["energy_types"]},
            "authenticated": request.user.is_authenticated,
            "collection": collection,
            "loginUrl": f"{reverse('login')}?next={request.path}",
            "visibilities": [{"value": value, "label": label} for value, label in Visibility.choices],
            "urls": {
                "cards": "/api/cards/",
                "validate": reverse("api-deck-validate"),
                "stats": reverse("api-deck-stats"),
                "decks": reverse("api-deck-list"),
                "export": reverse("api-decklist-export"),
            },
        },
    })
