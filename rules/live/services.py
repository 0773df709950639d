"""Every write to a live table: open it, sit down, decide, resign, offer or accept a draw, claim a forfeit, rematch.

Each write is one conditional UPDATE `WHERE version = <the version read>` (as for goldfish and versus games): two
tabs, two processes or a stale client can never both win; the loser gets 409 and the table as it now is. The engine
decides everything about the game (the coin toss, who goes first, the mulligans: they are legal actions of the
player who must decide); this module only checks who may decide and keeps the clocks, presence and the result.
After each write `notify.changed` tells every socket of the table (after the commit) to fetch its own view.

A table seats two, three or four (issue 34): it starts when every seat is taken. At three or four, a player who
resigns or forfeits stays at the table with their board, and the decisions that fall to them are made for them
(`pass_for_resigned`: pass, end the turn, keep, decline, else the first legal choice) until one side is left or
the Cataclysm comes (`rules.play.standings` places everyone); a draw needs every remaining player's agreement.

A seat may hold a computer (issue 35; seated by the host: `rules.live.computers`). Its decisions are made here, right
after the write that handed it one (`play_computers`, from `act`, the game's start, a resignation, and `settle` on
any request), each saved by `decided` as a person's decision is; once no person is left playing, the game ends.
"""
from __future__ import annotations

import secrets
import time
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
from rules.engine.decks import default_seating
from rules.engine.simulate import game_stats
from rules.live import clock, notify, states
from rules.live.clock import DEFAULT_GRACE, GRACE_RANGE, MAX_CLOCK_MINUTES, MAX_INCREMENT
from rules.live.tables import (
    MAX_PLAYERS,
    NOT_FINISHED,
    SEATS,
    active_seats,
    get_table,
    level_of,
    player_seat,
    seat_of,
    seats,
)
from rules.models import Table, TableEnd, TableStatus
from rules.play import computers, standings
from rules.play.actors import Actor
from rules.play.decks import INVALID_DECK, checked_deck, clean_seating, clean_seed, clean_variants, deck_spec
from rules.play.store import GAME_OVER, ILLEGAL_ACTION, conditional_update, log_fields

NOT_YOUR_DECISION = "not_your_decision"
BAD_INVITE = "bad_invite"
ALREADY_SEATED = "already_seated"
TABLE_TAKEN = "table_taken"
NOT_LIVE = "not_live"
NOTHING_TO_CLAIM = "nothing_to_claim"
ALREADY_RESIGNED = "already_resigned"
BAD_SEAT, BAD_CLOCK, BAD_GRACE = "bad_seat", "bad_clock", "bad_grace"
BAD_PLAYERS, BAD_TEAMS = "bad_players", "bad_teams"
ONLY_COMPUTERS = "only_computers"
# The computers' decisions in one request, and its time (below the server's request timeout), as in versus.
MAX_COMPUTER_STEPS = 2000
COMPUTER_SECONDS = 8.0
# What a resigned seat's turn does by itself, in this order of preference; else the first legal choice.
PASSING_KINDS = ("pass", "end_turn", "keep", "decline")


class TableConflict(ApiError):
    """Another write changed the table since this one read it; `table` is the table as it is now."""

    def __init__(self, table: Table, read_version: int):
        super().__init__("conflict", f"The table moved on (you acted on version {read_version}, it is now at "
                         f"version {table.version}): here is the current state; choose again.", status_code=409)
        self.table = table


# ---------------------------------------------------------------------------------------------- who is who
def seat_fields(seat: int, actor: Actor) -> dict[str, Any]:
    user = actor.user if getattr(actor.user, "is_authenticated", False) else None
    prefix = f"p{seat + 1}"
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


