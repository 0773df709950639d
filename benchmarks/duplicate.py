"""How sure a duplicate match is: intervals over deals, not over games.

In the duplicate format (benchmarks/expert.py) each deal is played twice, the tested player in each chair, so a
deal's two games are not independent draws: when the deal decides (Dr. Veylan wins his games whoever plays), one is
won and one lost whoever plays, a deal score of exactly one half. The Wilson interval over games treats the 2n games as
2n independent coin tosses and so spends that luck's variance a second time; the match's unit is the deal. Two
measures that respect it, as duplicate bridge and poker-bot matches report:

- `deal_interval`: the mean of the deals' scores (each the mean of its two games) with its 95% normal interval over
  the deals (a sample mean of hundreds of bounded scores: the central limit theorem's ground).
- `sign_test`: of the deals the player's play turned (won from both chairs or lost from both), the exact two-sided
  binomial p-value that winning and losing them were equally likely.

Both come from the same games as the Wilson interval; the reports keep all three.
"""
from __future__ import annotations

import math
from typing import Iterable, Mapping

Z95 = 1.96


def deal_scores(rows: Iterable[Mapping]) -> dict[tuple, list[float]]:
    """Each deal's game scores, keyed by (run seed, first deck, second deck, deal)."""
    deals: dict[tuple, list[float]] = {}
    for r in rows:
        deals.setdefault((r["seed"], r["a"], r["b"], r["deal"]), []).append(r["score"])
    return deals


def complete(rows: list[Mapping]) -> list[Mapping]:
    """The rows of the deals played from both chairs (a run cut short leaves some deals half played)."""
    whole = {key for key, scores in deal_scores(rows).items() if len(scores) == 2}
    return [r for r in rows if (r["seed"], r["a"], r["b"], r["deal"]) in whole]


def deal_interval(scores: list[float], z: float = Z95) -> tuple[float, float]:
    """The 95% normal interval of the mean deal score; (0, 1) with fewer than two deals."""
    n = len(scores)
    if n < 2:
        return 0.0, 1.0
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = z * math.sqrt(variance / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def sign_test(won: int, lost: int) -> float:
    """Two-sided exact binomial p-value of `won` against `lost` under even odds (1.0 when no deal was turned)."""
    n = won + lost
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(won, lost) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def paired(rows: list[Mapping]) -> dict:
    """The deal-level figures of a duplicate match's rows: the mean deal score, its interval, the sign test."""
    deals = [sum(s) / len(s) for s in deal_scores(rows).values()]
    won = sum(1 for s in deals if s == 1.0)
    lost = sum(1 for s in deals if s == 0.0)
    low, high = deal_interval(deals)
    return {"deal_score": round(sum(deals) / len(deals), 4) if deals else 0.0,
            "deal_interval": [round(low, 4), round(high, 4)], "sign_test_p": round(sign_test(won, lost), 6)}
