"""The lab on its real parts: a Redis broker (scripts/redis.sh) and Celery worker processes. A study runs end to
end on two workers; one is killed mid-study (SIGKILL, worker and pool process), and the study still completes with
the same numbers as the same study played in one process."""
from __future__ import annotations

import pytest

from rules.engine import lab as engine_lab
from rules.engine.catalogue import load_catalogue
from rules.models import Simulation
from tests.lab.conftest import wait_for


def in_process(study):
    return engine_lab.results(study, engine_lab.run_chunk(load_catalogue(), study, 0, engine_lab.total_games(study)))


@pytest.mark.django_db(transaction=True)
def test_a_study_survives_a_worker_killed_mid_study(api, broker):
    broker.start(2)
    body = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-dr-veylan", "games": 150, "seed": 4,
                                          "bot": "greedy"}, format="json").json()
    assert body["engine"] == "celery", body
    sim_id = body["id"]

    def progress():
        sim = api.get(f"/api/simulations/{sim_id}/").json()
        return sim if 0 < sim["games_done"] < 150 else None

    wait_for(progress, timeout=90)
    broker.kill(0)
    done = wait_for(lambda: (lambda s: s if s["status"] == "done" else None)(
        api.get(f"/api/simulations/{sim_id}/").json()), timeout=180)
    assert done["games_done"] == 150
    assert done["results"] == in_process(Simulation.objects.get(pk=sim_id).study)
