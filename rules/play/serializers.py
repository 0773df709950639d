"""The request and response shapes every game feature shares: starting from a deck, a versioned decision, and the
pieces of a game payload (actions, events, prompt, result, record, card entries, replay steps and frames)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cataclysm_site.api_errors import ApiError
from decks.serializers import MAX_TEXT_BYTES, CardCountSerializer, ErrorSerializer
from decks.services import MAX_DISTINCT_CARDS
from rules.models import Seating
from rules.play.decks import MAX_SEED

AMBIGUOUS_DECK = "ambiguous_deck"
NO_DECK = "no_deck"
TEXT_TOO_LARGE = "decklist_too_large"


class DecklistInputSerializer(serializers.Serializer):
    hero = serializers.CharField(max_length=120, help_text="Hero slug, e.g. dr-veylan.")
    cards = CardCountSerializer(many=True, help_text=f"Copies by card slug; at most {MAX_DISTINCT_CARDS} entries.")

    def validate_cards(self, value):
        if len(value) > MAX_DISTINCT_CARDS:
            raise ApiError("too_many_cards", f"A decklist may name at most {MAX_DISTINCT_CARDS} different cards.")
        return value


class VersionedSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        required=False, min_value=0,
        help_text="The game version the client saw; a different current version answers 409 `conflict`.")
    log_from = serializers.IntegerField(
        required=False, min_value=0, default=0,
        help_text="Return only the log events from this sequence number on (the client has the earlier ones).")


class StartSerializer(serializers.Serializer):
    """One of `deck`, `decklist` or `text`; then optionally `seed` and `seating`."""

    exclusive_forms = ("deck", "decklist", "text")  # the schema's oneOf (cataclysm_site/schema.py)
    form_required = True

    deck = serializers.CharField(required=False, allow_null=True, max_length=64,
                                 help_text="A saved deck's id (e.g. starter-dr-veylan).")
    decklist = DecklistInputSerializer(required=False, allow_null=True, help_text="A decklist as JSON.")
    text = serializers.CharField(required=False, allow_null=True, trim_whitespace=False,
                                 help_text=f"A pasted decklist, at most {MAX_TEXT_BYTES} bytes.")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_SEED,
                                    help_text="Replay a known shuffle; a random seed when omitted.")
    seating = serializers.ChoiceField(choices=Seating.choices, default=Seating.SIDE_BY_SIDE)
    variants = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, max_length=10,
        help_text="Rule variants to switch on by slug (`flares`, `tide`: decks/data/variants.yaml); none plays the "
                  "rulebook as printed. An unknown one is a 400 `invalid_variant`.")

    def to_internal_value(self, data):
        text = data.get("text") if isinstance(data, dict) else None
        if isinstance(text, str) and len(text.encode("utf-8")) > MAX_TEXT_BYTES:
            raise ApiError(TEXT_TOO_LARGE, f"A pasted decklist may be at most {MAX_TEXT_BYTES} bytes.")
        return super().to_internal_value(data)

    def validate(self, attrs):
        forms = [name for name in ("deck", "decklist", "text") if attrs.get(name) not in (None, "")]
        if not forms:
            raise ApiError(NO_DECK, "Send the deck to play: `deck` (an id), `decklist` (JSON) or `text`.")
        if len(forms) > 1:
            raise ApiError(AMBIGUOUS_DECK, f"Send one deck, not {' and '.join(forms)}.")
        return attrs


class ActSerializer(VersionedSerializer):
    action = serializers.CharField(max_length=200, help_text="The id of one of the game's `legal_actions`.")


class ActionSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Send this to act. Deterministic from the content: a stale id is refused.")
    kind = serializers.CharField()
    player = serializers.IntegerField()
    label = serializers.CharField(help_text="The whole decision in words.")
    args = serializers.ListField(child=serializers.JSONField())
    group = serializers.CharField(help_text="The heading the page files it under (Summon, Activate, …).")
    card = serializers.IntegerField(allow_null=True, help_text="The card number it concerns, if any.")
    card_slug = serializers.CharField(allow_null=True)
    card_name = serializers.CharField(allow_null=True)
    target = serializers.JSONField(allow_null=True, help_text="What it aims at: a card number, an edge (E1–E4) "
                                                              "or a stack item (s<n>).")
    choice = serializers.CharField(help_text="The part that differs between actions of one card (payment, …).")
    pay = serializers.DictField(child=serializers.IntegerField(), allow_null=True)


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    round = serializers.IntegerField()
    turn = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    type = serializers.CharField()
    text = serializers.CharField()


class PromptSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="mulligan, first_player, target, assign, arc_burn, discharge, cataclysm, "
                                           "priority, action, over or wait.")
    text = serializers.CharField()


class BreakdownRowSerializer(serializers.Serializer):
    card = serializers.CharField()
    name = serializers.CharField()
    zone = serializers.CharField()
    value = serializers.IntegerField()
    reason = serializers.CharField()


class ResultSerializer(serializers.Serializer):
    legacy = serializers.ListField(child=serializers.IntegerField(), help_text="Per player; projected until the end.")
    winner = serializers.IntegerField(allow_null=True)
    tiebreak = serializers.CharField(allow_null=True)
    eliminated = serializers.ListField(child=serializers.BooleanField())
    breakdown = serializers.ListField(child=BreakdownRowSerializer(many=True), help_text="Card by card, per player.")
    final = serializers.BooleanField(required=False)
    ending = serializers.ChoiceField(choices=["edges_locked", "full_circle"], allow_null=True, required=False,
                                     help_text="How the Cataclysm came, once over: the four edges locked, or the "
                                     "Pyramid deck came full circle (RULINGS 16).")
    ending_text = serializers.CharField(allow_null=True, required=False,
                                        help_text="The same in words: \"The Cataclysm has passed by the full "
                                        "circle: …\" when it did.")


class RecordSerializer(serializers.Serializer):
    deck_best = serializers.IntegerField(allow_null=True)
    your_best = serializers.IntegerField(allow_null=True)
    is_record = serializers.BooleanField()


# What names a game in every mode's answers, its replays too: its id and its board's and replay's pages. (No
# docstrings here: drf-spectacular would publish them as the description of every mode's shape built on them.)
class GamePagesSerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField()
    replay_url = serializers.CharField()


# ... and in its list and its answers while played: its API address and whether it goes on.
class GameHeadSerializer(GamePagesSerializer):
    api_url = serializers.CharField()
    status = serializers.CharField(help_text="`active` or `finished`.")


def summary_end() -> tuple[serializers.Field, ...]:
    """The fields that end every mode's game summary, in this order: rounds, bot_assisted, owner, created_at,
    updated_at, finished_at (unpack them in the class body). Fields rather than a base class: DRF puts a base class's
    fields first, and a summary's field order is its published schema's."""
    return (serializers.IntegerField(allow_null=True), serializers.BooleanField(), serializers.CharField(allow_null=True),
            serializers.DateTimeField(), serializers.DateTimeField(), serializers.DateTimeField(allow_null=True))


class DeckRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    url = serializers.CharField()


class CardEntrySerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.CharField()
    rarity = serializers.CharField(allow_null=True)
    faction = serializers.CharField(allow_null=True)
    cost = serializers.DictField(child=serializers.IntegerField())
    hp = serializers.IntegerField(allow_null=True)
    produces = serializers.CharField(allow_null=True, help_text="Energy cards: the energy one tap makes.")
    text = serializers.CharField(allow_blank=True)
    url = serializers.CharField()
    image = serializers.CharField(help_text="The card's face as a thumbnail, its address versioned by what it shows.")
    face = serializers.CharField(help_text="The card's full face, versioned as `image` is.")


class IllegalActionSerializer(ErrorSerializer):
    """`illegal_action` carries the rule, the action and the game's version; a malformed request (`invalid`) not."""

    rule = serializers.CharField(required=False, help_text="The rule that refuses it.")
    action = serializers.CharField(required=False)
    version = serializers.IntegerField(required=False)


@extend_schema_field({
    "oneOf": [
        {"type": "array", "items": {"$ref": "#/components/schemas/Problem"},
         "description": "`invalid_deck`: the validator's problems."},
        {"type": "object", "additionalProperties": {}, "description": "`invalid`: the messages of each bad field."},
    ],
})
class DeckErrorsField(serializers.JSONField):
    """The `errors` of a refused start: a deck's problems, or a malformed request's field messages."""


class InvalidDeckSerializer(ErrorSerializer):
    """`invalid_deck` lists the deck's problems, `invalid` the bad fields; `no_deck` and the like have no `errors`."""

    errors = DeckErrorsField(required=False)


class StepSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    action = serializers.CharField()
    label = serializers.CharField()
    player = serializers.IntegerField()
    kind = serializers.CharField()
    events_from = serializers.IntegerField()
    events_to = serializers.IntegerField()


class FrameSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    of = serializers.IntegerField()
    action = StepSerializer(allow_null=True, help_text="The decision that led here (none at step 0).")
    state = serializers.JSONField()
    prompt = PromptSerializer()
    result = ResultSerializer()
    digest = serializers.CharField()
    events_to = serializers.IntegerField()
