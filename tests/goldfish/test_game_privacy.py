"""A game of a private deck is private: its player sees all of it, and anyone else who has the link gets a 404 — from
the API (the game, its replay and its frames) and from the pages — for goldfish and versus games alike, so the deck's
name and list never show to anyone but its owner (docs/players/goldfish.md). Once the deck is public the link works for
everyone again."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks import services as deck_services
from decks.models import Deck, Visibility
from rules.engine.catalogue import load_catalogue

SECRET = "Ann's Secret Tide"
STARTER = "starter-elder-maru"


def deck_of(owner, visibility=Visibility.PRIVATE) -> Deck:
    starter = load_catalogue().starter_decks["starter-dr-veylan"]
    counts = {row["card"]: row["count"] for row in starter["cards"]}
    return deck_services.deck_create(owner=owner, name=SECRET, hero=starter["hero"], counts=counts,
                                     visibility=visibility)


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_login(user)
    return api


def start(api, kind: str, deck: str, opponent: str = STARTER) -> str:
    body = {"deck": deck, "seed": 3}
    if kind == "versus":
        body.update(opponent=opponent, difficulty="easy")
    response = api.post(f"/api/{kind}/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def addresses(kind: str, game_id: str) -> list[str]:
    return [f"/api/{kind}/{game_id}/", f"/api/{kind}/{game_id}/replay/", f"/api/{kind}/{game_id}/replay/0/",
            f"/{kind}/{game_id}/", f"/{kind}/{game_id}/replay/"]


@pytest.fixture
def ann(catalogue_db):
    return User.objects.create_user("ann", password="ann-pass-123")


def another_user() -> User:
    return User.objects.create_user("ben", password="ben-pass-123")


def games_of_a_private_deck(ann) -> list[tuple[str, str]]:
    """(kind, game id): goldfish, versus with the deck in the player's seat, versus with the computer playing it."""
    deck = deck_of(ann)
    owner = client(ann)
    return [("goldfish", start(owner, "goldfish", deck.pk)), ("versus", start(owner, "versus", deck.pk)),
            ("versus", start(owner, "versus", STARTER, opponent=deck.pk))]


@pytest.mark.django_db
def test_the_owner_sees_every_view_of_their_private_decks_games(ann):
    owner = client(ann)
    for kind, game_id in games_of_a_private_deck(ann):
        for url in addresses(kind, game_id):
            response = owner.get(url)
            assert response.status_code == 200, url
        assert SECRET in owner.get(f"/api/{kind}/{game_id}/replay/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous", "another user"])
def test_no_one_else_sees_a_private_decks_game_even_with_the_link(ann, who):
    watcher = client(another_user() if who == "another user" else None)
    for kind, game_id in games_of_a_private_deck(ann):
        for url in addresses(kind, game_id):
            response = watcher.get(url)
            assert response.status_code == 404, url
            assert SECRET not in response.content.decode(), url


@pytest.mark.django_db
def test_a_game_of_a_deck_made_public_is_open_to_the_link_again(ann):
    games = games_of_a_private_deck(ann)
    Deck.objects.filter(owner=ann).update(visibility=Visibility.PUBLIC)
    for kind, game_id in games:
        response = client().get(f"/api/{kind}/{game_id}/replay/")
        assert response.status_code == 200 and SECRET in response.content.decode()


@pytest.mark.django_db
def test_a_game_whose_deck_was_deleted_stays_with_its_player(ann):
    games = games_of_a_private_deck(ann)
    Deck.objects.filter(owner=ann).delete()
    for kind, game_id in games:
        assert client().get(f"/api/{kind}/{game_id}/replay/").status_code == 404
        assert client(ann).get(f"/api/{kind}/{game_id}/replay/").status_code == 200


@pytest.mark.django_db
def test_games_of_starter_and_public_decks_stay_open_to_anyone_with_the_link(ann):
    public = deck_of(ann, Visibility.PUBLIC)
    for kind in ("goldfish", "versus"):
        for deck in ("starter-dr-veylan", public.pk):
            game_id = start(client(ann), kind, deck)
            assert all(client().get(url).status_code == 200 for url in addresses(kind, game_id))
