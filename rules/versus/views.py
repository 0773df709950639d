"""Pages of games against the computer: the start page, the board and the replay.

The board and the replay are drawn by `static/js/goldfish.js` from the versus API (the same board as goldfish, with
the computer's side); the start page works as a plain form, so a game can be started without JavaScript.
"""
from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cards.catalogue import play_catalogue
from decks import selectors as deck_selectors
from rules.engine.cpu import level_menu
from rules.models import Difficulty, Seating
from rules.play import ratings
from rules.play.actors import actor_for
from rules.play.decks import MAX_SEED, opponent_decks, variant_choices, variant_rows
from rules.play.pages import form_deck, start_from_form
from rules.play.ring import table_layout
from rules.versus import selectors as vs
from rules.versus import services as versus
from rules.versus.matchups import deck_matchups
from rules.versus.services import CPU_BOTS
from rules.versus.table import Computer


class VersusForm(forms.Form):
    """My deck (one I can open, or a pasted list), the computer's deck, difficulty, seat, seating, a seed, and whether
    the game is rated."""

    source = forms.ChoiceField(choices=[("deck", "deck"), ("text", "text")], required=False)
    deck = forms.CharField(required=False, max_length=64)
    text = forms.CharField(required=False, widget=forms.Textarea, max_length=20_000, strip=False)
    opponent = forms.CharField(max_length=64)
    difficulty = forms.ChoiceField(choices=level_menu("versus"), initial=Difficulty.NORMAL)  # each level in words
    seat = forms.ChoiceField(choices=[("first", "First seat (Player 1)"), ("second", "Second seat (Player 2)")],
                             initial="first")
    seating = forms.ChoiceField(choices=Seating.choices, initial=Seating.SIDE_BY_SIDE)
    variants = forms.MultipleChoiceField(required=False, choices=variant_choices)
    seed = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    # A table of three or four (issue 34): a second and a third computer, each with its deck and level, and teams.
    opponent_2 = forms.CharField(required=False, max_length=64)
    difficulty_2 = forms.ChoiceField(choices=[c for c in Difficulty.choices if c[0] in CPU_BOTS],
                                     initial=Difficulty.NORMAL, required=False)
    opponent_3 = forms.CharField(required=False, max_length=64)
    difficulty_3 = forms.ChoiceField(choices=[c for c in Difficulty.choices if c[0] in CPU_BOTS],
                                     initial=Difficulty.NORMAL, required=False)
    teams = forms.BooleanField(required=False)
    rated = forms.BooleanField(required=False)  # issue 35: the result moves the player's and the levels' ratings


def form_computers(request, data) -> list[Computer] | None:
    """The computers the form names: None for the printed game of two (only `opponent`), else every one asked for."""
    more = [(data.get(f"opponent_{n}"), data.get(f"difficulty_{n}") or Difficulty.NORMAL) for n in (2, 3)]
    more = [(deck_id, level) for deck_id, level in more if deck_id]
    if not more:
        return None
    read = deck_selectors.get_readable_deck
    return [Computer(read(request.user, data["opponent"]), data["difficulty"]),
            *(Computer(read(request.user, deck_id), level) for deck_id, level in more)]


def level_rows(choices) -> list[tuple[str, str, str]]:
    """A level menu's entries: (level, its label, its rating in words: "rated 24.1 over 37 games")."""
    words = ratings.level_words([value for value, _ in choices])
    return [(value, label, words[value]) for value, label in choices]


def start_context(request, form: VersusForm, errors=()) -> dict:
    decks = opponent_decks(request.user)
    return {"form": form, "errors": errors, "decks": decks,
            "levels": level_rows(form.fields["difficulty"].choices),
            "games": vs.versus_games_of(actor_for(request), limit=12),
            "variants": list(play_catalogue().variants.values()), "chosen_variants": form["variants"].value() or []}


def start_game(request, form: VersusForm):
    """Start the game the form describes; return it, or raise ApiError with the reasons."""
    data = form.cleaned_data
    catalogue = play_catalogue()
    deck, hero, counts, problems = form_deck(request, catalogue, source=data.get("source") or "deck",
                                             text=data.get("text"), deck_id=data.get("deck"),
                                             missing="Choose your deck.")
    opponent = deck_selectors.get_readable_deck(request.user, data["opponent"])
    return versus.versus_start(
        actor=actor_for(request, create=True), opponent=opponent, difficulty=data["difficulty"],
        seat=data["seat"], deck=deck, hero=hero, counts=counts, problems=problems, seed=data.get("seed"),
        seating=data["seating"], variants=data.get("variants") or (), catalogue=catalogue,
        computers=form_computers(request, data), teams=bool(data.get("teams")), rated=bool(data.get("rated"))).game


@require_http_methods(["GET", "POST"])
def start(request):
    """Choose my deck, the computer's deck, difficulty, seat, seating and seed; see my games. `?again=<game id>`
    fills the form with that game's line-up ("Play again" after a game)."""
    if request.method == "POST":
        form = VersusForm(request.POST)
        return start_from_form(request, form, template="versus/start.html", context=start_context,
                               start_game=start_game)
    again = request.GET.get("again")  # "Play again": the same line-up as that game (404 if unknown or private)
    initial = vs.again_initial(versus.get_versus(again, actor_for(request)), play_catalogue()) if again else {
        "deck": request.GET.get("deck", ""), "opponent": request.GET.get("opponent", ""),
        "difficulty": request.GET.get("difficulty") or Difficulty.NORMAL}
    return render(request, "versus/start.html", start_context(request, VersusForm(initial=initial)))


def board(request, game_id):
    """The board of one game against the computer (drawn by goldfish.js from the versus API)."""
    actor = actor_for(request)
    game = versus.get_versus(game_id, actor)
    return render(request, "versus/board.html", {
        "game": game, "is_owner": actor.may_act_in(game),
        "ring": table_layout(vs.seats(game, play_catalogue()), game.seat),
        "variants": variant_rows(game.variants, play_catalogue()),
        "share_url": request.build_absolute_uri(game.get_absolute_url()),
    })


def replay(request, game_id):
    """Step through a game's decisions, forwards and backwards."""
    game = versus.get_versus(game_id, actor_for(request))
    return render(request, "versus/replay.html", {
        "game": game, "share_url": request.build_absolute_uri(vs.links(game)["replay_url"]),
        "ring": table_layout(vs.seats(game, play_catalogue()), game.seat),
        "variants": variant_rows(game.variants, play_catalogue()),
    })


def matchups(request, deck_id):
    """A deck's matchups against every starter deck, the computer playing both sides, with the numbers."""
    deck = deck_selectors.get_readable_deck(request.user, deck_id)
    return render(request, "versus/matchups.html", {"deck": deck, "matchups": deck_matchups(deck)})
