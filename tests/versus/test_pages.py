"""The versus pages without JavaScript: the start form, the board and replay shells, and a deck's record."""
from __future__ import annotations

import re

from django.test import Client

from rules.models import VersusGame
from tests.versus.helpers import CPU_DECK, MINE, finish, start


def test_the_start_form_starts_a_game_and_redirects_to_its_board(catalogue_db):
    client = Client()
    page = client.get("/versus/?deck=starter-talah")
    assert page.status_code == 200 and b'id="id_opponent"' in page.content and b"starter-elder-maru" in page.content
    response = client.post("/versus/", {"source": "deck", "deck": MINE, "opponent": CPU_DECK, "difficulty": "easy",
                                        "seat": "second", "seating": "diagonal", "seed": "12"})
    game = VersusGame.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert (game.difficulty, game.seat, game.seating, game.seed) == ("easy", 1, "diagonal", 12)
    board = client.get(game.get_absolute_url()).content.decode()
    assert 'data-seat="1"' in board and "vs-opp-body" in board and "seed 12" not in board
    assert client.get(f"/versus/{game.pk}/replay/").status_code == 200
    listed = client.get("/versus/").content.decode()
    assert game.get_absolute_url() in listed


def test_a_bad_start_shows_why_and_creates_nothing(catalogue_db):
    client = Client()
    response = client.post("/versus/", {"source": "text", "text": "Hero: Nobody\n3 Nothing", "opponent": CPU_DECK,
                                        "difficulty": "normal", "seat": "first", "seating": "side-by-side"})
    assert response.status_code == 400 and b"gf-errors" in response.content
    response = client.post("/versus/", {"source": "deck", "deck": MINE, "opponent": CPU_DECK,
                                        "difficulty": "impossible", "seat": "first", "seating": "side-by-side"})
    assert response.status_code == 400
    assert not VersusGame.objects.exists()
    assert client.get("/versus/nothing-here/").status_code == 404


def test_the_deck_page_keeps_a_record_against_each_difficulty(api):
    finish(api, start(api, seed=13, difficulty="hard"))  # expert thinks ~1 s a move: too slow here
    game = VersusGame.objects.get()
    page = Client().get(f"/decks/{MINE}/").content.decode()
    assert 'id="versus-record"' in page
    row = page[page.index('data-difficulty="hard"'):].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in re.split(r'<td class="num[^"]*">', row)[1:]]
    full_circle = "1" if game.ending == "full_circle" else "0"
    assert game.bot_assisted and cells == ["0", "0", "0", "1", "1", full_circle]   # a bot finished it: not a win by hand
    VersusGame.objects.filter(pk=game.pk).update(bot_assisted=False)
    page = Client().get(f"/decks/{MINE}/").content.decode()
    row = page[page.index('data-difficulty="hard"'):].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in re.split(r'<td class="num[^"]*">', row)[1:]]
    expected = {"win": ["1", "0", "0"], "loss": ["0", "1", "0"], "draw": ["0", "0", "1"]}[game.outcome]
    assert cells == expected + ["0", "1", "1" if game.ending == "full_circle" else "0"]   # games, by the full circle
    easy = page[page.index('data-difficulty="easy"'):].split("</tr>")[0]
    assert easy.count('>0</td>') == 6


def test_a_deck_page_links_its_matchups_against_the_starters_with_the_numbers(client, catalogue_db):
    from cards.catalogue import get_catalogue
    from rules.engine.match import play_match
    from rules.engine.simulate import starter_deck
    from rules.versus.matchups import MATCHUP_GAMES, MATCHUP_PLAYER, MATCHUP_SEED
    deck_page = client.get("/decks/starter-elder-maru/").content.decode()
    assert 'href="/versus/matchups/starter-elder-maru/"' in deck_page
    page = client.get("/versus/matchups/starter-elder-maru/").content.decode()
    catalogue = get_catalogue()
    for slug in catalogue.starter_decks:
        assert (f'data-starter="{slug}"' in page) == (slug != "starter-elder-maru")
    expected = play_match(catalogue, starter_deck(catalogue, "starter-elder-maru"),
                          starter_deck(catalogue, "starter-talah"), p1=MATCHUP_PLAYER, p2=MATCHUP_PLAYER,
                          games=MATCHUP_GAMES, seed=MATCHUP_SEED)
    row = page.split('data-starter="starter-talah"')[1].split("</tr>")[0]
    assert f'<td class="num">{expected["wins"]}</td><td class="num">{expected["losses"]}</td>' in row
    assert client.get("/versus/matchups/no-such-deck/").status_code == 404
