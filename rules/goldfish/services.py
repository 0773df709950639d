"""Every write to a goldfish game: start, act, undo, let a bot play, and bulk-simulate a deck.

How a game is stored, loaded, saved (one conditional UPDATE) and replayed is the play layer's (`rules.play.store`);
this module says what a goldfish game does: one deck in the first seat, the empty opponent in the second.
"""
from __future__ import annotations

import time
from typing import Any, Iterable, Mapping

from django.http import Http404
from django.utils import timezone

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks.models import Deck, DeckSimulation
from decks.validation import Problem
from rules.engine import ENGINE_VERSION, GameState, IllegalAction
from rules.engine.bots import get_bot, play_out, play_turn
from rules.engine.catalogue import Catalogue
from rules.engine.lab import goldfish_study, play_games
from rules.engine.studykinds import goldfish_summary
from rules.models import GoldfishGame, Seating, Status
from rules.play.actors import Actor
from rules.play.decks import MAX_SEED, checked_deck, clean_seating, clean_seed, clean_variants, deck_spec, playable_game
from rules.play.digest import remember_snapshot
from rules.play.store import (
    GAME_OVER,
    ILLEGAL_ACTION,
    GameConflict,
    LiveGame,
    keep_state,
    replay_game,
    replay_steps,
    save_game,
    take_live,
    take_state,
    writable,
)

PLAYER = 0  # the deck sits in the first seat; the empty opponent in the second
GAME_NOT_FOUND = "No goldfish game with this id."

# Error codes (stable: clients branch on them).
NOTHING_TO_UNDO = "nothing_to_undo"
UNKNOWN_BOT = "unknown_bot"
BAD_UNTIL = "bad_until"
BAD_GAMES = "bad_games"

BOTS = ("greedy", "random")
UNTIL = ("turn", "end")
MAX_SIMULATED_GAMES = 500
SIMULATION_SECONDS = 20  # a bulk run stops after this long (below the server's request timeout), keeping its games

__all__ = ["Actor", "GameConflict", "LiveGame", "MAX_SEED"]  # used with this feature's services by its callers


# ---------------------------------------------------------------------------------------------- loading and saving
def get_game_for_write(game_id: str) -> GoldfishGame:
    """Return the game without its saved state (loaded only if the live-state cache misses); 404 when none."""
    game = GoldfishGame.objects.select_related("deck", "owner").defer("state").filter(pk=game_id).first()
    if game is None:
        raise Http404(GAME_NOT_FOUND)
    return game


def _save(game: GoldfishGame, state: GameState, *, read_version: int, bot: bool = False) -> GoldfishGame:
    """Save the decision (`rules.play.store.save_game`) with the result columns once the game is over."""
    now = timezone.now()
    over = state.is_over
    fields: dict[str, Any] = {}
    if over or game.status != Status.ACTIVE:  # an active game that goes on keeps its (empty) result fields
        fields.update(status=Status.FINISHED if over else Status.ACTIVE,
                      legacy=state.result()["legacy"][PLAYER] if over else None,
                      rounds=state.round if over else None, finished_at=now if over else None,
                      ending=state.result()["ending"] if over else "")
    if bot:
        fields["bot_assisted"] = True
    return save_game(game, state, read_version=read_version, now=now, fields=fields, not_found=GAME_NOT_FOUND,
                     keep=True)


# ---------------------------------------------------------------------------------------------- the services
def goldfish_start(*, actor: Actor, deck: Deck | None = None, hero: str | None = None,
                   counts: Mapping[str, int] | None = None, problems: tuple[Problem, ...] = (),
                   seed: int | None = None, seating: str = Seating.SIDE_BY_SIDE, variants: Iterable[str] = (),
                   catalogue: Catalogue | None = None) -> LiveGame:
    """Start a goldfish game of a saved deck or a decklist; refuse a deck the validator does not pass."""
    catalogue = catalogue or play_catalogue()
    seating = clean_seating(seating)
    variants = clean_variants(catalogue, variants)
    seed = clean_seed(seed)
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    spec = deck_spec(hero, counts)
    state = playable_game(catalogue, [spec, None], seating=seating, seed=seed, variants=variants, what="This deck")
    snapshot = state.to_json()
    game = GoldfishGame.objects.create(
        **actor.owner_fields(),
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
        state=snapshot,
    )
    remember_snapshot(game, state, snapshot)  # the digest, if asked for, hashes the JSON the row holds
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
    read_version = writable(game, actor, expected_version)
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
    read_version = writable(game, actor, expected_version)
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
    read_version = writable(game, actor, expected_version)
    if game.status == Status.FINISHED:
        raise ApiError(GAME_OVER, "The Cataclysm has come: there is nothing left to play.")
    state = take_state(game, catalogue)
    player = get_bot(bot, (game.seed * 1_000_003 + len(game.actions)) % MAX_SEED)
    if until == "end":
        play_out(state, player)
    else:
        play_turn(state, player)
    return LiveGame(_save(game, state, read_version=read_version, bot=True), state)


def deck_simulate(*, deck: Deck, games: int, bot: str = "greedy", seed: int | None = None,
                  seating: str = Seating.SIDE_BY_SIDE, catalogue: Catalogue | None = None) -> DeckSimulation:
    """Play `games` goldfish games of a deck with a bot and store the engine's statistics."""
    catalogue = catalogue or play_catalogue()
    if bot not in BOTS:
        raise ApiError(UNKNOWN_BOT, f"Choose a bot from: {', '.join(BOTS)}.")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_SIMULATED_GAMES:
        raise ApiError(BAD_GAMES, f"Simulate from 1 to {MAX_SIMULATED_GAMES} games.")
    seating = clean_seating(seating)
    seed = clean_seed(seed)
    hero, counts = checked_deck(catalogue, deck=deck, hero=None, counts=None)
    spec = deck_spec(hero, counts)
    # The lab's loop over a goldfish study's games, stopping after the game that passes the deadline.
    study = goldfish_study(spec, games=games, seed=seed, bot=bot, seating=seating)
    tally = play_games(catalogue, study, 0, games, deadline=time.monotonic() + SIMULATION_SECONDS)
    stats = goldfish_summary(tally, catalogue=catalogue, deck=spec, bot=bot, seating=seating, seed=seed)
    stats["requested"] = games
    stats["time_limited"] = tally["games"] < games
    return DeckSimulation.objects.create(deck=deck, deck_version=deck.version, bot=bot, games=tally["games"],
                                         seed=seed, stats=stats)


def goldfish_replay(*, game: GoldfishGame, step: int | None = None, catalogue: Catalogue | None = None
                    ) -> dict[str, Any]:
    """Replay the log from the seed: each step's decision and the events it caused, and the state after `step`."""
    return replay_steps(game=game, step=step, catalogue=catalogue)
