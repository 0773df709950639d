"""The lab on its real parts: a Redis broker (scripts/redis.sh) and Celery worker processes. A study runs end to
end on two workers; one is killed mid-study (SIGKILL, worker and pool process), and the study still completes with
the same numbers as the same study played in one process."""
from __future__ import annotations

import json

import pytest

from rules.engine import lab as engine_lab
from rules.engine import studydata
from rules.engine.catalogue import load_catalogue
from rules.models import Simulation, SimulationChunk
from tests.lab.conftest import wait_for


def in_process(study):
    return engine_lab.results(study, engine_lab.play_games(load_catalogue(), study, 0, engine_lab.total_games(study)))


GAMES = 5000   # the killed-worker study's games (simulate.split: two chunks of 10, then 49 of 100 and one of 80)


@pytest.mark.django_db(transaction=True)
def test_a_study_survives_a_worker_killed_mid_study(api, broker, settings):
    """Worker 0 dies mid-chunk, and at the worst moment: holding the lock of the queue's sweep for lost chunks (a
    sweep takes it every second, so a machine lost at random sometimes does). Its chunk is played again by worker 1
    once the lock it left expires and the visibility timeout has passed; with kombu's own five-minute lock the study
    stood still past this test's three minutes (a CI run failed so).

    The kill lands mid-chunk for certain: worker 0 is frozen (SIGSTOP) and killed only if the chunk it reported under
    way is still unacknowledged in Redis, so it cannot have taken another. A kill that merely followed the report
    sometimes landed after the chunk, just as Redis handed worker 0 the
    next chunk (BRPOP) before it recorded it as unacknowledged: that chunk then exists nowhere but in the dead process,
    for the study's stall fallback (LAB_STALL_SECONDS, ten minutes) to send again; docs/operations/scaling.md says
    so. That is what a CI run saw time out. Worker 1 is paused while worker 0 is hunted, so that the chunks left all
    go to worker 0. Each freeze that lands after its chunk ended costs the hunt a chunk, and the engine keeps ending
    them sooner (20 greedy goldfish games of Dr. Veylan take about 55 ms of CPU after issue 35's tenth lever, half a
    second when this test was written): with 150 games, seven chunks of 20, a CI run's hunt timed out. With 1,000
    games, fifty chunks of 20, the whole study took about 1.5 s, and on a loaded CI machine it was over before the
    test's first look at it (a run timed out waiting to see it under way). So the study has GAMES games: fifty chunks
    of 100, each about 0.3 s of CPU."""
    import redis

    broker.start(2, wait=True)
    body = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-dr-veylan", "games": GAMES, "seed": 4,
                                          "bot": "greedy"}, format="json").json()
    assert body["engine"] == "celery", body
    sim_id = body["id"]
    client = redis.Redis.from_url(broker.url)

    def progress():
        sim = api.get(f"/api/simulations/{sim_id}/").json()
        return sim if 0 < sim["games_done"] < GAMES else None

    wait_for(progress, timeout=120)
    broker.pause(1)
    for _ in range(100):
        chunk = wait_for(lambda: chunk_under_way(broker, 0), timeout=90, every=0.05)
        broker.pause(0)
        if chunk in unacknowledged(client):
            break
        broker.resume(0)   # it finished that chunk before it froze: wait for the next one
    else:
        pytest.fail("worker 0 was never frozen holding a chunk")
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    lock = client.lock("unacked_mutex", timeout=options["unacked_mutex_expire"])
    assert lock.acquire(blocking=False) or client.exists("unacked_mutex")   # as worker 0's sweep took it
    broker.resume(1)
    broker.kill(0)
    done = wait_for(lambda: (lambda s: s if s["status"] == "done" else None)(
        api.get(f"/api/simulations/{sim_id}/").json()), timeout=180)
    assert done["games_done"] == GAMES
    assert done["results"] == in_process(Simulation.objects.get(pk=sim_id).study)


def chunk_under_way(broker, index: int) -> str | None:
    """The task id of a chunk of at least 20 games the worker reports playing, if any."""
    from cataclysm_site.celery import app

    name = broker.name(index)
    active = app.control.inspect(destination=[name], timeout=1).active() or {}
    return next((task["id"] for task in active.get(name, []) if task["args"][2] >= 20), None)  # (study, start, count)


def unacknowledged(client) -> set[str]:
    """The task ids of the chunks Redis holds as delivered but not yet acknowledged (kombu's `unacked` hash)."""
    return {json.loads(raw)[0]["headers"]["id"] for raw in client.hvals("unacked")}


