"""Energy and Charge: free Energy plays, the pool, Colorless substitution, spending charge, Buff."""
import pytest

from rules.engine import IllegalAction
from rules.engine.tables import POOL_KEYS
from tests.rules.conftest import do, iid_of, scenario


def board(cat, p1, p2=None, **kw):
    return scenario(cat, [{"hero": "dr-veylan", **p1}, p2], pyramid={"deck": ["the-pulse"]}, **kw)


def pays(g, slug):
    from rules.engine.payment import pay_code
    return sorted(pay_code(a.args[-1]) for a in g.legal_actions() if a.kind in ("summon", "play", "cast")
                  and a.args[1] == slug)


def test_ruling_4_energy_plays_are_free_and_unlimited(cat):
    g = board(cat, {"hand": ["dark-current"] * 4})
    for _ in range(4):
        do(g, "play_energy", "dark-current")
    assert len(g.players[0].board) == 5 and g.players[0].pool == [0] * 6


def test_tapping_an_energy_card_puts_one_energy_of_its_type_in_the_pool(cat):
    g = board(cat, {"board": ["dark-current", "light-resonance", "colorless-energy"]})
    for slug in ("dark-current", "light-resonance", "colorless-energy"):
        do(g, "tap", slug)
    assert {POOL_KEYS[i]: n for i, n in enumerate(g.players[0].pool) if n} == {"DC": 1, "LR": 1, "CE": 1}
    assert not [a for a in g.legal_actions() if a.kind == "tap"]


def test_colorless_cost_is_payable_by_any_energy_and_each_mix_is_a_choice(cat):
    g = board(cat, {"hand": ["kalen-vos"], "pool": {"DC": 1, "LC": 1, "DR": 1}})
    assert pays(g, "kalen-vos") == ["DC1DR1", "DC1LC1"]


def test_current_and_resonance_and_dark_and_light_never_substitute(cat):
    g = board(cat, {"hand": ["kalen-vos"], "pool": {"LC": 2, "DR": 2, "CE": 2}})
    assert pays(g, "kalen-vos") == []   # the DC part needs a Dark Current


def test_colorless_energy_pays_only_the_colorless_part(cat):
    g = board(cat, {"hand": ["kalen-vos", "heartstone"], "pool": {"CE": 2}})
    assert pays(g, "kalen-vos") == [] and pays(g, "heartstone") == ["CE2"]


def test_rare_cost_names_faction_and_secondary_energy(cat):
    g = board(cat, {"hand": ["tide-oracle"], "pool": {"DR": 2, "LR": 1, "DC": 1}})
    assert pays(g, "tide-oracle") == ["DC1DR2LR1"]
    g = board(cat, {"hand": ["tide-oracle"], "pool": {"DR": 3, "DC": 1}})
    assert pays(g, "tide-oracle") == []


def test_paying_spends_exactly_the_chosen_mix(cat):
    g = board(cat, {"hand": ["kalen-vos"], "board": ["sorella-venn"], "pool": {"DC": 2, "LC": 1}})
    do(g, "summon", "kalen-vos", pay="DC1LC1")
    assert g.players[0].pool[:3] == [1, 0, 0]


def test_ruling_6_spending_charge_taps_the_card_for_any_number_of_counters(cat):
    g = board(cat, {"board": [{"card": "tidewell-cell", "charge": 3}]})
    cell = iid_of(g, "tidewell-cell")
    # One offer per card (issue 35); how much to spend is the next decision, and nothing changes before it.
    assert [a.id for a in g.legal_actions() if a.kind == "tap_charge"] == [f"tap_charge.0.{cell}"]
    do(g, "tap_charge", "tidewell-cell")
    assert g.pending[-1] == {"type": "charge", "player": 0, "card": cell} and g.current_player == 0
    assert g.cards[cell].charge == 3 and not g.cards[cell].tapped and g.players[0].pool[4] == 0
    assert [a.id for a in g.legal_actions()] == [f"spend_charge.0.{cell}.{n}" for n in (1, 2, 3)]
    do(g, "spend_charge", "tidewell-cell", n=2)
    assert g.cards[cell].charge == 1 and g.cards[cell].tapped and g.players[0].pool[4] == 2 and not g.pending
    assert not [a for a in g.legal_actions() if a.kind == "tap_charge"]


