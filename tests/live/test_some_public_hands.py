"""A finished table of three where only some seats played a public deck: each viewer sees exactly their own hand and
the public decks' hands, never a private one (docs/players/live-tables.md). The engine's view used to show one
seat's hand or all of them, so a viewer shown some but not all of the others saw only their own."""
from __future__ import annotations

from rest_framework.test import APIClient

from rules.models import Table
from tests.live.finished import pasted_list
from tests.live.four_seats import DECKS, accounts
from tests.live.helpers import invite_token


def hands_seen(client: APIClient, table_id: str) -> set[int]:
    state = client.get(f"/api/tables/{table_id}/").json()["state"]
    return {seat for seat, player in enumerate(state["players"]) if "hand" in player}


def test_a_finished_table_shows_the_public_decks_hands_and_keeps_the_private_one_hidden(catalogue_db):
    ann, bob, cy = accounts("ann", "bob", "cy")
    created = ann.post("/api/tables/", {"deck": DECKS[0], "players": 3, "listed": False, "seed": 7}, format="json")
    table_id, token = created.json()["id"], invite_token(created.json())
    joins = ((bob, {"decklist": pasted_list()}), (cy, {"deck": DECKS[2]}))  # seat 1 a pasted list: private for good
    for client, deck in joins:
        assert client.post(f"/api/tables/{table_id}/join/", {**deck, "invite": token}, format="json").status_code == 200
    for client in (bob, cy):
        assert client.post(f"/api/tables/{table_id}/resign/", {}, format="json").status_code == 200
    assert Table.objects.get(pk=table_id).status == "finished"

    assert hands_seen(APIClient(), table_id) == {0, 2}  # a spectator: the public decks' hands
    assert hands_seen(ann, table_id) == {0, 2}  # seat 0: their own and the other public one, not seat 1's
    assert hands_seen(cy, table_id) == {0, 2}
    assert hands_seen(bob, table_id) == {0, 1, 2}  # seat 1: their own and both public ones
