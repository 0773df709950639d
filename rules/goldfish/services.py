"""Every write to a goldfish game: start, act, undo, let a bot play, and bulk-simulate a deck.

A game is its action log. Each write loads the latest state (from the cached JSON, or by replaying the log), applies
the decision with the rules engine — which refuses an illegal one and changes nothing — and saves the new log and
state with a conditional UPDATE `WHERE version = <the version read>`. If another request saved in between, nothing
is written and `GameConflict` (HTTP 409) carries the game as it now is: never a half-applied or lost decision.

The database row is the only truth. To spare reading and decoding it, each process keeps a small LRU of the games it
saved (the row as written, and the engine state), keyed by (game id, version, catalogue version). An action whose
client names that version is built on the kept copy without reading the row; the conditional UPDATE, which also
requires the same player, is what checks it against the database: if another process wrote in between, nothing is
written and the answer is 409 with the game as it now is. Any other version falls back to the row. No move is ever
made or answered that the row does not confirm (only the deck's name shown with a game may be the one read with the
row, until the next read).

The row's `state` is a snapshot, not necessarily of the latest decision: a write saves it only every SNAPSHOT_EVERY
decisions (and at the end of the game, and after an undo), since serializing a whole game on every decision costs
far more than the decision itself. `load_state` restores the snapshot and applies the decisions of the log after it
(or, for a short log, simply replays it from the seed: that is cheaper than decoding a snapshot).
"""
from __future__ import annotations

import copy
import secrets
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from cards.catalogue import DerivedCache, catalogue_version, get_catalogue
from cataclysm_site.api_errors import ApiError
from decks.formats import get_format
from decks.models import Deck, DeckSimulation
from decks.selectors import deck_format
from decks.validation import Problem, validate_deck
from rules.engine import ENGINE_VERSION, DeckSpec, GameDataError, GameState, IllegalAction, new_game, replay
from rules.engine.bots import get_bot, play_out, play_turn
from rules.engine.catalogue import Catalogue
from rules.engine.setup import set_variants
from rules.engine.simulate import deck_from_counts, game_seed, game_stats, goldfish_game, summarise
from rules.models import GoldfishGame, Seating, Status

PLAYER = 0  # the deck sits in the first seat; the empty opponent in the second

# Error codes (stable: clients branch on them).
INVALID_DECK = "invalid_deck"
ILLEGAL_ACTION = "illegal_action"
CONFLICT = "conflict"
NOT_OWNER = "not_owner"
NOTHING_TO_UNDO = "nothing_to_undo"
GAME_OVER = "game_over"
GAME_UNAVAILABLE = "game_unavailable"
UNKNOWN_BOT = "unknown_bot"
BAD_SEED = "bad_seed"
BAD_SEATING = "bad_seating"
BAD_VARIANT = "invalid_variant"
BAD_UNTIL = "bad_until"
BAD_GAMES = "bad_games"
BAD_STEP = "bad_step"

BOTS = ("greedy", "random")
UNTIL = ("turn", "end")
MAX_SEED = 2**53 - 1  # exact in JavaScript, so a seed survives a round trip through the page
MAX_SIMULATED_GAMES = 500
SIMULATION_SECONDS = 20  # a bulk run stops after this long (below the server's request timeout), keeping its games
INVALID_DECK_MESSAGE = "This deck cannot be played: {n} problem(s) with it. Fix them in the deckbuilder first."
NOT_OWNER_MESSAGE = "Only the player who started this game can act in it; you can watch and replay it."
LIVE_STATES = DerivedCache(maxsize=128)  # LiveGames this process saved, by (game id, version, catalogue version)
# Decisions between two snapshots of the engine state saved in the row (see the module's doc): a decision that saves
# one costs about twice as much, so they are rare; restoring one then applies at most this many logged decisions.
SNAPSHOT_EVERY = 64
REPLAY_UP_TO = 64  # decisions: replaying a log this short from the seed costs about what decoding a snapshot does


class GameConflict(ApiError):
    """Another request changed the game since this one read it; `game` is the game as it is now."""

    def __init__(self, game: GoldfishGame, read_version: int):
        super().__init__(
            CONFLICT,
            f"The game moved on (you acted on version {read_version}, it is now at version {game.version}): "
            "here is the current state; choose again.",
            status_code=409,
        )
        self.game = game


