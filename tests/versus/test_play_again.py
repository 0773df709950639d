""""Play again" after a game against the computer (issue 34): the start page comes back filled with the same line-up,
every computer with its deck and level, the seat, teams, variants, and no seed, so starting it deals a new game."""
from __future__ import annotations

import re

from django.test import Client

from cards.catalogue import play_catalogue
from decks.models import Deck
from decks.textio import format_decklist
from rules.models import VersusGame
from rules.play.decks import checked_deck
from tests.versus.helpers import MINE, start
from tests.versus.test_table import LETHAN, MARU, TALAH, start_table


def chosen(page: str, name: str) -> str | None:
    """The option selected in the select `name`, or the radio checked in the group `name`."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    if select:
        found = re.search(r'<option value="([^"]*)" selected', select.group(1))
        return found.group(1) if found else None
    found = re.search(rf'<input type="radio" name="{name}" value="([^"]*)" checked', page)
    return found.group(1) if found else None


def test_play_again_after_two_against_two_fills_every_computer_and_the_teams(api):
    game = start_table(api, [(MARU, "easy"), (TALAH, "hard"), (LETHAN, "normal")], teams=True, seat="second",
                       seed=5)
    page = api.get(f"/versus/?again={game['id']}").content.decode()
    assert [chosen(page, n) for n in ("deck", "opponent", "difficulty", "opponent_2", "difficulty_2", "opponent_3",
                                      "difficulty_3", "seat", "seating")] == [
        MINE, MARU, "easy", TALAH, "hard", LETHAN, "normal", "second", "side-by-side"]
    assert re.search(r'name="teams" id="id_teams" checked', page)
    assert re.search(r'name="seed" id="id_seed"[^>]*value=""', page)  # a new seed: the field left empty
    # Starting it as filled seats the same line-up again, dealt from a new seed.
    form = {"source": "deck", "deck": MINE, "opponent": MARU, "difficulty": "easy", "opponent_2": TALAH,
            "difficulty_2": "hard", "opponent_3": LETHAN, "difficulty_3": "normal", "teams": "on", "seat": "second",
            "seating": "side-by-side"}
    client = Client()
    assert client.post("/versus/", form).status_code == 302
    new = VersusGame.objects.exclude(pk=game["id"]).get()
    old = VersusGame.objects.get(pk=game["id"])
    assert (new.seating, new.seat, new.seed != old.seed) == ("two-against-two", 1, True)
    assert [(c["deck"], c["difficulty"], c["seat"]) for c in new.computers] == [
        (c["deck"], c["difficulty"], c["seat"]) for c in old.computers]


def test_play_again_after_three_players_leaves_the_third_computer_empty(api):
    game = start_table(api, [(TALAH, "hard"), (MARU, "normal")], seed=3)
    page = api.get(f"/versus/?again={game['id']}").content.decode()
    assert [chosen(page, n) for n in ("opponent", "difficulty", "opponent_2", "difficulty_2", "opponent_3")] == [
        TALAH, "hard", MARU, "normal", None]
    assert not re.search(r'name="teams" id="id_teams" checked', page)


def test_play_again_with_a_pasted_list_and_a_diagonal_duel_keeps_them(api):
    catalogue = play_catalogue()
    text = format_decklist(*checked_deck(catalogue, deck=Deck.objects.get(pk=MINE), hero=None, counts=None), catalogue)
    game = start(api, deck=None, text=text, opponent=TALAH, difficulty="easy", seating="diagonal")
    page = api.get(f"/versus/?again={game['id']}").content.decode()
    assert [chosen(page, n) for n in ("source", "opponent", "difficulty", "seating", "opponent_2")] == [
        "text", TALAH, "easy", "diagonal", None]
    assert "Dr. Veylan" in page.split('id="id_text"')[1].split("</textarea>")[0]  # the list, as pasted


def test_play_again_for_an_unknown_game_is_a_404(client, catalogue_db):
    assert client.get("/versus/?again=no-such-game").status_code == 404