def result_fields(table: Table, state: GameState, *, end: str, now, resigned: list[int] | None = None
                  ) -> dict[str, Any]:
    """The finished table: the winner(s), every seat's place and how, every Legacy, the clocks stopped, the lab's
    per-game fields. The Cataclysm's result places the seats by Legacy; an early end (resignation, forfeit, agreed
    draw) places the seats still playing first (`rules.play.standings`)."""
    catalogue = state.cat
    result = state.result()
    resigned = list(table.resigned or ()) if resigned is None else resigned
    winner, won, places = standings.outcome(table, resigned, result=result if end == TableEnd.CATACLYSM else None)
    everyone = seats(table)
    stats = {"seed": table.seed, "seating": table.seating, "variants": list(table.variants),
             "rounds": state.round, "decisions": len(state.history), "end": end,
             "outcome": "win" if 0 in won else ("draw" if places[0] == 1 else "loss"),  # from Player 1's side
             "legacy_a": result["legacy"][0], "legacy_b": result["legacy"][1], "legacy": list(result["legacy"]),
             "places": places, "players": [game_stats(state, catalogue, seat) for seat in everyone]}
    return {"status": TableStatus.FINISHED, "winner": winner, "winners": won, "places": places, "end": end,
            "legacy": list(result["legacy"]), "resigned": resigned, "rounds": state.round, "stats": stats,
            "to_move": None, "draw_offer": None, "draw_seats": [], "finished_at": now,
            "clocks": [clock.remaining(table, s, now) for s in everyone] if table.clock_seconds is not None else []}


def finish(table: Table, *, end: str, read_version: int, resigned: list[int] | None = None) -> Table:
    """End the game without the Cataclysm (resignation, agreed draw, forfeit): one conditional write."""
    now = timezone.now()
    state = states.state_of(table)
    table = write(table, result_fields(table, state, end=end, now=now, resigned=resigned), read_version=read_version)
    from rules.live import ratings
    ratings.record(table)
    return table


def pass_for_resigned(state: GameState, resigned) -> None:
    """Make the decisions that fall to resigned seats (their boards stay at a table of three or four), until a seat
    still playing must decide or the game is over."""
    while not state.is_over and state.current_player in resigned:
        actions = state.legal_actions()
        chosen = next((a for kind in PASSING_KINDS for a in actions if a.kind == kind), actions[0])
        state.apply_legal(chosen)


def drop(table: Table, seat: int, end: str, *, read_version: int) -> Table:
    """`seat` resigns or forfeits (`end`). At two players, or when one side is all that is left playing, the game
    ends; else the seat stays at the table with its board and its decisions are made for it from now on."""
    resigned = [*(table.resigned or ()), seat]
    people = [s for s in seats(table) if s not in resigned and not level_of(table, s)]
    if table.players == 2 or len(standings.playing_sides(table, resigned)) == 1 or not people:
        return finish(table, end=end, read_version=read_version, resigned=resigned)
    fields: dict[str, Any] = {"resigned": resigned}
    agreed = set(table.draw_seats or ()) - {seat}
    if agreed and agreed >= set(active_seats(table)) - {seat}:
        return finish(table, end=TableEnd.DRAW_AGREED, read_version=read_version, resigned=resigned)
    if table.to_move == seat:
        state = states.for_write(table)
        pass_for_resigned(state, resigned)
        now = timezone.now()
        fields.update(log_fields(table, state), to_move=state.current_player, turn_started_at=now)
        if state.is_over:
            fields.update(result_fields(table, state, end=TableEnd.CATACLYSM, now=now, resigned=resigned))
        table = write(table, fields, read_version=read_version)
        states.keep(table, state)
        if state.is_over:
            from rules.live import ratings
            ratings.record(table)
        return play_computers(table)
    return write(table, fields, read_version=read_version)


