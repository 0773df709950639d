#!/usr/bin/env bash
# Serve the site as in production: static files collected (served by WhiteNoise), database migrated, gunicorn.
# Configuration comes from the environment; a .env file, if present, fills in what the environment does not set
# (.env.example lists every variable). DEBUG is always off here, so DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS
# must be set.   GUNICORN_BIND (default 127.0.0.1:8000), GUNICORN_WORKERS (default: two per CPU),
# GUNICORN_THREADS (default 4), GUNICORN_TIMEOUT (default 30), GUNICORN_EXTRA_ARGS (more gunicorn options).
set -euo pipefail
cd "$(dirname "$0")/.."

# Read here, not by django-environ's read_env in settings.py: every step below needs it, not only Django (the checks
# just after, gunicorn's own settings in gunicorn_conf.py, GUNICORN_EXTRA_ARGS), and a development server
# (`make run`) must not pick up a production .env.
if [ -f .env ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    [[ $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key=${BASH_REMATCH[2]} value=${BASH_REMATCH[3]}
    if [ -n "${!key+set}" ]; then continue; fi  # the environment wins
    if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then value=${BASH_REMATCH[1]}; fi
    if [ -n "$value" ]; then export "$key=$value"; fi  # NAME= means the default
  done <.env
fi
export DJANGO_DEBUG=false
: "${DJANGO_SECRET_KEY:?set DJANGO_SECRET_KEY (see .env.example)}"
: "${DJANGO_ALLOWED_HOSTS:?set DJANGO_ALLOWED_HOSTS to the host names this site answers to (see .env.example)}"

PY=.venv/bin/python
$PY manage.py collectstatic --noinput -v 0
$PY manage.py migrate --noinput -v 0
$PY manage.py createcachetable
# gunicorn's settings (workers, threads, preloading, the access log on stdout) are in cataclysm_site/gunicorn_conf.py,
# which reads ${GUNICORN_BIND}, ${GUNICORN_WORKERS}, ${GUNICORN_THREADS} and ${GUNICORN_TIMEOUT}; the load benchmark
# (make bench-load) serves with the same file.
exec .venv/bin/gunicorn cataclysm_site.wsgi --config python:cataclysm_site.gunicorn_conf ${GUNICORN_EXTRA_ARGS:-}
