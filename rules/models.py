"""The rules app's tables, in this order (the features' apps hold no model yet: ARCHITECTURE.md):

- played games: `PlayedGame` (abstract: what they share), `GoldfishGame` (one deck against the empty opponent) and
  `VersusGame` (a deck against the computer);
- the lab: `Simulation` (a study) and its `SimulationChunk`s, and `BalanceReport` (a permanent, shareable report
  read from studies);
- live tables: `Table` (a game between two people), `TableMessage` (a line of its chat) and `PlayerRating` (the
  record and rating of a player, or of a computer level: issue 35; in `rules/rating_models.py`, imported here).

Goldfish games: one deck played under the full rules against the empty opponent, saved after every decision.
The action log (`actions`) is the game: replaying it from the seed rebuilds every state. `state` keeps the engine's
`to_json()` of a recent state (saved every few decisions, and at the end) so a request need not replay from scratch:
the decisions logged after it are applied to it. `version` counts saved decisions; writes go through
`rules.play.store`, which update a row only `WHERE version = <the version it read>`, so two requests acting at once
can never both win (or corrupt the game), on any number of app servers.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

from rules.engine.cpu import level_labels
from rules.rating_models import PlayerRating  # noqa: F401  (a model of this app: its own module, issue 35)

GAME_ID_BYTES = 9  # 12 URL-safe characters: a shared link is the only key to someone else's game


def new_game_id() -> str:
    """Return a random, URL-safe game id."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


class Status(models.TextChoices):
    ACTIVE = "active", "In progress"
    FINISHED = "finished", "Finished — the Cataclysm came"


class Seating(models.TextChoices):
    SIDE_BY_SIDE = "side-by-side", "Side by side (one shared edge, one dead edge)"
    DIAGONAL = "diagonal", "Diagonal (no dead edge)"


class TableSeating(models.TextChoices):
    """Every seating a game may be played in, the tables of three and four too (rules/RULINGS.md 41): what a stored
    game or table records and its pages name in words. (`Seating` is the two-player choice the forms offer.)"""
    SIDE_BY_SIDE = Seating.SIDE_BY_SIDE.value, Seating.SIDE_BY_SIDE.label
    DIAGONAL = Seating.DIAGONAL.value, Seating.DIAGONAL.label
    THREE_PLAYERS = "three-players", "Three players (S4 empty)"
    FOUR_PLAYERS = "four-players", "Four players, each for themselves"
    TWO_AGAINST_TWO = "two-against-two", "Two against two (partners in diagonal seats)"


class GoldfishGameQuerySet(models.QuerySet):
    def finished(self):
        """Return the games that reached the Cataclysm."""
        return self.filter(status=Status.FINISHED)

    def of_player(self, user, session_key: str | None):
        """Return the games this visitor may act in: their account's, or this browser session's anonymous ones."""
        mine = Q(pk__in=[])
        if getattr(user, "is_authenticated", False):
            mine |= Q(owner=user)
        if session_key:
            mine |= Q(owner__isnull=True, session_key=session_key)
        return self.filter(mine)

    def best_first(self):
        """Order by Legacy (highest first), then fewest rounds, then earliest."""
        return self.order_by("-legacy", "rounds", "finished_at", "pk")


