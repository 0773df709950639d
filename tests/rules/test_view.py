"""Your Board: what `view()` shows a UI."""
import json

from rules.engine.view import SPECTATOR
from tests.rules.conftest import do, scenario


def test_view_describes_both_boards_the_pyramid_the_stack_and_the_decision(cat):
    g = scenario(cat, [{"hero": {"card": "dr-veylan", "damage": 3},
                        "board": ["dark-current", {"card": "kalen-vos", "equipment": ["phase-cutter"]},
                                  {"card": "gentle-dissent", "charge": 0}, {"card": "heartstone", "charge": 2}],
                        "hand": ["kalen-vos"], "deck": ["dark-current"] * 4, "pool": {"DC": 2}},
                       {"hero": "elder-maru", "board": ["sorella-venn"], "graveyard": ["deep-roots"]}],
                 pyramid={"edges": [20, 5, 5, 5], "deck": ["the-pulse"], "tide": 5}, variants=["tide"])
    do(g, "activate", "dr-veylan")
    view = g.view()
    assert json.loads(json.dumps(view)) == view
    me, them = view["players"]
    assert me["hero"]["hp"] == 17 and me["hero"]["damage"] == 3 and me["hero"]["tapped"] is True
    person = me["people"][0]
    assert person["hp"] == 2 and person["equipment"][0]["card"] == "phase-cutter" and person["equipped_charge"] == 1
    assert me["scenes"][0]["dormant"] is True and me["batteries"][0]["charge"] == 2
    assert me["energy"][0]["tapped"] is False and me["pool"]["DC"] == 0
    assert [c["card"] for c in me["hand"]] == ["kalen-vos"] and me["deck_count"] == 4
    assert [c["card"] for c in them["graveyard"]] == ["deep-roots"] and me["edges"] == ["E1", "E4"]
    e1 = view["pyramid"]["edges"][0]
    assert e1 == {"edge": "E1", "charge": 20, "max": 20, "locked": True, "discharge_counter": 1,
                  "discharge_at": 4, "adjacent": [0, 1], "dead": False}
    assert view["pyramid"]["edges"][2]["dead"] is True and view["pyramid"]["tide"] == 5
    assert view["pending"]["type"] == "target" and view["pending"]["declaring"].startswith("Dr. Veylan")
    assert view["current_player"] == 0
    do(g, "target", "elder-maru")
    view = g.view()
    assert view["stack"][0]["text"].startswith("Dr. Veylan: Strike 2") and view["priority"] == 1
    assert view["pending"] is None and view["current_player"] == 1


def test_a_seats_view_keeps_the_other_hand_secret_and_shows_no_deck_order(cat):
    g = scenario(cat, [{"hero": "dr-veylan", "hand": ["kalen-vos", "dark-current"], "deck": ["phase-cutter"] * 3},
                       {"hero": "elder-maru", "hand": ["sorella-venn", "deep-roots", "sorella-venn"],
                        "deck": ["deep-roots"] * 5, "board": ["sorella-venn"]}])
    mine = g.view(viewer=0)
    assert [c["card"] for c in mine["players"][0]["hand"]] == ["kalen-vos", "dark-current"]
    theirs = mine["players"][1]
    assert "hand" not in theirs and theirs["hand_count"] == 3 and theirs["deck_count"] == 5
    assert [p["card"] for p in theirs["people"]] == ["sorella-venn"]  # the board is public
    blob = json.dumps(mine)
    assert "deep-roots" not in blob  # in the other hand and deck only: never named
    other = g.view(viewer=1)
    assert "hand" not in other["players"][0] and other["players"][0]["hand_count"] == 2
    assert "phase-cutter" not in json.dumps(other) and "kalen-vos" not in json.dumps(other)
    assert g.view()["players"][1]["hand_count"] == 3 and len(g.view()["players"][1]["hand"]) == 3


def test_the_pyramid_shows_the_card_flipped_last_and_no_card_before_the_first_flip(cat):
    """The table shows the last Pyramid card as a face (issue 33): the view names it once the log has said it was
    flipped, and before any Pyramid turn it names none (the deck's bottom card is a secret then)."""
    players = [{"hero": "dr-veylan", "deck": ["dark-current"] * 5}, {"hero": "elder-maru", "deck": ["deep-roots"] * 5}]
    deck = {"edges": [0, 0, 0, 0], "deck": ["the-surge", "the-pulse", "northern-flare"]}
    before = scenario(cat, players, pyramid=deck).view()
    assert before["pyramid"]["last_flipped"] is None
    after = scenario(cat, players, phase="pyramid", pyramid=deck).view()
    assert after["pyramid"]["last_flipped"] == {"card": "the-surge", "name": cat["the-surge"].name}


def hands(view: dict) -> set[int]:
    return {seat for seat, player in enumerate(view["players"]) if "hand" in player}


def test_a_view_shows_exactly_the_viewers_hand_and_the_seats_shown_besides(cat):
    """A finished table of three shows its public decks' hands and no other (rules.play.payload.board_for)."""
    g = scenario(cat, [{"hero": "dr-veylan", "hand": ["kalen-vos"]}, {"hero": "elder-maru", "hand": ["deep-roots"]},
                       {"hero": "talah", "hand": ["dark-current"]}], seating="three-players")
    assert hands(g.view(viewer=SPECTATOR, shown=frozenset({0, 2}))) == {0, 2}
    assert hands(g.view(viewer=0, shown=frozenset({0, 2}))) == {0, 2}
    assert hands(g.view(viewer=1, shown=frozenset({0, 2}))) == {0, 1, 2}
    assert g.view(viewer=1, shown=frozenset()) == g.view(viewer=1) and hands(g.view(viewer=1)) == {1}
