"""Every rules scenario a designer wrote in rules/scenarios/ plays to its expected outcome (`run_scenario --expect`)."""
from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

pytestmark = pytest.mark.django_db  # run_scenario looks for a catalogue in the database first

SCENARIOS = Path(__file__).resolve().parents[2] / "rules" / "scenarios"
FILES = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expect.json"))


def test_there_are_a_dozen_rulebook_cases_and_the_example_of_play():
    assert len(FILES) >= 13 and SCENARIOS / "example_of_play.json" in FILES


@pytest.mark.parametrize("scenario", FILES, ids=[p.stem for p in FILES])
def test_scenario_file_plays_to_its_expected_outcome(scenario):
    expect = scenario.with_suffix(".expect.json")
    actions = scenario.with_suffix(".actions.txt")
    assert expect.exists(), f"{scenario.name} has no {expect.name}"
    assert json.loads(scenario.read_text())["description"], "say which rule the scenario is about"
    args = ["run_scenario", str(scenario), "--expect", str(expect)]
    if actions.exists():
        args += ["--actions", str(actions)]
    out = StringIO()
    try:
        call_command(*args, stdout=out)
    except CommandError as exc:
        pytest.fail(str(exc))
    assert json.loads(out.getvalue())["expect"]["ok"] is True