class PlayedGame(models.Model):
    """What every stored game of a visitor's deck has, goldfish or versus: its random id, the rules it is played
    under, its progress and its times, the queries on them, and the record `rules.engine.replay` rebuilds it from.

    The fields both modes declare alike are declared here once. Those whose related name or help text differ between
    the two stay on each model (owner, deck, the log, the snapshot, the result…), as their migrations record them.
    """

    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    deck_name = models.CharField(max_length=100, blank=True)
    seating = models.CharField(max_length=20, choices=TableSeating.choices, default=Seating.SIDE_BY_SIDE)
    variants = models.JSONField(default=list, blank=True, help_text="Rule variants switched on, by slug "
                                "(decks/data/variants.yaml); empty: the rulebook as printed, with the rulings.")
    engine_version = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    ending = models.CharField(max_length=12, blank=True, help_text="How the Cataclysm came, once finished: "
                              "edges_locked, or full_circle (RULINGS 16; rules/engine/health.py).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GoldfishGameQuerySet.as_manager()  # finished, of_player, best_first

    class Meta:
        abstract = True
        ordering = ["-updated_at"]

    @property
    def is_finished(self) -> bool:
        return self.status == Status.FINISHED

    def record_decks(self) -> list:
        """The decks in seat order, as the record holds them (None: the empty opponent's chair)."""
        raise NotImplementedError

    def record(self) -> dict:
        """Return what `rules.engine.replay` needs to rebuild this game."""
        return {
            "engine_version": self.engine_version,
            "data_hash": self.data_hash,
            "decks": self.record_decks(),
            "seating": self.seating,
            "seed": self.seed,
            "variants": list(self.variants),
            "actions": list(self.actions),
        }


class GoldfishGame(PlayedGame):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="goldfish_games",
        help_text="Empty for a game played without an account: then `session_key` says whose it is.",
    )
    session_key = models.CharField(
        max_length=64, blank=True, db_index=True,
        help_text="The anonymous player's token, kept in their session (it survives logging in).",
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="goldfish_games",
        help_text="The deck played, when it was a saved deck (a pasted list has none).",
    )
    deck_version = models.PositiveIntegerField(null=True, blank=True, help_text="The deck's version when played.")
    hero = models.CharField(max_length=100, help_text="Hero slug of the decklist played.")
    cards = models.JSONField(default=list, help_text="The decklist played: one card slug per copy, in engine order.")
    seed = models.BigIntegerField(help_text="Shuffles and every other random choice follow from it.")
    data_hash = models.CharField(max_length=64, help_text="The card data the game was started with.")
    actions = models.JSONField(default=list, help_text="Every decision made, as engine action ids, in order.")
    state = models.JSONField(default=dict, help_text="The engine's to_json() of a recent state (a snapshot: the log "
                             "after it is applied to it).")
    version = models.PositiveIntegerField(default=0, help_text="Decisions saved so far; a stale write is refused.")
    bot_assisted = models.BooleanField(default=False, help_text="A bot made some of the decisions.")
    legacy = models.IntegerField(null=True, blank=True, help_text="The deck's Legacy after the Cataclysm.")
    rounds = models.PositiveIntegerField(null=True, blank=True, help_text="Rounds played until the Cataclysm.")

    class Meta(PlayedGame.Meta):
        indexes = [
            models.Index(fields=["deck", "status", "-legacy"], name="goldfish_deck_scores"),
            models.Index(fields=["owner", "-updated_at"], name="goldfish_owner_recent"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=[s.value for s in Status]), name="goldfish_status_known"),
            models.CheckConstraint(
                condition=Q(status="active", legacy__isnull=True) | Q(status="finished", legacy__isnull=False),
                name="goldfish_legacy_when_finished",
            ),
        ]

    def __str__(self):
        return f"Goldfish {self.pk} ({self.deck_name or self.hero})"

    def get_absolute_url(self):
        return reverse("goldfish:board", args=[self.pk])

    def record_decks(self) -> list:
        return [{"hero": self.hero, "cards": list(self.cards)}, None]


# The computer's difficulty levels, from their one registry (rules/engine/cpu.yaml): EASY, NORMAL, HARD, QUICK, EXPERT.
Difficulty = models.TextChoices("Difficulty", [(name.upper(), (name, label)) for name, label in level_labels()])


class Outcome(models.TextChoices):
    WIN = "win", "Won"
    LOSS = "loss", "Lost"
    DRAW = "draw", "Draw"


