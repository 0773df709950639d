"""Deck statistics: the exact odds match brute-force enumeration on tiny decks and a seeded simulation of the
mulligan rule on real-sized ones; the curve and the energy balance add up to the deck."""
import json
import math
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from decks.stats import (
    cards_seen,
    deck_statistics,
    p_at_least_one,
    p_each_type,
    p_each_type_kept,
    p_energy_within_mulligans,
    simulate_opening,
)
from rules.engine.catalogue import ENERGY_ORDER
from tests.decks.test_validation import AF, BATTERY, HEROES, build_catalogue, energy_card, legal_deck, person

CAT = build_catalogue()
GAME = CAT.rulebook["game"]
HAND, MULLIGANS = GAME["hand_size"], GAME["max_mulligans"]


# --- exact formulas against brute force on tiny decks -------------------------------------------------------------

def arrangements(composition):
    """Every distinct order of a tiny deck; each is equally likely under a uniform shuffle."""
    cards = [kind for kind, n in composition.items() for _ in range(n)]
    return sorted(set(permutations(cards)))


def chance(arrs, event):
    return Fraction(sum(1 for a in arrs if event(a)), len(arrs))


def brute_kept(arrs, event, is_energy, hand, max_mulligans):
    """Play the mulligan rule over every arrangement of every shuffle: P(event on the kept shuffle)."""
    def value(mulligans):
        later = value(mulligans + 1) if mulligans < max_mulligans else None
        total = Fraction(0)
        for a in arrs:
            if mulligans == max_mulligans or any(is_energy(c) for c in a[:hand]):
                total += event(a)
            else:
                total += later
        return total / len(arrs)
    return value(0)


# kinds: "A", "B" are Energy of two wanted types, "C" is other Energy (e.g. Colorless), "x" is not Energy
TINY = [
    {"A": 2, "B": 1, "C": 1, "x": 4},
    {"A": 1, "B": 1, "x": 6},
    {"A": 3, "x": 5},
    {"A": 1, "B": 2, "C": 2, "x": 3},
    {"C": 2, "x": 6},
    {"x": 8},
]


@pytest.mark.parametrize("composition", TINY)
@pytest.mark.parametrize("hand, drawn", [(3, 3), (3, 5), (2, 4)])
def test_exact_odds_match_enumeration_on_tiny_decks(composition, hand, drawn):
    arrs = arrangements(composition)
    size = sum(composition.values())
    wanted = [k for k in ("A", "B") if composition.get(k)]
    energy = sum(n for k, n in composition.items() if k != "x")
    type_counts = [composition[k] for k in wanted]

    def every_type(a):
        return all(k in a[:drawn] for k in wanted)

    assert p_at_least_one(size, energy, hand) == chance(arrs, lambda a: any(c != "x" for c in a[:hand]))
    assert p_each_type(size, type_counts, drawn) == chance(arrs, every_type)
    for max_mulligans in (0, 1, 2):
        expected = brute_kept(arrs, every_type, lambda c: c != "x", hand, max_mulligans)
        exact = p_each_type_kept(size, type_counts, energy, drawn, hand_size=hand, max_mulligans=max_mulligans)
        assert exact == expected


@pytest.mark.parametrize("composition", TINY)
def test_keeping_energy_within_k_mulligans_matches_enumeration(composition):
    arrs = arrangements(composition)
    size, hand = sum(composition.values()), 3
    energy = size - composition["x"]
    p = p_at_least_one(size, energy, hand)
    for k in range(4):
        has_energy = brute_kept(arrs, lambda a: any(c != "x" for c in a[:hand]), lambda c: c != "x", hand, k)
        assert p_energy_within_mulligans(p, k) == has_energy


def test_a_type_the_deck_lacks_can_never_be_drawn():
    assert p_each_type(45, [10, 0], 20) == 0
    assert p_each_type_kept(45, [10, 0], 10, 20, hand_size=HAND, max_mulligans=MULLIGANS) == 0


def test_no_wanted_type_is_always_satisfied():
    assert p_each_type(45, [], HAND) == 1
    assert p_each_type_kept(45, [], 0, HAND, hand_size=HAND, max_mulligans=MULLIGANS) == 1


