"""Versus at a table of three or four (issue 34): the visitor and one to three computer players, each with its own
deck and level, free-for-all or two against two (the visitor and the computer across the table, partners in diagonal
seats as the engine's `two-against-two` seating has them, RULINGS 41).

A game of two is the printed game and is stored as before (the opponent fields); a game of three or four also lists
every computer in `VersusGame.computers`, in seat order, so the record (seed, action log, seating) replays it like
any other. This module turns a start request's computers into seats, says who won for the visitor, and names each
seat in words for the pages ("Computer 2 (hard) · Elder Maru").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from cataclysm_site.api_errors import ApiError
from decks.models import Deck
from rules.engine.decks import default_seating
from rules.models import Difficulty, Outcome, Seating
from rules.play.decks import deck_ref

MAX_COMPUTERS = 3  # the rulebook's table has four seats: the visitor and at most three computers
TOO_MANY_PLAYERS = "too_many_players"
BAD_TEAMS = "bad_teams"
BAD_SEATING_FOR_TABLE = "bad_seating"
LEVEL_WORDS = {name: label.lower() for name, label in Difficulty.choices}
LEVEL_LABELS = dict(Difficulty.choices)


@dataclass(frozen=True)
class Computer:
    """One computer player a start request asks for: the deck it plays and its level."""

    deck: Deck | None
    difficulty: str


def table_seating(computers: Sequence[Computer], *, teams: bool, seating: str) -> str:
    """The seating of a game of the visitor and `computers`: the one asked for at two, the clockwise seats at three
    or four, partners diagonal with `teams`; refuse five players, a team game not of four, a two-player seating."""
    players = len(computers) + 1
    if players > MAX_COMPUTERS + 1:
        raise ApiError(TOO_MANY_PLAYERS, f"A game seats two to four players: you and one to three "
                       f"computers, not {len(computers)} ({players} players).")
    if teams and players != 4:
        raise ApiError(BAD_TEAMS, "A team game is two against two: you and three computers (`teams` with "
                       f"{len(computers)} computer(s) is {players} players).")
    if players == 2:
        return seating
    if seating != Seating.SIDE_BY_SIDE:
        raise ApiError(BAD_SEATING_FOR_TABLE, f"The {seating} seating seats two: a game of {players} sits clockwise "
                       "around the Pyramid (leave `seating` out).")
    return default_seating(players, teams)


def computer_seats(visitor: int, count: int) -> list[int]:
    """The computers' seats: every seat but the visitor's, in order (in a team game the one across, visitor + 2,
    is the partner)."""
    return [s for s in range(count + 1) if s != visitor]


def outcome_for(seat: int, result: dict) -> str:
    """Win, loss or draw for the visitor: a team game is won or lost with the partner, a shared first place is a
    draw (RULINGS 45), the printed game's single winner otherwise."""
    if "teams" in result:
        team = result.get("winning_team")
        if team is None:
            return Outcome.DRAW
        return Outcome.WIN if seat in result["teams"][team] else Outcome.LOSS
    if result["winner"] is not None:
        return Outcome.WIN if result["winner"] == seat else Outcome.LOSS
    winners = result.get("winners") or []
    return Outcome.DRAW if not winners or seat in winners else Outcome.LOSS


def seat_rows(game, names: dict[str, str]) -> list[dict[str, Any]]:
    """Each seat in words, in seat order: who sits there ("You", "Computer 2 (hard)"), the Hero's name, the deck,
    the level and the team. `names` maps a Hero's slug to its name."""
    teams = game.seating == "two-against-two"
    computers = game.computers or [{"seat": game.cpu_seat, "hero": game.opponent_hero, "name": game.opponent_name,
                                    "difficulty": game.difficulty}]
    rows: dict[int, dict[str, Any]] = {game.seat: {"seat": game.seat, "who": "You", "hero": game.hero,
                                                   "hero_name": names.get(game.hero, game.hero),
                                                   "deck_name": game.deck_name, "difficulty": None}}
    for number, cpu in enumerate(computers, start=1):
        label = "Computer" if len(computers) == 1 else f"Computer {number}"
        rows[cpu["seat"]] = {"seat": cpu["seat"], "who": f"{label} ({LEVEL_WORDS.get(cpu['difficulty'], '')})",
                             "hero": cpu["hero"], "hero_name": names.get(cpu["hero"], cpu["hero"]),
                             "deck_name": cpu["name"], "difficulty": cpu["difficulty"]}
    out = []
    for seat in sorted(rows):
        row = rows[seat]
        row["team"] = seat % 2 if teams else None
        row["partner"] = teams and seat != game.seat and seat % 2 == game.seat % 2
        out.append(row)
    return out


def levels_in_words(game) -> str:
    """Every computer's level in seat order, as the pages head a game: "Hard" at two, "Easy · Hard · Normal" at a
    table (never the first computer's alone)."""
    levels = [cpu["difficulty"] for cpu in game.computers] or [game.difficulty]
    return " · ".join(LEVEL_LABELS.get(level, level) for level in levels)


def opponents_in_words(game) -> str:
    """The decks the computers play, in seat order ("Elder Maru Starter, Talah Starter")."""
    if game.computers:
        return ", ".join(cpu["name"] or cpu["hero"] for cpu in game.computers)
    return game.opponent_name or game.opponent_hero


def score_in_words(game) -> str:
    """A finished game's score for a list: yours against the computer's at two ("22–18"); at a table, where the
    others are several, your Legacy ("Legacy 22")."""
    return f"Legacy {game.legacy}" if game.computers else f"{game.legacy}–{game.opponent_legacy}"


def line_up(game, decks: Mapping[Any, Deck], legacies: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Every computer of the game in seat order, as the API names it (one at two, up to three at a table), so that a
    client can show the whole table and start the same line-up again (`computers` of POST /api/versus/): its seat,
    level, deck (`decks` maps a deck id to the deck, if it still exists), the deck's name and Hero when the game
    started, and its Legacy once the game is over (`legacies`, by seat, else the one saved at the end)."""
    computers = game.computers or [{"seat": game.cpu_seat, "deck": game.opponent_id, "name": game.opponent_name,
                                    "hero": game.opponent_hero, "difficulty": game.difficulty,
                                    "legacy": game.opponent_legacy}]
    return [{"seat": cpu["seat"], "level": cpu["difficulty"], "deck": deck_ref(decks.get(cpu["deck"])),
             "deck_name": cpu["name"], "hero": cpu["hero"],
             "legacy": legacies[cpu["seat"]] if legacies is not None else cpu.get("legacy")} for cpu in computers]


def with_legacies(computers: list[dict[str, Any]], legacies: Sequence[int]) -> list[dict[str, Any]]:
    """A finished table's computers as the game row keeps them, each with its Legacy (a list reads it unplayed)."""
    return [{**cpu, "legacy": legacies[cpu["seat"]]} for cpu in computers]
