"""The home page is the front door to every mode (issue 33): besides the catalogue and the decks it offers Play a
friend, Versus and the lab, and a signed-in player finds the games they left open — goldfish, versus and live —
under "Continue your game", newest first, each a link back to its board; a finished game is not listed, nor anyone
else's."""
from __future__ import annotations

from django.test import Client
from rest_framework.test import APIClient

from rules.models import GoldfishGame, Table, VersusGame
from tests.live.finished import finished_table

PASSWORD = "front-door-4821"


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_the_home_page_offers_every_mode(catalogue_db):
    html = Client().get("/").content.decode()
    for link in ('href="/play/" id="home-play-friend"', 'href="/versus/" id="home-versus"', 'href="/lab/" id="home-lab"',
                 'href="/goldfish/"', 'href="/decks/"'):
        assert link in html, link
    assert "Continue your game" not in html  # a visitor who is not signed in has no games to continue


def test_a_signed_in_player_continues_the_games_they_left_open(catalogue_db, django_user_model):
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    me = signed_in(alice)
    goldfish = me.post("/api/goldfish/", {"deck": "starter-dr-veylan"}, format="json").json()
    versus = me.post("/api/versus/", {"deck": "starter-dr-veylan", "opponent": "starter-elder-maru",
                                      "difficulty": "easy"}, format="json").json()
    waiting = me.post("/api/tables/", {"deck": "starter-dr-veylan"}, format="json").json()
    done = finished_table(alice, bob)  # over: nothing to continue
    theirs = signed_in(bob).post("/api/tables/", {"deck": "starter-elder-maru"}, format="json").json()
    for game in (goldfish, versus, waiting, theirs):
        assert "id" in game, game

    client = Client()
    client.force_login(alice)
    html = client.get("/").content.decode()
    section = html.split('id="home-continue"')[1].split("</section>")[0]
    assert "Continue your game" in section
    links = [GoldfishGame.objects.get(pk=goldfish["id"]).get_absolute_url(),
             VersusGame.objects.get(pk=versus["id"]).get_absolute_url(),
             Table.objects.get(pk=waiting["id"]).get_absolute_url()]
    for link in links:
        assert f'href="{link}"' in section, link
    assert "Dr. Veylan Starter vs Elder Maru Starter" in section and "You vs an empty seat" in section
    assert section.index(links[2]) < section.index(links[1]) < section.index(links[0])  # newest first
    assert done.get_absolute_url() not in section and Table.objects.get(pk=theirs["id"]).get_absolute_url() not in section