@pytest.mark.django_db(transaction=True)
def test_chunks_lost_with_the_broker_are_sent_again_once_the_study_stalls(api, broker, settings):
    """A broker restarted without persistence loses its queue and its finished results: the study notices that no
    chunk has come in for LAB_STALL_SECONDS and sends the unplayed chunks again, with the same numbers at the end."""
    import redis
    from celery.result import AsyncResult

    broker.start(1)
    # No driver round in between: it would collect a chunk before the broker empties (the test's looks move it on)
    settings.LAB_DRIVE_SECONDS = 3600
    sim_id = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 30, "seed": 2,
                                            "bot": "random"}, format="json").json()["id"]
    task_ids = list(SimulationChunk.objects.filter(simulation_id=sim_id).values_list("task_id", flat=True))
    wait_for(lambda: all(AsyncResult(t).successful() for t in task_ids), timeout=90)   # played, not yet collected
    redis.Redis.from_url(broker.url).flushall()   # the broker restarts empty
    settings.LAB_STALL_SECONDS = 3600
    assert api.get(f"/api/simulations/{sim_id}/").json()["games_done"] == 0   # nothing to collect, no stall yet
    settings.LAB_STALL_SECONDS = 0
    done = wait_for(lambda: (lambda s: s if s["status"] == "done" else None)(
        api.get(f"/api/simulations/{sim_id}/").json()), timeout=90)
    assert done["results"] == in_process(Simulation.objects.get(pk=sim_id).study)
    assert not set(task_ids) & set(SimulationChunk.objects.filter(simulation_id=sim_id).values_list("task_id",
                                                                                                     flat=True))


@pytest.mark.django_db(transaction=True)
def test_celery_workers_play_a_card_edited_in_the_database(api, broker):
    """The workers load no cards of their own for a study: an admin edit (Talah's HP), once published, is played at
    once, where before every study failed with catalogue_mismatch until the files were exported and the workers
    restarted."""
    from cards.models import Card
    from cards.releases import publish
    broker.start(1)
    talah = Card.objects.get(slug="talah")
    talah.hp += 30
    talah.save()
    publish("Playtest 1.1")
    sim_id = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 20, "seed": 5,
                                            "bot": "greedy"}, format="json").json()["id"]
    done = wait_for(lambda: (lambda s: s if s["status"] not in ("queued", "running") else None)(
        api.get(f"/api/simulations/{sim_id}/").json()), timeout=120)
    assert done["status"] == "done", done["error"]
    study = Simulation.objects.get(pk=sim_id).study
    assert study["data_hash"] != load_catalogue().data_hash
    assert done["results"] == engine_lab.results(study, engine_lab.play_games(
        studydata.study_cards_catalogue(study, load_catalogue), study, 0, 20))


def test_a_running_study_recovers_from_a_broker_restarted_empty_within_a_minute_by_default(api, broker, settings):
    """With the default LAB_STALL_SECONDS and visibility timeout, a study whose broker comes back empty mid-study
    (flushed here, as a restart without persistence leaves it) goes on at the next look of its page, which polls
    every 0.7 s: the study's mark is gone from Redis. docs/operations/scaling.md states the figure this prints."""
    import time

    import redis
    from django.conf import settings as django_settings

    assert django_settings.LAB_STALL_SECONDS >= 600  # the fallback for what the mark cannot see stays conservative
    broker.env.clear()  # the workers' default visibility timeout, not the fixture's 4 s
    broker.start(1, wait=True)
    sim_id = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 3000, "seed": 5,
                                            "bot": "greedy"}, format="json").json()["id"]

    def games_done():
        return api.get(f"/api/simulations/{sim_id}/").json()["games_done"]

    before = wait_for(lambda: games_done() or None, timeout=90, every=0.7)
    redis.Redis.from_url(broker.url).flushall()
    flushed = time.monotonic()
    wait_for(lambda: games_done() > before + 200, timeout=60, every=0.7)
    recovered = time.monotonic() - flushed
    done = wait_for(lambda: (lambda s: s if s["status"] == "done" else None)(
        api.get(f"/api/simulations/{sim_id}/").json()), timeout=60, every=0.7)
    print(f"progress again {recovered:.1f} s after the broker was emptied; done "
          f"{time.monotonic() - flushed:.1f} s after")
    assert done["results"] == in_process(Simulation.objects.get(pk=sim_id).study)
