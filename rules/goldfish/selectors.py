"""Every read of goldfish games: finding a game, whose it is, high scores, and what a client is shown of a game.

`game_payload` is the one description of a game the API and the pages share: the board (`state`, the engine's
whole `view()`: a goldfish game hides nothing, see `board`), the legal actions grouped for people, a prompt saying what the rules are waiting for, the event log, the
Legacy (projected, or final with its card-by-card breakdown) and the game's record.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Max
from django.http import Http404

from cards.releases import release_of_game
from decks.models import Deck, DeckSimulation
from rules.engine import GameState
from rules.engine.catalogue import Catalogue
from rules.goldfish.services import GAME_NOT_FOUND, PLAYER
from rules.models import GoldfishGame
from rules.play.actors import Actor
from rules.play.decks import deck_ref, variant_rows
from rules.play.digest import game_digest
from rules.play.payload import SEATS, board_for, card_entries, card_index, describe_action, prompt
from rules.play.payload import game_links as links

HIGH_SCORES = 10


# ---------------------------------------------------------------------------------------------- games
def get_game(game_id: str, viewer: Actor) -> GoldfishGame:
    """Return the game for this visitor to watch; 404 when there is none, or when it is not theirs and plays a
    deck private to another account (`Actor.may_watch`: its existence is not theirs to know either)."""
    game = GoldfishGame.objects.select_related("deck", "owner").filter(pk=game_id).first()
    if game is None or not viewer.may_watch(game):
        raise Http404(GAME_NOT_FOUND)
    return game


def games_of(actor, *, limit: int = 20) -> list[GoldfishGame]:
    """Return the visitor's own games, most recently played first."""
    return list(GoldfishGame.objects.of_player(actor.user, actor.session_key).select_related("deck")
                .order_by("-updated_at")[:limit])


def deck_high_scores(deck: Deck, *, limit: int = HIGH_SCORES) -> list[GoldfishGame]:
    """Return the deck's best finished goldfish games, highest Legacy first."""
    return list(GoldfishGame.objects.finished().filter(deck=deck).select_related("owner").best_first()[:limit])


def personal_best(deck: Deck | None, actor) -> GoldfishGame | None:
    """Return the visitor's own best finished game of this deck."""
    if deck is None:
        return None
    return (GoldfishGame.objects.finished().of_player(actor.user, actor.session_key).filter(deck=deck)
            .best_first().first())


def top_games(*, limit: int = HIGH_SCORES) -> list[GoldfishGame]:
    """Return the best finished games of any deck that is listed for everyone."""
    return list(GoldfishGame.objects.finished().filter(deck__visibility="public").select_related("owner", "deck")
                .best_first()[:limit])


def latest_simulations(deck: Deck, *, limit: int = 3) -> list[DeckSimulation]:
    return list(DeckSimulation.objects.filter(deck=deck).order_by("-created_at")[:limit])


# ---------------------------------------------------------------------------------------------- what a client sees


def board(state: GameState) -> dict:
    """The board of a goldfish game (or a frame of its replay), to whoever watches it: all of it, the player's hand
    too — anyone with the game's id is shown its seed and list (which give the hand away), and the empty opponent
    holds no card."""
    return board_for(state, PLAYER, revealed=SEATS)


def game_links(game: GoldfishGame) -> dict[str, str]:
    return links(game, "goldfish")


def record_info(game: GoldfishGame, actor) -> dict[str, Any] | None:
    """For a finished game of a saved deck: the deck's best, the player's best and whether this game is it."""
    if not game.is_finished or game.deck_id is None:
        return None
    best = GoldfishGame.objects.finished().filter(deck_id=game.deck_id).aggregate(best=Max("legacy"))["best"]
    mine = personal_best(game.deck, actor) if actor is not None and actor.may_act_in(game) else None
    return {"deck_best": best, "your_best": mine.legacy if mine else None,
            "is_record": mine is not None and mine.pk == game.pk}


def game_payload(game: GoldfishGame, state: GameState, *, actor=None, log_from: int = 0,
                 catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Everything a client shows of a game; `catalogue` adds the `cards` map, `log_from` trims the log."""
    view = board(state)
    names = card_index(view)
    can_act = actor is not None and actor.may_act_in(game) and not state.is_over
    legal = [describe_action(a, names) for a in state.legal_actions()] if can_act else []
    payload = {
        "id": game.pk,
        **game_links(game),
        "status": game.status,
        "version": game.version,
        "moves": len(game.actions),
        "seed": game.seed,
        "seating": game.seating,
        "variants": variant_rows(game.variants, catalogue or state.cat),
        "deck": deck_ref(game.deck),
        "deck_name": game.deck_name,
        "hero": game.hero,
        "engine_version": game.engine_version,
        "outdated": catalogue is not None and game.data_hash != catalogue.data_hash,
        "release": release_of_game(game.data_hash, game.created_at),
        "bot_assisted": game.bot_assisted,
        "can_act": can_act,
        "is_owner": actor is not None and actor.may_act_in(game),
        "owner": game.owner.username if game.owner_id else None,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "finished_at": game.finished_at,
        "legacy": game.legacy,
        "rounds": game.rounds,
        "digest": game_digest(game, state),
        "state": view,
        "prompt": prompt(state, view),
        "legal_actions": legal,
        "log": state.events_from(max(0, log_from)),
        "log_count": state.event_count,
        "result": state.result(),
        "record": record_info(game, actor),
    }
    if catalogue is not None:
        payload["cards"] = card_entries(state.cat, [game.hero, *game.cards])  # as the game's release has them
    return payload