def test_a_card_holding_one_charge_counter_spends_it_without_asking_the_amount(cat):
    g = board(cat, {"board": [{"card": "tidewell-cell", "charge": 1}]})
    cell = iid_of(g, "tidewell-cell")
    do(g, "tap_charge", "tidewell-cell")
    assert not g.pending and g.cards[cell].charge == 0 and g.cards[cell].tapped and g.players[0].pool[4] == 1


def test_charge_spent_as_one_old_decision_still_applies_and_stays_one_step_of_the_log(cat):
    """A log saved before issue 35 names the amount in the one id ("tap_charge.P.IID.N"): it still plays, as
    the card then the amount, and the history keeps that one id (a stored log and the state step together)."""
    g = board(cat, {"board": [{"card": "tidewell-cell", "charge": 3}]})
    cell = iid_of(g, "tidewell-cell")
    g.apply(f"tap_charge.0.{cell}.2")
    assert g.cards[cell].charge == 1 and g.cards[cell].tapped and g.players[0].pool[4] == 2 and not g.pending
    assert g.action_ids[-1] == f"tap_charge.0.{cell}.2"
    with pytest.raises(IllegalAction):
        g.apply(f"tap_charge.0.{cell}.1")   # tapped now: refused, and nothing changes
    assert g.cards[cell].charge == 1 and g.action_ids[-1] == f"tap_charge.0.{cell}.2"


def test_an_old_charge_decision_for_more_than_the_card_holds_is_refused(cat):
    g = board(cat, {"board": [{"card": "tidewell-cell", "charge": 3}]})
    cell = iid_of(g, "tidewell-cell")
    with pytest.raises(IllegalAction):
        g.apply(f"tap_charge.0.{cell}.4")
    assert g.cards[cell].charge == 3 and not g.cards[cell].tapped and not g.pending


def test_spent_charge_that_is_not_used_arc_burns(cat):
    g = board(cat, {"board": [{"card": "tidewell-cell", "charge": 2}]})
    do(g, "tap_charge", "tidewell-cell")
    do(g, "spend_charge", "tidewell-cell", n=2)
    do(g, "end_turn")
    do(g, "burn")
    assert g.cards[g.players[0].hero].damage == 2


def test_ruling_7_buff_energy_never_arc_burns(cat):
    g = board(cat, {"board": [{"card": "storm-archive", "charge": 1}], "deck": ["dark-current"] * 3,
                    "pool": {"DC": 2}}, {"hero": "elder-maru", "deck": ["light-resonance"]})
    do(g, "activate", "dr-veylan")   # a declaration opens a Reaction Phase window
    do(g, "pass")
    # Storm Archive's Passive Buff 1 is triggered in the window (RULINGS 39) and goes on the stack.
    do(g, "react", "storm-archive")
    do(g, "pass")
    do(g, "pass")
    assert g.players[0].pool[5] == 1
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 1  # the Scene's own damage, not Arc Burn
    assert not any(e["type"] == "arc_burn" for e in g.events)
    assert g.players[0].pool == [0] * 6


def test_battery_counter_costs_one_ce_at_any_time_even_in_the_opponents_turn(cat):
    g = board(cat, {"pool": {"DC": 2}},
              {"hero": "elder-maru", "board": ["light-resonance", "heartstone"], "deck": ["light-resonance"]})
    do(g, "activate", "dr-veylan")   # Strike 2 at Elder Maru, the only enemy character: Player 2 may respond
    assert g.current_player == 1
    do(g, "tap", "light-resonance")
    do(g, "add_counter", "heartstone")
    assert g.cards[iid_of(g, "heartstone", player=1)].charge == 2
    assert g.players[1].pool == [0] * 6


def test_payment_choices_are_exactly_the_distinct_ways_to_pay():
    """Against brute force: every way to take the typed part exactly and the CE part from anything left."""
    import itertools
    import random

    from rules.engine.payment import payments
    rng = random.Random(5)
    for _ in range(300):
        pool = tuple(rng.randint(0, 3) for _ in range(6))
        req = tuple(rng.randint(0, 2) for _ in range(4))
        any_ = rng.randint(0, 3)
        expected = set()
        for take in itertools.product(*(range(n + 1) for n in pool)):
            typed_ok = all(take[i] >= req[i] for i in range(4))
            extra = sum(take) - sum(req)
            if typed_ok and extra == any_:
                expected.add(take)
        assert set(payments(req, any_, pool)) == expected, (req, any_, pool)
        assert len(payments(req, any_, pool)) == len(expected)
