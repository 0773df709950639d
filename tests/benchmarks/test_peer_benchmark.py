"""The peer benchmark (issue 35) runs with one command and reports this engine's and Essence Wars' decisions/s and
their ratios (rates are not asserted: the 0.5 target lives in the benchmark's report, not in tests)."""
import importlib.util
import subprocess
import sys

import pytest

from benchmarks.engine import engine_form
from tests.benchmarks.helpers import ROOT, benchmark_report

needs_peer = pytest.mark.skipif(
    importlib.util.find_spec("essence_wars") is None,
    reason="essence-wars (the bench extra, pyproject.toml) is not installed: pip install -e '.[bench]'; "
           "scripts/setup.sh installs it")


@needs_peer
def test_the_peer_benchmark_reports_both_engines_and_the_two_ratios_as_json():
    report = benchmark_report("peer", "--seconds", "0.06", "--rounds", "2")
    assert report["benchmark"] == "peer"
    assert report["peer"]["package"] == "essence-wars" and report["peer"]["version"] == "0.12.0"
    assert report["engine_form"] == engine_form()
    assert set(report["sides"]) == {"codex", "peer"}
    assert set(report["sides"]["codex"]) == {"random", "greedy"}
    assert set(report["sides"]["peer"]) == {"random", "random-python-rng", "greedy"}
    for bots in report["sides"].values():
        for row in bots.values():  # whole games, every one with decisions, in both engines
            assert row["games"] >= 2 and row["decisions"] >= row["games"]  # at least one game a round
            assert row["decisions_per_second"] > 0 and row["games_per_second"] > 0
    codex, peer = report["sides"]["codex"], report["sides"]["peer"]
    for bot in ("random", "greedy"):
        expected = codex[bot]["decisions_per_second"] / peer[bot]["decisions_per_second"]
        assert report[f"ratio_{bot}"] == pytest.approx(expected, abs=1e-3)
    assert report["target"] == {"ratio": 0.5, "met": report["ratio_random"] >= 0.5 and report["ratio_greedy"] >= 0.5}
    assert report["machine"]["pinned_core"] in range(report["machine"]["cpus"])


def test_a_budget_out_of_range_is_refused():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "peer", "--seconds", "0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--seconds must be positive" in done.stderr


def test_without_essence_wars_the_benchmark_says_how_to_install_it():
    code = ("import sys; sys.modules['essence_wars'] = None; from benchmarks.peer import main; "
            "sys.exit(main(['--seconds', '0.01']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "needs essence-wars" in done.stderr and "pip install -e '.[bench]'" in done.stderr
