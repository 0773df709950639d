"""Every write to a game against the computer: start, the visitor's decision (and the CPU's replies), let a bot
decide for the visitor, let the CPU go on, and the replay.

A versus game is a goldfish game with a CPU in the second chair: the same action log, snapshots, optimistic
`version` and ownership (`rules.play.store`), one more deck, and the CPU's moves kept with their reasons. A write is
the visitor's decision followed by every CPU decision up to the visitor's next one, saved as ONE conditional UPDATE:
a reload never finds the visitor's move without the CPU's answer, and two tabs acting at once get a 409.

The CPU plays from `rules.engine.bots.get_bot(CPU_BOTS[difficulty], seed)`: `choose(state)` returns one of the legal
actions and `last_reason` says why. It chooses the same in the same state whether fresh or not, so each request builds
a new one. A request makes at most MAX_CPU_STEPS CPU decisions and stops after CPU_SECONDS (the expert CPU may think
about a second per decision): past either, the game is saved with the CPU still to move (`cpu_to_move`), and
`POST /api/versus/<id>/continue/` (the board calls it by itself) lets it go on.
"""
from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

from django.http import Http404
from django.utils import timezone

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks.models import Deck
from decks.validation import Problem
from rules.engine import ENGINE_VERSION, GameState, IllegalAction
from rules.engine.bots import get_bot
from rules.engine.catalogue import Catalogue
from rules.models import Difficulty, Outcome, Seating, Status, VersusGame
from rules.play import computers, store
from rules.play.actors import Actor
from rules.play.computers import CPU_BOTS, cpu_seed
from rules.play.decks import checked_deck, clean_seating, clean_seed, clean_variants, deck_spec, playable_game
from rules.play.digest import remember_snapshot
from rules.play.store import GAME_OVER, ILLEGAL_ACTION, LiveGame, load_state
from rules.versus import rating
from rules.versus.table import Computer, computer_seats, outcome_for, table_seating, with_legacies

# A difficulty becomes a CPU player in rules.play.computers (CPU_BOTS, cpu_seed), as at a live table.
HELPER_BOT = "greedy"  # decides for the visitor on "finish the turn" / "play to the end"
SEATS: dict[str, int] = {"first": 0, "second": 1}  # the visitor's seat: Player 1 or Player 2 (who goes first is
# the coin toss's and its winner's choice, as the rulebook says)
MAX_CPU_STEPS = 2000  # decisions of the CPU (and the helper bot) in one request: a whole game is about 1000
CPU_SECONDS = 8.0     # and at most this long, below the server's request timeout
UNTIL = ("turn", "end")
GAME_NOT_FOUND = "No game against the computer with this id."

NOT_YOUR_DECISION = "not_your_decision"
BAD_DIFFICULTY = "bad_difficulty"
BAD_SEAT = "bad_seat"
NO_OPPONENT = "no_opponent"
BAD_UNTIL = "bad_until"


def seat_seed(game: VersusGame, seat: int) -> int:
    """The seed of the computer in `seat`: the game's CPU seed at two, one of its own per seat at three or four."""
    return cpu_seed(game.seed) if not game.computers else computers.seat_seed(game.seed, seat)


def cpu_player(game: VersusGame, seat: int | None = None):
    """A fresh computer player for `seat` (the first computer's by default), at that seat's level."""
    seat = game.cpu_seat if seat is None else seat
    return computers.computer(game.level_of(seat), seat_seed(game, seat))


def clean_difficulty(difficulty: str) -> str:
    if difficulty not in CPU_BOTS:
        raise ApiError(BAD_DIFFICULTY, f"Difficulty is one of: {', '.join(CPU_BOTS)}.")
    return difficulty


def clean_seat(seat: str) -> int:
    if seat not in SEATS:
        raise ApiError(BAD_SEAT, f"Seat is one of: {', '.join(SEATS)}.")
    return SEATS[seat]


# ---------------------------------------------------------------------------------------------- loading
def get_versus(game_id: str, viewer: Actor | None = None) -> VersusGame:
    """Return the game (anyone with its id may watch it, seeing what the visitor's seat sees, unless it plays a deck
    private to another account: `Actor.may_watch`); 404 when none. Writes pass no viewer: they check the player."""
    game = VersusGame.objects.select_related("deck", "opponent", "owner").filter(pk=game_id).first()
    if game is None or (viewer is not None and not viewer.may_watch(game)):
        raise Http404(GAME_NOT_FOUND)
    return game


