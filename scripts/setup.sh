#!/usr/bin/env bash
# Set up everything the project needs on a fresh machine, idempotently.
#   scripts/setup.sh         the Python environment (.venv) with the site's, the tests' and the docs' packages, and
#                            the JavaScript linter (node_modules/, npm ci)
#   scripts/setup.sh browser also Debian's chromium, which the real-browser tests drive, valgrind, which the
#                            instruction-count benchmark (and its test) runs the engine under, and redis-server,
#                            the broker of the lab's tests (scripts/redis.sh)
# Both also build the engine's compiled form where a C compiler can be had (see the end of this file).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/apt.sh

if [ "${1:-}" = "browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  apt_install chromium
fi
if [ "${1:-}" = "browser" ] && ! command -v valgrind >/dev/null; then
  echo "setup: installing Debian's valgrind for the instruction-count benchmark"
  apt_install valgrind
fi
if [ "${1:-}" = "browser" ] && ! command -v redis-server >/dev/null; then
  echo "setup: installing Debian's redis-server for the lab's broker"
  apt_install redis-server
fi

# The interpreter: $PYTHON if set; else Debian's python3.11, whose optimized build (libpython linked in, built
# with the distribution's optimizations) plays the engine's games 15-25% faster than a plain source build such as
# pyenv's (`make bench`); else python3.11 or python3 from PATH. Debian strips venv's pip bootstrap into
# python3.11-venv, installed here when it is missing.
pick_python() {
  if [ -n "${PYTHON:-}" ]; then echo "$PYTHON"; return; fi
  if [ -x /usr/bin/python3.11 ]; then
    if ! /usr/bin/python3.11 -c 'import ensurepip' 2>/dev/null; then
      echo "setup: installing Debian's python3.11-venv" >&2
      (apt_install python3.11-venv) >&2 || true
    fi
    if /usr/bin/python3.11 -c 'import ensurepip' 2>/dev/null; then echo /usr/bin/python3.11; return; fi
  fi
  if command -v python3.11 >/dev/null; then echo python3.11; else echo python3; fi
}
if [ ! -x .venv/bin/python ]; then
  PY=$(pick_python)
  echo "setup: creating .venv with $PY ($("$PY" -c 'import sys; print(sys.version.split()[0])'))"
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  # The docs extra (MkDocs) builds the documentation site, which `make test` checks; the compile extra (Cython) builds
  # the engine's compiled form below, and without it the engine runs as plain Python; the bench extra (essence-wars,
  # a wheel with numpy) is the peer benchmark's other engine, installed here so that its test runs, not skips.
  if ! .venv/bin/python -m pip install -q -e '.[test,docs,compile,bench]'; then
    echo "setup: could not install the compile extra; the engine will run as plain Python" >&2
    .venv/bin/python -m pip install -q -e '.[test,docs,bench]'
  fi
  rm -f .venv/.installed-*
  touch "$stamp"
fi

# The JavaScript linter (ESLint, which `make lint` and `make test` run): the exact versions of package-lock.json into
# node_modules/ with npm ci, again only when the lock file changed. Debian's nodejs and npm are installed when missing;
# where they cannot be had, this says so and scripts/lint.sh fails with the same advice rather than skip the check.
if ! command -v npm >/dev/null; then
  echo "setup: installing Debian's nodejs and npm for the JavaScript linter"
  (apt_install nodejs npm) || echo "setup: could not install nodejs and npm; ESLint will be missing" >&2
fi
if command -v npm >/dev/null; then
  js_stamp=node_modules/.installed-$(sha256sum package-lock.json | cut -c1-16)
  if [ ! -f "$js_stamp" ]; then
    if npm ci --no-audit --no-fund --loglevel=error; then touch "$js_stamp"; else echo "setup: npm ci failed; ESLint will be missing" >&2; fi
  fi
fi

# The engine's compiled form (rules/engine/native.py): its hot modules compiled with Cython, exactly as written and
# typed by the .pxd files beside them, rebuilt here whenever one of their sources changed (nothing to do otherwise). It needs a C compiler and the
# interpreter's headers (Debian's gcc and python3.11-dev, installed here when missing); when they cannot be had the
# engine runs as plain Python, the same games a little slower. CATACLYSM_ENGINE=python skips the build.
if [ "${CATACLYSM_ENGINE:-}" != python ]; then
  headers=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  if ! command -v gcc >/dev/null || [ ! -f "$headers/Python.h" ]; then
    if [ "$headers" = /usr/include/python3.11 ]; then
      echo "setup: installing Debian's gcc and python3.11-dev for the engine's compiled form"
      (apt_install gcc python3.11-dev) || echo "setup: could not install them" >&2
    fi
  fi
  .venv/bin/python -c 'import sys; from rules.engine.native import main; sys.exit(main(["build"]))' \
    || echo "setup: the engine runs as plain Python (see above)" >&2
fi
