"""Every read of goldfish games: finding a game, whose it is, high scores, and what a client is shown of a game.

`game_payload` is the one description of a game the API and the pages share: the board (`state`, the engine's
`view()`), the legal actions grouped for people, a prompt saying what the rules are waiting for, the event log, the
Legacy (projected, or final with its card-by-card breakdown) and the game's record.
"""
from __future__ import annotations

import re
import secrets
from typing import Any, Iterable, Mapping

from django.db.models import Max, Q, QuerySet
from django.http import Http404
from django.urls import reverse

from cards.rules_text import card_text
from decks import selectors as deck_selectors
from decks.models import Deck, DeckSimulation
from decks.textio import parse_decklist
from rules.engine import GameState
from rules.engine.catalogue import Catalogue
from rules.models import GoldfishGame, Status
from rules.services import Actor

GAME_NOT_FOUND = "No goldfish game with this id."
SESSION_TOKEN = "goldfish_token"
HIGH_SCORES = 10

# How the page groups legal actions, in this order: (group key, title).
ACTION_GROUPS: dict[str, str] = {
    "keep": "Opening hand", "mulligan": "Opening hand", "first_player": "Who goes first",
    "trigger": "Start-of-turn Passive", "decline": "Start-of-turn Passive",
    "target": "Choose a target", "assign": "Distribute", "store_charge": "Store energy as charge",
    "burn": "Arc Burn", "absorb": "Absorb", "deflect": "Deflect", "assign_damage": "Cataclysm damage",
    "play_energy": "Play Energy", "tap": "Tap Energy", "summon": "Summon", "play": "Play",
    "equip": "Equip / Attune", "cast": "Cast an Instant", "activate": "Activate", "react": "Trigger a Passive",
    "tap_charge": "Spend charge", "add_counter": "Add a Battery counter", "pass": "Pass priority",
    "end_turn": "End the turn",
}
# Which argument of an action is the card it concerns, and which the card or edge it aims at.
_CARD_ARG = {"trigger": 0, "decline": 0, "play_energy": 0, "tap": 0, "tap_charge": 0, "summon": 0, "play": 0, "cast": 0, "equip": 0,
             "activate": 0, "react": 0, "add_counter": 0, "absorb": 0, "assign_damage": 0, "store_charge": 1}
_TARGET_ARG = {"equip": 2, "target": 2, "assign": 2}
_PAID = re.compile(r"\((pay [^)]*)\)$")  # the payment at the end of an engine label: "(pay 1 DC + 1 CE)"


# ---------------------------------------------------------------------------------------------- who is asking
def session_token(request, *, create: bool = False) -> str:
    """Return this browser session's anonymous goldfish token (made and saved in the session when `create`)."""
    token = request.session.get(SESSION_TOKEN, "")
    if not token and create:
        token = secrets.token_urlsafe(24)
        request.session[SESSION_TOKEN] = token
    return token


def actor_for(request, *, create: bool = False) -> Actor:
    """Return the `Actor` of a request: its user and its session's anonymous token."""
    return Actor(user=request.user, session_key=session_token(request, create=create))


# ---------------------------------------------------------------------------------------------- games
def get_game(game_id: str) -> GoldfishGame:
    """Return the game (anyone with its id may watch it); 404 when there is none."""
    game = GoldfishGame.objects.select_related("deck", "owner").filter(pk=game_id).first()
    if game is None:
        raise Http404(GAME_NOT_FOUND)
    return game


def games_of(actor, *, limit: int = 20) -> list[GoldfishGame]:
    """Return the visitor's own games, most recently played first."""
    return list(GoldfishGame.objects.of_player(actor.user, actor.session_key).select_related("deck")
                .order_by("-updated_at")[:limit])


def deck_high_scores(deck: Deck, *, limit: int = HIGH_SCORES) -> list[GoldfishGame]:
    """Return the deck's best finished goldfish games, highest Legacy first."""
    return list(GoldfishGame.objects.finished().filter(deck=deck).select_related("owner").best_first()[:limit])


def personal_best(deck: Deck | None, actor) -> GoldfishGame | None:
    """Return the visitor's own best finished game of this deck."""
    if deck is None:
        return None
    return (GoldfishGame.objects.finished().of_player(actor.user, actor.session_key).filter(deck=deck)
            .best_first().first())


