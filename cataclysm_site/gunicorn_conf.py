"""gunicorn's settings in production: `scripts/serve-prod.sh` serves with them, and so does the load benchmark.

    gunicorn cataclysm_site.wsgi --config python:cataclysm_site.gunicorn_conf

From the environment (see .env.example): GUNICORN_BIND (127.0.0.1:8000), GUNICORN_WORKERS (two per CPU),
GUNICORN_THREADS (4), GUNICORN_TIMEOUT (30 s). Python runs one thread of a process at a time, so requests are spread
over processes more than over threads: on the 2-CPU machine of the load benchmark, 4 workers × 4 threads answered
searches and validations at 90% of the trivial endpoint's rate and kept goldfish actions' p99 near 40 ms, where
2 workers × 8 threads gave 55-85% and 55-110 ms (`make bench-load`, docs/benchmarks.md).

The site is loaded once in the master (`preload_app`) and warmed there: every view imported, the card catalogue
compiled from the database, then every object made so far moved out of the garbage collector's sight
(`gc.freeze()`), so the workers fork with it ready and a full collection no longer walks the whole site (one took
over 400 ms per worker under load: every request in flight waited for it).

The warm-up reads the catalogue from the database, so the master then closes its connection *and* the connection
pool, before any worker forks, and checks again before every fork; a worker refuses to start on a connection it
inherited (cataclysm_site/forking.py says why: a shared connection mixes users' data).
"""
import gc
import logging
import os

from cataclysm_site.forking import close_before_fork, close_database_connections, refuse_inherited_connections

bind = os.environ.get("GUNICORN_BIND") or "127.0.0.1:8000"
workers = int(os.environ.get("GUNICORN_WORKERS") or 2 * (os.cpu_count() or 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 30)
keepalive = 5  # seconds an idle keep-alive connection stays open (clients reuse it for their next request)
max_requests = 20000  # recycle a worker now and then, in case something grows; it forks warm from the master
max_requests_jitter = 2000
preload_app = True
# The longest request line gunicorn allows (its default, 4094, answers an HTML 414 itself): a card search of 500
# characters, the most the site takes, is 4,500-6,000 bytes percent-encoded, so the site's own `bad_query` answers
# every longer one in the API's error shape.
limit_request_line = 8190
accesslog = "-"

logger = logging.getLogger("gunicorn.error")


def warm_up() -> None:
    """Import every view and compile the card catalogue now, not in each worker's first requests; never fail."""
    from django.urls import get_resolver

    from cards.catalogue import get_catalogue

    get_resolver().url_patterns  # noqa: B018 - imports the URLconf, and with it every view and the rules engine
    try:
        get_catalogue()
    except Exception as exc:  # noqa: BLE001 - no database yet, or no catalogue: the first request will say so
        logger.warning("Could not warm the card catalogue before forking (%s); workers compile it on demand.", exc)
    finally:
        # Closing the connections is not enough: the pool would keep them open, for every worker to inherit.
        close_database_connections()


def when_ready(server) -> None:
    """In the master, once the site is loaded: warm it and freeze what it built, before the first worker forks."""
    warm_up()
    gc.collect()
    gc.freeze()


def pre_fork(server, worker) -> None:
    """In the master, right before each fork (a worker recycled by `max_requests` forks long after the warm-up)."""
    close_before_fork("gunicorn's master")


def post_fork(server, worker) -> None:
    """In each new worker: refuse to start on an inherited connection (gunicorn then stops, saying why)."""
    refuse_inherited_connections(f"gunicorn's worker {worker.pid}")


def post_worker_init(worker) -> None:
    """In each worker, before it takes requests: keep the collector off the objects it inherited."""
    gc.freeze()
