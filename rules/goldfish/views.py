"""Goldfish pages: the start page, the board, the replay and a deck's high scores.

The board and the replay are drawn by `static/js/goldfish.js` from the JSON API (the page holds no game state); the
start page works as a plain form, so a game can be started without JavaScript.
"""
from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cards.catalogue import play_catalogue
from decks import selectors as deck_selectors
from rules.goldfish import selectors, services
from rules.goldfish.services import BOTS
from rules.models import Seating
from rules.play.actors import actor_for
from rules.play.decks import MAX_SEED, playable_decks_of, starter_decks, variant_choices, variant_rows
from rules.play.pages import form_deck, start_from_form


class StartForm(forms.Form):
    """Which deck to play (a starter, one of mine, or a pasted list), the seating and an optional seed."""

    source = forms.ChoiceField(choices=[("deck", "deck"), ("mine", "mine"), ("text", "text"), ("noop", "noop")],
                               required=False)
    deck = forms.CharField(required=False, max_length=64)
    my_deck = forms.CharField(required=False, max_length=64)
    text = forms.CharField(required=False, widget=forms.Textarea, max_length=20_000, strip=False)
    seating = forms.ChoiceField(choices=Seating.choices, initial=Seating.SIDE_BY_SIDE)
    seed = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    variants = forms.MultipleChoiceField(required=False, choices=variant_choices)


def start_context(request, form: StartForm, errors=()) -> dict:
    actor = actor_for(request)
    return {
        "form": form,
        "errors": errors,
        "starters": starter_decks(),
        "my_decks": playable_decks_of(request.user),
        "my_games": selectors.games_of(actor, limit=12),
        "top_games": selectors.top_games(),
        "seatings": Seating.choices,
        "variants": list(play_catalogue().variants.values()),
        "chosen_variants": form["variants"].value() or [],
    }


def start_game(request, form: StartForm):
    """Start the game the form describes; return the new game, or raise ApiError with the reasons."""
    data = form.cleaned_data
    catalogue = play_catalogue()
    source = data.get("source") or "deck"
    deck, hero, counts, problems = form_deck(
        request, catalogue, source=source, text=data.get("text"),
        deck_id=data.get("my_deck") if source == "mine" else data.get("deck"), missing="Choose a deck to play.")
    return services.goldfish_start(actor=actor_for(request, create=True), deck=deck, hero=hero,
                                   counts=counts, problems=problems, seed=data.get("seed"),
                                   seating=data.get("seating") or Seating.SIDE_BY_SIDE,
                                   variants=data.get("variants") or (), catalogue=catalogue).game


@require_http_methods(["GET", "POST"])
def start(request):
    """Choose a deck, the seating and a seed; see your games and the best scores."""
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid() and form.cleaned_data.get("source") == "noop":
            return render(request, "goldfish/start.html", start_context(request, form))
        return start_from_form(request, form, template="goldfish/start.html", context=start_context,
                               start_game=start_game)
    initial = {"seed": request.GET.get("seed") or None, "seating": request.GET.get("seating") or Seating.SIDE_BY_SIDE,
               "deck": request.GET.get("deck", ""), "variants": request.GET.getlist("variant")}
    return render(request, "goldfish/start.html", start_context(request, StartForm(initial=initial)))


def board(request, game_id):
    """The goldfish board of one game (drawn by goldfish.js from the API)."""
    actor = actor_for(request)
    game = selectors.get_game(game_id, actor)
    return render(request, "goldfish/board.html", {
        "game": game,
        "variants": variant_rows(game.variants, play_catalogue()),
        "is_owner": actor.may_act_in(game),
        "bots": BOTS,
        "share_url": request.build_absolute_uri(game.get_absolute_url()),
    })


def replay(request, game_id):
    """Step through a game's decisions, forwards and backwards."""
    game = selectors.get_game(game_id, actor_for(request))
    return render(request, "goldfish/replay.html", {
        "game": game,
        "variants": variant_rows(game.variants, play_catalogue()),
        "share_url": request.build_absolute_uri(selectors.game_links(game)["replay_url"]),
    })


def deck_scores(request, deck_id):
    """A deck's goldfish high scores, its bulk simulations and a button to play it."""
    deck = deck_selectors.get_readable_deck(request.user, deck_id)
    simulations = selectors.latest_simulations(deck, limit=10)
    return render(request, "goldfish/deck.html", {"deck": deck, "simulations": simulations[1:]})