def top_games(*, limit: int = HIGH_SCORES) -> list[GoldfishGame]:
    """Return the best finished games of any deck that is listed for everyone."""
    return list(GoldfishGame.objects.finished().filter(deck__visibility="public").select_related("owner", "deck")
                .best_first()[:limit])


def starter_decks() -> QuerySet:
    """Return the starter decks with their best goldfish Legacy (one query)."""
    return (Deck.objects.filter(owner__isnull=True).select_related("hero__faction")
            .annotate(best_legacy=Max("goldfish_games__legacy", filter=Q(goldfish_games__status=Status.FINISHED)))
            .order_by("name"))


def playable_decks_of(user) -> QuerySet:
    """Return the user's own decks, newest first, for the start page's deck picker."""
    if not getattr(user, "is_authenticated", False):
        return Deck.objects.none()
    return Deck.objects.filter(owner=user, hero__isnull=False).select_related("hero").order_by("-updated_at")


def latest_simulations(deck: Deck, *, limit: int = 3) -> list[DeckSimulation]:
    return list(DeckSimulation.objects.filter(deck=deck).order_by("-created_at")[:limit])


# ---------------------------------------------------------------------------------------------- what a client sees
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


def _pay_text(pay: Any) -> str | None:
    if isinstance(pay, dict):
        return " + ".join(f"{n} {code}" for code, n in pay.items() if n) or "free"
    return None


def describe_action(action, names: dict[int, dict]) -> dict[str, Any]:
    """An action as the page shows it: its group, the card it concerns, what it aims at and its short choice text."""
    data = action.to_dict()
    kind, args = data["kind"], data["args"]
    card = args[_CARD_ARG[kind]] if kind in _CARD_ARG and len(args) > _CARD_ARG[kind] else None
    target = args[_TARGET_ARG[kind]] if kind in _TARGET_ARG and len(args) > _TARGET_ARG[kind] else None
    if kind in ("target", "assign") and isinstance(target, int) and target >= 0:
        card = target
    pay = next((a for a in args if isinstance(a, dict)), None)
    label = data["label"]
    choice = label
    paid = _PAID.search(label)
    if kind in ("summon", "play", "cast", "add_counter"):
        choice = paid.group(1) if paid else f"pay {_pay_text(pay)}"
    elif kind == "equip":
        host = names.get(target, {}).get("name", "a Person")
        choice = f"to {host} · " + (paid.group(1) if paid else f"pay {_pay_text(pay)}")
    elif kind in ("activate", "react"):
        choice = label.split(": ", 1)[-1]
    elif kind == "tap_charge":
        choice = f"spend {args[2]}" if len(args) > 2 else label
    elif kind in ("absorb", "assign_damage"):
        choice = f"{args[2]} point{'s' if args[2] != 1 else ''}" if len(args) > 2 else label
    entry = names.get(card) if isinstance(card, int) else None
    data.update(
        group=ACTION_GROUPS.get(kind, kind.replace("_", " ").capitalize()),
        card=card if isinstance(card, int) else None,
        card_slug=entry["card"] if entry else None,
        card_name=entry["name"] if entry else None,
        target=target if isinstance(target, (int, str)) and target != -1 else None,
        choice=choice,
        pay=pay,
    )
    return data


def describe_building(state: GameState) -> str | None:
    """The ability being declared (whose targets are being chosen), in words."""
    item = getattr(state, "building", None)
    if item is None:
        return None
    try:
        from rules.engine.flow import describe_item
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
            return {"kind": kind, "text": f"Choose who goes first: you (Player {seat + 1}) or {opponent} "
                                          f"(Player {2 - seat})."}
        if kind == "passive":
            return {"kind": kind, "text": "A start-of-turn Passive can be triggered: trigger it now, or let it pass "
                                          "this turn."}
        if kind in ("target", "assign"):
            what = describe_building(state) or "the ability"
            verb = "Choose a target for" if kind == "target" else "Put the next point of"
            return {"kind": kind, "text": f"{verb} {what}."}
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
    """What a client needs to show a card of the game: name, type, rarity, cost, rules text and links."""
    out = {}
    for slug in sorted(set(slugs)):
        card = catalogue.cards.get(slug)
        if card is None:
            continue
        out[slug] = {
            "name": card.name, "type": card.type, "rarity": card.rarity, "faction": card.faction,
            "cost": card.cost.as_dict(), "hp": card.hp, "produces": card.produces, "text": card_text(card, catalogue),
            "url": reverse("cards:detail", args=[slug]), "image": reverse("cards:thumb", args=[slug]),
        }
    return out


