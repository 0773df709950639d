"""Real servers for the production tests: gunicorn with DEBUG off on a free port, each on a database of its own.

The database is the engine the suite runs on (DATABASE_URL: SQLite or PostgreSQL), prepared once per test session
(migrated, its cache table made, catalogue and starter decks loaded, four users with API tokens) and copied for every
test, so that a server can be killed, locked out or raced without touching pytest-django's test database or another
xdist worker.
"""
from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import dj_database_url
import psycopg
import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
USERS = ("alice", "bob", "carol", "dave")
START_TIMEOUT = 30.0
SECRET_KEY = secrets.token_urlsafe(50)  # one per test process: sessions survive a server's restart

PREPARE = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from rest_framework.authtoken.models import Token
call_command("migrate", interactive=False, verbosity=0)
call_command("createcachetable", verbosity=0)  # the production default cache (settings.CACHES)
call_command("load_catalogue", verbosity=0)
call_command("load_starter_decks", verbosity=0)
tokens = {}
password = make_password(sys.argv[1])  # hashed once for every user: the hasher takes a good part of a second
for name in sys.argv[2:]:
    user = get_user_model().objects.create(username=name, password=password)
    tokens[name] = Token.objects.create(user=user).key
print(json.dumps(tokens))
"""


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def configured_database() -> dict:
    """Return the database settings the suite runs on, read from DATABASE_URL as the site reads them."""
    return dj_database_url.parse(os.environ.get("DATABASE_URL") or "sqlite:///unused.sqlite3")


def is_postgres(database: dict | None = None) -> bool:
    return (database or configured_database())["ENGINE"] == "django.db.backends.postgresql"


def postgres_url(database: dict, name: str, **options: str) -> str:
    """Return a DATABASE_URL for database `name` on the configured PostgreSQL server."""
    url = (f"postgres://{quote(database['USER'], safe='')}:{quote(database['PASSWORD'], safe='')}"
           f"@{database['HOST']}:{database['PORT']}/{name}")
    if options:
        url += "?" + "&".join(f"{key}={quote(value, safe='')}" for key, value in options.items())
    return url


def postgres_admin(database: dict) -> psycopg.Connection:
    """Connect to the configured PostgreSQL server outside any transaction, to create and drop databases."""
    return psycopg.connect(
        host=database["HOST"], port=database["PORT"], user=database["USER"], password=database["PASSWORD"],
        dbname=database["NAME"], autocommit=True,
    )


def production_env(database_url: str, **extra: str) -> dict[str, str]:
    """Return the environment of a production server on plain-HTTP loopback with generous rate limits."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "GUNICORN_", "CELERY_", "LAB_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="cataclysm_site.settings",
        DATABASE_URL=database_url,
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=SECRET_KEY,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        # Loopback HTTP stands in for the TLS proxy of a real deployment.
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_SESSION_COOKIE_SECURE="false",
        DJANGO_CSRF_COOKIE_SECURE="false",
        DJANGO_THROTTLE_ANON="100000/min",
        DJANGO_THROTTLE_USER="100000/min",
        DJANGO_THROTTLE_EXPENSIVE="100000/min",
        DJANGO_THROTTLE_COMMUNITY="100000/min",
        DJANGO_THROTTLE_LOGIN="100000/min",
        DJANGO_LOGIN_FAILURE_LIMIT="100000",  # as generous: a fuzzer's wrong passwords would lock out 127.0.0.1
        DJANGO_LOG_LEVEL="WARNING",
        # Lab studies run in the server's own process pool here: small ones, on one process, so that a fuzzer's
        # studies never compete with the tests for the machine.
        LAB_MAX_GAMES="200",
        LAB_MAX_GAMES_ANONYMOUS="100",
        LAB_LOCAL_WORKERS="1",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


@dataclass
class PreparedDatabase:
    """A migrated database with the catalogue, the starter decks and the users of USERS, to copy per test."""

    settings: dict
    template: str  # a SQLite file path, or a PostgreSQL database name
    password: str
    tokens: dict[str, str]
    workdir: Path
    copies: list[str] = field(default_factory=list, repr=False)  # PostgreSQL databases to drop at the end

    def copy(self) -> str:
        """Return the DATABASE_URL of a fresh copy (SQLite: a file copy; PostgreSQL: CREATE DATABASE … TEMPLATE)."""
        name = f"srv_{uuid.uuid4().hex[:12]}"
        if not is_postgres(self.settings):
            path = self.workdir / f"{name}.sqlite3"
            shutil.copyfile(self.template, path)
            return f"sqlite:///{path}"
        with postgres_admin(self.settings) as admin:
            admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        self.copies.append(name)
        return postgres_url(self.settings, name)

    def drop_all(self) -> None:
        if is_postgres(self.settings):
            with postgres_admin(self.settings) as admin:
                for name in [*self.copies, self.template]:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def prepare_database(workdir: Path) -> PreparedDatabase:
    """Create, migrate and load the session's template database on the configured engine."""
    settings = configured_database()
    password = secrets.token_urlsafe(16)
    if is_postgres(settings):
        template = f"srv_tpl_{uuid.uuid4().hex[:12]}"
        with postgres_admin(settings) as admin:
            admin.execute(f'CREATE DATABASE "{template}"')
        url = postgres_url(settings, template)
    else:
        template = str(workdir / "template.sqlite3")
        Path(template).unlink(missing_ok=True)
        url = f"sqlite:///{template}"
    prepared = PreparedDatabase(settings, template, password, {}, workdir)
    result = subprocess.run(
        [sys.executable, "-c", PREPARE, password, *USERS],
        cwd=ROOT, env=production_env(url), capture_output=True, text=True, timeout=300,
    )
    if result.returncode != 0:
        prepared.drop_all()
        raise RuntimeError(f"preparing the server database failed:\n{result.stderr[-4000:]}")
    prepared.tokens = json.loads(result.stdout.strip().splitlines()[-1])
    return prepared


