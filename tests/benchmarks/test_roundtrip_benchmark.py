"""The round-trip benchmark runs with one command and reports both game modes beside the engine's own costs (the
figures are the benchmark's to report, not a test's to assert)."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_roundtrip_benchmark_reports_goldfish_and_versus_decisions():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "roundtrip", "--actions", "5", "--rounds", "1",
                           "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert sorted(report["modes"]) == ["goldfish", "versus"]
    for row in report["modes"].values():
        assert row["decisions"] == 5
        assert 0 < row["p50_ms"] <= row["p99_ms"]
        assert row["engine_decisions"] >= 5 and row["digest_ms"] > 0   # the versus games hold the CPU's too
