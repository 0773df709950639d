"""Pages of live tables: `/play/` (open a table; the listed tables to join or watch), `/play/<id>/` (the board, drawn
by static/js/live.js from the API and kept live over the table's WebSocket) and the leaderboard.

The start page works as a plain form; the board needs JavaScript, as the versus board does.
"""
from __future__ import annotations

from django import forms
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from rules.engine.cpu import level_menu
from rules.live import computers, privacy, services, tables
from rules.live import selectors as ls
from rules.live.clock import MAX_CLOCK_MINUTES, MAX_INCREMENT
from rules.models import Seating
from rules.play import ratings
from rules.play.actors import actor_for
from rules.play.computers import CPU_BOTS
from rules.play.decks import deck_input, playable_decks_of, starter_decks, variant_choices


class OpenTableForm(forms.Form):
    """My deck (a saved one or a pasted list), seat, seating, variants, an optional clock, listed or invite-only."""

    deck = forms.CharField(required=False, max_length=64)
    text = forms.CharField(required=False, widget=forms.Textarea, max_length=20_000, strip=False)
    seat = forms.ChoiceField(choices=[("first", "First seat (Player 1)"), ("second", "Second seat (Player 2)"),
                                      ("random", "Random seat")], initial="first")
    players = forms.TypedChoiceField(choices=[(2, "Two players"), (3, "Three players"), (4, "Four players, each for "
                                              "themselves"), ("teams", "Four players, two against two")],
                                     initial=2, required=False)
    seating = forms.ChoiceField(choices=Seating.choices, initial=Seating.SIDE_BY_SIDE)
    variants = forms.MultipleChoiceField(required=False, choices=variant_choices)
    clock_minutes = forms.IntegerField(required=False, min_value=0, max_value=MAX_CLOCK_MINUTES)
    increment = forms.IntegerField(required=False, min_value=0, max_value=MAX_INCREMENT)
    listed = forms.BooleanField(required=False, initial=True)


def deck_choice(request, data) -> dict:
    """The deck a form names: a pasted list wins over the picker (validated by the service like everywhere else)."""
    source = {"text": data["text"]} if (data.get("text") or "").strip() else {"deck": data.get("deck")}
    if not source.get("text") and not source.get("deck"):
        raise ApiError("no_deck", "Choose your deck, or paste a decklist.")
    deck, hero, counts, problems = deck_input(request.user, source, play_catalogue())
    return {"deck": deck, "hero": hero, "counts": counts, "problems": problems}


def players_choice(value) -> dict:
    """The form's table size: 2, 3 or 4 players, or "teams" (four, two against two)."""
    if value == "teams":
        return {"players": 4, "teams": True}
    return {"players": int(value or 2), "teams": False}


def start_context(request, form, errors=()) -> dict:
    return {"form": form, "errors": errors, "lobby": ls.lobby(), "mine": ls.tables_of(actor_for(request)),
            "my_decks": playable_decks_of(request.user), "starters": starter_decks(),
            "variants": list(play_catalogue().variants.values())}


@require_http_methods(["GET", "POST"])
def start(request):
    """Open a table (the form), or find one to join or watch."""
    if request.method == "POST":
        form = OpenTableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                table = services.open_table(
                    actor=actor_for(request, create=True), **deck_choice(request, data), seat=data["seat"],
                    seating=data["seating"], variants=data.get("variants") or (),
                    clock_minutes=data.get("clock_minutes"), increment=data.get("increment") or 0,
                    listed=data["listed"], **players_choice(data.get("players")))
            except ApiError as exc:
                errors = [exc.message] + [p["message"] for p in exc.extra.get("errors", [])]
                return render(request, "live/start.html", start_context(request, form, errors), status=400)
            return redirect(table)
        return render(request, "live/start.html", start_context(request, form), status=400)
    form = OpenTableForm(initial={"deck": request.GET.get("deck", ""), "listed": True})
    return render(request, "live/start.html", start_context(request, form))


class JoinForm(forms.Form):
    deck = forms.CharField(required=False, max_length=64)
    text = forms.CharField(required=False, widget=forms.Textarea, max_length=20_000, strip=False)
    invite = forms.CharField(required=False, max_length=64)


class ComputerForm(forms.Form):
    """The host seats a computer (`add`: seat, level, an optional deck) or takes one out (`remove`: the seat)."""

    computer = forms.ChoiceField(choices=[("add", "add"), ("remove", "remove")])
    seat = forms.IntegerField(min_value=0, max_value=tables.MAX_PLAYERS - 1)
    level = forms.CharField(required=False, max_length=20)
    cpu_deck = forms.CharField(required=False, max_length=64)


