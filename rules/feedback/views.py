"""Pages of what players saw: a note left from a card page, and the designers' page of a card's notes."""
from __future__ import annotations

from itertools import groupby

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from cards.catalogue import get_catalogue
from cards.models import Release
from cataclysm_site.api_errors import ApiError
from cataclysm_site.throttling import CommunityWriteThrottle
from decks.markdown import render_markdown
from rules.feedback import services


def _staff(request) -> None:
    if not request.user.is_staff:
        raise PermissionDenied("Only designers (staff) read and address a card's notes.")


def _throttled(request) -> bool:
    return not CommunityWriteThrottle().allow_request(request, None)


@require_POST
def add_note(request, slug: str):
    """The card page's form: write the note, then back to the card page (its error said there)."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('cards:detail', args=[slug])}")
    if _throttled(request):
        return HttpResponse("throttled: too many notes at once; wait a minute.", status=429,
                            content_type="text/plain; charset=utf-8")
    kind, game_id = request.POST.get("game_kind", ""), request.POST.get("game_id", "").strip()
    try:
        services.add_note(author=request.user, card=slug, text=request.POST.get("text", ""),
                          release=request.POST.get("release") or None, game_kind=kind if game_id else "",
                          game_id=game_id)
    except ApiError as exc:
        if exc.status_code == 404:
            raise Http404(exc.message) from exc
        messages.error(request, f"{exc.message} ({exc.error_code})")
    else:
        messages.success(request, "Thank you: your note is with the designers.")
    return redirect(reverse("cards:detail", args=[slug]) + "#card-notes")


@require_safe
def card_notes(request, slug: str):
    """Every note on the card, by release (newest first), each with a button to mark it addressed by a release."""
    _staff(request)
    try:
        services.check_card(slug)
    except ApiError as exc:
        if not services.notes_of(slug).exists():
            raise Http404(exc.message) from exc
    catalogue = get_catalogue()
    notes = list(services.notes_of(slug))
    for note in notes:
        note.html = render_markdown(note.text, catalogue)
    by_release = [(release, list(rows)) for release, rows in groupby(notes, key=lambda n: n.release)]
    name = catalogue.cards[slug].name if slug in catalogue.cards else slug
    return render(request, "feedback/notes.html", {
        "slug": slug, "name": name, "by_release": by_release,
        "releases": list(Release.objects.order_by("-published_at")),
    })


@require_POST
def address_note(request, slug: str, note_id: int):
    """The designers' page's button: mark the note addressed by the chosen release (or open it again)."""
    _staff(request)
    if _throttled(request):
        return HttpResponse("throttled", status=429, content_type="text/plain; charset=utf-8")
    try:
        services.mark_addressed(services.get_note(slug, note_id), request.POST.get("addressed_by") or None)
    except ApiError as exc:
        if exc.status_code == 404:
            raise Http404(exc.message) from exc
        messages.error(request, f"{exc.message} ({exc.error_code})")
    return redirect(reverse("feedback:card-notes", args=[slug]) + f"#note-{note_id}")
