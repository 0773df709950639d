"""Request and response shapes of the versus API (games against the computer); the payloads come from
`rules.versus.selectors`. They reuse the shared shapes (`rules.play.serializers`) wherever a versus game is a
goldfish game."""
from __future__ import annotations

from rest_framework import serializers

from rules.models import Difficulty
from rules.play import serializers as gs
from rules.versus.services import SEATS, UNTIL


class ComputerSerializer(serializers.Serializer):
    """One computer player at a table of three or four: its deck and its level."""

    opponent = serializers.CharField(max_length=64, help_text="The id of the deck this computer plays.")
    difficulty = serializers.CharField(max_length=20, default=Difficulty.NORMAL,
                                       help_text="Its level (an unknown one is a 400 `bad_difficulty`).")


class VersusStartSerializer(gs.StartSerializer):
    """The visitor's deck (`deck`, `decklist` or `text`), the computer's (`opponent`), difficulty, seat, seating;
    or one to three `computers`, each with its deck and level, and `teams`."""

    opponent = serializers.CharField(max_length=64, required=False, help_text="The id of the deck the computer "
                                     "plays: any legal deck you can open, e.g. a starter (starter-dr-veylan). "
                                     "Required unless `computers` is given.")
    computers = ComputerSerializer(many=True, required=False, help_text="A game of three or four (issue 34): one "
                                   "to three computer players, each with its deck and level, seated clockwise after "
                                   "you; replaces `opponent` and `difficulty`. Four or more is a 400 "
                                   "`too_many_players`.")
    teams = serializers.BooleanField(default=False, help_text="Two against two: you and the computer across the "
                                     "table (the second of three `computers`) against the other two; any other "
                                     "number of players is a 400 `bad_teams`.")
    difficulty = serializers.ChoiceField(choices=Difficulty.choices, default=Difficulty.NORMAL)
    rated = serializers.BooleanField(default=False, help_text="A rated game (issue 35): the result moves your rating "
                                     "and each computer level's. Needs an account (else a 400 `rated_needs_account`) "
                                     "and a random seed (with `seed`, a 400 `rated_with_seed`); no bot may decide for "
                                     "you in it (400 `rated_game`). Casual when left out.")
    seat = serializers.ChoiceField(choices=list(SEATS), default="first",
                                   help_text="Your seat: `first` (Player 1) or `second` (Player 2). Who goes first "
                                             "is the coin toss's winner's choice, as the rulebook says.")


class VersusBotSerializer(gs.VersionedSerializer):
    until = serializers.ChoiceField(choices=UNTIL, default="turn",
                                    help_text="A bot decides for you: `turn`, the rest of this turn; `end`, until the "
                                              "Cataclysm (a long game may need a few requests: `cpu_to_move` or an "
                                              "unfinished game says so).")


class CpuMoveSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="1-based index of the decision in the game's action log.")
    player = serializers.IntegerField()
    action = serializers.CharField()
    label = serializers.CharField(help_text="The decision in words (only what the rules make public).")
    reason = serializers.CharField(allow_blank=True, help_text="Why the computer chose it, e.g. "
                                                               "\"LETHAL: Strike 3 at your Hero\".")
    events_from = serializers.IntegerField()
    events_to = serializers.IntegerField()


class VersusSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    who = serializers.CharField(help_text="\"You\", or the computer and its level: \"Computer 2 (hard)\".")
    hero = serializers.CharField()
    hero_name = serializers.CharField()
    deck_name = serializers.CharField(allow_blank=True)
    difficulty = serializers.CharField(allow_null=True)
    team = serializers.IntegerField(allow_null=True, help_text="0 or 1 in a team game, else null.")
    partner = serializers.BooleanField(help_text="Your partner in a team game.")


class VersusComputerSerializer(serializers.Serializer):
    """One computer of the game, as `computers` of POST /api/versus/ takes it back (its deck's id and `level`)."""

    seat = serializers.IntegerField()
    level = serializers.CharField(help_text="Its level, as `difficulty` takes it (`hard`).")
    deck = gs.DeckRefSerializer(allow_null=True, help_text="The deck it plays; null if the deck was deleted since.")
    deck_name = serializers.CharField(allow_blank=True, help_text="The deck's name when the game started.")
    hero = serializers.CharField(help_text="Its Hero's slug.")
    legacy = serializers.IntegerField(allow_null=True, help_text="Its Legacy once the game is over.")


