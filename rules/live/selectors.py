"""What a client is shown of a table: its own seat's view, or the spectators' public view.

Hidden information: every payload's board is the engine's view for its viewer, built as in every mode by
`rules.play.payload.board_for`: while the game goes on, a player's is `state.view(viewer=<their seat>)` (the other
hand a count, no deck order), a spectator's the public view `state.view(viewer=SPECTATOR)` (no hand at all);
`legal_actions` goes only to the player who must decide; the `cards` map names only the viewer's own deck and the
cards in their view; the seed and the decklists are withheld. Once the game is over a seat's decklist and hand are
shown to its player, and to everyone else only if it played a saved public deck (`rules.live.privacy`, whose
`revealed_seats` the board is drawn with): the seed and the whole board only when both are; a deck's name follows
the same rule.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from cards.catalogue import DerivedCache, play_catalogue
from cards.releases import release_of_game
from rules.engine import GameState
from rules.engine.catalogue import Catalogue
from rules.live import chat, clock, privacy, states
from rules.live.tables import MAX_PLAYERS, host_seat, level_of, seat_of, seat_value, seats
from rules.models import Table, TableStatus
from rules.play.actors import Actor
from rules.play.decks import variant_rows
from rules.play.payload import board_for, card_entries, card_index, describe_action, prompt, view_digest
from rules.play.ratings import LEVELS
from rules.play.ring import table_layout
from rules.play.seats import note_public_seats

USERS = tuple(f"p{n}_user" for n in range(1, MAX_PLAYERS + 1))  # every seat's account, read with the row
CARD_ENTRIES = DerivedCache(maxsize=1024)  # the `cards` map of a set of slugs: the same for every view showing them


def cards_for(slugs, catalogue: Catalogue | None = None) -> dict[str, dict]:
    """The `cards` map of these slugs as `catalogue` (the table's game's; default: the one new games play) has
    them: a table plays its release's cards, whatever the draft says (issue 32)."""
    catalogue = catalogue or play_catalogue()
    key = (frozenset(slugs), catalogue.data_hash)
    entries = CARD_ENTRIES.get(key)
    if entries is None:
        entries = card_entries(catalogue, key[0])
        CARD_ENTRIES.put(key, entries)
    return entries


def links(table: Table) -> dict[str, str]:
    return {"url": table.get_absolute_url(), "api_url": reverse("api-table-detail", args=[table.pk]),
            "ws_url": f"/ws/tables/{table.pk}/"}


def invite_url(table: Table) -> str:
    return f"{table.get_absolute_url()}?invite={table.invite_token}"


def player_name(table: Table, seat: int) -> str | None:
    """Who sits in the seat as people read it: the account's name, "Guest", "Computer (hard)"; None: nobody yet."""
    level = level_of(table, seat)
    if level:
        return f"Computer ({LEVELS.get(level, level).lower()})"
    user = seat_value(table, "user", seat)
    if user is not None:
        return user.username
    return "Guest" if seat_value(table, "session", seat) else None


def hero_name(slug: str) -> str:
    """A Hero as a person reads it ("Dr. Veylan"), never its slug."""
    entry = cards_for([slug]).get(slug)
    return entry["name"] if entry else slug


def seat_labels(table: Table, viewer: int | None) -> list[dict[str, Any] | None]:
    """Each seat as a page names it for this viewer: the player's name and Hero ("alice · Dr. Veylan"), and the
    deck's name where the viewer may read it and it says more than the Hero; None for an empty seat."""
    names = privacy.deck_names(table, viewer, hero_name)
    out: list[dict[str, Any] | None] = []
    for seat, deck in enumerate(table.decks or [None] * len(seats(table))):
        if deck is None:
            out.append(None)
            continue
        hero = hero_name(deck["hero"])
        player = player_name(table, seat) or f"Player {seat + 1}"
        out.append({"seat": seat, "player": player, "hero": hero, "label": f"{player} · {hero}",
                    "deck": names[seat] if names[seat] != hero else None})
    return out


def players(table: Table, now, viewer: int | None = None) -> list[dict[str, Any]]:
    out = []
    named = privacy.named_seats(table, viewer)
    for seat in seats(table):
        deck = table.decks[seat] if table.decks else None
        out.append({"seat": seat, "name": player_name(table, seat), "computer": level_of(table, seat),
                    "hero": deck["hero"] if deck else None,
                    "deck_name": deck["name"] if deck and seat in named else None,
                    "away_seconds": round(clock.gone_for(table, seat, now)) if table.status == TableStatus.LIVE
                    else None})
    return out


def board_view(table: Table, state: GameState, seat: int | None) -> dict:
    """The board this viewer may see: the engine's view for their seat (a spectator's: the public view), with the
    hands the table reveals to everyone (`privacy.revealed_seats`: once over, the public decks')."""
    return board_for(state, seat, revealed=privacy.revealed_seats(table))


