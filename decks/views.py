"""Deck pages: the public list, "my decks", a deck's permalink, its history, and the deckbuilder.

Views gather what a template shows from `decks.selectors` and hand writes to `decks.services`; the deckbuilder
itself talks to the JSON API from `static/js/deckbuilder.js`.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from cards.catalogue import get_catalogue
from cards.models import Card, Faction
from cataclysm_site.api_errors import ApiError
from decks import collection as collection_io
from decks import proxies, selectors, services
from decks.codes import DeckCodeError, decode_deck
from decks.formats import FORMATS, get_format
from decks.forms import (
    CollectionImportForm,
    CommentForm,
    CompareForm,
    DeckSearchForm,
    ForkForm,
    OwnedCountForm,
    ReportForm,
    RestoreForm,
    TagsForm,
)
from decks.markdown import render_markdown
from decks.models import Deck, Visibility
from decks.serializers import deck_code
from decks.textio import format_decklist, group_title

DECKS_PER_PAGE = 24
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 140, 18


# --- shared helpers ------------------------------------------------------------------------------------------------

def percent(value: float) -> str:
    """Return a probability as a percentage for people ("87.4%")."""
    return f"{value * 100:.1f}%"


def hero_choices(catalogue) -> list[tuple[str, str]]:
    return [(hero.slug, hero.name) for hero in sorted(catalogue.heroes, key=lambda h: h.name)]


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


def chart_bars(curve: list[dict[str, int]]) -> dict[str, Any]:
    """Lay out a cost curve as SVG bars (geometry only; the template draws them)."""
    if not curve:
        return {"bars": [], "width": CHART_WIDTH, "height": CHART_HEIGHT}
    counts = {point["cost"]: point["count"] for point in curve}
    low, high = min(1, *counts), max(5, *counts)  # a fixed 1-5 frame so decks compare at a glance
    curve = [{"cost": cost, "count": counts.get(cost, 0)} for cost in range(low, high + 1)]
    peak = max(point["count"] for point in curve) or 1
    slot = (CHART_WIDTH - 2) / len(curve)
    usable = CHART_HEIGHT - 2 * CHART_PAD
    bars = []
    for index, point in enumerate(curve):
        height = round(usable * point["count"] / peak, 1)
        x = round(1 + index * slot + slot * 0.15, 1)
        bars.append({
            "cost": point["cost"], "count": point["count"], "x": x, "width": round(slot * 0.7, 1),
            "y": round(CHART_PAD + usable - height, 1), "height": height,
            "label_x": round(x + slot * 0.35, 1), "count_y": round(CHART_PAD + usable - height - 4, 1),
        })
    return {"bars": bars, "width": CHART_WIDTH, "height": CHART_HEIGHT, "axis_y": CHART_HEIGHT - 4}


def stats_context(stats: dict[str, Any], catalogue) -> dict[str, Any]:
    """Return the statistics with probabilities written for people and the cost curve laid out."""
    opening = stats["opening_hand"]
    return {
        "raw": stats,
        "chart": chart_bars(stats["cost_curve"]),
        "by_type": [(group_title(catalogue, key), value) for key, value in stats["by_type"].items() if value],
        "by_rarity": [(key, value) for key, value in stats["by_rarity"].items() if value],
        "energy": [row for row in stats["energy"] if row["needed"] or row["provided"]],
        "p_energy": percent(opening["p_energy"]),
        "mulligans": [{"mulligans": row["mulligans"], "p": percent(row["p"])}
                      for row in opening["p_energy_within_mulligans"]],
        "turns": [{**row, "p_text": percent(row["p"]), "kept_text": percent(row["p_with_mulligans"])}
                  for row in stats["energy_by_turn"]["turns"]],
        "types": stats["energy_by_turn"]["types"],
    }


def grouped_cards(deck: Deck, catalogue) -> list[dict[str, Any]]:
    """Return the deck's cards grouped by type in the rulebook's order, each group sorted by cost then name."""
    order = [row["slug"] for row in catalogue.rulebook["card_types"]]
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in deck.entries.all():
        card = catalogue.cards.get(entry.card.slug)
        kind = card.type if card else "unknown"
        groups.setdefault(kind, []).append({
            "slug": entry.card.slug,
            "name": card.name if card else entry.card.name,
            "count": entry.count,
            "cost": list(card.cost.energy) if card else [],
            "cost_total": card.cost.total if card else 0,
            "rarity": card.rarity if card else None,
            "faction": card.faction if card else None,
            "thumb_url": entry.card.thumb_url,
            "image_url": entry.card.image_url,
            "url": entry.card.get_absolute_url(),
        })
    return [
        {"type": kind, "title": group_title(catalogue, kind) if kind != "unknown" else "Unknown",
         "count": sum(row["count"] for row in groups[kind]),
         "cards": sorted(groups[kind], key=lambda row: (row["cost_total"], row["name"]))}
        for kind in sorted(groups, key=lambda k: order.index(k) if k in order else len(order))
    ]


def deck_rows(decks, catalogue) -> list[dict[str, Any]]:
    """Return each deck of a list with its verdict and a type breakdown."""
    rows = []
    for deck in decks:
        result = selectors.deck_validation(deck, catalogue)
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


# --- lists ---------------------------------------------------------------------------------------------------------

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


# --- one deck ------------------------------------------------------------------------------------------------------

@require_safe
def deck_proxies(request, deck_id):
    """The deck as a print-and-play PDF: the Hero, then every card once per copy, nine to a page."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    try:
        paper = proxies.paper_of(request.GET.get("paper"))
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    cards = ([deck.hero] if deck.hero else []) + [
        entry.card for entry in deck.entries.select_related("card").order_by("card__position", "card__slug")
        for _ in range(entry.count)]
    if not cards:
        return HttpResponseBadRequest("This deck has no card to print yet.", content_type="text/plain; charset=utf-8")
    pdf = proxies.proxy_pdf(proxies.card_faces(cards), paper=paper, title=f"{deck.name} — proxies")
    return proxies.pdf_response(pdf, f"{slugify(deck.name) or deck.pk}-proxies.pdf")


