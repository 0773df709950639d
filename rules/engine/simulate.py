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
import multiprocessing
import re
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Iterable, Sequence

from .bots import get_bot, play_out
from .catalogue import Catalogue, load_catalogue
from .game import GameState
from .setup import DeckSpec, new_game, set_variants
from .version import ENGINE_VERSION

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
                  seating: str = "side-by-side", max_actions: int = 100_000,
                  variants: Sequence[str] = ()) -> GameState:
    """Play one goldfish game to the end: the deck in seat 1, the bot seeded with the game's seed."""
    state = new_game(catalogue, [deck, None], seating=seating, seed=seed, variants=variants)
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


def split(games: int, size: int) -> list[tuple[int, int]]:
    """The chunks (first game, number of games) of `games` games, `size` games a chunk: the one chunker of bulk play
    (the lab's studies, `run_goldfish` on several workers)."""
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def goldfish_rows(catalogue: Catalogue, deck: DeckSpec, *, start: int, count: int, seed: int, bot: str,
                  seating: str, variants: Sequence[str]) -> list[dict[str, Any]]:
    """The statistics of games start .. start+count-1 of a run (game i always has the seed game_seed(seed, i))."""
    rows = []
    for index in range(start, start + count):
        state = goldfish_game(catalogue, deck, seed=game_seed(seed, index), bot=bot, seating=seating,
                              variants=variants)
        rows.append(game_stats(state, catalogue))
    return rows


_WORKER: dict[str, Any] = {}  # what a worker process plays with: set once, as it starts


def _start_worker(args: dict[str, Any]) -> None:
    _WORKER.update(args)


def _worker_rows(start: int, count: int) -> list[dict[str, Any]]:
    return goldfish_rows(start=start, count=count, **_WORKER)


def run_goldfish(catalogue: Catalogue, deck: DeckSpec, *, games: int, seed: int, bot: str = "random",
                 seating: str = "side-by-side", variants: Sequence[str] = (), workers: int = 1) -> dict[str, Any]:
    """Play `games` goldfish games of a deck and return JSON-able statistics (same arguments, same output, whatever
    the number of `workers`: processes started afresh and handed the catalogue once, each playing chunks of games in
    order; spawned rather than forked, since a fork inherits the caller's sockets and locks — a Celery or Redis client
    in the same process hung a forked worker at its start)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"{BAD_GAMES}: the number of games must be a positive integer (got {games!r})")
    get_bot(bot)  # fail fast on an unknown bot name
    args = dict(catalogue=catalogue, deck=deck, seed=seed, bot=bot, seating=seating, variants=tuple(variants))
    workers = max(1, min(workers, games // 50 or 1))  # a few games are not worth a process
    if workers == 1:
        rows = goldfish_rows(start=0, count=games, **args)
    else:
        chunks = split(games, max(50, math.ceil(games / (workers * 4))))
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                                 initargs=(args,)) as pool:
            rows = [row for part in pool.map(_worker_rows, *zip(*chunks)) for row in part]
    return summarise(rows, catalogue=catalogue, deck=deck, bot=bot, seating=seating, seed=seed, variants=variants)


def summarise(rows: Sequence[dict[str, Any]], *, catalogue: Catalogue, deck: DeckSpec, bot: str, seating: str,
              seed: int, variants: Sequence[str] = ()) -> dict[str, Any]:
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
        "variants": sorted(set(variants)),
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
    """Build an engine deck from (slug, copies) pairs, in one canonical order (by slug), so a seed means the same
    shuffle whichever way the deck was given: a starter here, a saved deck on the site, a decklist file."""
    totals: dict[str, int] = {}
    for slug, count in (counts.items() if isinstance(counts, dict) else counts):
        totals[slug] = totals.get(slug, 0) + int(count)
    cards: list[str] = []
    for slug in sorted(totals):
        cards.extend([slug] * totals[slug])
    return DeckSpec(hero, tuple(cards))


def starter_deck(catalogue: Catalogue, name: str) -> DeckSpec:
    """The engine deck of a starter deck, by its slug (`starter-elder-maru`) or its Hero's slug (`elder-maru`)."""
    decks = catalogue.starter_decks
    entry = decks.get(name) or decks.get(f"starter-{name}")
    if entry is None:
        raise KeyError(name)
    return deck_from_counts(entry["hero"], [(row["card"], row["count"]) for row in entry["cards"]])