# --- the seeded simulator against the exact odds ------------------------------------------------------------------

LEAN = {person(AF): 36, person(AF, "rare"): 3, energy_card("DC"): 4, energy_card("LC"): 2}  # few Energy: mulligans
RUNS = 3000


def _within(observed, expected, runs=RUNS, sigmas=4.5):
    spread = sigmas * math.sqrt(max(expected * (1 - expected), 1e-9) / runs) + 1 / runs
    return abs(observed - expected) <= spread


@pytest.fixture(scope="module")
def lean_runs():
    turn = 6
    return turn, [simulate_opening(CAT, LEAN, seed=seed, draws=cards_seen(turn, HAND) - HAND) for seed in range(RUNS)]


def test_simulated_mulligans_match_the_exact_odds(lean_runs):
    _, runs = lean_runs
    size, energy = sum(LEAN.values()), LEAN[energy_card("DC")] + LEAN[energy_card("LC")]
    p = p_at_least_one(size, energy, HAND)
    assert 0.2 < 1 - p < 0.8  # the deck really mulligans
    tally = Counter(run["mulligans"] for run in runs)
    for k in range(MULLIGANS):
        assert _within(tally[k] / RUNS, float((1 - p) ** k * p)), k
    kept = sum(run["has_energy"] for run in runs) / RUNS
    assert _within(kept, float(p_energy_within_mulligans(p, MULLIGANS)))


def test_simulated_energy_by_turn_matches_the_exact_odds(lean_runs):
    turn, runs = lean_runs
    stats = deck_statistics(CAT, HEROES[AF], LEAN)
    assert stats["energy_by_turn"]["types"] == ["DC", "LC"]
    row = stats["energy_by_turn"]["turns"][turn - 1]
    dc, lc = energy_card("DC"), energy_card("LC")
    seen = [set(run["kept"] + run["draws"]) for run in runs]
    assert all(len(run["kept"] + run["draws"]) == row["cards_seen"] for run in runs)
    assert _within(sum(dc in s and lc in s for s in seen) / RUNS, row["p_with_mulligans"])


def test_a_simulation_is_determined_by_its_seed():
    deck = legal_deck(AF)
    assert simulate_opening(CAT, deck, seed=7, draws=5) == simulate_opening(CAT, deck, seed=7, draws=5)
    assert len({tuple(simulate_opening(CAT, deck, seed=s)["kept"]) for s in range(20)}) > 1


@pytest.mark.parametrize("seed", range(25))
def test_the_simulator_follows_the_mulligan_rule(seed):
    run = simulate_opening(CAT, LEAN, seed=seed, draws=4)
    energy = {energy_card("DC"), energy_card("LC")}
    assert run["mulligans"] == len(run["hands"]) - 1 <= MULLIGANS
    assert all(len(hand) == HAND for hand in run["hands"])
    assert all(not energy & set(hand) for hand in run["hands"][:-1])    # only Energy-less hands go back
    assert run["kept"] == run["hands"][-1]
    assert run["has_energy"] == bool(energy & set(run["kept"]))
    assert run["has_energy"] or run["mulligans"] == MULLIGANS
    dealt = Counter(run["kept"] + run["draws"])
    assert len(run["draws"]) == 4 and all(dealt[slug] <= LEAN[slug] for slug in dealt)


def test_a_deck_without_energy_takes_every_mulligan():
    run = simulate_opening(CAT, {person(AF): 45}, seed=1)
    assert run["mulligans"] == MULLIGANS and not run["has_energy"]


def test_draws_stop_when_the_deck_runs_out_and_cannot_be_negative():
    run = simulate_opening(CAT, {person(AF): HAND + 2, energy_card("DC"): 1}, seed=3, draws=50)
    assert len(run["draws"]) == 3
    with pytest.raises(ValueError):
        simulate_opening(CAT, LEAN, seed=1, draws=-1)


# --- deck statistics ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def legal_stats():
    return legal_deck(AF), deck_statistics(CAT, HEROES[AF], legal_deck(AF))


def test_statistics_are_json(legal_stats):
    _, stats = legal_stats
    assert json.loads(json.dumps(stats)) == stats