class VersusGame(PlayedGame):
    """A two-player game: the visitor's deck in one seat, a CPU of some difficulty with another deck in the other.

    Stored like a goldfish game (the action log is the game; `state` a snapshot; `version` the optimistic lock), plus
    the CPU's deck, its difficulty, which seat the visitor took, the CPU's moves with their reasons, and the result.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="versus_games",
        help_text="Empty for a game played without an account: then `session_key` says whose it is.",
    )
    session_key = models.CharField(max_length=64, blank=True, db_index=True)
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="versus_games", help_text="The visitor's deck, when a saved one.")
    deck_version = models.PositiveIntegerField(null=True, blank=True)
    hero = models.CharField(max_length=100, help_text="Hero slug of the visitor's decklist.")
    cards = models.JSONField(default=list, help_text="The visitor's decklist: one card slug per copy, engine order.")
    opponent = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="versus_opponent_games", help_text="The deck the CPU plays.")
    opponent_version = models.PositiveIntegerField(null=True, blank=True)
    opponent_name = models.CharField(max_length=100, blank=True)
    opponent_hero = models.CharField(max_length=100)
    opponent_cards = models.JSONField(default=list, help_text="The CPU's decklist (secret order: the seed shuffles).")
    difficulty = models.CharField(max_length=10, choices=Difficulty.choices, default=Difficulty.NORMAL)
    seat = models.PositiveSmallIntegerField(default=0, help_text="The visitor's seat: 0 (Player 1) or 1 (Player 2).")
    seed = models.BigIntegerField(help_text="Shuffles, the coin toss and the CPU's choices follow from it.")
    data_hash = models.CharField(max_length=64)
    actions = models.JSONField(default=list, help_text="Every decision made (both seats), as engine action ids.")
    cpu_moves = models.JSONField(default=list, help_text="The CPU's decisions: {step, player, action, label, reason, "
                                 "events_from, events_to} (step: 1-based index into `actions`).")
    state = models.JSONField(default=dict, help_text="A snapshot of the engine state (the log after it is applied).")
    version = models.PositiveIntegerField(default=0, help_text="Writes saved so far; a stale write is refused.")
    bot_assisted = models.BooleanField(default=False, help_text="A bot made some of the visitor's decisions.")
    rated = models.BooleanField(default=False, help_text="A rated game (issue 35): the result moves the ratings.")
    rating_counted = models.BooleanField(default=False, help_text="The result went into the ratings (set once).")
    outcome = models.CharField(max_length=4, choices=Outcome.choices, blank=True,
                               help_text="For the visitor, once finished.")
    winner = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The winning seat (none: a draw).")
    legacy = models.IntegerField(null=True, blank=True, help_text="The visitor's Legacy after the Cataclysm.")
    opponent_legacy = models.IntegerField(null=True, blank=True, help_text="The CPU's Legacy after the Cataclysm.")
    rounds = models.PositiveIntegerField(null=True, blank=True)
    computers = models.JSONField(default=list, blank=True, help_text="A game of three or four: every computer "
                                 "player in seat order, {seat, deck, deck_version, name, hero, cards, difficulty} (the "
                                 "first also in the opponent fields); empty in a game of two (issue 34).")

    class Meta(PlayedGame.Meta):
        indexes = [
            models.Index(fields=["deck", "status", "difficulty"], name="versus_deck_record"),
            models.Index(fields=["owner", "-updated_at"], name="versus_owner_recent"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=[s.value for s in Status]), name="versus_status_known"),
            models.CheckConstraint(condition=Q(seat__in=[0, 1]), name="versus_seat_known"),
            models.CheckConstraint(
                condition=Q(status="active", outcome="", legacy__isnull=True)
                | Q(status="finished", legacy__isnull=False) & ~Q(outcome=""),
                name="versus_result_when_finished",
            ),
        ]

    def __str__(self):
        return f"Versus {self.pk} ({self.deck_name or self.hero} vs CPU {self.difficulty})"

    def get_absolute_url(self):
        return reverse("versus:board", args=[self.pk])

    @property
    def cpu_seat(self) -> int:
        """The (first) computer's seat."""
        return self.computers[0]["seat"] if self.computers else 1 - self.seat

    @property
    def cpu_seats(self) -> list[int]:
        return [c["seat"] for c in self.computers] if self.computers else [1 - self.seat]

    def level_of(self, seat: int) -> str:
        """The difficulty of the computer in `seat`."""
        return next((c["difficulty"] for c in self.computers if c["seat"] == seat), self.difficulty)

    def record_decks(self) -> list:
        """Every deck, in seat order."""
        mine = {"hero": self.hero, "cards": list(self.cards)}
        if self.computers:
            decks = {c["seat"]: {"hero": c["hero"], "cards": list(c["cards"])} for c in self.computers}
            return [mine if s == self.seat else decks[s] for s in range(len(self.computers) + 1)]
        cpu = {"hero": self.opponent_hero, "cards": list(self.opponent_cards)}
        return [mine, cpu] if self.seat == 0 else [cpu, mine]


class SimulationStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