# ---------------------------------------------------------------------------------------------- the CPU plays
def advance(game: VersusGame, state: GameState, *, helper=None, until: str | None = None) -> list[dict]:
    """Let the CPU decide while it is its decision (and `helper` decide for the visitor, `until` the turn is over or
    the game ends); return the moves made, each {step, player, action, label, reason, events_from, events_to}.

    Stops at the visitor's decision, at the end, or at the request's cap (MAX_CPU_STEPS, CPU_SECONDS; at least one
    decision is always made, so however slow the CPU, every request moves the game on)."""
    seat = game.seat
    turn = state.tick
    deadline = time.monotonic() + CPU_SECONDS
    moves: list[dict] = []
    while not state.is_over and len(moves) < MAX_CPU_STEPS:
        if moves and time.monotonic() >= deadline:  # at least one decision a request: a game always moves on
            break
        player = state.current_player
        if player == seat:
            if helper is None or (until == "turn" and state.tick != turn):
                break
            action, reason = helper.choose(state), ""
        else:  # a fresh CPU for each decision: its choice is a function of the seed, its seat and the state alone
            cpu = cpu_player(game, player)
            action = cpu.choose(state)
            reason = str(getattr(cpu, "last_reason", "") or "")
        before = state.event_count
        label = action.label
        state.apply(action)
        if player != seat:
            moves.append({"step": len(state.history), "player": player, "action": action.id, "label": label,
                          "reason": reason, "events_from": before, "events_to": state.event_count})
        else:
            moves.append({})  # the helper's move: counted against the cap, not logged as the CPU's
    return [m for m in moves if m]


def cpu_to_move(game: VersusGame, state: GameState) -> bool:
    """Whether a computer (any of them at a table of three or four) is to decide."""
    return not state.is_over and state.current_player in game.cpu_seats


# ---------------------------------------------------------------------------------------------- saving
def result_fields(game: VersusGame, state: GameState, now) -> dict[str, Any]:
    """The result columns: empty while the game goes on; the winner, the Legacies (every computer's at a table) and
    rounds at the end."""
    if not state.is_over:
        return {"status": Status.ACTIVE, "outcome": "", "winner": None, "legacy": None, "opponent_legacy": None,
                "rounds": None, "ending": "", "finished_at": None}
    result = state.result()
    winner = result["winner"]
    if game.computers:
        outcome = outcome_for(game.seat, result)
    else:
        outcome = Outcome.DRAW if winner is None else (Outcome.WIN if winner == game.seat else Outcome.LOSS)
    fields = {"status": Status.FINISHED, "outcome": outcome, "winner": winner,
              "legacy": result["legacy"][game.seat], "opponent_legacy": result["legacy"][game.cpu_seat],
              "rounds": state.round, "ending": result["ending"], "finished_at": now}
    if game.computers:  # every computer's Legacy, for the API's line-up (rules.versus.table.line_up)
        fields["computers"] = with_legacies(game.computers, result["legacy"])
    return fields


def save(game: VersusGame, state: GameState, moves: list[dict], *, read_version: int, bot: bool = False
         ) -> VersusGame:
    """Save the decision and the CPU's answers (`rules.play.store.save_game`): the log, the CPU's moves, a snapshot
    when due and the result, in one conditional write."""
    now = timezone.now()
    fields: dict[str, Any] = {"cpu_moves": list(game.cpu_moves) + moves, **result_fields(game, state, now)}
    if bot:
        fields["bot_assisted"] = True
    game = store.save_game(game, state, read_version=read_version, now=now, fields=fields, not_found=GAME_NOT_FOUND)
    if state.is_over:
        rating.record(game, state.result())  # a rated game moves the ratings, once (rules.versus.rating)
    return game


# ---------------------------------------------------------------------------------------------- the services
def versus_start(*, actor: Actor, opponent: Deck | None, difficulty: str = Difficulty.NORMAL, seat: str = "first",
                 deck: Deck | None = None, hero: str | None = None, counts: Mapping[str, int] | None = None,
                 problems: tuple[Problem, ...] = (), seed: int | None = None, seating: str = Seating.SIDE_BY_SIDE,
                 variants=(), catalogue: Catalogue | None = None, computers: Sequence[Computer] | None = None,
                 teams: bool = False, rated: bool = False) -> LiveGame:
    """Start a game of the visitor's deck against a CPU playing `opponent` at `difficulty`, or against one to three
    `computers` each with its deck and level (`teams`: two against two, the visitor's partner across the table);
    every deck must pass the validator. `rated`: the result will move the player's and the levels' ratings
    (`rules.versus.rating`: an account and a random seed needed).

    The CPUs play at once while the first decisions are theirs (their mulligans, or choosing who goes first)."""
    catalogue = catalogue or play_catalogue()
    if computers is None:
        computers = [Computer(opponent, difficulty)]
    for cpu in computers:
        clean_difficulty(cpu.difficulty)
    seating = table_seating(computers, teams=teams, seating=clean_seating(seating))
    seat_index = clean_seat(seat)
    variants = clean_variants(catalogue, variants)
    if rated:
        rating.check_rated_start(owner=actor.owner_fields()["owner"], seed=seed)
    seed = clean_seed(seed)
    if any(cpu.deck is None for cpu in computers):
        raise ApiError(NO_OPPONENT, "Choose the deck the computer plays: `opponent` (a deck id).")
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    seats = computer_seats(seat_index, len(computers))
    rows = [_computer_row(catalogue, cpu, seat, number, len(computers))
            for number, (cpu, seat) in enumerate(zip(computers, seats), start=1)]
    mine = deck_spec(hero, counts)
    specs = {row["seat"]: deck_spec(row["hero"], row["counts"]) for row in rows} | {seat_index: mine}
    state = playable_game(catalogue, [specs[s] for s in range(len(specs))], seating=seating, seed=seed,
                          variants=variants, what="This game")
    first = rows[0]
    game = VersusGame(
        **actor.owner_fields(),
        deck=deck, deck_version=deck.version if deck else None, deck_name=deck.name if deck else "",
        hero=hero, cards=list(mine.cards),
        opponent=computers[0].deck, opponent_version=first["deck_version"], opponent_name=first["name"],
        opponent_hero=first["hero"], opponent_cards=list(first["cards"]),
        difficulty=computers[0].difficulty, seat=seat_index, seating=seating, variants=variants, seed=seed,
        engine_version=ENGINE_VERSION, data_hash=catalogue.data_hash, rated=rated,
        computers=[{k: v for k, v in row.items() if k != "counts"} for row in rows] if len(rows) > 1 else [],
    )
    game.cpu_moves = advance(game, state)
    game.actions = state.action_ids
    now = timezone.now()
    for name, value in result_fields(game, state, now).items():
        setattr(game, name, value)
    game.state = state.to_json()
    game.save(force_insert=True)
    remember_snapshot(game, state, game.state)  # the digest, if asked for, hashes the JSON the row holds
    return LiveGame(game, state)


