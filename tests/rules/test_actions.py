"""Actions: content-derived ids, stale ids refused, labels, and IllegalAction naming the rule."""
import pickle

import pytest

from rules.engine import Action, IllegalAction
from rules.engine.actions import new_action, present
from tests.rules.conftest import do, find, iid_of, scenario


def game(cat):
    return scenario(cat, [{"hero": "dr-veylan", "hand": ["kalen-vos", "kalen-vos", "dark-current"],
                           "board": ["dark-current", "colorless-energy"]},
                          {"hero": "elder-maru", "board": ["sorella-venn"], "deck": ["light-resonance"]}],
                    pyramid={"deck": ["the-pulse"]})


def test_ids_are_derived_from_content_not_position(cat):
    g = game(cat)
    ids = [a.id for a in g.legal_actions()]
    assert len(ids) == len(set(ids))
    energy = find(g, "play_energy", "dark-current")
    assert energy.id == f"play_energy.0.{energy.args[0]}"
    assert g.clone().legal_actions()[0].id == g.legal_actions()[0].id


def test_identical_copies_in_hand_are_one_choice(cat):
    g = game(cat)
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    assert len([a for a in g.legal_actions() if a.kind == "summon"]) == 1


def test_apply_accepts_an_action_or_its_id(cat):
    g1, g2 = game(cat), game(cat)
    a = find(g1, "tap", "dark-current")
    g1.apply(a)
    g2.apply(a.id)
    assert g1.digest() == g2.digest()


def test_a_stale_id_is_refused_and_changes_nothing(cat):
    g = game(cat)
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    do(g, "summon", "kalen-vos")
    stale = find(g, "target", "sorella-venn").id
    do(g, "target", "sorella-venn")
    before = g.digest()
    with pytest.raises(IllegalAction) as err:
        g.apply(stale)
    assert g.digest() == before and err.value.rule


def test_labels_read_like_the_rulebook(cat):
    g = game(cat)
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    summon = find(g, "summon", "kalen-vos")
    assert summon.label == "Summon Kalen Vos (pay 1 DC + 1 CE)"
    assert find(g, "end_turn").label == "End the turn"
    data = summon.to_dict()
    assert data["kind"] == "summon" and data["player"] == 0 and data["id"] == summon.id
    assert data["args"][-1] == {"DC": 1, "CE": 1}


def test_an_action_presents_its_card_payment_and_choice_as_data(cat):
    """What a page shows beside the label comes from the engine, so nothing outside it parses a label."""
    g = game(cat)
    tap = find(g, "tap", "dark-current")
    assert present(tap) == {"card": tap.args[0], "target": None, "pay": None, "choice": "Tap Dark Current for energy"}
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    summon = find(g, "summon", "kalen-vos")
    shown = present(summon)
    kalens = [i for i in g.players[0].hand if g.cards[i].slug == "kalen-vos"]
    assert shown["card"] == summon.args[0] and shown["card"] in kalens   # one of the identical copies stands for both
    assert shown["pay"] == {"DC": 1, "CE": 1} and shown["choice"] == "pay 1 DC + 1 CE"
    assert present(find(g, "end_turn"))["choice"] == "End the turn"


def test_actions_are_frozen_and_hashable(cat):
    a = game(cat).legal_actions()[0]
    with pytest.raises(AttributeError):
        a.kind = "other"
    assert {a: 1}[Action(a.kind, a.player, a.args)] == 1


def test_an_offered_action_is_the_value_a_caller_would_build(cat):
    """Move generation builds its offers with `new_action` (in the compiled form a C-level class filled in place,
    issue 35): each is the very value `Action(...)` makes — equal, the same hash as the tuple it once was, the same
    id, label and dict (and, without its tables, the same after a pickle round trip) — and its id is formatted once, however often it is read
    (a saved game's replay reads the id of every offer at every step)."""
    g = game(cat)
    for a in g.legal_actions():
        built = Action(a.kind, a.player, a.args, a.ctx)
        again = new_action(a.kind, a.player, a.args, a.ctx)
        assert a == built == again and not a != built
        assert hash(a) == hash(built) == hash((a.kind, a.player, a.args))
        assert (a.id, a.label, a.to_dict()) == (built.id, built.label, built.to_dict())
        assert a.id is a.id
    with pytest.raises(AttributeError):
        del a.args
    assert Action("pass", 0) != ("pass", 0, ())
    plain = Action(a.kind, a.player, a.args)   # without the tables (which hold functions)
    assert pickle.loads(pickle.dumps(plain)) == plain


def test_illegal_action_names_the_rule(cat):
    g = game(cat)
    with pytest.raises(IllegalAction) as err:
        g.apply("summon.0.1.DC1CE1")
    assert "People" in err.value.rule and "not legal" in err.value.message
    with pytest.raises(IllegalAction) as err:
        g.apply(42)
    assert err.value.rule == "actions"


def test_an_id_naming_a_seat_the_game_does_not_have_is_no_action_of_it(cat):
    """`tap.999` reads as Player 1000's tap: the refusal says the game has no such player, not that it is Player 1's
    turn (an API user who mistyped an id is told what is wrong with it)."""
    g = game(cat)
    before = g.digest()
    with pytest.raises(IllegalAction) as err:
        g.apply("tap.999")
    assert err.value.rule == "actions"
    assert "Player 1000" in err.value.message and "the game has 2 players" in err.value.message
    assert "decision, not" not in err.value.message
    assert g.digest() == before


def test_current_player_is_who_decides(cat):
    g = game(cat)
    assert g.current_player == 0
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    do(g, "summon", "kalen-vos")
    do(g, "target", "sorella-venn")
    assert g.current_player == 1 and all(a.player == 1 for a in g.legal_actions())
    assert iid_of(g, "kalen-vos", zone="board") >= 0
