#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test run and local trials: a temp data directory, 127.0.0.1 only, a free port.
#   scripts/pg.sh start    start it (or find it already running) and print its DATABASE_URL
#   scripts/pg.sh url      print the DATABASE_URL of the running cluster
#   scripts/pg.sh status   say whether it runs (exit 0) or not (exit 1)
#   scripts/pg.sh stop     stop it and remove its directory (nothing to do is not an error)
# PG_NAME names the cluster (default "dev") so that a test run's cluster never touches a developer's.
# initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user, otherwise as the current user.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

name=${PG_NAME:-dev}
[[ $name =~ ^[A-Za-z0-9_-]+$ ]] || { echo "pg: PG_NAME must be letters, digits, - or _: $name" >&2; exit 2; }
dir=${PG_BASE_DIR:-/tmp}/cataclysm-pg-$(printf '%s' "$root" | sha256sum | cut -c1-8)-$name
DB_NAME=cataclysm
DB_USER=cataclysm

find_bindir() {
  local initdb
  initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)
  [ -n "$initdb" ] && dirname "$initdb"
}

ensure_installed() {
  if [ -z "$(find_bindir)" ]; then
    echo "pg: installing Debian's postgresql" >&2
    . "$root/scripts/apt.sh"
    apt_install postgresql
  fi
  bindir=$(find_bindir)
  [ -n "$bindir" ] || { echo "pg: no initdb under /usr/lib/postgresql after installing postgresql" >&2; exit 1; }
}

as_owner() {  # run a PostgreSQL program as the cluster's owner, from a directory that owner can read
  if [ "$(id -u)" -eq 0 ]; then
    su postgres -s /bin/sh -c "cd / && exec $(printf '%q ' "$@")"
  else
    (cd / && "$@")
  fi
}

running() {
  [ -n "$bindir" ] && [ -f "$dir/data/PG_VERSION" ] && as_owner "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

print_url() {
  echo "postgres://$DB_USER:$(cat "$dir/password")@127.0.0.1:$(cat "$dir/port")/$DB_NAME"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

remove() {
  if running; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

start() {
  if running; then print_url; return; fi
  remove  # a directory left by a crash or a reboot
  mkdir -p -m 700 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
  head -c 18 /dev/urandom | base64 | tr '+/' '-_' >"$dir/password"
  chmod 600 "$dir/password"
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # Throwaway data: durability settings off make creating the test databases several times faster.
  as_owner sh -c "cat >>'$dir/data/postgresql.conf'" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  local port tries=0
  until port=$(free_port) && as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" \
      -o "-p $port" -w -t 30 start >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 3 ]; then
      echo "pg: the server did not start; its log:" >&2
      cat "$dir/data/server.log" >&2 || true
      exit 1
    fi
  done
  echo "$port" >"$dir/port"
  # The app's role may create databases: pytest-django makes one test database per xdist worker.
  as_owner "$bindir/psql" -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q >/dev/null <<EOF
CREATE ROLE $DB_USER LOGIN CREATEDB PASSWORD '$(cat "$dir/password")';
CREATE DATABASE $DB_NAME OWNER $DB_USER;
EOF
  print_url
}

bindir=$(find_bindir || true)
case "${1:-}" in
  start) ensure_installed; start ;;
  url) running || { echo "pg: cluster '$name' is not running (scripts/pg.sh start)" >&2; exit 1; }; print_url ;;
  status) if running; then echo "pg: cluster '$name' runs in $dir"; else echo "pg: cluster '$name' is not running"; exit 1; fi ;;
  stop) remove ;;
  *) echo "usage: scripts/pg.sh start|url|status|stop   (PG_NAME=$name)" >&2; exit 2 ;;
esac