class VersusSummarySerializer(gs.GameHeadSerializer):
    version = serializers.IntegerField(help_text="Saved writes; send it back to detect a conflict.")
    moves = serializers.IntegerField()
    seed = serializers.IntegerField(allow_null=True, help_text="Withheld until the game is over (with the decklists "
                                                               "it would give away every shuffle).")
    seating = serializers.CharField()
    variants = serializers.ListField(child=serializers.CharField(), help_text="Rule variants switched on, by slug.")
    seat = serializers.IntegerField(help_text="Your seat: 0 (Player 1) or 1 (Player 2).")
    difficulty = serializers.CharField()
    deck = gs.DeckRefSerializer(allow_null=True)
    deck_name = serializers.CharField(allow_blank=True)
    hero = serializers.CharField()
    opponent = gs.DeckRefSerializer(allow_null=True, help_text="The computer's deck.")
    opponent_name = serializers.CharField(allow_blank=True)
    opponent_hero = serializers.CharField()
    outcome = serializers.CharField(allow_null=True, help_text="`win`, `loss` or `draw` for you, once finished.")
    winner = serializers.IntegerField(allow_null=True)
    legacy = serializers.IntegerField(allow_null=True)
    opponent_legacy = serializers.IntegerField(allow_null=True)
    computers = VersusComputerSerializer(many=True, help_text="Every computer in seat order, one to three (issue "
                                         "34); the `opponent`, `difficulty` and `opponent_legacy` fields name the "
                                         "first alone.")
    rounds, bot_assisted, owner, created_at, updated_at, finished_at = gs.summary_end()
    rated = serializers.BooleanField(help_text="A rated game: its result moves the ratings (issue 35).")
    rating_counted = serializers.BooleanField(help_text="The finished rated game went into the ratings (once).")


class VersusGameSerializer(VersusSummarySerializer):
    engine_version = serializers.CharField()
    outdated = serializers.BooleanField()
    release = serializers.CharField(allow_null=True, help_text="The slug of the release of the cards the game is "
                                    "played and replayed under (GET /api/releases/); null: played before releases.")
    can_act = serializers.BooleanField(help_text="You started the game, it goes on, and the decision is yours.")
    is_owner = serializers.BooleanField()
    cpu_seat = serializers.IntegerField(help_text="The (first) computer's seat.")
    cpu_seats = serializers.ListField(child=serializers.IntegerField(), help_text="Every computer's seat.")
    seats = VersusSeatSerializer(many=True, help_text="Every seat in words, in seat order.")
    teams = serializers.BooleanField(help_text="Two against two (partners in diagonal seats).")
    cpu_to_move = serializers.BooleanField(help_text="The computer stopped at the request's cap: POST …/continue/.")
    digest = serializers.CharField(help_text="Hash of what you are shown (of the whole state once finished).")
    state = serializers.JSONField(help_text="The engine's view(viewer=your seat): the computer's hand is only "
                                            "`hand_count`; the whole board once the game is over.")
    prompt = gs.PromptSerializer()
    legal_actions = gs.ActionSerializer(many=True, help_text="Empty unless `can_act`.")
    log = gs.EventSerializer(many=True)
    log_count = serializers.IntegerField()
    cpu_moves = CpuMoveSerializer(many=True, help_text="The computer's decisions with their reasons (from "
                                                       "`log_from`).")
    result = gs.ResultSerializer()
    record = gs.RecordSerializer(allow_null=True)
    cards = serializers.DictField(child=gs.CardEntrySerializer(), help_text="Your cards and the public ones.")


class VersusConflictSerializer(gs.ErrorSerializer):
    game = VersusGameSerializer(help_text="The game as it is now.")


class VersusReplaySerializer(gs.GamePagesSerializer):
    status = serializers.CharField()
    seat = serializers.IntegerField()
    difficulty = serializers.CharField()
    deck = gs.DeckRefSerializer(allow_null=True)
    opponent = gs.DeckRefSerializer(allow_null=True)
    outcome = serializers.CharField(allow_null=True)
    legacy = serializers.IntegerField(allow_null=True)
    opponent_legacy = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    engine_version = serializers.CharField()
    data_hash = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    seating = serializers.CharField()
    decks = serializers.ListField(child=serializers.JSONField(), help_text="The record's decks in seat order; the "
                                  "computer's card list is withheld (null) until the game is over.")
    actions = serializers.ListField(child=serializers.CharField())
    steps = gs.StepSerializer(many=True)
    cpu_moves = CpuMoveSerializer(many=True)
    seats = VersusSeatSerializer(many=True)
    events = gs.EventSerializer(many=True)
    digest = serializers.CharField()
    cards = serializers.DictField(child=gs.CardEntrySerializer())


class LevelSerializer(serializers.Serializer):
    """A level of the computer on offer, with its rating from rated games against people (issue 35)."""

    level = serializers.CharField(help_text="The level's name, as `difficulty` takes it (`hard`).")
    label = serializers.CharField()
    says = serializers.CharField(help_text="What the level is, in words.")
    rating = serializers.FloatField(allow_null=True, help_text="OpenSkill ordinal (mu - 3 sigma); null: not yet "
                                    "rated.")
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Rated games played (a seat is a game).")
    rated = serializers.CharField(help_text="The rating in words, as the level menu says it: \"rated 24.1 over 37 "
                                  "games\", or \"not yet rated\".")
