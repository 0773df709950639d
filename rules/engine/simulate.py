"""Goldfish simulation: play one deck against the empty opponent many times and summarise the games.

Game i of a run is seeded with `game_seed(seed, i)`, and its bot with the same number, so any single game (the
`best_game` of a run, say) can be rebuilt exactly with `goldfish_game(...)`. The counters are read from the events
the engine logs (`state.events`), so they report what happened, not what a bot intended.

Also the Pyramid-only simulation behind RULINGS 16 (no player acts: how many rounds until the Cataclysm):

    .venv/bin/python -m rules.engine.simulate [runs]
"""
from __future__ import annotations

import hashlib
import math
import re
import statistics
import sys
from typing import Any, Iterable, Sequence

from . import ENGINE_VERSION
from .bots import get_bot, play_out
from .catalogue import Catalogue, load_catalogue
from .setup import DeckSpec, new_game
from .state import GameState

PLAYER = 0  # the deck sits in the first seat; the goldfish's empty opponent in the second
HISTOGRAM_BINS = 20
BAD_GAMES = "bad_games"

_DAMAGE = re.compile(r" takes (?P<n>\d+) damage from (?P<src>.+?)(?: and loses \d+ charge)?$")
_DISCHARGE = re.compile(r"^Edge (?P<edge>E\d+) discharges")
_PLAYED = {"play_energy": "energy", "summon": "permanents", "equip": "equipment", "cast": "instants"}
_ARC_BURN = "Arc Burn"
_DISCHARGE_SOURCES = ("the Edge Discharge", "the recombined discharge")


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: a stable 32-bit mix of the run's seed and the index."""
    digest = hashlib.sha256(f"goldfish:{int(seed)}:{int(index)}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def goldfish_game(catalogue: Catalogue, deck: DeckSpec, *, seed: int, bot: str = "random",
                  seating: str = "side-by-side", max_actions: int = 100_000) -> GameState:
    """Play one goldfish game to the end: the deck in seat 1, the bot seeded with the game's seed."""
    state = new_game(catalogue, [deck, None], seating=seating, seed=seed)
    play_out(state, get_bot(bot, seed), max_actions=max_actions)
    return state


def game_stats(state: GameState, catalogue: Catalogue, player: int = PLAYER) -> dict[str, Any]:
    """What happened to one player in a finished game, counted from the engine's events."""
    result = state.result()
    scenes = {c.name for c in catalogue.cards.values() if c.type == "scene"}
    rulebook = catalogue.rulebook
    seat = rulebook["seatings"][state.seating][player]
    my_edges = set(rulebook["seats"][seat]["edges"])
    stats = {"arc_burn_damage": 0, "scene_damage": 0, "discharge_damage": 0, "edges_discharged": 0,
             "edges_discharged_adjacent": 0, "cards_played": 0,
             "cards_played_by_kind": {kind: 0 for kind in _PLAYED.values()}}
    rounds = None
    end_phase = False
    for event in state.events:
        kind = event["type"]
        if kind in ("turn", "pyramid"):
            end_phase = False
        elif kind == "end_turn":
            end_phase = event["player"] == player
        elif kind == "damage" and event["player"] == player:
            match = _DAMAGE.search(event["text"])
            if match:
                n, src = int(match["n"]), match["src"]
                if src == _ARC_BURN:
                    stats["arc_burn_damage"] += n
                elif src in _DISCHARGE_SOURCES:
                    stats["discharge_damage"] += n
                elif end_phase and src in scenes:
                    stats["scene_damage"] += n
        elif kind == "discharge":
            match = _DISCHARGE.match(event["text"])
            stats["edges_discharged"] += 1
            if match and match["edge"] in my_edges:
                stats["edges_discharged_adjacent"] += 1
        elif kind in _PLAYED and event["player"] == player:
            stats["cards_played"] += 1
            stats["cards_played_by_kind"][_PLAYED[kind]] += 1
        elif kind == "cataclysm" and rounds is None:
            rounds = event["round"]
    stats.update(
        seed=state.seed,
        legacy=result["legacy"][player],
        rounds=rounds if rounds is not None else state.round,
        hero_survived=any(row["zone"] == "hero" for row in result["breakdown"][player]),
        actions=len(state.record()["actions"]),
        over=state.is_over,
    )
    return stats


