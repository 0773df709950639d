"""Where each board goes on the page of a table of three or four (issue 34), the same for every mode that seats
them (versus: you and computers; live tables: people): the viewer's board at the bottom, the others clockwise from
its left, each named in words with its seat and team. Pure: the modes pass their seats in words."""
from __future__ import annotations

from typing import Any

POSITIONS = {1: "left", 2: "top", 3: "right"}  # a seat's place on the page, counted clockwise from yours
TEAM_WORDS = ("Team A", "Team B")


def table_layout(rows: list[dict[str, Any]], seat: int) -> dict[str, Any] | None:
    """Where each board goes on the page of a game of three or four (None for two): yours at the bottom, the others
    clockwise from your left (the rulebook's seats S1–S4 stay where they are around the Pyramid, so a table of three
    leaves the empty S4's place empty). Each board named in words, with its seat and team."""
    if len(rows) < 3:
        return None
    placed = []
    for row in rows:
        words = f"{row['who']} · {row['hero_name']}"
        where = f"seat S{row['seat'] + 1}"
        if row["team"] is not None:
            where += f" · {TEAM_WORDS[row['team']]}"
        if row["partner"]:
            where += " · your partner"
        number = row["who"].split(" (")[0].replace("Computer ", "C")
        placed.append({**row, "words": words, "where": where, "short": "You" if row["seat"] == seat else number,
                       "position": "bottom" if row["seat"] == seat else POSITIONS[(row["seat"] - seat) % 4]})
    return {"mine": next(p for p in placed if p["seat"] == seat),
            "others": [p for p in placed if p["seat"] != seat]}
