# The two commands a new user needs:  make run  (serve the site)  and  make test  (run every test).
PY := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run serve-data test lint migrations-check bench

install:
	@scripts/setup.sh

serve-data: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py load_starter_decks

run: serve-data
	$(PY) manage.py runserver $(HOST):$(PORT)

test:
	@scripts/setup.sh browser
	$(PY) -m pytest -n 2 $(PYTEST_ARGS)

migrations-check: install
	$(PY) manage.py makemigrations --check --dry-run

bench: install
	$(PY) -m benchmarks
