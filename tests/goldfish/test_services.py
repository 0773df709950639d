"""Goldfish services: two writers never both win, a finished game's row holds its score, charts scale."""
from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from cards.catalogue import get_catalogue
from decks.models import Deck
from rules.goldfish import services
from rules.models import GoldfishGame, Status
from rules.play import decks, store
from rules.play.actors import Actor
from rules.play.charts import histogram_chart
from rules.play.store import GameConflict

pytestmark = pytest.mark.django_db

ME = Actor(user=None, session_key="token-of-my-session")


def new_game(seed=1):
    return services.goldfish_start(actor=ME, deck=Deck.objects.get(pk="starter-dr-veylan"), seed=seed).game


def first_action(game):
    return store.load_state(game).legal_actions()[0].id


def test_two_requests_that_read_the_same_version_cannot_both_write(catalogue_db):
    game = new_game()
    action = first_action(game)
    reader_one = GoldfishGame.objects.get(pk=game.pk)  # two requests load the game at version 0 ...
    reader_two = GoldfishGame.objects.get(pk=game.pk)
    services.goldfish_act(game=reader_one, actor=ME, action=action)  # ... the first one saves
    with pytest.raises(GameConflict) as caught:  # the second's conditional UPDATE finds version 1, not 0
        services.goldfish_act(game=reader_two, actor=ME, action=action)
    assert caught.value.status_code == 409 and caught.value.error_code == "conflict"
    assert caught.value.game.version == 1
    saved = GoldfishGame.objects.get(pk=game.pk)
    assert saved.version == 1 and saved.actions == [action]


def test_two_calls_with_the_same_expected_version_one_is_a_conflict(catalogue_db):
    game = new_game(seed=2)
    action = first_action(game)
    services.goldfish_act(game=GoldfishGame.objects.get(pk=game.pk), actor=ME, action=action, expected_version=0)
    with pytest.raises(GameConflict):
        services.goldfish_bot(game=GoldfishGame.objects.get(pk=game.pk), actor=ME, until="turn", expected_version=0)
    with pytest.raises(GameConflict):
        services.goldfish_undo(game=GoldfishGame.objects.get(pk=game.pk), actor=ME, expected_version=0)
    assert GoldfishGame.objects.get(pk=game.pk).version == 1


def test_a_refused_action_writes_nothing(catalogue_db):
    game = new_game(seed=3)
    before = GoldfishGame.objects.get(pk=game.pk)
    with pytest.raises(services.ApiError) as caught:
        services.goldfish_act(game=before, actor=ME, action="end_turn.0")
    assert caught.value.error_code == "illegal_action" and caught.value.extra["rule"]
    after = GoldfishGame.objects.get(pk=game.pk)
    assert (after.version, after.actions, after.state) == (0, [], before.state)


def test_the_cached_state_is_ignored_when_it_does_not_match_the_log(catalogue_db):
    game = new_game(seed=4)
    live = services.goldfish_act(game=game, actor=ME, action=first_action(game))
    GoldfishGame.objects.filter(pk=game.pk).update(state=new_game(seed=4).state)  # a stale cache: 0 actions
    reloaded = store.load_state(GoldfishGame.objects.get(pk=game.pk))
    assert reloaded.digest() == live.state.digest()


def test_a_finished_game_must_record_its_legacy(catalogue_db):
    game = new_game(seed=5)
    with pytest.raises(IntegrityError), transaction.atomic():
        GoldfishGame.objects.filter(pk=game.pk).update(status=Status.FINISHED)


def test_a_simulated_best_game_can_be_played_again_with_its_seed(catalogue_db):
    deck = Deck.objects.get(pk="starter-dr-veylan")
    run = services.deck_simulate(deck=deck, games=3, bot="random", seed=7)
    best = run.stats["best_game"]
    from rules.engine.simulate import goldfish_game
    replayed = goldfish_game(get_catalogue(), decks.deck_spec("dr-veylan", deck.counts()), seed=best["seed"],
                             bot="random")
    assert replayed.result()["legacy"][0] == best["legacy"]


def test_histogram_bars_scale_to_the_tallest_and_keep_every_game():
    rows = [{"from": 0, "to": 9, "count": 2}, {"from": 10, "to": 19, "count": 8}, {"from": 20, "to": 29, "count": 0}]
    chart = histogram_chart("Legacy", {"histogram": rows})
    heights = [bar["height"] for bar in chart["bars"]]
    assert heights[1] == max(heights) and heights[0] == pytest.approx(heights[1] / 4, abs=0.2) and heights[2] == 0
    assert [bar["label"] for bar in chart["bars"]] == ["0–9", "10–19", "20–29"]
    assert all(bar["y"] + bar["height"] <= chart["height"] for bar in chart["bars"])
    assert histogram_chart("Empty", None)["bars"] == []


def test_a_bulk_run_equals_the_engines_and_stops_at_the_time_limit(catalogue_db, monkeypatch):
    from rules.engine.lab import run_goldfish
    deck = Deck.objects.get(pk="starter-dr-veylan")
    run = services.deck_simulate(deck=deck, games=3, bot="random", seed=5)
    spec = decks.deck_spec("dr-veylan", deck.counts())
    engine = run_goldfish(get_catalogue(), spec, games=3, seed=5, bot="random")
    assert {k: v for k, v in run.stats.items() if k not in ("requested", "time_limited")} == engine
    monkeypatch.setattr(services, "SIMULATION_SECONDS", -1)  # out of time after the first game
    short = services.deck_simulate(deck=deck, games=3, bot="random", seed=5)
    assert short.games == 1 and short.stats["time_limited"] and short.stats["requested"] == 3
