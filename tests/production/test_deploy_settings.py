"""The documented production environment passes Django's deployment checklist, and a bad one does not start."""
import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = ROOT / ".env.example"


def documented_environment() -> dict[str, str]:
    """Read .env.example as `make serve-prod` reads .env: NAME=value lines, quotes stripped, empty means unset."""
    env = {}
    for line in ENV_EXAMPLE.read_text().splitlines():
        match = re.match(r"^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$", line)
        if match and match.group(2):
            env[match.group(1)] = re.sub(r'^"(.*)"$', r"\1", match.group(2))
    return env


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run manage.py in a fresh interpreter with only the given site configuration in its environment."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL", "GUNICORN_"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_environment(**overrides: str) -> dict[str, str]:
    """Return the documented production environment with a real secret key, as its comment tells an operator."""
    return {**documented_environment(), "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), **overrides}


def test_env_example_documents_every_variable_the_settings_read():
    settings_source = (ROOT / "cataclysm_site" / "settings.py").read_text()
    read = set(re.findall(r'env(?:_bool|_int|_list)?\(\s*"([A-Z_]+)"', settings_source))
    read |= set(re.findall(r'os\.environ\.get\(\s*"([A-Z_]+)"', settings_source))
    serve_script = (ROOT / "scripts" / "serve-prod.sh").read_text()
    read |= set(re.findall(r"\$\{(GUNICORN_[A-Z_]+)", serve_script))
    gunicorn_settings = (ROOT / "cataclysm_site" / "gunicorn_conf.py").read_text()
    read |= set(re.findall(r'os\.environ\.get\(\s*"([A-Z_]+)"', gunicorn_settings))
    assert {"GUNICORN_WORKERS", "GUNICORN_THREADS"} <= read
    documented = set(re.findall(r"^([A-Z_]+)=", ENV_EXAMPLE.read_text(), flags=re.M))
    assert read - documented == set()


def test_deploy_check_is_clean_with_the_documented_production_environment():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=production_environment())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_deploy_check_flags_a_production_environment_without_https_redirect():
    env = production_environment(DJANGO_SECURE_SSL_REDIRECT="false")
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "security.W008" in result.stderr + result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start():
    env = {k: v for k, v in production_environment().items() if k != "DJANGO_SECRET_KEY"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_limits_come_from_the_environment():
    env = {
        "DJANGO_THROTTLE_ANON": "7/min",
        "DJANGO_THROTTLE_EXPENSIVE": "3/hour",
        "DJANGO_DATA_UPLOAD_MAX_MEMORY_SIZE": "4096",
        "DJANGO_NUM_PROXIES": "1",
    }
    code = (
        "from django.conf import settings as s; r = s.REST_FRAMEWORK; "
        "print(r['DEFAULT_THROTTLE_RATES']['anon'], r['DEFAULT_THROTTLE_RATES']['expensive'], "
        "s.DATA_UPLOAD_MAX_MEMORY_SIZE, r['NUM_PROXIES'])"
    )
    result = run_manage("shell", "--no-imports", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["7/min", "3/hour", "4096", "1"]


def cache_of(**env: str) -> dict:
    """Return the default cache the settings choose in a production environment with these variables."""
    script = "import json; from django.conf import settings; print(json.dumps(settings.CACHES['default']))"
    result = run_manage("shell", "-c", script, env=production_environment(**{"DJANGO_CACHE": "", **env}))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_shares_its_cache_between_processes_by_default():
    assert cache_of()["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    redis = cache_of(CELERY_BROKER_URL="redis://:secret@10.0.0.5:6379/0")
    assert redis["BACKEND"] == "cataclysm_site.cache.DegradingRedisCache"  # Django's RedisCache, failing open
    assert redis["LOCATION"] == "redis://:secret@10.0.0.5:6379/1"  # the broker's server, not the broker's queue
    assert cache_of(DJANGO_CACHE="redis://127.0.0.1:6379/3")["LOCATION"] == "redis://127.0.0.1:6379/3"


def test_an_unknown_cache_choice_stops_the_site_from_starting():
    result = run_manage("check", env=production_environment(DJANGO_CACHE="memcache"))
    assert result.returncode != 0 and "DJANGO_CACHE" in result.stderr


def test_env_example_can_be_sourced_by_a_shell_and_means_the_same_there():
    """`set -a; . ./.env.example` (how an operator or a systemd wrapper loads such a file) succeeds and sets every
    variable to the value `make serve-prod` would read from it."""
    script = "set -a; . ./.env.example; env -0"
    result = subprocess.run(["bash", "-c", script], cwd=ROOT, env={"PATH": os.environ["PATH"]},
                            capture_output=True, timeout=30)
    assert result.returncode == 0 and not result.stderr, result.stderr.decode()
    sourced = dict(item.split("=", 1) for item in result.stdout.decode().split("\0") if "=" in item)
    documented = documented_environment()
    assert documented and {name: sourced.get(name) for name in documented} == documented


def settings_read(env: dict[str, str]) -> dict[str, str]:
    """Return every setting (as its repr) that the settings module makes with this site configuration."""
    script = ("import json; from cataclysm_site import settings as s; "
              "print(json.dumps({k: repr(getattr(s, k)) for k in dir(s) if k.isupper()}))")
    base = {k: v for k, v in os.environ.items() if k not in re.findall(r"^([A-Z_]+)=", ENV_EXAMPLE.read_text(), re.M)}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={**base, **env}, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_variable_set_empty_means_its_default():
    """.env.example: 'An empty value (NAME=) means the default' — also where NAME= reaches the process as an empty
    string (a shell sourcing the file, a container's or systemd's environment file), not only through serve-prod."""
    names = re.findall(r"^([A-Z_]+)=", ENV_EXAMPLE.read_text(), flags=re.M)
    unset, empty = settings_read({}), settings_read({name: "" for name in names})
    assert {k: v for k, v in empty.items() if unset[k] != v} == {}
