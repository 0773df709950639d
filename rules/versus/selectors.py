"""Every read of games against the computer: what a client is shown of one (never the CPU's secrets), the
visitor's games, the decks they may play, and each deck's record against each difficulty and at each table.

Hidden information: while a game goes on, every response is built from the engine's view for the player's seat
(`rules.play.payload.board_for`, as in every mode; whoever watches sees what the player sees): the CPU's hand is a
count, no deck shows its order, the `cards` map names only the visitor's cards and the CPU's public ones, the seed
(which, with the decklists, would give away every shuffle) and the full-state digest are withheld, and only the
visitor's legal actions are sent. The CPU's moves (label and reason) and the engine's event texts name only cards as
they are played, which the rules make public. Once the Cataclysm has come nothing is at stake any more: a finished
game, its replay and its record are shown whole (both hands, the seed), as most card-game clients do, so that anyone
can check the replay from the seed.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Count, Q

from cards.releases import release_of_game
from decks.models import Deck
from decks.textio import format_decklist
from rules.engine import GameState
from rules.engine.catalogue import Catalogue
from rules.models import Difficulty, Outcome, Seating, Status, TableSeating, VersusGame
from rules.play.actors import Actor
from rules.play.decks import deck_ref
from rules.play.digest import game_digest, view_digest
from rules.play.payload import (
    board_for,
    card_entries,
    card_index,
    describe_action,
    game_links,
    prompt,
    replay_frame_body,
)
from rules.play.store import replay_steps
from rules.versus.table import line_up, seat_rows


def links(game: VersusGame) -> dict[str, str]:
    return game_links(game, "versus")


def board(game: VersusGame, state: GameState, *, over: bool) -> dict:
    """The board as the player's seat sees it, to whoever watches the game; all of it once it is `over`."""
    return board_for(state, game.seat, revealed=range(len(state.players)) if over else ())  # every seat, 2 to 4


def visible_slugs(game: VersusGame, view: dict) -> list[str]:
    """The card slugs a client may be told about: the visitor's deck, both Heroes and every card in the view."""
    slugs = [game.hero, game.opponent_hero, *game.cards, *(cpu["hero"] for cpu in game.computers)]
    slugs += [entry["card"] for entry in card_index(view).values()]
    if game.is_finished:
        slugs += list(game.opponent_cards)
        slugs += [slug for cpu in game.computers for slug in cpu["cards"]]
    return slugs


def seats(game: VersusGame, catalogue: Catalogue) -> list[dict]:
    """Every seat in words: who sits there, the Hero, the deck, the level, the team (rules.versus.table)."""
    heroes = {row["hero"] for row in [{"hero": game.hero}, {"hero": game.opponent_hero}, *game.computers]}
    names = {slug: catalogue.cards[slug].name for slug in heroes if slug in catalogue.cards}
    return seat_rows(game, names)


def versus_prompt(game: VersusGame, state: GameState, view: dict) -> dict[str, str]:
    if state.is_over or state.current_player == game.seat:
        said = prompt(state, view, game.seat, opponent="the computer")
        if game.computers and said["kind"] == "first_player":
            said["text"] = "Choose who goes first: you or one of the computers, by seat."
        return said
    if game.computers:
        who = next((row["who"] for row in seat_rows(game, {}) if row["seat"] == state.current_player), "A computer")
        return {"kind": "wait", "text": f"{who} is deciding…"}
    return {"kind": "wait", "text": f"The computer ({game.get_difficulty_display()}) is deciding…"}


def computer_decks(games: list[VersusGame]) -> list[VersusGame]:
    """Read the decks every computer of `games` plays in one query, each game's remembered on it (a list of games
    names them all without a query a game)."""
    wanted = {cpu["deck"] for game in games for cpu in game.computers}
    found = Deck.objects.in_bulk(wanted) if wanted else {}
    for game in games:
        game._computer_decks = {cpu["deck"]: found.get(cpu["deck"]) for cpu in game.computers}
    return games


def computers(game: VersusGame, legacies=None) -> list[dict[str, Any]]:
    """Every computer of the game (rules.versus.table.line_up), its deck read now (remembered by `computer_decks`)."""
    if not game.computers:
        return line_up(game, {game.opponent_id: game.opponent}, legacies)
    if getattr(game, "_computer_decks", None) is None:
        computer_decks([game])
    return line_up(game, game._computer_decks, legacies)


