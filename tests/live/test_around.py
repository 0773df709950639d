"""Around the game: the clock and the grace period (forfeits checked lazily on any request, or claimed), the chat
(sanitized like comments, limited, mutable), the rematch with seats swapped, and the lab's per-game fields."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from rules.models import Table
from tests.live.helpers import decider, play, seat_table


def backdate(**seconds_ago) -> None:
    """Move the table's timestamps into the past, as if that much time had gone by."""
    now = timezone.now()
    Table.objects.update(**{field: now - timedelta(seconds=s) for field, s in seconds_ago.items()})


def test_a_decision_charges_the_deciders_clock_and_adds_the_increment(api, other):
    table_id = seat_table(api, other, seed=3, clock_minutes=1, increment=5)["id"]
    client, view = decider([api, other], table_id)
    seat = view["seat"]
    backdate(turn_started_at=20)
    play([api, other], table_id, 1)
    clock = api.get(f"/api/tables/{table_id}/").json()["clock"]
    assert 44 <= clock["remaining"][seat] <= 45.5  # 60 - 20 + 5
    assert clock["remaining"][1 - seat] > 59  # the other clock lost nothing


def test_a_spent_clock_loses_on_time_at_the_next_request_of_anyone(api, other, watcher):
    table_id = seat_table(api, other, seed=3, clock_minutes=1)["id"]
    _, view = decider([api, other], table_id)
    backdate(turn_started_at=61)
    seen = watcher.get(f"/api/tables/{table_id}/").json()
    assert (seen["status"], seen["end"], seen["winner"]) == ("finished", "timeout", 1 - view["seat"])
    row = Table.objects.get()
    assert row.finished_at is not None and row.stats["end"] == "timeout"


def test_a_player_gone_past_the_grace_period_forfeits_when_the_opponent_claims(api, other):
    table_id = seat_table(api, other, seed=3, grace_seconds=30)["id"]
    client, view = decider([api, other], table_id)
    waiting = other if client is api else api
    early = waiting.post(f"/api/tables/{table_id}/claim/", {}, format="json")
    assert early.status_code == 400 and early.json()["code"] == "nothing_to_claim"
    assert 0 < early.json()["seconds_left"] <= 30
    backdate(p1_seen=31, p2_seen=31)
    Table.objects.update(**{("p2_seen", "p1_seen")[view["seat"]]: timezone.now()})  # the claimer is here
    done = waiting.post(f"/api/tables/{table_id}/claim/", {}, format="json").json()
    assert (done["status"], done["end"], done["winner"]) == ("finished", "abandoned", 1 - view["seat"])


def test_the_chat_is_sanitized_limited_and_mutable(api, other, watcher):
    table_id = seat_table(api, other, seed=3)["id"]
    url = f"/api/tables/{table_id}/chat/"
    line = api.post(url, {"text": "gl <script>alert(1)</script> [[Kalen Vos]]"}, format="json")
    assert line.status_code == 201
    html = line.json()["html"]
    assert "<script>" not in html and "&lt;script&gt;" in html and 'href="/cards/kalen-vos/"' in html
    assert watcher.post(url, {"text": "hi"}, format="json").json()["code"] == "not_player"
    for _ in range(4):
        assert api.post(url, {"text": "again"}, format="json").status_code == 201
    throttled = api.post(url, {"text": "too much"}, format="json")
    assert throttled.status_code == 429 and throttled.json()["code"] == "chat_throttled"
    assert 1 <= int(throttled["Retry-After"]) <= 10   # as every 429 of the API (the schema says so)
    assert len(other.get(f"/api/tables/{table_id}/").json()["chat"]) == 5
    assert other.post(f"/api/tables/{table_id}/mute/", {"muted": True}, format="json").json()["muted"] is True
    assert other.get(f"/api/tables/{table_id}/").json()["chat"] == []
    assert len(watcher.get(f"/api/tables/{table_id}/").json()["chat"]) == 5  # muting hides it for me only


def test_a_rematch_swaps_the_seats_and_keeps_the_decks(api, other):
    table_id = seat_table(api, other, seed=3)["id"]
    assert api.post(f"/api/tables/{table_id}/rematch/", {}, format="json").json()["code"] == "not_finished"
    other.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    offered = api.post(f"/api/tables/{table_id}/rematch/", {}, format="json").json()
    assert (offered["status"], offered["seat"]) == ("open", 1)
    assert api.get(f"/api/tables/{table_id}/").json()["rematch"]["id"] == offered["id"]
    accepted = other.post(f"/api/tables/{table_id}/rematch/", {}, format="json").json()
    assert (accepted["id"], accepted["status"], accepted["seat"]) == (offered["id"], "live", 0)
    new = Table.objects.get(pk=offered["id"])
    assert [d["hero"] for d in new.decks] == ["elder-maru", "dr-veylan"] and new.rematch_of_id == table_id


def test_a_finished_table_keeps_the_fields_the_lab_records(api, other):
    table_id = seat_table(api, other, seed=3)["id"]
    play([api, other], table_id, 6)
    api.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    stats = Table.objects.get().stats
    for field in ("seed", "seating", "rounds", "decisions", "outcome", "legacy_a", "legacy_b"):
        assert field in stats, field
    assert stats["outcome"] == "loss" and stats["decisions"] >= 6
    for field in ("legacy", "cards_played", "arc_burn_damage", "edges_discharged", "hero_survived"):
        assert all(field in p for p in stats["players"]), field



def test_a_finished_table_replays_step_by_step_and_a_live_one_does_not(api, other, watcher):
    table_id = seat_table(api, other, seed=3)["id"]
    play([api, other], table_id, 5)
    early = watcher.get(f"/api/tables/{table_id}/replay/")
    assert early.status_code == 409 and early.json()["code"] == "not_finished"
    assert b"replayed once its game is over" in watcher.get(f"/play/{table_id}/replay/").content
    done = other.post(f"/api/tables/{table_id}/resign/", {}, format="json").json()
    assert done["replay_url"] == f"/play/{table_id}/replay/"
    index = watcher.get(f"/api/tables/{table_id}/replay/").json()
    row = Table.objects.get()
    assert [s["action"] for s in index["steps"]] == row.actions and index["seed"] == 3
    frame = watcher.get(f"/api/tables/{table_id}/replay/{len(row.actions)}/").json()
    assert frame["of"] == len(row.actions) and all("hand" in p for p in frame["state"]["players"])
    assert b'data-live-replay="1"' in watcher.get(f"/play/{table_id}/replay/").content


def test_a_game_played_to_the_cataclysm_records_the_engines_result(catalogue_db):
    import random

    from decks.models import Deck
    from rules.live import services, states
    from rules.play.actors import Actor

    host, guest = Actor(session_key="host-token-0123456789"), Actor(session_key="guest-token-0123456789")
    table = services.open_table(actor=host, deck=Deck.objects.get(pk="starter-talah"), seed=9)
    table = services.join_table(table_id=table.pk, actor=guest, deck=Deck.objects.get(pk="starter-lethan"))
    rng = random.Random(9)
    for _ in range(5000):
        if table.status == "finished":
            break
        state = states.state_of(table)
        table = services.act(table_id=table.pk, actor=(host, guest)[state.current_player],
                             action=rng.choice(state.legal_actions()).id, expected_version=table.version)
    row = Table.objects.get()
    result = states.state_of(row).result()
    assert (row.status, row.end) == ("finished", "cataclysm") and result["final"]
    assert row.winner == result["winner"] and row.legacy == list(result["legacy"]) and row.rounds >= 1
    assert row.stats["decisions"] == len(row.actions) and row.to_move is None