class Simulation(models.Model):
    """A designers' study (`/lab/`): many seeded games split into chunks that workers play (rules/lab/services.py).

    `study` is the engine's description of it (rules/engine/lab.py: kind, decks, players, seed, games, variants);
    the chunks keep each finished chunk's tally, so a worker lost mid-study loses only the chunk it was playing.
    """

    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="simulations", help_text="Empty for an anonymous study: see session_key.")
    session_key = models.CharField(max_length=64, blank=True, db_index=True)
    is_public = models.BooleanField(default=False, help_text="Anyone with the link may read a public study.")
    kind = models.CharField(max_length=20)   # card_impact is 11 characters
    title = models.CharField(max_length=200, blank=True)
    study = models.JSONField(help_text="What the engine plays (rules/engine/lab.py).")
    games = models.PositiveIntegerField(help_text="Games in all.")
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=SimulationStatus.choices, default=SimulationStatus.QUEUED)
    games_done = models.PositiveIntegerField(default=0)
    results = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    engine = models.CharField(max_length=20, help_text="Where its chunks run: celery, or the local process pool.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    progress_at = models.DateTimeField(null=True, blank=True,
                                       help_text="When a chunk last came in (or the chunks were last sent).")
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GoldfishGameQuerySet.as_manager()  # the same question: of_player

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"Study {self.pk} ({self.kind}, {self.games} games)"

    def get_absolute_url(self):
        return reverse("lab:study", args=[self.pk])