def summary(game: VersusGame, legacies=None) -> dict[str, Any]:
    """The game in a list: no board, and no seed until it is over. `computers` names every computer (the opponent
    fields only the first); `legacies` (by seat, from the finished state) overrides the Legacies saved on the row."""
    return {
        "id": game.pk, **links(game), "status": game.status, "version": game.version, "moves": len(game.actions),
        "seed": game.seed if game.is_finished else None, "seating": game.seating, "seat": game.seat,
        "variants": list(game.variants), "difficulty": game.difficulty, "deck": deck_ref(game.deck), "deck_name": game.deck_name, "hero": game.hero,
        "opponent": deck_ref(game.opponent), "opponent_name": game.opponent_name,
        "opponent_hero": game.opponent_hero, "outcome": game.outcome or None, "winner": game.winner,
        "legacy": game.legacy, "opponent_legacy": game.opponent_legacy, "computers": computers(game, legacies),
        "rounds": game.rounds, "bot_assisted": game.bot_assisted, "rated": game.rated, "rating_counted": game.rating_counted,
        "owner": game.owner.username if game.owner_id else None,
        "created_at": game.created_at, "updated_at": game.updated_at, "finished_at": game.finished_at,
    }


def moves_from(game: VersusGame, log_from: int) -> list[dict]:
    """The CPU's moves whose events start at `log_from` or later (the client has the earlier ones)."""
    return [m for m in game.cpu_moves if m["events_from"] >= log_from]


def versus_payload(game: VersusGame, state: GameState, *, actor: Actor | None, log_from: int = 0,
                   catalogue: Catalogue) -> dict[str, Any]:
    """Everything a client shows of a versus game, as the visitor's seat may see it; `log_from` trims the log."""
    view = board(game, state, over=state.is_over)
    names = card_index(view)
    is_owner = actor is not None and actor.may_act_in(game)
    can_act = is_owner and not state.is_over and state.current_player == game.seat
    legal = [describe_action(a, names) for a in state.legal_actions()] if can_act else []
    over = state.is_over
    return {
        **summary(game, state.result()["legacy"] if over else None),  # a table finished before they were saved
        "engine_version": game.engine_version,
        "outdated": game.data_hash != catalogue.data_hash,
        "release": release_of_game(game.data_hash, game.created_at),
        "can_act": can_act,
        "is_owner": is_owner,
        "cpu_seat": game.cpu_seat,
        "cpu_seats": game.cpu_seats,
        "seats": seats(game, catalogue),
        "teams": game.seating == "two-against-two",
        "cpu_to_move": not over and state.current_player in game.cpu_seats,
        "digest": game_digest(game, state) if over else view_digest(view),
        "state": view,
        "prompt": versus_prompt(game, state, view),
        "legal_actions": legal,
        "log": state.events_from(max(0, log_from)),
        "log_count": state.event_count,
        "cpu_moves": moves_from(game, max(0, log_from)),
        "result": state.result(),
        "record": None,
        "cards": card_entries(state.cat, visible_slugs(game, view)),  # as the game's release has them
    }


def versus_games_of(actor: Actor, *, limit: int = 20) -> list[VersusGame]:
    return computer_decks(list(VersusGame.objects.of_player(actor.user, actor.session_key)
                               .select_related("deck", "opponent", "owner").order_by("-updated_at")[:limit]))


TWO_SEATINGS = tuple(Seating.values)  # a game of two; every other seating is a table of three or four (issue 34)
TABLES = [(value, label) for value, label in TableSeating.choices if value not in TWO_SEATINGS]


def deck_record(deck: Deck) -> list[dict[str, Any]]:
    """The deck's finished games against the computer: a row per difficulty for games of two, then a row per kind
    of table of three or four it sat at (three players, four, two against two) with the levels it met there.

    Each row has wins, losses, draws played by hand, games a bot helped to finish (`bot_games`, counted apart: a bot's
    win is not the player's), all games, and how many of them the Cataclysm ended by the full circle (RULINGS 16).
    A table game is not counted under a level: one game against normal and hard is neither a duel with normal nor
    one with hard, and a four-player table is won about one time in four where a duel is won one time in two, so
    mixing them would move a level's numbers for reasons that are not the level's (docs/players/versus.md)."""
    hand = Q(bot_assisted=False)
    tally = {"wins": Count("pk", filter=hand & Q(outcome=Outcome.WIN)),
             "losses": Count("pk", filter=hand & Q(outcome=Outcome.LOSS)),
             "draws": Count("pk", filter=hand & Q(outcome=Outcome.DRAW)),
             "bot_games": Count("pk", filter=~hand), "games": Count("pk"),
             "full_circle": Count("pk", filter=Q(ending="full_circle"))}
    finished = VersusGame.objects.filter(deck=deck, status=Status.FINISHED)
    duels = finished.filter(seating__in=TWO_SEATINGS)
    tables = finished.exclude(seating__in=TWO_SEATINGS)
    by_level = {row["difficulty"]: row for row in duels.values("difficulty").annotate(**tally)}
    by_table = {row["seating"]: row for row in tables.values("seating").annotate(**tally)}
    met = levels_met(tables.values_list("seating", "computers"))
    rows = [{"kind": "level", "difficulty": value, "seating": None, "label": label, "levels": [],
             **{k: by_level.get(value, {}).get(k, 0) for k in tally}} for value, label in Difficulty.choices]
    rows += [{"kind": "table", "difficulty": None, "seating": value, "label": label, "levels": met[value],
              **{k: by_table[value][k] for k in tally}} for value, label in TABLES if value in by_table]
    return rows


