"""Every write to a live table: open it, sit down, decide, resign, offer or accept a draw, claim a forfeit, rematch.

Each write is one conditional UPDATE `WHERE version = <the version read>` (as for goldfish and versus games): two
tabs, two processes or a stale client can never both win; the loser gets 409 and the table as it now is. The engine
decides everything about the game (the coin toss, who goes first, the mulligans: they are legal actions of the
player who must decide); this module only checks who may decide and keeps the clocks, presence and the result.
After each write `notify.changed` tells every socket of the table (after the commit) to fetch its own view.
"""
from __future__ import annotations

import secrets
from collections import Counter
from typing import Any, Mapping

from django.db import connection
from django.utils import timezone

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks.models import Deck
from decks.validation import Problem
from rules.engine import ENGINE_VERSION, GameDataError, GameState, IllegalAction, new_game
from rules.engine.catalogue import Catalogue
from rules.engine.simulate import game_stats
from rules.live import clock, notify, states
from rules.live.clock import DEFAULT_GRACE, GRACE_RANGE, MAX_CLOCK_MINUTES, MAX_INCREMENT
from rules.live.tables import NOT_FINISHED, SEATS, get_table, player_seat, seat_of
from rules.models import Table, TableEnd, TableStatus
from rules.play.actors import Actor
from rules.play.decks import INVALID_DECK, checked_deck, clean_seating, clean_seed, clean_variants, deck_spec
from rules.play.store import GAME_OVER, ILLEGAL_ACTION, conditional_update, log_fields

NOT_YOUR_DECISION = "not_your_decision"
BAD_INVITE = "bad_invite"
ALREADY_SEATED = "already_seated"
TABLE_TAKEN = "table_taken"
NOT_LIVE = "not_live"
NOTHING_TO_CLAIM = "nothing_to_claim"
BAD_SEAT, BAD_CLOCK, BAD_GRACE = "bad_seat", "bad_clock", "bad_grace"


class TableConflict(ApiError):
    """Another write changed the table since this one read it; `table` is the table as it is now."""

    def __init__(self, table: Table, read_version: int):
        super().__init__("conflict", f"The table moved on (you acted on version {read_version}, it is now at "
                         f"version {table.version}): here is the current state; choose again.", status_code=409)
        self.table = table


# ---------------------------------------------------------------------------------------------- who is who
def seat_fields(seat: int, actor: Actor) -> dict[str, Any]:
    user = actor.user if getattr(actor.user, "is_authenticated", False) else None
    prefix = ("p1", "p2")[seat]
    return {f"{prefix}_user": user, f"{prefix}_session": "" if user else actor.session_key}


def deck_entry(deck: Deck | None, hero: str, counts: Mapping[str, int], kept: Mapping[str, Any] | None = None
               ) -> dict[str, Any]:
    """A seat's deck as the table records it; `kept`: the entry of the game a rematch repeats, whose list it plays
    again under the same name and saved deck (not the deck as it may have been edited since)."""
    if kept is not None:
        return {"hero": hero, "cards": list(deck_spec(hero, counts).cards), "name": kept.get("name") or "",
                "deck_id": kept.get("deck_id"), "deck_version": kept.get("deck_version")}
    return {"hero": hero, "cards": list(deck_spec(hero, counts).cards), "name": deck.name if deck else "",
            "deck_id": deck.pk if deck else None, "deck_version": deck.version if deck else None}


def saved_deck(kept: Mapping[str, Any]) -> Deck | None:
    """The saved deck a kept entry names, if it still exists (its visibility decides who sees the list afterwards)."""
    return Deck.objects.filter(pk=kept["deck_id"]).first() if kept.get("deck_id") else None


