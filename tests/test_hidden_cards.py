"""Hidden cards have one mechanism, the engine's, in every mode: the board a goldfish game, a versus game or a live
table sends (its detail, a decision's answer, its replay's frames) is the engine's view for the viewer — a seat's,
the spectators' public one, or the whole board where the mode reveals every seat — and no response pairs a card in a
hidden zone (every deck; the hand of a seat not shown to the viewer) with its slug anywhere in its JSON."""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest
from rest_framework.test import APIClient

from rules.engine import GameState, new_game
from rules.engine.view import SPECTATOR
from rules.models import GoldfishGame, Table, VersusGame
from rules.play.payload import board_for
from rules.play.store import load_state, replay_game
from tests.goldfish.helpers import act as goldfish_act
from tests.goldfish.helpers import start as goldfish_start
from tests.live.helpers import invite_token, open_table, play
from tests.live.test_privacy import starter_counts
from tests.rules.conftest import basic_deck, rules_catalogue
from tests.versus.helpers import act as versus_act
from tests.versus.helpers import start as versus_start

SEATS = frozenset({0, 1})


@dataclass
class Seen:
    """A response `body` a viewer got, the position it shows, and the seats whose hands that viewer may see."""
    what: str
    body: dict
    state: GameState
    shown: frozenset[int]

    def engine_view(self) -> dict:
        """The engine's own view for this viewer: the whole board, one seat's, or the spectators'."""
        if self.shown == SEATS:
            return self.state.view()
        return self.state.view(viewer=min(self.shown) if self.shown else SPECTATOR)


