"""Storing a game (goldfish or versus): loading its latest state, ONE conditional save, replaying it step by step.

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
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Callable, Union

from django.db import transaction
from django.http import Http404

from cards.catalogue import DerivedCache, catalogue_version, get_catalogue
from cards.releases import catalogue_for_hash
from cataclysm_site.api_errors import ApiError
from rules.engine import GameDataError, GameState, IllegalAction, replay
from rules.engine.catalogue import Catalogue
from rules.models import GoldfishGame, VersusGame
from rules.play.actors import Actor
from rules.play.digest import remember_snapshot

Game = Union[GoldfishGame, VersusGame]  # a stored game: the log, seed, decks, snapshot, version and owner
ILLEGAL_ACTION = "illegal_action"
CONFLICT = "conflict"
NOT_OWNER = "not_owner"
GAME_OVER = "game_over"
GAME_UNAVAILABLE = "game_unavailable"
BAD_STEP = "bad_step"
NOT_OWNER_MESSAGE = "Only the player who started this game can act in it; you can watch and replay it."
LIVE_STATES = DerivedCache(maxsize=128)  # LiveGames this process saved, by (game id, version, catalogue version)
# Decisions between two snapshots of the engine state saved in the row (see the module's doc): a decision that saves
# one costs about twice as much, so they are rare; restoring one then applies at most this many logged decisions.
SNAPSHOT_EVERY = 64
REPLAY_UP_TO = 64  # decisions: replaying a log this short from the seed costs about what decoding a snapshot does


class GameConflict(ApiError):
    """Another request changed the game since this one read it; `game` is the game as it is now."""

    def __init__(self, game: Game, read_version: int):
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

    game: Game
    state: GameState


def _live_key(game_id: str, version: int) -> tuple:
    return game_id, version, catalogue_version()


def take_state(game: Game, catalogue: Catalogue | None = None) -> GameState:
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


def keep_state(game: Game, state: GameState) -> None:
    """Remember copies of the game and state just saved, for this game's next write in this process (a game of an
    older release too: its state is built on that release's cards, which never change)."""
    if state.cat is get_catalogue() or state.cat.data_hash == game.data_hash:
        LIVE_STATES.put(_live_key(game.pk, game.version), LiveGame(copy.copy(game), state.clone()))


def game_catalogue(game: Game, catalogue: Catalogue | None = None) -> Catalogue:
    """The cards a stored game is rebuilt under: its release's (the one whose hash the game records; issue 32), so
    that a later release never changes a game already played. New games are dealt under the current release
    (`cards.catalogue.play_catalogue`), so a release always holds their hash. A game whose hash no release holds
    (played before releases) is rebuilt under the current cards, as before releases. A catalogue
    the caller chose on purpose (not the current one) is kept."""
    current = get_catalogue()
    if catalogue is not None and catalogue is not current:
        return catalogue
    if current.data_hash == game.data_hash:
        return current
    return catalogue_for_hash(game.data_hash) or current


def load_state(game: Game, catalogue: Catalogue | None = None) -> GameState:
    """Rebuild the game's latest state: a short log replayed from the seed, else the saved snapshot and the
    decisions logged after it, else the whole log replayed."""
    catalogue = game_catalogue(game, catalogue)
    if len(game.actions) <= REPLAY_UP_TO:
        try:
            return replay_game(game, catalogue)
        except ApiError:
            pass  # the card data changed under this game: the snapshot may still hold it
    state = restore_snapshot(game, catalogue)
    return state if state is not None else replay_game(game, catalogue)


def restore_snapshot(game: Game, catalogue: Catalogue) -> GameState | None:
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


def action_log(game: Game, state: GameState) -> list[str]:
    """Return the state's action ids, reusing the row's log for the decisions they share (ids cost to format)."""
    known = list(game.actions)
    history = state.history
    if len(history) < len(known):
        return state.action_ids
    return known + [h if isinstance(h, str) else h.id for h in history[len(known):]]


