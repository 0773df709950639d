#!/usr/bin/env bash
# `make run`: serve the site on HOST:PORT with the lab's broker (a throwaway Redis, scripts/redis.sh) and one Celery
# worker with a process per core. Ctrl-C (or a TERM to this script) stops the server, the worker and Redis together.
# Without Redis (it could not be installed) the lab runs its chunks in the server's embedded process pool instead,
# and says so. `runserver` serves ASGI (daphne's command, cataclysm_site/management), so live tables' WebSockets work; their channel
# layer is this same Redis (settings: CHANNEL_LAYER_URL falls back to the broker), or in-memory without it.
set -uo pipefail
cd "$(dirname "$0")/.."
host=${HOST:-127.0.0.1} port=${PORT:-8000}
if ! url=$(REDIS_NAME=run scripts/redis.sh start); then
  echo "run: no Redis broker: the lab's studies run in this server's local process pool" >&2
  exec .venv/bin/python manage.py runserver "$host:$port"
fi
export CELERY_BROKER_URL=$url
echo "run: the lab's broker is $url; starting a Celery worker ($(nproc) processes)"
pids=()
stop() {
  kill "${pids[@]}" 2>/dev/null
  wait "${pids[@]}" 2>/dev/null
  REDIS_NAME=run scripts/redis.sh stop
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
.venv/bin/celery -A cataclysm_site worker --concurrency "$(nproc)" --loglevel WARNING &
pids+=($!)
.venv/bin/python manage.py runserver "$host:$port" &
pids+=($!)
wait "${pids[-1]}"
