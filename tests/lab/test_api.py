"""The lab API as a client uses it (the embedded local process pool: no broker configured): start a study (202),
follow it to its results, cancel, download, and the limits, ownership and clear 400s."""
from __future__ import annotations

import csv
import io

import pytest

from rules.models import Simulation, SimulationChunk
from tests.lab.conftest import wait_for

SHAPE = {"id", "url", "kind", "status", "progress", "games", "games_done", "games_per_second", "seconds_left",
         "engine", "study", "results", "error", "public"}


def start(client, **body):
    response = client.post("/api/simulations/", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()


def finished(client, sim_id):
    def done():
        body = client.get(f"/api/simulations/{sim_id}/").json()
        return body if body["status"] not in ("queued", "running") else None
    return wait_for(done)


def test_a_goldfish_study_runs_in_the_background_to_its_results(api):
    sim = start(api, kind="goldfish", deck="starter-talah", games=40, seed=3, bot="greedy")
    assert SHAPE <= set(sim) and sim["status"] == "queued" and sim["engine"] == "local"
    assert sim["url"] == f"/lab/{sim['id']}/" and sim["games"] == 40
    assert SimulationChunk.objects.filter(simulation_id=sim["id"]).count() > 2   # split into chunks
    body = finished(api, sim["id"])
    assert body["status"] == "done" and body["progress"] == 1.0 and body["games_done"] == 40
    assert body["results"]["games"] == 40 and body["results"]["legacy"]["mean"] > 0
    again = finished(api, start(api, kind="goldfish", deck="starter-talah", games=40, seed=3)["id"])
    assert again["results"] == body["results"]   # same inputs and seed, same numbers


def test_a_matchup_and_a_pyramid_study(api):
    duel = finished(api, start(api, kind="matchup", decks=["starter-talah", "starter-lethan"], games=4, seed=1,
                               p1="cpu:hard", p2="cpu:easy")["id"])
    assert duel["results"]["wins"] + duel["results"]["losses"] + duel["results"]["draws"] == 4
    assert len(duel["results"]["interval"]) == 2
    pyramid = finished(api, start(api, kind="pyramid", games=200, seed=1, variants=["flares"])["id"])
    assert pyramid["results"]["rounds"]["median"] > 0 and pyramid["study"]["variants"] == ["flares"]


def test_only_the_owner_sees_a_private_study_and_anyone_a_public_one(api, other):
    private = start(api, kind="pyramid", games=20, seed=1)
    assert other.get(f"/api/simulations/{private['id']}/").status_code == 404
    assert other.post(f"/api/simulations/{private['id']}/cancel/").status_code == 404
    assert other.get(f"/lab/{private['id']}/").status_code == 404
    public = start(api, kind="pyramid", games=20, seed=1, public=True)
    assert other.get(f"/api/simulations/{public['id']}/").status_code == 200
    assert other.post(f"/api/simulations/{public['id']}/cancel/").status_code == 404
    assert [s["id"] for s in other.get("/api/simulations/").json()] == []


@pytest.mark.parametrize("body,code", [
    ({"kind": "tournament", "games": 10}, "invalid"),
    ({"kind": "goldfish", "games": 10}, "bad_decks"),
    ({"kind": "goldfish", "deck": "starter-talah", "games": 0}, "bad_games"),
    ({"kind": "goldfish", "deck": "starter-talah", "games": 20_001}, "bad_games"),
    ({"kind": "goldfish", "deck": "starter-talah", "games": 10, "bot": "cpu:hard"}, "bad_player"),
    ({"kind": "matchup", "decks": ["starter-talah", "starter-lethan"], "games": 10, "p1": "cpu:expert"},
     "bad_player"),
    ({"kind": "matrix", "decks": ["starter-talah"], "games": 10}, "bad_decks"),
    ({"kind": "matrix", "decks": ["starter-talah", "starter-lethan", "starter-talah"], "games": 10}, "bad_decks"),
    ({"kind": "pyramid", "games": 10, "variants": ["moon"]}, "invalid_variant"),
    ({"kind": "pyramid", "games": 10, "pyramid_deck": [{"card": "kalen-vos", "count": 20}]}, "bad_pyramid"),
    ({"kind": "pyramid", "games": 10, "pyramid_deck": [{"card": "the-pulse", "count": 5}]}, "bad_pyramid"),
    ({"kind": "pyramid", "games": 10, "pyramid_deck": [{"card": "the-pulse", "count": 20},
                                                       {"card": "the-pulse", "count": 20}]}, "bad_pyramid"),
    ({"kind": "pyramid", "games": 10, "variants": ["flares"], "pyramid_deck": [{"card": "the-pulse", "count": 30}]},
     "bad_pyramid"),
])
def test_bad_requests_are_clear_400s_and_start_nothing(api, body, code):
    response = api.post("/api/simulations/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == code, response.json()
    assert response.json()["message"]
    assert not Simulation.objects.exists()


def test_an_unknown_deck_is_a_404(api):
    response = api.post("/api/simulations/", {"kind": "goldfish", "deck": "nope", "games": 5}, format="json")
    assert response.status_code == 404 and not Simulation.objects.exists()


def test_too_many_studies_at_once_is_a_429(api, settings):
    settings.LAB_MAX_RUNNING = 1
    start(api, kind="goldfish", deck="starter-dr-veylan", games=2000, seed=1)
    response = api.post("/api/simulations/", {"kind": "pyramid", "games": 10}, format="json")
    assert response.status_code == 429 and response.json()["code"] == "too_many_studies"


def test_cancelling_stops_a_study_and_frees_its_place(api, settings):
    settings.LAB_MAX_RUNNING = 1
    sim = start(api, kind="goldfish", deck="starter-dr-veylan", games=2000, seed=1)
    body = api.post(f"/api/simulations/{sim['id']}/cancel/").json()
    assert body["status"] == "cancelled" and body["games_done"] < 2000
    assert api.get(f"/api/simulations/{sim['id']}/").json()["status"] == "cancelled"
    start(api, kind="pyramid", games=10, seed=1)


def test_results_download_as_csv_and_json(api):
    sim = finished(api, start(api, kind="pyramid", games=50, seed=2)["id"])
    text = api.get(f"/lab/{sim['id']}/results.csv").content.decode()
    rows = {row["figure"]: row["value"] for row in csv.DictReader(io.StringIO(text))}
    assert float(rows["rounds.median"]) == sim["results"]["rounds"]["median"] and rows["games"] == "50"
    data = api.get(f"/lab/{sim['id']}/results.json").json()
    assert data["results"] == sim["results"] and data["study"]["seed"] == 2
    assert api.get(f"/lab/{sim['id']}/results.xml").status_code == 404


def test_a_pyramid_composition_is_studied_and_named_and_the_printed_one_is_the_printed_rules(api):
    mine = start(api, kind="pyramid", games=30, seed=4, pyramid_deck=[{"card": "the-pulse", "count": 25},
                                                                       {"card": "the-surge", "count": 25}])
    assert mine["study"]["pyramid_deck"] == [{"card": "the-pulse", "count": 25}, {"card": "the-surge", "count": 25}]
    assert "Pyramid 25 pulse + 25 surge" in mine["title"]
    printed = start(api, kind="pyramid", games=30, seed=4, pyramid_deck=[{"card": "the-pulse", "count": 40},
                                                                          {"card": "the-surge", "count": 10}])
    assert "pyramid_deck" not in printed["study"]
    page = api.get(f"/lab/{mine['id']}/").content.decode()
    assert "the study's own Pyramid deck: 25 The Pulse, 25 The Surge" in page   # by name, not slug (issue 33)


def test_closing_the_local_pool_stops_its_processes_and_a_later_study_starts_a_fresh_one(api):
    """The tests' teardown (and anyone stopping the embedded pool) joins its processes; the lab still works after."""
    from rules.lab.services import LocalRunner

    finished(api, start(api, kind="goldfish", deck="starter-talah", games=20, seed=4)["id"])
    processes = list(LocalRunner._pool._processes.values())
    assert processes and all(p.is_alive() for p in processes)
    LocalRunner.close()
    assert LocalRunner._pool is None and not any(p.is_alive() for p in processes)
    body = finished(api, start(api, kind="goldfish", deck="starter-talah", games=20, seed=4)["id"])
    assert body["status"] == "done" and body["games_done"] == 20


def test_a_study_plays_the_cards_of_the_release_current_when_it_starts(api):
    """An admin edit reaches the lab as soon as it is published, with no worker restart: the study carries the
    current release's cards, not the workers' files (tests/lab/test_release_studies.py: nor the unpublished draft)."""
    from cards.models import Card
    from cards.releases import publish
    from rules.engine.catalogue import load_catalogue
    before = finished(api, start(api, kind="goldfish", deck="starter-talah", games=20, seed=5)["id"])
    talah = Card.objects.get(slug="talah")
    talah.hp += 30   # the Hero's HP left counts for Legacy (Legacy Scoring)
    talah.save()
    publish("Playtest 1.1")
    after = finished(api, start(api, kind="goldfish", deck="starter-talah", games=20, seed=5)["id"])
    assert after["status"] == "done", after["error"]
    assert after["study"]["data_hash"] not in (before["study"]["data_hash"], load_catalogue().data_hash)
    assert "cards" not in after["study"]   # the card data travel with the chunks, not in the API's answer
    assert after["results"]["legacy"]["mean"] > before["results"]["legacy"]["mean"] + 10
    stored = Simulation.objects.get(pk=after["id"]).study
    assert next(c for c in stored["cards"] if c["name"] == "Talah")["hp"] == talah.hp
