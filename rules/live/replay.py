"""The replay of a finished table: every decision of both players, step by step, in the versus replay's shape (so the
same page script draws it). Only once the game is over: until then the hands are secret, and a replay of the whole
board would give them away."""
from __future__ import annotations

from typing import Any

from django.urls import reverse

from cataclysm_site.api_errors import ApiError
from rules.live.selectors import cards_for, links
from rules.live.services import NOT_FINISHED
from rules.live.shared import goldfish_replay
from rules.models import Table, TableStatus


def replay_url(table: Table) -> str:
    return reverse("live:replay", args=[table.pk])


def finished(table: Table) -> Table:
    if table.status != TableStatus.FINISHED:
        raise ApiError(NOT_FINISHED, "A table can be replayed once its game is over: until then each hand is secret.",
                       status_code=409)
    return table


def replay_index(table: Table) -> dict[str, Any]:
    replayed = goldfish_replay(game=finished(table))
    final = replayed["final"]
    record = table.record()
    return {
        "id": table.pk, **links(table), "replay_url": replay_url(table), "status": table.status, "seat": None,
        "winner": table.winner, "end": table.end, "legacy": table.legacy, "rounds": table.rounds,
        "engine_version": record["engine_version"], "data_hash": record["data_hash"], "seed": table.seed,
        "seating": table.seating, "decks": record["decks"], "actions": record["actions"],
        "steps": replayed["steps"], "cpu_moves": [], "events": final.events, "digest": final.digest(),
        "cards": cards_for([c for d in record["decks"] for c in [d["hero"], *d["cards"]]]),
    }


def replay_frame(table: Table, step: int) -> dict[str, Any]:
    replayed = goldfish_replay(game=finished(table), step=step)
    frame = replayed["frame"]
    decider = frame.current_player
    text = ("The Cataclysm has come." if frame.is_over else
            f"Player {decider + 1} to decide." if decider is not None else "The rules engine plays on.")
    return {"step": step, "of": len(replayed["steps"]), "action": replayed["steps"][step - 1] if step else None,
            "state": frame.view(), "prompt": {"kind": "replay", "text": text}, "result": frame.result(),
            "digest": frame.digest(), "events_to": frame.event_count}