def test_breakdowns_add_up_to_the_deck(legal_stats):
    counts, stats = legal_stats
    assert stats["count"] == sum(counts.values())
    assert sum(stats["by_type"].values()) == sum(stats["by_rarity"].values()) == stats["count"]
    for slug, n in counts.items():
        assert stats["by_type"][CAT[slug].type] >= n
    non_energy = {s: n for s, n in counts.items() if CAT[s].type != "energy"}
    assert sum(row["count"] for row in stats["cost_curve"]) == sum(non_energy.values())
    by_cost = Counter()
    for slug, n in non_energy.items():
        by_cost[CAT[slug].cost.total] += n
    assert {row["cost"]: row["count"] for row in stats["cost_curve"] if row["count"]} == dict(by_cost)
    costs = [row["cost"] for row in stats["cost_curve"]]
    assert costs == list(range(min(by_cost), max(by_cost) + 1))


def test_energy_needed_and_provided_per_type(legal_stats):
    counts, stats = legal_stats
    rows = {row["code"]: row for row in stats["energy"]}
    for code, row in rows.items():
        needed = sum(CAT[s].cost.amount(code) * n for s, n in counts.items() if CAT[s].type != "energy")
        provided = sum(n for s, n in counts.items() if CAT[s].type == "energy" and CAT[s].produces == code)
        assert (row["needed"], row["provided"]) == (needed, provided), code
    assert stats["energy_cards"] == sum(row["provided"] for row in rows.values())


def test_opening_hand_odds_follow_the_mulligan_formula(legal_stats):
    counts, stats = legal_stats
    opening = stats["opening_hand"]
    assert (opening["hand_size"], opening["max_mulligans"]) == (HAND, MULLIGANS)
    p = p_at_least_one(stats["count"], stats["energy_cards"], HAND)
    assert opening["p_energy"] == round(float(p), 4)
    assert [row["mulligans"] for row in opening["p_energy_within_mulligans"]] == list(range(MULLIGANS + 1))
    for row in opening["p_energy_within_mulligans"]:
        assert row["p"] == round(1 - float(1 - p) ** (row["mulligans"] + 1), 4)


def test_energy_by_turn_is_for_the_first_player_who_does_not_draw_on_turn_1(legal_stats):
    counts, stats = legal_stats
    by_turn = stats["energy_by_turn"]
    assert by_turn["first_player_draws_on_turn_1"] is False
    assert [row["turn"] for row in by_turn["turns"]] == list(range(1, 11))
    assert [row["cards_seen"] for row in by_turn["turns"]] == [HAND + t - 1 for t in range(1, 11)]
    faction = CAT.faction(CAT[HEROES[AF]].faction)
    assert by_turn["types"] == sorted(faction["energies"], key=ENERGY_ORDER.index)
    ps = [row["p"] for row in by_turn["turns"]]
    assert ps == sorted(ps) and all(0 < p < 1 for p in ps)
    assert all(row["p_with_mulligans"] >= row["p"] for row in by_turn["turns"])
    type_counts = [counts[energy_card(code)] for code in by_turn["types"]]
    assert ps[0] == round(float(p_each_type(stats["count"], type_counts, HAND)), 4)


def test_the_heros_ability_costs_count_as_types_the_deck_uses():
    counts = {BATTERY: 3, energy_card("CE"): 42}
    assert deck_statistics(CAT, None, counts)["energy_by_turn"]["types"] == []
    with_hero = deck_statistics(CAT, HEROES[AF], counts)["energy_by_turn"]
    assert with_hero["types"] == ["DC"]
    assert {row["p"] for row in with_hero["turns"]} == {0.0}


def test_an_empty_or_unknown_deck_is_described_without_error():
    empty = deck_statistics(CAT, None, {})
    assert empty["count"] == 0 and empty["opening_hand"]["p_energy"] == 0 and empty["cost_curve"] == []
    odd = deck_statistics(CAT, None, {"lost-card": 2, person(AF): 0})
    assert odd["count"] == 2 and odd["unknown_cards"] == ["lost-card"]
    json.dumps(odd)
