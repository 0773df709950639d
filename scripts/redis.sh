#!/usr/bin/env bash
# A throwaway Redis broker for the lab's Celery workers: 127.0.0.1 only, a free port, no persistence.
#   scripts/redis.sh start    start it (or find it already running) and print its URL (redis://127.0.0.1:PORT/0)
#   scripts/redis.sh url      print the URL of the running server
#   scripts/redis.sh stop     stop it and remove its directory (nothing to do is not an error)
# REDIS_NAME names the server (default "dev") so that a test run's broker never touches a developer's.
# Debian's redis-server is installed when missing (scripts/apt.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

name=${REDIS_NAME:-dev}
[[ $name =~ ^[A-Za-z0-9_-]+$ ]] || { echo "redis: REDIS_NAME must be letters, digits, - or _: $name" >&2; exit 2; }
dir=${REDIS_BASE_DIR:-/tmp}/cataclysm-redis-$(printf '%s' "$root" | sha256sum | cut -c1-8)-$name

ensure_installed() {
  if ! command -v redis-server >/dev/null; then
    echo "redis: installing Debian's redis-server" >&2
    . "$root/scripts/apt.sh"
    apt_install redis-server
  fi
}

running() {
  [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null
}

url() { echo "redis://127.0.0.1:$(cat "$dir/port")/0"; }

start() {
  if running; then url; return; fi
  ensure_installed
  rm -rf "$dir"
  mkdir -p -m 700 "$dir"
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' >"$dir/port"
  redis-server --bind 127.0.0.1 --port "$(cat "$dir/port")" --daemonize yes --pidfile "$dir/pid" \
    --dir "$dir" --save '' --appendonly no --logfile "$dir/redis.log" >/dev/null
  for _ in $(seq 50); do
    if redis-cli -p "$(cat "$dir/port")" ping >/dev/null 2>&1; then url; return; fi
    sleep 0.1
  done
  echo "redis: the server did not answer (see $dir/redis.log)" >&2
  exit 1
}

stop() {
  if running; then
    kill "$(cat "$dir/pid")" 2>/dev/null || true
    for _ in $(seq 50); do running || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  url) running && url || { echo "redis: not running" >&2; exit 1; } ;;
  stop) stop ;;
  *) echo "usage: scripts/redis.sh start|url|stop" >&2; exit 2 ;;
esac