class Server:
    """One gunicorn serving the site with DEBUG off, in its own process group so that it can be killed whole."""

    def __init__(self, database_url: str, workdir: Path, *, workers: int = 2, app: str = "cataclysm_site.wsgi",
                 production_config: bool = False, **env: str):
        self.database_url = database_url
        # With `production_config`, gunicorn also reads cataclysm_site/gunicorn_conf.py, as `make serve-prod` does
        # (the options below still win over it).
        self.config = ["--config", "python:cataclysm_site.gunicorn_conf"] if production_config else []
        self.workdir = workdir
        self.workers = workers
        self.app = app
        self.env = production_env(database_url, **env)
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.log_path = workdir / f"gunicorn-{uuid.uuid4().hex[:8]}.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def start(self) -> "Server":
        """Start gunicorn on a free port and wait until it answers (retrying if another process took the port)."""
        for _ in range(3):
            self.port = free_port()
            with open(self.log_path, "ab") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", self.app, "--bind", f"127.0.0.1:{self.port}",
                     "--workers", str(self.workers), "--timeout", "120", "--graceful-timeout", "2",
                     "--error-logfile", "-", *self.config],
                    cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                )
            if self._wait_until_up():
                return self
            self.kill()
        raise RuntimeError(f"gunicorn did not start; its log:\n{self.log()}")

    def _wait_until_up(self) -> bool:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                if requests.get(self.url("/api/ping/"), timeout=2).status_code == 200:
                    return True
            except requests.RequestException:
                pass
            time.sleep(0.1)
        return False

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no request finishes, no transaction commits."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop gunicorn gracefully, killing it if it does not stop in time."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:] if self.log_path.exists() else ""


def pausing_application():
    """Return the site's WSGI app with a fault hook: `gunicorn 'tests.production.servers:pausing_application()'`.

    Once the file FAULT_ARMED_FILE exists, the next statement that writes to the table FAULT_PAUSE_TABLE runs, and
    then the worker stops where it is — after the write, before the transaction commits — after writing to
    FAULT_PAUSED_FILE whether it was inside a transaction. The test then kills the server at exactly that point.
    """
    from django.core.wsgi import get_wsgi_application
    from django.db.backends.signals import connection_created

    application = get_wsgi_application()
    table = os.environ["FAULT_PAUSE_TABLE"]
    armed, paused = Path(os.environ["FAULT_ARMED_FILE"]), Path(os.environ["FAULT_PAUSED_FILE"])

    def pause_after_write(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        writes = sql.lstrip().upper().startswith(("UPDATE", "INSERT", "DELETE"))
        if writes and table in sql and armed.exists():
            armed.unlink()
            paused.write_text(json.dumps({"in_transaction": context["connection"].in_atomic_block, "sql": sql[:200]}))
            time.sleep(600)  # until killed
        return result

    def install(sender, connection, **kwargs):
        connection.execute_wrappers.append(pause_after_write)

    connection_created.connect(install, weak=False)
    return application


def token_session(token: str | None = None) -> requests.Session:
    """Return a client of its own (its own cookies and connection), signed in by API token when one is given."""
    session = requests.Session()
    if token:
        session.headers["Authorization"] = f"Token {token}"
    return session


_prepared: PreparedDatabase | None = None


@pytest.fixture(scope="session")
def prepared_database(tmp_path_factory) -> PreparedDatabase:
    """Prepare the template database once per test process (xdist worker), whichever module asks first."""
    global _prepared
    if _prepared is None:
        _prepared = prepare_database(tmp_path_factory.mktemp("server-db"))
        atexit.register(_prepared.drop_all)
    return _prepared


@pytest.fixture
def start_server(prepared_database, tmp_path):
    """Start production servers on fresh copies of the prepared database: `start_server(workers=2, **env)`.

    Every server started is stopped after the test; its log is printed when the test fails.
    """
    started: list[Server] = []

    def start(database_url: str | None = None, **options) -> Server:
        server = Server(database_url or prepared_database.copy(), tmp_path, **options)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()
        print(f"--- log of the server on port {server.port} ---\n{server.log()}")


@pytest.fixture(scope="session")
def static_root(tmp_path_factory) -> str:
    """Collect the static files once per test process, for servers that render pages (DEBUG off needs the manifest):
    `start_server(DJANGO_STATIC_ROOT=static_root)`."""
    root = tmp_path_factory.mktemp("static")
    env = production_env("sqlite:///unused.sqlite3", DJANGO_STATIC_ROOT=str(root))
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True, timeout=300)
    return str(root)