def _computer_row(catalogue: Catalogue, cpu: Computer, seat: int, number: int, of: int) -> dict[str, Any]:
    """One computer as the game row keeps it; its deck refused (`invalid_deck`) if the validator does not pass it."""
    try:
        hero, counts = checked_deck(catalogue, deck=cpu.deck, hero=None, counts=None)
    except ApiError as exc:
        whose = "The computer's deck" if of == 1 else f"Computer {number}'s deck ({cpu.deck.name})"
        raise ApiError(exc.error_code, f"{whose} cannot be played: "
                       f"{len(exc.extra.get('errors', []))} problem(s) with it.", extra=exc.extra) from None
    return {"seat": seat, "deck": cpu.deck.pk, "deck_version": cpu.deck.version, "name": cpu.deck.name,
            "hero": hero, "cards": list(deck_spec(hero, counts).cards), "counts": counts,
            "difficulty": cpu.difficulty}


def _writable(game: VersusGame, actor: Actor, expected_version: int | None) -> int:
    """Check the actor may act, the client's version is current and the game goes on; return the version read."""
    read_version = store.writable(game, actor, expected_version)
    if game.status == Status.FINISHED:
        raise ApiError(GAME_OVER, "The Cataclysm has come: a finished game is final (replay it, or start "
                       "again with the same seed).")
    return read_version


def versus_act(*, game_id: str, actor: Actor, action: str, expected_version: int | None = None,
               catalogue: Catalogue | None = None) -> LiveGame:
    """Make the visitor's decision, then let the CPU answer until the visitor decides again; one write."""
    game = get_versus(game_id)
    read_version = _writable(game, actor, expected_version)
    state = load_state(game, catalogue)
    if state.current_player != game.seat:
        raise ApiError(NOT_YOUR_DECISION, "It is the computer's decision now, not yours: let it go on "
                       "(POST …/continue/).", extra={"rule": "priority", "action": action, "version": game.version})
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise ApiError(ILLEGAL_ACTION, exc.message, extra={"rule": exc.rule, "action": action,
                                                                    "version": game.version}) from None
    moves = advance(game, state)
    return LiveGame(save(game, state, moves, read_version=read_version), state)


def versus_continue(*, game_id: str, actor: Actor, expected_version: int | None = None,
                    catalogue: Catalogue | None = None) -> LiveGame:
    """Let the CPU go on after a request stopped it at the cap; the game unchanged when it is not the CPU's turn."""
    game = get_versus(game_id)
    read_version = _writable(game, actor, expected_version)
    state = load_state(game, catalogue)
    if not cpu_to_move(game, state):
        return LiveGame(game, state)
    moves = advance(game, state)
    return LiveGame(save(game, state, moves, read_version=read_version), state)


def versus_bot(*, game_id: str, actor: Actor, until: str = "turn", expected_version: int | None = None,
               catalogue: Catalogue | None = None) -> LiveGame:
    """Let a bot decide for the visitor for the rest of the turn (`turn`) or the game (`end`); the CPU answers as
    always. One write (a long game may take a few: the cap applies, and the board asks again)."""
    if until not in UNTIL:
        raise ApiError(BAD_UNTIL, f"`until` is one of: {', '.join(UNTIL)}.")
    game = get_versus(game_id)
    read_version = _writable(game, actor, expected_version)
    rating.refuse_help(game)
    state = load_state(game, catalogue)
    helper = get_bot(HELPER_BOT, cpu_seed(game.seed) + len(game.actions))
    moves = advance(game, state, helper=helper, until=until)
    return LiveGame(save(game, state, moves, read_version=read_version, bot=True), state)
