"""A benchmark run as its users run it, one command from the repository's root, and the JSON report it prints."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def benchmark_report(*args: str, timeout: int = 300) -> dict:
    """The report of `python -m benchmarks ARGS --json` (the test fails with the benchmark's errors if it failed)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks", *args, "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
