"""A deck's record against the computer when it also sat at tables of three or four (issue 34): a table game counts
on its own line, naming every level met there, never under its first computer's level alone."""
from __future__ import annotations

from django.test import Client

from decks.models import Deck
from rules.models import Status, VersusGame
from rules.versus.selectors import deck_record
from tests.versus.helpers import MINE

MARU, TALAH, LETHAN = "starter-elder-maru", "starter-talah", "starter-lethan"


def finished(deck: Deck, *, outcome: str, levels: list[str], seating: str | None = None, bot: bool = False):
    """A finished game of `deck` against computers at `levels` (one: a game of two; more: a table)."""
    computers = [{"seat": seat, "deck": MARU, "deck_version": 1, "name": "Maru", "hero": "elder-maru", "cards": [],
                  "difficulty": level} for seat, level in enumerate(levels, start=1)]
    seating = seating or {1: "side-by-side", 2: "three-players", 3: "four-players"}[len(levels)]
    return VersusGame.objects.create(
        deck=deck, hero="dr-veylan", opponent_hero="elder-maru", difficulty=levels[0], seed=1, data_hash="x",
        engine_version="x", seating=seating, computers=computers if len(levels) > 1 else [], status=Status.FINISHED,
        outcome=outcome, legacy=10, opponent_legacy=8, bot_assisted=bot)


def row_of(rows, **key):
    return next(r for r in rows if all(r[k] == v for k, v in key.items()))


def test_a_table_game_is_not_counted_under_its_first_computers_level(catalogue_db):
    deck = Deck.objects.get(pk=MINE)
    finished(deck, outcome="win", levels=["normal"])
    finished(deck, outcome="win", levels=["normal", "hard"])
    finished(deck, outcome="loss", levels=["hard", "hard", "easy"])
    finished(deck, outcome="draw", levels=["easy", "normal", "hard"], seating="two-against-two", bot=True)
    rows = deck_record(deck)
    normal = row_of(rows, difficulty="normal")
    assert (normal["wins"], normal["losses"], normal["games"]) == (1, 0, 1)  # the duel only
    assert row_of(rows, difficulty="hard")["games"] == 0 and row_of(rows, difficulty="easy")["games"] == 0
    three = row_of(rows, seating="three-players")
    assert (three["wins"], three["losses"], three["games"]) == (1, 0, 1)
    assert three["levels"] == [{"difficulty": "normal", "label": "Normal", "games": 1},
                               {"difficulty": "hard", "label": "Hard", "games": 1}]
    four = row_of(rows, seating="four-players")
    assert (four["losses"], four["games"]) == (1, 1)
    assert [(lv["difficulty"], lv["games"]) for lv in four["levels"]] == [("easy", 1), ("hard", 1)]  # hard twice: 1 game
    teams = row_of(rows, seating="two-against-two")
    assert (teams["draws"], teams["bot_games"], teams["games"]) == (0, 1, 1)
    assert sum(r["games"] for r in rows) == VersusGame.objects.count()  # every game counted once


def test_the_deck_page_shows_each_table_on_its_own_line_with_the_levels_met(catalogue_db):
    deck = Deck.objects.get(pk=MINE)
    finished(deck, outcome="win", levels=["normal", "hard"])
    page = Client().get(f"/decks/{MINE}/").content.decode()
    normal = page[page.index('data-difficulty="normal"'):].split("</tr>")[0]
    assert normal.count(">0</td>") == 6  # the table game is not a win against normal
    three = page[page.index('data-seating="three-players"'):].split("</tr>")[0]
    assert "Three players" in three and 'data-level="normal">Normal ×1' in three and 'data-level="hard">Hard ×1' in three
    assert '<td class="num">1</td><td class="num">0</td><td class="num">0</td>' in three  # won, lost, drawn
    assert 'data-seating="four-players"' not in page  # no line for a table never sat at