def named_cards(value: Any) -> Iterator[tuple[int, str]]:
    """Every (card id, slug) the JSON names together: a card entry (`id`, `card`), an action (`card`,
    `card_slug`), a list holding both (an action's `args`)."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and isinstance(value.get("card"), str):
            yield value["id"], value["card"]
        if isinstance(value.get("card"), int) and isinstance(value.get("card_slug"), str):
            yield value["card"], value["card_slug"]
        for item in value.values():
            yield from named_cards(item)
    elif isinstance(value, list):
        ints = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
        yield from ((i, s) for i in ints for s in value if isinstance(s, str))
        for item in value:
            yield from named_cards(item)


def hidden_cards(state: GameState, shown: frozenset[int]) -> dict[int, str]:
    """id -> slug of every card a viewer shown the hands of `shown` may not see: every deck, every other hand."""
    out = {}
    for seat, player in enumerate(state.players):
        for iid in [*player.deck, *(() if seat in shown else player.hand)]:
            out[iid] = state.cards[iid].slug
    return out


def at_step(row, step: int) -> GameState:
    return replay_game(row, actions=row.actions[:step])


def frames(client: APIClient, base: str, row, shown: frozenset[int]) -> Iterator[Seen]:
    steps = len(row.actions)
    yield Seen("replay", client.get(f"{base}replay/").json(), load_state(row), shown)
    for step in sorted({0, 1, steps // 3, steps // 2, steps - 1, steps}):
        yield Seen(f"frame {step}", client.get(f"{base}replay/{step}/").json(), at_step(row, step), shown)


def goldfish_responses(owner: APIClient, watcher: APIClient) -> Iterator[Seen]:
    """A goldfish game hides nothing but the deck: its seed and list are shown to whoever has its id."""
    game = goldfish_start(owner, seed=5)
    for step in range(12):
        game = goldfish_act(owner, game).json()
        yield Seen(f"act {step}", game, load_state(GoldfishGame.objects.get()), SEATS)
    row = GoldfishGame.objects.get()
    for client in (owner, watcher):
        yield Seen("detail", client.get(f"/api/goldfish/{row.pk}/").json(), load_state(row), SEATS)
        yield from frames(client, f"/api/goldfish/{row.pk}/", row, SEATS)


def versus_responses(owner: APIClient, watcher: APIClient) -> Iterator[Seen]:
    """Whoever watches a versus game sees what its player's seat sees: never the computer's hand."""
    game = versus_start(owner, seed=21)
    for step in range(15):
        game = versus_act(owner, game).json()
        yield Seen(f"act {step}", game, load_state(VersusGame.objects.get()), frozenset({game["seat"]}))
    row = VersusGame.objects.get()
    for client in (owner, watcher):
        yield Seen("detail", client.get(f"/api/versus/{row.pk}/").json(), load_state(row), frozenset({row.seat}))
        yield from frames(client, f"/api/versus/{row.pk}/", row, frozenset({row.seat}))


def live_responses(first: APIClient, second: APIClient, watcher: APIClient) -> Iterator[Seen]:
    """A player sees their own hand, a spectator none; once over, a pasted list's hand stays hidden from all but
    its player (the first seat's public starter deck is revealed to everyone)."""
    created = open_table(first, seed=44)
    hero, counts = starter_counts("starter-elder-maru")
    pasted = {"hero": hero, "cards": [{"card": c, "count": n} for c, n in counts.items()]}
    assert second.post(f"/api/tables/{created['id']}/join/", {"decklist": pasted, "invite": invite_token(created)},
                       format="json").status_code == 200
    base = f"/api/tables/{created['id']}/"
    for step in range(18):
        client, body = play([first, second], created["id"], 1)[0]
        yield Seen(f"act {step}", body, load_state(Table.objects.get()), frozenset({body["seat"]}))
    viewers = ((first, 0), (second, 1), (watcher, None))
    for client, seat in viewers:
        shown = frozenset() if seat is None else frozenset({seat})
        yield Seen(f"detail as {seat}", client.get(base).json(), load_state(Table.objects.get()), shown)
    assert second.post(f"{base}resign/", {}, format="json").status_code == 200
    row = Table.objects.get()
    for client, seat in viewers:
        shown = SEATS if seat == 1 else frozenset({0})
        yield Seen(f"finished, as {seat}", client.get(base).json(), load_state(row), shown)
        yield from frames(client, base, row, shown)


MODES: dict[str, Callable[..., Iterator[Seen]]] = {
    "goldfish": lambda a, b, w: goldfish_responses(a, w),
    "versus": lambda a, b, w: versus_responses(a, w),
    "live": live_responses,
}


@pytest.mark.parametrize("mode", MODES)
def test_every_board_sent_is_the_engines_view_for_its_viewer_and_names_no_hidden_card(catalogue_db, mode):
    seen = list(MODES[mode](APIClient(), APIClient(), APIClient()))
    checked = hands_named = 0
    for response in seen:
        if "state" in response.body:  # a replay's index has no board, only its steps
            assert response.body["state"] == response.engine_view(), response.what
        hidden = hidden_cards(response.state, response.shown)
        named = set(named_cards(response.body))
        assert {(iid, slug) for iid, slug in hidden.items() if (iid, slug) in named} == set(), response.what
        checked += len(hidden)
        hands_named += any((iid, response.state.cards[iid].slug) in named for seat in response.shown
                           for iid in response.state.players[seat].hand)
    assert len(seen) >= 20 and checked >= 20 * 30  # many responses, each with many hidden cards
    assert hands_named >= len(seen) // 2, "the walk finds the hands a viewer may see (it would find a leak)"


def test_board_for_takes_a_viewer_and_draws_the_engines_view_for_it():
    """The one function every mode draws its board with: no default viewer (a mode must say whose board it sends),
    a seat's view, the spectators' (no hand), the whole board when the mode reveals every seat; anything but a seat
    or None is refused rather than drawn as some other viewer's board."""
    state = new_game(rules_catalogue(), [basic_deck(), basic_deck("elder-maru")], seed=3)
    assert inspect.signature(board_for).parameters["viewer"].default is inspect.Parameter.empty
    assert board_for(state, 0) == state.view(viewer=0) and board_for(state, 1) == state.view(viewer=1)
    public = board_for(state, None)
    assert [("hand" in p, p["hand_count"]) for p in public["players"]] == [(False, 7), (False, 7)]
    assert public == state.view(viewer=SPECTATOR)
    assert board_for(state, None, revealed={1}) == state.view(viewer=1)
    assert board_for(state, 0, revealed={1}) == board_for(state, None, revealed=SEATS) == state.view()
    for wrong in (SPECTATOR, 2, "0"):
        with pytest.raises(ValueError, match="a viewer is a seat"):
            board_for(state, wrong)
