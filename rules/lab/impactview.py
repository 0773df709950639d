"""A card impact study's table explained (issue 33): what "drawn vs not drawn" measures and how far it is from a
card's real effect, "played" only where it says something "drawn" does not, and the cards whose figure measures the
bot rather than the card (it never, or almost never, played them).

Pure presentation over the stored results (rules/engine/impact.py) and the cards' types.
"""
from __future__ import annotations

from typing import Any, Mapping

ALMOST_NEVER = 0.05   # played in under 1 game in 20 of those it was drawn: the bot's habit, not the card's worth
TYPE_NAMES = {"person": "Person", "instant": "Instant", "scene": "Scene", "artifact": "Artifact",
              "enchantment": "Enchantment", "battery": "Battery", "energy": "Energy card"}


def _gap(row: Mapping[str, Any], yes: str, no: str) -> float | None:
    a, b = (row.get(yes) or {}).get("mean"), (row.get(no) or {}).get("mean")
    return None if a is None or b is None else a - b


def bot_note(row: Mapping[str, Any], card_type: str | None, who: str) -> str | None:
    """"The computer never cast this Instant: …" for a card drawn but (almost) never played, else None."""
    drawn, played = (row.get("drawn") or {}).get("games") or 0, (row.get("played") or {}).get("games") or 0
    if not drawn or played > ALMOST_NEVER * drawn:
        return None
    what = TYPE_NAMES.get(card_type or "", "card")
    how = "never" if not played else f"almost never ({played:,} of the {drawn:,} games it drew it)"
    return f"{who} {how} cast this {what}: its figure measures the bot, not the card."


def impact_table(results: Mapping[str, Any], card_types: Mapping[str, str]) -> dict[str, Any]:
    """The rows with their gaps and notes, and the study's bias: {"rows", "bias", "example", "intervals", "misses"}.

    `bias` is the mean, over the cards with both figures, of (drawn minus not drawn) minus (one copy adds): how much
    the comparison of games with and without the card overstates it, because long games draw more cards."""
    who = "The computer" if results.get("measure") != "legacy" else "The goldfish bot"
    rows, biases = [], []
    for row in results.get("cards") or ():
        drawn_gap, played_gap = _gap(row, "drawn", "not_drawn"), _gap(row, "played", "not_played")
        effect = (row.get("one_copy") or {}).get("mean")
        played_differs = (row.get("played") or {}).get("games") != (row.get("drawn") or {}).get("games")
        out = {**row, "drawn_gap": drawn_gap, "played_gap": played_gap if played_differs else None,
               "played_differs": played_differs, "note": bot_note(row, card_types.get(row["card"]), who)}
        if drawn_gap is not None and effect is not None:
            biases.append((drawn_gap - effect, out))
        rows.append(out)
    with_interval = sum(1 for row in rows if (row.get("one_copy") or {}).get("interval"))
    table: dict[str, Any] = {"rows": rows, "bias": None, "example": None, "intervals": with_interval,
                             "misses": with_interval / 20}
    if biases:
        table["bias"] = sum(b for b, _ in biases) / len(biases)
        example = max(biases, key=lambda pair: pair[0])[1]
        table["example"] = {"name": example["name"], "drawn_gap": example["drawn_gap"],
                            "effect": example["one_copy"]["mean"]}
    return table
