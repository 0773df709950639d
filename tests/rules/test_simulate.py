"""Goldfish simulation: deterministic, internally consistent, and counting what the events say happened."""
from __future__ import annotations

import json

import pytest

from rules.engine import load_scenario
from rules.engine.bots import get_bot, play_turn
from rules.engine.catalogue import load_catalogue
from rules.engine.lab import run_goldfish
from rules.engine.simulate import (
    distribution,
    game_seed,
    game_stats,
    goldfish_game,
    percentile,
    starter_deck,
)

GAMES = 6


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


@pytest.fixture(scope="module")
def deck(catalogue):
    return starter_deck(catalogue, "starter-elder-maru")


@pytest.fixture(scope="module")
def run(catalogue, deck):
    return run_goldfish(catalogue, deck, games=GAMES, seed=4, bot="random")


def test_same_seed_same_statistics_and_another_seed_other_games(catalogue, deck, run):
    again = run_goldfish(catalogue, deck, games=GAMES, seed=4, bot="random")
    assert json.dumps(run, sort_keys=True) == json.dumps(again, sort_keys=True)
    other = run_goldfish(catalogue, deck, games=GAMES, seed=5, bot="random")
    assert other["best_game"]["seed"] != run["best_game"]["seed"]


def test_the_output_is_plain_json_with_the_provenance(catalogue, run):
    assert json.loads(json.dumps(run)) == run
    assert run["games"] == GAMES and run["seed"] == 4 and run["bot"] == "random"
    assert run["data_hash"] == catalogue.data_hash and run["engine_version"]
    assert run["seating"] == "side-by-side" and run["deck"] == {"hero": "elder-maru", "cards": 45}


def test_distributions_are_ordered_and_histograms_count_every_game(run):
    for key in ("legacy", "rounds", "actions"):
        d = run[key]
        assert d["min"] <= d["p10"] <= d["p25"] <= d["median"] <= d["p75"] <= d["p90"] <= d["max"]
        assert d["min"] <= d["mean"] <= d["max"]
        assert sum(row["count"] for row in d["histogram"]) == GAMES
        assert d["histogram"][0]["from"] <= d["min"] and d["histogram"][-1]["to"] >= d["max"]
    assert 0 <= run["hero_survival_rate"] <= 1


def test_best_game_replays_from_its_seed_with_the_same_legacy(catalogue, deck, run):
    best = run["best_game"]
    assert best["seed"] == game_seed(4, best["index"])
    assert best["legacy"] == run["legacy"]["max"]
    state = goldfish_game(catalogue, deck, seed=best["seed"], bot="random")
    assert state.result()["legacy"][0] == best["legacy"]
    assert run["worst_game"]["legacy"] == run["legacy"]["min"]


def test_one_game_statistics_match_the_result_and_the_record(catalogue, deck):
    state = goldfish_game(catalogue, deck, seed=77, bot="greedy")
    stats = game_stats(state, catalogue)
    result = state.result()
    assert stats["legacy"] == sum(row["value"] for row in result["breakdown"][0]) == result["legacy"][0]
    assert stats["hero_survived"] == (state.view()["players"][0]["hero"] is not None)
    assert stats["actions"] == len(state.record()["actions"])
    assert stats["rounds"] == state.round
    assert stats["cards_played"] == sum(stats["cards_played_by_kind"].values())
    on_board = sum(1 for row in result["breakdown"][0] if row["zone"] != "hero")
    assert stats["cards_played"] >= on_board  # everything on the board beside the Hero was played


def test_means_are_the_means_of_the_games(catalogue, deck, run):
    games = [game_stats(goldfish_game(catalogue, deck, seed=game_seed(4, i), bot="random"), catalogue)
             for i in range(GAMES)]
    for key in ("arc_burn_damage", "scene_damage", "discharge_damage", "edges_discharged", "cards_played"):
        assert run["means"][key] == round(sum(g[key] for g in games) / GAMES, 3), key
    assert run["legacy"]["mean"] == round(sum(g["legacy"] for g in games) / GAMES, 3)


def turn_of(catalogue, player, pool=None):
    data = {"players": [{"hero": "elder-maru", "deck": ["light-resonance"] * 3, **player}, None], "phase": "action"}
    if pool:
        data["players"][0]["pool"] = pool
    state = load_scenario(catalogue, data)
    state.apply("end_turn.0")
    while state.current_player == 0 and any(a.kind == "burn" for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if a.kind == "burn"))
    return state


def test_arc_burn_damage_is_counted_from_the_events(catalogue):
    state = turn_of(catalogue, {"board": []}, pool={"LR": 3})
    assert game_stats(state, catalogue)["arc_burn_damage"] == 3
    assert state.view()["players"][0]["hero"]["damage"] == 3


def test_scene_damage_is_counted_from_the_events_and_arc_burn_kept_apart(catalogue):
    state = turn_of(catalogue, {"board": [{"card": "mossbed-clearing", "charge": 1}]}, pool={"LR": 2})
    stats = game_stats(state, catalogue)
    assert stats["scene_damage"] == 1
    assert stats["arc_burn_damage"] == state.view()["players"][0]["hero"]["damage"] - 1


def test_discharges_are_counted_by_edge_and_adjacency(catalogue):
    edges = [{"charge": 20, "counter": 3}, 2, {"charge": 20, "counter": 3}, 2]  # E1 shared, E3 dead (side-by-side)
    data = {"players": [{"hero": "elder-maru", "deck": ["light-resonance"] * 3}, None], "phase": "pyramid",
            "round": 2, "pyramid": {"edges": edges}}
    state = load_scenario(catalogue, data)
    play_turn(state, get_bot("greedy"))
    stats = game_stats(state, catalogue)
    assert stats["edges_discharged"] == 2 and stats["edges_discharged_adjacent"] == 1
    assert stats["discharge_damage"] == state.view()["players"][0]["hero"]["damage"]


def test_diagonal_seating_is_simulated_too(catalogue, deck):
    run = run_goldfish(catalogue, deck, games=2, seed=1, bot="greedy", seating="diagonal")
    assert run["seating"] == "diagonal" and run["games"] == 2


def test_bad_arguments_are_refused_with_codes(catalogue, deck):
    with pytest.raises(ValueError, match="bad_games"):
        run_goldfish(catalogue, deck, games=0, seed=1)
    with pytest.raises(ValueError, match="bot_unknown"):
        run_goldfish(catalogue, deck, games=1, seed=1, bot="clever")


def test_percentiles_interpolate_between_ranks():
    data = list(range(1, 11))
    assert percentile(data, 50) == pytest.approx(5.5)
    assert percentile(data, 10) == pytest.approx(1.9)
    assert percentile([7], 90) == 7
    d = distribution([3, 3, 4, 100])
    assert sum(row["count"] for row in d["histogram"]) == 4
    assert all(row["to"] - row["from"] == d["histogram"][0]["to"] - d["histogram"][0]["from"]
               for row in d["histogram"])


def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(0, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert game_seed(3, 7) == game_seed(3, 7) != game_seed(4, 7)
