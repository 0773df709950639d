"""Deck pages and accounts as a visitor meets them: sign up, log in, browse, open, edit, restore, fork."""
import json
import re

import pytest
from django.contrib.auth.models import User

from decks import services
from decks.models import Deck, Visibility

pytestmark = pytest.mark.django_db






def logged_in(client, user):
    client.force_login(user)
    return client


def private_deck(owner, counts=None):
    return services.deck_create(owner=owner, name="Secret plan", hero="dr-veylan",
                                counts=counts or {"kalen-vos": 4, "arc-gallery": 1}, visibility=Visibility.PRIVATE)


# --- accounts ------------------------------------------------------------------------------------------------------

def test_signing_up_creates_the_account_and_logs_in(client, catalogue_db):
    response = client.post("/accounts/signup/", {
        "username": "newcomer", "email": "", "password1": "a-long-passphrase-42", "password2": "a-long-passphrase-42",
    })
    assert response.status_code == 302 and response.url == "/decks/mine/"
    assert User.objects.filter(username="newcomer").exists()
    assert client.get("/decks/mine/").status_code == 200


def test_sign_up_refuses_mismatched_passwords(client, db):
    response = client.post("/accounts/signup/", {
        "username": "newcomer", "password1": "a-long-passphrase-42", "password2": "another-passphrase-42",
    })
    assert response.status_code == 200
    assert not User.objects.filter(username="newcomer").exists()


def test_the_login_form_answers_the_same_for_a_wrong_password_and_an_unknown_user(client, ann):
    def attempt(username):
        page = client.post("/accounts/login/", {"username": username, "password": "wrong-pass-999"})
        text = re.sub(r'value="[^"]*"', "", page.content.decode())  # the CSRF token and the echoed username
        return page.status_code, text

    assert attempt("ann") == attempt("nobody-here")
    status, text = attempt("ann")
    assert status == 200 and "do not match an account" in text


def test_logging_in_and_out(client, ann):
    response = client.post("/accounts/login/", {"username": "ann", "password": "ann-pass-123", "next": "/decks/mine/"})
    assert response.status_code == 302 and response.url == "/decks/mine/"
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/decks/mine/").status_code == 302  # back to the login page


# --- lists ---------------------------------------------------------------------------------------------------------

def test_the_public_list_shows_starters_and_public_decks_but_no_private_ones(client, starters, ann):
    private_deck(ann)
    page = client.get("/decks/").content.decode()
    assert "Dr. Veylan Starter" in page and "Talah Starter" in page
    assert "Secret plan" not in page


def test_the_public_list_searches_by_hero_and_by_card(client, starters):
    by_hero = client.get("/decks/?hero=talah").content.decode()
    assert "Talah Starter" in by_hero and "Dr. Veylan Starter" not in by_hero
    by_card = client.get("/decks/", {"card": "Kalen Vos"}).content.decode()
    assert "Dr. Veylan Starter" in by_card and "Talah Starter" not in by_card


def test_my_decks_lists_my_private_decks(client, catalogue_db, ann, ben):
    private_deck(ann)
    assert "Secret plan" in logged_in(client, ann).get("/decks/mine/").content.decode()
    assert "Secret plan" not in logged_in(client, ben).get("/decks/mine/").content.decode()


# --- one deck ------------------------------------------------------------------------------------------------------

def test_the_deck_page_shows_the_list_by_type_the_verdict_and_every_error(client, catalogue_db, ann):
    deck = private_deck(ann)
    page = logged_in(client, ann).get(f"/decks/{deck.pk}/").content.decode()
    assert "People" in page and "Scenes" in page
    assert "Invalid · 2 problems" in page
    assert "Kalen Vos: 4 copies, the limit is 3." in page
    assert "it must have exactly 45" in page
    assert "Goldfish this deck" in page and "High scores" in page and "No simulation yet" in page


def test_a_valid_starter_page_shows_odds_export_and_history(client, starters):
    page = client.get("/decks/starter-dr-veylan/").content.decode()
    assert "Valid · 45 cards" in page
    assert "an Energy card in the opening 7" in page and "%" in page
    assert "Hero: Dr. Veylan" in page  # the text export
    assert 'id="opening-hand"' in page and "/api/decks/starter-dr-veylan/opening-hand/" in page
    assert "v1" in page and "First version." in page


