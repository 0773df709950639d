"""A game of a private deck is private, at live tables too (docs/players/live-tables.md): once the game is over, a seat
that played a private saved deck or a pasted list keeps its deck's name, its list and its hand from the opponent and
every spectator — in every HTTP response, page and socket message of the table and of its replay — while each player
still sees their own, and a public deck is shown to everyone."""
from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks import services as deck_services
from decks.models import Visibility
from rules.engine.catalogue import load_catalogue
from rules.models import Table
from rules.play.payload import card_index
from tests.live.helpers import Secrets, play
from tests.live.test_sockets import connect, next_table, run

pytestmark = pytest.mark.django_db(transaction=True)
SECRET = "Hidden Engine of Ann"


def starter_counts(slug: str) -> tuple[str, dict[str, int]]:
    starter = load_catalogue().starter_decks[slug]
    return starter["hero"], {row["card"]: row["count"] for row in starter["cards"]}


def signed_in(name: str) -> tuple[APIClient, str]:
    client = APIClient()
    client.force_login(User.objects.create_user(name, password="pw-123456789"))
    return client, client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.fixture
def finished_private_table(catalogue_db):
    """Ann (a private saved deck) against Bob (a pasted list), 24 decisions in; Carl signed in and an anonymous
    visitor watch. Returns the table id, the viewers and every socket message each received, the end included."""
    (ann, ann_cookie), (bob, bob_cookie), (carl, carl_cookie) = signed_in("ann"), signed_in("bob"), signed_in("carl")
    hero, counts = starter_counts("starter-dr-veylan")
    deck = deck_services.deck_create(owner=User.objects.get(username="ann"), name=SECRET, hero=hero, counts=counts,
                                     visibility=Visibility.PRIVATE)
    table_id = ann.post("/api/tables/", {"deck": deck.pk, "seed": 31}, format="json").json()["id"]
    hero, counts = starter_counts("starter-elder-maru")
    pasted = {"hero": hero, "cards": [{"card": c, "count": n} for c, n in counts.items()]}
    assert bob.post(f"/api/tables/{table_id}/join/", {"decklist": pasted}, format="json").status_code == 200
    lobby_while_live = carl.get("/api/tables/").json()
    play([ann, bob], table_id, 24)
    viewers = {0: ann, 1: bob, "carl": carl, "anon": APIClient()}
    cookies = {0: ann_cookie, 1: bob_cookie, "carl": carl_cookie, "anon": None}

    async def sockets() -> dict:
        opened = {name: await connect(table_id, cookie) for name, cookie in cookies.items()}
        messages: dict = {name: [] for name in opened}
        for name, socket in opened.items():
            await next_table(socket, messages[name])
        assert (await sync_to_async(bob.post)(f"/api/tables/{table_id}/resign/", {}, format="json")).status_code == 200
        for name, socket in opened.items():
            assert (await next_table(socket, messages[name]))["status"] == "finished"
            await socket.disconnect()
        for name, cookie in cookies.items():  # a socket opened after the end: its first message has the chat too
            late = await connect(table_id, cookie)
            await next_table(late, messages[name])
            await late.disconnect()
        return messages

    return table_id, viewers, run(sockets()), lobby_while_live


def responses(client: APIClient, table_id: str) -> list[tuple[str, object]]:
    """Every API answer and page a visitor can get of the finished table and its replay."""
    out = []
    for url in (f"/api/tables/{table_id}/", "/api/tables/", f"/api/tables/{table_id}/replay/"):
        out.append((url, client.get(url).json()))
    steps = len(Table.objects.get().actions)
    for step in range(0, steps + 1):
        url = f"/api/tables/{table_id}/replay/{step}/"
        response = client.get(url)
        assert response.status_code == 200, url
        out.append((url, response.json()))
    for url in (f"/play/{table_id}/", f"/play/{table_id}/replay/"):
        out.append((url, client.get(url).content.decode()))
    return out


