"""Records and ratings on one scale for people and for the computer's levels (issue 35): OpenSkill's Plackett-Luce
model (a maintained Bayesian rating, like Glicko-2 for two players), shown and ranked by its conservative ordinal
mu - 3 sigma, as lichess shows a rating. A person's rating and a level's are the same kind of `PlayerRating` row (a
level's has `level` set and no account), so the leaderboard ranks them in one list and a rated game moves both.

The rated games: live tables between accounts (`rules.live.ratings`) and rated games against the computer
(`rules.versus.rating`). Each says who sat where and in what place each seat finished (`rules.play.standings`);
`rate` does the rest, the same for both. Three or four players are rated natively, as OpenSkill rates a multiplayer
game: every side (a player; in two against two a team of two) ranked by its place, equal places tied. A record counts
a win for the winning side, a draw for every side sharing first place, a loss for everyone else.

A level may sit in more than one seat of a game (three hard computers around the visitor). Each seat is then rated
from the level's rating as it stood before the game, and the level takes the sum of its seats' moves and the
smallest of their uncertainties; its record counts every seat it played (a seat is a game it played).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

from openskill.models import PlackettLuce

from rules.models import Difficulty, PlayerRating

MODEL = PlackettLuce()
NOT_YET_RATED = "not yet rated"
LEVELS = dict(Difficulty.choices)  # level -> its label ("Hard")


def _fresh() -> dict[str, float]:
    fresh = MODEL.rating()
    return {"mu": fresh.mu, "sigma": fresh.sigma, "ordinal": fresh.ordinal()}


def player_rating(user_id: int, *, lock: bool = False) -> PlayerRating:
    """The account's row (a new player's at the model's start: mu 25, sigma 25/3, ordinal 0)."""
    rows = PlayerRating.objects.select_for_update() if lock else PlayerRating.objects
    return rows.get_or_create(user_id=user_id, defaults=_fresh())[0]


def level_rating(level: str, *, lock: bool = False) -> PlayerRating:
    """The computer level's row, starting where a new player starts."""
    rows = PlayerRating.objects.select_for_update() if lock else PlayerRating.objects
    return rows.get_or_create(level=level, user=None, defaults=_fresh())[0]


def locked_rows(*, users: Iterable[int] = (), levels: Iterable[str] = ()) -> dict:
    """Every row a game moves, locked in one order (accounts by id, then levels by name) so two games finishing at
    once never deadlock; keyed by user id and by level name. Call inside a transaction."""
    rows: dict = {u: player_rating(u, lock=True) for u in sorted(set(users))}
    rows.update({lv: level_rating(lv, lock=True) for lv in sorted(set(levels))})
    return rows


def rate(rows: Sequence[PlayerRating], groups: Sequence[Sequence[int]], places: Sequence[int]) -> None:
    """Rate one finished game and save every row: `rows[seat]` is who sat in each seat (the same row in several seats
    for a level that played more than one), `groups` the sides (`standings.sides`), `places` each seat's place."""
    teams = [[MODEL.rating(mu=rows[s].mu, sigma=rows[s].sigma) for s in side] for side in groups]
    ranks = [places[side[0]] for side in groups]
    firsts = sum(1 for rank in ranks if rank == 1)
    before = {id(row): row.mu for row in rows}
    moves: dict[int, list] = defaultdict(list)
    for side, rated, rank in zip(groups, MODEL.rate(teams, ranks=ranks), ranks):
        for seat, new in zip(side, rated):
            row = rows[seat]
            moves[id(row)].append(new)
            if rank != 1:
                row.losses += 1
            elif firsts > 1:
                row.draws += 1
            else:
                row.wins += 1
    for row in {id(row): row for row in rows}.values():
        news = moves[id(row)]
        mu = before[id(row)] + sum(new.mu - before[id(row)] for new in news)
        sigma = min(new.sigma for new in news)
        row.mu, row.sigma, row.ordinal = mu, sigma, MODEL.rating(mu=mu, sigma=sigma).ordinal()
        row.save()


def leaderboard(limit: int = 50) -> list[PlayerRating]:
    """People and levels in one list, best rating first."""
    return list(PlayerRating.objects.select_related("user").order_by("-ordinal", "user__username", "level")[:limit])


def name_of(row: PlayerRating) -> str:
    """Who a row rates: the account's name, or the level as a computer: "Computer (hard)"."""
    return row.user.username if row.user_id else f"Computer ({LEVELS.get(row.level, row.level).lower()})"


def leaderboard_rows(rows: Iterable[PlayerRating]) -> list[dict]:
    """The leaderboard's rows (page and API): rank, who, whether a computer and its level, rating and record."""
    return [{"rank": rank, "player": name_of(r), "computer": not r.user_id, "level": r.level or None,
             "rating": round(r.ordinal, 2), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
             "wins": r.wins, "losses": r.losses, "draws": r.draws, "games": r.games}
            for rank, r in enumerate(rows, start=1)]


def player_record(user) -> PlayerRating | None:
    return PlayerRating.objects.filter(user=user).first()


def rating_words(row: PlayerRating | None) -> str:
    """A level's rating for its menu: "rated 24.1 over 37 games", or "not yet rated"."""
    if row is None or not row.games:
        return NOT_YET_RATED
    return f"rated {row.ordinal:.1f} over {row.games} game{'s' if row.games != 1 else ''}"


def level_words(levels: Iterable[str]) -> dict[str, str]:
    """Each level's rating in words (one query)."""
    rows = {r.level: r for r in PlayerRating.objects.filter(level__in=list(levels))}
    return {level: rating_words(rows.get(level)) for level in levels}
