"""Goldfish pages: the start form (no JavaScript needed to start), the board and replay shells, a deck's scores."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.template.loader import render_to_string
from django.test import Client, RequestFactory

from decks import services as deck_services
from decks.models import Deck
from rules.engine.catalogue import load_catalogue
from rules.models import GoldfishGame

from .helpers import STARTER, finish, start

pytestmark = pytest.mark.django_db


def test_the_start_page_offers_the_starter_decks_seating_and_seed(catalogue_db, client):
    page = client.get("/goldfish/").content.decode()
    for deck in Deck.objects.filter(owner__isnull=True):
        assert f'value="{deck.pk}"' in page
    assert 'name="seating" value="diagonal"' in page and 'name="seed"' in page and 'name="text"' in page


def test_choosing_a_starter_deck_starts_a_game_and_opens_its_board(catalogue_db, client):
    response = client.post("/goldfish/", {"deck": STARTER, "seating": "diagonal", "seed": "77"})
    game = GoldfishGame.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert (game.seed, game.seating, game.deck_id) == (77, "diagonal", STARTER)
    board = client.get(game.get_absolute_url()).content.decode()
    assert f'data-api="/api/goldfish/{game.pk}/"' in board and 'id="gf-undo"' in board and "77" in board


def test_rule_variants_are_offered_chosen_on_the_form_and_named_on_the_board_and_replay(catalogue_db, client):
    page = client.get("/goldfish/?variant=tide").content.decode()
    assert 'name="variants" value="flares"' in page and 'name="variants" value="tide" checked' in page
    assert "rulebook as printed" in page.lower()
    client.post("/goldfish/", {"deck": STARTER, "seating": "side-by-side", "variants": ["flares", "tide"]})
    game = GoldfishGame.objects.get()
    assert game.variants == ["flares", "tide"]
    for url in (game.get_absolute_url(), f"/goldfish/{game.pk}/replay/"):
        shown = client.get(url).content.decode()
        assert "house rules:" in shown and "Flares and Undertows" in shown and "The tide" in shown


def test_a_game_with_the_printed_rules_says_so_on_its_board(catalogue_db, client):
    client.post("/goldfish/", {"deck": STARTER, "seating": "side-by-side"})
    game = GoldfishGame.objects.get()
    assert game.variants == [] and "rulebook as printed" in client.get(game.get_absolute_url()).content.decode()


def test_a_pasted_list_that_is_not_legal_is_explained_on_the_page(catalogue_db, client):
    response = client.post("/goldfish/", {"source": "text", "text": "Hero: Dr. Veylan\n3 Kalen Vos",
                                          "seating": "side-by-side"})
    assert response.status_code == 400
    assert "This deck cannot be played" in response.content.decode() and not GoldfishGame.objects.exists()


def test_pressing_enter_in_a_field_keeps_the_form_and_starts_nothing(catalogue_db, client):
    response = client.post("/goldfish/", {"source": "noop", "seed": "5", "seating": "side-by-side"})
    assert response.status_code == 200 and 'value="5"' in response.content.decode()
    assert not GoldfishGame.objects.exists()


def test_my_decks_are_offered_when_signed_in(catalogue_db, client):
    user = User.objects.create_user("eve")
    deck = load_catalogue().starter_decks["starter-talah"]
    mine = deck_services.deck_create(owner=user, name="My Talah", hero="talah",
                                     counts={row["card"]: row["count"] for row in deck["cards"]})
    client.force_login(user)
    assert "My Talah" in client.get("/goldfish/").content.decode()
    response = client.post("/goldfish/", {"source": "mine", "my_deck": mine.pk, "seating": "side-by-side"})
    assert response.status_code == 302 and GoldfishGame.objects.get().owner == user


def test_someone_elses_board_is_read_only(catalogue_db, client, api):
    game = start(api)
    page = client.get(f"/goldfish/{game['id']}/").content.decode()
    assert "You are watching this game" in page and 'id="gf-undo"' not in page


def test_the_replay_and_high_score_pages(catalogue_db, client, api):
    game = finish(api, start(api, seed=31), bot="random")
    replay = client.get(f"/goldfish/{game['id']}/replay/").content.decode()
    assert f'data-api="/api/goldfish/{game["id"]}/replay/"' in replay and 'id="rp-next"' in replay
    scores = client.get(f"/goldfish/deck/{STARTER}/").content.decode()
    assert f"/goldfish/{game['id']}/replay/" in scores and f"<strong>{game['legacy']}</strong>" in scores
    home = client.get("/goldfish/").content.decode()
    assert f"best {game['legacy']} Legacy" in home


def test_unknown_games_and_decks_are_404(catalogue_db, client):
    assert client.get("/goldfish/nope/").status_code == 404
    assert client.get("/goldfish/nope/replay/").status_code == 404
    assert client.get("/goldfish/deck/nope/").status_code == 404


def test_the_deck_panel_include_plays_the_deck_and_simulates_it(catalogue_db):
    deck = Deck.objects.get(pk=STARTER)
    request = RequestFactory().get("/decks/starter-dr-veylan/")
    request.user = AnonymousUser()
    request.session = Client().session
    html = render_to_string("goldfish/_deck_panel.html", {"deck": deck}, request=request)
    assert 'action="/goldfish/"' in html and f'name="deck" value="{STARTER}"' in html
    assert f'data-api="/api/decks/{STARTER}/simulate/"' in html and "js/goldfish.js" in html
