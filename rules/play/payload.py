"""What a client is shown of a game, whichever the feature: the board a viewer may see, the legal actions described
for people, the prompt saying what the rules are waiting for, the card entries and the card index of a view.

Hidden cards have one mechanism, the engine's: every mode (goldfish, versus, live tables, their replays) builds the
board it sends from `board_for`, which takes the viewer and returns the engine's view for them; no mode takes a hand
out of a view itself, so a new mode cannot forget one (tests/test_layers.py holds every mode to it)."""
from __future__ import annotations

from typing import Any, Collection, Iterable

from django.urls import reverse

from cards.faces import face_urls
from cards.rules_text import card_text
from rules.engine import GameState
from rules.engine.actions import present
from rules.engine.catalogue import Catalogue
from rules.engine.flow import describe_item
from rules.engine.view import SPECTATOR
from rules.play.digest import view_digest  # noqa: F401 - re-exported: payloads' callers import it from here

# How the page groups legal actions, in this order: (group key, title).
ACTION_GROUPS: dict[str, str] = {
    "keep": "Opening hand", "mulligan": "Opening hand", "first_player": "Who goes first",
    "trigger": "Start-of-turn Passive", "decline": "Start-of-turn Passive",
    "target": "Choose a target", "assign": "Distribute", "store_charge": "Store energy as charge",
    "burn": "Arc Burn", "absorb": "Absorb", "deflect": "Deflect", "assign_damage": "Cataclysm damage",
    "play_energy": "Play Energy", "tap": "Tap Energy", "summon": "Summon", "play": "Play",
    "equip": "Equip / Attune", "cast": "Cast an Instant", "activate": "Activate", "react": "Trigger a Passive",
    "tap_charge": "Spend charge", "spend_charge": "Spend charge", "add_counter": "Add a Battery counter", "pass": "Pass priority",
    "end_turn": "End the turn",
}

SEATS = frozenset({0, 1})


def board_for(state: GameState, viewer: int | None, *, revealed: Collection[int] = ()) -> dict:
    """The board as `viewer` may see it: a seat (0 to the game's last seat), or None for a spectator. `revealed`
    names the seats whose hidden cards the mode's rules show this viewer besides their own (a goldfish game's, a
    finished versus game's, a finished table's public decks). The engine draws it: `view(viewer=seat, shown=...)`
    shows exactly the viewer's hand and the revealed ones (every other hand a count, a partner's too), the public
    view `view(viewer=SPECTATOR, ...)` no hand but the revealed ones, the whole board `view()` when every seat is
    shown."""
    everyone = frozenset(range(len(state.players)))
    if viewer is not None and viewer not in everyone:
        raise ValueError(f"a viewer is a seat (0 to {len(everyone) - 1}) or None for a spectator, not {viewer!r}")
    seats = everyone & {viewer, *revealed}
    if seats >= everyone:
        return state.view()
    return state.view(viewer=SPECTATOR if viewer is None else viewer, shown=seats)


def card_index(view: dict) -> dict[int, dict]:
    """Map every card number on the board, in hands and in graveyards to its view entry."""
    out: dict[int, dict] = {}
    for player in view["players"]:
        entries: list[dict] = []
        if player.get("hero"):
            entries.append(player["hero"])
        for person in player.get("people", []):
            entries.append(person)
            entries.extend(person.get("equipment", []))
        for zone in ("scenes", "batteries", "energy", "hand", "graveyard"):
            entries.extend(player.get(zone, []))
        for entry in entries:
            out[entry["id"]] = entry
    return out


def describe_action(action, names: dict[int, dict]) -> dict[str, Any]:
    """An action as the page shows it: its group, the card it concerns (named as the view names it), what it aims at
    and its short choice text — all as the engine presents the action (`rules.engine.actions.present`)."""
    data = action.to_dict()
    shown = present(action)
    card = shown["card"]
    entry = names.get(card) if card is not None else None
    data.update(
        group=ACTION_GROUPS.get(data["kind"], data["kind"].replace("_", " ").capitalize()),
        card=card,
        card_slug=entry["card"] if entry else None,
        card_name=entry["name"] if entry else None,
        target=shown["target"],
        choice=shown["choice"],
        pay=shown["pay"],
    )
    return data


def describe_building(state: GameState) -> str | None:
    """The ability being declared (whose targets are being chosen), in words."""
    item = getattr(state, "building", None)
    if item is None:
        return None
    try:
        return describe_item(state, item)
    except Exception:  # noqa: BLE001 - a description is a nicety; the choices themselves are always shown
        return None