def replay_game(game: Game, catalogue: Catalogue | None = None, *, actions: list[str] | None = None
                ) -> GameState:
    """Replay the game's log (or the first part of it) from its seed under its release's cards (`game_catalogue`)."""
    catalogue = game_catalogue(game, catalogue)
    record = game.record()
    if actions is not None:
        record["actions"] = list(actions)
    record.pop("data_hash", None)  # a game no release holds replays under today's cards; a refused action: below
    try:
        return replay(catalogue, record)
    except GameDataError as exc:
        raise ApiError(GAME_UNAVAILABLE, "This game can no longer be rebuilt: the card data changed since it was "
                       f"played ({exc}).", status_code=409) from None


def log_fields(game: Any, state: GameState) -> dict[str, Any]:
    """What a decision writes of the game itself: the new log, and a snapshot of the state when one is due."""
    actions = action_log(game, state)
    fields: dict[str, Any] = {"actions": actions}
    if snapshot_due(len(game.actions), len(actions), state.is_over):
        fields["state"] = state.to_json()
    return fields


def conditional_update(model: Any, pk: Any, *, read_version: int, fields: dict[str, Any],
                       match: dict[str, Any] | None = None, atomic: bool = True,
                       saved: Callable[[], None] | None = None) -> bool:
    """The one conditional write of every stored game (goldfish, versus, live tables): `fields` (which carry the
    next version) only if the row is still at `read_version` and matches `match`. `saved` runs after a successful
    write, inside its transaction (a notification sent on commit). `atomic=False` sends the lone UPDATE in
    autocommit: one round trip to the database instead of three. Return whether the row was written."""
    with transaction.atomic() if atomic else nullcontext():
        updated = model.objects.filter(pk=pk, version=read_version, **(match or {})).update(**fields)
        if updated == 1 and saved is not None:
            saved()
    return updated == 1


def save_game(game: Game, state: GameState, *, read_version: int, now, fields: dict[str, Any], not_found: str,
              keep: bool = False) -> Game:
    """Write the new log, a snapshot when due and the feature's `fields` (result columns, CPU moves…) — the one
    conditional save of every game: only if nobody saved since `read_version` and the game is still the same
    player's; else raise why (404, 409 or 403). `keep` keeps the saved state for this game's next write here."""
    log = log_fields(game, state)
    fields = {"actions": log["actions"], "version": read_version + 1, "updated_at": now, **fields}
    snapshot = log.get("state")
    if snapshot is not None:
        fields["state"] = snapshot
    # The row must still be at the version read, and still the same player's: a write built on a kept copy of the
    # game (take_live) is checked here, by the database, and nowhere else.
    owner = {"owner_id": game.owner_id} if game.owner_id else {"owner__isnull": True, "session_key": game.session_key}
    model = type(game)
    if not conditional_update(model, game.pk, read_version=read_version, fields=fields, match=owner):
        current = model.objects.filter(pk=game.pk).first()
        if current is None:
            raise Http404(not_found)
        if current.version != read_version:
            raise GameConflict(current, read_version)
        raise ApiError(NOT_OWNER, NOT_OWNER_MESSAGE, status_code=403)
    for name, value in fields.items():
        setattr(game, name, value)
    if snapshot is not None:
        remember_snapshot(game, state, snapshot)  # the digest, if asked for, hashes this JSON
    if keep:
        keep_state(game, state)
    return game


def writable(game: Game, actor: Actor, expected_version: int | None) -> int:
    """Check the actor may act and the client's version is current; return the version this write builds on."""
    if not actor.may_act_in(game):
        raise ApiError(NOT_OWNER, NOT_OWNER_MESSAGE, status_code=403)
    if expected_version is not None and expected_version != game.version:
        raise GameConflict(game, expected_version)
    return game.version


def replay_steps(*, game: Game, step: int | None = None, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Replay the log from the seed: each step's decision and the events it caused, and the state after `step`."""
    catalogue = game_catalogue(game, catalogue)
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