@dataclass
class LiveGame:
    """A saved game with its engine state, as one write left it."""

    game: GoldfishGame
    state: GameState


@dataclass(frozen=True)
class Actor:
    """Who is asking: a signed-in user and/or the anonymous token of their browser session."""

    user: Any = None
    session_key: str = ""

    def may_act_in(self, game: GoldfishGame) -> bool:
        """Return whether this visitor started the game (account games by account, anonymous ones by session)."""
        if game.owner_id is not None:
            return getattr(self.user, "is_authenticated", False) and self.user.pk == game.owner_id
        return bool(self.session_key) and secrets.compare_digest(self.session_key, game.session_key or "")


# ---------------------------------------------------------------------------------------------- decks into games
def deck_spec(hero: str, counts: Mapping[str, int]) -> DeckSpec:
    """Expand copies by slug into the engine's deck, in the canonical order (so a seed means the same shuffle)."""
    return deck_from_counts(hero, counts)


def refuse_invalid(problems: list[Problem] | tuple[Problem, ...]) -> None:
    """Raise `invalid_deck` (400) with every problem, when there are any."""
    if problems:
        raise ApiError(INVALID_DECK, INVALID_DECK_MESSAGE.format(n=len(problems)),
                       extra={"errors": [p.to_dict() for p in problems]})


def checked_deck(catalogue: Catalogue, *, deck: Deck | None, hero: str | None, counts: Mapping[str, int] | None,
                 problems: tuple[Problem, ...] = ()) -> tuple[str, dict[str, int]]:
    """Return (hero, counts) of a saved deck or a decklist, refusing anything the validator does not pass."""
    if deck is not None:
        hero = deck.hero.slug if deck.hero_id else None
        counts = deck.counts()
        fmt = deck_format(deck)
    else:
        fmt = get_format()
    counts = dict(counts or {})
    result = validate_deck(catalogue, hero, counts, fmt)
    refuse_invalid(tuple(problems) + result.errors)
    return hero, counts