def run_goldfish(catalogue: Catalogue, deck: DeckSpec, *, games: int, seed: int, bot: str = "random",
                 seating: str = "side-by-side") -> dict[str, Any]:
    """Play `games` goldfish games of a deck and return JSON-able statistics (same arguments, same output)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"{BAD_GAMES}: the number of games must be a positive integer (got {games!r})")
    get_bot(bot)  # fail fast on an unknown bot name
    rows = []
    for index in range(games):
        state = goldfish_game(catalogue, deck, seed=game_seed(seed, index), bot=bot, seating=seating)
        rows.append(game_stats(state, catalogue))
    return summarise(rows, catalogue=catalogue, deck=deck, bot=bot, seating=seating, seed=seed)


def summarise(rows: Sequence[dict[str, Any]], *, catalogue: Catalogue, deck: DeckSpec, bot: str, seating: str,
              seed: int) -> dict[str, Any]:
    """Fold per-game statistics into the run's summary."""
    n = len(rows)
    best = max(range(n), key=lambda i: (rows[i]["legacy"], -i))
    worst = min(range(n), key=lambda i: (rows[i]["legacy"], i))
    kinds = rows[0]["cards_played_by_kind"]
    return {
        "engine_version": ENGINE_VERSION,
        "data_hash": catalogue.data_hash,
        "bot": bot,
        "seating": seating,
        "seed": seed,
        "games": n,
        "deck": {"hero": deck.hero, "cards": len(deck.cards)},
        "legacy": distribution(r["legacy"] for r in rows),
        "rounds": distribution(r["rounds"] for r in rows),
        "actions": distribution(r["actions"] for r in rows),
        "hero_survival_rate": _round(sum(1 for r in rows if r["hero_survived"]) / n, 4),
        "means": {
            "arc_burn_damage": _mean(r["arc_burn_damage"] for r in rows),
            "scene_damage": _mean(r["scene_damage"] for r in rows),
            "discharge_damage": _mean(r["discharge_damage"] for r in rows),
            "edges_discharged": _mean(r["edges_discharged"] for r in rows),
            "edges_discharged_adjacent": _mean(r["edges_discharged_adjacent"] for r in rows),
            "cards_played": _mean(r["cards_played"] for r in rows),
            "cards_played_by_kind": {k: _mean(r["cards_played_by_kind"][k] for r in rows) for k in kinds},
        },
        "best_game": {"index": best, "seed": rows[best]["seed"], "legacy": rows[best]["legacy"]},
        "worst_game": {"index": worst, "seed": rows[worst]["seed"], "legacy": rows[worst]["legacy"]},
    }


