"""No database connection crosses a fork: what a server process calls before it forks workers, and what a new
worker checks.

A forked process inherits its parent's open sockets. A PostgreSQL connection is one socket carrying one session:
when two processes both use it, their queries and answers interleave on the wire, and one request reads another's
rows (issue 31: under gunicorn two users' concurrent reads of their own decks got hundreds of 500s, then 200s with
another request's data — a token key and another user's private deck id — and then every request 503 for good).
Django's `connections.close_all()` is not enough with the connection pool (`DJANGO_DB_POOL`, on by default with
PostgreSQL): it hands the connection back to the pool, which keeps it open, with others it opened in the background.
So a process about to fork closes its connections *and* its pools (`close_database_connections`), and a process
just forked refuses to run on anything it inherited (`refuse_inherited_connections`).

Which servers fork, and where this is called:
- gunicorn (`make serve-prod`) forks its workers from a master that has loaded and warmed the site (`preload_app`):
  cataclysm_site/gunicorn_conf.py closes after the warm-up, again before every fork (a worker recycled by
  `max_requests` forks later), and each worker checks.
- Celery's prefork pool forks from the worker's main process: cataclysm_site/celery.py closes at `worker_init` and
  each pool process checks at `worker_process_init`.
- uvicorn's `--workers`, the lab's local pool (rules/lab/runners.py) and `runserver`'s reloader start fresh
  interpreters (multiprocessing's "spawn", a subprocess), which inherit no socket; daphne serves from one process.
"""
from __future__ import annotations

import logging

from django.db import connections

logger = logging.getLogger(__name__)


class InheritedDatabaseConnection(RuntimeError):
    """A process was forked holding its parent's database connection or pool: serving would mix users' data."""


def _has_pool(connection) -> bool:
    # Django keeps a backend's pools per alias in a dict of the class, shared by the process's threads; reading
    # `connection.pool` would create one.
    return connection.alias in getattr(connection, "_connection_pools", {})


def database_handles() -> list[str]:
    """What this process holds that a fork would hand on: "default (connection)" for this thread's open
    connection, "default (pool)" for a connection pool (which keeps connections open between requests)."""
    held = [f"{c.alias} (connection)" for c in connections.all(initialized_only=True) if c.connection is not None]
    return held + [f"{c.alias} (pool)" for c in connections.all() if _has_pool(c)]


def close_database_connections() -> list[str]:
    """Close this thread's connections and every connection pool, sockets and pool threads included; return what
    was open. Call it in a process about to fork (with no other thread using the database)."""
    held = database_handles()
    for connection in connections.all(initialized_only=True):
        connection.close()  # with a pool: back to the pool, closed just below
    for connection in connections.all():
        if _has_pool(connection):
            connection.close_pool()  # closes its connections and stops its threads
    return held


def close_before_fork(process: str) -> None:
    """The guard right before a fork: anything still open here is a bug elsewhere; close it and log an error."""
    held = close_database_connections()
    if held:
        logger.error("%s held the database's %s just before forking a worker; closed them so that no worker "
                     "shares them (see cataclysm_site/forking.py).", process, ", ".join(held))


def refuse_inherited_connections(process: str) -> None:
    """In a process just forked: raise if it inherited a connection or a pool, rather than serve on sockets its
    parent or siblings also use. Its inherited objects are left untouched: closing them would end the parent's
    session."""
    held = database_handles()
    if held:
        raise InheritedDatabaseConnection(
            f"{process} was forked holding its parent's database {', '.join(held)}; a connection shared by two "
            "processes mixes their queries (see cataclysm_site/forking.py).")