def deck_detail(request, deck_id):
    """A deck's permalink: list by type, verdict, statistics, opening hands, export, history."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    catalogue = get_catalogue()
    hero_slug = deck.hero.slug if deck.hero else None
    history = selectors.version_history(deck, catalogue)
    ownership = selectors.deck_ownership(request.user, deck, catalogue) if selectors.recorded_collection(
        request.user) else None
    community = selectors.deck_community(request.user, deck)
    for comment in community["comments"]:
        comment.html = render_markdown(comment.body, catalogue)
    groups = grouped_cards(deck, catalogue)
    lacking = {row["card"]: row["missing"] for row in ownership["missing"]} if ownership else {}
    for group in groups:
        for row in group["cards"]:
            row["lacking"] = lacking.get(row["slug"], 0)
    return render(request, "decks/detail.html", {
        "deck": deck,
        "hero": catalogue.cards.get(hero_slug) if hero_slug else None,
        "hero_card": deck.hero,
        "groups": groups,
        "validation": selectors.deck_validation(deck, catalogue),
        "stats": stats_context(selectors.deck_statistics(deck, catalogue), catalogue),
        "text": format_decklist(hero_slug, deck.counts(), catalogue),
        "code": deck_code(deck, catalogue),
        "ownership": ownership,
        "description_html": render_markdown(deck.description, catalogue) if deck.description else "",
        "community": community,
        "comment_form": CommentForm(),
        "tags_form": TagsForm(initial={"tags": ", ".join(tag.name for tag in community["tags"])}),
        "history": history[:5],
        "more_history": len(history) > 5,
        "is_owner": selectors.can_edit(request.user, deck),
        "format": FORMATS.get(deck.format),
        "share_url": request.build_absolute_uri(deck.get_absolute_url()),
    })


def deck_history(request, deck_id):
    """Every version of a deck with what changed, and a comparison of any two."""
    deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
    catalogue = get_catalogue()
    compare = CompareForm(request.GET or None)
    comparison = None
    if compare.is_valid():
        versions = {v.number: v for v in selectors.deck_versions(deck)}
        a, b = versions.get(compare.cleaned_data["a"]), versions.get(compare.cleaned_data["b"])
        if a and b:
            comparison = selectors.version_diff(a, b, catalogue)
        else:
            compare.add_error(None, "This deck has no such version.")
    return render(request, "decks/history.html", {
        "deck": deck, "history": selectors.version_history(deck, catalogue), "compare": compare,
        "previous": max(deck.version - 1, 1),
        "comparison": comparison, "is_owner": selectors.can_edit(request.user, deck),
    })


def owned_deck(request, deck_id) -> Deck:
    """Return the deck if the user owns it: 404 if they may not see it, 403 if they may only read it."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    if not selectors.can_edit(request.user, deck):
        raise PermissionDenied("Only the deck's owner can change it.")
    return deck


