"""The community's page forms: like a deck, tag it, comment, hide, report or delete a comment; a refusal
becomes a message on the deck's page.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from cataclysm_site.api_errors import ApiError
from decks import community_services, selectors
from decks.forms import CommentForm, ReportForm, TagsForm
from decks.views.deck import owned_deck


def refused(request, exc: ApiError) -> None:
    messages.error(request, exc.message)


@require_POST
@login_required
def deck_like(request, deck_id):
    """Like a public deck, or stop liking it (`liked=0`)."""
    deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
    try:
        community_services.deck_like(user=request.user, deck=deck, liked=request.POST.get("liked") != "0")
    except ApiError as exc:
        refused(request, exc)
    return redirect(f"{deck.get_absolute_url()}#community")


@require_POST
@login_required
def deck_tags(request, deck_id):
    deck = owned_deck(request, deck_id)
    try:
        names = form_value(TagsForm(request.POST), "tags", "invalid_tag", "The tags could not be read.")
        tags = community_services.deck_set_tags(deck=deck, names=names)
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
        comment = community_services.comment_create(author=request.user, deck=deck, body=body)
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
        request, comment_id, lambda c: community_services.comment_hide(user=request.user, comment=c, hidden=hidden),
        "Comment hidden from everyone but you." if hidden else "Comment shown again.")


@require_POST
@login_required
def comment_report(request, comment_id):
    return comment_action(
        request, comment_id,
        lambda c: community_services.comment_report(reporter=request.user, comment=c, reason=form_value(
            ReportForm(request.POST), "reason", "invalid_reason", "Say what is wrong.")),
        "Thank you: the staff will look at this comment.")


@require_POST
@login_required
def comment_delete(request, comment_id):
    return comment_action(request, comment_id,
                          lambda c: community_services.comment_delete(user=request.user, comment=c),
                          "Comment deleted.", anchor="comments")