def clean_seed(seed: int | None) -> int:
    """Return the seed to play (a fresh random one when none is given)."""
    if seed is None:
        return secrets.randbelow(1_000_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ApiError(BAD_SEED, f"A seed is a whole number from 0 to {MAX_SEED}.")
    return seed


def clean_variants(catalogue: Catalogue, variants: Iterable[str]) -> list[str]:
    """Return the rule variants sorted, once each, if every one is known and they fit together (RULINGS 16)."""
    probe = GameState(catalogue)
    try:
        set_variants(probe, list(variants))
    except GameDataError as exc:
        raise ApiError(BAD_VARIANT, f"{exc}.") from None
    return list(probe.variants)


def clean_seating(seating: str) -> str:
    """Return the seating if the rulebook knows it."""
    if seating not in Seating.values:
        raise ApiError(BAD_SEATING, f"Seating is one of: {', '.join(Seating.values)}.")
    return seating


# ---------------------------------------------------------------------------------------------- loading
def get_game_for_write(game_id: str) -> GoldfishGame:
    """Return the game without its saved state (loaded only if the live-state cache misses); 404 when none."""
    from rules.selectors import GAME_NOT_FOUND

    game = GoldfishGame.objects.select_related("deck", "owner").defer("state").filter(pk=game_id).first()
    if game is None:
        raise Http404(GAME_NOT_FOUND)
    return game


def _live_key(game_id: str, version: int) -> tuple:
    return game_id, version, catalogue_version()


def take_state(game: GoldfishGame, catalogue: Catalogue | None = None) -> GameState:
    """Return the game's latest state for a write: the one this process saved at the row's version, else load it."""
    if catalogue is None or catalogue is get_catalogue():
        live = LIVE_STATES.take(_live_key(game.pk, game.version))
        if live is not None:
            return live.state
    return load_state(game, catalogue)


def take_live(game_id: str, version: int | None) -> LiveGame | None:
    """Take the game and state this process saved at `version`, if it kept them (the write then checks the row)."""
    if version is None:
        return None
    return LIVE_STATES.take(_live_key(game_id, version))


def keep_state(game: GoldfishGame, state: GameState) -> None:
    """Remember copies of the game and state just saved, for this game's next write in this process."""
    if state.cat is get_catalogue():
        LIVE_STATES.put(_live_key(game.pk, game.version), LiveGame(copy.copy(game), state.clone()))


def load_state(game: GoldfishGame, catalogue: Catalogue | None = None) -> GameState:
    """Rebuild the game's latest state: a short log replayed from the seed, else the saved snapshot and the
    decisions logged after it, else the whole log replayed."""
    catalogue = catalogue or get_catalogue()
    if len(game.actions) <= REPLAY_UP_TO:
        try:
            return replay_game(game, catalogue)
        except ApiError:
            pass  # the card data changed under this game: the snapshot may still hold it
    state = restore_snapshot(game, catalogue)
    return state if state is not None else replay_game(game, catalogue)


def restore_snapshot(game: GoldfishGame, catalogue: Catalogue) -> GameState | None:
    """Return the saved snapshot brought up to the log's end, or None if it is unreadable or not of this log."""
    if not game.state:
        return None
    actions = list(game.actions)
    try:
        state = GameState.from_json(game.state, catalogue)
        done = state.action_ids
        if actions[:len(done)] != done:
            return None
        for action in actions[len(done):]:
            state.apply(action)
    except (GameDataError, IllegalAction, KeyError, TypeError, ValueError):
        return None  # an unreadable or foreign snapshot: the log decides
    return state


def snapshot_due(moves_before: int, moves: int, over: bool) -> bool:
    """Tell whether a write saves the engine state too: every SNAPSHOT_EVERY decisions, at the end, after an undo."""
    return over or moves <= moves_before or moves // SNAPSHOT_EVERY > moves_before // SNAPSHOT_EVERY


def action_log(game: GoldfishGame, state: GameState) -> list[str]:
    """Return the state's action ids, reusing the row's log for the decisions they share (ids cost to format)."""
    known = list(game.actions)
    history = state.history
    if len(history) < len(known):
        return state.action_ids
    return known + [h if isinstance(h, str) else h.id for h in history[len(known):]]


def replay_game(game: GoldfishGame, catalogue: Catalogue | None = None, *, actions: list[str] | None = None
                ) -> GameState:
    """Replay the game's log (or the first part of it) from its seed under the current card data."""
    catalogue = catalogue or get_catalogue()
    record = game.record()
    if actions is not None:
        record["actions"] = list(actions)
    record.pop("data_hash", None)  # replay under today's cards; an action they no longer allow is reported below
    try:
        return replay(catalogue, record)
    except GameDataError as exc:
        raise ApiError(GAME_UNAVAILABLE, "This game can no longer be rebuilt: the card data changed since it was "
                       f"played ({exc}).", status_code=409) from None


def _save(game: GoldfishGame, state: GameState, *, read_version: int, bot: bool = False) -> GoldfishGame:
    """Write the new log (and a snapshot when due) only if nobody saved since `read_version`; else raise why."""
    now = timezone.now()
    over = state.is_over
    actions = action_log(game, state)
    fields: dict[str, Any] = {"actions": actions, "version": read_version + 1, "updated_at": now}
    if over or game.status != Status.ACTIVE:  # an active game that goes on keeps its (empty) result fields
        fields.update(status=Status.FINISHED if over else Status.ACTIVE,
                      legacy=state.result()["legacy"][PLAYER] if over else None,
                      rounds=state.round if over else None, finished_at=now if over else None)
    if bot:
        fields["bot_assisted"] = True
    if snapshot_due(len(game.actions), len(actions), over):
        fields["state"] = state.to_json()
    # The row must still be at the version read, and still the same player's: a write built on a kept copy of the
    # game (take_live) is checked here, by the database, and nowhere else.
    owner = {"owner_id": game.owner_id} if game.owner_id else {"owner__isnull": True, "session_key": game.session_key}
    with transaction.atomic():
        updated = GoldfishGame.objects.filter(pk=game.pk, version=read_version, **owner).update(**fields)
    if updated != 1:
        refused(game.pk, read_version)
    for name, value in fields.items():
        setattr(game, name, value)
    keep_state(game, state)
    return game


def refused(game_id: str, read_version: int) -> None:
    """Raise why a conditional write found no row: the game is gone (404), moved on (409) or not this player's."""
    from rules.selectors import GAME_NOT_FOUND

    current = GoldfishGame.objects.filter(pk=game_id).first()
    if current is None:
        raise Http404(GAME_NOT_FOUND)
    if current.version != read_version:
        raise GameConflict(current, read_version)
    raise ApiError(NOT_OWNER, NOT_OWNER_MESSAGE, status_code=403)


def _writable(game: GoldfishGame, actor: Actor, expected_version: int | None) -> int:
    """Check the actor may act and the client's version is current; return the version this write builds on."""
    if not actor.may_act_in(game):
        raise ApiError(NOT_OWNER, NOT_OWNER_MESSAGE, status_code=403)
    if expected_version is not None and expected_version != game.version:
        raise GameConflict(game, expected_version)
    return game.version


# ---------------------------------------------------------------------------------------------- the services
def goldfish_start(*, actor: Actor, deck: Deck | None = None, hero: str | None = None,
                   counts: Mapping[str, int] | None = None, problems: tuple[Problem, ...] = (),
                   seed: int | None = None, seating: str = Seating.SIDE_BY_SIDE, variants: Iterable[str] = (),
                   catalogue: Catalogue | None = None) -> LiveGame:
    """Start a goldfish game of a saved deck or a decklist; refuse a deck the validator does not pass."""
    catalogue = catalogue or get_catalogue()
    seating = clean_seating(seating)
    variants = clean_variants(catalogue, variants)
    seed = clean_seed(seed)
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    spec = deck_spec(hero, counts)
    try:
        state = new_game(catalogue, [spec, None], seating=seating, seed=seed, variants=variants)
    except GameDataError as exc:
        raise ApiError(INVALID_DECK, f"This deck cannot be played: {exc}.",
                       extra={"errors": [Problem("unplayable", str(exc)).to_dict()]}) from None
    user = actor.user if getattr(actor.user, "is_authenticated", False) else None
    game = GoldfishGame.objects.create(
        owner=user,
        session_key="" if user else actor.session_key,
        deck=deck,
        deck_version=deck.version if deck else None,
        deck_name=deck.name if deck else "",
        hero=hero,
        cards=list(spec.cards),
        seed=seed,
        seating=seating,
        variants=variants,
        engine_version=ENGINE_VERSION,
        data_hash=catalogue.data_hash,
        actions=state.record()["actions"],
        state=state.to_json(),
    )
    keep_state(game, state)
    return LiveGame(game, state)


def act_in_game(*, game_id: str, actor: Actor, action: str, expected_version: int | None = None) -> LiveGame:
    """Make one decision in a game: from the copy this process kept at the client's version, else from the row."""
    live = take_live(game_id, expected_version)
    if live is not None:
        return goldfish_act(game=live.game, actor=actor, action=action, expected_version=expected_version,
                            state=live.state)
    return goldfish_act(game=get_game_for_write(game_id), actor=actor, action=action,
                        expected_version=expected_version)


def goldfish_act(*, game: GoldfishGame, actor: Actor, action: str, expected_version: int | None = None,
                 catalogue: Catalogue | None = None, state: GameState | None = None) -> LiveGame:
    """Make one decision; an illegal or stale action id is refused (400) with the engine's rule and reason.

    `state` is the game's state at `game.version` when the caller has it (`take_live`); else it is loaded.
    """
    read_version = _writable(game, actor, expected_version)
    if state is None:
        state = take_state(game, catalogue)
    try:
        state.apply(action)
    except IllegalAction as exc:
        keep_state(game, state)  # the engine refused it and changed nothing
        raise ApiError(ILLEGAL_ACTION, exc.message, extra={"rule": exc.rule, "action": action,
                                                           "version": game.version}) from None
    return LiveGame(_save(game, state, read_version=read_version), state)


def goldfish_undo(*, game: GoldfishGame, actor: Actor, expected_version: int | None = None,
                  catalogue: Catalogue | None = None) -> LiveGame:
    """Take back the last decision: replay the log without it (the same seed gives the same draws)."""
    read_version = _writable(game, actor, expected_version)
    if game.status == Status.FINISHED:
        raise ApiError(GAME_OVER, "The Cataclysm has come: a finished game is final (replay it, or start again "
                       "with the same seed).")
    if not game.actions:
        raise ApiError(NOTHING_TO_UNDO, "No decision has been made yet: there is nothing to undo.")
    state = replay_game(game, catalogue, actions=list(game.actions)[:-1])
    return LiveGame(_save(game, state, read_version=read_version), state)


def goldfish_bot(*, game: GoldfishGame, actor: Actor, bot: str = "greedy", until: str = "turn",
                 expected_version: int | None = None, catalogue: Catalogue | None = None) -> LiveGame:
    """Let a bot decide for the rest of the turn (`turn`) or the rest of the game (`end`), saved as one write."""
    if bot not in BOTS:
        raise ApiError(UNKNOWN_BOT, f"Choose a bot from: {', '.join(BOTS)}.")
    if until not in UNTIL:
        raise ApiError(BAD_UNTIL, f"`until` is one of: {', '.join(UNTIL)}.")
    read_version = _writable(game, actor, expected_version)
    if game.status == Status.FINISHED:
        raise ApiError(GAME_OVER, "The Cataclysm has come: there is nothing left to play.")
    state = take_state(game, catalogue)
    player = get_bot(bot, (game.seed * 1_000_003 + len(game.actions)) % MAX_SEED)
    if until == "end":
        play_out(state, player)
    else:
        play_turn(state, player)
    return LiveGame(_save(game, state, read_version=read_version, bot=True), state)


def goldfish_replay(*, game: GoldfishGame, step: int | None = None, catalogue: Catalogue | None = None
                    ) -> dict[str, Any]:
    """Replay the log from the seed: each step's decision and the events it caused, and the state after `step`."""
    catalogue = catalogue or get_catalogue()
    actions = list(game.actions)
    if step is not None and not 0 <= step <= len(actions):
        raise ApiError(BAD_STEP, f"This game has steps 0 to {len(actions)}.", status_code=404)
    state = replay_game(game, catalogue, actions=[])
    frames: dict[int, GameState] = {0: state.clone()} if step == 0 else {}
    steps = []
    for index, action_id in enumerate(actions, start=1):
        before = state.event_count
        chosen = next((a for a in state.legal_actions() if a.id == action_id), None)
        if chosen is None:
            raise ApiError(GAME_UNAVAILABLE, f"Step {index} ({action_id}) is not legal when replayed under the "
                           "current card data.", status_code=409)
        steps.append({"step": index, "action": action_id, "label": chosen.label, "player": chosen.player,
                      "kind": chosen.kind, "events_from": before})
        state.apply(chosen)
        steps[-1]["events_to"] = state.event_count
        if step == index:
            frames[index] = state.clone()
    return {"game": game, "steps": steps, "final": state, "frame": frames.get(step) if step is not None else None}


def deck_simulate(*, deck: Deck, games: int, bot: str = "greedy", seed: int | None = None,
                  seating: str = Seating.SIDE_BY_SIDE, catalogue: Catalogue | None = None) -> DeckSimulation:
    """Play `games` goldfish games of a deck with a bot and store the engine's statistics."""
    catalogue = catalogue or get_catalogue()
    if bot not in BOTS:
        raise ApiError(UNKNOWN_BOT, f"Choose a bot from: {', '.join(BOTS)}.")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_SIMULATED_GAMES:
        raise ApiError(BAD_GAMES, f"Simulate from 1 to {MAX_SIMULATED_GAMES} games.")
    seating = clean_seating(seating)
    seed = clean_seed(seed)
    hero, counts = checked_deck(catalogue, deck=deck, hero=None, counts=None)
    spec = deck_spec(hero, counts)
    deadline = time.monotonic() + SIMULATION_SECONDS
    rows = []
    for index in range(games):  # what run_goldfish does, game by game, so a slow run stops in time
        state = goldfish_game(catalogue, spec, seed=game_seed(seed, index), bot=bot, seating=seating)
        rows.append(game_stats(state, catalogue))
        if time.monotonic() > deadline:
            break
    stats = summarise(rows, catalogue=catalogue, deck=spec, bot=bot, seating=seating, seed=seed)
    stats["requested"] = games
    stats["time_limited"] = len(rows) < games
    return DeckSimulation.objects.create(deck=deck, deck_version=deck.version, bot=bot, games=len(rows), seed=seed,
                                         stats=stats)
