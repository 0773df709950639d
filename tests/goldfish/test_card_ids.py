"""Card ids in stored games (issue 31): a new game's ids are not in decklist order, and a game stored by engine 1.0.0
(whose log names cards by its decklist-order numbers) still loads, replays and plays on under the numbering it began
with. The engine's statistical tests are tests/rules/test_card_ids.py; every mode deals through the same `new_game`
(goldfish and versus through rules/play/decks.py, live tables in rules/live/services.py), and each mode's test of
its own is beside its other hidden-card tests."""
from __future__ import annotations

from cards.catalogue import get_catalogue
from rules.engine import ENGINE_VERSION, DeckSpec, new_game
from rules.models import GoldfishGame
from rules.play import store
from tests.goldfish.helpers import act, start


def in_decklist_order(state, seat: int, decklist: list[str]) -> bool:
    """Whether the seat's hidden cards (hand and deck), taken by id, read as the decklist does."""
    player = state.players[seat]
    return [state.cards[i].slug for i in sorted(player.hand + player.deck)] == list(decklist)


def test_a_new_games_ids_do_not_follow_its_decklist(api):
    game = start(api, seed=5)
    row = GoldfishGame.objects.get(pk=game["id"])
    assert row.engine_version == ENGINE_VERSION and row.cards == sorted(row.cards)   # the list is kept sorted
    state = store.load_state(row)
    assert not in_decklist_order(state, 0, row.cards)
    shown = {c["id"] for c in game["state"]["players"][0]["hand"]}
    assert shown == set(state.players[0].hand)   # the payload shows the engine's own ids
    assert store.replay_game(row).digest() == state.digest() == game["digest"]


def first_choice(state) -> str:
    actions = state.legal_actions()
    return next((a.id for a in actions if a.kind != "end_turn"), actions[0].id)


def test_a_game_stored_by_engine_1_0_plays_on_with_its_own_numbering(api):
    """A row as 1.0.0 left it: its version, its log and a snapshot numbered in decklist order (the snapshot older
    than the log's end, long enough that loading restores the snapshot rather than replaying from the seed)."""
    game = start(api, seed=5)
    row = GoldfishGame.objects.get(pk=game["id"])
    old = new_game(get_catalogue(), [DeckSpec(row.hero, tuple(row.cards)), None], seating=row.seating,
                   seed=row.seed, card_ids="listed")
    assert in_decklist_order(old, 0, row.cards)
    snapshot = None
    while len(old.action_ids) < store.REPLAY_UP_TO + 10 and not old.is_over:
        if len(old.action_ids) == store.REPLAY_UP_TO:
            snapshot = old.to_json()
        old.apply(first_choice(old))
    assert snapshot is not None and "card_ids" not in snapshot   # as 1.0.0 wrote it
    moves = len(old.action_ids)
    GoldfishGame.objects.filter(pk=row.pk).update(engine_version="1.0.0", actions=old.action_ids, state=snapshot,
                                                  version=moves)
    row.refresh_from_db()
    assert store.load_state(row).digest() == old.digest()             # the snapshot brought up to the log's end
    assert store.replay_game(row).digest() == old.digest()            # the whole log from the seed
    after = act(api, {"id": row.pk, "legal_actions": []}, first_choice(old))
    assert after.status_code == 200, after.json()
    old.apply(first_choice(old))
    assert after.json()["digest"] == old.digest()
    replayed = api.get(f"/api/goldfish/{row.pk}/replay/").json()
    assert replayed["digest"] == old.digest() and len(replayed["steps"]) == moves + 1
    row.refresh_from_db()
    assert row.engine_version == "1.0.0"   # the game goes on under the numbering it began with
