"""Shared fixtures for the rules tests: a frozen test catalogue and board builders."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.engine import DeckSpec, load_scenario, new_game
from rules.engine.catalogue import DATA_DIR, compile_catalogue, read_data

HERE = Path(__file__).parent

# One probe Instant per effect keyword: Lemurian-Conservative commons cost 1 LR.
PROBES = {
    "strike": ("character", 2), "allocate": ("characters", 3), "accelerate": ("edge", 3), "charge": ("edges", 3),
    "drain": ("card_or_edge", 2), "steal": ("card", 2), "heal": ("character", 2), "shield": ("card", 1),
    "ward": ("character", 2), "fortify": ("character", 3), "stabilize": ("character", 2),
    "resurrect": ("graveyard_card", None), "destroy": ("card", None), "disrupt": ("card", 1),
    "buff": ("none", 3), "counter": ("ability", None), "redirect": ("ability", None), "delay": ("card", None),
    "suppress": ("cards", 2), "revive": ("graveyard_card", None), "take-control": ("enemy_card", None),
    "equip": ("own_person", None), "attune": ("own_person", None), "charge-capacity": ("self", None),
    "unequip": ("card", None), "unattune": ("card", None),
}


def probe_slug(keyword: str) -> str:
    return f"probe-{keyword}"


def build_test_data() -> dict:
    data = read_data(DATA_DIR)
    cards = yaml.safe_load((HERE / "data" / "cards.yaml").read_text())["cards"]
    for keyword, (target, amount) in PROBES.items():
        ability = {"trigger": "instant", "keyword": keyword, "target": target}
        if amount is not None:
            ability["amount"] = amount
        cards.append({"name": f"Probe {keyword}", "type": "instant", "faction": "lemurian-conservative",
                      "rarity": "common", "cost": {"LR": 1}, "abilities": [ability]})
    pyramid = [c for c in data["cards"] if c["type"] == "pyramid"]
    data["cards"] = cards + pyramid
    data["starter_decks"] = []
    return data


_CAT = None


def rules_catalogue():
    global _CAT
    if _CAT is None:
        _CAT = compile_catalogue(build_test_data())
    return _CAT


@pytest.fixture(scope="session")
def cat():
    return rules_catalogue()


@pytest.fixture(scope="session")
def catalogue():
    """The real catalogue (the repo's card data), for tests that play the starter decks' whole games."""
    from rules.engine.catalogue import load_catalogue

    return load_catalogue()


@pytest.fixture(scope="session")
def decks(catalogue):
    """The real catalogue's starter decks, in the order of their slugs."""
    from rules.engine.simulate import starter_deck

    return [starter_deck(catalogue, slug) for slug in sorted(catalogue.starter_decks)]


def basic_deck(hero: str = "dr-veylan", energy: str = "dark-current") -> DeckSpec:
    """A 45-card deck of the test set for random play."""
    cards = [energy] * 14 + ["colorless-energy"] * 2 + ["light-current"] * 2
    cards += ["kalen-vos"] * 3 + ["fence-walker"] * 3 + ["heartstone"] * 3 + ["tidewell-cell"] * 2
    cards += ["phase-cutter"] * 3 + ["surge-gauntlet"] * 2 + ["crown-of-tides"] * 1 + ["storm-archive"] * 2
    cards += ["arc-volley"] * 2 + ["spire-warden"] * 3 + ["leyline-reservoir"] * 1 + ["deep-roots"] * 2
    cards += ["null-pulse"] * 2
    return DeckSpec(hero, tuple(cards[:45]))


def lemurian_deck() -> DeckSpec:
    cards = ["light-resonance"] * 12 + ["dark-resonance"] * 4 + ["colorless-energy"] * 2
    cards += ["sorella-venn"] * 3 + ["tide-oracle"] * 2 + ["gentle-dissent"] * 3 + ["moss-charm"] * 3
    cards += ["deep-roots"] * 3 + ["null-pulse"] * 3 + ["heartstone"] * 3 + ["tidewell-cell"] * 2
    cards += ["leyline-reservoir"] * 2 + ["probe-fortify"] * 2 + ["probe-stabilize"] * 1 + ["probe-ward"] * 1
    return DeckSpec("elder-maru", tuple(cards[:45]))


def scenario(cat, players, **kw):
    """Load a scenario: `players` is a pair of player dicts (or None for the goldfish)."""
    data = {"players": list(players), **kw}
    return load_scenario(cat, data)


def find(state, kind, *values, pay=None, n=None, ref=None):
    """The first legal action of a kind whose args contain every value; fails loudly when there is none."""
    from rules.engine.payment import pay_code
    out = []
    for a in state.legal_actions():
        if a.kind != kind or not all(v in a.args for v in values):
            continue
        if pay is not None and not (isinstance(a.args[-1], tuple) and pay_code(a.args[-1]) == pay):
            continue
        if n is not None and a.args[-1] != n:
            continue
        if ref is not None and a.args[2] != ref:
            continue
        out.append(a)
    assert out, f"no legal {kind} {values} pay={pay} n={n} ref={ref} among {[a.id for a in state.legal_actions()]}"
    return out[0]


def do(state, kind, *values, pay=None, n=None, ref=None):
    """Apply the action `find` returns, and return the state."""
    state.apply(find(state, kind, *values, pay=pay, n=n, ref=ref))
    return state


def ids(state):
    return [a.id for a in state.legal_actions()]


def iid_of(state, slug, player=None, zone=None):
    """The card number of the first card with this slug (optionally owned by a player / in a zone)."""
    for card in state.cards:
        if card.slug == slug and (player is None or card.owner == player) and (zone is None or card.zone == zone):
            return card.iid
    raise AssertionError(f"no {slug} card (player={player}, zone={zone})")


def play_randomly(state, rng, max_steps=20000, check=None):
    steps = 0
    while not state.is_over and steps < max_steps:
        actions = state.legal_actions()
        assert actions, f"no legal actions in phase {state.phase}"
        state.apply(actions[rng.randrange(len(actions))])
        if check is not None:
            check(state)
        steps += 1
    return steps


__all__ = ["cat", "do", "basic_deck", "lemurian_deck", "scenario", "find", "ids", "iid_of", "play_randomly",
           "new_game", "DeckSpec", "rules_catalogue"]