# ---------------------------------------------------------------- game length under a rule set (RULINGS 16)
def pyramid_facts(g: GameState) -> dict[str, Any]:
    """How a finished game's Pyramid went: rounds, discharges, resets (printed or raised to the tide), full circle."""
    discharges = resets = by_tide = 0
    full_circle = False
    for row in g.log_rows:
        kind = row[0]
        if kind == "discharge":
            discharges += 1
        elif kind == "edge_reset":
            resets += 1
            _, _charge, destroyed, tide = row[5]
            by_tide += tide > destroyed
        elif kind == "full_circle":
            full_circle = True
    return {"rounds": g.round, "over": g.is_over, "discharges": discharges, "resets": resets,
            "resets_set_by_tide": by_tide, "full_circle": full_circle}


def length_summary(facts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Summarise `pyramid_facts` rows: the distribution of the Cataclysm's round and what the Pyramid did."""
    rounds = sorted(f["rounds"] for f in facts)
    n = len(rounds)

    def pct(q: float) -> int:
        return rounds[min(n - 1, int(q * n))]

    resets = sum(f["resets"] for f in facts)
    return {
        "games": n, "min": rounds[0], "p10": pct(0.10), "median": pct(0.50), "p90": pct(0.90), "p99": pct(0.99),
        "max": rounds[-1], "mean": _round(statistics.mean(rounds), 2),
        "mean_discharges": _round(statistics.mean(f["discharges"] for f in facts), 2),
        "games_with_a_discharge": _round(sum(1 for f in facts if f["discharges"]) / n),
        "resets": resets, "resets_set_by_tide": sum(f["resets_set_by_tide"] for f in facts),
        "games_ended_by_full_circle": sum(1 for f in facts if f["full_circle"]),
        "games_without_cataclysm": sum(1 for f in facts if not f["over"]),
    }


def pyramid_only(cat: Catalogue, runs: int = 1000, seating: str = "side-by-side",
                 variants: Sequence[str] = ()) -> dict:
    """Play `runs` seeded games with two empty seats and report rounds-to-Cataclysm and discharges."""
    facts = [pyramid_facts(new_game(cat, [None, None], seed=seed, seating=seating, variants=variants))
             for seed in range(runs)]
    return {"runs": runs, "variants": list(variants), **length_summary(facts),
            "worst_case_bound": worst_case_bound(cat, variants)}


def with_bots(cat: Catalogue, games: int = 20, seed: int = 1, variants: Sequence[str] = (),
              bots: Sequence[str] = ("greedy", "random"), seating: str = "side-by-side") -> dict:
    """Goldfish games of every starter deck with each bot under a rule set: the same figures as `pyramid_only`."""
    out: dict[str, Any] = {"variants": list(variants)}
    for bot in bots:
        facts = []
        for name in sorted(cat.starter_decks):
            deck = starter_deck(cat, name)
            for index in range(games):
                g = new_game(cat, [deck, None], seed=game_seed(seed, index), seating=seating, variants=variants)
                play_out(g, get_bot(bot, game_seed(seed, index)))
                facts.append(pyramid_facts(g))
        out[bot] = length_summary(facts)
    return out


def worst_case_bound(cat: Catalogue, variants: Sequence[str] = ()) -> int:
    """The last round the Cataclysm can come, whatever the players do.

    Always the Pyramid deck's first full cycle (RULINGS 16: every edge locks on its last card). Under the `tide`
    variant it can be earlier: the tide only rises, by each card that charges every edge, and every edge is locked
    when it reaches 20 — worst order: every other card first, then the smallest tide cards.
    """
    g = GameState(cat)
    deck = set_variants(g, variants)
    cycle = len(deck)
    if not g.tide_rule:
        return cycle
    lock_at = int(cat.rulebook["game"]["edge_lock_at"])
    steps = []
    for slug in deck:
        ability = next(a for a in cat[slug].abilities if a.trigger == "pyramid")
        if ability.target == "all_edges" and ability.keyword == "accelerate":
            steps.append(ability.amount or 0)
    steps.sort()
    others = cycle - len(steps)
    total, flips = 0, others
    for step in steps:
        flips += 1
        total += step
        if total >= lock_at:
            return min(flips, cycle)
    return cycle


def main() -> None:
    """`python -m rules.engine.simulate [RUNS] [GAMES] [variant ...]`: the figures of RULINGS 16 for a rule set."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    variants = tuple(sys.argv[3:])
    cat = load_catalogue()
    for seating in ("side-by-side", "diagonal"):
        print("Pyramid only,", seating, pyramid_only(cat, runs, seating, variants))
    print("Starter decks with bots:", with_bots(cat, games, variants=variants))


if __name__ == "__main__":
    main()