def distribution(values: Iterable[float], bins: int = HISTOGRAM_BINS) -> dict[str, Any]:
    """Mean, median, percentiles, extremes and an integer histogram (`[{from, to, count}]`) of some numbers."""
    data = sorted(values)
    if not data:
        return {"count": 0}
    lo, hi = data[0], data[-1]
    width = max(1, math.ceil((hi - lo + 1) / bins))
    start = (math.floor(lo) // width) * width
    counts: dict[int, int] = {}
    for v in data:
        slot = int((math.floor(v) - start) // width)
        counts[slot] = counts.get(slot, 0) + 1
    histogram = [{"from": start + b * width, "to": start + (b + 1) * width - 1, "count": counts.get(b, 0)}
                 for b in range(max(counts) + 1)]
    return {
        "mean": _mean(data), "median": _round(percentile(data, 50)),
        "p10": _round(percentile(data, 10)), "p25": _round(percentile(data, 25)),
        "p75": _round(percentile(data, 75)), "p90": _round(percentile(data, 90)),
        "min": lo, "max": hi, "histogram": histogram,
    }


def percentile(sorted_data: Sequence[float], q: float) -> float:
    """The q-th percentile by linear interpolation between closest ranks (numpy's default)."""
    if len(sorted_data) == 1:
        return float(sorted_data[0])
    pos = (len(sorted_data) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(sorted_data) - 1)
    return sorted_data[low] + (sorted_data[high] - sorted_data[low]) * (pos - low)


def _mean(values: Iterable[float]) -> float:
    data = list(values)
    return _round(sum(data) / len(data)) if data else 0.0


def _round(value: float, digits: int = 3) -> float:
    return round(float(value), digits)


def deck_from_counts(hero: str, counts: Iterable[tuple[str, int]] | dict[str, int]) -> DeckSpec:
    """Build an engine deck from (slug, copies) pairs, in a stable order."""
    items = counts.items() if isinstance(counts, dict) else counts
    cards: list[str] = []
    for slug, count in items:
        cards.extend([slug] * int(count))
    return DeckSpec(hero, tuple(cards))


def starter_deck(catalogue: Catalogue, name: str) -> DeckSpec:
    """The engine deck of a starter deck, by its slug (`starter-elder-maru`) or its Hero's slug (`elder-maru`)."""
    decks = catalogue.starter_decks
    entry = decks.get(name) or decks.get(f"starter-{name}")
    if entry is None:
        raise KeyError(name)
    return deck_from_counts(entry["hero"], [(row["card"], row["count"]) for row in entry["cards"]])


# ---------------------------------------------------------------- Pyramid only (RULINGS 16)
def pyramid_only(cat: Catalogue, runs: int = 1000, seating: str = "side-by-side") -> dict:
    """Play `runs` seeded games with two empty seats and report rounds-to-Cataclysm and discharges."""
    rounds: list[int] = []
    discharges: list[int] = []
    for seed in range(runs):
        g = new_game(cat, [None, None], seed=seed, seating=seating)
        rounds.append(g.round)
        discharges.append(sum(1 for row in g.log_rows if row[0] == "discharge"))
    rounds.sort()

    def pct(q: float) -> int:
        return rounds[min(len(rounds) - 1, int(q * len(rounds)))]

    return {
        "runs": runs, "min": rounds[0], "p10": pct(0.10), "median": pct(0.50), "p90": pct(0.90), "p99": pct(0.99),
        "max": rounds[-1], "mean": round(statistics.mean(rounds), 2),
        "mean_discharges": round(statistics.mean(discharges), 2),
        "games_with_a_discharge": round(sum(1 for d in discharges if d) / runs, 3),
        "worst_case_bound": worst_case_bound(cat),
    }


def worst_case_bound(cat: Catalogue) -> int:
    """The last round the Cataclysm can come: every non-tide card first, then the smallest tide cards.

    The tide only rises, by each Pyramid card that charges every edge; when it reaches 20 every edge is locked.
    """
    lock_at = int(cat.rulebook["game"]["edge_lock_at"])
    tide_steps: list[int] = []
    others = 0
    for slug in cat.pyramid_deck:
        ability = next(a for a in cat[slug].abilities if a.trigger == "pyramid")
        if ability.target == "all_edges" and ability.keyword == "accelerate":
            tide_steps.append(ability.amount or 0)
        else:
            others += 1
    tide_steps.sort()
    total, flips = 0, others
    cycle = len(cat.pyramid_deck)
    while total < lock_at:
        for step in tide_steps:
            flips += 1
            total += step
            if total >= lock_at:
                break
        else:
            flips += others  # a full cycle's worth of non-tide cards again
        if not tide_steps:
            raise ValueError("no Pyramid card charges every edge: the tide never rises")
        if flips > 100 * cycle:
            raise ValueError("the tide never reaches the lock")
    return flips


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for seating in ("side-by-side", "diagonal"):
        print(seating, pyramid_only(load_catalogue(), runs, seating))


if __name__ == "__main__":
    main()
