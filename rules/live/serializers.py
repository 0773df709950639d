"""Request and response shapes of the live tables API (`rules.live.api`); the payloads come from
`rules.live.selectors` and share the versus game's shape (`state`, `legal_actions`, `log`, `prompt`, `cards`)."""
from __future__ import annotations

from rest_framework import serializers

from decks.serializers import StrictCharField
from rules.live.clock import DEFAULT_GRACE, GRACE_RANGE, MAX_CLOCK_MINUTES, MAX_INCREMENT
from rules.live.tables import SEATS
from rules.play.computers import CPU_BOTS
from rules.play.serializers import (
    ActionSerializer,
    ActSerializer,
    CardEntrySerializer,
    EventSerializer,
    PromptSerializer,
    StartSerializer,
    StepSerializer,
)


class StrictBooleanField(serializers.BooleanField):
    """true or false only: not 0, 1, "yes" or "on" (a form's spellings have no place in a JSON API)."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class TableOpenSerializer(StartSerializer):
    """My deck (`deck`, `decklist` or `text`), my seat, seating, variants, seed, the clock and whether it is listed."""

    seat = serializers.ChoiceField(choices=list(SEATS), default="first",
                                   help_text="Your seat: `first` (Player 1), `second` (Player 2) or `random`. Who "
                                             "goes first is decided by the rules' set-up (the coin toss's winner).")
    clock_minutes = serializers.IntegerField(required=False, allow_null=True, min_value=0,
                                             max_value=MAX_CLOCK_MINUTES,
                                             help_text="Minutes on each player's clock; none or 0: no clock.")
    increment = serializers.IntegerField(required=False, default=0, min_value=0, max_value=MAX_INCREMENT,
                                         help_text="Seconds added to a clock after each of its player's decisions.")
    grace_seconds = serializers.IntegerField(required=False, default=DEFAULT_GRACE, min_value=GRACE_RANGE[0],
                                             max_value=GRACE_RANGE[1],
                                             help_text="How long the player to decide may be away before "
                                                       "forfeiting.")
    listed = StrictBooleanField(required=False, default=True,
                                      help_text="Listed on /play/ for anyone to join or watch; false: invite link "
                                                "only.")
    players = serializers.IntegerField(required=False, default=2,
                                       help_text="Seats at the table: 2 (the printed game), 3 or 4 (the game starts "
                                                 "when every seat is taken; another number: `bad_players`).")
    teams = StrictBooleanField(required=False, default=False,
                               help_text="With four players: two against two, partners in diagonal seats (Players 1 "
                                         "and 3 against 2 and 4); with fewer: `bad_teams`.")


class TableJoinSerializer(StartSerializer):
    invite = serializers.CharField(required=False, allow_blank=True, max_length=64,
                                   help_text="The invite token (from the invite link): needed at an unlisted table.")


class TableActSerializer(ActSerializer):
    # A decision at a table: the goldfish and versus games' request (`action`, `version`, `log_from`), named apart
    # so that the schema keeps a `TableAct` request.
    pass


class ComputerSeatSerializer(serializers.Serializer):
    """The computer the host seats: where, at what level, with which deck."""

    seat = serializers.IntegerField(min_value=0, max_value=3,
                                    help_text="The empty seat: 0 (Player 1) to players - 1 (a seat the table does "
                                              "not have: `bad_seat`; a taken one: 409 `seat_taken`).")
    level = serializers.ChoiceField(choices=CPU_BOTS, help_text="The computer's level.")
    deck = serializers.CharField(required=False, allow_blank=True, max_length=64,
                                 help_text="The id of the deck it plays (a starter, or a deck you may open); left "
                                           "out: a starter deck of a faction no seat plays yet, drawn from the "
                                           "table's seed.")
    version = serializers.IntegerField(required=False, min_value=0)


class TableVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False, min_value=0)


class ChatSerializer(serializers.Serializer):
    text = StrictCharField(max_length=300, trim_whitespace=False,
                           help_text="One line (Markdown as in comments; `[[Card]]` links).")


class MuteSerializer(serializers.Serializer):
    muted = StrictBooleanField(help_text="Hide (true) or show again (false) the others' chat: your opponent's and "
                                         "the spectators' lines.")


class TableCreatedSerializer(serializers.Serializer):
    id = serializers.CharField()
    invite_url = serializers.CharField(help_text="Send it to your opponent: opening it lets them sit down.")
    seat = serializers.IntegerField(help_text="Your seat: 0 (Player 1) or 1 (Player 2).")
    status = serializers.CharField()
    url = serializers.CharField()
    api_url = serializers.CharField()
    ws_url = serializers.CharField()


class ClockSerializer(serializers.Serializer):
    seconds = serializers.IntegerField()
    increment = serializers.IntegerField()
    remaining = serializers.ListField(child=serializers.FloatField(), help_text="Seconds left per seat, now.")
    running = serializers.IntegerField(allow_null=True, help_text="The seat whose clock runs.")


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True, help_text="The account's name, \"Guest\", or \"Computer (hard)\"; "
                                 "null: an empty seat.")
    computer = serializers.CharField(allow_null=True, help_text="The level of the computer in this seat (`hard`); "
                                     "null: a person, or nobody yet.")
    hero = serializers.CharField(allow_null=True)
    deck_name = serializers.CharField(allow_null=True)
    away_seconds = serializers.IntegerField(allow_null=True)


class TableSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField()
    api_url = serializers.CharField()
    ws_url = serializers.CharField()
    status = serializers.CharField(help_text="`open` (waiting for a player), `live` or `finished`.")
    listed = serializers.BooleanField()
    version = serializers.IntegerField(help_text="Writes saved so far: send it back with a decision.")
    moves = serializers.IntegerField()
    seating = serializers.CharField()
    variants = serializers.ListField(child=serializers.CharField())
    players = SeatSerializer(many=True)
    clock = ClockSerializer(allow_null=True)
    grace_seconds = serializers.IntegerField()
    seats = serializers.IntegerField(help_text="Seats at the table: 2, 3 or 4.")
    seated = serializers.IntegerField(help_text="Seats taken (the lobby's \"2 of 4 seated\").")
    teams = serializers.BooleanField(help_text="Two against two: Players 1 and 3 against 2 and 4.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class ChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="The author: 0 or 1, a player; 2, a signed-in spectator. At a table of "
                                    "three or four: 0 to 3 a player, the number of players a spectator.")
    text = serializers.CharField()
    html = serializers.CharField(help_text="Sanitized Markdown.")
    at = serializers.DateTimeField()


class TableSerializer(TableSummarySerializer):
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat; null for a spectator.")
    is_player = serializers.BooleanField()
    invite_url = serializers.CharField(allow_null=True, help_text="Only for the players.")
    seed = serializers.IntegerField(allow_null=True, help_text="Withheld until the game is over, and after it unless "
                                                               "both decks are shown to you.")
    variant_rows = serializers.ListField(child=serializers.DictField())
    release = serializers.CharField(allow_null=True, help_text="The slug of the release of the cards the game is "
                                    "played and replayed under (GET /api/releases/); null: played before releases.")
    draw_offer = serializers.IntegerField(allow_null=True, help_text="The seat offering a draw.")
    winner = serializers.IntegerField(allow_null=True)
    end = serializers.CharField(allow_null=True, help_text="`cataclysm`, `resigned`, `draw_agreed`, `timeout` or "
                                                           "`abandoned`, once finished.")
    legacy = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    rated = serializers.BooleanField()
    decks = serializers.ListField(child=serializers.JSONField(), allow_null=True,
                                  help_text="Both decklists once the game is over; null for a seat whose deck is "
                                            "hidden from you (a private or pasted deck not yours).")
    muted = serializers.BooleanField()
    draw_seats = serializers.ListField(child=serializers.IntegerField(), help_text="The seats agreeing to the draw "
                                       "on offer: it is agreed once every player still playing is among them.")
    resigned = serializers.ListField(child=serializers.IntegerField(), help_text="Seats that resigned, in order (at "
                                     "three or four their boards stay and their decisions pass by themselves).")
    winners = serializers.ListField(child=serializers.IntegerField(), help_text="Every winning seat (a team's two); "
                                    "empty while playing and for a draw.")
    places = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                   help_text="Each seat's place once over (1: first; equal places tie).")
    rematch = serializers.JSONField(allow_null=True)
    replay_url = serializers.CharField(allow_null=True, help_text="Step through the game, once it is over.")
    chat = ChatLineSerializer(many=True, allow_null=True, help_text="The last lines you see (null in a socket's "
                              "updates after the first: new lines come as `chat` messages).")
    is_owner = serializers.BooleanField(help_text="The same as `is_player` (the versus board's name for it).")
    is_host = serializers.BooleanField(help_text="You opened the table: you may seat a computer in an empty seat "
                                       "(`POST …/computer/`) and take it out until the game starts.")
    state = serializers.JSONField(allow_null=True, help_text="view(viewer=your seat): the other hand only as "
                                  "`hand_count`; for spectators no hand at all; the whole board once over.")
    can_act = serializers.BooleanField()
    legal_actions = ActionSerializer(many=True, help_text="Only for the player who must decide.")
    log = EventSerializer(many=True, help_text="The events from `log_from` on.")
    log_from = serializers.IntegerField(help_text="The first event's sequence number (a socket sends only new ones).")
    log_count = serializers.IntegerField()
    result = serializers.JSONField(allow_null=True)
    digest = serializers.CharField(allow_null=True)
    prompt = PromptSerializer()
    cards = serializers.DictField(child=CardEntrySerializer(), allow_null=True,
                                  help_text="The cards you may see; null in a socket's update when it shows no new "
                                            "card (keep the last map).")


class TableConflictSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    table = TableSerializer(required=False, help_text="The table as it is now (not with `table_taken`).")


class RatingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField(help_text="The account's name, or a computer level: \"Computer (hard)\".")
    computer = serializers.BooleanField(help_text="A computer level, rated from rated games against people.")
    level = serializers.CharField(allow_null=True, help_text="The computer's level (`hard`); null for a person.")
    rating = serializers.FloatField(help_text="OpenSkill ordinal: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    games = serializers.IntegerField()


class EmptySerializer(serializers.Serializer):
    """No fields."""


class TableReplaySerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField()
    api_url = serializers.CharField()
    ws_url = serializers.CharField()
    replay_url = serializers.CharField()
    status = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    end = serializers.CharField()
    legacy = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    engine_version = serializers.CharField()
    data_hash = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True, help_text="Only when both decks are shown to you (null else).")
    seating = serializers.CharField()
    decks = serializers.ListField(child=serializers.JSONField(), help_text="Both decklists, in seat order; null "
                                  "for a seat whose deck is hidden from you (a private or pasted deck not yours).")
    actions = serializers.ListField(child=serializers.CharField())
    steps = StepSerializer(many=True)
    cpu_moves = serializers.ListField(child=serializers.DictField(), help_text="Always empty: every decision, a computer's "
                                      "too, is one of the `steps`.")
    events = EventSerializer(many=True)
    digest = serializers.CharField()
    cards = serializers.DictField(child=CardEntrySerializer())