def test_goldfish_results_appear_once_a_simulation_is_stored(client, starters):
    from rules.goldfish.services import deck_simulate

    run = deck_simulate(deck=Deck.objects.get(pk="starter-talah"), games=3, bot="random", seed=7)
    page = client.get("/decks/starter-talah/").content.decode()
    assert "No simulation yet" not in page
    assert f"{run.games} games by the random bot" in page and f"seed {run.seed}" in page
    assert f"mean {run.stats['legacy']['mean']}" in page


def test_nobody_else_opens_a_private_deck_page(client, catalogue_db, ann, ben):
    deck = private_deck(ann)
    for url in (f"/decks/{deck.pk}/", f"/decks/{deck.pk}/edit/", f"/decks/{deck.pk}/history/"):
        assert client.get(url).status_code == 404, url
        assert logged_in(client, ben).get(url).status_code == 404, url
        client.logout()
    assert logged_in(client, ann).get(f"/decks/{deck.pk}/").status_code == 200


def test_only_the_owner_may_open_the_deckbuilder_on_a_deck(client, starters, ben):
    assert logged_in(client, ben).get("/decks/starter-dr-veylan/edit/").status_code == 403


def test_the_owner_restores_an_old_version_from_the_deck_page(client, catalogue_db, ann, ben):
    deck = private_deck(ann, counts={"kalen-vos": 1})
    services.deck_update(deck=deck, counts={"kalen-vos": 3})
    page = logged_in(client, ann).get(f"/decks/{deck.pk}/").content.decode()
    assert "+2 Kalen Vos" in page and "Restore" in page
    response = client.post(f"/decks/{deck.pk}/versions/1/restore/", {"version": 2})
    assert response.status_code == 302
    deck = Deck.objects.get(pk=deck.pk)
    assert (deck.version, deck.counts()) == (3, {"kalen-vos": 1})
    deck.visibility = Visibility.PUBLIC
    deck.save()
    assert logged_in(client, ben).post(f"/decks/{deck.pk}/versions/1/restore/").status_code == 403


def test_comparing_two_versions_on_the_history_page(client, catalogue_db, ann):
    deck = private_deck(ann, counts={"kalen-vos": 1, "arc-gallery": 2})
    services.deck_update(deck=deck, counts={"kalen-vos": 2})
    services.deck_update(deck=deck, counts={"kalen-vos": 3})
    page = logged_in(client, ann).get(f"/decks/{deck.pk}/history/?a=1&b=3").content.decode()
    assert "+2 Kalen Vos" in page and "−2 Arc Gallery" in page


def test_forking_from_the_deck_page_opens_the_copy_in_the_deckbuilder(client, starters, ann):
    response = logged_in(client, ann).post("/decks/starter-lethan/fork/")
    fork = Deck.objects.get(owner=ann)
    assert response.status_code == 302 and response.url == f"/decks/{fork.pk}/edit/"
    assert fork.forked_from_id == "starter-lethan"


def test_the_owner_deletes_a_deck_from_its_page(client, catalogue_db, ann):
    deck = private_deck(ann)
    assert logged_in(client, ann).post(f"/decks/{deck.pk}/delete/").status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


# --- the deckbuilder -----------------------------------------------------------------------------------------------

def builder_config(response):
    match = re.search(r'<script id="builder-config" type="application/json">(.*?)</script>', response.content.decode(), re.S)
    return json.loads(match.group(1))


def test_the_deckbuilder_knows_the_heroes_and_which_cards_each_may_run(client, catalogue_db):
    config = builder_config(client.get("/decks/new/"))
    assert len(config["heroes"]) == 6 and config["deckSize"] == 45
    assert "kalen-vos" in config["legal"]["dr-veylan"] and "kalen-vos" not in config["legal"]["talah"]
    assert config["deck"]["id"] is None and config["urls"]["validate"] == "/api/decks/validate/"


def test_a_shared_deck_code_opens_in_the_deckbuilder(client, starters):
    code = client.get("/api/decks/starter-mayor-vaelis/export/?format=code").json()["content"]
    config = builder_config(client.get(f"/decks/new/?code={code}"))
    assert config["deck"]["hero"] == "mayor-vaelis"
    assert sum(row["count"] for row in config["deck"]["cards"]) == 45


def test_editing_an_own_deck_loads_it_into_the_deckbuilder(client, catalogue_db, ann):
    deck = private_deck(ann)
    config = builder_config(logged_in(client, ann).get(f"/decks/{deck.pk}/edit/"))
    assert (config["deck"]["id"], config["deck"]["version"], config["deck"]["hero"]) == (deck.pk, 1, "dr-veylan")
    assert {row["card"]["slug"]: row["count"] for row in config["deck"]["cards"]} == {"kalen-vos": 4, "arc-gallery": 1}