# ---------------------------------------------------------------------------------------------- writing
def write(table: Table, fields: dict[str, Any], *, read_version: int) -> Table:
    """Save `fields` and the next version only if the table is still at `read_version`; else raise 409."""
    fields = {**fields, "version": read_version + 1, "updated_at": timezone.now()}
    # The store's one conditional write. One UPDATE statement is atomic by itself: in autocommit it costs one round
    # trip to PostgreSQL, where an explicit transaction costs three (BEGIN, UPDATE, COMMIT) on every decision. SQLite
    # keeps the transaction (its BEGIN IMMEDIATE is how two writers queue there: settings). The sockets are told
    # once it is committed.
    if not conditional_update(Table, table.pk, read_version=read_version, fields=fields,
                              atomic=connection.vendor == "sqlite",
                              saved=lambda: notify.changed(table.pk, read_version + 1)):
        raise TableConflict(get_table(table.pk), read_version)
    for name, value in fields.items():
        setattr(table, name, value)
    return table


def result_fields(table: Table, state: GameState, *, winner: int | None, end: str, now) -> dict[str, Any]:
    """The finished table: the winner and how, both Legacies, the clocks stopped, the lab's per-game fields."""
    catalogue = state.cat
    result = state.result()
    stats = {"seed": table.seed, "seating": table.seating, "variants": list(table.variants),
             "rounds": state.round, "decisions": len(state.history), "end": end,
             "outcome": "draw" if winner is None else ("win" if winner == 0 else "loss"),  # from Player 1's side
             "legacy_a": result["legacy"][0], "legacy_b": result["legacy"][1],
             "players": [game_stats(state, catalogue, seat) for seat in (0, 1)]}
    return {"status": TableStatus.FINISHED, "winner": winner, "end": end, "legacy": list(result["legacy"]),
            "rounds": state.round, "stats": stats, "to_move": None, "draw_offer": None, "finished_at": now,
            "clocks": [clock.remaining(table, s, now) for s in (0, 1)] if table.clock_seconds is not None else []}


def finish(table: Table, *, winner: int | None, end: str, read_version: int) -> Table:
    """End the game without the Cataclysm (resignation, agreed draw, forfeit): one conditional write."""
    now = timezone.now()
    state = states.state_of(table)
    table = write(table, result_fields(table, state, winner=winner, end=end, now=now), read_version=read_version)
    from rules.live import ratings
    ratings.record(table)
    return table


def settle(table: Table, now=None) -> Table:
    """Apply a forfeit that is due (clock spent, or the player to decide gone past the grace period); return the
    table as it now is. Called on every request and socket message: nothing on the server ticks."""
    due = clock.forfeit(table, now or timezone.now())
    if due is None:
        return table
    seat, end = due
    try:
        return finish(table, winner=1 - seat, end=end, read_version=table.version)
    except TableConflict as exc:
        return exc.table


def touch(table: Table, seat: int | None) -> None:
    """Note that `seat`'s player is here (written at most every few seconds)."""
    if seat is None or table.status == TableStatus.FINISHED:
        return
    now = timezone.now()
    field = clock.seen_field(seat)
    seen = getattr(table, field)
    if seen is None or (now - seen).total_seconds() >= clock.SEEN_EVERY:
        Table.objects.filter(pk=table.pk).update(**{field: now})
        setattr(table, field, now)


def _live(table: Table, actor: Actor, expected_version: int | None) -> int:
    """Check a player of a live table asks, on the current version; return the seat."""
    seat = player_seat(table, actor)
    if table.status == TableStatus.OPEN:
        raise ApiError(NOT_LIVE, "The game has not started: the second player has not sat down yet.")
    if table.status == TableStatus.FINISHED:
        raise ApiError(GAME_OVER, "This game is over: its result is final (ask for a rematch).")
    if expected_version is not None and expected_version != table.version:
        raise TableConflict(table, expected_version)
    return seat


# ---------------------------------------------------------------------------------------------- the services
def clean_clock(minutes: int | None, increment: int) -> tuple[int | None, int]:
    if minutes is None or minutes == 0:
        return None, 0
    if not 1 <= minutes <= MAX_CLOCK_MINUTES or not 0 <= increment <= MAX_INCREMENT:
        raise ApiError(BAD_CLOCK, f"A clock is 1 to {MAX_CLOCK_MINUTES} minutes a player, plus 0 to {MAX_INCREMENT} "
                                  "seconds a decision (or no clock).")
    return minutes * 60, increment


