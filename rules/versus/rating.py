"""Rated games against the computer (issue 35): a finished rated game moves the player's rating and the rating of
every computer level at the table, on the one scale of `rules.play.ratings`, as lichess rates a game between two
accounts.

A game is rated when the player asked for it at the start (`rated`, opt-in like lichess's casual/rated): only with an
account (an anonymous visitor has no record to keep) and on a random seed (the computer decides the same in the same
state, so a known seed would replay a known win). In a rated game every decision is the player's: the helper bot
is refused (`RATED_GAME`). A game left unfinished is never rated; versus has no undo, so no game rated here had a
move taken back. It counts once: `VersusGame.rating_counted` is set by a conditional update before anything moves,
so finishing twice (two tabs, a retried request) or replaying the game adds nothing.

Places come from `rules.play.standings`, as at a live table: at two, the winner first (a draw shares first place);
at three or four, by Legacy, the engine's winner first; two against two, team against team.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from cataclysm_site.api_errors import ApiError
from rules.engine.cpu import LEVELS, offered
from rules.models import PlayerRating, Status, VersusGame
from rules.play import ratings, standings

RATED_NEEDS_ACCOUNT = "rated_needs_account"
RATED_WITH_SEED = "rated_with_seed"
RATED_GAME = "rated_game"


@dataclass(frozen=True)
class Lineup:
    """A versus game as the standings read a table: its number of seats and whether two against two."""

    players: int
    teams: bool


def lineup(game: VersusGame) -> Lineup:
    return Lineup(players=len(game.computers) + 1 if game.computers else 2,
                  teams=game.seating == "two-against-two")


def check_rated_start(*, owner, seed: int | None) -> None:
    """Refuse a rated game that could not be rated fairly: without an account, or on a chosen seed."""
    if owner is None:
        raise ApiError(RATED_NEEDS_ACCOUNT, "Sign in to play a rated game: a rating is kept per account "
                       "(leave `rated` out to play a casual game).")
    if seed is not None:
        raise ApiError(RATED_WITH_SEED, "A rated game is dealt a random seed: on a known seed the same game could be "
                       "replayed to a known result (leave `seed` out, or play a casual game).")


def refuse_help(game: VersusGame) -> None:
    """A bot may not decide for the player in a rated game (as lichess allows no engine in a rated game)."""
    if game.rated:
        raise ApiError(RATED_GAME, "This is a rated game: every decision must be yours, so no bot may decide for "
                       "you. Start a casual game to let a bot play.")


def places(game: VersusGame, result: dict[str, Any]) -> list[int]:
    """Each seat's place at the end (1: first; a shared place ties), as a live table ranks its seats."""
    return standings.places(lineup(game), [], result=result)


def record(game: VersusGame, result: dict[str, Any]) -> bool:
    """Add a finished rated game to the player's rating and every level's (once); return whether it counted.
    `result` is the engine's at the end (`GameState.result()`)."""
    if not (game.rated and game.owner_id and game.status == Status.FINISHED and not game.bot_assisted):
        return False
    levels = {seat: game.level_of(seat) for seat in game.cpu_seats}
    with transaction.atomic():
        if not VersusGame.objects.filter(pk=game.pk, rated=True, rating_counted=False).update(rating_counted=True):
            return False
        rows = ratings.locked_rows(users=[game.owner_id], levels=levels.values())
        seated = [rows[game.owner_id] if seat == game.seat else rows[levels[seat]] for seat in range(len(levels) + 1)]
        ratings.rate(seated, standings.sides(lineup(game)), places(game, result))
    game.rating_counted = True
    return True


def level_list() -> list[dict[str, Any]]:
    """The levels a versus game offers, in the menu's order, each with its words and its rating (`GET
    /api/versus/levels/`): null rating fields for a level not yet rated."""
    rows = {r.level: r for r in PlayerRating.objects.filter(level__in=list(offered("versus")))}
    out = []
    for name in offered("versus"):
        row = rows.get(name)
        games = row.games if row else 0
        out.append({"level": name, "label": LEVELS[name]["label"], "says": LEVELS[name]["says"],
                    "rating": round(row.ordinal, 2) if games else None, "mu": round(row.mu, 2) if games else None,
                    "sigma": round(row.sigma, 2) if games else None, "wins": row.wins if row else 0,
                    "losses": row.losses if row else 0, "draws": row.draws if row else 0, "games": games,
                    "rated": ratings.rating_words(row)})
    return out