def game_links(game: GoldfishGame) -> dict[str, str]:
    return {
        "url": game.get_absolute_url(),
        "replay_url": reverse("goldfish:replay", args=[game.pk]),
        "api_url": reverse("api-goldfish-detail", args=[game.pk]),
    }


def record_info(game: GoldfishGame, actor) -> dict[str, Any] | None:
    """For a finished game of a saved deck: the deck's best, the player's best and whether this game is it."""
    if not game.is_finished or game.deck_id is None:
        return None
    best = GoldfishGame.objects.finished().filter(deck_id=game.deck_id).aggregate(best=Max("legacy"))["best"]
    mine = personal_best(game.deck, actor) if actor is not None and actor.may_act_in(game) else None
    return {"deck_best": best, "your_best": mine.legacy if mine else None,
            "is_record": mine is not None and mine.pk == game.pk}


def deck_input(user, data: Mapping[str, Any], catalogue: Catalogue) -> tuple:
    """The deck a start request names: (saved deck, hero, counts, parse problems) from `deck`, `decklist` or `text`."""
    if data.get("deck"):
        return deck_selectors.get_readable_deck(user, data["deck"]), None, None, ()
    if data.get("decklist"):
        counts: dict[str, int] = {}
        for entry in data["decklist"]["cards"]:
            counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
        return None, data["decklist"]["hero"], counts, ()
    parsed = parse_decklist(data["text"], catalogue)
    return None, parsed.hero, parsed.counts, parsed.errors


def variant_choices() -> list[tuple[str, str]]:
    """The rule variants a start form offers, (slug, name), read when the form is built."""
    from cards.catalogue import get_catalogue
    return [(v.slug, v.name) for v in get_catalogue().variants.values()]


def variant_rows(slugs, catalogue: Catalogue) -> list[dict[str, str]]:
    """The rule variants a game plays, named and described for a person (decks/data/variants.yaml)."""
    rows = []
    for slug in slugs:
        variant = catalogue.variants.get(slug)
        rows.append({"slug": slug, "name": variant.name if variant else slug,
                     "description": variant.description if variant else "No longer defined."})
    return rows


def game_payload(game: GoldfishGame, state: GameState, *, actor=None, log_from: int = 0,
                 catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Everything a client shows of a game; `catalogue` adds the `cards` map, `log_from` trims the log."""
    view = state.view()
    names = card_index(view)
    can_act = actor is not None and actor.may_act_in(game) and not state.is_over
    legal = [describe_action(a, names) for a in state.legal_actions()] if can_act else []
    payload = {
        "id": game.pk,
        **game_links(game),
        "status": game.status,
        "version": game.version,
        "moves": len(game.actions),
        "seed": game.seed,
        "seating": game.seating,
        "variants": variant_rows(game.variants, catalogue or state.cat),
        "deck": ({"id": game.deck_id, "name": game.deck.name, "url": game.deck.get_absolute_url()}
                 if game.deck_id else None),
        "deck_name": game.deck_name,
        "hero": game.hero,
        "engine_version": game.engine_version,
        "outdated": catalogue is not None and game.data_hash != catalogue.data_hash,
        "bot_assisted": game.bot_assisted,
        "can_act": can_act,
        "is_owner": actor is not None and actor.may_act_in(game),
        "owner": game.owner.username if game.owner_id else None,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "finished_at": game.finished_at,
        "legacy": game.legacy,
        "rounds": game.rounds,
        "digest": state.digest(),
        "state": view,
        "prompt": prompt(state, view),
        "legal_actions": legal,
        "log": state.events_from(max(0, log_from)),
        "log_count": state.event_count,
        "result": state.result(),
        "record": record_info(game, actor),
    }
    if catalogue is not None:
        payload["cards"] = card_entries(catalogue, [game.hero, *game.cards])
    return payload