def visible_slugs(table: Table, view: dict, seat: int | None) -> list[str]:
    slugs = [d["hero"] for d in table.decks if d]
    slugs += [entry["card"] for entry in card_index(view).values()]
    for shown in privacy.shown_seats(table, seat):
        if table.decks[shown]:
            slugs += table.decks[shown]["cards"]
    return slugs


def decklists(table: Table, seat: int | None) -> list[dict | None] | None:
    """Once over, each decklist this viewer may see (null in a hidden seat's place); none while the game goes on."""
    if table.status != TableStatus.FINISHED:
        return None
    shown = privacy.shown_seats(table, seat)
    return [{"hero": d["hero"], "cards": d["cards"], "name": d["name"]} if d and s in shown else None
            for s, d in enumerate(table.decks)]


def table_prompt(table: Table, state: GameState, view: dict, seat: int | None) -> dict[str, str]:
    if table.status == TableStatus.FINISHED:
        return {"kind": "over", "text": ending_text(table)}
    if seat is not None and state.current_player == seat:
        return prompt(state, view, seat, opponent="your opponent" if table.players == 2 else "the others")
    decider = state.current_player
    who = "Your opponent is" if seat is not None and table.players == 2 else f"Player {decider + 1} is"
    return {"kind": "wait", "text": f"{who} deciding…"}


def ending_text(table: Table) -> str:
    if table.players > 2:
        return multi_ending_text(table)
    if table.winner is None:
        return "A draw." if table.end != "cataclysm" else "The Cataclysm has come: a draw."
    how = {"cataclysm": "after the Cataclysm", "resigned": "by resignation", "draw_agreed": "",
           "timeout": "on time", "abandoned": "as the opponent left the table"}.get(table.end, "")
    return f"Player {table.winner + 1} wins {how}.".replace("  ", " ").replace(" .", ".")


def multi_ending_text(table: Table) -> str:
    """How a table of three or four ended: who won (a team's two players) or shared first place, and how."""
    how = {"cataclysm": " after the Cataclysm", "resigned": ": the others resigned", "draw_agreed": " (agreed)",
           "timeout": ": the others resigned or ran out of time", "abandoned": ": the others resigned or left"}
    names = " and ".join(f"Player {s + 1}" for s in table.winners or ())
    if names:
        verb = "win" if len(table.winners) > 1 else "wins"
        return f"{names} {verb}{how.get(table.end, '')}."
    first = " and ".join(f"Player {s + 1}" for s, place in enumerate(table.places or ()) if place == 1)
    return f"A draw{how.get(table.end, '') if table.end == 'draw_agreed' else ''}: {first} share first place."


def seated(table: Table) -> int:
    """How many seats are taken (the lobby's "2 of 4 seated")."""
    return sum(1 for d in table.decks or () if d is not None)


def summary(table: Table, now=None, viewer: int | None = None) -> dict[str, Any]:
    """The table in a list (the lobby): no board, no seed; a deck's name only if `viewer` may read it."""
    now = now or timezone.now()
    return {"id": table.pk, **links(table), "status": table.status, "listed": table.listed,
            "version": table.version, "moves": len(table.actions), "seating": table.seating,
            "variants": list(table.variants), "players": players(table, now, viewer), "clock": clock.clock_payload(table, now),
            "seats": len(seats(table)), "seated": seated(table), "teams": table.teams,
            "grace_seconds": table.grace_seconds, "created_at": table.created_at, "updated_at": table.updated_at}


def table_payload(table: Table, actor: Actor | None = None, *, seat: int | None = -1, log_from: int = 0,
                  with_chat: bool = True, known_cards: frozenset | None = None) -> dict[str, Any]:
    """Everything a client shows of a table, as `actor`'s seat (or a spectator) may see it. `log_from` trims the log
    to the events the client lacks; `known_cards` (the slugs of the `cards` map it already has) leaves the map out
    (null) when nothing new is shown."""
    now = timezone.now()
    if seat == -1:
        seat = seat_of(table, actor)
    finished = table.status == TableStatus.FINISHED
    state = states.state_of(table)
    sees_all = privacy.sees_all(table, seat)
    out = {**summary(table, now, seat), "seat": seat, "is_player": seat is not None,
           "invite_url": invite_url(table) if seat is not None else None,
           "seed": table.seed if finished and sees_all else None, "variant_rows": variant_rows(table.variants, state.cat if state is not None else play_catalogue()),
           "release": release_of_game(table.data_hash, table.created_at), "draw_offer": table.draw_offer, "winner": table.winner, "end": table.end or None,
           "legacy": table.legacy, "rounds": table.rounds, "finished_at": table.finished_at, "rated": table.rated,
           "decks": decklists(table, seat),
           "muted": seat_value(table, "muted", seat) if seat is not None else False,
           "draw_seats": list(table.draw_seats or ([] if table.draw_offer is None else [table.draw_offer])),
           "resigned": list(table.resigned or ()), "winners": list(table.winners or ()),
           "places": list(table.places or ()) or None,
           "rematch": rematch_of(table),
           "replay_url": reverse("live:replay", args=[table.pk]) if finished else None,
           "chat": chat.lines(table, seat) if with_chat else None, "is_owner": seat is not None,
           "is_host": seat is not None and seat == host_seat(table)}
    if state is None:
        mine = table.decks[seat] if seat is not None else None
        out.update(state=None, can_act=False, legal_actions=[], log=[], log_count=0, log_from=0, result=None,
                   digest=None, prompt={"kind": "open", "text": "Waiting for an opponent to sit down." if table.players == 2
                                        else f"Waiting for players: {seated(table)} of {table.players} seated."},
                   cards=cards_for([mine["hero"], *mine["cards"]] if mine else []))
        return out
    view = board_view(table, state, seat)
    can_act = table.status == TableStatus.LIVE and seat is not None and state.current_player == seat
    names = card_index(view)
    slugs = frozenset(visible_slugs(table, view, seat))
    log_from = max(0, min(log_from, state.event_count))
    out.update(
        state=view, can_act=can_act, log_from=log_from,
        legal_actions=[describe_action(a, names) for a in state.legal_actions()] if can_act else [],
        log=state.events_from(log_from), log_count=state.event_count,
        result=state.result() if state.is_over or finished else None,
        digest=state.digest() if finished and sees_all else view_digest(view),
        prompt=table_prompt(table, state, view, seat),
        cards=None if known_cards is not None and slugs <= known_cards else cards_for(slugs, state.cat),
    )
    return out


