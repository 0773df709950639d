#!/usr/bin/env bash
# The linters, the one definition `make lint` and `scripts/test.sh all` (so `make test` and CI) both run:
#   ruff (pyproject.toml: pyflakes, import order, no function above cyclomatic complexity 20) on the Python code, then
#   ESLint (eslint.config.js: the recommended rules) on the project's own JavaScript (static/js, rules/*/static/js).
# Both always run; fails if either finds anything, or if ESLint is not installed (scripts/setup.sh installs it with
# npm ci from package-lock.json), so a missing linter never passes silently.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
echo "-- ruff"
.venv/bin/python -m ruff check . || failed=1
echo "-- eslint"
if [ -x node_modules/.bin/eslint ]; then
  if node_modules/.bin/eslint .; then echo "No findings."; else failed=1; fi
else
  echo "lint: ESLint is not installed: run scripts/setup.sh (it needs node and npm, and runs npm ci)" >&2
  failed=1
fi
exit "$failed"
