#!/usr/bin/env bash
# Set up everything the project needs on a fresh machine, idempotently.
#   scripts/setup.sh         the Python environment (.venv) with the site's and the tests' packages
#   scripts/setup.sh browser also Debian's chromium, which the real-browser tests drive
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/apt.sh

if [ "${1:-}" = "browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  apt_install chromium
fi

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[test]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi
