"""Fit and measure the learned evaluation: `python -m benchmarks evaluation [--games N] [--seed S] [--every K]
[--fit FILE] [--json]`.

The expert's play-outs cut short (rules/engine/expert.py, `horizon`) score the position they stop at with
`evaluation.win_probability`, a logistic model of `evaluation.features` (issue 35). Its weights come from here: the
hard player against itself, N games of every ordered pair of the four starter decks (game i of a pair seeded
`game_seed(seed, i)`, as the expert's benchmark deals them), the features of seat 1 recorded at the start of every
round and every K decisions, each labelled with how the game ended for seat 1 (1 a win, 1/2 a draw, 0 a loss).
One game in five (the fifth, tenth, ...) is held out; the rest fit an L2-regularised logistic regression by Newton's
method (numpy, here only: the engine reads the weights as plain data).

It reports the held-out log-loss and accuracy (draws left out of accuracy), by round, against two baselines: a
constant (the training positions' mean outcome) and the Legacy margin alone (a one-weight logistic of it). `--fit
FILE` writes the weights with their provenance (date, games, seeds, engine version, the figures) for
`rules/engine/evaluation.json`.
"""
from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import os
import time

import numpy as np

from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.evaluation import FEATURES, features
from rules.engine.native import COMPILED
from rules.engine.simulate import game_seed, starter_deck
from rules.engine.version import ENGINE_VERSION

from .expert import DECKS

HELD_OUT = 5        # every fifth game of a pair is held out
L2 = 1.0            # the penalty on the squared weights (positions number thousands: it only tames collinearity)
ROUNDS = ((0, 4), (5, 9), (10, 14), (15, 19), (20, 29), (30, 99))   # the report's round buckets
LEGACY = FEATURES.index("legacy")


def positions(catalogue, a: str, b: str, seed: int, index: int, every: int) -> list[tuple[list[float], int, float]]:
    """One hard-vs-hard game: (features of seat 1, round, seat 1's outcome) at each round's start and every
    `every` decisions."""
    game = game_seed(seed, index)
    g = new_game(catalogue, [starter_deck(catalogue, a), starter_deck(catalogue, b)], seed=game)
    players = [get_bot("cpu:hard", game), get_bot("cpu:hard", game + 1)]
    seen, last_round, steps = [], -1, 0
    while not g.is_over:
        if g.round != last_round or steps % every == 0:
            seen.append((features(g, 0), g.round))
            last_round = g.round
        g.apply_legal(players[g.current_player].choose(g))
        steps += 1
    winner = g.result()["winner"]
    outcome = 0.5 if winner is None else float(winner == 0)
    return [(x, r, outcome) for x, r in seen]


def collect(games: int, seed: int, every: int, decks: tuple[str, ...] = DECKS) -> dict:
    """Every position of every game, split into training and held-out games."""
    catalogue = load_catalogue()
    data = {"train": [], "test": []}
    for a, b in itertools.product(decks, repeat=2):
        for index in range(games):
            part = "test" if index % HELD_OUT == HELD_OUT - 1 else "train"
            data[part].extend(positions(catalogue, a, b, seed, index, every))
    return data


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 25) -> np.ndarray:
    """Logistic regression without a constant term (the features are the seat's minus the other's: symmetric), L2
    penalty `l2`, by Newton's method (the log-loss is convex: a few steps converge)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> dict:
    """Log-loss (soft labels: a draw is 1/2) and accuracy over decided games."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))) if len(y) else math.nan
    decided = y != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else math.nan
    return {"positions": int(len(y)), "log_loss": round(loss, 4), "accuracy": round(accuracy, 4)}


def report(data: dict, l2: float = L2) -> dict:
    """Fit on the training games; the held-out figures overall and by round, the model's and the baselines'."""
    arrays = {}
    for part, rows in data.items():
        arrays[part] = (np.array([x for x, _, _ in rows], dtype=float), np.array([r for _, r, _ in rows]),
                        np.array([y for _, _, y in rows], dtype=float))
    x, _, y = arrays["train"]
    w = fit(x, y, l2)
    w_legacy = fit(x[:, [LEGACY]], y, l2)
    base = float(np.mean(y))
    tx, tr, ty = arrays["test"]
    models = {"model": 1 / (1 + np.exp(-(tx @ w))), "legacy_only": 1 / (1 + np.exp(-(tx[:, [LEGACY]] @ w_legacy))),
              "constant": np.full(len(ty), base)}
    out = {"weights": [round(float(v), 4) for v in w], "legacy_only_weight": round(float(w_legacy[0]), 4),
           "constant": round(base, 4), "train_positions": int(len(y)), "held_out": {}, "by_round": []}
    out["held_out"] = {name: scores(p, ty) for name, p in models.items()}
    for low, high in ROUNDS:
        mask = (tr >= low) & (tr <= high)
        if mask.any():
            out["by_round"].append({"rounds": f"{low}-{high}", **{name: scores(p[mask], ty[mask])
                                                                  for name, p in models.items()}})
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks evaluation", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="hard-vs-hard games per ordered pair of the four "
                        "starters (default 20: 320 games; one in five held out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=40, help="record a position every K decisions too (default 40)")
    parser.add_argument("--l2", type=float, default=L2)
    parser.add_argument("--fit", default="", metavar="FILE", help="write the weights and their provenance here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < HELD_OUT:
        parser.error(f"--games must be at least {HELD_OUT} (one game in {HELD_OUT} is held out)")
    if args.every < 1:
        parser.error("--every must be at least 1 decision")
    started = time.monotonic()
    data = collect(args.games, args.seed, args.every)
    out = report(data, args.l2)
    out.update({"games": args.games * len(DECKS) ** 2, "games_per_ordered_pair": args.games, "seed": args.seed,
                "every": args.every, "l2": args.l2, "decks": list(DECKS), "engine": ENGINE_VERSION,
                "compiled": bool(COMPILED), "date": datetime.date.today().isoformat(),
                "load_average": [round(v, 2) for v in os.getloadavg()],
                "seconds": round(time.monotonic() - started, 1)})
    if args.fit:
        weights = {"features": list(FEATURES), "weights": out["weights"],
                   "provenance": {key: out[key] for key in ("date", "games", "games_per_ordered_pair", "seed",
                                                            "every", "l2", "decks", "engine")},
                   "held_out": out["held_out"], "by_round": out["by_round"]}
        with open(args.fit, "w", encoding="utf-8") as f:
            json.dump(weights, f, indent=1)
            f.write("\n")
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"The learned evaluation: {out['games']} hard-vs-hard games ({args.games} per ordered pair, seed "
          f"{args.seed}), {out['train_positions']} training positions, {out['held_out']['model']['positions']} held "
          f"out (one game in {HELD_OUT}); {out['seconds']} s")
    print("  weights: " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(FEATURES, out["weights"])))
    print(f"  {'rounds':<8}{'positions':>10}  " + "".join(f"{n + ' loss/acc':>24}" for n in out["held_out"]))
    for row in [{"rounds": "all", **out["held_out"]}, *out["by_round"]]:
        cells = "".join(f"{row[n]['log_loss']:>15.3f} / {row[n]['accuracy']:.3f}" for n in out["held_out"])
        print(f"  {row['rounds']:<8}{row['model']['positions']:>10}  {cells}")
    return 0
