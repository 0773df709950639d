"""One deck's pages: its permalink (list by type, verdict, statistics, community), its history, its proxies
PDF, and the owner's fork, restore and delete; `owned_deck` is the check the other writing pages share.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks import proxies, selectors, services
from decks.formats import FORMATS
from decks.forms import CommentForm, CompareForm, ForkForm, RestoreForm, TagsForm
from decks.markdown import render_markdown
from decks.models import Deck
from decks.releases import changed_cards, current_legality, deck_runs, notice_lines, saved_under
from decks.serializers import deck_code
from decks.textio import format_decklist, group_title

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 140, 18


def percent(value: float) -> str:
    """Return a probability as a percentage for people ("87.4%")."""
    return f"{value * 100:.1f}%"


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
    legality = current_legality()  # judged against the published set (decks.releases)
    changes = changed_cards(deck_runs(deck), saved_under(deck), legality.history)
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
        "validation": legality.validate(deck, changes),
        "judged_release": legality.release,
        "changed_cards": notice_lines(changes, legality.history, catalogue),
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
