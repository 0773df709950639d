"""The quick level's benchmark plays the duplicate format and reports its CPU a decision (p50, p90, the slowest) and
its win rate against hard with the interval (the figures are the benchmark's to report, not a test's to assert)."""

from tests.benchmarks.helpers import benchmark_report


def test_the_quick_benchmark_reports_its_time_a_decision_and_its_win_rate_with_an_interval():
    report = benchmark_report("quick", "--games", "1", "--decks", "starter-talah", "--workers", "1", timeout=600)
    assert report["games"] == 2 and report["deals"] == 1   # one deal, from both chairs
    assert 0 <= report["interval"][0] <= report["win_rate"] <= report["interval"][1] <= 1
    for times in (report["decision"], report["searched_decision"]):
        assert 0 <= times["p50_ms"] <= times["p90_ms"] <= times["max_ms"] and times["count"] > 0
    assert report["searched_decision"]["count"] < report["decision"]["count"]
