"""The leaderboard lists the computer's levels among the people (issue 35), each marked as a computer with its rating
and record, in one order by rating: the page and the API alike."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.test import Client

from rules.models import PlayerRating


def rated(**fields) -> PlayerRating:
    ordinal = fields.pop("ordinal")
    return PlayerRating.objects.create(mu=ordinal + 9, sigma=3.0, ordinal=ordinal, **fields)


def test_the_leaderboard_lists_a_level_among_the_people_marked_as_a_computer(db):
    ana = get_user_model().objects.create_user("ana", password="pw-long-enough-1")
    bo = get_user_model().objects.create_user("bo", password="pw-long-enough-1")
    rated(user=ana, ordinal=30.0, wins=9, losses=1)
    rated(level="hard", ordinal=24.1, wins=20, losses=15, draws=2)
    rated(user=bo, ordinal=3.5, wins=1, losses=4)
    rows = Client().get("/api/tables/leaderboard/").json()
    assert [(r["rank"], r["player"], r["computer"], r["level"]) for r in rows] == [
        (1, "ana", False, None), (2, "Computer (hard)", True, "hard"), (3, "bo", False, None)]
    assert {k: rows[1][k] for k in ("rating", "wins", "losses", "draws", "games")} == {
        "rating": 24.1, "wins": 20, "losses": 15, "draws": 2, "games": 37}
    page = Client().get("/play/leaderboard/").content.decode()
    assert '<span class="lb-computer" data-level="hard">Computer (hard)</span> <span class="tag">computer</span>' in page
    assert page.index(">ana<") < page.index("Computer (hard)") < page.index(">bo<")


def test_a_rating_row_is_a_player_or_a_level_never_both_nor_two_of_one_level(db):
    ana = get_user_model().objects.create_user("ana", password="pw-long-enough-1")
    rated(level="easy", ordinal=1.0)
    for fields in ({"user": ana, "level": "hard"}, {}, {"level": "easy"}):
        with transaction.atomic(), pytest.raises(IntegrityError):
            rated(ordinal=0.0, **fields)
