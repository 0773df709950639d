"""Each server process takes its PostgreSQL connections from a pool (so that N processes serving hundreds of live
tables stay under max_connections), sized by the environment; SQLite has no pool."""
from __future__ import annotations

import json

from tests.production.test_deploy_settings import run_manage

PG = "postgres://cataclysm:pw@127.0.0.1:5432/cataclysm"
PRINT = ("import json; from django.conf import settings; d = settings.DATABASES['default']; "
         "print(json.dumps({'pool': d.get('OPTIONS', {}).get('pool'), 'age': d['CONN_MAX_AGE']}))")


def database_settings(**env: str) -> dict:
    result = run_manage("shell", "-c", PRINT, env={"DJANGO_SECRET_KEY": "x" * 50, **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_postgresql_pools_by_default_sized_by_the_environment_and_sqlite_does_not():
    assert database_settings(DATABASE_URL=PG) == {
        "pool": {"min_size": 2, "max_size": 10, "timeout": 10, "reconnect_timeout": 5}, "age": 0}
    sized = database_settings(DATABASE_URL=PG, DJANGO_DB_POOL_MIN_SIZE="1", DJANGO_DB_POOL_MAX_SIZE="4",
                              DJANGO_DB_POOL_TIMEOUT="3", DJANGO_DB_POOL_RECONNECT_TIMEOUT="2")
    assert sized["pool"] == {"min_size": 1, "max_size": 4, "timeout": 3, "reconnect_timeout": 2}
    assert database_settings(DATABASE_URL=PG, DJANGO_DB_POOL="false", DJANGO_CONN_MAX_AGE="30") == {"pool": None,
                                                                                                    "age": 30}
    assert database_settings()["pool"] is None  # SQLite
