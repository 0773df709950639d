"""Does the greedy player cast its Instants? `python -m benchmarks instants [--games N] [--deals D] [--seed S] [--json]`.

Issue 35: in goldfish the greedy player cast 0.1 Instants a game and nearly every card left in hand at the end was
an Instant, so the lab's card impact for an Instant measured the bot, not the card. This benchmark counts, for the
greedy player before issue 35 (`greedy.GreedyBefore`) and now (`greedy.GreedyBot`, rules/engine/greedy_instants.py):

- **goldfish**: N games of each starter deck (seeds `game_seed(S, i)`): Instants cast a game, and the Instants and all
  cards left in hand at the end;
- **greedy vs greedy**: N games of every ordered pair of different starters (seats alternating), both seats counted;
- **duplicate**: the new player against the old one in the duplicate format (every ordered pair of starters, a deck
  against itself included, D deals each, every deal played from both chairs), its win rate with the 95% Wilson
  interval; then the hard level (the greedy player, never erring) against the hard level as it was, on the next seed.

`make bench-cpu` runs it after the levels' ordering (`benchmarks/cpu.py`); rules/CPU.md and docs/benchmarks.md quote
its figures.
"""
from __future__ import annotations

import argparse
import itertools
import json
import time

from rules.engine import new_game
from rules.engine.catalogue import load_catalogue
from rules.engine.cpu import CpuPlayer
from rules.engine.greedy import GreedyBefore, GreedyBot
from rules.engine.match import wilson
from rules.engine.simulate import game_seed, starter_deck

DECKS = ("starter-dr-veylan", "starter-elder-maru", "starter-mayor-vaelis", "starter-talah")
PLAYERS = {"before": GreedyBefore, "after": GreedyBot}


class HardBefore(CpuPlayer):
    """The hard level as it was before issue 35: the same level, its greedy player the old one."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.greedy = GreedyBefore(seed)


def play(g, seats) -> list[int]:
    """Play a game to the end with one bot a seat; return the Instants each seat cast."""
    casts = [0] * len(g.players)
    while not g.is_over:
        action = seats[g.current_player].choose(g)
        if action.kind == "cast":
            casts[action.player] += 1
        g.apply(action)
    return casts


def _left(g, p: int) -> tuple[int, int]:
    """(Instants, cards) left in player p's hand at the end."""
    hand = g.players[p].hand
    return sum(1 for i in hand if g.cards[i].info.type == "instant"), len(hand)


def counts(catalogue, specs: dict, games: int, seed: int, bot_class) -> dict:
    """Instants cast a game and left in hand, in goldfish and greedy vs greedy, for one greedy player."""
    out = {}
    tally = [0, 0, 0, 0]   # games, casts, Instants left, cards left
    for name in DECKS:
        for i in range(games):
            s = game_seed(seed, i)
            g = new_game(catalogue, [specs[name], None], seed=s)
            casts = play(g, [bot_class(s), bot_class(s + 1)])
            instants, cards = _left(g, 0)
            for k, n in enumerate((1, casts[0], instants, cards)):
                tally[k] += n
    out["goldfish"] = _rates(tally)
    tally = [0, 0, 0, 0]
    for a, b in itertools.permutations(DECKS, 2):
        for i in range(games):
            s = game_seed(seed, i)
            seats = (specs[a], specs[b]) if i % 2 == 0 else (specs[b], specs[a])
            g = new_game(catalogue, list(seats), seed=s)
            casts = play(g, [bot_class(s), bot_class(s + 1)])
            for p in (0, 1):
                instants, cards = _left(g, p)
                for k, n in enumerate((1, casts[p], instants, cards)):
                    tally[k] += n
    out["versus"] = _rates(tally)
    return out


def _rates(tally: list[int]) -> dict:
    games, casts, instants, cards = tally
    return {"player_games": games, "instants_cast_per_game": round(casts / games, 3),
            "instants_left_in_hand": instants, "cards_left_in_hand": cards}


def duplicate(catalogue, specs: dict, deals: int, seed: int, new, old) -> dict:
    """The new player against the old in duplicate: every deal from both chairs; its score and interval."""
    score = played = both = neither = 0.0
    started = time.process_time()
    for a, b in itertools.product(DECKS, repeat=2):
        for i in range(deals):
            s = game_seed(seed, i)
            points = []
            for chair in (0, 1):
                g = new_game(catalogue, [specs[a], specs[b]], seed=s)
                seats = [new(s), old(s + 1)] if chair == 0 else [old(s), new(s + 1)]
                play(g, seats)
                winner = g.result()["winner"]
                points.append(0.5 if winner is None else float(winner == chair))
            score += sum(points)
            played += 2
            both += points == [1.0, 1.0]
            neither += points == [0.0, 0.0]
    low, high = wilson(score, int(played))
    return {"games": int(played), "win_rate": round(score / played, 4), "interval": [round(low, 4), round(high, 4)],
            "deals_won_from_both_chairs": int(both), "deals_lost_from_both_chairs": int(neither),
            "cpu_seconds": round(time.process_time() - started, 1)}


def measure(games: int, deals: int, seed: int) -> dict:
    catalogue = load_catalogue()
    specs = {name: starter_deck(catalogue, name) for name in DECKS}
    report = {"decks": list(DECKS), "games": games, "deals": deals, "seed": seed}
    for label, bot_class in PLAYERS.items():
        report[label] = counts(catalogue, specs, games, seed, bot_class)
    if deals:
        report["greedy_vs_before"] = duplicate(catalogue, specs, deals, seed, GreedyBot, GreedyBefore)
        report["hard_vs_before"] = duplicate(catalogue, specs, deals, seed + 1, CpuPlayer, HardBefore)
    return report


def print_report(report: dict) -> None:
    print(f"Instants (issue 35): decks {', '.join(report['decks'])}; {report['games']} games a deck or ordered "
          f"pair, seed {report['seed']}")
    for label in PLAYERS:
        for where in ("goldfish", "versus"):
            row = report[label][where]
            print(f"  greedy {label:<6} {where:<8} {row['instants_cast_per_game']:6.3f} Instants cast a game "
                  f"({row['player_games']} player-games); left in hand at the end: {row['instants_left_in_hand']} "
                  f"Instants of {row['cards_left_in_hand']} cards")
    for key, text in (("greedy_vs_before", "greedy vs greedy before"), ("hard_vs_before", "hard vs hard before")):
        row = report.get(key)
        if row:
            print(f"  {text}: {row['win_rate'] * 100:.1f}% of {row['games']} duplicate games (95% "
                  f"{row['interval'][0] * 100:.1f}–{row['interval'][1] * 100:.1f}%); deals won from both chairs "
                  f"{row['deals_won_from_both_chairs']}, lost from both {row['deals_lost_from_both_chairs']}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--instant-games", dest="instant_games", type=int, default=25,
                        help="games a deck (goldfish) and an ordered pair (greedy vs greedy); default 25")
    parser.add_argument("--deals", type=int, default=13,
                        help="duplicate deals an ordered pair of decks (default 13: 16 pairs x 13 x 2 = 416 games)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks instants", description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = measure(args.instant_games, args.deals, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 0
