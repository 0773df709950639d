"""How one deck's games against another end: `python -m benchmarks matchup [--against DECK] [--games N] [--level L]`.

Issue 35 asks the expert for 75% of duplicate games against the hard player over the four starters. The expert's own
benchmark says how often it wins; this one says why it cannot win more: every other starter plays `--against` (Dr.
Veylan's by default) with the same level in both chairs, N game seeds from both chairs, and the report gives each
deck's wins, draws and losses, how the Cataclysm came (every edge locked in play, or the Pyramid deck come full
circle, its last card locking the rest: RULINGS 16), the Legacy each side ended with, and the characters each side had left in play, with the games
that ended with none of the deck's own. When those games end with the other board empty, the decklists decide them,
and no choice of play turns them (rules/CPU.md, "Why these four decks leave 75% out of reach").
"""
from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter

from rules.engine import new_game
from rules.engine.bots import BOTS, get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import starter_deck

from .expert import DECKS

FIRST_SEED = 100   # game seeds FIRST_SEED.. : not the expert benchmark's deals


def play(catalogue, deck: str, against: str, level: str, seed: int, chair: int) -> dict:
    """One game: `deck` in `chair`, `against` in the other, `level` in both. What it ended with, from deck's side."""
    decks = [starter_deck(catalogue, deck), starter_deck(catalogue, against)]
    if chair:
        decks.reverse()
    g = new_game(catalogue, decks, seed=seed)
    players = [get_bot(level, seed * 2 + p) for p in range(2)]
    while not g.is_over:
        g.apply(players[g.current_player].choose(g))
    result = g.result()
    mine, theirs = chair, 1 - chair
    characters = [sum(1 for i in g.players[p].board if g.cards[i].info.is_character) for p in (mine, theirs)]
    winner = result["winner"]
    return {"score": 1.0 if winner == mine else 0.0 if winner == theirs else 0.5, "ending": result["ending"],
            "legacy": [result["legacy"][mine], result["legacy"][theirs]], "characters": characters,
            "rounds": g.round}


def matchup(deck: str, against: str, level: str, games: int, catalogue=None) -> dict:
    """`games` seeds of `deck` against `against`, from both chairs."""
    catalogue = catalogue or load_catalogue()
    rows = [play(catalogue, deck, against, level, seed, chair)
            for seed in range(FIRST_SEED, FIRST_SEED + games) for chair in (0, 1)]
    scores = Counter(r["score"] for r in rows)
    return {"deck": deck, "games": len(rows), "won": scores[1.0], "drawn": scores[0.5], "lost": scores[0.0],
            "endings": dict(Counter(r["ending"] for r in rows)),
            "legacy": [round(statistics.mean(r["legacy"][s] for r in rows), 1) for s in (0, 1)],
            "characters_left": [round(statistics.mean(r["characters"][s] for r in rows), 1) for s in (0, 1)],
            "ended_with_none_of_its_own": sum(1 for r in rows if r["characters"][0] == 0),
            "rounds": round(statistics.mean(r["rounds"] for r in rows), 1)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks matchup", description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="starter-dr-veylan", choices=DECKS)
    parser.add_argument("--games", type=int, default=15, help="game seeds a deck, each played from both chairs")
    parser.add_argument("--level", default="cpu:hard", choices=sorted(BOTS))
    parser.add_argument("--decks", default=None, help="comma-separated starters to play against it (default: the "
                        "expert benchmark's others)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    decks = args.decks.split(",") if args.decks else [d for d in DECKS if d != args.against]
    if args.games < 1 or any(d not in DECKS for d in decks):
        parser.error(f"--games must be at least 1 and --decks among {', '.join(DECKS)}")
    catalogue = load_catalogue()
    report = {"against": args.against, "level": args.level, "first_seed": FIRST_SEED,
              "matchups": [matchup(d, args.against, args.level, args.games, catalogue) for d in decks]}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.level} in both chairs against {args.against}, seeds {FIRST_SEED}..{FIRST_SEED + args.games - 1} "
          "from both chairs")
    for m in report["matchups"]:
        print(f"  {m['deck']}: won {m['won']}, drawn {m['drawn']}, lost {m['lost']} of {m['games']}; "
              f"endings {m['endings']}; Legacy {m['legacy'][0]} vs {m['legacy'][1]}; characters left "
              f"{m['characters_left'][0]} vs {m['characters_left'][1]}, none of its own in "
              f"{m['ended_with_none_of_its_own']}; {m['rounds']} rounds")
    return 0