def settle(table: Table, now=None) -> Table:
    """Apply a forfeit that is due (clock spent, or the player to decide gone past the grace period); return the
    table as it now is. Called on every request and socket message: nothing on the server ticks. A computer whose
    decision it is (a request stopped it at its cap) goes on first."""
    if computer_to_move(table):
        table = play_computers(table)
    due = clock.forfeit(table, now or timezone.now())
    if due is None:
        return table
    seat, end = due
    try:
        return drop(table, seat, end, read_version=table.version)
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
        raise ApiError(NOT_LIVE, "The game has not started: a seat is still empty.")
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
               catalogue: Catalogue | None = None, players: int = 2, teams: bool = False) -> Table:
    """Open a table of `players` (2, 3 or 4; `teams`: four, two against two) with my deck in the seat I chose; it
    waits for the other players (`join`). Three or four players take the engine's seating for that many (RULINGS
    41): `seating` chooses only between the printed game's two-player seatings."""
    catalogue = catalogue or play_catalogue()
    seating = clean_players(players, teams, seating)
    if seat not in SEATS or (SEATS[seat] or 0) >= players:
        raise ApiError(BAD_SEAT, f"Seat is one of: {', '.join(list(SEATS)[:players])}, random.")
    index = SEATS[seat] if SEATS[seat] is not None else secrets.randbelow(players)
    variants = clean_variants(catalogue, variants)
    chosen_seed, seed = seed is not None, clean_seed(seed)
    clock_seconds, increment = clean_clock(clock_minutes, increment)
    if not GRACE_RANGE[0] <= grace_seconds <= GRACE_RANGE[1]:
        raise ApiError(BAD_GRACE, f"The grace period is {GRACE_RANGE[0]} to {GRACE_RANGE[1]} seconds.")
    hero, counts = checked_deck(catalogue, deck=deck, hero=hero, counts=counts, problems=problems)
    decks: list[Any] = [None] * players
    decks[index] = deck_entry(deck, hero, counts, kept)
    table = Table(listed=listed, invite_token=secrets.token_urlsafe(12), decks=decks, seating=seating,
                  players=players, teams=teams,
                  variants=variants, seed=seed, engine_version=ENGINE_VERSION, data_hash=catalogue.data_hash,
                  clock_seconds=clock_seconds, clock_increment=increment, grace_seconds=grace_seconds,
                  clocks=[float(clock_seconds)] * players if clock_seconds is not None else [],
                  rematch_of=rematch_of, host=index, chosen_seed=chosen_seed, **seat_fields(index, actor),
                  **{f"p{index + 1}_deck": deck if kept is None else saved_deck(kept)})
    table.save(force_insert=True)
    return table