def prompt(state: GameState, view: dict, seat: int = 0, opponent: str = "the empty opponent") -> dict[str, Any]:
    """Say what the rules are waiting for now, for the person in `seat` (the goldfish player sits in the first)."""
    pending = view.get("pending")
    me = view["players"][seat]
    if state.is_over:
        return {"kind": "over", "text": "The Cataclysm has come. Every edge discharged at once; the Legacy is counted."}
    if pending:
        kind = pending.get("type")
        if kind == "mulligan":
            return {"kind": kind, "text": f"Your opening hand has no Energy card. Keep it, or mulligan "
                                          f"({me['mulligans']} of {state.cat.rulebook['game']['max_mulligans']} used)."}
        if kind == "first_player":
            if len(state.players) > 2:  # a table of three or four: any seat may be chosen
                return {"kind": kind, "text": f"Choose who goes first: you (Player {seat + 1}) or one of {opponent}, "
                                              "by seat."}
            return {"kind": kind, "text": f"Choose who goes first: you (Player {seat + 1}) or {opponent} "
                                          f"(Player {2 - seat})."}
        if kind == "passive":
            return {"kind": kind, "text": "A start-of-turn Passive can be triggered: trigger it now, or let it pass "
                                          "this turn."}
        if kind in ("target", "assign"):
            what = describe_building(state) or "the ability"
            verb = "Choose a target for" if kind == "target" else "Put the next point of"
            return {"kind": kind, "text": f"{verb} {what}."}
        if kind == "charge":
            card = state.cards[pending["card"]]
            return {"kind": kind, "text": f"Spend how much of {card.info.name}'s {card.charge} charge as CE?"}
        if kind == "arc_burn":
            unspent = sum(n for code, n in me["pool"].items() if code != "Buff")
            return {"kind": kind, "text": f"End of turn: {unspent} tapped energy is unspent. Store it as charge on a "
                                          f"card, one at a time, or take {unspent} Arc Burn damage to your Hero."}
        if kind == "discharge":
            edge = (getattr(state, "discharge", None) or {}).get("edge")
            name = f"Edge E{edge + 1}" if isinstance(edge, int) else "An edge"
            left = pending.get("left", 0)
            if pending.get("returned"):
                return {"kind": kind, "text": f"The Pyramid returns {left} damage to you: absorb it with your cards."}
            return {"kind": kind, "text": f"{name} discharges: {left} damage left to absorb (with a card's HP or "
                                          "charge) or deflect back to the Pyramid, point by point."}
        if kind == "cataclysm":
            return {"kind": kind, "text": f"The Cataclysm: {pending.get('left', 0)} damage is left after your stored "
                                          "charge. Distribute it among your People and Hero."}
    if view.get("stack") and state.current_player == seat:
        top = view["stack"][-1]["text"]
        return {"kind": "priority", "text": f"On the stack: {top}. Respond, or pass to let it resolve."}
    if state.current_player == seat:
        return {"kind": "action", "text": f"Your Action Phase (round {view['round']}): play cards, activate "
                                          "abilities, or end the turn."}
    return {"kind": "wait", "text": "Waiting for the rules engine."}


def card_entries(catalogue: Catalogue, slugs: Iterable[str]) -> dict[str, dict[str, Any]]:
    """What a client needs to show a card of the game: name, type, rarity, cost, rules text and links, with its face
    as the game's card set draws it (`image` a thumbnail for the table, `face` the full one), cached by version."""
    out = {}
    slugs = [slug for slug in sorted(set(slugs)) if slug in catalogue.cards]
    faces = face_urls(catalogue.data_hash, slugs)
    for slug in slugs:
        card = catalogue.cards[slug]
        out[slug] = {
            "name": card.name, "type": card.type, "rarity": card.rarity, "faction": card.faction,
            "cost": card.cost.as_dict(), "hp": card.hp, "produces": card.produces, "text": card_text(card, catalogue),
            "url": reverse("cards:detail", args=[slug]), "image": faces[slug]["thumb"], "face": faces[slug]["full"],
        }
    return out


def game_links(game, mode: str) -> dict[str, str]:
    """A game's board, replay page and API address; `mode` names its feature's routes (goldfish, versus)."""
    return {"url": game.get_absolute_url(), "replay_url": reverse(f"{mode}:replay", args=[game.pk]),
            "api_url": reverse(f"api-{mode}-detail", args=[game.pk])}


def replay_frame_body(replayed: dict, step: int, *, view: dict, prompt: dict, digest: str) -> dict[str, Any]:
    """The board after step `step` of a replay (`rules.play.store.replay_steps`), as FrameSerializer has it: `view`,
    `prompt` and `digest` are what the feature shows of the frame to this visitor."""
    frame = replayed["frame"]
    return {"step": step, "of": len(replayed["steps"]), "action": replayed["steps"][step - 1] if step else None,
            "state": view, "prompt": prompt, "result": frame.result(), "digest": digest,
            "events_to": len(frame.events)}
