"""Studies move by themselves (issue 31): a study started over the API and never looked at again is played to its
end, on the embedded pool and on Celery workers, and a finished study no longer counts against the visitor's
studies at once. Before, the tallies waited for someone to open the study: it stayed "queued, 0 games", and two
unopened ones made a third start answer 429 `too_many_studies`.

The tests read the study's row straight from the database, never through the lab (whose every look stores what
came in): what a page would show had nobody asked."""
from __future__ import annotations

import os

import pytest

from rules.models import Simulation, SimulationChunk, SimulationStatus
from tests.lab.conftest import wait_for
from tests.lab.test_api import start
from tests.production.servers import prepared_database, start_server  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db(transaction=True)   # the study's chunks are sent once its row is committed


def done_row(sim_id: str):
    row = Simulation.objects.get(pk=sim_id)
    return row if row.status not in (SimulationStatus.QUEUED, SimulationStatus.RUNNING) else None


def test_a_study_nobody_opens_is_played_to_its_end_on_the_embedded_pool(api):
    sim = start(api, kind="goldfish", deck="starter-talah", games=40, seed=3, bot="random")
    row = wait_for(lambda: done_row(sim["id"]), timeout=120)
    assert row.status == SimulationStatus.DONE and row.games_done == 40 and row.results["games"] == 40


def test_unopened_studies_free_their_places_once_done(api, settings):
    settings.LAB_MAX_RUNNING = 2
    first = start(api, kind="pyramid", games=40, seed=1)
    second = start(api, kind="goldfish", deck="starter-talah", games=20, seed=2, bot="random")
    for sim in (first, second):
        assert wait_for(lambda: done_row(sim["id"]), timeout=120).status == SimulationStatus.DONE
    third = api.post("/api/simulations/", {"kind": "pyramid", "games": 20, "seed": 3}, format="json")
    assert third.status_code == 202, third.json()
    assert wait_for(lambda: done_row(third.json()["id"]), timeout=120).status == SimulationStatus.DONE


def test_too_many_studies_says_when_to_come_back(api, settings):
    settings.LAB_MAX_RUNNING = 1
    running = start(api, kind="goldfish", deck="starter-dr-veylan", games=2000, seed=1)
    refused = api.post("/api/simulations/", {"kind": "pyramid", "games": 10}, format="json")
    api.post(f"/api/simulations/{running['id']}/cancel/")   # leave the pool free for the next tests
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_studies"
    assert int(refused["Retry-After"]) >= 1


def test_a_study_nobody_opens_is_played_to_its_end_on_celery_workers(api, broker):
    broker.start(1, wait=True)
    sim = start(api, kind="goldfish", deck="starter-talah", games=30, seed=4, bot="random")
    assert sim["engine"] == "celery"
    row = wait_for(lambda: done_row(sim["id"]), timeout=120)
    assert row.status == SimulationStatus.DONE and row.games_done == 30 and row.results["games"] == 30


def test_a_look_from_another_process_neither_replays_a_living_pools_chunks_nor_waits_on_a_dead_ones(api):
    """gunicorn's workers each have an embedded pool: a look served by another worker used to play every chunk
    again in its own pool. A chunk's task id names the process whose pool holds it: while that process lives
    nothing is sent again; once it has ended (restarted, recycled, killed), the next look sends the chunks here."""
    import subprocess

    from rules.lab import services as lab
    from rules.lab.runners import LocalRunner, _start_time, owner

    sim = start(api, kind="goldfish", deck="starter-dr-veylan", games=2000, seed=1)
    try:
        pending = SimulationChunk.objects.filter(simulation_id=sim["id"], tally__isnull=True)
        LocalRunner().revoke(list(pending.values_list("task_id", flat=True)))   # as if another process held them
        host = owner().split(".")[0]
        living = os.getppid()
        for chunk in pending:
            chunk.task_id = f"{host}.{living}.{_start_time(living)}.{chunk.index:032x}"
            chunk.save(update_fields=["task_id"])
        lab.refresh(Simulation.objects.get(pk=sim["id"]))
        assert not any(t in LocalRunner._futures for t in pending.values_list("task_id", flat=True))
        assert all(t.startswith(f"{host}.{living}.") for t in pending.values_list("task_id", flat=True))

        gone = subprocess.Popen(["true"])
        gone.wait()
        pending.update(task_id=f"{host}.{gone.pid}.{_start_time(living)}.0")
        lab.refresh(Simulation.objects.get(pk=sim["id"]))
        ids = list(pending.values_list("task_id", flat=True))
        assert ids and all(t.startswith(owner()) for t in ids)
        assert all(t in LocalRunner._futures or SimulationChunk.objects.get(task_id=t).tally is not None
                   for t in ids)   # in this pool, or already played by it and stored
    finally:
        api.post(f"/api/simulations/{sim['id']}/cancel/")


def test_served_as_in_production_a_study_nobody_opens_is_played_to_its_end(start_server):  # noqa: F811
    """gunicorn as `make serve-prod` runs it (two workers forked from a preloading master, the embedded pool): the
    study's row, read from the server's database, reaches done with nobody asking the site about it."""
    import requests

    server = start_server(workers=2, production_config=True, LAB_LOCAL_WORKERS="1")
    response = requests.post(server.url("/api/simulations/"), json={
        "kind": "goldfish", "deck": "starter-talah", "games": 60, "seed": 5, "bot": "random"}, timeout=60)
    assert response.status_code == 202, response.text
    sim_id = response.json()["id"]

    def row():
        status, games_done = database_row(server.database_url, sim_id)
        return (status, games_done) if status not in ("queued", "running") else None

    assert wait_for(row, timeout=120) == ("done", 60)


def database_row(url: str, sim_id: str) -> tuple[str, int]:
    """A study's status and games done, read straight from a server's database (SQLite or PostgreSQL)."""
    query = "SELECT status, games_done FROM rules_simulation WHERE id = {}"
    if url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            return db.execute(query.format("?"), (sim_id,)).fetchone()
    import psycopg

    with psycopg.connect(url) as db:
        return db.execute(query.format("%s"), (sim_id,)).fetchone()
