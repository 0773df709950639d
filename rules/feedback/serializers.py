"""The notes' and statistics' API shapes."""
from __future__ import annotations

from rest_framework import serializers

from decks.markdown import render_markdown


class NoteWriteSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=4000, help_text="Markdown; [[Card Name]] links a card.")
    release = serializers.SlugField(required=False, allow_blank=True, help_text="The release the note is about "
                                    "(default: the evidence game's release, else the current one).")
    game_kind = serializers.ChoiceField(choices=["live", "goldfish"], required=False, allow_blank=True,
                                        help_text="The evidence's kind: a live table or a goldfish game.")
    game_id = serializers.CharField(max_length=32, required=False, allow_blank=True,
                                    help_text="The evidence's id: your own game, or a public one.")


class NoteAddressSerializer(serializers.Serializer):
    addressed_by = serializers.SlugField(allow_null=True, help_text="The release that addresses the note (null: "
                                         "open again).")


class NoteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    card = serializers.CharField()
    release = serializers.CharField(source="release.slug")
    author = serializers.CharField(source="author.username")
    text = serializers.CharField(help_text="The Markdown as written.")
    html = serializers.SerializerMethodField(help_text="The Markdown rendered and sanitized.")
    game_kind = serializers.CharField(help_text="'live', 'goldfish' or empty (no evidence).")
    game_id = serializers.CharField()
    created_at = serializers.DateTimeField()
    addressed_by = serializers.CharField(source="addressed_by.slug", allow_null=True, default=None)

    def get_html(self, note) -> str:
        return render_markdown(note.text, self.context["catalogue"])


class RateSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.FloatField(help_text="Wins, a draw counting ½.")
    win_rate = serializers.FloatField(allow_null=True)
    interval = serializers.ListField(child=serializers.FloatField(), allow_null=True,
                                     help_text="The Wilson 95% interval of the win rate.")


class CardStatsSerializer(serializers.Serializer):
    card = serializers.CharField()
    release = serializers.CharField()
    release_name = serializers.CharField()
    tables = serializers.IntegerField(help_text="The release's finished live tables.")
    games = serializers.IntegerField(help_text="Seats whose deck ran the card.")
    overall = RateSerializer()
    drawn = RateSerializer(help_text="Games where a copy left the deck (opening hand or drawn).")
    not_drawn = RateSerializer()
    played = RateSerializer(help_text="Games where a copy reached the board, the stack or the graveyard.")
    not_played = RateSerializer()
    bias = serializers.CharField(help_text="Why these rates are not the card's effect.")
