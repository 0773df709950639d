"""The versus level menu offers the quick level between hard and expert and says each level in words (issue 35)."""
from __future__ import annotations

import re

from django.test import Client


def test_the_level_menu_says_what_each_level_is_and_offers_quick_between_hard_and_expert(catalogue_db):
    page = Client().get("/versus/").content.decode()
    menu = re.findall(r'name="difficulty" value="(\w+)"[^>]*> ([^<]+?) <span', page)
    assert [value for value, _ in menu] == ["easy", "normal", "hard", "quick", "expert"]
    words = dict(menu)
    assert words["quick"].startswith("Quick: ") and "tenth of a second" in words["quick"]
    assert words["hard"] == "Hard: takes the most Legacy it can now and never errs"


def test_a_game_at_the_quick_level_starts_and_an_unknown_level_is_refused(catalogue_db):
    client = Client()
    body = {"source": "deck", "deck": "starter-dr-veylan", "opponent": "starter-elder-maru", "seat": "first",
            "seating": "diagonal", "seed": "4"}
    refused = client.post("/versus/", {**body, "difficulty": "quickest"})
    assert refused.status_code == 400 and "quickest" in refused.content.decode()
    started = client.post("/versus/", {**body, "difficulty": "quick"})
    assert started.status_code == 302
    board = client.get(started["Location"]).content.decode()
    assert "Quick" in board
