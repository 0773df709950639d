"""Goldfish simulation: one goldfish game, its statistics, and the one chunker of bulk play (the loop over many games
is the lab's `play_games`, rules/engine/lab.py; a goldfish run's summary is `goldfish_summary`, studykinds.py).

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

from .bots import get_bot, play_out
from .catalogue import Catalogue, load_catalogue
from .game import GameState
from .setup import DeckSpec, new_game, set_variants

PLAYER = 0  # the deck sits in the first seat; the goldfish's empty opponent in the second
HISTOGRAM_BINS = 20

_DAMAGE = re.compile(r" takes (?P<n>\d+) damage from (?P<src>.+?)(?: and loses \d+ charge)?$")
_DAMAGE_TEMPLATES = frozenset({"{0} takes {1} damage from {2}", "{0} takes {1} damage from {2} and loses {3} charge"})
_DISCHARGE = re.compile(r"^Edge (?P<edge>E\d+) discharges")
_PLAYED = {"play_energy": "energy", "summon": "permanents", "equip": "equipment", "cast": "instants"}
PLAYED_KINDS = tuple(_PLAYED.values())   # the kinds of `cards_played_by_kind`, in order
_COUNTED = frozenset({"turn", "pyramid", "end_turn", "damage", "discharge", "cataclysm", *_PLAYED})   # rows read
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
    """What happened to one player in a finished game, counted from the engine's log.

    It reads the log's rows (kind, player, round, turn, template, arguments) and formats only the damage rows it
    counts: formatting every event's text would cost a random game about a fifth of its play."""
    result = state.result()
    scenes = _scene_names(catalogue)
    rulebook = catalogue.rulebook
    seat = state.players[player].seat  # the player's rulebook seat (S1-S4), whatever the seating (RULINGS 41)
    my_edges = set(rulebook["seats"][seat]["edges"])
    stats = {"arc_burn_damage": 0, "scene_damage": 0, "discharge_damage": 0, "edges_discharged": 0,
             "edges_discharged_adjacent": 0, "cards_played": 0,
             "cards_played_by_kind": {kind: 0 for kind in _PLAYED.values()}}
    rounds = None
    end_phase = False
    played = stats["cards_played_by_kind"]
    for kind, who, rnd, _tick, template, args in [row for row in state.log_rows if row[0] in _COUNTED]:
        if kind == "turn" or kind == "pyramid":
            end_phase = False
        elif kind == "end_turn":
            end_phase = who == player
        elif kind == "damage":
            if who != player:
                continue
            if template in _DAMAGE_TEMPLATES:   # "{0} takes {1} damage from {2}[ and loses {3} charge]"
                n, src = int(args[1]), str(args[2])
            else:
                match = _DAMAGE.search(template.format(*args) if args else template)
                if not match:
                    continue
                n, src = int(match["n"]), match["src"]
            if src == _ARC_BURN:
                stats["arc_burn_damage"] += n
            elif src in _DISCHARGE_SOURCES:
                stats["discharge_damage"] += n
            elif end_phase and src in scenes:
                stats["scene_damage"] += n
        elif kind == "discharge":
            match = _DISCHARGE.match(template.format(*args) if args else template)
            stats["edges_discharged"] += 1
            if match and match["edge"] in my_edges:
                stats["edges_discharged_adjacent"] += 1
        elif kind == "cataclysm":
            if rounds is None:
                rounds = rnd
        elif who == player:   # a card played
            stats["cards_played"] += 1
            played[_PLAYED[kind]] += 1
    stats.update(
        seed=state.seed,
        legacy=result["legacy"][player],
        rounds=rounds if rounds is not None else state.round,
        hero_survived=any(row["zone"] == "hero" for row in result["breakdown"][player]),
        actions=len(state.history),
        over=state.is_over,
    )
    return stats


_SCENES: list = [None, frozenset()]   # the last catalogue asked about, and its scene names


def _scene_names(catalogue: Catalogue) -> frozenset:
    """The names of the catalogue's Scene cards (worked out once for a run of games of one catalogue)."""
    if _SCENES[0] is not catalogue:
        _SCENES[:] = [catalogue, frozenset(c.name for c in catalogue.cards.values() if c.type == "scene")]
    return _SCENES[1]


def split(games: int, size: int | None = None) -> list[tuple[int, int]]:
    """The chunks (first game, number of games) of `games` games: the one chunker of bulk play (the lab's studies,
    `manage.py goldfish` on any number of workers, the goldfish page's bulk runs play the chunks it gives).

    With `size`, chunks of that many games. Without, about fifty chunks (20 to 2,000 games each), the first two small
    so that the first progress shows at once: each chunk costs a round trip through the broker and the result backend
    (a few ms), which 20 games or more keep under a few per cent of a chunk's play, and fifty of them keep both
    workers of a 2-core machine busy to the end."""
    if size is not None:
        return [(start, min(size, games - start)) for start in range(0, games, size)]
    size = max(20, min(2000, math.ceil(games / 50)))
    sizes = [max(1, size // 10)] * 2
    out: list[tuple[int, int]] = []
    start = 0
    while start < games:
        count = min(sizes.pop(0) if sizes else size, games - start)
        out.append((start, count))
        start += count
    return out


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
