"""Stack & Priority: declarations, responses, passing, last-in-first-out resolution, Counter."""
import pytest

from rules.engine import IllegalAction
from tests.rules.conftest import do, iid_of, scenario


def duel(cat, p1=None, p2=None):
    p1 = {"hero": "dr-veylan", "deck": ["dark-current"] * 3, **(p1 or {})}
    p2 = {"hero": "elder-maru", "deck": ["light-resonance"] * 3, **(p2 or {})}
    return scenario(cat, [p1, p2], pyramid={"deck": ["the-pulse"]})


def test_ruling_12_after_a_declaration_the_opponent_gets_priority(cat):
    g = duel(cat, {"pool": {"DC": 2}})
    do(g, "activate", "dr-veylan")
    assert len(g.stack) == 1 and g.current_player == 1 and g.priority == 1
    assert {a.kind for a in g.legal_actions()} <= {"pass", "cast", "react", "tap", "tap_charge", "add_counter"}


def test_ruling_12_two_passes_in_a_row_resolve_the_stack(cat):
    g = duel(cat, {"pool": {"DC": 2}})
    do(g, "activate", "dr-veylan")
    do(g, "pass")
    assert g.current_player == 0 and len(g.stack) == 1
    do(g, "pass")
    assert g.stack == [] and g.cards[g.players[1].hero].damage == 2 and g.current_player == 0


def test_stack_resolves_last_in_first_out(cat):
    g = duel(cat, {"pool": {"DC": 2}}, {"hero": {"card": "elder-maru", "damage": 3}, "pool": {"LR": 1},
                                        "hand": ["probe-heal"]})
    do(g, "activate", "dr-veylan")          # Strike 2 on Elder Maru
    do(g, "cast", "probe-heal")
    do(g, "target", "elder-maru")            # Heal 2 on Elder Maru, on top
    do(g, "pass")
    do(g, "pass")
    # LIFO: the Heal resolves first (3 -> 1 damage), then the Strike (1 -> 3).
    assert g.cards[g.players[1].hero].damage == 3
    texts = [e["text"] for e in g.events if e["type"] == "resolve_item"]
    assert texts[0].startswith("Probe heal") and texts[1].startswith("Dr. Veylan")


def test_a_response_to_a_response_then_both_pass(cat):
    g = duel(cat, {"pool": {"DC": 2, "DR": 1, "CE": 1}, "hand": ["null-pulse"]},
             {"pool": {"LR": 1}, "hand": ["deep-roots"]})
    do(g, "activate", "dr-veylan")
    do(g, "cast", "deep-roots")
    do(g, "target", "elder-maru")
    assert g.current_player == 0
    do(g, "cast", "null-pulse")
    assert g.pending[-1]["type"] == "target"
    deep_roots_sid = g.stack[-1].sid
    do(g, "target", ref=f"s{deep_roots_sid}")
    assert g.current_player == 1 and len(g.stack) == 3
    do(g, "pass")
    do(g, "pass")
    # Null Pulse counters Deep Roots: the Strike hits.
    assert g.cards[g.players[1].hero].damage == 2 and g.stack == []
    assert g.cards[iid_of(g, "deep-roots")].zone == "graveyard"
    assert g.cards[iid_of(g, "null-pulse")].zone == "graveyard"


def test_ruling_11_use_abilities_and_summons_wait_for_an_empty_stack(cat):
    g = duel(cat, {"pool": {"DC": 4}, "board": ["kalen-vos"], "hand": ["kalen-vos"]})
    do(g, "activate", "dr-veylan")
    do(g, "pass")   # priority back to Player 1 with the Strike still on the stack
    assert g.current_player == 0 and g.stack
    assert not {a.kind for a in g.legal_actions()} & {"activate", "summon", "end_turn", "play_energy"}


def test_ruling_11_enters_triggers_use_the_stack_and_can_be_answered(cat):
    g = duel(cat, {"pool": {"DC": 1, "CE": 1}, "hand": ["kalen-vos"]}, {"board": ["sorella-venn"]})
    do(g, "summon", "kalen-vos")
    assert g.pending[-1]["type"] == "target"
    do(g, "target", "sorella-venn")
    assert len(g.stack) == 1 and g.current_player == 1


def test_only_the_player_with_priority_may_act_and_a_refused_action_changes_nothing(cat):
    g = duel(cat, {"pool": {"DC": 2}})
    before = g.digest()
    with pytest.raises(IllegalAction) as err:
        g.apply("pass.1")
    assert err.value.rule == "Stack & Priority"
    with pytest.raises(IllegalAction) as err:
        g.apply("summon.0.99.DC1CE1")
    assert err.value.rule.startswith("People")
    assert g.digest() == before


def test_new_trigger_during_resolution_opens_a_new_window_before_the_rest(cat):
    g = duel(cat, {"pool": {"DC": 2, "LR": 1}, "hand": ["probe-revive"], "graveyard": ["kalen-vos"]},
             {"board": ["sorella-venn"]})
    do(g, "activate", "dr-veylan")
    do(g, "target", "elder-maru")
    do(g, "pass")           # Player 2 passes; Player 1 holds priority
    do(g, "cast", "probe-revive")
    do(g, "pass")
    do(g, "pass")           # Revive resolves: Kalen Vos enters; its trigger needs a target first
    assert g.pending[-1]["type"] == "target" and g.current_player == 0
    do(g, "target", "sorella-venn")
    assert len(g.stack) == 2 and g.current_player == 1   # the Strike of Dr. Veylan still waits below
    do(g, "pass")
    do(g, "pass")
    assert g.stack == [] and g.cards[iid_of(g, "sorella-venn")].damage == 1
    assert g.cards[g.players[1].hero].damage == 2


def test_goldfish_always_passes(cat):
    g = scenario(cat, [{"hero": "dr-veylan", "pool": {"LR": 1}, "hand": ["probe-buff"]}, None],
                 pyramid={"deck": ["the-pulse"]})
    do(g, "cast", "probe-buff")
    # The goldfish seat passed by itself: Player 1 holds priority over their own Instant.
    assert g.current_player == 0 and len(g.stack) == 1 and g.passes == 1
    assert any(e["type"] == "pass" and e["player"] == 1 for e in g.events)
    do(g, "pass")
    assert g.stack == []
