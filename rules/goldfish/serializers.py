"""Request and response shapes of the goldfish API (one serializer per job; the payloads come from selectors)."""
from __future__ import annotations

from rest_framework import serializers

from decks.serializers import ErrorSerializer
from rules.goldfish.services import BOTS, MAX_SIMULATED_GAMES, UNTIL
from rules.models import Seating
from rules.play.decks import MAX_SEED
from rules.play.serializers import (
    ActionSerializer,
    CardEntrySerializer,
    DeckRefSerializer,
    EventSerializer,
    GameHeadSerializer,
    GamePagesSerializer,
    PromptSerializer,
    RecordSerializer,
    ResultSerializer,
    StepSerializer,
    VersionedSerializer,
    summary_end,
)

# --- requests ------------------------------------------------------------------------------------------------------


class BotSerializer(VersionedSerializer):
    bot = serializers.ChoiceField(choices=BOTS, default="greedy")
    until = serializers.ChoiceField(choices=UNTIL, default="turn",
                                    help_text="`turn`: the rest of this turn; `end`: until the Cataclysm.")


class SimulateSerializer(serializers.Serializer):
    games = serializers.IntegerField(min_value=1, max_value=MAX_SIMULATED_GAMES, default=100)
    bot = serializers.ChoiceField(choices=BOTS, default="greedy")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_SEED)
    seating = serializers.ChoiceField(choices=Seating.choices, default=Seating.SIDE_BY_SIDE)


# --- responses -----------------------------------------------------------------------------------------------------


class GameSummarySerializer(GameHeadSerializer):
    version = serializers.IntegerField(help_text="Saved decisions; send it back to detect a conflict.")
    moves = serializers.IntegerField()
    seed = serializers.IntegerField()
    seating = serializers.CharField()
    variants = serializers.ListField(child=serializers.CharField(), help_text="Rule variants switched on, by slug.")
    deck = DeckRefSerializer(allow_null=True)
    deck_name = serializers.CharField(allow_blank=True)
    hero = serializers.CharField()
    legacy = serializers.IntegerField(allow_null=True)
    rounds, bot_assisted, owner, created_at, updated_at, finished_at = summary_end()


class VariantSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()


class GameSerializer(GameSummarySerializer):
    variants = VariantSerializer(many=True, help_text="Rule variants switched on; empty: the printed rules.")
    engine_version = serializers.CharField()
    outdated = serializers.BooleanField(help_text="The card data changed since the game started.")
    release = serializers.CharField(allow_null=True, help_text="The slug of the release of the cards the game is "
                                    "played and replayed under (GET /api/releases/); null: played before releases.")
    can_act = serializers.BooleanField(help_text="This client started the game and it is not over.")
    is_owner = serializers.BooleanField()
    digest = serializers.CharField(help_text="Hash of the engine state: equal digests, equal games.")
    state = serializers.JSONField(help_text="The board: the engine's view() (heroes, people, scenes, batteries, "
                                            "energy, pool, hand, counts, the Pyramid's edges, the stack, pending).")
    prompt = PromptSerializer()
    legal_actions = ActionSerializer(many=True, help_text="Empty unless `can_act`.")
    log = EventSerializer(many=True)
    log_count = serializers.IntegerField()
    result = ResultSerializer()
    record = RecordSerializer(allow_null=True, help_text="High-score standing, once a deck's game is finished.")
    cards = serializers.DictField(child=CardEntrySerializer(), required=False,
                                  help_text="Every card of the game by slug (on start and GET).")


class ConflictSerializer(ErrorSerializer):
    game = GameSerializer(help_text="The game as it is now.")


class ReplaySerializer(GamePagesSerializer):
    status = serializers.CharField()
    deck = DeckRefSerializer(allow_null=True)
    legacy = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    engine_version = serializers.CharField()
    data_hash = serializers.CharField()
    seed = serializers.IntegerField()
    seating = serializers.CharField()
    decks = serializers.ListField(child=serializers.JSONField(), help_text="[{hero, cards}, null]: the record.")
    actions = serializers.ListField(child=serializers.CharField())
    steps = StepSerializer(many=True)
    events = EventSerializer(many=True)
    digest = serializers.CharField(help_text="Digest of the replayed final state (equals the game's).")
    cards = serializers.DictField(child=CardEntrySerializer())


class ChartBarSerializer(serializers.Serializer):
    x = serializers.FloatField()
    y = serializers.FloatField()
    width = serializers.FloatField()
    height = serializers.FloatField()
    label = serializers.CharField()
    count = serializers.IntegerField()
    label_x = serializers.FloatField()
    count_y = serializers.FloatField()
    show_label = serializers.BooleanField(help_text="Whether the axis shows this bar's label (they never overlap).")


class ChartSerializer(serializers.Serializer):
    title = serializers.CharField()
    width = serializers.IntegerField()
    height = serializers.IntegerField()
    axis_y = serializers.FloatField()
    bars = ChartBarSerializer(many=True)


class SimulationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deck = serializers.CharField()
    deck_version = serializers.IntegerField(allow_null=True)
    bot = serializers.CharField()
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    stats = serializers.JSONField(help_text="The engine's statistics: legacy and rounds distributions "
                                            "(percentiles, histogram), means, best and worst game.")
    charts = ChartSerializer(many=True, help_text="Bar geometry for the Legacy and rounds histograms.")


class HighScoreSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    id = serializers.CharField()
    legacy = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    seed = serializers.IntegerField()
    seating = serializers.CharField()
    player = serializers.CharField(allow_null=True)
    bot_assisted = serializers.BooleanField()
    finished_at = serializers.DateTimeField()
    replay_url = serializers.CharField()

