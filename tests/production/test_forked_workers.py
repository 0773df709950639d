"""No database connection crosses a fork (issue 31): production serving never hands one connection to two processes.

gunicorn's master loads and warms the site, reading the card catalogue from the database, then forks its workers.
With the connection pool (on by default with PostgreSQL) the master's connections stayed open in the pool and every
worker inherited the same sockets: concurrent readers got 500s, then another request's rows, then 503 for good.
The first test serves as `make serve-prod` does (gunicorn_conf.py: preloaded, warmed, 2 workers × 4 threads, the
pool on with PostgreSQL) and has several users read their own private decks at once, every answer checked; the
others check the hooks that keep the rule, in a fresh interpreter, without a server.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import requests

from tests.production.servers import (  # noqa: F401 - fixtures
    ROOT,
    is_postgres,
    prepared_database,
    production_env,
    start_server,
    token_session,
)

READ_SECONDS = 6.0
THREADS_PER_USER = 3


def process_group(leader: int) -> list[int]:
    """The processes of a server's process group (its master first, then its workers)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[2]) == leader:  # the process group's id
            members.append(int(stat.parent.name))
    return sorted(members, key=lambda pid: pid != leader)


def sockets_to(port: int, pids: list[int]) -> dict[int, set[int]]:
    """The TCP sockets to `port` (their inodes) that each of `pids` holds, read from /proc."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[2].rsplit(":", 1)[1], 16) == port:
                inodes.add(fields[9])
    return {pid: {link[8:-1] for link in fd_links(pid) if link.startswith("socket:[")} & inodes for pid in pids}


def fd_links(pid: int) -> list[str]:
    """What each open file descriptor of `pid` points at; one closed between listing and reading is skipped.

    A worker opens and closes descriptors while it serves (a pooled connection, a request's socket), so a descriptor
    listed a moment ago may be gone when its link is read (CI once failed on exactly that).
    """
    links = []
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except FileNotFoundError:  # the process ended
        return links
    for fd in descriptors:
        try:
            links.append(str(fd.readlink()))
        except FileNotFoundError:  # closed meanwhile
            continue
    return links


def test_users_reading_their_private_decks_at_once_each_get_their_own_from_every_worker(
        start_server, prepared_database):
    server = start_server(workers=2, production_config=True)
    decks = {}
    for name, token in prepared_database.tokens.items():
        response = token_session(token).post(server.url("/api/decks/starter-talah/fork/"), json={"name": f"{name}'s"})
        assert response.status_code == 201, response.text
        decks[name] = response.json()["id"]
    answers: Counter = Counter()
    wrong: list[tuple] = []
    deadline = time.monotonic() + READ_SECONDS

    def read(name: str) -> None:
        client, own = token_session(prepared_database.tokens[name]), decks[name]
        for turn in range(10**6):
            if time.monotonic() > deadline:
                return
            path = f"/api/decks/{own}/" if turn % 2 else "/api/decks/?mine=true"
            try:
                response = client.get(server.url(path), timeout=20)
            except requests.RequestException as exc:
                wrong.append((name, path, repr(exc)))
                continue
            body = response.json() if response.headers.get("Content-Type") == "application/json" else {}
            got = body.get("results", [body])
            mine = [(deck.get("id"), deck.get("owner"), deck.get("name")) for deck in got]
            answers[name] += 1
            if response.status_code != 200 or mine != [(own, name, f"{name}'s")]:
                wrong.append((name, path, response.status_code, response.text[:200]))

    threads = [threading.Thread(target=read, args=(name,)) for name in decks for _ in range(THREADS_PER_USER)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=READ_SECONDS + 60)

    assert len(wrong) == 0, f"{len(wrong)} wrong answers of {sum(answers.values())}, the first: {wrong[:5]}"
    assert set(answers) == set(decks) and min(answers.values()) >= 10, answers  # every user read, many times
    assert token_session().get(server.url("/healthz"), timeout=20).status_code == 200
    processes = process_group(server.process.pid)
    assert len(processes) == 3, processes  # the master and its two workers
    if is_postgres(prepared_database.settings):
        held = sockets_to(int(prepared_database.settings["PORT"]), processes)
        assert held[server.process.pid] == set(), "gunicorn's master holds a connection to PostgreSQL"
        shared = [inode for inode in set().union(*held.values()) if sum(inode in s for s in held.values()) > 1]
        assert shared == [], f"sockets to PostgreSQL held by several processes: {held}"
    assert "forked holding" not in server.log() and "just before forking" not in server.log()


def run_script(code: str, database_url: str) -> dict:
    """Run `code` in a fresh interpreter with Django set up on the production settings; return what it prints."""
    script = "import json, django\ndjango.setup()\n" + code
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=production_env(database_url),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-4000:]
    return {**json.loads(result.stdout.strip().splitlines()[-1]), "log": result.stderr}


WARM_UP = """
from django.db.backends.signals import connection_created
from cataclysm_site import gunicorn_conf
from cataclysm_site.forking import database_handles
opened = []
connection_created.connect(lambda sender, connection, **kw: opened.append(connection.alias), weak=False)
gunicorn_conf.when_ready(None)
print(json.dumps({"opened": opened, "held": database_handles()}))
"""


def test_the_gunicorn_masters_warm_up_leaves_no_connection_nor_pool_open(prepared_database):
    outcome = run_script(WARM_UP, prepared_database.copy())
    assert outcome["opened"] == ["default"]  # the warm-up did read the catalogue from the database
    assert outcome["held"] == []


GUARDS = """
from django.db import connection
from cataclysm_site import gunicorn_conf
from cataclysm_site.forking import InheritedDatabaseConnection, database_handles

class Worker:
    pid = 4242

connection.ensure_connection()
opened = database_handles()
gunicorn_conf.pre_fork(None, Worker())
after_pre_fork = database_handles()
connection.ensure_connection()
try:
    gunicorn_conf.post_fork(None, Worker())
    refused = None
except InheritedDatabaseConnection as exc:
    refused = str(exc)
print(json.dumps({"opened": opened, "after_pre_fork": after_pre_fork, "refused": refused}))
"""


def test_a_connection_left_open_is_closed_before_a_fork_and_a_worker_refuses_to_start_on_one(prepared_database):
    outcome = run_script(GUARDS, prepared_database.copy())
    pooled = ["default (pool)"] if is_postgres(prepared_database.settings) else []
    assert outcome["opened"] == ["default (connection)", *pooled]
    assert outcome["after_pre_fork"] == []
    assert "gunicorn's master held the database's default (connection)" in outcome["log"]
    assert outcome["refused"].startswith("gunicorn's worker 4242 was forked holding its parent's database default")


CELERY = """
from celery.signals import worker_init, worker_process_init
from django.db import connection
from cataclysm_site.celery import app
from cataclysm_site.forking import database_handles

connection.ensure_connection()
opened = database_handles()
worker_init.send(sender=None)  # in the worker's main process, before its prefork pool forks
before_fork = database_handles()
connection.ensure_connection()
worker_process_init.send(sender="pool-process")  # in a pool process: here, as if it had inherited the connection
print(json.dumps({"opened": opened, "before_fork": before_fork}))
"""


def test_a_celery_worker_closes_its_connections_before_its_pool_forks_and_a_pool_process_says_if_it_inherited_one(
        prepared_database):
    outcome = run_script(CELERY, prepared_database.copy())
    pooled = ["default (pool)"] if is_postgres(prepared_database.settings) else []
    assert outcome["opened"] == ["default (connection)", *pooled]
    assert outcome["before_fork"] == []
    assert "a Celery pool process was forked holding its parent's database default" in outcome["log"]
