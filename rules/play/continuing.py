"""The games a signed-in player left open, in every mode, newest first: the home page's "Continue your game". It
reads the game rows of the rules app (goldfish, versus and live tables alike) and names no feature package, so the
play layer stays below the modes (tests/test_layers.py)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from cards.catalogue import get_catalogue
from rules.models import GoldfishGame, Status, Table, TableStatus, VersusGame

LIMIT = 6


@dataclass(frozen=True)
class OpenGame:
    """One unfinished game as the home page lists it: its mode, what it is, where it stands, and its address."""

    mode: str
    title: str
    detail: str
    url: str
    updated_at: datetime


def hero_name(slug: str) -> str:
    card = get_catalogue().cards.get(slug)
    return card.name if card is not None else slug


def games_to_continue(user, limit: int = LIMIT) -> list[OpenGame]:
    """The user's unfinished goldfish and versus games and live tables (open or in play), newest first."""
    if not getattr(user, "is_authenticated", False):
        return []
    rows: list[OpenGame] = []
    for game in GoldfishGame.objects.filter(owner=user, status=Status.ACTIVE).order_by("-updated_at")[:limit]:
        rows.append(OpenGame("Goldfish", game.deck_name or hero_name(game.hero),
                             f"move {len(game.actions)}", game.get_absolute_url(), game.updated_at))
    for game in VersusGame.objects.filter(owner=user, status=Status.ACTIVE).order_by("-updated_at")[:limit]:
        rows.append(OpenGame("Versus", f"{game.deck_name or hero_name(game.hero)} vs "
                                       f"{game.opponent_name or hero_name(game.opponent_hero)}",
                             f"{game.get_difficulty_display()} · move {len(game.actions)}", game.get_absolute_url(),
                             game.updated_at))
    seats = range(1, 5)  # a table seats two to four (issue 34): pN_user for every seat
    mine = Q(pk__in=[])
    for n in seats:
        mine |= Q(**{f"p{n}_user": user})
    tables = (Table.objects.filter(mine, status__in=[TableStatus.OPEN, TableStatus.LIVE])
              .select_related(*(f"p{n}_user" for n in seats)).order_by("-updated_at")[:limit])
    for table in tables:
        users = [getattr(table, f"p{n}_user") for n in range(1, table.players + 1)]
        seat = next(i for i, u in enumerate(users) if u is not None and u.pk == user.pk)
        others = [(u.username if u else ("a guest" if table.decks[i] else "an empty seat"))
                  for i, u in enumerate(users) if i != seat]
        detail = "waiting for an opponent" if table.status == TableStatus.OPEN else f"move {len(table.actions)}"
        rows.append(OpenGame("Play a friend", f"You vs {', '.join(others)}", detail, table.get_absolute_url(),
                             table.updated_at))
    return sorted(rows, key=lambda row: row.updated_at, reverse=True)[:limit]
