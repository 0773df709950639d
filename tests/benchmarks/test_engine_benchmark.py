"""The engine benchmark runs with one command and reports what docs/benchmarks.md quotes (rates are not asserted: speed
targets live in the benchmark, not in tests)."""
import os
import subprocess
import sys

from benchmarks.engine import engine_form
from tests.benchmarks.helpers import ROOT, benchmark_report


def test_the_engine_benchmark_reports_every_bot_and_deck_as_json():
    report = benchmark_report("engine", "--seconds", "0.01")
    assert {(c["bot"], c["deck"]) for c in report["cells"]} == {
        (bot, deck) for bot in ("random", "greedy") for deck in {c["deck"] for c in report["cells"]}}
    assert len({c["deck"] for c in report["cells"]}) == 6
    for cell in report["cells"]:
        assert cell["games"] >= 1 and cell["actions"] >= cell["games"]
        runs = cell["cpu_seconds_runs"]
        assert len(runs) == report["repeats"] and cell["cpu_seconds"] == min(runs)
    target = report["target"]
    assert target["games_per_second_per_core"] == 200  # issue 3: 200 random goldfish games per second per core
    assert target["met"] == (target["measured"] >= 200)
    assert report["peak_rss_bytes"] > 0
    # Tables of two, three and four with every seat played (issue 34): the cost of a decision, per bot.
    assert {(c["bot"], c["seating"], c["players"]) for c in report["tables"]} == {
        (bot, seating, players) for bot in ("random", "greedy") for seating, players in (
            ("side-by-side", 2), ("three-players", 3), ("four-players", 4), ("two-against-two", 4))}
    assert all(c["games"] >= 1 and c["microseconds_per_decision"] > 0 for c in report["tables"])
    assert report["engine_form"] == engine_form()  # a child in the same environment runs the same form


def test_the_report_says_which_form_of_the_engine_ran():
    code = "from benchmarks.engine import engine_form; print(engine_form())"
    plain = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={**os.environ, "CATACLYSM_ENGINE": "python"})
    assert plain.stdout.strip() == "plain Python"
    assert engine_form() == "plain Python" or engine_form().startswith("compiled (")


def test_an_unknown_benchmark_is_refused_with_the_list_of_known_ones():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "nope"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "unknown benchmark 'nope'" in done.stderr and "engine" in done.stderr
