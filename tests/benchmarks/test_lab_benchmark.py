"""The lab benchmark runs with one command on its real parts (Redis and Celery workers it starts and stops) and
reports every figure of issue 15; the figures themselves are the benchmark's to report, not a test's to assert."""

from tests.benchmarks.helpers import benchmark_report


def test_the_lab_benchmark_plays_the_same_games_every_way_and_reports_each_figure():
    report = benchmark_report("lab", "--quick")
    assert report["same_numbers"] is True   # the plain loop, 1 worker and 2 workers agree exactly
    assert set(report["games_per_second"]) == {"in_process", "one_worker", "two_workers"}
    assert all(rate > 0 for rate in report["games_per_second"].values())
    assert report["analysis"]["games"] == 60 and report["analysis"]["seconds"] > 0
    assert report["first_progress_seconds"] > 0
    impact = report["card_impact"]   # issue 26: every distinct card's worth, on 2 workers
    assert impact["seeds"] == 2 and impact["cards"] > 10 and impact["seconds"] > 0
