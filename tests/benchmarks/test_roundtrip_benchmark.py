"""The round-trip benchmark runs with one command and reports both game modes beside the engine's own costs (the
figures are the benchmark's to report, not a test's to assert)."""

from tests.benchmarks.helpers import benchmark_report


def test_the_roundtrip_benchmark_reports_goldfish_and_versus_decisions():
    report = benchmark_report("roundtrip", "--actions", "5", "--rounds", "1")
    assert sorted(report["modes"]) == ["goldfish", "versus"]
    for row in report["modes"].values():
        assert row["decisions"] == 5
        assert 0 < row["p50_ms"] <= row["p99_ms"]
        assert row["engine_decisions"] >= 5 and row["digest_ms"] > 0   # the versus games hold the CPU's too