def seat_computer(request, row) -> list[str]:
    """The host's "Add a computer" / "Remove" form on the waiting table's page; the errors to show (none: done)."""
    form = ComputerForm(request.POST)
    if not form.is_valid():
        return ["Choose a seat and a level for the computer."]
    data, actor = form.cleaned_data, actor_for(request)
    try:
        if data["computer"] == "add":
            computers.add_computer(table_id=row.pk, actor=actor, seat=data["seat"], level=data["level"],
                                   deck=data.get("cpu_deck") or None)
        else:
            computers.remove_computer(table_id=row.pk, actor=actor, seat=data["seat"])
    except ApiError as exc:
        return [exc.message] + [p["message"] for p in exc.extra.get("errors", [])]
    return []


def computer_choices(row, seat) -> dict:
    """What the host's computer form offers: the empty seats, each level in words with its rating, the starters."""
    if seat is None or row.status != "open" or seat != tables.host_seat(row):
        return {}
    rated = ratings.level_words(CPU_BOTS)
    return {"empty_seats": [s for s in tables.seats(row) if row.decks[s] is None],
            "computer_seats": tables.computer_seats(row),
            "levels": [(name, words, rated[name]) for name, words in level_menu("versus")]}


def host_label(row, seats: list) -> dict | None:
    """The opener's seat as the invitation names it ("alice challenges you"), never a computer's."""
    host = tables.host_seat(row)
    return seats[host] if host is not None and host < len(seats) else None


@require_http_methods(["GET", "POST"])
def table(request, table_id):
    """The board of one table (players and spectators alike: the script asks the API what this visitor sees);
    while a seat is empty, a visitor may sit down here (a plain form)."""
    row = tables.get_table(table_id)
    errors: list[str] = []
    if request.method == "POST" and "computer" in request.POST:
        errors = seat_computer(request, row)
        if not errors:
            return redirect(row)
        row = tables.get_table(table_id)
    elif request.method == "POST":
        form = JoinForm(request.POST)
        if form.is_valid():
            try:
                services.join_table(table_id=row.pk, actor=actor_for(request, create=True),
                                    invite=form.cleaned_data.get("invite"), **deck_choice(request, form.cleaned_data))
                return redirect(row)
            except ApiError as exc:
                errors = [exc.message] + [p["message"] for p in exc.extra.get("errors", [])]
        else:
            errors = ["Choose a deck."]
    seat = tables.seat_of(row, actor_for(request))
    other_seat = ((seat or 0) + 1) % len(tables.seats(row))
    other = row.decks[other_seat] if row.decks else None
    seats = ls.seat_labels(row, seat)
    context = {
        "table": row, "seat": seat, "invite": request.POST.get("invite") or request.GET.get("invite", ""),
        "can_join": row.status == "open" and seat is None, "errors": errors,
        "my_decks": playable_decks_of(request.user), "starters": starter_decks(),
        "share_url": request.build_absolute_uri(ls.invite_url(row)) if seat is not None else None,
        "watch_url": request.build_absolute_uri(row.get_absolute_url()),
        "seats": seats, "sides": ls.sides(seat, seats), "host": host_label(row, seats),
        "ring": ls.ring(row, seat, seats), "seated": ls.seated(row), **computer_choices(row, seat),
        # The versus board's sections name the other side from `game` (live.js retitles them for each viewer).
        "game": {"get_difficulty_display": "Play a friend", "opponent_hero": ls.hero_name(other["hero"]) if other else "",
                 "opponent_name": (seats[other_seat] or {}).get("label", "")},
    }
    return render(request, "live/table.html", context, status=400 if errors else 200)


def replay(request, table_id):
    """Step through a finished table's decisions (goldfish.js's replay, from the table's replay API)."""
    row = tables.get_table(table_id)
    seat = tables.seat_of(row, actor_for(request))
    seats = ls.seat_labels(row, seat)
    return render(request, "live/replay.html", {"table": row, "finished": row.status == "finished",
                                                "seats": seats, "sides": ls.sides(seat, seats, replay=True),
                                                "seed": row.seed if privacy.sees_all(row, seat) else None})


def leaderboard(request):
    return render(request, "live/leaderboard.html", {"rows": ratings.leaderboard_rows(ratings.leaderboard(100))})