class SimulationChunk(models.Model):
    """Games start .. start+count-1 of a study: the task that plays them and, once played, their tally."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    task_id = models.CharField(max_length=64)
    tally = models.JSONField(null=True, blank=True, help_text="rules/engine/lab.py tally; empty until played.")

    class Meta:
        ordering = ["simulation", "index"]
        constraints = [models.UniqueConstraint(fields=["simulation", "index"], name="simulation_chunk_once")]


class BalanceReport(models.Model):
    """A permanent, shareable balance report of a card set and rule set (rules/lab/balance.py): the starters' matchup
    matrix at one CPU level, each starter's card impact table and the rules health, read from its lab studies.
    `errata` (optional) are played by every one of its studies, so two reports compare before and after them."""

    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="balance_reports")
    title = models.CharField(max_length=200)
    level = models.CharField(max_length=20, help_text="The CPU level both seats of the matrix play at.")
    variants = models.JSONField(default=list, blank=True)
    errata = models.JSONField(null=True, blank=True, help_text="What-if errata every study plays (errata.py).")
    data_hash = models.CharField(max_length=64, help_text="The card data the studies play.")
    studies = models.JSONField(default=dict, help_text='{"matrix": study id, "impact": {starter slug: study id}}')
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"Balance report {self.pk} ({self.title})"

    def get_absolute_url(self):
        return reverse("lab:report", args=[self.pk])


# ---------------------------------------------------------------------------------------------- live tables (issue 25)
class TableStatus(models.TextChoices):
    OPEN = "open", "Waiting for an opponent"
    LIVE = "live", "In play"
    FINISHED = "finished", "Finished"


class TableEnd(models.TextChoices):
    CATACLYSM = "cataclysm", "The Cataclysm came"
    RESIGNED = "resigned", "Resigned"
    DRAW_AGREED = "draw_agreed", "Draw agreed"
    TIMEOUT = "timeout", "Lost on time"
    ABANDONED = "abandoned", "Left the table"


class Table(models.Model):
    """A live game between two, three or four people (`rules.live`), computers in some seats if the host seated them.

    Stored like the other games (the action log is the game, `state` a snapshot, `version` the optimistic lock that
    every write is conditional on), plus each seat's player (account or anonymous session) and deck, the table's
    settings (listed or invite-only, the clock, the grace period), the clocks and presence the live layer keeps, and
    the result with the same per-game fields the lab records (`stats`).
    """

    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    status = models.CharField(max_length=10, choices=TableStatus.choices, default=TableStatus.OPEN)
    listed = models.BooleanField(default=True, help_text="Shown in the public list of tables; else invite link only.")
    invite_token = models.CharField(max_length=64, help_text="Needed to sit at an invite-only table.")
    # The seats: index 0 is Player 1. An empty seat has neither a user nor a session key. A table of three or four
    # (issue 34) uses the p3_/p4_ columns too; a two-player table leaves them empty (migration 0011 says why).
    players = models.PositiveSmallIntegerField(default=2, help_text="Seats at the table: 2, 3 or 4.")
    teams = models.BooleanField(default=False, help_text="Four players, two against two (partners diagonal).")
    p1_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tables_p1")
    p2_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tables_p2")
    p3_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tables_p3")
    p4_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tables_p4")
    p1_session = models.CharField(max_length=64, blank=True, db_index=True)
    p2_session = models.CharField(max_length=64, blank=True, db_index=True)
    p3_session = models.CharField(max_length=64, blank=True, db_index=True)
    p4_session = models.CharField(max_length=64, blank=True, db_index=True)
    p1_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    p2_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    p3_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    p4_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    decks = models.JSONField(default=list, help_text="Per seat: {hero, cards, name, deck_version} (null: empty).")
    seating = models.CharField(max_length=20, choices=TableSeating.choices, default=Seating.SIDE_BY_SIDE)
    variants = models.JSONField(default=list, blank=True)
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=20)
    data_hash = models.CharField(max_length=64)
    actions = models.JSONField(default=list, help_text="Every decision made (both seats), as engine action ids.")
    state = models.JSONField(default=dict, help_text="A snapshot of the engine state (the log after it is applied).")
    version = models.PositiveIntegerField(default=0, help_text="Writes saved so far; a stale write is refused.")
    clock_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="Each player's time; none: no clock.")
    clock_increment = models.PositiveIntegerField(default=0, help_text="Seconds added to a clock per decision.")
    clocks = models.JSONField(default=list, blank=True, help_text="Seconds left per seat at `turn_started_at`.")
    turn_started_at = models.DateTimeField(null=True, blank=True, help_text="When the player to decide began to.")
    grace_seconds = models.PositiveIntegerField(default=120, help_text="How long the player to decide may be gone.")
    to_move = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The seat that decides now.")
    p1_seen = models.DateTimeField(null=True, blank=True, help_text="When Player 1 was last heard from.")
    p2_seen = models.DateTimeField(null=True, blank=True, help_text="When Player 2 was last heard from.")
    p3_seen = models.DateTimeField(null=True, blank=True, help_text="When Player 3 was last heard from.")
    p4_seen = models.DateTimeField(null=True, blank=True, help_text="When Player 4 was last heard from.")
    draw_offer = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The seat offering a draw.")
    draw_seats = models.JSONField(default=list, blank=True, help_text="The seats agreeing to the draw on offer.")
    resigned = models.JSONField(default=list, blank=True,
                                help_text="Seats that resigned, in order (three or four players: their boards stay).")
    p1_muted = models.BooleanField(default=False, help_text="Player 1 hides Player 2's chat.")
    p2_muted = models.BooleanField(default=False, help_text="Player 2 hides Player 1's chat.")
    p3_muted = models.BooleanField(default=False, help_text="Player 3 hides the others' chat.")
    p4_muted = models.BooleanField(default=False, help_text="Player 4 hides the others' chat.")
    winner = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The winning seat (none: a draw; a "
                                              "team game: the winning team's first seat).")
    winners = models.JSONField(default=list, blank=True, help_text="Every winning seat (a team's two; empty: a draw).")
    places = models.JSONField(default=list, blank=True, help_text="Each seat's finishing place (1: first; ties "
                                                                  "share), once finished.")
    end = models.CharField(max_length=12, choices=TableEnd.choices, blank=True)
    legacy = models.JSONField(null=True, blank=True, help_text="Both Legacies, when the Cataclysm came.")
    rounds = models.PositiveIntegerField(null=True, blank=True)
    stats = models.JSONField(null=True, blank=True, help_text="The lab's per-game fields, once finished.")
    rated = models.BooleanField(default=False, help_text="The result went into both players' ratings.")
    # Computers at the table (issue 35): a seat's deck entry names its `level`; the host adds and removes them.
    host = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The seat of the player who opened the "
                                            "table: only they seat a computer (none: an older table's first player).")
    chosen_seed = models.BooleanField(default=False, help_text="The opener chose the seed: a game against a computer "
                                      "dealt from a known seed is not rated.")
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "listed", "-updated_at"], name="table_lobby")]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=[s.value for s in TableStatus]), name="table_status_known"),
            models.CheckConstraint(condition=Q(winner__isnull=True) | Q(winner__in=[0, 1, 2, 3]),
                                   name="table_winner_seat"),
            models.CheckConstraint(condition=Q(players__in=[2, 3, 4]), name="table_players_two_to_four"),
        ]

    def __str__(self):
        return f"Table {self.pk} ({self.status})"

    def get_absolute_url(self):
        return reverse("live:table", args=[self.pk])

    def record(self) -> dict:
        """Return what `rules.engine.replay` needs to rebuild this game (both decks, in seat order)."""
        return {"engine_version": self.engine_version, "data_hash": self.data_hash,
                "decks": [{"hero": d["hero"], "cards": list(d["cards"])} for d in self.decks],
                "seating": self.seating, "seed": self.seed, "variants": list(self.variants),
                "actions": list(self.actions)}


class TableMessage(models.Model):
    """One line of a table's chat, kept as typed and shown sanitized (decks.markdown)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="messages")
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "pk"]
