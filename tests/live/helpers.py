"""Open and play live tables through the API with two players (and watch them as a third visitor)."""
from __future__ import annotations

from typing import Any

from cards.catalogue import get_catalogue
from rules.engine.model import DECK, HAND
from rules.live import states
from rules.models import Table
from rules.play.payload import card_entries
from tests.versus.test_hidden import Secrets as VersusSecrets

P1_DECK = "starter-dr-veylan"
P2_DECK = "starter-elder-maru"


def open_table(client, **body) -> dict:
    body.setdefault("deck", P1_DECK)
    response = client.post("/api/tables/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def invite_token(created: dict) -> str:
    return created["invite_url"].split("invite=", 1)[1]


def seat_table(host, guest, **body) -> dict:
    """Open a table as `host` (first seat unless told) and sit `guest` down; return the guest's view."""
    created = open_table(host, **body)
    response = guest.post(f"/api/tables/{created['id']}/join/", {"deck": P2_DECK, "invite": invite_token(created)},
                          format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def decider(clients, table_id: str) -> tuple[Any, dict]:
    """The client whose decision it is, with its view."""
    for client in clients:
        view = client.get(f"/api/tables/{table_id}/").json()
        if view["can_act"]:
            return client, view
    raise AssertionError("nobody may decide")


def first_choice(view: dict) -> str:
    """The first legal decision that is not ending the turn (or the only one)."""
    actions = view["legal_actions"]
    return next((a["id"] for a in actions if a["kind"] != "end_turn"), actions[0]["id"])


def play(clients, table_id: str, decisions: int) -> list[tuple[Any, dict]]:
    """Make `decisions` decisions, each by whoever must decide; return every (client, response body)."""
    out = []
    for _ in range(decisions):
        client, view = decider(clients, table_id)
        response = client.post(f"/api/tables/{table_id}/actions/", {"action": first_choice(view),
                                                                     "version": view["version"]}, format="json")
        assert response.status_code == 200, response.json()
        out.append((client, response.json()))
        if response.json()["status"] == "finished":
            break
    return out


class Secrets(VersusSecrets):
    """What a seat holds now that nobody else may learn: the instance ids in its hand and deck, and the slugs and
    names of those cards, leaving out any card public anyway (a copy in play or a graveyard, or a Hero). A body
    `leaks` them as versus's secrets do (the same search, over every key and value)."""

    def __init__(self, table: Table, seat: int, viewer: int | None = None):
        state = states.state_of(table)
        player = state.players[seat]
        self.ids = set(player.hand) | set(player.deck)
        public = {d["hero"] for d in table.decks}
        public |= {c.slug for c in state.cards if c.zone not in (HAND, DECK)}
        if viewer is not None:  # the viewer's own decklist is no secret to the viewer
            public |= set(table.decks[viewer]["cards"])
        self.slugs = {state.cards[i].slug for i in self.ids} - public
        catalogue = get_catalogue()
        public_text = " ".join(f"{e['name']} {e['text']}" for e in card_entries(catalogue, public).values())
        self.names = {catalogue.cards[s].name for s in self.slugs} - {""}
        self.names = {n for n in self.names if n not in public_text}
