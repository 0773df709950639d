"""A paired errata study's verdict in a designer's words (issue 33): the effect before → after, absolute and relative,
whether its 95% interval excludes zero, and how many games the change touched.

Pure presentation over the stored results (rules/engine/paired.py): a matchup's measure is deck A's win rate (a draw
counts half), shown in percent and its change in percentage points; a goldfish study's is the deck's mean Legacy.
"""
from __future__ import annotations

from typing import Any, Mapping

REAL = "A real change: the 95% interval of the difference excludes zero."
UNCLEAR = ("Not distinguishable from no change at this size: the 95% interval of the difference includes zero "
           "(more games would narrow it).")


def signed(value: float, decimals: int = 1) -> str:
    """+5.7, −1.2 (a true minus sign), 0.0."""
    text = f"{abs(value):.{decimals}f}"
    if float(text) == 0:
        return text
    return ("+" if value > 0 else "−") + text


def _halves(results: Mapping[str, Any]) -> tuple[float | None, float | None, bool]:
    """(before, after, is a rate): the measure as printed and with the errata."""
    before, after = results.get("without_errata") or {}, results.get("with_errata") or {}
    if "win_rate" in after:
        return before.get("win_rate"), after.get("win_rate"), True
    return (before.get("legacy") or {}).get("mean"), (after.get("legacy") or {}).get("mean"), False


def erratum_verdict(results: Mapping[str, Any]) -> dict[str, Any]:
    """{"effect", "interval", "real", "significance", "touched"}: sentences for the top of a paired study's page."""
    before, after, rate = _halves(results)
    difference = results.get("difference") or {}
    low, high = (difference.get("interval") or (0.0, 0.0))
    if before is None or after is None:
        return {}
    if rate:
        deck = ((results.get("with_errata") or {}).get("decks") or ["Deck A"])[0]
        change = (after - before) * 100
        effect = f"{deck}'s win rate {before * 100:.1f}% → {after * 100:.1f}%, {signed(change)} points"
        interval = f"95% interval of the change: {signed(low * 100)} to {signed(high * 100)} points"
    else:
        change = after - before
        effect = f"Mean Legacy {before:.1f} → {after:.1f}, {signed(change)}"
        interval = f"95% interval of the change: {signed(low)} to {signed(high)}"
    if before:
        effect += f" ({signed((after - before) / abs(before) * 100)}%)"
    real = low > 0 or high < 0
    verdict = {"effect": effect, "interval": interval, "real": real, "significance": REAL if real else UNCLEAR,
               "touched": None}
    touched, games = results.get("games_touched"), results.get("games")
    if touched is not None and games:
        verdict["touched"] = (f"The errata changed how {touched:,} of {games:,} games played out ({touched / games:.1%}); "
                              "in the others both versions played the same game.")
    return verdict
