#!/usr/bin/env bash
# Lint (scripts/lint.sh) and build the documentation site with --strict (all only), then the whole test suite on SQLite, then on a throwaway PostgreSQL cluster (scripts/pg.sh), two
# xdist workers each; where the engine's compiled form is built, the engine's tests also run on its plain-Python form
# (after SQLite).
#   scripts/test.sh [all|sqlite|postgres]      PYTEST_ARGS in the environment are passed on to pytest
# Fails when a run fails or runs no test at all (pytest's exit 5): an empty run must never pass silently.
set -uo pipefail
cd "$(dirname "$0")/.."
target=${1:-all}
eval "extra=(${PYTEST_ARGS:-})"

run_pytest() {  # label, then the DATABASE_URL to use ("" for SQLite)
  local label=$1 url=$2 rc
  echo "== the test suite on $label"
  if [ -n "$url" ]; then
    DATABASE_URL=$url .venv/bin/python -m pytest -n 2 "${extra[@]}"
  else
    env -u DATABASE_URL .venv/bin/python -m pytest -n 2 "${extra[@]}"
  fi
  rc=$?
  [ "$rc" -eq 5 ] && echo "test: the $label run collected no test: that is a failure, not a pass" >&2
  return "$rc"
}

# The engine's tests once more on the form this machine did not run above: the plain-Python engine when the compiled
# form (rules/engine/native.py) is built, so both forms pass the same tests. Nothing to do where only plain exists.
run_plain_engine() {
  local compiled rc
  compiled=$(.venv/bin/python -c 'import rules.engine as e; print(len(e.COMPILED))' 2>/dev/null || echo 0)
  if [ "$compiled" = 0 ]; then
    echo "== the engine runs as plain Python on this machine: the run above tested that form"
    return 0
  fi
  echo "== the engine's tests on its plain-Python form (CATACLYSM_ENGINE=python; the run above used the compiled one)"
  # -rs: the one test of the compiled form's loading skips here with its reason (the main run tested it)
  env -u DATABASE_URL CATACLYSM_ENGINE=python .venv/bin/python -m pytest -n 2 -rs tests/rules tests/goldfish "${extra[@]}"
  rc=$?
  [ "$rc" -eq 5 ] && return 0  # PYTEST_ARGS selected none of the engine's tests: the main run judged them
  return "$rc"
}

stop_pg() { scripts/pg.sh stop || echo "test: could not stop the test cluster $PG_NAME" >&2; }

run_postgres() {
  local url
  export PG_NAME=test-$$
  trap stop_pg EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  url=$(scripts/pg.sh start) || { echo "test: could not start PostgreSQL" >&2; return 1; }
  run_pytest PostgreSQL "$url"
}

case "$target" in
  all|sqlite|postgres) ;;
  *) echo "usage: scripts/test.sh [all|sqlite|postgres]" >&2; exit 2 ;;
esac
summary=() failed=0
# The linters first (scripts/lint.sh, as `make lint`: ruff, then ESLint): a finding fails the run like a failing test.
if [ "$target" = all ]; then
  echo "== the linters (ruff, ESLint)"
  if scripts/lint.sh; then summary+=("lint ok"); else summary+=("lint FAILED"); failed=1; fi
  # The documentation site (mkdocs.yml): a broken link, a missing page or a missing include fails the run like a
  # finding. Built into a scratch folder, so a developer's site/ (make docs) is left alone; never with --quiet, under
  # which mkdocs stops counting the warnings --strict fails on (a broken link then passes).
  echo "== the documentation (mkdocs build --strict)"
  docs_out=$(mktemp -d)
  if NO_MKDOCS_2_WARNING=1 .venv/bin/python -m mkdocs build --strict --site-dir "$docs_out"; then
    summary+=("docs ok")
  else
    summary+=("docs FAILED"); failed=1
  fi
  rm -rf "$docs_out"
fi
if [ "$target" != postgres ]; then
  if run_pytest SQLite ""; then summary+=("SQLite ok"); else summary+=("SQLite FAILED"); failed=1; fi
  if run_plain_engine; then summary+=("plain engine ok"); else summary+=("plain engine FAILED"); failed=1; fi
fi
if [ "$target" != sqlite ]; then
  if run_postgres; then summary+=("PostgreSQL ok"); else summary+=("PostgreSQL FAILED"); failed=1; fi
fi
(IFS=,; echo "== test runs:${summary[*]/#/ }")
exit "$failed"
