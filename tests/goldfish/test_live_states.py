"""Games kept in a server's memory between decisions: another server resumes them exactly, and a kept copy never
overrides the database (a newer row wins with 409, another player gets 403, nothing is written)."""
from __future__ import annotations

import pytest

from decks.models import Deck
from rules.goldfish import services
from rules.models import GoldfishGame
from rules.play import store
from rules.play.actors import Actor

pytestmark = pytest.mark.django_db

ME = Actor(user=None, session_key="token-of-my-session")
SOMEONE_ELSE = Actor(user=None, session_key="token-of-another-session")


def start(seed: int) -> store.LiveGame:
    return services.goldfish_start(actor=ME, deck=Deck.objects.get(pk="starter-dr-veylan"), seed=seed)


def decide(live: store.LiveGame, *, actor: Actor = ME) -> store.LiveGame:
    """Make the first decision on offer that is not ending the turn, as a client would: by id, with the version."""
    actions = live.state.legal_actions()
    action = next((a for a in actions if a.kind != "end_turn"), actions[0])
    return services.act_in_game(game_id=live.game.pk, actor=actor, action=action.id,
                                expected_version=live.game.version)


def play(live: store.LiveGame, moves: int) -> store.LiveGame:
    for _ in range(moves):
        if live.state.is_over:
            break
        live = decide(live)
    return live


def on_another_server(game_id: str):
    """Read the game as a server that never saw it would: the row only."""
    store.LIVE_STATES.clear()
    return store.load_state(GoldfishGame.objects.get(pk=game_id))


@pytest.mark.parametrize("moves", [3, store.SNAPSHOT_EVERY + 1, store.REPLAY_UP_TO + 7, 400])
def test_another_server_resumes_the_game_exactly_where_it_was(catalogue_db, moves):
    live = play(start(seed=moves), moves)
    resumed = on_another_server(live.game.pk)
    assert resumed.digest() == live.state.digest()
    assert [a.id for a in resumed.legal_actions()] == [a.id for a in live.state.legal_actions()]
    assert resumed.events == live.state.events


def test_a_snapshot_older_than_the_last_decision_is_brought_up_to_it(catalogue_db, monkeypatch):
    monkeypatch.setattr(store, "REPLAY_UP_TO", 0)  # always through the saved snapshot, however short the game
    live = play(start(seed=21), store.SNAPSHOT_EVERY + 5)
    row = GoldfishGame.objects.get(pk=live.game.pk)
    assert len(row.state["history"]) < len(row.actions)  # the row's snapshot lags the log ...
    resumed = on_another_server(live.game.pk)
    assert resumed.digest() == live.state.digest()  # ... and the log brings it to the game as played
    assert resumed.events == live.state.events


def test_a_kept_copy_never_overrides_a_newer_row(catalogue_db):
    live = play(start(seed=5), 2)
    kept = store.take_live(live.game.pk, live.game.version)  # this server's copy at version 2, held aside ...
    moved_on = services.goldfish_act(game=GoldfishGame.objects.get(pk=live.game.pk), actor=ME,
                                     action=live.state.legal_actions()[0].id)  # ... while another server writes
    store.LIVE_STATES.put(store._live_key(live.game.pk, 2), kept)
    with pytest.raises(store.GameConflict) as caught:
        decide(live)
    assert caught.value.game.version == 3
    row = GoldfishGame.objects.get(pk=live.game.pk)
    assert row.version == 3 and row.actions == moved_on.game.actions


def test_a_kept_copy_is_no_key_to_another_players_game(catalogue_db):
    live = play(start(seed=6), 1)
    with pytest.raises(services.ApiError) as caught:
        decide(live, actor=SOMEONE_ELSE)
    assert caught.value.status_code == 403 and caught.value.error_code == "not_owner"
    assert GoldfishGame.objects.get(pk=live.game.pk).version == 1
    assert decide(live).game.version == 2  # the player it belongs to goes on


def test_the_log_from_an_event_on_is_the_end_of_the_whole_log(catalogue_db):
    state = play(start(seed=9), 30).state
    events = state.events
    assert len(events) > 10
    for start_at in (0, 1, len(events) // 2, len(events), len(events) + 5):
        assert state.events_from(start_at) == events[start_at:]
