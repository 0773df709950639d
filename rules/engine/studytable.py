"""The table study: three or four decks around one Pyramid, free-for-all or two against two (pure: no Django).

A `table` study plays the table as `manage.py match --table` does (tablematch.py), game for game: its `games` are
played in each rotation of the seats, so every deck sits every seat equally often and a deck's strength does not
pass for a seat's. Game `i` is rotation `i // games` on the seed `game_seed(seed, i)`, whichever chunk plays it; one
player (`p1`) sits at every seat. It reports, each win rate with its 95% Wilson interval (match.py's `record`):

- by seat: the seat's edge, whoever sits there. With three players the middle seat S2 shares both its edges while the
  flank seats S1 and S3 each have one of their own (RULINGS 41): `flank_vs_middle` sets S2 beside S1 and S3 pooled;
- by deck and, in a team game (the first and third deck against the second and fourth), by team;
- the game's length (rounds, decisions) and the rules' health (health.py), tallied like every other kind's.

A win scores 1 and a draw its share of the game (tablematch.py), so the seats' win rates add up to one game a game
in a free-for-all and the teams' in a team game: the fair share of a seat is 1/3 or 1/4, of a team (and of each of
its seats) 1/2.
"""
from __future__ import annotations

from typing import Any, Mapping

from .decks import default_seating
from .health import summary, tally_game
from .match import record
from .simulate import distribution, game_seed
from .studybase import StudyInputError, StudyKind, add, count, spec, tally_distribution
from .studyrequest import Study, StudyRequest, player_words
from .tablematch import SEATS, play_table_game

KIND = "table"
BAD_TEAMS = "bad_teams"
NUMBERS = {3: "three", 4: "four"}


def play(catalogue, study: Study, index: int, tally: dict, variants: tuple) -> None:
    """Game `index` of the table: its rotation's seats; each deck's result under its deck, its seat and its team."""
    decks, teams = study["decks"], bool(study.get("teams"))
    row = play_table_game(catalogue, [spec(d) for d in decks], bot=study["p1"], seed=game_seed(int(study["seed"]), index),
                          rotation=index // int(study["games"]), teams=teams, variants=variants)
    tally_game(tally, tuple(d["hero"] for d in decks), row["health"])
    for i, seat in enumerate(row["seats"]):
        for cell in (f"deck{i}", f"seat{seat}"):
            _add_result(tally, cell, row["outcomes"][i], row["scores"][i], row["legacy"][i])
    if teams:   # the first listed deck plays for team 0, the second for team 1, wherever they sit
        for t in (0, 1):
            _add_result(tally, f"team{t}", row["outcomes"][t], row["scores"][t],
                        row["team_legacy"][row["seats"][t] % 2])
    count(tally, "", "rounds", row["rounds"])
    add(tally, "", "decisions", row["decisions"])


def _add_result(tally: dict, cell: str, outcome: str, score: float, legacy: int) -> None:
    count(tally, cell, "outcome", outcome)
    add(tally, cell, "score", score)
    add(tally, cell, "legacy", legacy)


def _record(tally: Mapping[str, Any], *cells: str) -> dict[str, Any]:
    """The record of one cell, or of several pooled (each game counted once per cell): win rate, interval, mean
    Legacy."""
    outcomes: dict[str, int] = {}
    for cell in cells:
        for outcome, n in tally["counts"].get(f"{cell}/outcome", {}).items():
            outcomes[outcome] = outcomes.get(outcome, 0) + n
    sums = tally["sums"]
    one = record(outcomes, score=sum(sums.get(f"{cell}/score", 0) for cell in cells))
    legacy = sum(sums.get(f"{cell}/legacy", 0) for cell in cells)
    return {**one, "mean_legacy": round(legacy / one["games"], 2) if one["games"] else None}


def results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    names = [d["name"] for d in study["decks"]]
    k, teams, n = len(names), bool(study.get("teams")), tally["games"]
    out: dict[str, Any] = {
        "games": n, "decks": names, "players": k, "teams": teams, "rotations": k,
        "fair_share": round(1 / (2 if teams else k), 4),
        "by_seat": {SEATS[s]: _record(tally, f"seat{s}") for s in range(k)},
        "by_deck": {name: _record(tally, f"deck{i}") for i, name in enumerate(names)},
        "rounds": tally_distribution(tally, "/rounds"),
        "decisions_per_game": round(tally["sums"].get("/decisions", 0) / n, 1),
        "rules_health": summary(tally, distribution),
    }
    if k == 3:
        flank, middle = _record(tally, "seat0", "seat2"), out["by_seat"]["S2"]
        out["flank_vs_middle"] = {"flank": flank, "middle": middle,
                                  "difference": round(middle["win_rate"] - flank["win_rate"], 4),
                                  "verdict": _verdict(middle["interval"], flank["interval"])}
    if teams:
        out["by_team"] = {f"{names[0]} + {names[2]}": _record(tally, "team0"),
                          f"{names[1]} + {names[3]}": _record(tally, "team1")}
    return out


def _verdict(middle: list[float], flank: list[float]) -> str:
    """Whether the middle seat wins more or less than a flank seat beyond chance: their 95% intervals apart (a
    cautious reading: two intervals may overlap while the difference is already real)."""
    if middle[0] > flank[1]:
        return "middle_ahead"
    if middle[1] < flank[0]:
        return "middle_behind"
    return "no_clear_difference"


def inputs(catalogue, study: Study, request: StudyRequest) -> dict[str, Any]:
    """The table's player (`p1`, at every seat) and format; a team game needs four decks."""
    k = len(study["decks"])
    if request.teams and k != 4:
        raise StudyInputError(BAD_TEAMS, f"A team game is four decks, two against two (the first and third against "
                              f"the second and fourth); this table has {k}.")
    return {"p1": request.p1, "teams": bool(request.teams), "seating": default_seating(k, bool(request.teams))}


def title(study: Study) -> str:
    names = " · ".join(d["name"] for d in study["decks"])
    k = len(study["decks"])
    table = "two against two" if study.get("teams") else f"a table of {NUMBERS.get(k, k)}"
    return f"{names}: {table}, {player_words(study.get('p1'))} at every seat"


def widest_seat(study: Study, tally: Mapping[str, Any]) -> float | None:
    """The widest 95% interval of the seats' win rates: the question a table study answers first."""
    widths = [high - low for row in (_record(tally, f"seat{s}") for s in range(len(study["decks"])))
              if row["games"] for low, high in [row["interval"]]]
    return max(widths) if widths else None


TABLE = StudyKind(
    name=KIND, label="A table (three or four decks, every seat)", summary="a table of 3-4 decks, every seat rotation",
    decks=(3, 4), play=play, results=results, players=lambda decks: "table", inputs=inputs, title=title,
    width=widest_seat, pairs_of_games=lambda decks: decks, fields=("table",),
    results_template="lab/results/table.html", games_unit=" in each seat rotation")
