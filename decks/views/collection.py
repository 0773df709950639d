"""The collection pages: a faction's checklist (save the counts), import, export, and one card's count from
its card page.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from cards.catalogue import get_catalogue
from cards.models import Card, Faction
from cataclysm_site.api_errors import ApiError
from decks import collection as collection_io
from decks import selectors, services
from decks.forms import CollectionImportForm, OwnedCountForm


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
