"""The CPU difficulty benchmark runs with one command and reports each pairing with its interval (the rates
themselves are the benchmark's to report, not a test's to assert)."""

from tests.benchmarks.helpers import benchmark_report


def test_the_cpu_benchmark_reports_every_pairing_with_an_interval():
    report = benchmark_report("cpu", "--games", "1", "--instant-games", "1", "--deals", "1",
                              "--quick-games", "0")  # quick: test_quick_benchmark.py
    assert "quick" not in report
    pairs = [(r["stronger"], r["weaker"]) for r in report["pairings"]]
    assert pairs == [("cpu:hard", "cpu:normal"), ("cpu:normal", "cpu:easy"), ("cpu:hard", "cpu:easy")]
    for row in report["pairings"]:
        assert row["games"] == len(report["decks"]) * (len(report["decks"]) - 1)   # every ordered pair, once
        assert 0 <= row["interval"][0] <= row["win_rate"] <= row["interval"][1] <= 1
    # issue 35: then the Instants the greedy player casts, before and after (benchmarks/instants.py)
    assert set(report["instants"]) >= {"before", "after", "greedy_vs_before", "hard_vs_before"}
