"""Lists of decks: the public browse (by Hero, faction, card, tag, name; sorted by recency or likes), the
user's own decks, and a player's page; each deck with its verdict and type mix.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.catalogue import get_catalogue
from cards.models import Faction
from decks import selectors
from decks.forms import DeckSearchForm
from decks.releases import current_legality
from decks.textio import group_title

DECKS_PER_PAGE = 24


def hero_choices(catalogue) -> list[tuple[str, str]]:
    return [(hero.slug, hero.name) for hero in sorted(catalogue.heroes, key=lambda h: h.name)]


def deck_rows(decks, catalogue) -> list[dict[str, Any]]:
    """Return each deck of a list with its verdict and a type breakdown."""
    rows, legality = [], current_legality()  # judged against the current release, as the deck's page is
    for deck in decks:
        result = legality.validate(deck)
        hero = catalogue.cards.get(deck.hero.slug) if deck.hero else None
        types: dict[str, int] = {}
        for entry in deck.entries.all():
            card = catalogue.cards.get(entry.card.slug)
            if card is not None:
                types[card.type] = types.get(card.type, 0) + entry.count
        mix = sorted(types.items(), key=lambda item: -item[1])[:3]
        rows.append({"deck": deck, "valid": result.valid, "count": result.count, "errors": len(result.errors),
                     "hero": hero, "mix": " · ".join(f"{n} {group_title(catalogue, t)}" for t, n in mix),
                     "likes": getattr(deck, "like_count", None), "tags": list(deck.tags.all())})
    return rows


def deck_list(request):
    """Public decks: browse by Hero, faction, a card they run, tag and name; sort by recency or likes (7/30 days, all
    time); with a login, only those the collection can build. The ordered ids of a browse are cached."""
    catalogue = get_catalogue()
    form = DeckSearchForm(request.GET or None, heroes=hero_choices(catalogue),
                          factions=list(Faction.objects.values_list("slug", "name")),
                          tags=[(tag.slug, f"{tag.name} ({tag.uses})") for tag in selectors.tag_list()],
                          sorts=list(selectors.SORTS.items()))
    if form.is_bound and not form.is_valid():
        messages.error(request, "Some filters were not understood and are ignored: " + "; ".join(
            f"{form.fields[name].label}: {' '.join(errors)}" for name, errors in form.errors.items()))
    filters = {name: form.cleaned_data.get(name) for name in form.fields if name not in form.errors} \
        if form.is_bound else {}
    buildable = bool(filters.get("buildable")) and request.user.is_authenticated
    browse = {"hero": filters.get("hero") or "", "faction": filters.get("faction") or "",
              "card": (filters.get("card") or "").strip(), "tag": filters.get("tag") or "",
              "q": (filters.get("q") or "").strip(), "sort": filters.get("sort") or "recent"}
    if buildable:  # depends on the user's collection: never from the shared cache
        decks = selectors.decks_for_list(request.user, buildable=True, **browse)
        page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
        deck_objects = list(page.object_list)
    else:
        page = Paginator(selectors.public_feed_ids(**browse), DECKS_PER_PAGE).get_page(request.GET.get("page"))
        deck_objects = selectors.decks_by_ids(list(page.object_list))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "decks/list.html", {
        "form": form, "page": page, "rows": deck_rows(deck_objects, catalogue), "query": query.urlencode(),
        "card_names": sorted(c.name for c in catalogue.cards.values() if c.type not in ("hero", "pyramid")),
        "heading": "Public decks", "mine": False,
    })


@login_required
def my_decks(request):
    """The user's own decks, whatever their visibility."""
    catalogue = get_catalogue()
    decks = selectors.decks_for_list(request.user, mine=True)
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/list.html", {
        "page": page, "rows": deck_rows(page.object_list, catalogue), "query": "",
        "heading": "My decks", "mine": True,
    })


@require_safe
def author_page(request, username):
    """A player's page: their public decks, the likes they received, the comments they wrote."""
    author = selectors.get_author(username)
    catalogue = get_catalogue()
    sort = request.GET.get("sort") if request.GET.get("sort") in selectors.SORTS else "recent"
    decks = selectors.decks_for_list(None, author=author.get_username(), sort=sort)
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/author.html", {
        "author": author, "summary": selectors.author_summary(author), "page": page, "sort": sort,
        "sorts": selectors.SORTS, "rows": deck_rows(page.object_list, catalogue), "query": f"sort={sort}",
    })
