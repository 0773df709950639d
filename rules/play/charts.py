"""Lay out histograms of goldfish statistics as SVG bars: geometry only, the template or script draws them."""
from __future__ import annotations

import math
from typing import Any, Mapping

WIDTH, HEIGHT, PAD, AXIS, SIDE = 360, 150, 16, 18, 14  # SIDE: room for the first and last axis labels
MAX_LABELS = 8  # axis labels shown at most, evenly spaced, so they never overlap


def histogram_chart(title: str, distribution: Mapping[str, Any] | None, *, width: int = WIDTH,
                    height: int = HEIGHT) -> dict[str, Any]:
    """Return bars for a distribution's histogram (`[{from, to, count}]`), scaled to the tallest bar."""
    rows = list((distribution or {}).get("histogram") or [])
    chart: dict[str, Any] = {"title": title, "width": width, "height": height, "axis_y": height - 4, "bars": []}
    if not rows:
        return chart
    peak = max(int(row.get("count", 0)) for row in rows) or 1
    slot = (width - 2 * SIDE) / len(rows)
    usable = height - PAD - AXIS
    every = max(1, math.ceil(len(rows) / MAX_LABELS))
    for index, row in enumerate(rows):
        count = int(row.get("count", 0))
        bar_height = round(usable * count / peak, 1)
        x = round(SIDE + index * slot + slot * 0.1, 1)
        low, high = row.get("from"), row.get("to")
        chart["bars"].append({
            "x": x, "width": round(slot * 0.8, 1), "y": round(PAD + usable - bar_height, 1), "height": bar_height,
            "label": str(low) if low == high else f"{low}–{high}", "count": count,
            "label_x": round(x + slot * 0.4, 1), "show_label": index % every == 0,
            "count_y": round(PAD + usable - bar_height - 3, 1),
        })
    return chart


def simulation_charts(stats: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The two charts of a bulk goldfish run: the Legacy distribution and the rounds until the Cataclysm."""
    return [
        histogram_chart("Legacy after the Cataclysm", stats.get("legacy")),
        histogram_chart("Rounds until the Cataclysm", stats.get("rounds")),
    ]
