#!/usr/bin/env bash
# Load benchmark of the production server (benchmarks/load.py): wrk against gunicorn on a throwaway PostgreSQL.
#   scripts/bench-load.sh [--duration SECONDS] [--workers N] [--players N] [--only ping,search,...] [--json]
# Installs Debian's wrk when it is missing (as root, or through sudo), starts its own PostgreSQL cluster
# (scripts/pg.sh, PG_NAME=bench-<pid>) and stops it again on exit, whether the run passes, fails or is interrupted.
# Exits 1 when an endpoint misses its target.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null; then
  echo "bench-load: installing Debian's wrk" >&2
  . scripts/apt.sh
  apt_install wrk
fi

export PG_NAME=bench-$$
stop_pg() { scripts/pg.sh stop || echo "bench-load: could not stop the PostgreSQL cluster $PG_NAME" >&2; }
trap stop_pg EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
DATABASE_URL=$(scripts/pg.sh start)
export DATABASE_URL
.venv/bin/python -m benchmarks.load "$@"