def clean_players(players: int, teams: bool, seating: str) -> str:
    """The seating of a table of `players`: the printed game's (`seating`) for two, the engine's for three or four."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= MAX_PLAYERS:
        raise ApiError(BAD_PLAYERS, f"A table seats 2, 3 or 4 players, not {players!r}.", extra={"path": "players"})
    if teams and players != 4:
        raise ApiError(BAD_TEAMS, f"A team game is four players, two against two (not {players}).",
                       extra={"path": "teams"})
    return clean_seating(seating) if players == 2 else default_seating(players, teams)


def join_table(*, table_id: str, actor: Actor, deck: Deck | None = None, hero: str | None = None,
               counts: Mapping[str, int] | None = None, problems: tuple[Problem, ...] = (),
               invite: str | None = None, kept: Mapping[str, Any] | None = None,
               catalogue: Catalogue | None = None, prefer: int | None = None) -> Table:
    """Sit in the next empty seat (`prefer`: that one, if empty) with a legal deck; when it was the last, the game
    starts (the engine's set-up, up to its first decision). Two visitors sitting down at once: the one who comes
    second takes the next seat still empty, or hears that the table is full."""
    catalogue = catalogue or play_catalogue()
    checked: list = []

    def entry() -> dict[str, Any]:  # the deck is checked once the visitor may sit (as it always was)
        if not checked:
            checked.append(deck_entry(deck, *checked_deck(catalogue, deck=deck, hero=hero, counts=counts,
                                                          problems=problems), kept))
        return checked[0]

    for _ in range(MAX_PLAYERS):
        table = get_table(table_id)
        try:
            return _sit(table, actor, entry, deck if kept is None else saved_deck(kept),
                        invite=invite, prefer=prefer, catalogue=catalogue)
        except TableConflict:
            continue
    raise ApiError(TABLE_TAKEN, "Someone sat down first: every seat is taken.", status_code=409)


def _sit(table: Table, actor: Actor, entry, saved: Deck | None, *, invite: str | None,
         prefer: int | None, catalogue: Catalogue) -> Table:
    if seat_of(table, actor) is not None:
        raise ApiError(ALREADY_SEATED, "You already sit at this table: share its invite link with your opponent.")
    if table.status != TableStatus.OPEN:
        raise ApiError(TABLE_TAKEN, "Every seat at this table is taken: you can watch.", status_code=409)
    if not table.listed and not secrets.compare_digest(invite or "", table.invite_token):
        raise ApiError(BAD_INVITE, "This table is joined by its invite link only.", status_code=403)
    empty = [s for s, d in enumerate(table.decks) if d is None]
    seat = prefer if prefer in empty else empty[0]
    decks = list(table.decks)
    decks[seat] = entry()
    return fill(table, {"decks": decks, f"p{seat + 1}_deck": saved, **seat_fields(seat, actor)}, catalogue)


def fill(table: Table, sitting: dict[str, Any], catalogue: Catalogue) -> Table:
    """Save a seat taken (a person's, or a computer's: `sitting` holds the new `decks`); when it was the last empty
    one, the game starts, and the computers at the table make the first decisions that are theirs."""
    decks = sitting["decks"]
    if any(d is None for d in decks):
        return write(table, sitting, read_version=table.version)  # more seats to fill: the table still waits
    if all(d.get("level") for d in decks):
        raise ApiError(ONLY_COMPUTERS, "A table needs at least one person: computers do not play alone.")
    specs = [deck_spec(d["hero"], Counter(d["cards"])) for d in decks]
    try:
        state = new_game(catalogue, specs, seating=table.seating, seed=table.seed, variants=table.variants)
    except GameDataError as exc:
        raise ApiError(INVALID_DECK, f"This game cannot be played: {exc}.",
                       extra={"errors": [Problem("unplayable", str(exc)).to_dict()]}) from None
    now = timezone.now()
    # The game is dealt now, by this engine and these cards: a table opened under an older engine (whose games
    # numbered their cards otherwise: rules/engine/decks.py) records the ones that dealt it, as its replay needs.
    fields = {**sitting, "status": TableStatus.LIVE, "actions": state.action_ids, "state": state.to_json(),
              "engine_version": ENGINE_VERSION, "data_hash": catalogue.data_hash,
              "to_move": state.current_player, "turn_started_at": now, "started_at": now,
              **{clock.seen_field(s): now for s in seats(table)}}
    table = write(table, fields, read_version=table.version)
    states.keep(table, state)
    return play_computers(table)


def act(*, table_id: str, actor: Actor, action: str, expected_version: int | None = None) -> Table:
    """Make the decision that is this player's to make; one conditional write, then every socket is told."""
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    read_version = table.version
    if table.to_move != seat:
        raise ApiError(NOT_YOUR_DECISION, "It is your opponent's decision now, not yours." if table.players == 2
                       else f"It is Player {table.to_move + 1}'s decision now, not yours.",
                       extra={"rule": "priority", "action": action, "version": table.version})
    state = states.for_write(table)
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise ApiError(ILLEGAL_ACTION, exc.message, extra={"rule": exc.rule, "action": action,
                                                           "version": table.version}) from None
    return play_computers(decided(table, state, seat, read_version=read_version))


def decided(table: Table, state: GameState, seat: int, *, read_version: int) -> Table:
    """Save the decision `seat` just made in `state` (a person's or a computer's: one write path for both), with
    the decisions that fall to resigned seats after it, the clocks, and the result if the game is over."""
    pass_for_resigned(state, table.resigned or ())
    now = timezone.now()
    fields: dict[str, Any] = {**log_fields(table, state), "to_move": state.current_player,
                              "clocks": clock.after_decision(table, seat, now), "turn_started_at": now}
    if not level_of(table, seat):
        fields[clock.seen_field(seat)] = now  # a person deciding is a person present
    if table.draw_offer is not None and seat not in (table.draw_seats or [table.draw_offer]):
        fields.update(draw_offer=None, draw_seats=[])  # playing on declines the others' offer
    if state.is_over:
        fields.update(result_fields(table, state, end=TableEnd.CATACLYSM, now=now))
    table = write(table, fields, read_version=read_version)
    states.keep(table, state)
    if state.is_over:
        from rules.live import ratings
        ratings.record(table)
    return table


def computer_to_move(table: Table) -> str | None:
    """The level of the computer whose decision it is at a live table, if it is one's."""
    if table.status != TableStatus.LIVE or table.to_move is None:
        return None
    return level_of(table, table.to_move)


def play_computers(table: Table) -> Table:
    """Let the computers at the table decide while a decision is theirs (their turn, a reaction window, a target, a
    mulligan, who goes first), each decision saved as a person's is (`decided`: every socket hears it, the clock
    runs, the replay has it). Synchronous, in the request that handed them the decision: no thread per table. At
    most MAX_COMPUTER_STEPS decisions or COMPUTER_SECONDS a request (at least one is made); past either, the next
    request or socket message of anyone at the table lets them go on (`settle`). A write that lost the race to
    another (a draw offered meanwhile) stops here: whoever wrote goes on from the table as it now is."""
    deadline = time.monotonic() + COMPUTER_SECONDS
    for made in range(MAX_COMPUTER_STEPS):
        level = computer_to_move(table)
        if not level or (made and time.monotonic() >= deadline):
            break
        seat = table.to_move
        state = states.for_write(table)
        action, _reason = computers.decide(level, computers.seat_seed(table.seed, seat), state)
        state.apply(action)
        try:
            table = decided(table, state, seat, read_version=table.version)
        except TableConflict as exc:
            return exc.table
    return table


def resign(*, table_id: str, actor: Actor, expected_version: int | None = None) -> Table:
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    if seat in (table.resigned or ()):
        raise ApiError(ALREADY_RESIGNED, "You have resigned already: your board stays until the Cataclysm.")
    return drop(table, seat, TableEnd.RESIGNED, read_version=table.version)


def offer_draw(*, table_id: str, actor: Actor, expected_version: int | None = None) -> Table:
    """Offer a draw, or accept the offer on the table: the game ends drawn once every player still playing agreed
    (at two, the opponent's acceptance). Playing on declines an offer."""
    table = settle(get_table(table_id))
    seat = _live(table, actor, expected_version)
    if seat in (table.resigned or ()):
        raise ApiError(ALREADY_RESIGNED, "You have resigned: the players still playing decide on a draw.")
    agreed = set(table.draw_seats or ([] if table.draw_offer is None else [table.draw_offer])) | {seat}
    if agreed >= set(active_seats(table)):
        return finish(table, end=TableEnd.DRAW_AGREED, read_version=table.version)
    offer = table.draw_offer if table.draw_offer is not None else seat
    return write(table, {"draw_offer": offer, "draw_seats": sorted(agreed)}, read_version=table.version)


def claim(*, table_id: str, actor: Actor) -> Table:
    """Claim the win when the opponent's clock ran out or they are gone past the grace period."""
    table = get_table(table_id)
    seat = player_seat(table, actor)
    dropped = len(table.resigned or ())
    settled = settle(table)
    if settled.status == TableStatus.FINISHED and settled.end in (TableEnd.TIMEOUT, TableEnd.ABANDONED):
        return settled
    if len(settled.resigned or ()) > dropped:  # at three or four: the absent player's seat now passes by itself
        return settled
    if settled.status != TableStatus.LIVE:
        raise ApiError(GAME_OVER if settled.status == TableStatus.FINISHED else NOT_LIVE, "Nothing to claim here.")
    now = timezone.now()
    other = settled.to_move if settled.to_move != seat else None
    waiting = settled.grace_seconds - clock.gone_for(settled, other, now) if settled.to_move == other else None
    raise ApiError(NOTHING_TO_CLAIM, "Your opponent still has time: nothing to claim yet.",
                   extra={"seconds_left": max(0, round(waiting)) if waiting is not None else None})


def rematch(*, table_id: str, actor: Actor) -> Table:
    """After a game: open the rematch with seats swapped (at three or four, each player moves one seat on) and my
    deck, or sit down at the one another player opened (in my next seat, if it is still empty). The computers come
    along, each one seat on with its level and deck (against a computer alone, the rematch starts at once)."""
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
                          invite=existing.invite_token, kept=mine, prefer=(seat + 1) % table.players)
    new = open_table(actor=actor, hero=mine["hero"], counts=counts, seat=list(SEATS)[(seat + 1) % table.players],
                     seating=table.seating, variants=table.variants, players=table.players, teams=table.teams,
                     clock_minutes=table.clock_seconds // 60 if table.clock_seconds else None,
                     increment=table.clock_increment, grace_seconds=table.grace_seconds, listed=False,
                     rematch_of=table, kept=mine)
    if any(d and d.get("level") for d in table.decks):
        from rules.live import computers  # the computers' module builds on this one
        new = computers.seat_again(table, new)
    notify.changed(table.pk, table.version, again=True)  # the opponent's page offers to accept it
    return new

