"""The computer's hand and deck order stay hidden: the engine's per-seat view, a walk over every field of every
response (start, detail, act, continue, bot, replay, replay frames, list), and responses that are the same whatever
the computer holds."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from cards.catalogue import get_catalogue
from rules.engine import GameState
from rules.engine.model import DECK, HAND
from rules.models import VersusGame
from rules.play import store
from rules.play.actors import Actor
from rules.play.payload import card_entries
from rules.versus.selectors import versus_payload
from tests.versus.helpers import act, start


def test_a_seats_view_shows_the_other_hand_as_a_count_and_no_deck_order(api):
    game = start(api, seed=21)
    state = store.load_state(VersusGame.objects.get(pk=game["id"]))
    for viewer in (0, 1):
        view = state.view(viewer=viewer)
        mine, theirs = view["players"][viewer], view["players"][1 - viewer]
        assert [c["id"] for c in mine["hand"]] == state.players[viewer].hand
        assert "hand" not in theirs and theirs["hand_count"] == len(state.players[1 - viewer].hand)
        for player in view["players"]:
            assert "deck" not in player and player["deck_count"] == len(state.players[player["player"]].deck)
    assert "hand" in state.view()["players"][1]  # the whole board, for a finished game and the engine's own use


def walk(value: Any) -> Iterator[Any]:
    """Every key and value, nested."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from walk(item)
            if "id" in value and "card" in value:
                yield ("card-entry", value["id"])
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from walk(item)
    else:
        yield value


class Secrets:
    """What the computer holds now that nobody else may learn: the instance ids in its hand and deck, their slugs and
    names — leaving out any card that is public anyway (a copy in play or a graveyard, or in the visitor's deck)."""

    def __init__(self, row: VersusGame):
        state = store.load_state(row)
        cpu = state.players[row.cpu_seat]
        self.ids = set(cpu.hand) | set(cpu.deck)
        public = {row.hero, row.opponent_hero, *row.cards}
        public |= {c.slug for c in state.cards if c.zone not in (HAND, DECK)}
        self.slugs = {state.cards[i].slug for i in self.ids} - public
        catalogue = get_catalogue()
        shown = card_entries(catalogue, public)
        public_text = " ".join(f"{e['name']} {e['text']}" for e in shown.values())
        self.names = {catalogue.cards[s].name for s in self.slugs}
        self.names = {n for n in self.names if n not in public_text}  # a name inside a public card's text is no tell
        assert len(self.slugs) >= 5 and len(self.names) >= 3, "choose decks with more secret cards to test"

    def leaks(self, response: Any) -> list[str]:
        found = []
        for item in walk(response):
            if isinstance(item, tuple) and item[0] == "card-entry" and item[1] in self.ids:
                found.append(f"card #{item[1]}")
            elif isinstance(item, str):
                found += [f"slug {item}" for s in self.slugs if item == s]
                found += [f"name {n} in {item!r}" for n in self.names if n in item]
        return found


# Every ladder level; the expert thinks about a second a decision, too slow for this many requests (its moves go
# through the same code: label and reason, checked here for the others).
@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_no_response_ever_names_a_card_the_computer_holds(api, difficulty):
    responses: list[tuple[str, Any]] = []

    def check(what: str, response) -> Any:
        assert response.status_code in (200, 201), (what, response.json())
        body = response.json()
        responses.append((what, body))
        secrets = Secrets(VersusGame.objects.get())
        assert secrets.leaks(body) == [], what
        return body

    game = check("start", api.post("/api/versus/", {"deck": "starter-dr-veylan", "opponent": "starter-elder-maru",
                                                    "seed": 31, "difficulty": difficulty}, format="json"))
    for step in range(25):
        game = check(f"act {step}", act(api, game, version=game["version"]))
        if step % 5 == 0:
            check(f"detail {step}", api.get(f"/api/versus/{game['id']}/"))
            check(f"list {step}", api.get("/api/versus/"))
            index = check(f"replay {step}", api.get(f"/api/versus/{game['id']}/replay/"))
            for n in sorted({0, 1, len(index["steps"]) // 2, len(index["steps"])}):
                check(f"frame {n} at {step}", api.get(f"/api/versus/{game['id']}/replay/{n}/"))
    game = check("continue", api.post(f"/api/versus/{game['id']}/continue/", {}, format="json"))
    game = check("bot turn", api.post(f"/api/versus/{game['id']}/bot/", {"until": "turn"}, format="json"))
    assert game["cpu_moves"] or any(r[1].get("cpu_moves") for r in responses)  # the computer did play
    row = VersusGame.objects.get()
    assert row.status == "active" and len(row.cpu_moves) >= 5   # several CPU moves went through every response
    played = {store.load_state(row).cards[i].slug for i in store.load_state(row).players[1].board}
    assert len(played) > 1  # and some of its cards are public now: they may be shown


def swapped_secrets(state: GameState, seat: int) -> GameState:
    """The same game, but the computer holds other cards: its hand swapped for the top of its deck."""
    other = GameState.from_json(state.to_json(), state.cat)
    player = other.players[seat]
    n = len(player.hand)
    assert len(player.deck) >= n
    player.hand, player.deck = player.deck[:n], player.hand + player.deck[n:]
    for iid in player.hand:
        other.cards[iid].zone = HAND
    for iid in player.deck:
        other.cards[iid].zone = DECK
    return other


def test_what_a_client_is_shown_does_not_depend_on_what_the_computer_holds(api):
    game = start(api, seed=41)
    for _ in range(12):
        game = act(api, game).json()
    row = VersusGame.objects.get()
    state = store.load_state(row)
    other = swapped_secrets(state, row.cpu_seat)
    assert [c.slug for c in (state.cards[i] for i in state.players[1].hand)] != \
        [c.slug for c in (other.cards[i] for i in other.players[1].hand)]
    actor = Actor(session_key=row.session_key)
    catalogue = get_catalogue()
    assert versus_payload(row, state, actor=actor, catalogue=catalogue) == \
        versus_payload(row, other, actor=actor, catalogue=catalogue)


def test_neither_seats_ids_follow_its_decklist(api):
    """Issue 31: ids numbered in decklist order told the visitor which cards the computer had not shown yet (and
    the computer's). Both decks are numbered in an order drawn from the seed (tests/rules/test_card_ids.py)."""
    from tests.goldfish.test_card_ids import in_decklist_order
    game = start(api, seed=21)
    state = store.load_state(VersusGame.objects.get(pk=game["id"]))
    for seat in (0, 1):
        listed = state.decks[seat].cards
        assert not in_decklist_order(state, seat, sorted(listed)) and not in_decklist_order(state, seat, listed)
