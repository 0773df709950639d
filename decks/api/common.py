"""What the decks API's views share: the documented error answers, reading a posted decklist, the
deck a user may edit, and a deck or hand written out for a client.
"""
from __future__ import annotations

import secrets

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema_field
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer

from cataclysm_site.api_errors import ApiError
from decks import selectors, services
from decks import serializers as s
from decks.codes import DeckCodeError, encode_deck
from decks.models import Deck
from decks.releases import changed_cards, deck_runs, saved_under
from decks.stats import simulate_opening
from decks.textio import format_decklist

NOT_OWNER = "not_owner"
DECKLIST_UNREADABLE = "decklist_unreadable"
UNKNOWN_EXPORT_FORMAT = "unknown_export_format"


E400 = OpenApiResponse(s.ErrorSerializer, description="Bad input: `code` says what (e.g. `too_many_cards`).")
E403 = OpenApiResponse(s.ErrorSerializer, description="Not logged in (`not_authenticated`), or not the deck's owner (`not_owner`).")
E404 = OpenApiResponse(s.ErrorSerializer, description="No such deck, or it is another user's private deck (`not_found`).")
E409 = OpenApiResponse(s.DeckConflictSerializer, description="`version_conflict`: the deck changed since that version; `deck` is the current one.")
DECK_ID = OpenApiParameter("deck_id", str, OpenApiParameter.PATH, description="The deck's random id, or `starter-<hero>`.")


class ChangedCardSerializer(s.serializers.Serializer):
    card = s.serializers.CharField(help_text="The card's slug.")
    release = s.serializers.CharField(help_text="The release that changed it (its changelog: /releases/<slug>/).")
    change = s.serializers.ChoiceField(choices=["added", "changed", "removed"])
    fields = s.serializers.DictField(child=s.serializers.ListField(child=s.serializers.JSONField()),
                                     help_text="Each field that differs, as [old, new] (data-file form).")
    reason = s.serializers.CharField(help_text="Why the designer changed it (empty: none given).")


class DeckDetailSerializer(s.DeckSerializer):
    """One deck as its own endpoints return it: with the release it was last saved under and what changed since."""

    saved_release = s.serializers.SerializerMethodField(
        help_text="The release current when the deck was last saved (null: saved before releases).")
    changed_cards = s.serializers.SerializerMethodField(
        help_text="Each card the deck runs that a release changed since the deck was last saved, oldest first.")

    def changes(self, deck) -> list[dict]:
        """What changed since the save (decks.releases.changed_cards), computed once per deck."""
        known = self.context.setdefault("changes", {})
        if deck.pk not in known:
            known[deck.pk] = changed_cards(deck_runs(deck), self.get_saved_release(deck), self.legality.history)
        return known[deck.pk]

    def get_saved_release(self, deck) -> str | None:
        known = self.context.setdefault("saved_under", {})
        if deck.pk not in known:
            known[deck.pk] = saved_under(deck)
        return known[deck.pk]

    @extend_schema_field(ChangedCardSerializer(many=True))
    def get_changed_cards(self, deck):
        return self.changes(deck)


def read_decklist(serializer: s.DecklistSerializer, catalogue, *, partial: bool = False):
    """Return (hero, counts, problems) from a validated decklist serializer."""
    return serializer.read(catalogue, partial=partial)


def refuse_unreadable(problems) -> None:
    """A deck is saved only from a list that was read in full: an unreadable line is the user's to fix."""
    if problems:
        raise ApiError(
            DECKLIST_UNREADABLE,
            f"{len(problems)} line(s) of the decklist could not be read; fix them and save again.",
            extra={"errors": [p.to_dict() for p in problems]},
        )


def render_deck(deck_id: str, catalogue) -> dict:
    deck = Deck.objects.with_cards().get(pk=deck_id)
    return DeckDetailSerializer(deck, context={"catalogue": catalogue}).data


def editable_deck(request, deck_id: str) -> Deck:
    """Return the deck if the user owns it: 404 if they may not even see it, 403 if they may only read it."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    if not selectors.can_edit(request.user, deck):
        raise ApiError(NOT_OWNER, "Only the deck's owner can change it; fork it to make your own copy.", status_code=403)
    return deck


def conflict_with_deck(exc: services.VersionConflict, catalogue) -> ApiError:
    return ApiError(exc.error_code, exc.message, status_code=409, extra={"deck": render_deck(exc.deck.pk, catalogue)})


def card_entry(slug: str, count, catalogue) -> dict:
    """Return one decklist entry with what a client needs to draw it (name, type, cost) when the card exists."""
    entry = {"card": slug, "count": count}
    card = catalogue.cards.get(slug)
    if card is not None:
        entry.update(name=card.name, type=card.type, faction=card.faction, rarity=card.rarity,
                     cost=card.cost.as_dict(), produces=card.produces)
    return entry


def card_refs(slugs, catalogue) -> list[dict]:
    out = []
    for slug in slugs:
        card = catalogue.cards.get(slug)
        out.append({"card": slug, "name": card.name if card else slug, "type": card.type if card else ""})
    return out


def opening_payload(catalogue, counts, seed: int | None, draws: int) -> dict:
    seed = seed if seed is not None else secrets.randbelow(2**31)
    result = simulate_opening(catalogue, counts, seed=seed, draws=draws)
    return {
        "seed": result["seed"],
        "mulligans": result["mulligans"],
        "has_energy": result["has_energy"],
        "hands": [card_refs(hand, catalogue) for hand in result["hands"]],
        "kept": card_refs(result["kept"], catalogue),
        "draws": card_refs(result["draws"], catalogue),
    }


class ExportNegotiation(DefaultContentNegotiation):
    """On the export endpoints `?format=` names the export format, not a renderer: always answer JSON."""

    def select_renderer(self, request, renderers, format_suffix=None):
        renderer = next((r for r in renderers if isinstance(r, JSONRenderer)), renderers[0])
        return renderer, renderer.media_type



def export_payload(kind: str, hero, counts, catalogue, stem: str) -> dict:
    """Return a deck written as `text` (the canonical decklist) or `code` (the share code)."""
    if kind == "text":
        return {"format": kind, "content": format_decklist(hero, counts, catalogue), "filename": f"{stem}.txt"}
    if kind == "code":
        try:
            content = encode_deck(hero, counts, catalogue)
        except DeckCodeError as exc:
            raise ApiError(exc.code, exc.message) from None
        return {"format": kind, "content": content, "filename": f"{stem}.code"}
    raise ApiError(UNKNOWN_EXPORT_FORMAT, "Export format must be `text` or `code`.")
