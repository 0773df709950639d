"""The 360-game check (tests/rules/seeded_games.py), in the engine's form this process runs and in the other one."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rules.engine
from rules.engine import native
from tests.rules.seeded_games import RECORD, fingerprints

ROOT = Path(__file__).resolve().parents[2]


def _compare(actual: dict, form: str) -> None:
    expected = json.loads(RECORD.read_text(encoding="utf-8"))
    if actual["data_hash"] != expected["data_hash"]:
        pytest.skip(f"the card data changed since the record ({expected['data_hash']} -> {actual['data_hash']}): "
                    "regenerate it with .venv/bin/python -m tests.rules.seeded_games")
    changed = sorted(k for k in expected["games"] if actual["games"].get(k) != expected["games"][k])
    assert not changed, (f"{len(changed)} of {len(expected['games'])} seeded games played differently ({form}), "
                         f"e.g. {changed[:5]}; if a rules change meant it: .venv/bin/python -m tests.rules.seeded_games")


def test_seeded_games_play_as_recorded():
    _compare(fingerprints(), "compiled" if rules.engine.COMPILED else "plain Python")


def test_the_other_form_plays_the_same_games():
    """When this process runs the compiled form, a child runs the plain one (and the other way round when a build
    exists but this process was told to run plain Python)."""
    env = dict(os.environ)
    if rules.engine.COMPILED:
        env[native.FORCE_PLAIN] = "python"
        form = "plain Python"
    else:
        env.pop(native.FORCE_PLAIN, None)
        form = "compiled"
    probe = subprocess.run([sys.executable, "-c", "import rules.engine as e; print(len(e.COMPILED))"], cwd=ROOT,
                           env=env, capture_output=True, text=True, check=True)
    if form == "compiled" and probe.stdout.strip() == "0":
        pytest.skip("no compiled form is built on this machine (scripts/setup.sh builds it where it can)")
    assert (probe.stdout.strip() == "0") == (form == "plain Python")
    done = subprocess.run([sys.executable, "-m", "tests.rules.seeded_games", "--print"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    _compare(json.loads(done.stdout), form)