def test_nobody_but_its_player_sees_a_private_or_pasted_decks_list_and_hand_after_the_game(finished_private_table):
    table_id, viewers, messages, lobby_while_live = finished_private_table
    row = Table.objects.get()
    assert row.status == "finished" and len(row.actions) >= 24
    assert SECRET not in str(lobby_while_live)
    checked = 0
    for name, client in viewers.items():
        viewer = name if name in (0, 1) else None
        answers = responses(client, table_id) + [(f"socket {m['type']}", m) for m in messages[name]]
        assert len(messages[name]) >= 3
        for seat in (0, 1):
            if seat == viewer:
                continue
            secrets = Secrets(row, seat, viewer)
            assert len(secrets.slugs) >= 5 and len(secrets.names) >= 3, "too few secrets to test"
            for what, body in answers:
                assert secrets.leaks(body) == [], (name, seat, what)
                if seat == 0:
                    assert SECRET not in str(body), (name, what)
                checked += 1
        index = next(body for what, body in answers if what.endswith("/replay/") and isinstance(body, dict))
        shown_in_frames = {entry["card"] for what, body in answers if "/replay/" in what and isinstance(body, dict)
                           and "state" in body for entry in card_index(body["state"]).values()}
        assert shown_in_frames and shown_in_frames <= set(index["cards"]), "each card a frame shows is named"
        # the start page lists the starter decks (card names in their blurbs): only the deck's name is checked there
        assert SECRET not in client.get("/play/").content.decode() or name == 0
    assert checked > 4 * 30


def test_each_player_still_sees_their_own_deck_and_hand_after_the_game(finished_private_table):
    table_id, viewers, messages, _ = finished_private_table
    row = Table.objects.get()
    for seat in (0, 1):
        view = viewers[seat].get(f"/api/tables/{table_id}/").json()
        assert Secrets(row, seat).leaks(view), "a player's own hand is shown to them"
        assert view["decks"][seat]["cards"] and view["decks"][1 - seat] is None and view["seed"] is None
        index = viewers[seat].get(f"/api/tables/{table_id}/replay/").json()
        assert index["decks"][seat] is not None and index["decks"][1 - seat] is None and index["seed"] is None
        hidden = [s for s in index["steps"] if s["player"] != seat]
        assert hidden and all(s["action"] == "hidden" for s in hidden)
    assert SECRET in viewers[0].get(f"/play/{table_id}/").content.decode()
    assert viewers["anon"].get(f"/api/tables/{table_id}/").json()["decks"] == [None, None]


def test_a_public_deck_is_shown_to_everyone_after_the_game_and_hidden_again_once_made_private(catalogue_db):
    (ann, _), (bob, _) = signed_in("ann"), signed_in("bob")
    hero, counts = starter_counts("starter-dr-veylan")
    deck = deck_services.deck_create(owner=User.objects.get(username="ann"), name=SECRET, hero=hero, counts=counts,
                                     visibility=Visibility.PUBLIC)
    table_id = ann.post("/api/tables/", {"deck": deck.pk, "seed": 5}, format="json").json()["id"]
    assert bob.post(f"/api/tables/{table_id}/join/", {"deck": "starter-elder-maru"}, format="json").status_code == 200
    play([ann, bob], table_id, 6)
    bob.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    watcher = APIClient()
    seen = watcher.get(f"/api/tables/{table_id}/").json()
    index = watcher.get(f"/api/tables/{table_id}/replay/").json()
    assert all(seen["decks"]) and seen["seed"] == 5 and all("hand" in p for p in seen["state"]["players"])
    assert all(index["decks"]) and index["seed"] == 5 and "hidden" not in index["actions"]
    assert seen["players"][0]["deck_name"] == SECRET
    deck.visibility = Visibility.PRIVATE
    deck.save(update_fields=["visibility"])
    seen = watcher.get(f"/api/tables/{table_id}/").json()
    assert seen["decks"][0] is None and seen["decks"][1] and seen["seed"] is None
    assert SECRET not in str(seen) and SECRET not in watcher.get(f"/play/{table_id}/").content.decode()
