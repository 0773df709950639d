"""The replay of a finished table: every decision of both players, step by step, in the versus replay's shape (so the
same page script draws it). Only once the game is over: until then the hands are secret, and a replay of the whole
board would give them away. Afterwards a viewer replays what they were entitled to see (`rules.live.privacy`): the
whole game only when both decks are shown to them; else each frame is the engine's view for their seat (a
spectator's: the public view), drawn as the live board is (`rules.live.selectors.board_view`), and the decisions of
a hidden seat are named by their kind only, as the live log showed them (a decision's id or label may name a card
of a hidden hand or deck)."""
from __future__ import annotations

from typing import Any

from django.urls import reverse

from cataclysm_site.api_errors import ApiError
from rules.engine.model import BOARD, GRAVE
from rules.live import privacy
from rules.live.selectors import board_view, cards_for, links
from rules.live.tables import NOT_FINISHED
from rules.models import Table, TableStatus
from rules.play.payload import view_digest
from rules.play.store import replay_game, replay_steps


def replay_url(table: Table) -> str:
    return reverse("live:replay", args=[table.pk])


def finished(table: Table) -> Table:
    if table.status != TableStatus.FINISHED:
        raise ApiError(NOT_FINISHED, "A table can be replayed once its game is over: until then each hand is secret.",
                       status_code=409)
    return table


HIDDEN_STEP = "hidden"
PUBLIC_ZONES = (BOARD, GRAVE)


# A hidden seat's decision in words where the log says nothing of it (a pass with nothing to resolve, a choice of a
# target the log names only once it resolves): what a person at the table saw the other player do.
HIDDEN_WORDS = {"pass": "passed", "end_turn": "ended the turn", "play_energy": "played an Energy",
                "mulligan": "kept or mulliganed the opening hand", "first_player": "chose who goes first"}


def hidden_label(step: dict, events: list[dict]) -> str:
    """How a hidden seat's decision reads: the first line the engine's (public) log wrote for it — "Player 2 plays
    Light Resonance" — else its kind in words ("Player 2 passed"), else "Player 2 made a hidden choice"."""
    player = step["player"]
    for event in events[step["events_from"]:step["events_to"]]:
        if event.get("player") == player and event.get("text", "").startswith(f"Player {player + 1} "):
            return event["text"]
    return f"Player {player + 1} {HIDDEN_WORDS.get(step['kind'], 'made a hidden choice')}"


def visible_step(step: dict, shown: frozenset[int], events: list[dict]) -> dict:
    """A step as this viewer may read it: a hidden seat's decision only as the public log tells it (its id and
    label withheld: they may name a card of a hidden hand)."""
    if step["player"] in shown:
        return step
    return {**step, "action": HIDDEN_STEP, "label": hidden_label(step, events)}


def replay_index(table: Table, seat: int | None = None) -> dict[str, Any]:
    """The replay's record for a viewer at `seat` (None: not a player): hidden seats' lists, ids and seed withheld."""
    replayed = replay_steps(game=finished(table))
    final = replayed["final"]
    record = table.record()
    shown = privacy.shown_seats(table, seat)
    whole = privacy.sees_all(table, seat)
    decks = [d if s in shown else None for s, d in enumerate(record["decks"])]
    events = final.events
    steps = [visible_step(step, shown, events) for step in replayed["steps"]]
    return {
        "id": table.pk, **links(table), "replay_url": replay_url(table), "status": table.status, "seat": seat,
        "winner": table.winner, "end": table.end, "legacy": table.legacy, "rounds": table.rounds,
        "engine_version": record["engine_version"], "data_hash": record["data_hash"],
        "seed": table.seed if whole else None, "seating": table.seating, "decks": decks,
        "actions": [step["action"] for step in steps], "steps": steps, "cpu_moves": [], "events": events,
        "digest": final.digest() if whole else view_digest(board_view(table, final, seat)),
        "cards": cards_for([*(d["hero"] for d in record["decks"]), *(c for d in decks if d for c in d["cards"]),
                            *(() if whole else seen_slugs(table))], final.cat),
    }


def seen_slugs(table: Table) -> set[str]:
    """The slugs of every card that was on a board or in a graveyard at some step of the game — all a viewer who may
    not see a seat's hand and deck ever saw of its cards (the frames show no other card of that seat)."""
    state = replay_game(table, actions=[])
    seen: set[str] = set()
    for action in [None, *table.actions]:
        if action is not None:
            state.apply(action)
        seen.update(card.slug for card in state.cards if card.zone in PUBLIC_ZONES)
    return seen


def replay_frame(table: Table, step: int, seat: int | None = None) -> dict[str, Any]:
    """The board after `step`, as the viewer at `seat` may see it."""
    replayed = replay_steps(game=finished(table), step=step)
    frame = replayed["frame"]
    decider = frame.current_player
    shown = privacy.shown_seats(table, seat)
    whole = privacy.sees_all(table, seat)
    view = board_view(table, frame, seat)
    text = ("The Cataclysm has come." if frame.is_over else
            f"Player {decider + 1} to decide." if decider is not None else "The rules engine plays on.")
    return {"step": step, "of": len(replayed["steps"]),
            "action": visible_step(replayed["steps"][step - 1], shown, replayed["final"].events) if step else None,
            "state": view, "prompt": {"kind": "replay", "text": text}, "result": frame.result(),
            "digest": frame.digest() if whole else view_digest(view), "events_to": frame.event_count}