def open_table(*, actor: Actor, deck: Deck | None = None, hero: str | None = None,
               counts: Mapping[str, int] | None = None, problems: tuple[Problem, ...] = (), seat: str = "first",
               seating: str = "side-by-side", variants=(), seed: int | None = None, clock_minutes: int | None = None,
               increment: int = 0, grace_seconds: int = DEFAULT_GRACE, listed: bool = True,
               rematch_of: Table | None = None, kept: Mapping[str, Any] | None = None,
               catalogue: Catalogue | None = None) -> Table:
    """Open a table with my deck in the seat I chose; it waits for a second player (`join`)."""
    catalogue = catalogue or play_catalogue()
    if seat not in SEATS:
        raise ApiError(BAD_SEAT, f"Seat is one of: {', '.join(SEATS)}.")
    index = SEATS[seat] if SEATS[seat] is not None else secrets.randbelow(2)
    seating = clean_seating(seating)
    variants = clean_variants(catalogue, variants)
    seed = clean_seed(seed)
    clock_seconds, increment = clean_clock(clock_minutes, increment)
    if not GRACE_RANGE[0] <= grace_seconds <= GRACE_RANGE[1]:
        raise ApiError(BAD_GRACE, f"The grace period is {GRACE_RANGE[0]} to {GRACE_RANGE[1]} seconds.")
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    decks: list[Any] = [None, None]
    decks[index] = deck_entry(deck, hero, counts, kept)
    table = Table(listed=listed, invite_token=secrets.token_urlsafe(12), decks=decks, seating=seating,
                  variants=variants, seed=seed, engine_version=ENGINE_VERSION, data_hash=catalogue.data_hash,
                  clock_seconds=clock_seconds, clock_increment=increment, grace_seconds=grace_seconds,
                  clocks=[float(clock_seconds)] * 2 if clock_seconds is not None else [],
                  rematch_of=rematch_of, **seat_fields(index, actor),
                  **{f"p{index + 1}_deck": deck if kept is None else saved_deck(kept)})
    table.save(force_insert=True)
    return table


def join_table(*, table_id: str, actor: Actor, deck: Deck | None = None, hero: str | None = None,
               counts: Mapping[str, int] | None = None, problems: tuple[Problem, ...] = (),
               invite: str | None = None, kept: Mapping[str, Any] | None = None,
               catalogue: Catalogue | None = None) -> Table:
    """Sit in the empty seat with a legal deck: the game starts (the engine's set-up, up to its first decision)."""
    catalogue = catalogue or play_catalogue()
    table = get_table(table_id)
    if seat_of(table, actor) is not None:
        raise ApiError(ALREADY_SEATED, "You already sit at this table: share its invite link with your opponent.")
    if table.status != TableStatus.OPEN:
        raise ApiError(TABLE_TAKEN, "Both seats at this table are taken: you can watch.", status_code=409)
    if not table.listed and not secrets.compare_digest(invite or "", table.invite_token):
        raise ApiError(BAD_INVITE, "This table is joined by its invite link only.", status_code=403)
    seat = 1 if table.decks[0] is not None else 0
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    decks = list(table.decks)
    decks[seat] = deck_entry(deck, hero, counts, kept)
    specs = [deck_spec(d["hero"], Counter(d["cards"])) for d in decks]
    try:
        state = new_game(catalogue, specs, seating=table.seating, seed=table.seed, variants=table.variants)
    except GameDataError as exc:
        raise ApiError(INVALID_DECK, f"This game cannot be played: {exc}.",
                       extra={"errors": [Problem("unplayable", str(exc)).to_dict()]}) from None
    now = timezone.now()
    # The game is dealt now, by this engine and these cards: a table opened under an older engine (whose games
    # numbered their cards otherwise: rules/engine/decks.py) records the ones that dealt it, as its replay needs.
    fields = {"decks": decks, "status": TableStatus.LIVE, "actions": state.action_ids, "state": state.to_json(),
              "engine_version": ENGINE_VERSION, "data_hash": catalogue.data_hash,
              "to_move": state.current_player, "turn_started_at": now, "started_at": now, "p1_seen": now,
              "p2_seen": now, f"p{seat + 1}_deck": deck if kept is None else saved_deck(kept),
              **seat_fields(seat, actor)}
    try:
        table = write(table, fields, read_version=table.version)
    except TableConflict as exc:
        raise ApiError(TABLE_TAKEN, "Someone sat down first: both seats are taken.", status_code=409) from exc
    states.keep(table, state)
    return table