def rematch_of(table: Table) -> dict | None:
    if table.status != TableStatus.FINISHED:
        return None
    new = table.rematches.order_by("-created_at").first()
    return {"id": new.pk, "url": new.get_absolute_url(), "status": new.status} if new else None


def lobby(*, limit: int = 50) -> list[Table]:
    """Listed tables waiting for a player, then listed games in play (to watch), most recent first."""
    rows = Table.objects.filter(listed=True, status__in=[TableStatus.OPEN, TableStatus.LIVE])
    tables = note_public_seats(list(rows.select_related(*USERS)
                                            .order_by("status", "-updated_at")[:limit]))
    for table in tables:
        table.seat_labels = seat_labels(table, None)  # what the start page shows of each seat: player, Hero, deck
        table.seated_count = seated(table)
    return tables


def tables_of(actor: Actor, *, limit: int = 20) -> list[Table]:
    mine = Q(pk__in=[])
    for n in range(1, MAX_PLAYERS + 1):
        if getattr(actor.user, "is_authenticated", False):
            mine |= Q(**{f"p{n}_user": actor.user})
        if actor.session_key:
            mine |= Q(**{f"p{n}_session": actor.session_key})
    return list(Table.objects.filter(mine).select_related(*USERS).order_by("-updated_at")[:limit])


def sides(seat: int | None, labels: list[dict[str, Any] | None], *, replay: bool = False) -> dict[str, Any]:
    """How the shared board script names the two sides for this viewer (goldfish.js reads data-me/data-opp): a
    player at the live table is "you" facing "your opponent"; a spectator, and everyone in a replay (a record of
    both seats), reads "Player 1" and "Player 2". Never "the computer": the seats' labels name a computer that sits
    at the table ("Computer (hard) · Elder Maru")."""
    mine = seat if seat is not None else 0
    other = (mine + 1) % max(2, len(labels))  # the next seat clockwise (at two: the opponent)
    if seat is not None and not replay:
        words = {"me": "you", "me_short": "You", "opp": "your opponent", "opp_short": "Opp"}
    else:
        words = {"me": f"Player {mine + 1}", "me_short": f"P{mine + 1}",
                 "opp": f"Player {other + 1}", "opp_short": f"P{other + 1}"}

    def who(s: int) -> str:
        label = labels[s] if s < len(labels) else None
        return f" · {label['label']}" if label else ""

    return {"seat": mine, **words, "my_title": f"Player {mine + 1}'s board{who(mine)}",
            "opp_title": f"Player {other + 1}'s board{who(other)}", "hand_title": f"Player {mine + 1}'s hand"}


def ring(table: Table, seat: int | None, labels: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    """A table of three or four: where each player's board goes on this viewer's page, as versus places its
    computers (rules.play.ring): the viewer's own at the bottom (a spectator sits in Player 1's place), each named
    by the player and their Hero, with the seat and team. None at two players, or while seats are empty."""
    if (table.players or 2) < 3 or any(label is None for label in labels):
        return None
    mine = seat if seat is not None else 0
    rows = [{"seat": s, "who": "You" if s == seat else label["player"], "hero_name": label["hero"],
             "deck_name": label["deck"], "team": s % 2 if table.teams else None,
             "partner": bool(table.teams) and seat is not None and s != seat and s % 2 == seat % 2}
            for s, label in enumerate(labels)]
    placed = table_layout(rows, mine)
    if placed is not None and seat is None:
        placed["mine"]["short"] = f"P{mine + 1}"
    return placed
