"""Every write of the community around public decks: likes, comments (hide, report, delete, staff removal) and tags,
one transaction each.

Kept apart from `decks.services` (the writes of a deck itself), which it uses for who owns what and for the public
feeds' cache (`feed_changed`): a like or a tag reorders the feeds as a save does.
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from cataclysm_site import lookalikes
from cataclysm_site.api_errors import ApiError
from decks.models import CommentReport, Deck, DeckComment, DeckLike, Tag, Visibility
from decks.services import NOT_OWNER, feed_changed

NOT_PUBLIC = "not_public"
OWN_DECK = "own_deck"
INVALID_COMMENT = "invalid_comment"
INVALID_TAG = "invalid_tag"
INVALID_REASON = "invalid_reason"
MAX_COMMENT_LENGTH = 4000
MAX_TAGS = 8
MAX_TAG_LENGTH = 30


def _public_only(deck: Deck, what: str) -> None:
    if deck.visibility != Visibility.PUBLIC:
        raise ApiError(NOT_PUBLIC, f"Only public decks can be {what}; this one is {deck.visibility}.")


@transaction.atomic
def deck_like(*, user, deck: Deck, liked: bool = True) -> int:
    """Like (or stop liking) a public deck of someone else's; return its number of likes. Idempotent."""
    if liked:
        _public_only(deck, "liked")
        if deck.is_owned_by(user):
            raise ApiError(OWN_DECK, "You cannot like your own deck.")
        try:
            with transaction.atomic():
                DeckLike.objects.get_or_create(user=user, deck=deck)
        except IntegrityError:  # a racing like of the same user won: the deck is liked either way
            pass
    else:
        DeckLike.objects.filter(user=user, deck=deck).delete()
    feed_changed()
    return DeckLike.objects.filter(deck=deck).count()


def _clean_body(body: str) -> str:
    body = (body or "").strip()
    if not body or len(body) > MAX_COMMENT_LENGTH:
        raise ApiError(INVALID_COMMENT, f"A comment needs 1 to {MAX_COMMENT_LENGTH} characters.")
    return body


def comment_create(*, author, deck: Deck, body: str) -> DeckComment:
    """Comment on a public deck (Markdown, stored as written, rendered and sanitized when shown)."""
    _public_only(deck, "commented on")
    return DeckComment.objects.create(deck=deck, author=author, body=_clean_body(body))


def comment_hide(*, user, comment: DeckComment, hidden: bool = True) -> DeckComment:
    """The deck's owner hides a comment from everyone (or shows it again)."""
    if not comment.deck.is_owned_by(user):
        raise ApiError(NOT_OWNER, "Only the deck's owner can hide its comments.", status_code=403)
    DeckComment.objects.filter(pk=comment.pk).update(hidden=hidden)
    comment.hidden = hidden
    return comment


def comment_report(*, reporter, comment: DeckComment, reason: str) -> CommentReport:
    """Flag a comment for the staff; a second report by the same player updates the first."""
    reason = (reason or "").strip()
    if not reason or len(reason) > 500:
        raise ApiError(INVALID_REASON, "Say in 1 to 500 characters what is wrong with the comment.")
    if comment.author_id == getattr(reporter, "pk", None):
        raise ApiError("own_comment", "You cannot report your own comment; delete it instead.")
    report, _ = CommentReport.objects.update_or_create(comment=comment, reporter=reporter,
                                                       defaults={"reason": reason, "resolved": False})
    return report


@transaction.atomic
def comments_remove(comment_ids) -> int:
    """Staff moderation: remove comments (kept for the record, shown to nobody) and resolve their reports."""
    ids = list(comment_ids)
    DeckComment.objects.filter(pk__in=ids).update(removed=True)
    CommentReport.objects.filter(comment_id__in=ids).update(resolved=True)
    return len(set(ids))


def comment_delete(*, user, comment: DeckComment) -> None:
    """The author deletes their own comment."""
    if comment.author_id != getattr(user, "pk", None):
        raise ApiError(NOT_OWNER, "Only its author can delete a comment (the deck's owner can hide it).",
                       status_code=403)
    DeckComment.objects.filter(pk=comment.pk).delete()


def clean_tags(names) -> list[tuple[str, str]]:
    """Return (slug, name) of each tag, refusing too many, too long or empty ones; duplicates fold together."""
    if isinstance(names, str):
        names = names.split(",")
    tags: dict[str, str] = {}
    for raw in names:
        name = " ".join(str(raw).split())
        if not name:
            continue
        slug = slugify(name)[:MAX_TAG_LENGTH]
        if not slug or len(name) > MAX_TAG_LENGTH:
            raise ApiError(INVALID_TAG, f"“{name[:40]}”: a tag is 1 to {MAX_TAG_LENGTH} letters, digits or dashes.")
        lost = lookalikes.slug_loss(name)
        if lost:  # the tag would be filed under another name than the one typed ("аggro" as "ggro")
            raise ApiError(INVALID_TAG, f"“{name[:40]}”: tags are written with Latin letters (accents allowed), digits "
                                        f"and dashes; {lookalikes.describe(lost)} is not one.")
        tags.setdefault(slug, name.lower())
    if len(tags) > MAX_TAGS:
        raise ApiError(INVALID_TAG, f"A deck has at most {MAX_TAGS} tags.")
    return list(tags.items())


@transaction.atomic
def deck_set_tags(*, deck: Deck, names) -> list[str]:
    """Make these the deck's tags (creating new ones); return their slugs."""
    wanted = clean_tags(names)
    tags = []
    for slug, name in wanted:
        tag, _ = Tag.objects.get_or_create(slug=slug, defaults={"name": name})
        tags.append(tag)
    deck.tags.set(tags)
    feed_changed()
    return sorted(tag.slug for tag in tags)
