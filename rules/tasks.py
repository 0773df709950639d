"""The lab's one task: play a chunk of a study (rules/engine/lab.py) and return its tally.

Workers need no database: the study travels in the message with its card data (the database's when it started:
rules/engine/studydata.py; an older study without them plays the repository's files), checked against the study's
`data_hash` (a worker with other rule tables refuses rather than mixes results), and the tally goes
back through the result backend. `acks_late` and `reject_on_worker_lost`: a chunk whose worker dies is played again.
"""
from __future__ import annotations

import gc
import os
import threading
import time
from typing import Any

from celery import shared_task

from rules.engine import lab, studydata
from rules.engine.catalogue import load_catalogue
from rules.engine.studyrequest import Study

CatalogueMismatch = studydata.CatalogueMismatch   # this worker's card data are not the study's


def prepare_process() -> None:
    """Ready a process that plays chunks (a Celery worker's or the embedded pool's): compile the card data once, then
    move everything loaded so far out of the garbage collector's sight.

    Such a process holds Django, Celery and the catalogue, objects that live as long as it does. Without the freeze,
    every collection of the games' short-lived objects walks them all again: frozen, a worker plays about a fifth
    more games a second (`make bench-lab`; the web workers do the same, cataclysm_site/gunicorn_conf.py)."""
    load_catalogue()
    gc.freeze()


PARENT_CHECK_SECONDS = 0.5


def prepare_pool_process(parent_pid: int) -> None:
    """Ready a process of the web server's embedded pool (rules.lab.LocalRunner): it dies with the server process.

    A pool process waits on a queue only its parent writes to: when the parent is killed (a gunicorn worker's
    timeout, the OOM killer, kill -9) nothing ever tells it to stop, and it would live on. A watchdog thread exits
    the process as soon as its parent is no longer `parent_pid` (an orphan is adopted by another process); it wakes
    twice a second, which costs the games nothing measurable.

    Linux's parent-death signal (prctl PR_SET_PDEATHSIG) is not used: it fires when the *thread* that started the
    process ends, and the pool starts its processes from whichever request thread submits a chunk — a thread that
    `runserver` ends with the request, which would kill the pool with every study it starts.
    """
    if os.getppid() != parent_pid:  # the parent died while this process was starting
        os._exit(1)
    threading.Thread(target=exit_when_orphaned, args=(parent_pid,), name="parent-watchdog", daemon=True).start()
    prepare_process()


def exit_when_orphaned(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def play_chunk(study: Study, start: int, count: int) -> dict[str, Any]:
    # The study's own cards (the database's when it started), or for an older study this worker's files.
    catalogue = studydata.study_cards_catalogue(study, load_catalogue)
    return lab.play_games(catalogue, study, start, count)


# The task keeps its wire name "lab.run_chunk": messages already queued by a running site still find it.
@shared_task(name="lab.run_chunk", acks_late=True, reject_on_worker_lost=True)
def play_chunk_on_worker(study: Study, start: int, count: int) -> dict[str, Any]:
    """A study's chunk sent to the Celery workers (runners.CeleryRunner): played by `play_chunk`, its tally
    returned through the result backend."""
    return play_chunk(study, start, count)