def act(*, table_id: str, actor: Actor, action: str, expected_version: int | None = None) -> Table:
    """Make the decision that is this player's to make; one conditional write, then every socket is told."""
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    read_version = table.version
    if table.to_move != seat:
        raise ApiError(NOT_YOUR_DECISION, "It is your opponent's decision now, not yours.",
                       extra={"rule": "priority", "action": action, "version": table.version})
    state = states.for_write(table)
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise ApiError(ILLEGAL_ACTION, exc.message, extra={"rule": exc.rule, "action": action,
                                                           "version": table.version}) from None
    now = timezone.now()
    fields: dict[str, Any] = {**log_fields(table, state), "to_move": state.current_player,
                              "clocks": clock.after_decision(table, seat, now), "turn_started_at": now,
                              clock.seen_field(seat): now}
    if table.draw_offer is not None and table.draw_offer != seat:
        fields["draw_offer"] = None  # playing on declines the opponent's offer
    if state.is_over:
        result = state.result()
        fields.update(result_fields(table, state, winner=result["winner"], end=TableEnd.CATACLYSM, now=now))
    table = write(table, fields, read_version=read_version)
    states.keep(table, state)
    if state.is_over:
        from rules.live import ratings
        ratings.record(table)
    return table


def resign(*, table_id: str, actor: Actor, expected_version: int | None = None) -> Table:
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    return finish(table, winner=1 - seat, end=TableEnd.RESIGNED, read_version=table.version)


def offer_draw(*, table_id: str, actor: Actor, expected_version: int | None = None) -> Table:
    """Offer a draw, or accept the opponent's offer (the game ends drawn). Playing on declines an offer."""
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    if table.draw_offer == 1 - seat:
        return finish(table, winner=None, end=TableEnd.DRAW_AGREED, read_version=table.version)
    return write(table, {"draw_offer": seat}, read_version=table.version)


def claim(*, table_id: str, actor: Actor) -> Table:
    """Claim the win when the opponent's clock ran out or they are gone past the grace period."""
    table = get_table(table_id)
    seat = player_seat(table, actor)
    settled = settle(table)
    if settled.status == TableStatus.FINISHED and settled.end in (TableEnd.TIMEOUT, TableEnd.ABANDONED):
        return settled
    if settled.status != TableStatus.LIVE:
        raise ApiError(GAME_OVER if settled.status == TableStatus.FINISHED else NOT_LIVE, "Nothing to claim here.")
    now = timezone.now()
    other = 1 - seat
    waiting = settled.grace_seconds - clock.gone_for(settled, other, now) if settled.to_move == other else None
    raise ApiError(NOTHING_TO_CLAIM, "Your opponent still has time: nothing to claim yet.",
                   extra={"seconds_left": max(0, round(waiting)) if waiting is not None else None})


def rematch(*, table_id: str, actor: Actor) -> Table:
    """After a game: open the rematch with seats swapped and my deck, or sit down at the one my opponent opened."""
    table = get_table(table_id)
    seat = player_seat(table, actor)
    if table.status != TableStatus.FINISHED:
        raise ApiError(NOT_FINISHED, "A rematch is offered once the game is over.")
    mine = table.decks[seat]
    counts = Counter(mine["cards"])
    existing = table.rematches.filter(status=TableStatus.OPEN).first()
    if existing is not None:
        if seat_of(existing, actor) is not None:
            return existing
        return join_table(table_id=existing.pk, actor=actor, hero=mine["hero"], counts=counts,
                          invite=existing.invite_token, kept=mine)
    new = open_table(actor=actor, hero=mine["hero"], counts=counts, seat=("second", "first")[seat],
                     seating=table.seating, variants=table.variants,
                     clock_minutes=table.clock_seconds // 60 if table.clock_seconds else None,
                     increment=table.clock_increment, grace_seconds=table.grace_seconds, listed=False,
                     rematch_of=table, kept=mine)
    notify.changed(table.pk, table.version, again=True)  # the opponent's page offers to accept it
    return new

