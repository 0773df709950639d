"""A study's request is one typed object (rules/engine/studyrequest.py), built once by each entry point (issue 36):
the API, the lab page and `manage.py simulate` asking for the same study store the same study; its defaults are
its own; it reads back from a stored study; and titles and the start form say who plays in words (issue 33)."""
from __future__ import annotations

import dataclasses
import io
import json

import pytest
from django.core.management import call_command

from cards.catalogue import play_catalogue
from rules.engine.studydata import public_study
from rules.engine.studyrequest import DEFAULT_PLAYER, StudyRequest, player_words
from rules.lab import services
from rules.models import Simulation

MATCHUP = {"kind": "matchup", "games": 4, "seed": 7, "p1": "cpu:normal", "p2": "greedy"}
DECKS = ["starter-talah", "starter-lethan"]


def test_the_api_the_page_and_the_command_ask_for_the_same_study(api, client):
    by_api = api.post("/api/simulations/", {**MATCHUP, "decks": DECKS}, format="json")
    assert by_api.status_code == 202, by_api.json()
    printed = {f"pyramid_{slug}": count for slug, _, count in services.pyramid_cards(play_catalogue())}
    by_page = client.post("/lab/", {**MATCHUP, "decks": DECKS, "seating": "side-by-side", **printed})
    assert by_page.status_code == 302, by_page.content.decode()[:1500]
    out = io.StringIO()
    call_command("simulate", "--kind", "matchup", "--decks", ",".join(DECKS), "--games", "4", "--seed", "7",
                 "--p1", "cpu:normal", "--p2", "greedy", "--local", "--json", stdout=out, stderr=io.StringIO())
    by_command = json.loads(out.getvalue())["study"]
    api_sim, page_sim = Simulation.objects.order_by("created_at")
    assert public_study(api_sim.study) == public_study(page_sim.study) == by_command
    assert by_command["p1"] == "cpu:normal" and by_command["p2"] == "greedy" and by_command["seed"] == 7


def test_a_study_says_who_plays_in_words(api, settings):
    settings.LAB_MAX_RUNNING = 5
    duel = api.post("/api/simulations/", {**MATCHUP, "decks": DECKS}, format="json").json()
    assert duel["title"] == "Talah Starter vs Lethan Starter: the normal computer vs the greedy player, 4 games"
    alone = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 3, "bot": "random"},
                     format="json").json()
    assert alone["title"] == "Talah Starter: the random player, goldfish, 3 games"
    matrix = api.post("/api/simulations/", {"kind": "matrix", "decks": DECKS, "games": 2}, format="json").json()
    assert matrix["title"] == "2 decks: matrix, the hard computer vs the hard computer, 2 games"
    assert "cpu:" not in duel["title"] + alone["title"] + matrix["title"]


def test_the_start_form_offers_the_players_in_words(client, catalogue_db):
    html = client.get("/lab/").content.decode()
    first = html.split('id="id_p1"')[1].split("</select>")[0]
    assert '<option value="cpu:hard" selected>the hard computer</option>' in first
    assert '<option value="cpu:easy">the easy computer</option>' in first
    assert '<option value="random">the random player</option>' in first
    bot = html.split('id="id_bot"')[1].split("</select>")[0]
    assert '<option value="greedy" selected>the greedy player</option>' in bot


def test_the_defaults_are_the_requests_own():
    """Leaving a player out anywhere means the request's default: the API, the page and the command all send it."""
    request = StudyRequest(kind="matchup", games=10)
    assert (request.p1, request.p2, request.bot, request.seating) == (DEFAULT_PLAYER, DEFAULT_PLAYER, "greedy",
                                                                        "side-by-side")
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.games = 20   # built once, passed down unchanged
    assert player_words(DEFAULT_PLAYER) == "the hard computer" and player_words("someone") == "someone"


def test_a_request_reads_back_from_json_and_from_a_stored_study(api):
    request = StudyRequest(kind="matchup", decks=("a", "b"), games=5, seed=3, p1="cpu:easy", variants=["v"],
                           pyramid_deck=[{"card": "the-pulse", "count": 12}], errata={"talah": {"hp": 40}},
                           paired=True, target_width=0.1, public=True, title="mine")
    assert StudyRequest.from_json(json.loads(json.dumps(request.to_json()))) == request
    sim = api.post("/api/simulations/", {**MATCHUP, "decks": DECKS}, format="json").json()
    stored = StudyRequest.from_json(Simulation.objects.get(pk=sim["id"]).study)
    assert (stored.kind, stored.games, stored.seed, stored.p1, stored.p2) == ("matchup", 4, 7, "cpu:normal", "greedy")
    assert len(stored.decks) == 2 and all(stored.decks)
    older = {"kind": "goldfish", "games": 8, "seed": 1, "bot": "random", "seating": "side-by-side", "variants": [],
             "decks": [{"name": "Talah Starter", "hero": "talah", "cards": []}], "data_hash": "x"}
    assert StudyRequest.from_json(older) == StudyRequest(kind="goldfish", games=8, seed=1, bot="random",
                                                         decks=("Talah Starter",))


@pytest.mark.parametrize("width, wrong", [(None, False), (0.02, False), (1000, False), (0, True), (-1, True),
                                          (1000.5, True), (True, True), ("wide", True)])
def test_the_ranges_are_checked_in_one_place(width, wrong):
    assert bool(StudyRequest(kind="goldfish", games=1, target_width=width).target_width_error()) is wrong
    assert StudyRequest(kind="goldfish", games=0).games_error(1, 10) and \
        StudyRequest(kind="goldfish", games=5).games_error(3, 10)
    assert StudyRequest(kind="goldfish", games=5).games_error(2, 10) is None


def test_the_workers_task_keeps_its_wire_name_under_a_name_that_says_what_it_does():
    from rules import tasks
    assert tasks.play_chunk_on_worker.name == "lab.run_chunk"   # chunks queued by a running site still arrive
    assert not hasattr(tasks, "run_chunk")