@require_POST
@login_required
def deck_fork(request, deck_id):
    """Copy a readable deck into a new private deck of the user's, and open it in the deckbuilder."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    form = ForkForm(request.POST)
    name = form.cleaned_data.get("name") if form.is_valid() else None
    fork = services.deck_fork(deck=deck, owner=request.user, name=name or None)
    messages.success(request, f"Forked “{deck.name}”. This copy is yours and private.")
    return redirect("decks:edit", fork.pk)


@require_POST
@login_required
def deck_restore(request, deck_id, number):
    """Make an old version current again (as a new version)."""
    deck = owned_deck(request, deck_id)
    form = RestoreForm(request.POST)
    expected = form.cleaned_data.get("version") if form.is_valid() else None
    try:
        deck = services.deck_restore_version(deck=deck, number=number, author=request.user, expected_version=expected)
    except ApiError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Restored version {number}; it is now version {deck.version}.")
    return redirect("decks:detail", deck_id)


@require_POST
@login_required
def deck_delete(request, deck_id):
    deck = owned_deck(request, deck_id)
    name = deck.name
    services.deck_delete(deck=deck)
    messages.success(request, f"Deleted “{name}”.")
    return redirect("decks:mine")


# --- the deckbuilder -----------------------------------------------------------------------------------------------

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
            "legal": selectors.legal_cards_by_hero(catalogue),
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


# --- the collection ------------------------------------------------------------------------------------------------

def faction_tabs(catalogue) -> list[dict[str, str]]:
    """Return the checklist's tabs: the factions in the rulebook's order, then the cards of no faction."""
    names = dict(Faction.objects.values_list("slug", "name"))
    tabs = [{"slug": row["slug"], "name": names.get(row["slug"], row["slug"])} for row in catalogue.rulebook["factions"]]
    return tabs + [{"slug": "neutral", "name": "Neutral"}]


def collection_context(request, catalogue, faction: str, **extra) -> dict[str, Any]:
    owned = selectors.collection_counts(request.user)
    return {
        "tabs": faction_tabs(catalogue), "faction": faction,
        "rows": selectors.checklist(catalogue, faction, owned),
        "total": sum(owned.values()), "distinct": len(owned),
        "import_form": CollectionImportForm(), **extra,
    }


def chosen_faction(request, catalogue) -> str:
    known = [tab["slug"] for tab in faction_tabs(catalogue)]
    faction = request.POST.get("faction") or request.GET.get("faction") or known[0]
    return faction if faction in known else known[0]


@login_required
def collection_page(request):
    """The collection: a checklist of one faction's cards (save the counts), import and export."""
    catalogue = get_catalogue()
    faction = chosen_faction(request, catalogue)
    if request.method != "POST":
        return render(request, "decks/collection.html", collection_context(request, catalogue, faction))
    rows = selectors.checklist(catalogue, faction, {})
    counts, errors = {}, {}
    for row in rows:
        raw = request.POST.get(f"count-{row['slug']}", "").strip() or "0"
        if raw.isdigit() and int(raw) <= collection_io.MAX_COPIES:
            counts[row["slug"]] = int(raw)
        else:
            errors[row["slug"]] = f"{row['name']}: “{raw[:20]}” is not a number of copies from 0 to 99."
    if errors:
        context = collection_context(request, catalogue, faction, checklist_errors=list(errors.values()))
        for row in context["rows"]:
            row["error"] = errors.get(row["slug"])
            row["count"] = request.POST.get(f"count-{row['slug']}", row["count"])
        return render(request, "decks/collection.html", context, status=400)
    services.collection_write(owner=request.user, counts=counts, mode="set")
    messages.success(request, f"Saved: you own {sum(counts.values())} copies of {sum(1 for n in counts.values() if n)} "
                              f"{dict((t['slug'], t['name']) for t in faction_tabs(catalogue))[faction]} card(s).")
    return redirect(f"{reverse('decks:collection')}?faction={faction}")


@require_POST
@login_required
def collection_import(request):
    """Add a pasted or uploaded list/CSV to the collection, or replace it; every unreadable line is shown."""
    catalogue = get_catalogue()
    faction = chosen_faction(request, catalogue)
    form = CollectionImportForm(request.POST, request.FILES)
    problems = []
    if form.is_valid():
        parsed = collection_io.parse_collection(form.cleaned_data["text"], catalogue)
        problems = list(parsed.errors)
        if not problems:
            try:
                services.collection_write(owner=request.user, counts=parsed.counts, mode=form.cleaned_data["mode"])
            except ApiError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"Imported {sum(parsed.counts.values())} copies of {len(parsed.counts)} "
                                          f"card(s) ({'replacing' if form.cleaned_data['mode'] == 'replace' else 'added to'} "
                                          "your collection).")
                return redirect(f"{reverse('decks:collection')}?faction={faction}")
    return render(request, "decks/collection.html",
                  collection_context(request, catalogue, faction, import_form=form, import_problems=problems),
                  status=400)


