"""One table of three or four decks played by bots (`manage.py match --table`): which deck and which seat wins.

A table of k decks is played over every rotation of its seats: in rotation r the deck listed i-th sits in seat
(i + r) mod k, so over the k rotations every deck sits every seat once and no deck keeps a seat's edge (the middle
seat S2 of a three-player game shares both its edges; S1 and S3 each have one of their own: RULINGS 41). Each
rotation plays `games` games, game j of rotation r seeded with `game_seed(seed, r * games + j)`. A team game
(`teams`, four decks) sits the first and third deck against the second and fourth; a rotation moves both partners,
so they stay partners in diagonal seats.

A game's winners are its sole survivor, or the winning team's two players; a draw (RULINGS 45) counts as a draw
for every player (or team) who shares it, and in the win rate as that player's share of the game: half of a draw
between two, as in a two-deck match, a third of a three-way draw. So in a free-for-all the seats' win rates add up
to one game a game, and in a team game the two teams' do. The lab's table study (studytable.py) plays the same
games, game by game, and reads them with the same `record` (match.py).
"""
from __future__ import annotations

import statistics
from collections import Counter
from typing import Any, Sequence

from .bots import get_bot
from .catalogue import Catalogue
from .errors import GameDataError
from .health import game_facts
from .match import record
from .setup import DeckSpec, new_game
from .simulate import game_seed

SEATS = ("S1", "S2", "S3", "S4")


def play_table_game(catalogue: Catalogue, decks: Sequence[DeckSpec], *, bot: str, seed: int, rotation: int,
                    teams: bool = False, variants: Sequence[str] = ()) -> dict[str, Any]:
    """One game of the table in one rotation (under the named rule variants): per listed deck, its seat, Legacy,
    outcome (win, draw, loss) and score (a win 1, a draw its share); the game's length and rules health facts."""
    k = len(decks)
    seat_of = [(i + rotation) % k for i in range(k)]            # listed deck -> seat
    by_seat: list[Any] = [None] * k
    for i, seat in enumerate(seat_of):
        by_seat[seat] = decks[i]
    g = new_game(catalogue, by_seat, seed=seed, teams=teams, variants=variants)
    players = [get_bot(bot, seed + seat) for seat in range(k)]
    decisions = 0
    while not g.is_over:
        g.apply(players[g.current_player].choose(g))
        decisions += 1
    result = g.result()
    winners = result["winners"]
    shared = result["tiebreak"] == "draw"
    outcomes = [("draw" if shared else "win") if seat_of[i] in winners else "loss" for i in range(k)]
    sides = max(1, len(winners) // (2 if teams else 1))   # the players, or teams, who share the game
    return {"seed": seed, "rotation": rotation, "seats": seat_of, "rounds": g.round, "decisions": decisions,
            "legacy": [result["legacy"][seat_of[i]] for i in range(k)], "outcomes": outcomes,
            "scores": [0.0 if outcome == "loss" else 1 / sides for outcome in outcomes],
            "team_legacy": result.get("team_legacy"), "health": game_facts(g)}


def play_table(catalogue: Catalogue, decks: Sequence[DeckSpec], *, names: Sequence[str] | None = None,
               bot: str = "cpu:normal", games: int = 1, seed: int = 0, teams: bool = False) -> dict[str, Any]:
    """`games` games in each rotation of the seats; per deck and per seat: wins, draws, win rate with its 95%
    interval, mean Legacy; the game length (rounds, decisions); with `teams`, per team as well."""
    k = len(decks)
    if k not in (3, 4):
        raise GameDataError(f"a table seats three or four decks (got {k})")
    if teams and k != 4:
        raise GameDataError(f"a team game needs four decks, two against two (got {k})")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameDataError(f"the number of games must be a positive integer (got {games!r})")
    get_bot(bot)   # fail fast on an unknown player
    names = list(names) if names is not None else [f"deck {i + 1}" for i in range(k)]
    rows = [play_table_game(catalogue, decks, bot=bot, seed=game_seed(seed, r * games + j), rotation=r, teams=teams)
            for r in range(k) for j in range(games)]
    per_deck = {name: _tally([_cell(row, i) for row in rows]) for i, name in enumerate(names)}
    per_seat = {SEATS[seat]: _tally([_cell(row, row["seats"].index(seat)) for row in rows]) for seat in range(k)}
    out = {"decks": names, "bot": bot, "seed": seed, "teams": teams, "games": len(rows), "games_per_rotation": games,
           "rotations": k, "per_deck": per_deck, "per_seat": per_seat,
           "rounds": _spread([r["rounds"] for r in rows]), "decisions": _spread([r["decisions"] for r in rows])}
    if teams:
        label = [f"{names[0]} + {names[2]}", f"{names[1]} + {names[3]}"]
        out["per_team"] = {label[t]: _tally([(row["outcomes"][t], row["scores"][t],
                                              row["team_legacy"][row["seats"][t] % 2]) for row in rows])
                           for t in (0, 1)}
    return out


def _cell(row: dict[str, Any], i: int) -> tuple[str, float, int]:
    return row["outcomes"][i], row["scores"][i], row["legacy"][i]


def _tally(cells: list[tuple[str, float, int]]) -> dict[str, Any]:
    """A deck's, seat's or team's record (match.py's `record`, as every study reads it) and its mean Legacy."""
    return {**record(Counter(outcome for outcome, _, _ in cells), score=sum(score for _, score, _ in cells)),
            "mean_legacy": round(statistics.mean(legacy for _, _, legacy in cells), 2)}


def _spread(values: list[int]) -> dict[str, float]:
    return {"mean": round(statistics.mean(values), 1), "min": min(values), "max": max(values)}
