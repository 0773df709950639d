"""Rated games against the computer (issue 35): a finished rated game moves the player's rating and the level's, once;
a casual game, an anonymous player, a chosen seed or a bot's help moves none; the level menu says each level's
rating."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from rules.models import PlayerRating, VersusGame
from rules.play import ratings
from rules.play.store import load_state
from rules.versus import rating
from tests.versus.helpers import CPU_DECK, MINE, finish, start
from tests.versus.rated import finish_by_hand, signed_in, start_rated

FRESH = ratings.MODEL.rating()


def test_a_finished_rated_game_moves_the_players_rating_and_the_levels_once(catalogue_db):
    client, user = signed_in()
    game = start_rated(client, difficulty="easy")
    assert game["rated"] is True and game["rating_counted"] is False
    assert not PlayerRating.objects.exists()  # nothing moves before the end
    done = finish_by_hand(client, game)
    assert done["rating_counted"] is True
    person, level = PlayerRating.objects.get(user=user), PlayerRating.objects.get(level="easy")
    assert person.games == level.games == 1
    outcome = done["outcome"]
    assert (person.wins, person.losses, person.draws) == (outcome == "win", outcome == "loss", outcome == "draw")
    assert (level.wins, level.losses) == (outcome == "loss", outcome == "win")
    if outcome != "draw":  # the winner climbs, the loser drops, by the model's update from the same start
        up, down = (person, level) if outcome == "win" else (level, person)
        assert up.mu > FRESH.mu > down.mu
    assert person.sigma < FRESH.sigma and level.sigma < FRESH.sigma

    # Finishing again (a second tab's write, a retried request: a stale copy of the row) or replaying adds nothing.
    row = VersusGame.objects.get(pk=game["id"])
    row.rating_counted = False
    assert rating.record(row, load_state(row).result()) is False
    assert client.get(f"/api/versus/{game['id']}/replay/").status_code == 200
    assert client.get(f"/api/versus/{game['id']}/").json()["rating_counted"] is True
    again = PlayerRating.objects.get(user=user), PlayerRating.objects.get(level="easy")
    assert [(r.mu, r.sigma, r.games) for r in again] == [(person.mu, person.sigma, 1), (level.mu, level.sigma, 1)]


def test_a_rated_table_of_three_rates_each_level_by_its_place_as_a_live_table_does(catalogue_db):
    client, user = signed_in()
    game = start_rated(client, computers=[{"opponent": CPU_DECK, "difficulty": "easy"},
                                          {"opponent": CPU_DECK, "difficulty": "normal"}])
    done = finish_by_hand(client, game)
    row = VersusGame.objects.get(pk=game["id"])
    places = rating.places(row, load_state(row).result())
    by_seat = {row.seat: PlayerRating.objects.get(user=user),
               **{c["seat"]: PlayerRating.objects.get(level=c["difficulty"]) for c in row.computers}}
    assert all(r.games == 1 for r in by_seat.values())
    for seat, place in enumerate(places):  # first place alone wins, a shared first draws, the rest lose
        shared = places.count(1) > 1
        expected = (place == 1 and not shared, place != 1, place == 1 and shared)
        assert (by_seat[seat].wins, by_seat[seat].losses, by_seat[seat].draws) == expected
    for seat, place in enumerate(places):  # everyone started fresh: a place alone at the top climbs, at the bottom drops
        if places.count(place) == 1 and place in (1, 3):
            assert (by_seat[seat].mu > FRESH.mu) is (place == 1)
    assert done["rating_counted"] is True


def test_a_level_in_two_seats_plays_two_games_in_its_record_and_moves_once_by_both(catalogue_db):
    client, _ = signed_in()
    game = start_rated(client, computers=[{"opponent": CPU_DECK, "difficulty": "easy"},
                                          {"opponent": CPU_DECK, "difficulty": "easy"}])
    finish_by_hand(client, game)
    assert PlayerRating.objects.filter(level="easy").count() == 1
    assert PlayerRating.objects.get(level="easy").games == 2


def test_a_casual_game_moves_no_rating(catalogue_db):
    client, _ = signed_in()
    game = start(client, difficulty="easy")
    assert game["rated"] is False
    done = finish(client, game)
    assert done["rated"] is False and done["rating_counted"] is False
    assert not PlayerRating.objects.exists()


@pytest.mark.parametrize(("signed", "extra", "code"), [
    (False, {}, "rated_needs_account"),  # an anonymous player has no record to keep
    (True, {"seed": 4}, "rated_with_seed"),  # a known seed replays a known win
])
def test_a_rated_game_that_could_not_be_rated_fairly_is_refused_and_nothing_starts(catalogue_db, signed, extra,
                                                                                   code):
    client = signed_in()[0] if signed else APIClient()
    response = client.post("/api/versus/", {"deck": MINE, "opponent": CPU_DECK, "rated": True, **extra},
                           format="json")
    assert response.status_code == 400 and response.json()["code"] == code
    assert not VersusGame.objects.exists()


def test_no_bot_may_decide_for_the_player_in_a_rated_game(catalogue_db):
    client, _ = signed_in()
    game = start_rated(client)
    response = client.post(f"/api/versus/{game['id']}/bot/", {"until": "end"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "rated_game"
    row = VersusGame.objects.get(pk=game["id"])
    assert row.version == game["version"] and not row.bot_assisted


def test_a_rated_games_board_offers_no_bot_and_says_it_is_rated(catalogue_db):
    client, user = signed_in()
    rated, casual = start_rated(client), start(client)
    page = Client()
    page.force_login(user)
    rated_page = page.get(f"/versus/{rated['id']}/").content.decode()
    casual_page = page.get(f"/versus/{casual['id']}/").content.decode()
    assert "gf-bot-turn" not in rated_page and ">Rated<" in rated_page
    assert "gf-bot-turn" in casual_page and ">Rated<" not in casual_page


def test_a_versus_game_has_no_undo_so_no_rated_game_takes_a_move_back(catalogue_db):
    client, _ = signed_in()
    game = start_rated(client)
    assert client.post(f"/api/versus/{game['id']}/undo/", {}, format="json").status_code in (404, 405)


def test_the_level_menu_says_each_levels_rating(catalogue_db):
    PlayerRating.objects.create(level="hard", mu=33.1, sigma=3.0, ordinal=24.1, wins=20, losses=15, draws=2)
    PlayerRating.objects.create(level="easy", mu=20.0, sigma=5.0, ordinal=5.0, wins=0, losses=1, draws=0)
    page = Client().get("/versus/").content.decode()
    said = dict(re.findall(r'class="muted small vs-level-rating" data-level="(\w+)">· ([^<]+)</span>', page))
    assert said == {"easy": "rated 5.0 over 1 game", "normal": "not yet rated", "hard": "rated 24.1 over 37 games",
                    "quick": "not yet rated", "expert": "not yet rated"}
    assert "Hard: takes the most Legacy it can now and never errs · rated 24.1 over 37 games</option>" in page


def test_the_start_form_starts_a_rated_game_for_a_signed_in_player_only(catalogue_db, django_user_model):
    body = {"source": "deck", "deck": MINE, "opponent": CPU_DECK, "seat": "first", "seating": "diagonal",
            "difficulty": "easy", "rated": "on"}
    anonymous = Client()
    assert 'id="vs-rated-signin"' in anonymous.get("/versus/").content.decode()
    assert anonymous.post("/versus/", body).status_code == 400
    browser = Client()
    browser.force_login(django_user_model.objects.create_user("formplayer", password="pw-long-enough-1"))
    assert 'name="rated"' in browser.get("/versus/").content.decode()
    started = browser.post("/versus/", body)
    assert started.status_code == 302
    assert VersusGame.objects.get().rated is True


def test_the_apis_level_list_says_each_levels_rating_in_the_menus_order(catalogue_db):
    PlayerRating.objects.create(level="hard", mu=33.1, sigma=3.0, ordinal=24.1, wins=20, losses=15, draws=2)
    levels = APIClient().get("/api/versus/levels/").json()
    assert [row["level"] for row in levels] == ["easy", "normal", "hard", "quick", "expert"]
    hard, easy = levels[2], levels[0]
    assert (hard["rating"], hard["games"], hard["rated"]) == (24.1, 37, "rated 24.1 over 37 games")
    assert (easy["rating"], easy["games"], easy["rated"]) == (None, 0, "not yet rated")
    assert hard["says"] == "takes the most Legacy it can now and never errs"