def levels_met(games) -> dict[str, list[dict[str, Any]]]:
    """For each table seating of `games` ((seating, computers) pairs): every level that sat at one of its games,
    in the menu's order, with the number of games it sat at (a game with two hard computers counts once for hard)."""
    counts: dict[str, dict[str, int]] = {}
    for seating, computers in games:
        seen = counts.setdefault(seating, {})
        for level in {cpu["difficulty"] for cpu in computers}:
            seen[level] = seen.get(level, 0) + 1
    return {seating: [{"difficulty": value, "label": label, "games": seen[value]}
                      for value, label in Difficulty.choices if value in seen] for seating, seen in counts.items()}


def again_initial(game: VersusGame, catalogue: Catalogue) -> dict[str, Any]:
    """The start form filled for "Play again": the same line-up as `game` (your deck or pasted list, every computer
    with its deck and level, your seat, the seating, teams, variants, rated or not) and no seed, so it is dealt anew."""
    computers = game.computers or [{"deck": game.opponent_id or "", "difficulty": game.difficulty}]
    initial: dict[str, Any] = {
        "source": "deck" if game.deck_id else "text", "deck": game.deck_id or "",
        "text": "" if game.deck_id else format_decklist(game.hero, Counter(game.cards), catalogue),
        "seat": "first" if game.seat == 0 else "second",
        "seating": game.seating if game.seating in TWO_SEATINGS else Seating.SIDE_BY_SIDE,
        "teams": game.seating == TableSeating.TWO_AGAINST_TWO, "variants": list(game.variants), "rated": game.rated,
    }
    for number, cpu in enumerate(computers, start=1):
        suffix = "" if number == 1 else f"_{number}"
        initial |= {f"opponent{suffix}": cpu["deck"], f"difficulty{suffix}": cpu["difficulty"]}
    return initial


def replay_index(game: VersusGame) -> dict[str, Any]:
    """The game's record, every step (both seats' decisions are public acts) and the event log; the computer's
    card list and the seed are withheld until the game is over."""
    replayed = replay_steps(game=game)
    final = replayed["final"]
    record = game.record()
    decks = record["decks"]
    if not game.is_finished:
        for seat in game.cpu_seats:
            decks[seat] = {"hero": decks[seat]["hero"], "cards": None}
    view = board(game, final, over=final.is_over)
    return {
        "id": game.pk, **links(game), "status": game.status, "seat": game.seat, "difficulty": game.difficulty,
        "deck": deck_ref(game.deck), "opponent": deck_ref(game.opponent), "outcome": game.outcome or None,
        "legacy": game.legacy, "opponent_legacy": game.opponent_legacy, "rounds": game.rounds,
        "engine_version": record["engine_version"], "data_hash": record["data_hash"],
        "seed": game.seed if game.is_finished else None, "seating": game.seating, "decks": decks,
        "actions": record["actions"], "steps": replayed["steps"], "cpu_moves": list(game.cpu_moves),
        "events": final.events, "digest": game_digest(game, final) if game.is_finished else view_digest(view),
        "seats": seats(game, final.cat),
        "cards": card_entries(final.cat, visible_slugs(game, view)),  # as the game's release has them
    }


def replay_frame(game: VersusGame, step: int) -> dict[str, Any]:
    """The board after step `step`, as the player's seat saw it (all of it once the game is over)."""
    replayed = replay_steps(game=game, step=step)
    frame = replayed["frame"]
    view = board(game, frame, over=game.is_finished)
    return replay_frame_body(replayed, step, view=view, prompt=versus_prompt(game, frame, view),
                             digest=frame.digest() if game.is_finished else view_digest(view))
