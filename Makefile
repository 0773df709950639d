# The two commands a new user needs:  make run  (serve the site)  and  make test  (run every test).
PY := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# Extra pytest arguments for every test target, e.g.  make test-sqlite PYTEST_ARGS="-k decks -x"
export PYTEST_ARGS

.PHONY: install lint docs docs-serve run serve-data serve-prod test test-sqlite test-postgres pg-start pg-stop migrations-check bench bench-instructions bench-load bench-cpu bench-expert bench-matchup bench-lab bench-live bench-roundtrip bench-cli bench-peer

install:
	@scripts/setup.sh

serve-data: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py load_starter_decks

# Serves the site with the lab's Redis broker and a Celery worker (scripts/run.sh); all three stop together.
run: serve-data
	@HOST=$(HOST) PORT=$(PORT) scripts/run.sh

# Production-style serving (gunicorn + WhiteNoise, DEBUG off); the environment (or .env) configures it.
serve-prod: install
	@scripts/serve-prod.sh

# The linters and the documentation site (--strict), then the whole suite on SQLite, then on a throwaway PostgreSQL;
# fails if any of them fails or a run runs no test.
test:
	@scripts/setup.sh browser
	@scripts/test.sh all

test-sqlite:
	@scripts/setup.sh browser
	@scripts/test.sh sqlite

test-postgres:
	@scripts/setup.sh browser
	@scripts/test.sh postgres

# A PostgreSQL cluster for local work: prints the DATABASE_URL to export.
pg-start:
	@scripts/pg.sh start

pg-stop:
	@scripts/pg.sh stop

# The linters (scripts/lint.sh): ruff (pyproject.toml: pyflakes, import sorting, no function above cyclomatic
# complexity 20), then ESLint on the project's JavaScript (eslint.config.js); `make test` runs them too.
lint: install
	@scripts/lint.sh

# The documentation site (mkdocs.yml, docs/) into site/; --strict makes a broken link, a missing page or a missing
# include fail it. `make test` builds it too.
docs: install
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir site

# The documentation site at http://127.0.0.1:$(DOCS_PORT)/, rebuilt on every edit.
DOCS_PORT ?= 8001
docs-serve: install
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --dev-addr 127.0.0.1:$(DOCS_PORT)

migrations-check: install
	$(PY) manage.py makemigrations --check --dry-run

# The engine benchmark: goldfish games per second per core with the random and greedy bots.
bench: install
	$(PY) -m benchmarks

# Instructions per goldfish game under valgrind's callgrind: the engine's cost, unmoved by the machine's drift.
bench-instructions: install
	@command -v valgrind >/dev/null || bash -c '. scripts/apt.sh && apt_install valgrind'
	$(PY) -m benchmarks instructions

# The computer's difficulty levels against each other: 408 games a pairing, decks and seats swapped.
bench-cpu: install
	$(PY) -m benchmarks cpu

# The search player against the hard one in the duplicate format: 64 games (every ordered pair of four starters, two
# deals each, from both chairs), on every core; BENCH_EXPERT_ARGS='--games 4 --seed 1,2,3' for the figure of
# docs/benchmarks.md.
bench-expert: install
	$(PY) -m benchmarks expert $(BENCH_EXPERT_ARGS)

# How the other starters' games against Dr. Veylan's end (the hard player in both chairs): why the expert's 75% is out
# of the decks' reach (rules/CPU.md).
bench-matchup: install
	$(PY) -m benchmarks matchup $(BENCH_MATCHUP_ARGS)

# The lab on its real parts (Redis + Celery workers): games/s on 1 and 2 workers, overhead, a 10,000-game analysis,
# time to first progress.
bench-lab: install
	@command -v redis-server >/dev/null || bash -c '. scripts/apt.sh && apt_install redis-server'
	$(PY) -m benchmarks lab $(BENCH_LAB_ARGS)

# The load benchmark: gunicorn + PostgreSQL on loopback, driven by wrk; prints req/s and p50/p99 per endpoint.
bench-load: install
	@scripts/bench-load.sh $(BENCH_LOAD_ARGS)

# Live tables under load: K tables of two bot clients over WebSockets against two uvicorn processes sharing a Redis
# channel layer; decisions/s and the p50/p99 round trip from a decision to the opponent's update.
bench-live: install
	@command -v redis-server >/dev/null || bash -c '. scripts/apt.sh && apt_install redis-server'
	$(PY) -m benchmarks live $(BENCH_LIVE_ARGS)

# The action round trip of goldfish and versus games through Django (test client, SQLite), beside the engine's own
# cost of a decision and of the state's full digest; BENCH_ROUNDTRIP_ARGS='--actions 1000' for more decisions.
bench-roundtrip: install
	$(PY) -m benchmarks roundtrip $(BENCH_ROUNDTRIP_ARGS)

# `manage.py goldfish` against the engine on the same games: decisions/s of each (start-up included) and their ratio,
# the command's start-up, and a 10,000-game greedy analysis on every core; BENCH_CLI_ARGS='--repeats 3' for
# docs/benchmarks.md.
bench-cli: install
	$(PY) -m benchmarks cli $(BENCH_CLI_ARGS)

# This engine's random and greedy decisions/s beside Essence Wars' (the bench extra's essence-wars), whole games,
# interleaved, pinned to one core; prints ratio_random and ratio_greedy (issue 35: >= 0.5). BENCH_PEER_ARGS='--json'.
bench-peer: install
	@$(PY) -c 'import essence_wars' 2>/dev/null || $(PY) -m pip install -q -e '.[bench]'
	$(PY) -m benchmarks peer $(BENCH_PEER_ARGS)
