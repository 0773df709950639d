"""Hidden information at a live table: no response to the other player or a spectator ever names a card in a
player's hand or deck (a walk over every field of every response while the game goes on)."""
from __future__ import annotations

from rules.models import Table
from tests.live.helpers import Secrets, decider, first_choice, seat_table


def test_no_response_to_the_opponent_or_a_spectator_names_a_hidden_card(api, other, watcher):
    table_id = seat_table(api, other, seed=31)["id"]
    seats = {0: api, 1: other}
    checked = 0

    def check(what: str, body, viewer: int | None) -> None:
        nonlocal checked
        row = Table.objects.get()
        for seat in (0, 1):
            if seat == viewer:
                continue
            secrets = Secrets(row, seat, viewer)
            assert len(secrets.slugs) >= 5 and len(secrets.names) >= 3, "too few secrets to test"
            assert secrets.leaks(body) == [], (what, seat, viewer)
            checked += 1

    for step in range(30):
        client, view = decider([api, other], table_id)
        seat = view["seat"]
        body = client.post(f"/api/tables/{table_id}/actions/", {"action": first_choice(view),
                                                                 "version": view["version"]}, format="json").json()
        check(f"act {step}", body, seat)
        check(f"opponent {step}", seats[1 - seat].get(f"/api/tables/{table_id}/").json(), 1 - seat)
        check(f"spectator {step}", watcher.get(f"/api/tables/{table_id}/").json(), None)
        if step % 10 == 0:
            stale = seats[1 - seat].post(f"/api/tables/{table_id}/draw/", {"version": 0}, format="json")
            assert stale.status_code == 409
            check(f"conflict {step}", stale.json(), 1 - seat)
            check(f"lobby {step}", watcher.get("/api/tables/").json(), None)
    row = Table.objects.get()
    own = api.get(f"/api/tables/{table_id}/").json()
    assert Secrets(row, 0).leaks(own), "the walk finds a seat's own hand in its own view (it would find a leak)"
    assert row.status == "live" and len(row.actions) >= 30 and checked >= 30 * 4


def test_a_tables_ids_do_not_follow_its_decklists_even_if_opened_before_the_change(api, other):
    """Issue 31: card ids carry nothing about unseen cards (tests/rules/test_card_ids.py). A table opened under
    engine 1.0.0 and joined after the change is dealt by the new engine: the row then records that engine, so the
    game replays with the numbering it was dealt with."""
    from rules.engine import ENGINE_VERSION
    from rules.live import states
    from rules.play.store import replay_game
    from tests.goldfish.test_card_ids import in_decklist_order
    from tests.live.helpers import invite_token, open_table, play
    created = open_table(api, seed=41)
    Table.objects.filter(pk=created["id"]).update(engine_version="1.0.0")
    joined = other.post(f"/api/tables/{created['id']}/join/", {"deck": "starter-elder-maru",
                                                               "invite": invite_token(created)}, format="json")
    assert joined.status_code == 200, joined.json()
    play([api, other], created["id"], 6)
    row = Table.objects.get()
    assert row.engine_version == ENGINE_VERSION
    state = states.state_of(row)
    for seat in (0, 1):
        assert not in_decklist_order(state, seat, sorted(row.decks[seat]["cards"]))
    assert replay_game(row).digest() == state.digest()