@require_safe
@login_required
def collection_export(request, kind):
    """Download the collection as CSV or text."""
    counts = selectors.collection_counts(request.user)
    catalogue = get_catalogue()
    if kind == "csv":
        body, content_type = collection_io.format_collection_csv(counts, catalogue), "text/csv; charset=utf-8"
    else:
        body, content_type = collection_io.format_collection_text(counts, catalogue), "text/plain; charset=utf-8"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="collection.{kind}"'
    return response


@require_POST
@login_required
def collection_card(request, slug):
    """Set how many copies of one card the user owns (the card page's control)."""
    card = Card.objects.filter(slug=slug).first()
    if card is None:
        raise Http404("No such card.")
    form = OwnedCountForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Copies owned must be a whole number from 0 to 99; nothing was changed.")
    else:
        try:
            services.collection_write(owner=request.user, counts={slug: form.cleaned_data["count"]})
        except ApiError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"You own {form.cleaned_data['count']} × {card.name}.")
    return redirect(card.get_absolute_url())


# --- the community -------------------------------------------------------------------------------------------------

def refused(request, exc: ApiError) -> None:
    messages.error(request, exc.message)


@require_POST
@login_required
def deck_like(request, deck_id):
    """Like a public deck, or stop liking it (`liked=0`)."""
    deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
    try:
        services.deck_like(user=request.user, deck=deck, liked=request.POST.get("liked") != "0")
    except ApiError as exc:
        refused(request, exc)
    return redirect(f"{deck.get_absolute_url()}#community")


@require_POST
@login_required
def deck_tags(request, deck_id):
    deck = owned_deck(request, deck_id)
    try:
        names = form_value(TagsForm(request.POST), "tags", "invalid_tag", "The tags could not be read.")
        tags = services.deck_set_tags(deck=deck, names=names)
    except ApiError as exc:
        refused(request, exc)
    else:
        messages.success(request, f"Tags saved: {', '.join(tags) or 'none'}.")
    return redirect(f"{deck.get_absolute_url()}#community")


@require_POST
@login_required
def deck_comment(request, deck_id):
    deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
    try:
        body = form_value(CommentForm(request.POST), "body", "invalid_comment", "The comment could not be read.")
        comment = services.comment_create(author=request.user, deck=deck, body=body)
    except ApiError as exc:
        refused(request, exc)
        return redirect(f"{deck.get_absolute_url()}#comment-form")
    messages.success(request, "Comment posted.")
    return redirect(f"{deck.get_absolute_url()}#comment-{comment.pk}")


def comment_action(request, comment_id, act, success, anchor: str = "") -> HttpResponse:
    """Do `act(comment)` for a comment's page form: its message on success, the refusal's message otherwise."""
    comment = selectors.get_comment(comment_id)
    try:
        act(comment)
    except ApiError as exc:
        refused(request, exc)
    else:
        messages.success(request, success(comment) if callable(success) else success)
    return redirect(f"{comment.deck.get_absolute_url()}#{anchor or f'comment-{comment.pk}'}")


def form_value(form, name: str, code: str, fallback: str) -> str:
    """Return a valid form's field, or raise its error as an ApiError with `code`."""
    if not form.is_valid():
        raise ApiError(code, " ".join(form.errors.get(name, [fallback])))
    return form.cleaned_data[name]


@require_POST
@login_required
def comment_hide(request, comment_id):
    hidden = request.POST.get("hidden") != "0"
    return comment_action(
        request, comment_id, lambda c: services.comment_hide(user=request.user, comment=c, hidden=hidden),
        "Comment hidden from everyone but you." if hidden else "Comment shown again.")


@require_POST
@login_required
def comment_report(request, comment_id):
    return comment_action(
        request, comment_id,
        lambda c: services.comment_report(reporter=request.user, comment=c, reason=form_value(
            ReportForm(request.POST), "reason", "invalid_reason", "Say what is wrong.")),
        "Thank you: the staff will look at this comment.")


@require_POST
@login_required
def comment_delete(request, comment_id):
    return comment_action(request, comment_id, lambda c: services.comment_delete(user=request.user, comment=c),
                          "Comment deleted.", anchor="comments")


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
